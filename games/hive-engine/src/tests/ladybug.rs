//! The ladybug (Hive rules, "Ladybug"): "The Ladybug moves three spaces; two on top of the Hive,
//! then one down. It must move exactly two on top of the Hive and then move one down on its last
//! move. It may not move around the outside of the Hive and may not end its movement on top of
//! the Hive."

use super::kit::*;
use crate::{Color, GameType, Options, Refusal};

fn mlp() -> Options {
    Options {
        tournament: false,
        game_type: GameType::MLP,
    }
}

#[test]
fn the_ladybug_goes_two_on_top_and_one_down() {
    // Hive rules, "Ladybug": "two on top of the Hive, then one down".
    let game = rig_with(
        mlp(),
        &[("wL", -1, 0), ("wQ", 0, 0), ("bQ", 1, 0)],
        Color::White,
        5,
    );
    // Over the white queen, over the black one, down beside her: never around the outside
    // ((0, -1) and (-1, 1), one slide away), never on top, never back.
    assert_eq!(
        dests(&game, "wL"),
        cells(&[(1, -1), (2, -1), (2, 0), (1, 1), (0, 1)])
    );
    assert_eq!(
        refusal(&game, shift(&game, "wL", 0, -1)),
        Refusal::LadybugPath
    );
    assert_eq!(refusal(&game, shift(&game, "wL", 0, 0)), Refusal::Occupied);
}
