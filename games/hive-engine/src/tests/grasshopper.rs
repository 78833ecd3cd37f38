//! The grasshopper (Hive: «Кузнечик»): a straight jump over a line of pieces to the first empty
//! cell.

use super::kit::*;
use crate::{Color, Refusal};

/// wG1 west of a line wQ, bQ, wS1, then a gap and bS2; wA1 south-east of wG1.
fn line() -> crate::Game {
    rig(
        &[
            ("wG1", -1, 0),
            ("wQ", 0, 0),
            ("bQ", 1, 0),
            ("wS1", 2, 0),
            ("bS1", 2, 1),
            ("bS2", 4, 0),
            ("bA1", 3, 1),
            ("wA1", -1, 1),
        ],
        Color::White,
        6,
    )
}

#[test]
fn the_grasshopper_jumps_a_line_to_the_first_empty_cell() {
    // Hive: «Кузнечик» — over any number of pieces, in a straight line, to the first free place.
    let game = line();
    let to = dests(&game, "wG1");
    assert!(to.contains(&h(3, 0)), "over wQ, bQ and wS1: {to:?}");
    assert!(!to.contains(&h(5, 0)), "not over the gap to beyond bS2");
    assert_eq!(
        to,
        cells(&[(3, 0), (-1, 2)]),
        "east over the line, south-east over wA1"
    );
}

#[test]
fn the_grasshopper_cannot_jump_a_gap_nor_jump_nothing_nor_turn() {
    // Hive: «Кузнечик» — it cannot jump over a hole to the cell marked with a cross.
    let game = line();
    assert_eq!(
        refusal(&game, shift(&game, "wG1", 5, 0)),
        Refusal::GrasshopperGap
    );
    assert_eq!(
        refusal(&game, shift(&game, "wG1", 0, -1)),
        Refusal::GrasshopperMustJump
    );
    assert_eq!(
        refusal(&game, shift(&game, "wG1", 1, -1)),
        Refusal::GrasshopperStraight
    );
    assert_eq!(refusal(&game, shift(&game, "wG1", 1, 0)), Refusal::Occupied);
}

#[test]
fn the_grasshopper_jumps_over_stacks() {
    // Hive: «Кузнечик», «Жук» — a stack is a piece to jump over like any other.
    let game = rig(
        &[("wG1", -1, 0), ("wQ", 0, 0), ("bB1", 0, 0), ("bQ", 1, 0)],
        Color::White,
        6,
    );
    assert!(dests(&game, "wG1").contains(&h(2, 0)));
}
