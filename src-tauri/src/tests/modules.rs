//! The UI's modules import each other without a circle, so each can be read, tested and
//! replaced on its own (a circle once tied the 101 table to its assistant and score sheet).

use std::collections::BTreeMap;
use std::path::Path;

/// Each `ui/*.js` module and the modules it imports (`from "./x.js"`).
fn imports() -> BTreeMap<String, Vec<String>> {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let mut graph = BTreeMap::new();
    for entry in std::fs::read_dir(&ui).expect("the ui folder") {
        let path = entry.expect("a ui file").path();
        if path.extension().is_none_or(|e| e != "js") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a module reads");
        let used = text
            .split("from \"./")
            .skip(1)
            .filter_map(|rest| rest.split_once('"').map(|(name, _)| name.to_string()))
            .collect();
        let name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        graph.insert(name, used);
    }
    graph
}

/// A circle of imports, if any: the modules along it.
fn circle(graph: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    fn walk(
        graph: &BTreeMap<String, Vec<String>>,
        at: &str,
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == at) {
            return Some(path[i..].to_vec());
        }
        if done.iter().any(|d| d == at) {
            return None;
        }
        path.push(at.to_string());
        for next in graph.get(at).into_iter().flatten() {
            if let Some(found) = walk(graph, next, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.push(at.to_string());
        None
    }
    let mut done = Vec::new();
    graph
        .keys()
        .find_map(|start| walk(graph, start, &mut Vec::new(), &mut done))
}

#[test]
fn the_ui_modules_import_each_other_without_a_circle() {
    let graph = imports();
    assert!(graph.len() > 30, "only {} modules read", graph.len());
    assert_eq!(circle(&graph), None);
}

#[test]
fn the_circle_finder_finds_one() {
    let graph: BTreeMap<String, Vec<String>> =
        [("a.js", "b.js"), ("b.js", "c.js"), ("c.js", "a.js")]
            .into_iter()
            .map(|(from, to)| (from.to_string(), vec![to.to_string()]))
            .collect();
    assert_eq!(circle(&graph).map(|c| c.len()), Some(3));
}
