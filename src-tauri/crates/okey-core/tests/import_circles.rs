//! No crate of the workspace has an import circle among its modules: for every module, the
//! modules it names through `crate::`, `super::` and `self::` paths (in `use` lines and in
//! code) are read from the sources, and the graph must have no strongly connected group of
//! two or more. Test modules are left out: a test may reach anywhere.
//!
//! Why a test of our own rather than a tool: it builds with the crate (no extra install in
//! CI) and checks the app shell too, which a per-crate tool would need Tauri built to see.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The source folders checked, relative to this crate's folder.
const CRATES: [&str; 5] = [
    "src",
    "../okey-bots/src",
    "../okey-store/src",
    "../okey-cli/src",
    "../../src",
];

type Module = Vec<String>;

#[test]
fn no_crate_has_an_import_circle() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in CRATES {
        let root = here.join(dir);
        assert!(root.is_dir(), "{} is not a folder", root.display());
        let graph = graph_of(&root);
        assert!(
            graph.len() > 3,
            "too few modules read in {}",
            root.display()
        );
        for circle in circles(&graph) {
            let names: Vec<String> = circle.iter().map(name).collect();
            found.push(format!("{dir}: {}", names.join(", ")));
        }
    }
    assert!(
        found.is_empty(),
        "import circles (each line: modules that import each other round a loop):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_circle_is_found() {
    let mut graph = BTreeMap::new();
    let m = |s: &str| vec![s.to_string()];
    graph.insert(m("a"), BTreeSet::from([m("b")]));
    graph.insert(m("b"), BTreeSet::from([m("c")]));
    graph.insert(m("c"), BTreeSet::from([m("a")]));
    graph.insert(m("d"), BTreeSet::from([m("a")]));
    assert_eq!(circles(&graph), vec![vec![m("a"), m("b"), m("c")]]);
    graph.insert(m("c"), BTreeSet::new());
    assert!(circles(&graph).is_empty());
}

#[test]
fn a_use_of_a_child_module_is_read_as_one() {
    let text = "use game::{Match, replay};\npub use view::View;\nuse serde::Serialize;\n";
    let want: Vec<Vec<String>> = [
        ["game", "Match"],
        ["game", "replay"],
        ["serde", "Serialize"],
    ]
    .iter()
    .map(|p| p.iter().map(|s| s.to_string()).collect())
    .collect();
    assert_eq!(relative_uses(text), want);
}

#[test]
fn paths_are_read_from_use_lines_and_code() {
    let text = "use crate::a::{b::C, d};\nuse super::e;\nfn f() { crate::g::h(); $crate::x::y }\n";
    let paths = paths_in(text);
    let want: Vec<Vec<String>> = ["crate a b C", "crate a d", "super e", "crate g h"]
        .iter()
        .map(|p| p.split(' ').map(String::from).collect())
        .collect();
    assert_eq!(paths, want);
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".into()
    } else {
        module.join("::")
    }
}

/// Every module of the source folder `root` and the modules it imports.
fn graph_of(root: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut files = Vec::new();
    walk(root, &mut files);
    let modules: BTreeMap<Module, PathBuf> = files
        .into_iter()
        .filter_map(|f| module_of(root, &f).map(|m| (m, f)))
        .collect();
    let mut graph = BTreeMap::new();
    for (module, file) in &modules {
        let text = fs::read_to_string(file).expect("a source file reads");
        let text = without_tests(&text);
        let mut targets = BTreeSet::new();
        // `use child::...` names a module declared in this one (2018 paths).
        let relative = relative_uses(&text)
            .into_iter()
            .map(|p| [vec!["self".to_string()], p].concat());
        for path in paths_in(&text).into_iter().chain(relative) {
            let Some(absolute) = resolve(module, &path) else {
                continue;
            };
            // The longest prefix that is a module is the one imported.
            let target = (0..=absolute.len())
                .rev()
                .map(|n| absolute[..n].to_vec())
                .find(|p| modules.contains_key(p));
            if let Some(target) = target.filter(|t| t != module) {
                targets.insert(target);
            }
        }
        graph.insert(module.clone(), targets);
    }
    graph
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("a source folder reads")
        .map(|e| e.expect("a folder entry reads").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file holds; None for test modules and binaries' helpers outside the tree.
fn module_of(root: &Path, file: &Path) -> Option<Module> {
    let rel = file.strip_prefix(root).ok()?;
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?.to_string();
    if parts.is_empty() && (stem == "lib" || stem == "main") {
        return Some(Vec::new());
    }
    if stem != "mod" {
        parts.push(stem);
    }
    if parts.iter().any(|p| p == "tests") {
        return None;
    }
    Some(parts)
}

/// The text without its test module: everything from a top-level `#[cfg(test)]` that opens
/// a `mod` on. Test-only items elsewhere are few and import nothing of their own.
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim_end() == "#[cfg(test)]" {
            if let Some(next) = lines.peek() {
                if next.starts_with("mod ") || next.starts_with("pub mod ") {
                    break;
                }
            }
        }
        // Comments name paths in prose; they import nothing.
        let code = line.split("//").next().unwrap_or("");
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// Every `crate::`, `super::` and `self::` path in the text, `use` groups expanded.
fn paths_in(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .find(|s| bytes[i..].starts_with(s.as_bytes()));
        let boundary =
            i == 0 || !is_ident(bytes[i - 1]) && bytes[i - 1] != b'$' && bytes[i - 1] != b':';
        match starts {
            Some(start) if boundary => {
                let head = start.trim_end_matches("::").to_string();
                let (paths, end) = tree(text, i + start.len(), vec![head]);
                out.extend(paths);
                i = end.max(i + 1);
            }
            _ => i += 1,
        }
    }
    out
}

/// The paths of private `use` lines that start with a plain name, not `crate`, `super`,
/// `self` or `::`: in this crate's 2018 paths, a child module or an outside crate (which
/// resolves to no module here and is dropped). A `pub use` of a child is a re-export, a
/// facade for the child's users, and no use of the child by the parent's own code.
fn relative_uses(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        let rest = line.strip_prefix("use ");
        let Some(rest) = rest else { continue };
        let first: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if first.is_empty() || ["crate", "super", "self", "std", "core"].contains(&first.as_str()) {
            continue;
        }
        out.extend(paths_in(&format!("self::{rest}")).into_iter().map(|mut p| {
            p.remove(0);
            p
        }));
    }
    out
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Reads a use tree from `at` (after a `::`), `prefix` its path so far: the paths it names
/// and where it ends.
fn tree(text: &str, mut at: usize, prefix: Vec<String>) -> (Vec<Vec<String>>, usize) {
    let bytes = text.as_bytes();
    let skip_space = |mut k: usize| {
        while k < bytes.len() && bytes[k].is_ascii_whitespace() {
            k += 1;
        }
        k
    };
    at = skip_space(at);
    if at < bytes.len() && bytes[at] == b'{' {
        let mut out = Vec::new();
        at += 1;
        loop {
            at = skip_space(at);
            if at >= bytes.len() {
                return (out, at);
            }
            if bytes[at] == b'}' {
                return (out, at + 1);
            }
            if bytes[at] == b',' {
                at += 1;
                continue;
            }
            let (paths, end) = tree(text, at, prefix.clone());
            out.extend(paths);
            at = end.max(at + 1);
        }
    }
    let mut path = prefix;
    loop {
        let start = at;
        while at < bytes.len() && is_ident(bytes[at]) {
            at += 1;
        }
        if at > start {
            path.push(text[start..at].to_string());
        } else if at < bytes.len() && bytes[at] == b'*' {
            at += 1;
        }
        if bytes[at..].starts_with(b"::{") {
            return tree(text, at + 2, path);
        }
        let more = bytes.get(at + 2).is_some_and(|&b| is_ident(b) || b == b'*');
        if bytes[at..].starts_with(b"::") && more {
            at += 2;
            continue;
        }
        return (vec![path], at);
    }
}

/// A path as segments from the crate root. A module's `super` is its parent whether it is a
/// `name.rs` or a `name/mod.rs` file.
fn resolve(module: &Module, path: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = module.clone();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &path[1..];
        }
        Some("self") => rest = &path[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The strongly connected groups of two or more modules (Tarjan's algorithm), sorted.
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        out: Vec<Vec<Module>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let Some((w, _)) = self.graph.get_key_value(w) else {
                    continue;
                };
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    group.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.out.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.out.sort();
    walk.out
}
