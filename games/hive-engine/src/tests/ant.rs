//! The soldier ant (Hive: «Муравей Солдат»): any number of slides around the hive.

use super::kit::*;
use crate::Color;

#[test]
fn the_ant_goes_anywhere_around_the_hive() {
    // Hive: «Муравей Солдат» — from its place to any other around the hive.
    let game = rig(
        &[("wA1", -1, 0), ("wQ", 0, 0), ("bQ", 1, 0)],
        Color::White,
        5,
    );
    // The eight cells around the pair but its own.
    assert_eq!(
        dests(&game, "wA1"),
        cells(&[(0, -1), (1, -1), (2, -1), (2, 0), (1, 1), (0, 1), (-1, 1)])
    );
}

#[test]
fn the_ant_goes_round_far_pieces_but_not_into_holes() {
    // Hive: «Муравей Солдат» — anywhere around, but not into the middle of the hive.
    let game = rig(
        &[
            ("wQ", 0, -1),
            ("bQ", 1, -1),
            ("wA2", 1, 0),
            ("bA1", 0, 1),
            ("bA2", -1, 1),
            ("wS1", -1, 0),
            ("wA1", -2, 0),
        ],
        Color::White,
        6,
    );
    let to = dests(&game, "wA1");
    assert!(!to.contains(&h(0, 0)), "the middle is a hole: {to:?}");
    assert!(to.contains(&h(2, 0)) && to.contains(&h(0, 2)));
    assert!(to.iter().all(|&c| c != h(-2, 0)));
}
