//! What happened, the output of every accepted action: the events of a match and how a round
//! ended. Every seat may know all of it: a drawn tile is never named.

use crate::deal::Dice;
use crate::meld::WinKind;
use crate::problem::Problem;
use crate::rules::Seat;
use crate::scoring::Charge;
use crate::tile::{Face, Tile};
use serde::{Deserialize, Serialize};

/// How a round ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RoundEnd {
    /// A player finished (R10).
    Finished {
        /// Who finished.
        seat: Seat,
        /// The tile thrown onto the centre.
        discard: Tile,
        /// Sets and runs, or pairs.
        win: WinKind,
        /// The 14 tiles shown, in their groups.
        groups: Vec<Vec<Tile>>,
        /// The final discard was an okey (R18).
        okey_discard: bool,
        /// The hand counts as one colour (R21).
        one_colour: bool,
        /// Points every other player (team) lost.
        points: i32,
    },
    /// The pile was empty and the player to move declined the discard: no score (R17).
    NoTilesLeft {
        /// Who declined.
        seat: Seat,
    },
}

/// What happened, as every seat may know it: a drawn tile is never named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A round was dealt.
    RoundStarted {
        /// Round number, from 1.
        round: u32,
        /// The dealer.
        dealer: Seat,
        /// Who discards first.
        starter: Seat,
        /// The indicator face.
        indicator: Face,
        /// The dice of a stacks deal.
        dice: Option<Dice>,
    },
    /// A gösterge (R19).
    IndicatorShown {
        /// Who showed it.
        seat: Seat,
        /// The tile shown.
        tile: Tile,
    },
    /// A draw from the pile.
    Drew {
        /// Who drew.
        seat: Seat,
    },
    /// The previous discard was taken.
    TookDiscard {
        /// Who took it.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// A discard.
    Discarded {
        /// Who discarded.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// A finish the rack layout did not show (R11); play goes on.
    FalseClaim {
        /// Who claimed.
        seat: Seat,
        /// What was wrong, as data for the player's interface.
        reason: Problem,
    },
    /// Points lost.
    Charged(Charge),
    /// The round ended.
    RoundEnded(RoundEnd),
    /// A player (team) reached 0 or less and left (R23).
    Eliminated {
        /// The seat that left.
        seat: Seat,
    },
    /// The match ended (R23).
    MatchEnded {
        /// The winning seats.
        winners: Vec<Seat>,
    },
}
