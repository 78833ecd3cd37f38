//! Perft: the move generator counted against Mzinga's table.
//!
//! Mzinga's tables (its test data, `Board_<type>_PerftTest.csv`, all from the tournament
//! opening) for the base game, each expansion alone, each pair and all three.

use crate::{Game, GameType, Options, perft};

#[test]
fn tournament_perft_matches_mzinga_to_depth_five() {
    // Hive: «Как играть» — Mzinga's table, tournament opening (no queen first).
    let expected = [1, 4, 96, 1440, 21600, 516240];
    let mut game = Game::new(Options::base(true));
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(perft(&mut game, depth as u32), count, "depth {depth}");
    }
    assert_eq!(
        game,
        Game::new(Options::base(true)),
        "perft leaves the game as it was"
    );
}

/// Mzinga's counts from the start of a game of `game_type`, depths 0 to 5.
fn mzinga(game_type: &str) -> [u64; 6] {
    match game_type {
        "Base+M" | "Base+L" => [1, 5, 150, 2610, 45414, 1252800],
        "Base+P" => [1, 5, 150, 2610, 45414, 1255932],
        "Base+ML" => [1, 6, 216, 4320, 86400, 2725920],
        "Base+MP" => [1, 6, 216, 4320, 86400, 2730888],
        "Base+LP" => [1, 6, 216, 4320, 86400, 2730240],
        "Base+MLP" => [1, 7, 294, 6678, 151686, 5427108],
        other => panic!("no table for {other}"),
    }
}

fn check(game_type: &str, depths: usize) {
    let options = Options {
        tournament: true,
        game_type: game_type.parse::<GameType>().unwrap(),
    };
    let mut game = Game::new(options);
    for (depth, &count) in mzinga(game_type).iter().enumerate().take(depths + 1) {
        assert_eq!(
            perft(&mut game, depth as u32),
            count,
            "{game_type}, depth {depth}"
        );
    }
    assert_eq!(game, Game::new(options), "perft leaves the game as it was");
}

// Hive rules, "Mosquito", "Ladybug", "Pillbug": Mzinga's tables for every expansion alone and in
// pairs. The counts part from the base game's at depth 5, when the first pieces move; the
// pillbug's table parts from the others' there, and the ladybug's from the mosquito's only at
// depth 6 (34,233,672 and 34,233,432: see the benchmark and `gm hive perft`).
#[test]
fn perft_with_one_expansion_matches_mzinga_to_depth_five() {
    for game_type in ["Base+M", "Base+L", "Base+P"] {
        check(game_type, 5);
    }
}

#[test]
fn perft_with_two_expansions_matches_mzinga_to_depth_five() {
    for game_type in ["Base+ML", "Base+MP", "Base+LP"] {
        check(game_type, 5);
    }
}

#[test]
fn perft_with_all_three_expansions_matches_mzinga_to_depth_five() {
    check("Base+MLP", 5);
}
