//! Errors as data: a stable code, structured parameters and the English message.
//!
//! Every error a player can meet (here, in okey-store and in the app shell) turns into a
//! [`Problem`]. A user interface words it from the code and the parameters in its own
//! language; the message is the English sentence for logs and the command line. Tiles in
//! the parameters are data (a face or the false joker), never notation or English, so the
//! words for them are the interface's choice too.

use crate::tile::{Face, Kind};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The parameters of a problem, by name.
pub type Params = serde_json::Map<String, serde_json::Value>;

/// An error code: one of a fixed list, each with a snake_case name.
pub trait Code: Copy {
    /// The code as an interface receives it.
    fn as_str(self) -> &'static str;
}

/// Declares an enum of error codes with their names and the list of them all, so a test can
/// check that every code has its words (the list cannot miss one: it is made from the enum).
#[macro_export]
macro_rules! error_codes {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )*
        }

        impl $name {
            /// Every code, in declaration order.
            pub const ALL: &'static [$name] = &[$( $name::$variant, )*];
        }

        impl $crate::problem::Code for $name {
            fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )*
                }
            }
        }
    };
}

/// Declares an error type's codes and its [`Coded`] impl in one place, so that each code is
/// written once, beside the params it carries: an arm names a variant's pattern (with a
/// guard if need be), its code (the codes enum's name for it, with the string an interface
/// receives where the code first appears) and its params (none when left out). `also` adds
/// codes that other error types of the crate give through the same enum; the `passes` arms
/// hand over to a wrapped error's own problem. `$this` names the error in the arms. The
/// codes enum is made by [`error_codes!`], with its `ALL`.
#[macro_export]
macro_rules! coded_error {
    (
        $(#[$meta:meta])*
        $vis:vis enum $codes:ident for $ty:ty as $this:ident {
            $( $pat:pat $(if $guard:expr)? => $code:ident $(= $text:literal)? $(, $params:expr)?; )*
        }
        $( also { $( $xcode:ident = $xtext:literal; )* } )?
        $( passes { $( $ppat:pat => $pexpr:expr; )* } )?
    ) => {
        $crate::error_codes! {
            $(#[$meta])*
            $vis enum $codes {
                $($( #[doc = concat!("`", $text, "`")] $code = $text, )?)*
                $($( #[doc = concat!("`", $xtext, "`")] $xcode = $xtext, )*)?
            }
        }

        impl $crate::problem::Coded for $ty {
            fn problem(&self) -> $crate::problem::Problem {
                let $this = self;
                let (code, params) = match $this {
                    $($( $ppat => return $pexpr, )*)?
                    $( $pat $(if $guard)? => ($codes::$code, $crate::__params_or!($($params)?)), )*
                };
                $crate::problem::Problem::new(code, params.build(), $this)
            }
        }
    };
}

/// The params of a [`coded_error!`] arm: the ones given, else none.
#[doc(hidden)]
#[macro_export]
macro_rules! __params_or {
    () => {
        $crate::problem::params()
    };
    ($params:expr) => {
        $params
    };
}

/// An error as an interface receives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Problem {
    code: String,
    params: Params,
    message: String,
}

impl Problem {
    /// A problem with `code` and `params`; `message` is the English sentence.
    pub fn new(code: impl Code, params: Params, message: impl fmt::Display) -> Problem {
        Problem {
            code: code.as_str().to_string(),
            params,
            message: message.to_string(),
        }
    }

    /// The stable code, e.g. `not_your_turn`.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The parameters by name.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The English sentence.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The same problem with `message` in place of its own (a wrapping error's sentence).
    pub fn with_message(mut self, message: impl fmt::Display) -> Problem {
        self.message = message.to_string();
        self
    }

    /// The same problem with one more param (what a wrapping error adds, such as 101's rule).
    pub fn with_param(mut self, name: &str, value: impl Serialize) -> Problem {
        self.params = ParamsBuilder(self.params).put(name, value).build();
        self
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// An error that can be given to an interface as data.
pub trait Coded: fmt::Display {
    /// The error as a code, its parameters and its message.
    fn problem(&self) -> Problem;
}

/// Builds [`Params`] one named value at a time.
#[derive(Debug, Clone, Default)]
pub struct ParamsBuilder(Params);

/// Starts an empty set of parameters.
pub fn params() -> ParamsBuilder {
    ParamsBuilder::default()
}

impl ParamsBuilder {
    fn put(mut self, name: &str, value: impl Serialize) -> Self {
        // The values put here (numbers, strings, tiles, problems) always serialize.
        let value = serde_json::to_value(value).unwrap_or(serde_json::Value::Null);
        self.0.insert(name.to_string(), value);
        self
    }

    /// A number.
    pub fn number(self, name: &str, n: impl Into<i64>) -> Self {
        let n: i64 = n.into();
        self.put(name, n)
    }

    /// A count or index that may exceed `i64` only in theory.
    pub fn count(self, name: &str, n: usize) -> Self {
        self.number(name, i64::try_from(n).unwrap_or(i64::MAX))
    }

    /// Any value as it serializes (an action, a seat).
    pub fn value(self, name: &str, value: impl Serialize) -> Self {
        self.put(name, value)
    }

    /// Numbers in order, e.g. the numbers of a run.
    pub fn numbers(self, name: &str, numbers: &[u8]) -> Self {
        self.put(name, numbers)
    }

    /// Text that is data, not a sentence: a name or a token as the user wrote it.
    pub fn text(self, name: &str, text: impl Into<String>) -> Self {
        self.put(name, text.into())
    }

    /// A tile by what is printed on it, as the engine serializes a [`Kind`]:
    /// `{"Face": {"colour": "Red", "number": 7}}` or `"FalseJoker"`.
    pub fn kind(self, name: &str, kind: Kind) -> Self {
        self.put(name, kind)
    }

    /// Tiles in order, e.g. a group on the rack.
    pub fn kinds(self, name: &str, kinds: &[Kind]) -> Self {
        self.put(name, kinds)
    }

    /// A numbered face: `{"colour": "Red", "number": 7}`.
    pub fn face(self, name: &str, face: Face) -> Self {
        self.put(name, face)
    }

    /// Another problem, nested (the reason inside a wider one).
    pub fn problem(self, name: &str, problem: &Problem) -> Self {
        self.put(name, problem)
    }

    /// The parameters.
    pub fn build(self) -> Params {
        self.0
    }
}

impl From<ParamsBuilder> for Params {
    fn from(builder: ParamsBuilder) -> Params {
        builder.0
    }
}

/// Tiles written in notation with spaces between, for the English messages (`R7 R7 B7`).
pub struct Written<'a>(pub &'a [Kind]);

impl fmt::Display for Written<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, kind) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{kind}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::RuleError;
    use crate::notation::parse_kind;
    use crate::tile::Tile;
    use serde_json::json;

    #[test]
    fn a_refusal_serializes_as_code_params_and_message() {
        let tile = Tile::new(13).unwrap();
        let json = serde_json::to_value(RuleError::NotInRack(tile).problem()).unwrap();
        assert_eq!(json["code"], "not_in_rack");
        assert_eq!(json["params"]["id"], 13);
        assert_eq!(
            json["params"]["tile"],
            json!({"Face": {"colour": "Red", "number": 7}})
        );
        assert_eq!(json["message"], "R7 is not in your rack");
        let json = serde_json::to_value(RuleError::GostergeShown.problem()).unwrap();
        assert_eq!(json["code"], "gosterge_shown");
        assert_eq!(json["params"], json!({}));
    }

    #[test]
    fn a_bad_group_is_named_by_its_own_fault_with_its_tiles() {
        let group = ["R7", "R7", "F"].map(|t| parse_kind(t).unwrap()).to_vec();
        let fault = RuleError::BadGroup(crate::meld::MeldError::SetRepeatsColour { group });
        let p = fault.problem();
        assert_eq!(p.code(), "set_repeats_colour");
        assert_eq!(
            p.params()["tiles"],
            json!([{"Face": {"colour": "Red", "number": 7}}, {"Face": {"colour": "Red", "number": 7}}, "FalseJoker"])
        );
        assert!(p.message().starts_with("R7 R7 F is not a set"));
    }
}
