//! Every code okey-core gives, for an interface to check it has words for each. Each error
//! type declares its own codes beside it (with [`crate::coded_error!`]); this only lists them.

use crate::analysis::AnalysisCode;
use crate::error::{ReplayCode, RuleCode, TurnCode};
use crate::meld::MeldCode;
use crate::notation::NotationCode;
use crate::practice::PracticeCode;
use crate::problem::Code;
use crate::r101::error::Code101;
use crate::r101::meld::MeldFaultCode;
use crate::r101::practice::Practice101Code;
use crate::r101::rules::Rules101Code;
use crate::rules::RulesCode;

/// Every code of both engines (refusals, groups, notation, rule sets, analysis, practice and
/// replays), each once.
pub fn core_codes() -> impl Iterator<Item = &'static str> {
    fn names<C: Code>(all: &'static [C]) -> impl Iterator<Item = &'static str> {
        all.iter().map(|c| c.as_str())
    }
    names(TurnCode::ALL)
        .chain(names(RuleCode::ALL))
        .chain(names(ReplayCode::ALL))
        .chain(names(MeldCode::ALL))
        .chain(names(NotationCode::ALL))
        .chain(names(RulesCode::ALL))
        .chain(names(AnalysisCode::ALL))
        .chain(names(PracticeCode::ALL))
        .chain(names(Code101::ALL))
        .chain(names(MeldFaultCode::ALL))
        .chain(names(Rules101Code::ALL))
        .chain(names(Practice101Code::ALL))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_distinct_snake_case() {
        let mut seen = std::collections::HashSet::new();
        for code in core_codes() {
            assert!(
                code.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{code}"
            );
            assert!(seen.insert(code), "{code} is declared twice");
        }
        assert!(seen.contains("no_such_seat") && seen.contains("rules101_invalid"));
    }
}
