//! The UI's words (ui/i18n/en.json, tr.json): every error code the webview can receive has
//! its sentence in English and in Turkish, and both languages have the same keys with the
//! same placeholders (a count's plural forms each with the placeholders of the others).

use crate::error::all_codes;
use std::collections::{BTreeMap, BTreeSet};

/// One language's words, as the app embeds them: key to text, a count's plural forms
/// joined (so their placeholders are compared together). An unknown language has none.
fn table(language: &str) -> BTreeMap<String, String> {
    let json = match language {
        "en" => include_str!("../../../ui/i18n/en.json"),
        "tr" => include_str!("../../../ui/i18n/tr.json"),
        _ => "{}",
    };
    let words: BTreeMap<String, serde_json::Value> =
        serde_json::from_str(json).expect("the words are a JSON object");
    words
        .into_iter()
        .map(|(key, value)| {
            let text = match value {
                serde_json::Value::String(text) => text,
                serde_json::Value::Object(forms) => {
                    assert!(
                        forms.contains_key("other"),
                        "{language} {key}: no \"other\""
                    );
                    forms
                        .values()
                        .map(|f| f.as_str().expect("a plural form is text"))
                        .collect::<Vec<_>>()
                        .join(" | ")
                }
                other => panic!("{language} {key}: {other} is not text"),
            };
            (key, text)
        })
        .collect()
}

/// The `{name}` placeholders of a text.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
        .collect()
}

#[test]
fn every_error_code_has_its_words_in_english_and_turkish() {
    for language in ["en", "tr"] {
        let table = table(language);
        assert!(
            table.len() > 200,
            "{language}: only {} keys read",
            table.len()
        );
        let missing: Vec<String> = all_codes()
            .into_iter()
            .map(|code| format!("err.{code}"))
            .chain(["err.unknown".to_string()])
            .filter(|key| !table.contains_key(key))
            .collect();
        assert!(missing.is_empty(), "{language} has no text for {missing:?}");
        for colour in [
            "red",
            "yellow",
            "blue",
            "black",
            "falseJoker",
            "okey",
            "face",
        ] {
            assert!(
                table.contains_key(&format!("tile.{colour}")),
                "{language}: tile.{colour}"
            );
        }
    }
}

#[test]
fn english_and_turkish_have_the_same_keys_and_placeholders() {
    let en = table("en");
    let tr = table("tr");
    let only_en: Vec<&String> = en.keys().filter(|k| !tr.contains_key(*k)).collect();
    let only_tr: Vec<&String> = tr.keys().filter(|k| !en.contains_key(*k)).collect();
    assert!(only_en.is_empty(), "only in English: {only_en:?}");
    assert!(only_tr.is_empty(), "only in Turkish: {only_tr:?}");
    for (key, text) in &en {
        assert_eq!(
            placeholders(text),
            placeholders(&tr[key]),
            "{key}: {text} / {}",
            tr[key]
        );
    }
}

#[test]
fn the_tables_are_read_as_a_missing_key_would_be_seen() {
    // The reader itself: a table it cannot find reads as empty, which the tests above refuse.
    assert!(table("de").is_empty());
    assert!(table("en").contains_key("err.not_your_turn"));
    assert_eq!(
        placeholders("\"{tile} at: {away}.\""),
        BTreeSet::from(["tile", "away"])
    );
}
