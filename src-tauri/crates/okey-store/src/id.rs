//! Match ids: numbers people type, handed out 1, 2, 3, … and used as big-endian keys so a
//! match's records sort together and its log in order.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A saved match's id: a number, unique in its database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct MatchId(pub u64);

impl MatchId {
    /// The id as a key: big-endian, so a match's log entries sort together and in order.
    pub(crate) fn key(self) -> [u8; 8] {
        self.0.to_be_bytes()
    }

    /// The id of a key that starts with one.
    pub(crate) fn of_key(key: &[u8]) -> Option<MatchId> {
        let bytes: [u8; 8] = key.get(..8)?.try_into().ok()?;
        Some(MatchId(u64::from_be_bytes(bytes)))
    }

    /// The key of entry `index` of the match's log (or of round `index` in the rounds tree).
    pub(crate) fn key_at(self, index: u32) -> [u8; 12] {
        let mut key = [0; 12];
        key[..8].copy_from_slice(&self.key());
        key[8..].copy_from_slice(&index.to_be_bytes());
        key
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for MatchId {
    type Err = String;

    fn from_str(s: &str) -> Result<MatchId, String> {
        s.trim()
            .parse()
            .map(MatchId)
            .map_err(|_| format!("{s:?} is not a match id (a number, as `okey saves list` shows)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_by_id_then_index_and_give_the_id_back() {
        let (a, b) = (MatchId(1), MatchId(256));
        assert!(a.key() < b.key());
        assert!(a.key_at(u32::MAX) < b.key_at(0));
        assert!(b.key_at(9) < b.key_at(10));
        assert!(b.key_at(0).starts_with(&b.key()));
        assert_eq!(MatchId::of_key(&b.key_at(7)), Some(b));
        assert_eq!(MatchId::of_key(&[1, 2, 3]), None);
    }

    #[test]
    fn ids_parse_from_what_people_type() {
        assert_eq!(" 12 ".parse::<MatchId>(), Ok(MatchId(12)));
        assert_eq!(MatchId(12).to_string(), "12");
        let err = "twelve".parse::<MatchId>().unwrap_err();
        assert!(err.contains("\"twelve\" is not a match id"), "{err}");
    }
}
