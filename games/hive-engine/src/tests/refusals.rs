//! Mzinga's invalid-move cases, one refusal of each kind, and what the chat layer relies on: a
//! stable id per refusal.

use std::collections::BTreeSet;

use super::kit::*;
use crate::{Color, Hex, Move, Refusal};

#[test]
fn ids_are_stable_unique_kebab_case_and_messages_are_sentences() {
    let ids: BTreeSet<&str> = Refusal::ALL.iter().map(Refusal::id).collect();
    assert_eq!(ids.len(), Refusal::ALL.len());
    for r in Refusal::ALL {
        let id = r.id();
        assert!(
            id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{id}"
        );
        assert!(!r.to_string().is_empty());
    }
    for id in [
        "queen-not-placed",
        "breaks-hive",
        "gate",
        "must-place-queen",
        "touches-opponent",
        "covered",
        "spider-three-steps",
        "game-over",
        "not-your-piece",
        "out-of-order",
        "pass-not-allowed",
        "tournament-queen",
        "not-in-hand",
    ] {
        assert!(ids.contains(id), "{id}");
    }
}

#[test]
fn not_your_piece() {
    // Mzinga: "It's not that player's turn."
    let game = play("wS1");
    assert_eq!(refusal(&game, place("wA1", 1, 0)), Refusal::NotYourPiece);
}

#[test]
fn not_in_play_and_wrong_source() {
    // A move of a piece still in hand, or from a cell it is not on.
    let game = play("wQ;bQ wQ-");
    let ghost = Move::Shift {
        piece: p("wA1"),
        from: h(0, 0),
        to: h(-1, 0),
    };
    assert_eq!(refusal(&game, ghost), Refusal::NotInPlay);
    let astray = Move::Shift {
        piece: p("wQ"),
        from: h(5, 5),
        to: h(1, -1),
    };
    assert_eq!(refusal(&game, astray), Refusal::WrongSource);
}

#[test]
fn same_cell() {
    let game = play("wQ;bQ wQ-");
    assert_eq!(refusal(&game, shift(&game, "wQ", 0, 0)), Refusal::SameCell);
}

#[test]
fn far_away_cells_are_not_next_to_the_hive() {
    // A cell far off the table aliases no cell of the hive.
    let game = play("wQ;bQ wQ-");
    assert_eq!(
        refusal(&game, place("wA1", 64, -1)),
        Refusal::NotTouchingHive
    );
    assert_eq!(
        refusal(&game, shift(&game, "wQ", 4096, 0)),
        Refusal::NotTouchingHive
    );
    let fresh = crate::Game::new(Default::default());
    assert_eq!(
        refusal(&fresh, place("wA1", 64, -1)),
        Refusal::FirstAtOrigin
    );
}

#[test]
fn each_refusal_kind_has_a_case() {
    // Mzinga's `InvalidMoveException` cases, its "You can't move that piece there." split by
    // creature; CannotReach is the fallback no rule leaves to it.
    let book = |moves: &str| play(moves);
    let opening = "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-";
    let creatures = "wQ;bQ wQ-;wB1 -wQ;bB1 bQ-";
    let surrounded = rig(
        &[
            ("bQ", 0, 0),
            ("wQ", 0, -1),
            ("wS1", 1, -1),
            ("wA1", 1, 0),
            ("wS2", 0, 1),
            ("bS1", -1, 1),
            ("bS2", -1, 0),
        ],
        Color::White,
        6,
    );
    let hole = rig(
        &[
            ("wQ", 0, 0),
            ("bQ", 1, -1),
            ("bS1", 2, -1),
            ("bS2", 2, 0),
            ("wS1", 1, 1),
            ("wS2", 0, 1),
        ],
        Color::White,
        6,
    );
    let high = rig(
        &[
            ("bA1", 0, 0),
            ("wB1", 0, 0),
            ("bA2", 1, -1),
            ("bB1", 1, -1),
            ("bA3", 0, 1),
            ("bB2", 0, 1),
            ("wQ", 1, 0),
            ("bQ", -1, 0),
        ],
        Color::White,
        7,
    );
    let cut = rig(
        &[
            ("wQ", 0, 0),
            ("bQ", 1, -1),
            ("wS1", 1, -2),
            ("bS1", 0, -2),
            ("wS2", -1, -1),
        ],
        Color::White,
        6,
    );
    let gap = rig(
        &[
            ("wG1", -1, 0),
            ("wQ", 0, 0),
            ("bQ", 1, 0),
            ("bS1", 2, -1),
            ("bA1", 3, -1),
            ("bS2", 3, 0),
        ],
        Color::White,
        6,
    );
    let covered = book(&format!("{creatures};wB1 wQ;bB1 bQ"));
    let no_queens = book("wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-;wG1 -wA1;bG1 bA1-");
    let no_queen_yet = book("wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-");
    let tournament = crate::Game::new(crate::Options::base(true));
    let spider = book("wQ;bQ wQ-;wS1 -wQ;bA1 bQ-");
    let g = book(opening);
    let c = book(creatures);
    let mlp = crate::Options {
        tournament: false,
        game_type: crate::GameType::MLP,
    };
    let frozen = play_with(mlp, "wP;bQ wP-;wQ -wP;bA1 bQ\\;wA1 -wQ;bA1 wP/");
    let ladybug = rig_with(
        mlp,
        &[("wL", -1, 0), ("wQ", 0, 0), ("bQ", 1, 0)],
        Color::White,
        5,
    );
    let pillbug = super::pillbug::beside_black();
    let lonely = rig_with(
        mlp,
        &[("wM", 0, 0), ("bM", 1, 0), ("bQ", 2, 0), ("wQ", 3, 0)],
        Color::White,
        5,
    );
    let cases: Vec<(Refusal, crate::Game, Move)> = vec![
        (Refusal::GameOver, surrounded.clone(), place("wB1", 0, -2)),
        (Refusal::NotYourPiece, book("wS1"), place("wA1", 1, 0)),
        (Refusal::PassNotAllowed, book("wS1"), Move::Pass),
        (Refusal::NotInHand, g.clone(), place("wA1", -2, 0)),
        (
            Refusal::NotInPlay,
            g.clone(),
            shift_ghost("wS1", 0, 0, -2, 0),
        ),
        (
            Refusal::WrongSource,
            g.clone(),
            shift_ghost("wA1", 9, 9, -2, 1),
        ),
        (Refusal::TournamentQueen, tournament, place("wQ", 0, 0)),
        (Refusal::MustPlaceQueen, no_queens, place("wS2", -3, 0)),
        (
            Refusal::QueenNotPlaced,
            no_queen_yet.clone(),
            shift(&no_queen_yet, "wA1", -1, -1),
        ),
        (Refusal::OutOfOrder, g.clone(), place("wA3", -2, 0)),
        (Refusal::FirstAtOrigin, book(""), place("wS1", 0, 1)),
        (Refusal::Occupied, book("wS1"), place("bS1", 0, 0)),
        (Refusal::NotTouchingHive, book("wS1"), place("bS1", 2, 0)),
        (Refusal::TouchesOpponent, g.clone(), place("wS1", 1, -1)),
        (
            Refusal::Covered,
            covered.clone(),
            shift(&covered, "wQ", 0, -1),
        ),
        (Refusal::BreaksHive, g.clone(), shift(&g, "wQ", 0, -1)),
        (Refusal::SameCell, g.clone(), shift(&g, "wA1", -1, 0)),
        (
            Refusal::QueenOneStep,
            book("wQ;bQ wQ-"),
            shift_ghost("wQ", 0, 0, 2, -1),
        ),
        (Refusal::BeetleOneStep, c.clone(), shift(&c, "wB1", 1, -1)),
        (Refusal::Gate, hole.clone(), shift(&hole, "wQ", 1, 0)),
        (Refusal::GateAbove, high.clone(), shift(&high, "wB1", 1, 0)),
        (Refusal::LosesContact, cut.clone(), shift(&cut, "wQ", -1, 0)),
        (
            Refusal::GrasshopperStraight,
            gap.clone(),
            shift(&gap, "wG1", 1, -1),
        ),
        (
            Refusal::GrasshopperMustJump,
            gap.clone(),
            shift(&gap, "wG1", 0, -1),
        ),
        (
            Refusal::GrasshopperGap,
            gap.clone(),
            shift(&gap, "wG1", 4, 0),
        ),
        (
            Refusal::SpiderThreeSteps,
            spider.clone(),
            shift(&spider, "wS1", 0, -1),
        ),
        // Hive rules, "Pillbug", "Ladybug", "Mosquito".
        (
            Refusal::JustMoved,
            frozen.clone(),
            shift(&frozen, "bA1", 0, -1),
        ),
        (
            Refusal::PillbugCarry,
            frozen.clone(),
            shift(&frozen, "bQ", 2, 1),
        ),
        (
            Refusal::PillbugOneStep,
            pillbug.clone(),
            shift(&pillbug, "wP", 0, 2),
        ),
        (
            Refusal::LadybugPath,
            ladybug.clone(),
            shift(&ladybug, "wL", 0, -1),
        ),
        (
            Refusal::MosquitoAlone,
            lonely.clone(),
            shift(&lonely, "wM", 0, 1),
        ),
    ];
    for (want, game, mv) in &cases {
        assert_eq!(game.check(mv), Err(*want), "{mv:?}");
        assert_eq!(refusal(game, *mv), *want, "{mv:?}");
    }
    let covered: BTreeSet<&str> = cases.iter().map(|(r, _, _)| r.id()).collect();
    let missing: Vec<&str> = Refusal::ALL
        .iter()
        .map(Refusal::id)
        .filter(|id| !covered.contains(id))
        .collect();
    assert_eq!(missing, vec!["cannot-reach"]);
}

/// A shift that names its own starting cell.
fn shift_ghost(piece: &str, fq: i32, fr: i32, q: i32, r: i32) -> Move {
    Move::Shift {
        piece: p(piece),
        from: Hex::new(fq, fr),
        to: h(q, r),
    }
}
