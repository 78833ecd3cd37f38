//! The spider (Hive: «Паук»): exactly three slides around the hive, never back to a cell it
//! has been on.

use super::kit::*;
use crate::{Color, Refusal};

/// wS1 west of a pair wQ, bQ: eight cells around the pair, the spider on one of them.
fn pair() -> crate::Game {
    rig(
        &[("wS1", -1, 0), ("wQ", 0, 0), ("bQ", 1, 0)],
        Color::White,
        5,
    )
}

#[test]
fn the_spider_moves_exactly_three_cells() {
    // Hive: «Паук» — exactly three steps, no more and no less, touching the hive at each.
    let game = pair();
    // Three cells round the pair either way; not back and forth to a neighbour.
    assert_eq!(dests(&game, "wS1"), cells(&[(2, -1), (1, 1)]));
    assert_eq!(
        refusal(&game, shift(&game, "wS1", 1, -1)),
        Refusal::SpiderThreeSteps
    );
    assert_eq!(
        refusal(&game, shift(&game, "wS1", 2, 0)),
        Refusal::SpiderThreeSteps
    );
    assert_eq!(
        refusal(&game, shift(&game, "wS1", -1, 1)),
        Refusal::SpiderThreeSteps
    );
}

#[test]
fn the_spider_does_not_squeeze_into_a_gated_hole() {
    // Hive: «Паук», «Как передвигаться» — its three steps are slides like any other.
    let game = rig(
        &[
            ("wQ", 0, 0),
            ("bQ", 1, -1),
            ("bS1", 2, -1),
            ("bS2", 2, 0),
            ("wA1", 1, 1),
            ("wA2", 0, 1),
            ("wS1", 3, 0),
        ],
        Color::White,
        8,
    );
    let to = dests(&game, "wS1");
    assert!(!to.is_empty());
    assert!(!to.contains(&h(1, 0)));
    assert_eq!(refusal(&game, shift(&game, "wS1", 1, 0)), Refusal::Gate);
}
