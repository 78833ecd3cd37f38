//! `bot-core` names no game: its code (tests aside) has no game's words, so that every game sits
//! behind the seam of `session::game`, a crate of its own above this one (issue 31).

use std::path::Path;

/// The words of the games the bot hosts, in both languages.
const WORDS: [&str; 9] = [
    "labyrinth",
    "лабиринт",
    "maze",
    "kodex",
    "saboteur",
    "вредитель",
    "hive",
    "улей",
    "treasure",
];

#[test]
fn the_session_engine_names_no_game() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = vec![];
    visit(&src, &mut found);
    assert!(found.is_empty(), "game words in bot-core: {found:#?}");
}

/// Every source file under `dir` but the tests and the tests' kit.
fn visit(dir: &Path, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "tests" && name != "testkit" {
                visit(&path, found);
            }
            continue;
        }
        if !name.ends_with(".rs") || name == "tests.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap().to_lowercase();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            for w in WORDS {
                if line.contains(w) {
                    found.push(format!("{}:{}: {w}", path.display(), n + 1));
                }
            }
        }
    }
}

/// The check sees what it is meant to: a game's word in a file is found.
#[test]
fn the_check_finds_a_game_word() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.rs"), "// the Labyrinth\nfn f() {}\n").unwrap();
    std::fs::write(
        dir.path().join("b.rs"),
        "fn g() {}\n#[cfg(test)]\n// hive\n",
    )
    .unwrap();
    let mut found = vec![];
    visit(dir.path(), &mut found);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].ends_with("a.rs:1: labyrinth"), "{found:?}");
}
