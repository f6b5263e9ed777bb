//! The shell's errors as the webview receives them: a code, params and a message.

use crate::error::{all_codes, AppError};
use okey_core::{RuleError, TurnError};

use serde_json::json;

#[test]
fn errors_serialize_as_code_params_and_message() {
    let json = serde_json::to_value(AppError::NoSuchTile(200)).unwrap();
    assert_eq!(
        json,
        json!({
            "code": "no_such_tile",
            "params": {"id": 200},
            "message": "200 is not a tile (tiles are numbered 0 to 105)"
        })
    );
    let json = serde_json::to_value(AppError::Rule(TurnError::NotYourTurn.into())).unwrap();
    assert_eq!(
        json,
        json!({"code": "not_your_turn", "params": {}, "message": "it is not your turn"})
    );
    let json = serde_json::to_value(AppError::Seats {
        players: 4,
        needed: 3,
        given: 1,
    })
    .unwrap();
    assert_eq!(json["code"], "bots_for_seats");
    assert_eq!(
        json["params"],
        json!({"players": 4, "needed": 3, "given": 1})
    );
}

#[test]
fn a_wrong_finish_nests_the_groups_fault_and_names_the_okey_for_a_false_joker() {
    use okey_core::meld::MeldError;
    use okey_core::notation::{parse_indicator, parse_kind};
    let group = ["F", "R2"].map(|t| parse_kind(t).unwrap()).to_vec();
    let okey = parse_indicator("K5").unwrap();
    let error = AppError::wrong_finish(RuleError::BadGroup(MeldError::TooShort { group }), okey);
    let json = serde_json::to_value(&error).unwrap();
    assert_eq!(json["code"], "finish_groups_invalid");
    assert_eq!(json["params"]["fault"]["code"], "group_too_short");
    assert_eq!(json["params"]["fault"]["params"]["tiles"][0], "FalseJoker");
    assert_eq!(
        json["params"]["okey"],
        json!({"colour": "Black", "number": 5})
    );
    assert!(json["message"]
        .as_str()
        .unwrap()
        .ends_with("(a false joker is only the okey's face, here K5)"));
}

#[test]
fn every_code_is_distinct_snake_case() {
    let mut seen = std::collections::HashSet::new();
    for code in all_codes() {
        assert!(
            code.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
            "{code}"
        );
        assert!(seen.insert(code), "{code} is used twice");
    }
}
