//! Freedom to move (Hive: «Как передвигаться»): pieces slide; a gap between two pieces is too
//! narrow; a sliding piece keeps touching the hive.

use super::kit::*;
use crate::{Color, Refusal};

/// White's queen at the origin and five pieces round the empty cell east of her: a hole whose
/// only sides are pieces.
fn hole() -> crate::Game {
    rig(
        &[
            ("wQ", 0, 0),
            ("bQ", 1, -1),
            ("bS1", 2, -1),
            ("bS2", 2, 0),
            ("wS1", 1, 1),
            ("wS2", 0, 1),
            ("wG1", -1, 0),
            ("wA1", -1, -1),
            ("wB1", 0, -1),
        ],
        Color::White,
        8,
    )
}

#[test]
fn a_piece_cannot_slide_through_a_gate() {
    // Hive: «Как передвигаться» — a piece that cannot physically slide there may not go.
    let game = hole();
    assert!(!dests(&game, "wQ").contains(&h(1, 0)));
    assert_eq!(refusal(&game, shift(&game, "wQ", 1, 0)), Refusal::Gate);
}

#[test]
fn an_ant_does_not_reach_a_gated_hole() {
    // Hive: «Муравей Солдат» — the ant cannot go into the middle of the hive (the sliding rule).
    let game = hole();
    let to = dests(&game, "wA1");
    assert!(!to.contains(&h(1, 0)));
    assert!(to.contains(&h(3, -1)) && to.contains(&h(-2, 0)), "{to:?}");
    assert_eq!(refusal(&game, shift(&game, "wA1", 1, 0)), Refusal::Gate);
}

#[test]
fn a_grasshopper_jumps_into_the_hole_and_a_beetle_climbs_down_into_it() {
    // Hive: «Как передвигаться» — the exceptions: the grasshopper jumps, the beetle climbs.
    let game = hole();
    assert!(dests(&game, "wG1").contains(&h(1, 0)), "over wQ");
    // From the ground the beetle may not squeeze in either; from on top it may come down.
    let game = rig(
        &[
            ("wQ", 0, 0),
            ("bQ", 1, -1),
            ("wB1", 1, -1),
            ("bS1", 2, -1),
            ("bS2", 2, 0),
            ("wS1", 1, 1),
            ("wS2", 0, 1),
        ],
        Color::White,
        8,
    );
    legal(&game, shift(&game, "wB1", 1, 0));
}

#[test]
fn a_sliding_piece_keeps_touching_the_hive() {
    // Hive: «Перемещение фишк» — all pieces touch during the move; a slide between two cells
    // with no piece beside it would cross open table.
    let game = rig(
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
    // West of her touches wS2, but the cells beside that step are both empty.
    assert!(!dests(&game, "wQ").contains(&h(-1, 0)));
    assert_eq!(
        refusal(&game, shift(&game, "wQ", -1, 0)),
        Refusal::LosesContact
    );
    assert_eq!(
        refusal(&game, shift(&game, "wQ", -1, 1)),
        Refusal::NotTouchingHive
    );
}
