//! The workspace keeps its layers (issue 31): the crates depend one way, down (`bot-core` on no
//! game, the adapters on no game, each game on `bot-core` and no other game), and within each
//! crate no file imports another in a circle.
//!
//! The import check reads `use crate::…` and `use super::…` trees and `crate::…` / `super::…`
//! paths in code, and maps each to the file of the deepest module it names; the tests at the end
//! of a file (`#[cfg(test)]`) are not the layering. A module's own paths into its children (a
//! facade's re-exports) are not counted: they run down by construction.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The games' crates.
const GAMES: [&str; 4] = ["labyrinth", "saboteur", "hive", "hive-engine"];

/// A crate's `[dependencies]` (not its dev-dependencies), by name.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let doc: toml::Table = text.parse().unwrap();
    (doc.get("dependencies").and_then(|d| d.as_table()))
        .map(|t| t.keys().cloned().collect())
        .unwrap_or_default()
}

#[test]
fn crates_depend_one_way_down() {
    let root = root();
    let core = dependencies(&root.join("bot-core/Cargo.toml"));
    for game in GAMES {
        assert!(
            !core.contains(&game.to_string()),
            "bot-core depends on {game}"
        );
    }
    for adapter in ["telegram", "discord", "web", "bots"] {
        let deps = dependencies(&root.join(adapter).join("Cargo.toml"));
        assert!(deps.contains(&"bot-core".to_string()), "{adapter}");
        for game in GAMES.iter().chain(&["gm", "registry"]) {
            assert!(
                !deps.contains(&game.to_string()),
                "{adapter} depends on {game}"
            );
        }
    }
    for game in ["labyrinth", "saboteur", "hive"] {
        let deps = dependencies(&root.join("games").join(game).join("Cargo.toml"));
        assert!(
            deps.contains(&"bot-core".to_string()),
            "{game} uses the seam"
        );
        for other in GAMES.iter().filter(|&&g| g != game) {
            // Hive's table sits on Hive's own engine.
            if (game, *other) == ("hive", "hive-engine") {
                continue;
            }
            assert!(
                !deps.contains(&other.to_string()),
                "{game} depends on {other}"
            );
        }
    }
    let engine = dependencies(&root.join("games/hive-engine/Cargo.toml"));
    assert!(
        !engine.contains(&"bot-core".to_string()),
        "Hive's engine is a library without the bot"
    );
}

/// A crate's source files by module path (`session/table` for `src/session/table.rs`).
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut found = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().to_string())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            found.insert(parts, path);
        }
    }
    found
}

/// The code of a file without its comments, string contents and trailing tests.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut out = String::new();
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("");
        out.push_str(line);
        out.push('\n');
    }
    // A string's words are not paths.
    let mut clean = String::new();
    let mut in_str = false;
    let mut prev = ' ';
    for c in out.chars() {
        if c == '"' && prev != '\\' {
            in_str = !in_str;
        } else if !in_str {
            clean.push(c);
        }
        prev = c;
    }
    clean
}

/// Every path a `use` tree names, segment by segment.
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let head = tree.split(" as ").next().unwrap_or("");
        let mut path = prefix.to_vec();
        path.extend(
            head.split("::")
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty()),
        );
        out.push(path);
        return;
    };
    let mut path = prefix.to_vec();
    path.extend(
        (tree[..open].split("::"))
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty()),
    );
    let body = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&body[start..i], &path, out);
                start = i + 1;
            }
            _ => {}
        }
    }
    expand(&body[start..], &path, out);
}

/// The paths from `crate` or `super` a file names.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = vec![];
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        let tail = &rest[at + 4..];
        rest = tail;
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = tail.find(';') else { break };
        let tree = tail[..end].trim();
        if tree.starts_with("crate") || tree.starts_with("super") || tree.starts_with("self") {
            expand(tree, &[], &mut out);
        }
    }
    let text = code;
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = text[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            let before = text[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = text[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let segs: Vec<String> = (path.split("::"))
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            // `super::{a, b}` is a use tree, read above.
            if segs.len() > 1 {
                out.push(segs);
            }
        }
    }
    out
}

/// The file a path from module `from` leads into: the deepest module it names.
fn resolve(
    from: &[String],
    path: &[String],
    files: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<Vec<String>> {
    let mut segs = path.iter().peekable();
    let mut base: Vec<String> = match segs.peek().map(|s| s.as_str()) {
        Some("crate") => {
            segs.next();
            vec![]
        }
        _ => from.to_vec(),
    };
    while let Some(s) = segs.peek() {
        match s.as_str() {
            "super" => {
                base.pop()?;
                segs.next();
            }
            "self" => {
                segs.next();
            }
            _ => break,
        }
    }
    let mut best = files.contains_key(&base).then(|| base.clone());
    for s in segs {
        base.push(s.clone());
        if files.contains_key(&base) {
            best = Some(base.clone());
        } else {
            break;
        }
    }
    best
}

/// The sets of files that import each other in a circle, with more than one file each.
fn circles(src: &Path) -> Vec<Vec<String>> {
    let files = modules(src);
    let is_test = |m: &Vec<String>| m.iter().any(|p| p == "tests" || p.ends_with("tests"));
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, path) in &files {
        if is_test(module) {
            continue;
        }
        let edges = graph.entry(module.clone()).or_default();
        for p in paths(&code(path)) {
            if let Some(to) = resolve(module, &p, &files)
                && to != *module
                && !is_test(&to)
            {
                edges.insert(to);
            }
        }
    }
    strongly_connected(&graph)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(|m| m.join("/")).collect();
            names.sort();
            names
        })
        .collect()
}

/// Tarjan's strongly connected components.
fn strongly_connected(
    graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
) -> Vec<Vec<Vec<String>>> {
    struct State<'a> {
        graph: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        on: BTreeSet<&'a Vec<String>>,
        out: Vec<Vec<Vec<String>>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Vec<String>) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        let graph = s.graph;
        for w in graph.get(v).into_iter().flatten() {
            let Some((w, _)) = graph.get_key_value(w) else {
                continue;
            };
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = vec![];
            while let Some(w) = s.stack.pop() {
                s.on.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            s.out.push(component);
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: vec![],
        on: BTreeSet::new(),
        out: vec![],
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

#[test]
fn no_file_imports_another_in_a_circle() {
    let root = root();
    let crates = [
        "bot-core",
        "games/labyrinth",
        "games/saboteur",
        "games/hive",
        "games/hive-engine",
        "registry",
        "gm",
        "telegram",
        "discord",
        "web",
        "bots",
        "app",
    ];
    let mut found = vec![];
    for c in crates {
        for circle in circles(&root.join(c).join("src")) {
            found.push(format!("{c}: {}", circle.join(", ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The check sees a circle where there is one: two files that import each other, and a file
/// that reaches its sibling through `super`.
#[test]
fn the_check_finds_a_circle() {
    let dir = bot_core::testkit::temp_dir("layers");
    let src = dir.path();
    std::fs::create_dir(src.join("a")).unwrap();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(src.join("a/mod.rs"), "mod x;\nmod y;\nuse crate::b::B;\n").unwrap();
    std::fs::write(src.join("a/x.rs"), "use super::y::Y;\npub struct X;\n").unwrap();
    std::fs::write(
        src.join("a/y.rs"),
        "pub struct Y;\nfn f() -> super::x::X { todo!() }\n",
    )
    .unwrap();
    std::fs::write(
        src.join("b.rs"),
        "pub struct B;\n#[cfg(test)]\nmod tests { use crate::a::A; }\n",
    )
    .unwrap();
    let found = circles(src);
    assert_eq!(found, vec![vec!["a/x".to_string(), "a/y".to_string()]]);
}
