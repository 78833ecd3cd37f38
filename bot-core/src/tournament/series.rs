//! A series: one table plays several games, the seat order turning one place each game so that
//! everyone moves first equally often (to within one game when the count does not divide).

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::Plan;

/// The series' games, one a round: a seeded draw fixes the first game's seats, and each next game
/// moves everyone one seat forward.
pub fn schedule(players: &[usize], games: u32, seed: u64) -> Vec<Plan> {
    let mut order = players.to_vec();
    order.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    (0..games as usize)
        .map(|g| {
            let mut seats = order.clone();
            let n = seats.len().max(1);
            seats.rotate_left(g % n);
            Plan {
                games: vec![seats],
                byes: vec![],
            }
        })
        .collect()
}
