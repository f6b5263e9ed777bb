//! The 101 rule set: every option of RULES-101.md's table, each with its default first.

use crate::problem::params;
use crate::rules::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Declares an option enum with serde names and the first variant as default.
macro_rules! option_enum {
    ($(#[$meta:meta])* $name:ident { $(#[$d:meta])* $first:ident, $( $(#[$vm:meta])* $variant:ident, )* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $(#[$d])*
            #[default]
            $first,
            $( $(#[$vm])* $variant, )*
        }
    };
}

option_enum!(
    /// How the tiles are dealt (R101-4).
    Deal101 {
        /// Shuffle and hand out.
        Simple,
        /// 15 stacks of 7 and one loose tile, dice for the indicator.
        Stacks,
    }
);
option_enum!(
    /// What taking back an unusable discard costs (R101-13).
    TakeReturn {
        /// Nothing.
        Free,
        /// 101 points.
        Penalty,
    }
);
option_enum!(
    /// Whether pairs openings are refused once all others opened with pairs (R101-18).
    LastPairs {
        /// The last pairs opening is refused.
        Refused,
        /// It is allowed, and the round is void.
        VoidRound,
    }
);
option_enum!(
    /// When a series opener may lay pairs (R101-20).
    SeriesPairs {
        /// Once some player opened with pairs.
        IfPairsOpened,
        /// Never.
        Never,
    }
);
option_enum!(
    /// Lay-offs per turn for a pairs opener (R101-21).
    PairsLayoffLimit {
        /// At most two (an okey swap counts as one).
        Two,
        /// No limit.
        Unlimited,
    }
);
option_enum!(
    /// What the engine does with an invalid table action (R101-26).
    TableErrors {
        /// Refuse it, charge nothing.
        Refuse,
        /// Record it, tiles stay in the hand, charge 101.
        Penalize,
    }
);
option_enum!(
    /// Whose openings an elden finish looks at (R101-29).
    EldenScope {
        /// Nobody else may have opened before.
        NobodyOpened,
        /// Only the finisher's own state counts.
        OnlySelf,
    }
);
option_enum!(
    /// Whether an elden opening must reach the opening figure (R101-29).
    EldenThreshold {
        /// It may be lower.
        Waived,
        /// It must reach it.
        Required,
    }
);
option_enum!(
    /// How the round ends when the pile runs out (R101-30).
    Exhaustion {
        /// With the discard of the player who drew the last tile.
        LastDiscard,
        /// The next player may still take that discard and play one turn.
        OneMoreTake,
    }
);
option_enum!(
    /// How an okey left in a hand counts (R101-31).
    OkeyInHand {
        /// 101 flat, not multiplied, for an opened player.
        Flat101,
        /// Its printed number inside the hand value.
        Face,
    }
);
option_enum!(
    /// How special finishes combine (R101-32).
    Multipliers {
        /// Each doubles.
        Stack,
        /// At most 2.
        Single,
        /// Always 1.
        None,
    }
);
option_enum!(
    /// Whether a partner's opening raises the figure with rising openings (R101-35).
    RisingPartner {
        /// It counts.
        Counts,
        /// It is ignored.
        Ignored,
    }
);

/// A 101 rule set that cannot be played; the message names the field.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Rules101Error {
    /// `players` is not 2, 3 or 4.
    #[error("players must be 2, 3 or 4, not {0}")]
    Players(u8),
    /// `rounds` is not 3, 5, 7, 9 or 11.
    #[error("rounds must be 3, 5, 7, 9 or 11, not {0}")]
    Rounds(u8),
    /// `partnership` with other than 4 players.
    #[error("partnership needs 4 players, not {0}")]
    Partnership(u8),
}

crate::coded_error! {
    /// The code of [`Rules101Error`]: one, with the field and its value as params.
    pub enum Rules101Code for Rules101Error as this {
        Rules101Error::Players(n) => Rules101Invalid = "rules101_invalid",
            params().text("field", "players").number("value", *n);
        Rules101Error::Rounds(n) => Rules101Invalid,
            params().text("field", "rounds").number("value", *n);
        Rules101Error::Partnership(n) => Rules101Invalid,
            params().text("field", "partnership").number("value", *n);
    }
}

/// Every option of a 101 match (RULES-101.md, "Options at a glance").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct Rules101 {
    /// Players at the table, 2..=4 (R101-3).
    pub players: u8,
    /// The deal (R101-4).
    pub deal: Deal101,
    /// Taking back an unusable discard (R101-13).
    pub take_return: TakeReturn,
    /// Pairs must be declared before opening with them (R101-16).
    pub pairs_declaration: bool,
    /// Each opening must beat the last of its kind (R101-17, katlamalı).
    pub rising_open: bool,
    /// The last pairs opening (R101-18).
    pub last_pairs: LastPairs,
    /// New melds, lay-offs and swaps in the opening turn (R101-19).
    pub opening_turn_play: bool,
    /// Pairs laid by series openers (R101-20).
    pub series_pairs: SeriesPairs,
    /// Lay-offs per turn of a pairs opener (R101-21).
    pub pairs_layoff_limit: PairsLayoffLimit,
    /// Okey swaps (R101-22).
    pub okey_swap: bool,
    /// 101 for discarding an okey (R101-24).
    pub okey_discard_penalty: bool,
    /// 101 for discarding an işlek tile (R101-25).
    pub playable_discard_penalty: bool,
    /// Invalid table actions (R101-26).
    pub table_errors: TableErrors,
    /// Elden finish scope (R101-29).
    pub elden_scope: EldenScope,
    /// Elden opening threshold (R101-29).
    pub elden_threshold: EldenThreshold,
    /// Pile exhaustion (R101-30).
    pub exhaustion: Exhaustion,
    /// Okeys left in hand (R101-31).
    pub okey_in_hand: OkeyInHand,
    /// Multipliers (R101-32).
    pub multipliers: Multipliers,
    /// Rounds in a match (R101-34).
    pub rounds: u8,
    /// Partners sit opposite (R101-35).
    pub partnership: bool,
    /// The partner's opening and the rising figure (R101-35).
    pub rising_partner: RisingPartner,
}

impl Default for Rules101 {
    fn default() -> Self {
        Rules101 {
            players: 4,
            deal: Deal101::Simple,
            take_return: TakeReturn::Free,
            pairs_declaration: false,
            rising_open: false,
            last_pairs: LastPairs::Refused,
            opening_turn_play: false,
            series_pairs: SeriesPairs::IfPairsOpened,
            pairs_layoff_limit: PairsLayoffLimit::Two,
            okey_swap: true,
            okey_discard_penalty: true,
            playable_discard_penalty: true,
            table_errors: TableErrors::Refuse,
            elden_scope: EldenScope::NobodyOpened,
            elden_threshold: EldenThreshold::Waived,
            exhaustion: Exhaustion::LastDiscard,
            okey_in_hand: OkeyInHand::Flat101,
            multipliers: Multipliers::Stack,
            rounds: 11,
            partnership: false,
            rising_partner: RisingPartner::Counts,
        }
    }
}

/// The figure a series opening must reach without rising openings (R101-14).
pub const OPENING_VALUE: u16 = 101;
/// The pairs an opening needs without rising openings (R101-15).
pub const OPENING_PAIRS: u8 = 5;
/// One penalty (R101-27), and what a finisher scores before its multiplier (R101-33).
pub const PENALTY: i32 = 101;

impl Rules101 {
    /// Checks the rule set can be played.
    pub fn validate(&self) -> Result<(), Rules101Error> {
        if !(2..=4).contains(&self.players) {
            return Err(Rules101Error::Players(self.players));
        }
        if ![3, 5, 7, 9, 11].contains(&self.rounds) {
            return Err(Rules101Error::Rounds(self.rounds));
        }
        if self.partnership && self.players != 4 {
            return Err(Rules101Error::Partnership(self.players));
        }
        Ok(())
    }

    /// The seats in playing order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players).map(Seat)
    }

    /// The partner of `seat` when partnership is on: the seat opposite (R101-35).
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        self.partnership.then_some(Seat((seat.0 + 2) % 4))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r101_options_default_to_the_first_value_of_the_table() {
        let r = Rules101::default();
        assert_eq!(r.players, 4);
        assert_eq!(r.rounds, 11);
        assert!(r.okey_swap && r.okey_discard_penalty && r.playable_discard_penalty);
        assert!(!r.pairs_declaration && !r.rising_open && !r.opening_turn_play && !r.partnership);
        assert_eq!(r.validate(), Ok(()));
        let from_json: Rules101 = serde_json::from_str(r#"{"rounds": 3}"#).unwrap();
        assert_eq!(from_json.rounds, 3);
        assert_eq!(from_json.multipliers, Multipliers::Stack);
        // A misspelt option is refused, never silently played with its default.
        let err = serde_json::from_str::<Rules101>(r#"{"round": 3}"#).unwrap_err();
        assert!(err.to_string().contains("round"), "{err}");
    }

    #[test]
    fn r101_35_partnership_needs_four() {
        let r = Rules101 {
            players: 3,
            partnership: true,
            ..Rules101::default()
        };
        assert_eq!(r.validate(), Err(Rules101Error::Partnership(3)));
        let r = Rules101 {
            rounds: 4,
            ..Rules101::default()
        };
        assert_eq!(r.validate(), Err(Rules101Error::Rounds(4)));
    }
}
