//! The queen's rules: on the table by the fourth turn, before any piece moves, and her one step
//! (Hive: «Выложить королеву», «Перемещение фишк», «Королева улья»).

use super::kit::*;
use crate::{Bug, Color, Game, Move, Options, Refusal};

/// Three turns each without a queen: White goes west, Black east.
const NO_QUEENS: &str = "wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-;wG1 -wA1;bG1 bA1-";

#[test]
fn on_the_fourth_turn_without_her_only_the_queen_may_be_placed() {
    // Hive: «Выложить королеву» — on the fourth turn you must place her if you have not.
    let game = play(NO_QUEENS);
    assert_eq!(game.turn(), 4);
    let moves = game.legal_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| matches!(m,
        Move::Place { piece, .. } if piece.bug == Bug::Queen)));
    assert_eq!(refusal(&game, place("wS2", -3, 0)), Refusal::MustPlaceQueen);
    let game = play(&format!("{NO_QUEENS};wQ -wG1"));
    assert_eq!(refusal(&game, place("bS2", 4, 0)), Refusal::MustPlaceQueen);
    legal(&game, place("bQ", 4, 0));
}

#[test]
fn before_the_fourth_turn_the_queen_may_wait() {
    // Hive: «Выложить королеву» — within the first four turns.
    let game = play("wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-");
    assert_eq!(game.turn(), 3);
    legal(&game, place("wG1", -2, 0));
    legal(&game, place("wQ", -2, 0));
}

#[test]
fn the_book_lets_the_queen_come_first_and_the_tournament_opening_does_not() {
    // Hive: «Выложить королеву» — the book only says «в течение первых четырех ходов».
    let book = Game::new(Options::default());
    legal(&book, place("wQ", 0, 0));
    legal(&play("wS1"), place("bQ", 1, 0));
    let tournament = Game::new(Options::base(true));
    assert_eq!(
        refusal(&tournament, place("wQ", 0, 0)),
        Refusal::TournamentQueen
    );
    let tournament = play_with(Options::base(true), "wS1");
    assert_eq!(
        refusal(&tournament, place("bQ", 1, 0)),
        Refusal::TournamentQueen
    );
    let later = play_with(Options::base(true), "wS1;bS1 wS1-");
    legal(&later, place("wQ", -1, 0));
}

#[test]
fn no_piece_moves_before_its_sides_queen_is_placed() {
    // Hive: «Перемещение фишк» — once your queen is placed (but not before) you may move.
    let game = play("wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-");
    assert!(
        game.legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Place { .. }))
    );
    assert_eq!(
        refusal(&game, shift(&game, "wA1", -1, -1)),
        Refusal::QueenNotPlaced
    );
    let game = play("wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
    assert!(!dests(&game, "wQ").is_empty());
    let game = play(NO_QUEENS);
    assert_eq!(
        refusal(&game, shift(&game, "wA1", -1, -1)),
        Refusal::MustPlaceQueen
    );
}

#[test]
fn moved_pieces_may_touch_the_opponents() {
    // Hive: «Перемещение фишк» — moving, you may put a piece next to your opponent's.
    let game = play("wQ;bQ wQ-;wA1 -wQ;bA1 bQ-");
    assert!(
        dests(&game, "wA1").contains(&h(3, 0)),
        "beyond bA1, touching it"
    );
}

#[test]
fn the_queen_moves_one_step_around_the_hive() {
    // Hive: «Королева улья» — one step per turn.
    let game = rig(
        &[("wQ", 0, 0), ("bQ", 1, 0), ("wS1", 0, 1), ("bS1", 2, 0)],
        Color::White,
        5,
    );
    // North-east along bQ, south-west along wS1; the rest would leave the hive's side.
    assert_eq!(dests(&game, "wQ"), cells(&[(1, -1), (-1, 1)]));
    assert_eq!(
        refusal(&game, shift(&game, "wQ", 2, -1)),
        Refusal::QueenOneStep
    );
}
