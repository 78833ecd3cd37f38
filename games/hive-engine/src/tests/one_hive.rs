//! The one-hive rule (Hive: «Правило единого улья»): the hive never splits, during a move or
//! after it.

use super::kit::*;
use crate::{Color, Refusal};

#[test]
fn a_piece_holding_the_hive_together_cannot_move() {
    // Hive: «Правило единого улья» — moving the black ant would split the hive.
    let game = rig(
        &[("wQ", -1, 0), ("wS1", 0, 0), ("bS1", 1, 0), ("bQ", 2, 0)],
        Color::White,
        5,
    );
    assert!(dests(&game, "wS1").is_empty());
    assert_eq!(
        refusal(&game, shift(&game, "wS1", 0, -1)),
        Refusal::BreaksHive
    );
    assert!(
        !dests(&game, "wQ").is_empty(),
        "the end of the line may move"
    );
}

#[test]
fn the_hive_may_not_split_even_for_the_time_of_a_move() {
    // Hive: «Правило единого улья» — the queen's move would end in one hive, but one piece is
    // cut off while she moves: not allowed.
    let game = rig(
        &[
            ("wQ", 0, 0),
            ("bQ", -1, 0),
            ("wS1", 0, 1),
            ("bS1", -2, 0),
            ("wS2", 1, 1),
        ],
        Color::White,
        6,
    );
    // South-west of her touches both bQ and wS1: the hive would be whole again there.
    assert_eq!(
        refusal(&game, shift(&game, "wQ", -1, 1)),
        Refusal::BreaksHive
    );
    assert!(dests(&game, "wQ").is_empty());
}

#[test]
fn a_piece_on_top_of_a_stack_never_splits_the_hive() {
    // Hive: «Правило единого улья», «Жук» — the stack stays when the beetle leaves it.
    let game = rig(
        &[("wQ", -1, 0), ("bS1", 0, 0), ("wB1", 0, 0), ("bQ", 1, 0)],
        Color::White,
        5,
    );
    let to = dests(&game, "wB1");
    assert_eq!(
        to.len(),
        6,
        "off the stack to four cells, onto wQ and onto bQ: {to:?}"
    );
    legal(&game, shift(&game, "wB1", 1, 0));
}

#[test]
fn any_piece_of_a_ring_may_leave_it() {
    // Hive: «Правило единого улья» — a ring stays one hive without any one of its pieces.
    let game = rig(
        &[
            ("wQ", 0, -1),
            ("bQ", 1, -1),
            ("wA1", 1, 0),
            ("bA1", 0, 1),
            ("wA2", -1, 1),
            ("bA2", -1, 0),
        ],
        Color::White,
        6,
    );
    assert!(!dests(&game, "wA1").is_empty());
    assert!(!dests(&game, "wA2").is_empty());
}
