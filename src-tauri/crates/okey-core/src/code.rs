//! The codes of every error okey-core gives, one enum, so that each error type can name its
//! code where the type lives and an interface can list them all.

crate::error_codes! {
    /// The codes of every error okey-core gives (rule refusals, groups, notation, rule sets,
    /// practice and replays), as an interface receives them in a [`Problem`].
    pub enum CoreCode {
        /// [`crate::RuleError::NoSuchSeat`]: params `seat`.
        NoSuchSeat = "no_such_seat",
        /// [`crate::RuleError::NotPlaying`]: params `seat`.
        NotPlaying = "not_playing",
        /// [`crate::RuleError::NotYourTurn`].
        NotYourTurn = "not_your_turn",
        /// [`crate::RuleError::MustDraw`].
        MustDraw = "must_draw",
        /// [`crate::RuleError::MustDiscard`].
        MustDiscard = "must_discard",
        /// [`crate::RuleError::NotInRack`]: params `tile` (a kind), `id`.
        NotInRack = "not_in_rack",
        /// [`crate::RuleError::PileEmpty`].
        PileEmpty = "pile_empty",
        /// [`crate::RuleError::NoDiscard`].
        NoDiscard = "no_discard",
        /// [`crate::RuleError::PileNotEmpty`].
        PileNotEmpty = "pile_not_empty",
        /// [`crate::RuleError::RoundOver`].
        RoundOver = "round_over",
        /// [`crate::RuleError::RoundNotOver`].
        RoundNotOver = "round_not_over",
        /// [`crate::RuleError::MatchOver`].
        MatchOver = "match_over",
        /// [`crate::RuleError::GostergeOff`].
        GostergeOff = "gosterge_off",
        /// [`crate::RuleError::GostergeTooLate`].
        GostergeTooLate = "gosterge_too_late",
        /// [`crate::RuleError::GostergeShown`].
        GostergeShown = "gosterge_shown",
        /// [`crate::RuleError::NoIndicatorTile`]: params `face`.
        NoIndicatorTile = "no_indicator_tile",
        /// [`crate::RuleError::NoSuchSlot`]: params `slot`.
        NoSuchSlot = "no_such_slot",
        /// [`crate::RuleError::EmptySlot`]: params `slot`.
        EmptySlot = "empty_slot",
        /// [`crate::RuleError::NotAWin`].
        NotAWin = "not_a_win",
        /// [`crate::RuleError::NotAPair`]: params `tiles`.
        NotAPair = "not_a_pair",
        /// [`crate::RuleError::NotARoundAction`]: params `action`.
        NotARoundAction = "not_a_round_action",
        /// [`crate::meld::MeldError::TooShort`]: params `tiles`.
        GroupTooShort = "group_too_short",
        /// [`crate::meld::MeldError::SetTooLong`]: params `tiles`.
        SetTooLong = "set_too_long",
        /// [`crate::meld::MeldError::SetRepeatsColour`]: params `tiles`.
        SetRepeatsColour = "set_repeats_colour",
        /// [`crate::meld::MeldError::NotARun`]: params `tiles`, `numbers`.
        NotARun = "not_a_run",
        /// [`crate::meld::MeldError::Neither`]: params `tiles`.
        NotAGroup = "not_a_group",
        /// [`crate::notation::NotationError::UnknownToken`]: params `token`.
        UnknownToken = "unknown_token",
        /// [`crate::notation::NotationError::FalseJokerIndicator`].
        FalseJokerIndicator = "false_joker_indicator",
        /// [`crate::notation::NotationError::TooMany`]: params `tile`, `available`, `given`.
        TooManyCopies = "too_many_copies",
        /// [`crate::RulesError::Players`]: params `players`.
        RulesPlayers = "rules_players",
        /// [`crate::RulesError::StartPoints`]: params `points`.
        RulesStartPoints = "rules_start_points",
        /// [`crate::RulesError::Partnership`]: params `players`.
        RulesPartnership = "rules_partnership",
        /// [`crate::analysis::AnalysisError::WrongCount`]: params `expected`, `given`.
        AnalysisTileCount = "analysis_tile_count",
        /// [`crate::practice::PracticeError::TileCount`]: params `given`.
        HandTileCount = "hand_tile_count",
        /// [`crate::practice::PracticeError::NotInHand`]: params `tile`.
        NotInHand = "not_in_hand",
        /// [`crate::practice::PracticeError::NoPuzzle`].
        NoPuzzle = "no_puzzle",
        /// [`crate::ReplayError::Refused`]: params `index`, `seat`, `action`, `error` (a problem).
        ReplayRefused = "replay_refused",
    }
}
