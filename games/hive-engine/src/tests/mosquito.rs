//! The mosquito (Hive rules, "Mosquito"): "The Mosquito takes on the movement characteristics of
//! any creature it touches at the time".

use super::kit::*;
use crate::{Color, GameType, Options, Refusal};

fn mlp() -> Options {
    Options {
        tournament: false,
        game_type: GameType::MLP,
    }
}

#[test]
fn the_mosquito_moves_as_each_creature_it_touches() {
    // Hive rules, "Mosquito": "takes on the movement characteristics of any creature it touches".
    let game = rig_with(
        mlp(),
        &[("wM", 0, 0), ("wG1", 1, 0), ("bQ", 2, 0), ("wQ", 0, 1)],
        Color::White,
        5,
    );
    // As the grasshopper, over the line east and over the queen south-east; as the queen, one
    // slide either way round — and nothing else.
    assert_eq!(
        dests(&game, "wM"),
        cells(&[(3, 0), (0, 2), (1, -1), (-1, 1)])
    );
}

#[test]
fn touching_only_a_mosquito_it_cannot_move() {
    // Hive rules, "Mosquito": "If the Mosquito is only touching another Mosquito, it cannot
    // move."
    let game = rig_with(
        mlp(),
        &[("wM", 0, 0), ("bM", 1, 0), ("bQ", 2, 0), ("wQ", 3, 0)],
        Color::White,
        5,
    );
    assert!(dests(&game, "wM").is_empty());
    assert_eq!(
        refusal(&game, shift(&game, "wM", 0, 1)),
        Refusal::MosquitoAlone
    );
}

#[test]
fn on_top_of_the_hive_the_mosquito_is_a_beetle() {
    // Hive rules, "Mosquito": "If moved up on top of the hive as a Beetle, it continues to move
    // as a Beetle until it climbs down from the hive."
    let game = rig_with(
        mlp(),
        &[("wQ", -1, 0), ("wA1", 0, 0), ("wM", 0, 0), ("bQ", 1, 0)],
        Color::White,
        5,
    );
    // Every neighbour, the queens' cells too — though it touches only queens and an ant's not.
    assert_eq!(
        dests(&game, "wM"),
        cells(&[(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)])
    );
}

#[test]
fn a_mosquito_touching_a_beetle_climbs() {
    // Hive rules, "Mosquito": "if it is touching a Beetle, it moves as a Beetle".
    let game = rig_with(
        mlp(),
        &[("wM", 0, 0), ("bB1", 1, 0), ("bQ", 2, 0), ("wQ", 0, 1)],
        Color::White,
        5,
    );
    legal(&game, shift(&game, "wM", 1, 0));
    legal(&game, shift(&game, "wM", 0, 1));
}
