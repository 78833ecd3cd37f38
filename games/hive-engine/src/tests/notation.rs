//! UHP notation: MoveStrings and GameStrings read leniently and written as Mzinga writes them.

use super::kit::*;
use crate::{Color, Game, Move, NotationError, Options, PlayError, Refusal, State};

#[test]
fn moves_are_written_with_mzingas_reference_and_mark() {
    // The UHP wiki's opening: each reference is the first occupied neighbour, looking round
    // from north-west clockwise.
    let mut game = Game::new(Options::default());
    let mut written = Vec::new();
    for mv in [
        place("wS1", 0, 0),
        place("bS1", 1, 0),
        place("wQ", -1, 0),
        place("bQ", 2, 0),
        place("wA1", -1, -1),
        place("bG1", 3, 0),
    ] {
        written.push(game.move_string(&mv));
        game.play(mv).unwrap();
    }
    assert_eq!(
        written,
        [
            "wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 \\wQ", "bG1 bQ-"
        ]
    );
    assert_eq!(game.move_string(&Move::Pass), "pass");
}

#[test]
fn every_mark_points_its_way() {
    // `wS1-` east, `-wS1` west, `wS1/` north-east, `/wS1` south-west, `wS1\` south-east, `\wS1`
    // north-west.
    let game = play("wQ;bQ wQ-");
    let cases = [
        ("wA1 bQ-", (2, 0)),
        ("wA1 -wQ", (-1, 0)),
        ("wA1 wQ/", (1, -1)),
        ("wA1 /wQ", (-1, 1)),
        ("wA1 wQ\\", (0, 1)),
        ("wA1 \\wQ", (0, -1)),
        ("wA1 wQ", (0, 0)),
    ];
    for (text, (q, r)) in cases {
        assert_eq!(game.parse_move(text), Ok(place("wA1", q, r)), "{text}");
    }
    // East of wQ is bQ's cell: taken.
    assert!(matches!(
        game.parse_move("wA1 wQ-"),
        Err(NotationError::Occupied { .. })
    ));
}

#[test]
fn a_climb_names_the_piece_below_and_a_reference_is_a_stacks_top() {
    // Mzinga names the piece the beetle lands on, and a neighbouring stack by its top piece.
    let game = play("wQ;bQ wQ-;wB1 -wQ;bB1 bQ-;wB1 wQ");
    assert_eq!(game.position(p("wB1")), Some((h(0, 0), 1)));
    let black = game.clone();
    assert_eq!(black.move_string(&shift(&black, "bB1", 1, 0)), "bB1 bQ");
    // South-east of bQ: the first neighbour in Mzinga's order, north-west, is bQ.
    assert_eq!(black.move_string(&place("bA1", 1, 1)), "bA1 bQ\\");
    // The cell south of the stack: its north-west neighbour is the stack, named by wB1 on top.
    let mut g = black.clone();
    g.play(shift(&black, "bB1", 1, 0)).unwrap();
    assert_eq!(g.move_string(&place("wA1", -1, 1)), "wA1 /wB1");
}

#[test]
fn a_moving_piece_is_never_its_own_reference() {
    // Mzinga takes the piece off the table before looking for a reference.
    let game = rig(
        &[("wQ", 0, 0), ("bQ", 1, 0), ("wA1", -1, 1)],
        Color::White,
        5,
    );
    // North-west of (0,1) is the queen; the ant's old cell, west of it, does not count.
    assert_eq!(game.move_string(&shift(&game, "wA1", 0, 1)), "wA1 wQ\\");
    // North-west of (-1,1) is empty, north-east the queen; west of it was the ant.
    assert_eq!(game.move_string(&shift(&game, "wA1", -1, 0)), "wA1 -wQ");
    assert_eq!(game.move_string(&shift(&game, "wA1", 2, 0)), "wA1 bQ-");
}

#[test]
fn a_mark_names_a_free_cell_beside_its_piece_and_a_climb_the_stacks_top() {
    // Hive UHP: a mark (`-bQ`) places the piece on the ground beside the reference piece, as
    // Mzinga reads it; an occupied cell there is refused ("You can't move there because a piece
    // already exists at that position"), not read as climbing onto whatever lies there. Climbing
    // is written with the piece climbed on, which must be its stack's top.
    let game = rig(
        &[("wQ", 0, 0), ("bQ", 1, 0), ("bB1", 1, -1), ("wB1", -1, 0)],
        Color::Black,
        5,
    );
    // West of bQ lies wQ.
    let mut g = game.clone();
    assert_eq!(
        g.play_str("bB1 -bQ"),
        Err(PlayError::Notation(NotationError::Occupied {
            piece: p("bB1"),
            top: p("wQ")
        }))
    );
    assert_eq!(g.play_str("bB1 -bQ").unwrap_err().id(), "occupied");
    assert_eq!(g, game, "nothing played");
    // The canonical spelling of the climb is played.
    g.play_str("bB1 wQ").expect("bB1 climbs onto wQ");
    assert_eq!(g.position(p("bB1")), Some((h(0, 0), 1)));
    // wQ is covered now: "on wQ" is no longer a free place, "on bB1" is.
    let before = g.clone();
    assert_eq!(
        g.play_str("wB1 wQ"),
        Err(PlayError::Notation(NotationError::Occupied {
            piece: p("wB1"),
            top: p("bB1")
        }))
    );
    assert_eq!(g, before);
    g.play_str("wB1 bB1").expect("wB1 climbs onto the stack");
    assert_eq!(g.position(p("wB1")), Some((h(0, 0), 2)));
}

#[test]
fn every_legal_move_is_written_so_that_it_reads_back() {
    // Hive UHP: the strings the engine writes are the ones it reads, climbs and stacks included.
    let game = rig(
        &[("wQ", 0, 0), ("bQ", 1, 0), ("bB1", 1, -1), ("wB1", -1, 0)],
        Color::Black,
        5,
    );
    let mut g = game.clone();
    g.play_str("bB1 wQ").unwrap();
    for state in [game, g] {
        for mv in state.legal_moves() {
            let text = state.move_string(&mv);
            assert_eq!(state.parse_move(&text), Ok(mv), "{text}");
        }
    }
}

#[test]
fn reading_forgives_case_spaces_and_the_queens_number() {
    let game = play("wQ;bQ wQ-");
    let want = place("wA1", -1, 0);
    for text in ["wA1 -wQ", "  wa1   -WQ ", "WA1 -wQ1", "wA1\t-wQ"] {
        assert_eq!(game.parse_move(text), Ok(want), "{text:?}");
    }
    assert_eq!(game.parse_move("PASS"), Ok(Move::Pass));
    assert_eq!(game.parse_move("wQ wQ/"), Ok(shift(&game, "wQ", 1, -1)));
}

#[test]
fn unreadable_moves_say_why() {
    let game = play("wQ;bQ wQ-");
    assert!(matches!(
        game.parse_move(""),
        Err(NotationError::BadMove(_))
    ));
    assert!(matches!(
        game.parse_move("wA1 -wQ-"),
        Err(NotationError::BadMove(_))
    ));
    assert!(matches!(
        game.parse_move("wA1 -wQ extra"),
        Err(NotationError::BadMove(_))
    ));
    assert!(matches!(
        game.parse_move("wX1 -wQ"),
        Err(NotationError::UnknownPiece(_))
    ));
    // Hive rules: the mosquito is in the box only when the game type names it.
    assert_eq!(
        game.parse_move("wM -wQ"),
        Err(NotationError::NotInGame(p("wM")))
    );
    assert_eq!(
        game.parse_move("wA1 -bA1"),
        Err(NotationError::NotOnTable(p("bA1")))
    );
    assert_eq!(
        game.parse_move("wA1"),
        Err(NotationError::NoReference(p("wA1")))
    );
    let mut g = game.clone();
    // East of wQ lies bQ: a mark names a free cell (Mzinga: "a piece already exists at that
    // position").
    assert!(matches!(
        g.play_str("wA1 wQ-"),
        Err(PlayError::Notation(NotationError::Occupied { .. }))
    ));
    assert_eq!(g.play_str("wA1 wQ-").unwrap_err().id(), "occupied");
    // On top of a piece, where an ant may not go: the rules refuse it.
    assert!(matches!(
        g.play_str("wA1 bQ"),
        Err(PlayError::Refused(Refusal::Occupied))
    ));
    assert_eq!(g.play_str("zz").unwrap_err().id(), "notation");
    assert_eq!(g, game, "nothing played");
}

#[test]
fn the_game_string_is_mzingas_and_reads_back() {
    let game = play("wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
    let s = game.game_string();
    assert_eq!(s, "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
    let back = Game::from_game_string(&s, Options::default()).unwrap();
    assert_eq!(back, game);
    assert_eq!(
        Game::new(Options::default()).game_string(),
        "Base;NotStarted;White[1]"
    );
    assert_eq!(
        Game::from_game_string("Base", Options::default()),
        Ok(Game::new(Options::default()))
    );
    // Spaces after the separators, as Mzinga's own test cases have them.
    let spaced = Game::from_game_string(
        "Base;InProgress;White[3]; wS1; bS1 wS1-; wQ -wS1; bQ bS1-",
        Options::default(),
    );
    assert_eq!(spaced, Ok(game));
}

#[test]
fn game_strings_that_disagree_or_break_rules_are_refused() {
    let o = Options::default();
    assert!(matches!(
        Game::from_game_string("Base+LM;NotStarted;White[1]", o),
        Err(NotationError::GameType(_))
    ));
    assert!(matches!(
        Game::from_game_string("Chess;NotStarted;White[1]", o),
        Err(NotationError::BadGameString(_))
    ));
    assert!(matches!(
        Game::from_game_string("Base;InProgress", o),
        Err(NotationError::BadGameString(_))
    ));
    assert!(matches!(
        Game::from_game_string("Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/", o),
        Err(NotationError::Mismatch { .. })
    ));
    assert_eq!(
        Game::from_game_string("Base;InProgress;Black[2];wS1;bG1 -wS1;wQ wS1/", o)
            .map(|g| g.turn()),
        Ok(2)
    );
    assert_eq!(
        Game::from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-;wQ bS1-", o),
        Err(NotationError::Illegal {
            index: 3,
            mv: "wQ bS1-".into(),
            refusal: Refusal::TouchesOpponent
        })
    );
    let tournament = Options::base(true);
    assert!(matches!(
        Game::from_game_string("Base;InProgress;Black[1];wQ", tournament),
        Err(NotationError::Illegal {
            refusal: Refusal::TournamentQueen,
            ..
        })
    ));
}

#[test]
fn a_finished_game_says_who_won() {
    // Hive: «Конец игры» — the GameString's state after the queen is surrounded.
    let game = white_wins();
    assert_eq!(game.state(), State::WhiteWins);
    let s = game.game_string();
    assert!(s.starts_with("Base;WhiteWins;Black[9];wQ;bQ wQ-;"), "{s}");
    // The beetle's last step names bA1, south-east of it: the cell north-west of it is the one
    // the beetle leaves.
    assert!(s.ends_with(";wB1 wA1/;bG2 bG1-;wB1 \\bA1"), "{s}");
    let back = Game::from_game_string(&s, Options::default()).unwrap();
    assert_eq!(back, game);
}

#[test]
fn mzingas_spider_cases() {
    // Mzinga's Board_ValidMovesForSpiderTest: the placements of a second spider, and two
    // positions from its issues #102 and #116 with every move of White's spider.
    let cases = [
        (
            "Base;InProgress;White[2];wS1;bS1 wS1-",
            "wS2",
            "wS2 \\wS1;wS2 /wS1;wS2 -wS1",
        ),
        (
            "Base;InProgress;White[5]; wA1; bG1 -wA1; wB1 wA1/; bA1 -bG1; wQ \\wB1; bQ \\bA1; wS1 \\wQ; bS1 bQ/",
            "wS1",
            "wS1 wB1-;wS1 \\bS1;wS1 bS1\\;wS1 /wQ",
        ),
        (
            "Base;InProgress;White[6];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 /wQ;bB1 bS1\\;wB1 wG1\\;bG1 /bB1;wS2 wQ\\;bQ bB1/",
            "wS2",
            "wS2 /bG1;wS2 wB1\\;wS2 /wB1;wS2 bG1\\",
        ),
    ];
    for (gamestring, piece, moves) in cases {
        let game = Game::from_game_string(gamestring, Options::base(true))
            .unwrap_or_else(|e| panic!("{gamestring}: {e}"));
        let want: std::collections::BTreeSet<String> = moves
            .split(';')
            .map(|m| format!("{:?}", game.parse_move(m).unwrap()))
            .collect();
        let got: std::collections::BTreeSet<String> = game
            .legal_moves()
            .into_iter()
            .filter(|m| m.piece() == Some(p(piece)))
            .map(|m| format!("{m:?}"))
            .collect();
        assert_eq!(got, want, "{gamestring}");
    }
}

#[test]
fn games_serialise_as_options_and_game_string() {
    let game = play_with(Options::base(true), "wS1;bS1 wS1-;wQ -wS1");
    let json = serde_json::to_value(&game).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "options": {"tournament": true, "game_type": "Base"},
            "gamestring": "Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1"
        })
    );
    let back: Game = serde_json::from_value(json).unwrap();
    assert_eq!(back, game);
    let bad = serde_json::json!({"options": {}, "gamestring": "Base;InProgress;White[1];wQ;bQ"});
    assert!(serde_json::from_value::<Game>(bad).is_err());
}
