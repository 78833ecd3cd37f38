//! `gm script` as the real binary: golden transcripts of whole games (insta), bad input, a process
//! crashing at every line of a game that, restarted on the same database, ends exactly as an
//! uninterrupted run, and a game played by two scripts in turn.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn gm() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gm"))
}

fn script_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts")
        .join(format!("{name}.jsonl"))
}

/// Runs a whole script at once and returns its output lines.
fn run(input: &str, lang: &str, db: Option<&Path>) -> Vec<String> {
    let mut cmd = gm();
    cmd.args(["--lang", lang, "script", "--seed", "1"]);
    if let Some(db) = db {
        cmd.arg("--db").arg(db);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gm runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "gm script failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn transcript(name: &str, lang: &str) -> String {
    let input = std::fs::read_to_string(script_path(name)).unwrap();
    let output = run(&input, lang, None);
    assert_eq!(
        output.len(),
        input.lines().count(),
        "one output line per input line"
    );
    input
        .lines()
        .zip(&output)
        .map(|(i, o)| format!("> {i}\n< {o}\n"))
        .collect()
}

#[test]
fn classic_game_in_english() {
    insta::assert_snapshot!(transcript("classic_en", "en"));
}

#[test]
fn classic_game_in_russian() {
    insta::assert_snapshot!(transcript("classic_ru", "ru"));
}

#[test]
fn quantum_game_in_english() {
    insta::assert_snapshot!(transcript("quantum_en", "en"));
}

#[test]
fn quantum_game_in_russian() {
    insta::assert_snapshot!(transcript("quantum_ru", "ru"));
}

/// Kodex part А: the example fragment of a game, answered as the book's master answers it.
#[test]
fn part_a_example_dialogue() {
    let t = transcript("part_a_ru", "ru");
    // The book's answers, in order (part А, lines ~175–222).
    for answer in [
        "Пришел на Сушу",
        "Попал в Реку, снесло в Устье",
        "Слышен вопль",
        "Второй ранен",
        "Ранен, две пули, три гранаты",
        "Пришел в Медсанбат, вылечился",
        "Туда нельзя, стенка",
        "Пришел на Сушу, нашел клад",
    ] {
        assert!(t.contains(answer), "missing the book's answer {answer:?}");
    }
    insta::assert_snapshot!(t);
}

fn peek_of(lines: &[String]) -> &str {
    lines.last().map(String::as_str).unwrap_or("")
}

/// Bad input gets a clear error or reply and changes nothing: the peek after equals the peek before.
#[test]
fn bad_input_changes_nothing() {
    let setup = std::fs::read_to_string(script_path("classic_en")).unwrap();
    // Up to the first peek after the start: a game in play, ann to move.
    let setup: String = setup.lines().take(8).map(|l| format!("{l}\n")).collect();
    let big = "go up ".repeat(11_000);
    let bad_plan_lines = [
        "not json at all".to_string(),
        "{\"user\":\"ann\"}".to_string(),
        "[1,2,3]".to_string(),
        "{\"advance\":\"soon\"}".to_string(),
        "{\"user\":\"ann\",\"chat\":\"elsewhere\",\"text\":\"go up\"}".to_string(),
        "{\"user\":\"ann\",\"chat\":\"group\",\"text\":\"/frobnicate\"}".to_string(),
        "{\"user\":\"bob\",\"chat\":\"group\",\"text\":\"go up\"}".to_string(),
        "{\"user\":\"eve\",\"chat\":\"group\",\"text\":\"go up\"}".to_string(),
        "{\"user\":\"bob\",\"chat\":\"group\",\"text\":\"/abort\"}".to_string(),
        "{\"user\":\"ann\",\"chat\":\"group\",\"text\":\"go up and go down\"}".to_string(),
        "{\"user\":\"ann\",\"chat\":\"group\",\"text\":\"fly to the moon\"}".to_string(),
        format!("{{\"user\":\"ann\",\"chat\":\"group\",\"text\":\"{big}\"}}"),
    ];
    let mut input = setup.clone();
    input.push_str("{\"peek\":true}\n");
    for l in &bad_plan_lines {
        input.push_str(l);
        input.push('\n');
    }
    // Invalid UTF-8 from a platform.
    let mut bytes = input.into_bytes();
    bytes.extend_from_slice(b"{\"user\":\"ann\",\"chat\":\"group\",\"text\":\"go \xff\xfe up\"}\n");
    bytes.extend_from_slice(b"{\"peek\":true}\n");
    let input = String::from_utf8_lossy(&bytes).into_owned();
    let out = run(&input, "en", None);
    let n = setup.lines().count();
    let before = &out[n];
    let after = peek_of(&out);
    assert_eq!(before, after, "bad input changed the game");
    let replies = &out[n + 1..out.len() - 1];
    assert!(replies[0].starts_with("{\"error\":\"not JSON"));
    assert!(replies[1].starts_with("{\"error\":"));
    assert!(replies[2].starts_with("{\"error\":"));
    assert!(replies[3].starts_with("{\"error\":"));
    assert!(replies[4].starts_with("{\"error\":"));
    assert!(replies[6].contains("It is not your turn"));
    assert!(replies[7].contains("eve, you are not playing"));
    assert!(replies[8].contains("Only the game's opener"));
    assert!(replies[9].contains("exactly one movement"));
    assert!(replies[11].contains("too long"));
    assert!(replies.last().unwrap().contains("garbled"));
    for r in replies {
        assert!(
            !r.contains("{\"out\":[]}"),
            "every bad line gets an answer: {r}"
        );
    }
}

/// A plan with every kind of error: each refusal lists the problems, and nothing is kept.
#[test]
fn refused_plans_keep_nothing() {
    let open = "{\"user\":\"gm\",\"chat\":\"group\",\"text\":\"/newgame labyrinth classic plan=own\"}\n\
        {\"user\":\"ann\",\"chat\":\"group\",\"text\":\"/join\"}\n\
        {\"user\":\"bob\",\"chat\":\"group\",\"text\":\"/join\"}\n\
        {\"user\":\"gm\",\"chat\":\"group\",\"text\":\"/begin\"}\n\
        {\"peek\":true}\n";
    let plans = [
        "",
        "labyrinth",
        "labyrinth 2x2\n+---+---+\n| .   . |\n+---+---+\n",
        "labyrinth 3x1\n+---+---+---+\n| X   .   . |\n+---+---+---+\n",
        // Parses, breaks the §8 rules: no exit, no treasure.
        "labyrinth 3x3\n+---+---+---+\n| .   .   . |\n+   +   +   +\n| .   .   . |\n+   +   +   +\n| .   .   . |\n+---+---+---+\n",
    ];
    let mut input = open.to_string();
    for p in plans {
        input.push_str(&format!(
            "{{\"user\":\"gm\",\"chat\":\"dm\",\"text\":{}}}\n",
            serde_json_string(p)
        ));
    }
    input.push_str("{\"peek\":true}\n");
    let out = run(&input, "en", None);
    assert_eq!(
        out[4],
        *out.last().unwrap(),
        "a refused plan changed the game"
    );
    for reply in &out[5..out.len() - 1] {
        assert!(reply.contains("\"to\":\"gm\""), "{reply}");
        assert!(!reply.contains("accepted"), "{reply}");
    }
}

fn serde_json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Runs the script on `db` with the crash hook set to abort at `point` of line `k`: returns what it
/// printed before it died.
fn run_crashing(input: &str, db: &Path, k: usize, point: &str) -> Vec<String> {
    let mut child = gm()
        .args(["--lang", "en", "script", "--seed", "1", "--db"])
        .arg(db)
        .env("GM_SCRIPT_CRASH", format!("{k}:{point}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The process may die before it read everything: a broken pipe here is expected.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success(), "the crash hook fired at {k}:{point}");
    let mut stdout = BufReader::new(&out.stdout[..]);
    let mut lines = vec![];
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap() > 0 {
        lines.push(line.trim_end().to_string());
        line.clear();
    }
    lines
}

/// Every message of a run's answers, in the order printed.
fn messages(answers: &[String]) -> Vec<serde_json::Value> {
    answers
        .iter()
        .filter_map(|a| serde_json::from_str::<serde_json::Value>(a).ok())
        .filter_map(|a| a["out"].as_array().cloned())
        .flatten()
        .collect()
}

/// How many input lines the database says were handled.
fn cursor(db: &Path) -> usize {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = bot_core::store::Store::open(db).await.unwrap();
        let n = store.meta(bot_core::cli::script::CURSOR_KEY).await.unwrap();
        store.close().await;
        n.map_or(0, |n| n.parse().unwrap())
    })
}

/// The process crashing at any line of a game — after the line's effects were committed and
/// before its answer was printed, or after printing and before marking its messages sent — and
/// restarted on the same database with the input from the stored cursor on, ends with the same
/// state and the same messages as an uninterrupted run: none lost, none repeated but the ones of a
/// crash between printing and marking (sent at least once, as a bot's message in flight is).
#[test]
fn a_crash_at_any_point_of_a_game_loses_nothing_and_repeats_nothing() {
    let input = std::fs::read_to_string(script_path("quantum_en")).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    // The clock ticks on without moving, and the final state is read: what a crash left unprinted
    // comes with the next answer that can carry messages, which a peek's cannot.
    let peek = "{\"advance\":\"0s\"}\n{\"peek\":true}";
    let whole = run(&format!("{input}{peek}\n"), "en", None);
    let (final_state, whole) = whole.split_last().unwrap();
    let dir = std::env::temp_dir().join(format!("gm-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for k in 1..=lines.len() {
        for point in ["answered", "printed"] {
            let db = dir.join(format!("k{k}-{point}.db"));
            let first = run_crashing(&input, &db, k, point);
            assert_eq!(first.len(), k - usize::from(point == "answered"));
            let from = cursor(&db);
            assert!(from <= k, "the cursor ran ahead: {from} > {k}");
            let rest: String = lines[from..].iter().map(|l| format!("{l}\n")).collect();
            let second = run(&format!("{rest}{peek}\n"), "en", Some(&db));
            let (state, second) = second.split_last().unwrap();
            assert_eq!(state, final_state, "the state after a crash at {k}:{point}");
            let mut expected = messages(&whole[..k]);
            if point == "printed" {
                expected.extend(messages(&whole[k - 1..k]));
            }
            expected.extend(messages(&whole[k..]));
            let got: Vec<_> = messages(&first)
                .into_iter()
                .chain(messages(second))
                .collect();
            assert_eq!(got, expected, "the messages around a crash at {k}:{point}");
            let _ = std::fs::remove_file(&db);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A second script on the same database goes on with the game where the first left it: its lines
/// are new messages (not taken for redeliveries of the first script's), and its clock goes on.
#[test]
fn a_second_script_on_the_same_database_goes_on_with_the_game() {
    let input = std::fs::read_to_string(script_path("quantum_en")).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    let whole = run(&input, "en", None);
    let dir = std::env::temp_dir().join(format!("gm-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("game.db");
    let _ = std::fs::remove_file(&db);
    let half = lines.len() / 2;
    let part = |l: &[&str]| l.iter().map(|l| format!("{l}\n")).collect::<String>();
    let mut got = run(&part(&lines[..half]), "en", Some(&db));
    got.extend(run(&part(&lines[half..]), "en", Some(&db)));
    assert_eq!(got, whole);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `gm game export` then `gm game import` into another database: the game goes on there.
#[test]
fn a_game_moves_between_installations() {
    let dir = std::env::temp_dir().join(format!("gm-move-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (from, to) = (dir.join("from.db"), dir.join("to.db"));
    let _ = std::fs::remove_file(&from);
    let _ = std::fs::remove_file(&to);
    let input = std::fs::read_to_string(script_path("classic_en")).unwrap();
    let mut setup: String = input.lines().take(9).map(|l| format!("{l}\n")).collect();
    setup.push_str("{\"peek\":true}\n");
    let here = run(&setup, "en", Some(&from));
    let out = gm()
        .args(["game", "export", "--db"])
        .arg(&from)
        .arg("1")
        .output()
        .unwrap();
    assert!(out.status.success());
    let json = dir.join("game.json");
    std::fs::write(&json, &out.stdout).unwrap();
    let out = gm()
        .args(["game", "import", "--db"])
        .arg(&to)
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let there = run(
        "{\"peek\":true}\n{\"user\":\"bob\",\"chat\":\"group\",\"text\":\"go down\"}\n",
        "en",
        Some(&to),
    );
    assert_eq!(
        &there[0],
        here.last().unwrap(),
        "the imported game is the same game"
    );
    assert!(there[1].contains("ann, your move"), "{}", there[1]);
    let _ = std::fs::remove_dir_all(&dir);
}
