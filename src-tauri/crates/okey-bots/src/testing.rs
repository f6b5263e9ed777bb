//! Helpers shared by the unit tests.

use okey_core::notation::parse_kind;
use okey_core::Kind;

/// The kinds named in `text`, tokens separated by single spaces ("R1 K13 F").
pub(crate) fn kinds(text: &str) -> Vec<Kind> {
    text.split(' ')
        .map(|t| parse_kind(t).expect("a tile token in a test"))
        .collect()
}
