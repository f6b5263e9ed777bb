//! Preset deals: a few reserved seeds deal a match's first round from written racks instead of
//! a shuffle. Learn's lessons use them to hand the player exactly the tiles a lesson is about
//! (a winning hand, pairs, a tile that fits a meld a bot lays). A match still follows from its
//! rules, its seed and its log, so saves, exports and replays need nothing more than the seed.
//!
//! A preset writes some tiles of each seat's hand, the indicator and the first tiles of the
//! pile; the other tiles are shuffled from the seed and fill the hands up, then the pile. The
//! round is handed out as the simple deal does (R13's simple form, R101-4), whatever deal the
//! rules name, and the record says so. Later rounds are dealt from the seed as usual.
//!
//! A seed drawn at random falls among the reserved ones with odds of about 2^-56.

use crate::notation::{parse_indicator, parse_kind};
use crate::rules::Seat;
use crate::tile::Tile;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

/// The reserved seeds are this base plus a preset's number ("LESSON" in ASCII, then 0..255).
pub const PRESET_BASE: u64 = 0x4C45_5353_4F4E_0000;

/// One written deal, for four players.
#[derive(Debug, Clone, Copy)]
pub struct Preset {
    /// The seed that deals it.
    pub seed: u64,
    /// Düz: the first dealer, so that the starter (R12) is known. 101 ignores it: seat 0
    /// starts a match there.
    pub dealer: Seat,
    /// Tiles written into each seat's hand, by seat, as tokens (`R12`, `F`).
    pub hands: [&'static str; 4],
    /// The indicator (R3); the okey is the next number of its colour.
    pub indicator: &'static str,
    /// The first tiles of the pile, first drawn first.
    pub pile: &'static str,
}

/// The deals of Learn's lessons (the app's `lessons.rs` names them by seed).
pub const PRESETS: [Preset; 5] = [
    // Düz, finishing with runs and sets: the player starts with a winning 14 and one tile
    // over (indicator K6, so the okey is K7).
    Preset {
        seed: PRESET_BASE + 1,
        dealer: Seat(3),
        hands: [
            "R9 B3 Y11 R10 K7 B5 Y12 R11 B4 K2 Y13 R8 Y10 Y2 K12",
            "",
            "",
            "",
        ],
        indicator: "K6",
        pile: "",
    },
    // Düz, finishing with seven pairs (R9): seven pairs and one tile over (indicator Y3).
    Preset {
        seed: PRESET_BASE + 2,
        dealer: Seat(3),
        hands: [
            "R5 K11 B2 R5 Y9 B13 K11 K8 B2 Y9 R1 B13 K8 R1 Y7",
            "",
            "",
            "",
        ],
        indicator: "Y3",
        pile: "",
    },
    // 101, opening with pairs (R101-15): six pairs and no series worth 101.
    Preset {
        seed: PRESET_BASE + 3,
        dealer: Seat(3),
        hands: [
            "R3 R3 Y8 Y8 B1 B1 K12 K12 R10 R10 B6 B6 Y2 K5 R7 B9 Y13 K1 R12 B11 Y5 K9",
            "",
            "",
            "",
        ],
        indicator: "B4",
        pile: "",
    },
    // 101, playing on the table (R101-21, R101-22, R101-25): the player holds an opening of
    // 119 (two runs and a set); the next seat holds an opening with a run of blacks from 5
    // whose 7 is an okey (indicator R2, so the okey is R3). The player's K4 fits that run and
    // its K7 takes the okey's place; the pile brings it the B9 for its own run in its third
    // turn (the app's lessons.rs plays the bots there and checks all of this).
    Preset {
        seed: PRESET_BASE + 4,
        dealer: Seat(3),
        hands: [
            "Y10 Y11 Y12 Y13 B10 B11 B12 B13 R9 K9 Y9 K4 K7 R1 Y1 B5 Y6 K2 B2 Y3 R6 B7",
            "K5 K6 R3 K8 R12 Y12 B12 K12 R13 Y13 K13",
            "",
            "",
        ],
        indicator: "R2",
        pile: "R7 Y2 B3 Y5 R8 B6 B9 K3",
    },
    // 101, reading the score sheet: an opening of all but one tile, so the round ends in
    // the player's second turn. Another seat opens first, so it is no elden finish (R101-29).
    Preset {
        seed: PRESET_BASE + 5,
        dealer: Seat(3),
        hands: [
            "R13 Y13 B13 K13 R10 R11 R12 Y9 Y10 Y11 Y12 B7 B8 B9 K10 K11 K12 R5 Y5 B5 K5 Y1",
            "",
            "",
            "",
        ],
        indicator: "B2",
        pile: "",
    },
];

/// The preset dealt by `seed`, if it is one of the reserved seeds.
pub fn preset(seed: u64) -> Option<&'static Preset> {
    if seed & !0xFF != PRESET_BASE {
        return None;
    }
    PRESETS.iter().find(|p| p.seed == seed)
}

/// Why a preset cannot be dealt: a test finds these, never a player.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PresetError {
    /// A token that names no tile, or more copies of a kind than exist.
    #[error("the preset's token {0:?} names no tile left to deal")]
    Token(String),
    /// A written hand longer than the hand dealt.
    #[error("the preset writes more tiles for seat {} than it is dealt", .0 .0)]
    TooLong(Seat),
}

impl Preset {
    /// The 106 tiles in dealing order for `seats` (by position, the starter first), where
    /// the starter gets `starter` tiles and every other position one fewer: each hand's
    /// written tiles then shuffled ones, the indicator, the written pile, the rest.
    pub fn order(&self, seats: &[Seat], starter: usize) -> Result<Vec<Tile>, PresetError> {
        let mut free: Vec<Tile> = Tile::all().collect();
        let mut take = |token: &str| -> Result<Tile, PresetError> {
            let bad = || PresetError::Token(token.to_string());
            let kind = parse_kind(token).map_err(|_| bad())?;
            let at = free.iter().position(|t| t.kind() == kind).ok_or_else(bad)?;
            Ok(free.remove(at))
        };
        let words = |s: &'static str| s.split_whitespace();
        let mut written = Vec::new();
        for &seat in seats {
            let hand = self.hands.get(seat.index()).copied().unwrap_or("");
            written.push(words(hand).map(&mut take).collect::<Result<Vec<_>, _>>()?);
        }
        parse_indicator(self.indicator).map_err(|_| PresetError::Token(self.indicator.into()))?;
        let indicator = take(self.indicator)?;
        let pile = words(self.pile)
            .map(&mut take)
            .collect::<Result<Vec<_>, _>>()?;
        let mut rest = free;
        rest.shuffle(&mut ChaCha8Rng::seed_from_u64(self.seed));
        let mut rest = rest.into_iter();
        let mut order = Vec::with_capacity(Tile::COUNT);
        for (pos, (hand, &seat)) in written.into_iter().zip(seats).enumerate() {
            let size = if pos == 0 {
                starter
            } else {
                starter.saturating_sub(1)
            };
            let fill = size
                .checked_sub(hand.len())
                .ok_or(PresetError::TooLong(seat))?;
            order.extend(hand);
            order.extend(rest.by_ref().take(fill));
        }
        order.push(indicator);
        order.extend(pile);
        order.extend(rest);
        Ok(order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_deals_106_tiles_once_each() {
        for p in &PRESETS {
            let longest = p.hands.iter().map(|h| h.split_whitespace().count()).max();
            let sizes: &[usize] = if longest > Some(15) { &[22] } else { &[15, 22] };
            for &starter in sizes {
                let seats = [Seat(0), Seat(1), Seat(2), Seat(3)];
                let mut order = p.order(&seats, starter).expect("a preset deals");
                assert_eq!(order.len(), Tile::COUNT, "{:x}", p.seed);
                order.sort_unstable();
                order.dedup();
                assert_eq!(order.len(), Tile::COUNT, "{:x}", p.seed);
            }
        }
    }

    #[test]
    fn only_reserved_seeds_name_presets() {
        assert!(preset(PRESET_BASE + 1).is_some());
        assert!(preset(PRESET_BASE + 200).is_none());
        assert!(preset(1).is_none());
        assert!(preset(PRESET_BASE + 1 + (1 << 20)).is_none());
    }

    #[test]
    fn written_tiles_lead_their_hands_then_the_indicator_and_the_pile() {
        let p = Preset {
            seed: PRESET_BASE + 255,
            dealer: Seat(1),
            hands: ["R1 R2 R3", "Y1", "", "F F"],
            indicator: "B7",
            pile: "K13 K12",
        };
        // Seat 2 starts: positions are seats 2, 3, 0, 1.
        let seats = [Seat(2), Seat(3), Seat(0), Seat(1)];
        let order = p.order(&seats, 15).expect("a deal");
        let tokens: Vec<String> = order.iter().map(|t| t.kind().to_string()).collect();
        assert_eq!(&tokens[15..17], ["F", "F"]);
        assert_eq!(&tokens[29..32], ["R1", "R2", "R3"]);
        assert_eq!(tokens[43], "Y1");
        assert_eq!(&tokens[57..60], ["B7", "K13", "K12"]);
    }
}
