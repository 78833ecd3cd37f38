//! Faults stay where they happen, seen through the real `gm` binary (issue 29): a player's own
//! setting typed in the group of a running game of each kind, and damaged game files refused by
//! `gm game import` with a reason, the database left as it was and still usable.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

use bot_core::testkit::TempDb;

fn gm() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gm"))
}

/// Runs `gm script` on a database with the given lines; its status and output lines.
fn script(db: &Path, lines: &[Value]) -> (bool, Vec<Value>) {
    let mut child = gm()
        .args(["--lang", "en", "script", "--seed", "3", "--db"])
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gm runs");
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap().unwrap();
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (out.status.success(), lines)
}

fn say(user: &str, chat: &str, text: &str) -> Value {
    json!({"user": user, "chat": chat, "text": text})
}

/// Every text an output line sends.
fn texts(line: &Value) -> String {
    line["out"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `/vacation 3d` and `/lang ru` typed in the group of a running game of every kind: answered,
/// and the script runs to its end (it stopped with exit 2 before, the game "changed meanwhile").
#[test]
fn personal_commands_in_the_group_of_a_running_game_of_every_kind() {
    for (open, players) in [
        ("/newgame hive", &["bob"][..]),
        ("/newgame saboteur", &["bob", "carl"][..]),
        ("/newgame labyrinth classic", &["bob"][..]),
    ] {
        let db = TempDb::new("faults-personal");
        let mut lines = vec![say("ann", "group", open)];
        lines.extend(players.iter().map(|p| say(p, "group", "/join")));
        lines.push(say("ann", "group", "/begin"));
        lines.push(say("ann", "group", "/vacation 3d"));
        lines.push(say("bob", "group", "/lang ru"));
        lines.push(say("ann", "group", "/status"));
        let (ok, out) = script(db.path(), &lines);
        assert!(ok, "{open}: the script runs to its end");
        assert_eq!(out.len(), lines.len(), "{open}: every line answered");
        let n = players.len();
        let vacation = texts(&out[n + 2]);
        assert!(vacation.contains("away"), "{open}: {vacation}");
        let lang = texts(&out[n + 3]);
        assert!(!lang.is_empty(), "{open}: /lang answers");
        assert!(
            out.iter().all(|l| l.get("error").is_none()),
            "{open}: {out:?}"
        );
    }
}

/// A game of Hive played a little on a database, exported by `gm game export`.
fn exported_hive(db: &Path) -> String {
    let lines = [
        say("ann", "group", "/newgame hive color=white"),
        say("bob", "group", "/join"),
        say("ann", "group", "/begin"),
        say("ann", "group", "/move wG1"),
        say("bob", "group", "/move bG1 -wG1"),
    ];
    let (ok, _) = script(db, &lines);
    assert!(ok);
    let out = gm()
        .args(["game", "export", "--db"])
        .arg(db)
        .arg("1")
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn import(db: &Path, doc: &[u8]) -> Output {
    let dir = db.parent().unwrap();
    let file = dir.join("game.json");
    std::fs::write(&file, doc).unwrap();
    gm().args(["game", "import", "--db"])
        .arg(db)
        .arg(&file)
        .output()
        .unwrap()
}

/// Damaged game files — truncated, another game's state, a changed leaf, flipped bytes — are
/// refused by `gm game import` with a reason and exit 1, nothing stored; the database plays on,
/// and the intact file imports.
#[test]
fn damaged_game_files_are_refused_and_the_database_plays_on() {
    let source = TempDb::new("faults-export");
    let doc = exported_hive(source.path());
    let value: Value = serde_json::from_str(&doc).unwrap();
    let mut foreign = value.clone();
    foreign["game"]["state"] = json!({"stage": "playing", "seats": [], "play": {"deck": 3}});
    let mut leaf = value.clone();
    leaf["game"]["state"]["play"]["game"]["gamestring"] = json!("Base;InProgress;White[2];wQ;wQ");
    let mut flipped = doc.clone().into_bytes();
    let at = doc.find("gamestring").unwrap();
    flipped[at + 15] ^= 0x04;
    flipped[10] ^= 0x20;
    let damaged: [(&str, Vec<u8>); 4] = [
        ("truncated", doc.as_bytes()[..doc.len() / 2].to_vec()),
        ("another game's state", foreign.to_string().into_bytes()),
        ("a changed leaf", leaf.to_string().into_bytes()),
        ("flipped bytes", flipped),
    ];
    let db = TempDb::new("faults-import");
    let (ok, _) = script(db.path(), &[say("eve", "group:other", "/newgame tiny")]);
    assert!(ok);
    for (what, bytes) in damaged {
        let out = import(db.path(), &bytes);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{what}: refused: {err}");
        assert!(err.contains("refused"), "{what}: says so: {err}");
        assert!(
            !err.contains("wG1") && !err.contains("bG1"),
            "{what}: no piece of the state is quoted: {err}"
        );
    }
    // Nothing was stored: the database still plays, and the intact file comes in.
    let lines = [
        say("ann", "group", "/newgame hive"),
        say("bob", "group", "/join"),
        say("ann", "group", "/begin"),
        json!({"peek": true}),
    ];
    let (ok, out) = script(db.path(), &lines);
    assert!(ok);
    assert_eq!(out[3]["state"]["status"], "playing");
    let file = db.dir().join("intact.json");
    std::fs::write(&file, &doc).unwrap();
    let out = gm()
        .args(["game", "import", "--chat", "elsewhere", "--db"])
        .arg(db.path())
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
