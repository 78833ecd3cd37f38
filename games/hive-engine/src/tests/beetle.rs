//! The beetle (Hive: «Жук»): one step, onto the hive, along its top and down again; what it
//! covers cannot move.

use super::kit::*;
use crate::{Color, Refusal};

/// wB1 at the origin next to wQ (east) and bQ (south-east), White to move.
fn triangle() -> crate::Game {
    rig(
        &[("wB1", 0, 0), ("wQ", 1, 0), ("bQ", 0, 1), ("bS1", 1, 1)],
        Color::White,
        5,
    )
}

#[test]
fn the_beetle_climbs_onto_the_hive_and_steps_one_cell() {
    // Hive: «Жук» — one step a turn, but also onto other pieces.
    let game = triangle();
    let to = dests(&game, "wB1");
    assert!(
        to.contains(&h(0, 1)) && to.contains(&h(1, 0)),
        "onto bQ and wQ: {to:?}"
    );
    assert_eq!(
        refusal(&game, shift(&game, "wB1", 2, -1)),
        Refusal::BeetleOneStep
    );
    let mut game = game;
    game.play(shift(&game, "wB1", 1, 0)).unwrap();
    assert_eq!(game.position(p("wB1")), Some((h(1, 0), 1)));
    assert_eq!(game.position(p("wQ")), Some((h(1, 0), 0)));
    assert_eq!(game.top(h(1, 0)), Some(p("wB1")));
    assert_eq!(
        game.stacks().into_iter().find(|(at, _)| *at == h(1, 0)),
        Some((h(1, 0), vec![p("wQ"), p("wB1")]))
    );
}

#[test]
fn a_covered_piece_cannot_move_and_the_beetle_walks_atop_and_comes_down() {
    // Hive: «Жук» — a piece with a beetle on it cannot move; the beetle moves on top one step
    // at a time and may come down.
    let game = rig(
        &[
            ("bQ", -1, 0),
            ("wQ", 0, 0),
            ("bB1", 0, 0),
            ("wS1", 1, 0),
            ("bS1", 2, 0),
        ],
        Color::White,
        5,
    );
    assert_eq!(refusal(&game, shift(&game, "wQ", 0, -1)), Refusal::Covered);
    let black = rig(
        &[
            ("bQ", -1, 0),
            ("wQ", 0, 0),
            ("bB1", 0, 0),
            ("wS1", 1, 0),
            ("bS1", 2, 0),
        ],
        Color::Black,
        5,
    );
    let to = dests(&black, "bB1");
    // Atop wS1 and bQ, down to any of the four empty cells around.
    assert_eq!(
        to,
        cells(&[(-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (-1, 1)])
    );
}

#[test]
fn beetles_stack_up_and_the_top_one_is_the_stacks_colour() {
    // Hive: «Жук» — all four beetles may stand on one another; only the top one moves.
    let game = rig(
        &[
            ("wQ", 0, 0),
            ("bB1", 0, 0),
            ("wB1", 0, 0),
            ("bQ", 1, 0),
            ("bB2", 1, 0),
        ],
        Color::Black,
        6,
    );
    legal(&game, shift(&game, "bB2", 0, 0));
    assert_eq!(refusal(&game, shift(&game, "bB1", 0, -1)), Refusal::Covered);
    let mut up = game.clone();
    up.play(shift(&game, "bB2", 0, 0)).unwrap();
    assert_eq!(up.position(p("bB2")), Some((h(0, 0), 3)));
    // White's queen is covered twice over; the stack is now Black's.
    assert_eq!(up.top(h(0, 0)), Some(p("bB2")));
}

#[test]
fn a_beetle_cannot_pass_between_two_higher_stacks() {
    // Hive: «Жук», «Как передвигаться» — the gate rule holds on top of the hive: the beetle may
    // not pass between two stacks both higher than where it is and where it goes.
    let layout = [
        ("bA1", 0, 0),
        ("wB1", 0, 0),
        ("bA2", 1, -1),
        ("bB1", 1, -1),
        ("bA3", 0, 1),
        ("bB2", 0, 1),
        ("wQ", 1, 0),
        ("bQ", -1, 0),
    ];
    let game = rig(&layout, Color::White, 7);
    assert!(!dests(&game, "wB1").contains(&h(1, 0)));
    assert_eq!(
        refusal(&game, shift(&game, "wB1", 1, 0)),
        Refusal::GateAbove
    );
    // As high as the stacks beside, the target is open again.
    let mut higher = layout.to_vec();
    higher.push(("wB2", 1, 0));
    let game = rig(&higher, Color::White, 7);
    legal(&game, shift(&game, "wB1", 1, 0));
}

#[test]
fn on_the_ground_the_beetle_slides_like_the_others_but_may_climb_over_a_gate() {
    // Hive: «Жук», «Как передвигаться» — a gate bars the beetle's slide on the ground, not its
    // climb.
    let layout = [
        ("wB1", 0, 0),
        ("bQ", 1, -1),
        ("wS1", 0, 1),
        ("wQ", 1, 0),
        ("bS1", 2, -1),
        ("wS2", -1, 1),
    ];
    let game = rig(&layout, Color::White, 6);
    legal(&game, shift(&game, "wB1", 1, 0));
    // The same cell empty, a hole among six pieces.
    let hole = [
        ("wB1", 0, 0),
        ("bQ", 1, -1),
        ("wS1", 0, 1),
        ("bS1", 2, -1),
        ("wS2", -1, 1),
        ("wA1", 2, 0),
        ("wA2", 1, 1),
        ("wQ", -2, 2),
    ];
    let game = rig(&hole, Color::White, 6);
    assert_eq!(refusal(&game, shift(&game, "wB1", 1, 0)), Refusal::Gate);
}

#[test]
fn a_beetle_is_placed_like_any_piece_not_on_top() {
    // Hive: «Жук» — place the beetle by the same rules; you cannot put it on the hive at once.
    let game = play("wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
    assert_eq!(refusal(&game, place("wB1", -1, 0)), Refusal::Occupied);
}
