//! `gm hive uhp`, the Universal Hive Protocol engine, run as the real binary: a whole game to a
//! queen surround, undo, the bot's answer, and every kind of error answer.

use std::io::Write;
use std::process::{Command, Stdio};

/// A game from seeded random play, White to move, where `wA3 bG2\` surrounds Black's queen.
const BEFORE_WIN: &str = r"Base;InProgress;White[8];wG1;bS1 wG1-;wA1 -wG1;bG1 bS1\;wA2 -wA1;bS2 bG1\;wQ \wA2;bQ bG1/;wA3 \wG1;bA1 \bQ;wA3 \bA1;bG2 bQ/;wG2 wA1\;bA2 bQ\";
const WIN: &str = r"wA3 bG2\";

/// Runs `gm hive uhp` on `commands` (one a line) and splits its output into the answers, each
/// without its closing `ok`.
fn session(commands: &[String]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gm"))
        .args(["hive", "uhp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gm runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    for c in commands {
        writeln!(stdin, "{c}").expect("the engine reads");
    }
    drop(stdin);
    let out = child.wait_with_output().expect("gm ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.ends_with("ok\n"), "{text}");
    let mut answers: Vec<String> = text.split("ok\n").map(str::to_string).collect();
    answers.pop();
    answers
        .into_iter()
        .map(|a| a.trim_end_matches('\n').to_string())
        .collect()
}

#[test]
fn a_whole_game_to_a_surrounded_queen_with_undo_and_errors() {
    let moves: Vec<&str> = BEFORE_WIN.split(';').skip(3).collect();
    let mut commands = vec![
        "newgame".to_string(),
        "validmoves".into(),
        "bestmove depth 1".into(),
    ];
    commands.extend(moves.iter().map(|m| format!("play {m}")));
    commands.extend(
        [
            &format!("play {WIN}"),
            "play bQ bS1-",
            "undo",
            "play wB1 bQ",
            "pass",
            "castle",
            "newgame Base+MLP",
            "undo 99",
            "options get TournamentOpening",
            "exit",
            "validmoves",
        ]
        .map(String::from),
    );
    let answers = session(&commands);
    let version = env!("CARGO_PKG_VERSION");
    let mut a = answers.iter().map(String::as_str);
    // The engine greets with `info` on start: its id, then the expansion pieces it plays (UHP's
    // capabilities line).
    let greeting = format!("id gm-hive {version}\nMosquito;Ladybug;Pillbug");
    assert_eq!(a.next(), Some(greeting.as_str()));
    assert_eq!(a.next(), Some("Base;NotStarted;White[1]"));
    // Tournament opening (Mzinga's rule): any piece but the queen.
    let mut first: Vec<&str> = a.next().unwrap().split(';').collect();
    first.sort();
    assert_eq!(first, ["wA1", "wB1", "wG1", "wS1"]);
    let bot = a.next().unwrap();
    assert!(first.contains(&bot), "bestmove depth 1 said {bot}");
    let mut played = Vec::new();
    for m in &moves {
        played.push(*m);
        let gs = a.next().unwrap();
        assert!(gs.ends_with(&played.join(";")), "{gs}");
        assert!(gs.starts_with("Base;InProgress;"), "{gs}");
    }
    assert_eq!(played.len(), moves.len());
    // Hive: «Конец игры» — Black's queen surrounded, White wins.
    let won = a.next().unwrap();
    assert_eq!(
        won,
        format!(
            "{};{WIN}",
            BEFORE_WIN.replace("InProgress;White[8]", "WhiteWins;Black[8]")
        )
    );
    assert_eq!(
        a.next(),
        Some("err The game is over. Try 'newgame' to start a new game.")
    );
    assert_eq!(a.next(), Some(BEFORE_WIN), "undo takes the win back");
    let occupied = a.next().unwrap();
    assert!(occupied.starts_with("invalidmove "), "{occupied}");
    let pass = a.next().unwrap();
    assert!(pass.starts_with("invalidmove "), "{pass}");
    assert_eq!(
        a.next(),
        Some("err Invalid command. Try 'help' to see a list of valid commands.")
    );
    // The expansion pieces are played (issue 35): a new game of every one of them.
    assert_eq!(a.next(), Some("Base+MLP;NotStarted;White[1]"));
    assert_eq!(a.next(), Some("err Unable to undo 99 moves."));
    assert_eq!(a.next(), Some("TournamentOpening;bool;True;True"));
    assert_eq!(a.next(), None, "nothing after exit");
}

#[test]
fn commands_before_newgame_ask_for_a_game() {
    let answers = session(&["play wS1".to_string(), "bestmove depth 1".into()]);
    assert_eq!(answers.len(), 3);
    for a in &answers[1..] {
        assert_eq!(
            a,
            "err No game in progress. Try 'newgame' to start a new game."
        );
    }
}

#[test]
fn a_mark_at_a_taken_cell_is_an_invalid_move_and_the_climb_is_named_by_the_piece_below() {
    // Hive UHP, as Mzinga reads MoveStrings: `-bQ` names the ground west of bQ; there lies bS1, so
    // "a piece already exists at that position". The beetle's climb is written `bB1 bS1`.
    let before = r"Base;InProgress;Black[5];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \wQ;bB1 bQ/;wA1 -wQ;bB1 \bQ;wA2 -wA1";
    let answers = session(&[
        format!("newgame {before}"),
        r"play bB1 -bQ".to_string(),
        "play bB1 bS1".to_string(),
    ]);
    assert!(
        answers[2].starts_with("invalidmove ") && answers[2].contains("already exists"),
        "{answers:?}"
    );
    assert!(answers[3].ends_with("bB1 bS1"), "{answers:?}");
}
