//! Placing pieces (Hive: «Как играть», «Положить фишку»).

use super::kit::*;
use crate::{Color, Game, Move, Options, Refusal};

#[test]
fn the_first_piece_goes_in_the_middle_and_the_second_touches_it() {
    // Hive: «Как играть» — the first player lays a piece in the middle, the second joins it.
    let game = Game::new(Options::default());
    let first: Vec<Move> = game.legal_moves();
    assert_eq!(first.len(), 5, "one of each kind, at the origin");
    assert!(first.iter().all(|m| m.to() == Some(h(0, 0))));
    assert_eq!(refusal(&game, place("wA1", 1, 0)), Refusal::FirstAtOrigin);
    let game = play("wS1");
    let second: Vec<_> = game.legal_moves().iter().filter_map(|m| m.to()).collect();
    assert_eq!(second.len(), 5 * 6, "five kinds on the six cells around");
    assert_eq!(refusal(&game, place("bA1", 2, 0)), Refusal::NotTouchingHive);
    assert_eq!(refusal(&game, place("bA1", 0, 0)), Refusal::Occupied);
}

#[test]
fn blacks_first_piece_may_touch_white_but_no_later_one_may_touch_the_opponent() {
    // Hive: «Положить фишку» — a new piece may not touch the opponent's, except on the first
    // move.
    let game = play("wS1;bS1 wS1-");
    // East of bS1 touches it; north-east of wS1 touches both.
    assert_eq!(refusal(&game, place("wQ", 2, 0)), Refusal::TouchesOpponent);
    assert_eq!(refusal(&game, place("wQ", 1, -1)), Refusal::TouchesOpponent);
    legal(&game, place("wQ", -1, 0));
    let game = play("wS1;bS1 wS1-;wQ -wS1");
    assert_eq!(refusal(&game, place("bQ", -2, 0)), Refusal::TouchesOpponent);
    assert_eq!(refusal(&game, place("bQ", 5, 0)), Refusal::NotTouchingHive);
    legal(&game, place("bQ", 2, 0));
}

#[test]
fn a_stack_counts_by_the_colour_of_the_beetle_on_top() {
    // Hive: «Жук» — the colour of a place in the hive is the beetle's.
    let game = rig(
        &[("bA1", 0, 0), ("wB1", 0, 0), ("wQ", 1, 0), ("bQ", -1, 0)],
        Color::White,
        5,
    );
    // North-east of the origin touches the stack (a white beetle on a black ant) and wQ only.
    legal(&game, place("wS1", 1, -1));
    // North of the origin also touches bQ.
    assert_eq!(
        refusal(&game, place("wS1", 0, -1)),
        Refusal::TouchesOpponent
    );
    let game = rig(
        &[("bA1", 0, 0), ("wB1", 0, 0), ("wQ", 1, 0), ("bQ", -1, 0)],
        Color::Black,
        5,
    );
    assert_eq!(
        refusal(&game, place("bS1", 1, -1)),
        Refusal::TouchesOpponent
    );
}

#[test]
fn a_piece_may_be_placed_into_a_hole_among_ones_own_pieces() {
    // Hive: «Как передвигаться» — a new piece may go into an empty place surrounded by others,
    // if the placing rules allow it.
    let ring = [
        ("wQ", 0, -1),
        ("wS1", 1, -1),
        ("wS2", 1, 0),
        ("wG1", 0, 1),
        ("wG2", -1, 1),
        ("wA1", -1, 0),
        ("bQ", 3, -1),
        ("bS1", 2, -1),
    ];
    let game = rig(&ring, Color::White, 5);
    legal(&game, place("wA2", 0, 0));
}

#[test]
fn pieces_of_a_kind_come_in_number_order_and_only_from_hand() {
    // Hive: «Положить фишку» — UHP numbers a kind's pieces in the order they are played.
    let game = play("wA1;bA1 wA1-");
    assert_eq!(refusal(&game, place("wA3", -1, 0)), Refusal::OutOfOrder);
    legal(&game, place("wA2", -1, 0));
    assert_eq!(refusal(&game, place("wA1", -1, 0)), Refusal::NotInHand);
    assert_eq!(game.hand(Color::White).len(), 10);
    assert_eq!(game.hand(Color::White)[0], p("wQ"));
    assert!(!game.hand(Color::White).contains(&p("wA1")));
}
