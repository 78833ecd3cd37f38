//! The pillbug (Hive rules, "Pillbug"): "The Pillbug moves like the Queen Bee - one space at a
//! time - but it has a special ability that it may use instead of moving. The special ability
//! allows the Pillbug to move an adjacent, unstacked piece (friend or enemy) two spaces: up onto
//! the Pillbug itself and then down into an empty space adjacent to itself."

use super::kit::*;
use crate::{Color, GameType, Move, Options, Refusal};

fn mlp() -> Options {
    Options {
        tournament: false,
        game_type: GameType::MLP,
    }
}

/// White's pillbug beside Black's queen and ant and White's queen.
pub(super) fn beside_black() -> crate::Game {
    rig_with(
        mlp(),
        &[("wP", 0, 0), ("bQ", 1, 0), ("bA1", 1, -1), ("wQ", 0, 1)],
        Color::White,
        5,
    )
}

#[test]
fn the_pillbug_steps_like_a_queen() {
    // Hive rules, "Pillbug": "moves like the Queen Bee - one space at a time".
    let game = beside_black();
    assert_eq!(dests(&game, "wP"), cells(&[(0, -1), (-1, 1)]));
    assert_eq!(
        refusal(&game, shift(&game, "wP", 0, 2)),
        Refusal::PillbugOneStep
    );
}

#[test]
fn the_pillbug_moves_an_adjacent_enemy_over_itself() {
    // Hive rules, "Pillbug": "move an adjacent, unstacked piece (friend or enemy) two spaces: up
    // onto the Pillbug itself and then down into an empty space adjacent to itself".
    let game = beside_black();
    assert_eq!(
        dests(&game, "bQ"),
        cells(&[(0, -1), (-1, 0), (-1, 1)]),
        "Black's queen, carried by White"
    );
    legal(&game, shift(&game, "bQ", -1, 0));
    // Not beside the pillbug, or not empty: refused.
    assert_eq!(
        refusal(&game, shift(&game, "bQ", 2, 1)),
        Refusal::PillbugCarry
    );
    // Black's ant is too; White's own queen as well.
    assert!(dests(&game, "bA1").contains(&h(0, -1)));
    assert!(
        dests(&game, "wQ").contains(&h(-1, 0)),
        "no slide reaches there"
    );
}

#[test]
fn not_the_piece_just_moved_and_the_carried_piece_rests_a_turn() {
    // Hive rules, "Pillbug": "The Pillbug may not move the last piece moved by your opponent",
    // and "any piece which physically moved (directly or by the Pillbug) is rendered immobile on
    // the next player's turn".
    let mut game = play_with(mlp(), "wP;bQ wP-;wQ -wP;bA1 bQ\\;wA1 -wQ");
    game.play_str("bA1 wP/").unwrap();
    assert!(dests(&game, "bA1").is_empty(), "just moved");
    let carry = shift(&game, "bA1", 0, -1);
    assert_eq!(refusal(&game, carry), Refusal::JustMoved);
    // Black's queen was not moved last: White carries her, and she cannot move on Black's turn.
    let mv = shift(&game, "bQ", 0, 1);
    legal(&game, mv);
    game.play(mv).unwrap();
    assert!(dests(&game, "bQ").is_empty(), "carried: she rests");
    assert_eq!(refusal(&game, shift(&game, "bQ", 1, 1)), Refusal::JustMoved);
    // Taken back, the ant is frozen again and the queen free.
    assert_eq!(game.undo(), Some(mv));
    assert!(dests(&game, "bA1").is_empty());
}

#[test]
fn not_a_stacked_piece_nor_one_the_hive_needs() {
    // Hive rules, "Pillbug": "The Pillbug may not move any piece which is part of a stack of
    // pieces" and "a piece if it splits the hive (violating the One Hive rule)".
    let game = rig_with(
        mlp(),
        &[
            ("wQ", -1, 0),
            ("wP", 0, 0),
            ("bQ", 1, 0),
            ("bB1", 1, 0),
            ("bA1", 0, 1),
            ("bA2", 0, 2),
        ],
        Color::White,
        5,
    );
    // The beetle tops a stack; the ant holds its neighbour to the hive.
    assert!(dests(&game, "bB1").is_empty());
    assert!(dests(&game, "bA1").is_empty());
    // The queen under the beetle cannot be named at all: covered.
    assert!(dests(&game, "bQ").is_empty());
}

#[test]
fn not_through_a_narrow_gap_of_stacked_pieces() {
    // Hive rules, "Pillbug": "The Pillbug may not move a piece ... through a narrow gap of
    // stacked pieces" — the beetle's gate on top of the hive.
    let layout = |stacked: bool| {
        let mut l = vec![
            ("wQ", 0, -1),
            ("wP", 0, 0),
            ("bQ", 1, 0),
            ("wA1", 1, -1),
            ("bA1", 0, 1),
        ];
        if stacked {
            l.push(("wB1", 1, -1));
            l.push(("bB1", 0, 1));
        }
        rig_with(mlp(), &l, Color::White, 5)
    };
    // Both cells beside the step from bQ onto the pillbug are stacks of two: no way up.
    assert!(dests(&layout(true), "bQ").is_empty());
    assert!(!dests(&layout(false), "bQ").is_empty());
}

#[test]
fn a_mosquito_touching_a_pillbug_has_its_power() {
    // Hive rules, "Mosquito": "If the Mosquito is touching a Pillbug, it can use the Pillbug's
    // special ability."
    let layout = |neighbour: &'static str| {
        rig_with(
            mlp(),
            &[
                ("wQ", -1, 0),
                ("wM", 0, 0),
                (neighbour, 0, -1),
                ("bQ", 1, 0),
                ("bA1", 1, -1),
            ],
            Color::White,
            5,
        )
    };
    let with_pillbug = layout("wP");
    assert_eq!(dests(&with_pillbug, "bQ"), cells(&[(0, 1), (-1, 1)]));
    // Beside an ant instead, the mosquito carries nothing.
    assert!(dests(&layout("wA1"), "bQ").is_empty());
    // The carried piece is the opponent's: written as Mzinga writes any move.
    let mv = Move::Shift {
        piece: p("bQ"),
        from: h(1, 0),
        to: h(0, 1),
    };
    assert_eq!(with_pillbug.move_string(&mv), "bQ wM\\");
}
