//! The webview's types come from the Rust ones: `ui/types/rust.d.ts` declares every type a
//! command takes or answers and every table update, as ts-rs reads them (serde's renames,
//! tags and flattening included), and `tsc --checkJs` (tests/ui) checks the UI against it.
//! This test fails when the file is not what the Rust types say; `OKEY_WRITE_TYPES=1` writes
//! it. The commands the UI calls by name (`ui/ipc.js`) are the ones the app registers.

use crate::accuracy::Accuracy;
use crate::args::ActArgs;
use crate::commands::PracticeReport;
use crate::live::Setup;
use crate::payload::{Assisted, Update};
use crate::replay::AnyFrame;
use crate::review::AnyReview;
use crate::table::{Saves, StatsPage};
use okey_bots::puzzle::{Answer, Puzzle, PuzzleKind};
use okey_core::practice::GroupVerdict;
use okey_core::problem::Problem;
use okey_core::sort::Sort;
use okey_store::{Settings, Variant};
use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use ts_rs::{Config, TypeVisitor, TS};

/// Every declaration reachable from the types visited, by name.
struct Declarations<'a> {
    cfg: &'a Config,
    seen: HashSet<TypeId>,
    out: BTreeMap<String, String>,
}

impl TypeVisitor for Declarations<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Only named types are declared; the rest (numbers, arrays, options) are inlined.
        if T::output_path().is_none() || !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        let name = T::ident(self.cfg);
        self.out
            .insert(name, format!("export {}", T::decl(self.cfg)));
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The declarations file the Rust types make.
fn declarations() -> String {
    // Serde writes every integer as a JSON number, which the webview reads as one.
    let cfg = Config::default().with_large_int("number");
    let mut all = Declarations {
        cfg: &cfg,
        seen: HashSet::new(),
        out: BTreeMap::new(),
    };
    all.visit::<Update>();
    all.visit::<Setup>();
    all.visit::<ActArgs>();
    all.visit::<Sort>();
    all.visit::<Assisted>();
    all.visit::<Variant>();
    all.visit::<PracticeReport>();
    all.visit::<GroupVerdict>();
    all.visit::<PuzzleKind>();
    all.visit::<Puzzle>();
    all.visit::<Answer>();
    all.visit::<Saves>();
    all.visit::<StatsPage>();
    all.visit::<AnyFrame>();
    all.visit::<AnyReview>();
    all.visit::<Accuracy>();
    all.visit::<Settings>();
    all.visit::<Problem>();
    let mut text = String::from(
        "// Written by the test src-tauri/src/tests/types.rs from the Rust types (ts-rs);\n\
         // OKEY_WRITE_TYPES=1 cargo test -p okey-app --lib types writes it again. Do not edit.\n\n",
    );
    for decl in all.out.values() {
        text.push_str(decl);
        text.push('\n');
    }
    text
}

#[test]
fn the_webview_types_are_those_of_the_rust_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/types/rust.d.ts");
    let made = declarations();
    if std::env::var_os("OKEY_WRITE_TYPES").is_some() {
        std::fs::write(&path, &made).expect("ui/types/rust.d.ts is written");
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == made,
        "ui/types/rust.d.ts is not what the Rust types declare: run \
         OKEY_WRITE_TYPES=1 cargo test -p okey-app --lib types and commit it"
    );
    for name in ["Update", "Setup", "Settings", "AnyFrame", "Problem"] {
        assert!(
            made.contains(&format!("export type {name} ")),
            "{name} is declared"
        );
    }
}

/// The commands `lib.rs` registers, by name.
fn registered() -> Vec<String> {
    let lib = include_str!("../lib.rs");
    let start = lib.find("generate_handler![").expect("the command list");
    let end = start + lib[start..].find(']').expect("its end");
    let mut names: Vec<String> = lib[start..end]
        .split(',')
        .filter_map(|item| item.rsplit("::").next())
        .map(|name| {
            name.trim()
                .trim_start_matches("generate_handler![")
                .trim()
                .to_string()
        })
        .filter(|name| !name.is_empty())
        .collect();
    names.sort();
    names
}

#[test]
fn the_ui_calls_the_commands_the_app_registers_and_no_other() {
    let ipc = include_str!("../../../ui/ipc.js");
    let mut called: Vec<String> = ipc
        .split("call(\"")
        .skip(1)
        .filter_map(|rest| rest.split_once('"').map(|(name, _)| name.to_string()))
        .collect();
    called.sort();
    called.dedup();
    assert_eq!(called, registered());
}
