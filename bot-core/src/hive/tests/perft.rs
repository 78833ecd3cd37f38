//! Perft: the move generator counted against Mzinga's table.

use crate::hive::{Game, Options, perft};

#[test]
fn tournament_perft_matches_mzinga_to_depth_five() {
    // Hive: «Как играть» — Mzinga's table, tournament opening (no queen first).
    let expected = [1, 4, 96, 1440, 21600, 516240];
    let mut game = Game::new(Options { tournament: true });
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(perft(&mut game, depth as u32), count, "depth {depth}");
    }
    assert_eq!(
        game,
        Game::new(Options { tournament: true }),
        "perft leaves the game as it was"
    );
}
