//! The tournament core's tests, one file per concept, and the helpers they share.

mod lifecycle;
mod matching;
mod rating;
mod render;
mod round_robin;
mod scoring;
mod series;
mod standings;
mod swiss;
mod swiss_prop;
mod tables;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::session::game::{Outcome, Placing};

use super::{Format, GameRef, GameSpec, Scoring, Status, Tournament};

/// A game spec as the session would build it from a [`crate::session::game::Kind`].
pub(super) fn spec(word: &str, min: usize, max: usize) -> GameSpec {
    GameSpec {
        word: word.to_string(),
        ruleset: "classic".to_string(),
        options: vec![],
        min_players: min,
        max_players: max,
        results: match word {
            "labyrinth" => Some(treasures()),
            "saboteur" => Some(super::Results {
                kinds: vec![super::Worth::by_score("gold")],
                duel: false,
            }),
            _ => None,
        },
    }
}

/// A game of treasures, as the Labyrinth declares its results: carrying the treasure out above
/// outlasting everyone, both above a draw.
pub(super) fn treasures() -> super::Results {
    use super::Worth;
    super::Results {
        kinds: vec![
            Worth::new("treasure", "treasure", 3.0),
            Worth::new("last-standing", "last", 2.0).alias("last-standing"),
            Worth::new("draw", "draw", 1.0),
        ],
        duel: false,
    }
}

/// Hive, the two-player game.
pub(super) fn hive() -> GameSpec {
    spec("hive", 2, 2)
}

/// An outcome with these places (every score 0: only Saboteur's gold reads it).
pub(super) fn placed(kind: &str, places: &[u32]) -> Outcome {
    Outcome {
        kind: kind.to_string(),
        seats: places
            .iter()
            .map(|&place| Placing { place, score: 0.0 })
            .collect(),
    }
}

/// A game of two: `Some(seat)` won, `None` drawn, as Hive reports it.
pub(super) fn duel(winner: Option<usize>) -> Outcome {
    match winner {
        Some(0) => placed("win", &[1, 2]),
        Some(_) => placed("win", &[2, 1]),
        None => placed("draw", &[1, 1]),
    }
}

/// A tournament with `n` players `u0`, `u1`, … joined, not started.
pub(super) fn entered(game: GameSpec, format: Format, n: usize) -> Tournament {
    let mut t = Tournament::new(game, format, Scoring::default()).expect("the format fits");
    for i in 0..n {
        t.join(&format!("u{i}"), &format!("Player {i}"))
            .expect("joins");
    }
    t
}

/// The pending games.
pub(super) fn pending(t: &Tournament) -> Vec<GameRef> {
    t.games()
        .filter(|(_, g)| g.status == Status::Pending)
        .map(|(at, _)| at)
        .collect()
}

/// A random result for a game of `seats`: in two, a win either way or a draw; in more, a random
/// Labyrinth ending.
pub(super) fn random_outcome(rng: &mut ChaCha8Rng, seats: usize) -> Outcome {
    if seats == 2 {
        return duel(match rng.random_range(0..5) {
            0 => None,
            r => Some(r % 2),
        });
    }
    let winner = rng.random_range(0..seats);
    let places: Vec<u32> = (0..seats)
        .map(|s| if s == winner { 1 } else { 2 })
        .collect();
    placed("treasure", &places)
}

/// Records a random result for every pending game.
pub(super) fn play_round(t: &mut Tournament, rng: &mut ChaCha8Rng) {
    for at in pending(t) {
        let seats = t.game(at).expect("listed").seats.len();
        let outcome = random_outcome(rng, seats);
        t.record(at, outcome).expect("records");
    }
}

/// A seeded generator for a test.
pub(super) fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}
