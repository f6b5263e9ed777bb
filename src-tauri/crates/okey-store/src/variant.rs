//! The two games the store saves, Düz and Okey 101: their names, record formats and rules
//! as a header holds them. What the store needs of each engine is [`Game`](crate::Game).
//!
//! A match's header records its variant (`"variant": "101"`); a header without one is Düz,
//! as every save written before 101 existed is.

use crate::record::{FORMAT, FORMAT_101};
use okey_core::r101::Rules101;
use okey_core::Rules;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which Okey a match plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Variant {
    /// Düz Okey (the first engine; a save that names no variant is Düz).
    #[default]
    #[serde(rename = "duz")]
    Duz,
    /// Okey 101 (yüzbir).
    #[serde(rename = "101")]
    Okey101,
}

impl Variant {
    /// Its name in saves, exports and the CLI: `duz` or `101`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Duz => "duz",
            Variant::Okey101 => "101",
        }
    }

    /// Whether this is Düz (a header leaves the variant out then).
    pub(crate) fn is_duz(&self) -> bool {
        *self == Variant::Duz
    }

    /// The format the records of a match of this variant are written in.
    pub(crate) fn format(self) -> u16 {
        match self {
            Variant::Duz => FORMAT,
            Variant::Okey101 => FORMAT_101,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rules of a match of either variant, as its header holds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AnyRules {
    /// Düz rules.
    Duz(Rules),
    /// 101 rules.
    R101(Rules101),
}

impl AnyRules {
    /// The variant these rules play.
    pub(crate) fn variant(&self) -> Variant {
        match self {
            AnyRules::Duz(_) => Variant::Duz,
            AnyRules::R101(_) => Variant::Okey101,
        }
    }

    /// Players at the table.
    pub(crate) fn players(&self) -> u8 {
        match self {
            AnyRules::Duz(r) => r.players,
            AnyRules::R101(r) => r.players,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_read_and_write_as_duz_and_101() {
        let json = serde_json::to_string(&[Variant::Duz, Variant::Okey101]).unwrap();
        assert_eq!(json, r#"["duz","101"]"#);
        let back: Vec<Variant> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, [Variant::Duz, Variant::Okey101]);
        assert_eq!(Variant::default(), Variant::Duz);
        assert!(serde_json::from_str::<Variant>(r#""okey""#).is_err());
    }
}
