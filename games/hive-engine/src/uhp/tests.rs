//! Every UHP command and every error answer, as Mzinga's engine gives them.

use super::*;

/// A game from seeded random play where White surrounds Black's queen with `wA3 bG2\`.
const BEFORE_WIN: &str = r"Base;InProgress;White[8];wG1;bS1 wG1-;wA1 -wG1;bG1 bS1\;wA2 -wA1;bS2 bG1\;wQ \wA2;bQ bG1/;wA3 \wG1;bA1 \bQ;wA3 \bA1;bG2 bQ/;wG2 wA1\;bA2 bQ\";
const WIN: &str = r"wA3 bG2\";

fn ok(lines: &[&str]) -> String {
    let mut s = String::new();
    for l in lines {
        s.push_str(l);
        s.push('\n');
    }
    s + "ok\n"
}

fn err(message: &str) -> String {
    ok(&[&format!("err {message}")])
}

fn started() -> Engine {
    let mut e = Engine::new();
    e.handle("newgame");
    e
}

#[test]
fn info_names_the_engine_and_declares_the_expansions() {
    let mut e = Engine::new();
    let version = env!("CARGO_PKG_VERSION");
    // Mzinga's capabilities line: the expansion pieces the engine plays.
    assert_eq!(
        e.handle("info"),
        ok(&[&format!("id gm-hive {version}"), "Mosquito;Ladybug;Pillbug"])
    );
    assert_eq!(
        e.handle("INFO"),
        e.handle("info"),
        "commands are read in any case"
    );
}

#[test]
fn newgame_starts_a_base_game_or_loads_a_game_string() {
    let mut e = Engine::new();
    assert_eq!(e.handle("newgame"), ok(&["Base;NotStarted;White[1]"]));
    assert_eq!(e.handle("newgame Base"), ok(&["Base;NotStarted;White[1]"]));
    let loaded = e.handle(&format!("newgame {BEFORE_WIN}"));
    assert_eq!(loaded, ok(&[BEFORE_WIN]));
    // The loaded game goes on: Hive: «Конец игры» — White surrounds Black's queen.
    let won = e.handle(&format!("play {WIN}"));
    assert!(won.starts_with("Base;WhiteWins;Black[8];"), "{won}");
    assert!(won.ends_with(&format!(";{WIN}\nok\n")), "{won}");
}

#[test]
fn newgame_plays_every_game_type_and_refuses_unreadable_game_strings() {
    let mut e = started();
    // Hive rules, "Mosquito", "Ladybug", "Pillbug": from the start, each kind in the box is one
    // more first placement (the queen aside, by the tournament opening).
    for (kind, first) in [("Base+M", 5), ("Base+L", 5), ("Base+P", 5), ("Base+MLP", 7)] {
        assert_eq!(
            e.handle(&format!("newgame {kind}")),
            ok(&[&format!("{kind};NotStarted;White[1]")])
        );
        assert_eq!(e.handle("validmoves").split(';').count(), first, "{kind}");
    }
    let answer = e.handle("play wM");
    assert_eq!(answer, ok(&["Base+MLP;InProgress;Black[1];wM"]));
    let loaded = "Base+MLP;InProgress;White[2];wM;bL wM-";
    assert_eq!(e.handle(&format!("newgame {loaded}")), ok(&[loaded]));
    let mut base = started();
    let refused = base.handle("play wM");
    assert!(
        refused.starts_with("invalidmove ") || refused.starts_with("err "),
        "{refused}"
    );
    for bad in [
        "newgame Base+LM",
        "newgame Base+X;NotStarted;White[1]",
        "newgame Base;InProgress;Black[1];wM",
        "newgame Chess",
        "newgame Base;InProgress;White[2];wS1",
        "newgame Base;InProgress;Black[1];wQ",
    ] {
        let answer = e.handle(bad);
        assert!(
            answer.starts_with("err ") && answer.ends_with("\nok\n"),
            "{bad}: {answer}"
        );
    }
    assert_eq!(
        e.handle("validmoves").lines().count(),
        2,
        "a refused newgame keeps the game"
    );
}

#[test]
fn play_and_pass_answer_the_game_string_or_invalidmove() {
    let mut e = started();
    assert_eq!(e.handle("play wS1"), ok(&["Base;InProgress;Black[1];wS1"]));
    assert_eq!(
        e.handle("play bG1 -wS1"),
        ok(&["Base;InProgress;White[2];wS1;bG1 -wS1"])
    );
    // Hive: «Положить фишку» — a new piece may not touch the opponent's.
    let refused = e.handle("play wA1 -bG1");
    assert!(
        refused.starts_with("invalidmove ") && refused.ends_with("\nok\n"),
        "{refused}"
    );
    let unreadable = e.handle("play wX9 wS1");
    assert!(unreadable.starts_with("invalidmove "), "{unreadable}");
    // Hive: «Невозможно передвинуть или выложить фишку» — no pass while a move exists.
    let pass = e.handle("pass");
    assert!(pass.starts_with("invalidmove "), "{pass}");
    assert_eq!(e.handle("play"), err(INVALID_COMMAND));
    assert_eq!(
        e.game().unwrap().game_string(),
        "Base;InProgress;White[2];wS1;bG1 -wS1",
        "refused moves change nothing"
    );
}

#[test]
fn the_tournament_opening_forbids_the_queen_first() {
    let mut e = started();
    let moves = e.handle("validmoves");
    let first = moves.lines().next().unwrap();
    let mut listed: Vec<&str> = first.split(';').collect();
    listed.sort();
    assert_eq!(listed, ["wA1", "wB1", "wG1", "wS1"]);
    let queen = e.handle("play wQ");
    assert!(queen.starts_with("invalidmove "), "{queen}");
    assert_eq!(
        e.handle("options set TournamentOpening False"),
        ok(&["TournamentOpening;bool;False;True"])
    );
    assert_eq!(e.handle("validmoves").split(';').count(), 5);
    e.handle("play wQ");
    // The game under way has the queen first: the rule cannot come back in it.
    let back = e.handle("options set TournamentOpening True");
    assert!(back.starts_with("err "), "{back}");
    assert_eq!(
        e.handle("options get TournamentOpening"),
        ok(&["TournamentOpening;bool;False;True"])
    );
}

#[test]
fn validmoves_lists_every_move_joined_by_semicolons() {
    let mut e = started();
    e.handle("play wS1");
    let answer = e.handle("validmoves");
    let line = answer.lines().next().unwrap();
    let game = e.game().unwrap();
    let expected: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| game.move_string(m))
        .collect();
    assert_eq!(line, expected.join(";"));
    assert_eq!(
        expected.len(),
        4 * 6,
        "four kinds on the six cells around wS1"
    );
}

#[test]
fn bestmove_by_depth_time_and_level() {
    let mut e = Engine::new();
    e.handle(&format!("newgame {BEFORE_WIN}"));
    // Hive: «Конец игры» — the bot surrounds the queen when it can.
    assert_eq!(e.handle("bestmove depth 1"), ok(&[WIN]));
    assert_eq!(e.handle("bestmove depth 3"), ok(&[WIN]));
    assert_eq!(e.handle("bestmove time 00:00:00"), ok(&[WIN]));
    assert_eq!(
        e.handle("options set BestMoveLevel 1"),
        ok(&["BestMoveLevel;int;1;5;1;5"])
    );
    assert_eq!(e.handle("bestmove"), ok(&[WIN]));
    assert_eq!(
        e.game().unwrap().game_string(),
        BEFORE_WIN,
        "bestmove plays nothing"
    );
    for bad in [
        "bestmove depth x",
        "bestmove time 5s",
        "bestmove time 00:61:00",
    ] {
        let answer = e.handle(bad);
        assert!(
            answer.starts_with("err ") && answer.ends_with("\nok\n"),
            "{bad}: {answer}"
        );
    }
    assert_eq!(e.handle("bestmove soon"), err(INVALID_COMMAND));
    let mut fresh = started();
    fresh.handle("options set BestMoveLevel 2");
    let first = fresh.handle("bestmove");
    let m = first.lines().next().unwrap();
    assert!(["wA1", "wB1", "wG1", "wS1"].contains(&m), "{first}");
}

#[test]
fn undo_restores_the_game_string() {
    let mut e = started();
    let start = e.handle("validmoves");
    let after_one = e.handle("play wS1");
    e.handle("play bS1 wS1-");
    e.handle("play wG1 -wS1");
    assert_eq!(e.handle("undo 2"), after_one);
    assert_eq!(e.handle("undo"), ok(&["Base;NotStarted;White[1]"]));
    assert_eq!(e.handle("validmoves"), start);
    assert_eq!(e.handle("undo"), err("Unable to undo 1 moves."));
    e.handle("play wS1");
    assert_eq!(e.handle("undo 2"), err("Unable to undo 2 moves."));
    assert_eq!(e.handle("undo 0"), err("Unable to undo 0 moves."));
    assert!(e.handle("undo x").starts_with("err "));
    assert_eq!(e.handle("undo 1 2"), err(INVALID_COMMAND));
    // A finished game can be taken back.
    e.handle(&format!("newgame {BEFORE_WIN}"));
    e.handle(&format!("play {WIN}"));
    assert_eq!(e.handle("undo"), ok(&[BEFORE_WIN]));
}

#[test]
fn commands_that_need_a_game_say_so_before_newgame() {
    let mut e = Engine::new();
    for c in [
        "play wS1",
        "pass",
        "validmoves",
        "bestmove",
        "bestmove depth 1",
        "undo",
    ] {
        assert_eq!(e.handle(c), err(NO_GAME), "{c}");
    }
    assert_eq!(
        NO_GAME,
        "No game in progress. Try 'newgame' to start a new game."
    );
}

#[test]
fn commands_on_a_finished_game_say_it_is_over() {
    let mut e = Engine::new();
    e.handle(&format!("newgame {BEFORE_WIN}"));
    e.handle(&format!("play {WIN}"));
    for c in [
        "play bQ bS1-",
        "pass",
        "validmoves",
        "bestmove",
        "bestmove depth 2",
    ] {
        assert_eq!(e.handle(c), err(GAME_OVER), "{c}");
    }
    assert_eq!(
        GAME_OVER,
        "The game is over. Try 'newgame' to start a new game."
    );
}

#[test]
fn options_list_get_and_set() {
    let mut e = Engine::new();
    assert_eq!(
        e.handle("options"),
        ok(&[
            "TournamentOpening;bool;True;True",
            "BestMoveLevel;int;5;5;1;5"
        ])
    );
    assert_eq!(
        e.handle("options get BestMoveLevel"),
        ok(&["BestMoveLevel;int;5;5;1;5"])
    );
    assert_eq!(
        e.handle("options set BestMoveLevel 3"),
        ok(&["BestMoveLevel;int;3;5;1;5"])
    );
    assert_eq!(
        e.handle("options get Hash"),
        err("The option \"Hash\" is not valid.")
    );
    assert_eq!(
        e.handle("options set Hash 3"),
        err("The option \"Hash\" is not valid.")
    );
    for bad in [
        "options set BestMoveLevel 9",
        "options set TournamentOpening maybe",
    ] {
        assert!(e.handle(bad).starts_with("err "), "{bad}");
    }
    assert_eq!(
        e.handle("options get BestMoveLevel"),
        ok(&["BestMoveLevel;int;3;5;1;5"])
    );
    assert_eq!(e.handle("options frob"), err(INVALID_COMMAND));
    // Set before a game, the opening rule holds for the next one.
    e.handle("options set TournamentOpening false");
    assert_eq!(e.handle("newgame"), ok(&["Base;NotStarted;White[1]"]));
    assert_eq!(e.handle("validmoves").split(';').count(), 5);
}

#[test]
fn unknown_commands_help_and_exit() {
    let mut e = Engine::new();
    assert_eq!(e.handle("castle"), err(INVALID_COMMAND));
    assert_eq!(e.handle("   "), err(INVALID_COMMAND));
    assert_eq!(
        INVALID_COMMAND,
        "Invalid command. Try 'help' to see a list of valid commands."
    );
    let help = e.handle("help");
    assert!(
        help.contains("  bestmove\n") && help.ends_with("\nok\n"),
        "{help}"
    );
    assert!(e.handle("help undo").contains("undo [MovesToUndo]"));
    assert_eq!(e.handle("help castle"), err(INVALID_COMMAND));
    assert!(!e.exit_requested());
    assert_eq!(e.handle("exit"), "");
    assert!(e.exit_requested());
}

#[test]
fn run_greets_with_info_and_stops_at_exit() {
    let input = "newgame\n\nplay wS1\nexit\nvalidmoves\n";
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let expected = format!(
        "id gm-hive {version}\nMosquito;Ladybug;Pillbug\nok\nBase;NotStarted;White[1]\nok\nBase;InProgress;Black[1];wS1\nok\n"
    );
    assert_eq!(String::from_utf8(out).unwrap(), expected);
    // Without exit, the end of the input ends the session.
    let mut out = Vec::new();
    run("info\n".as_bytes(), &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap().matches("ok\n").count(), 2);
}
