//! The Hive bot: `best_move` at each level on two midgame positions, the time a player waits
//! for the bot's answer (level 5 is meant to answer within about two seconds on a slow machine).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hive_engine::search::{Limits, best_move, search};
use hive_engine::{Game, Options};

/// Midgame positions from seeded random games, both sides' queens in play, White to move.
const POSITIONS: [(&str, &str); 2] = [
    (
        "open",
        r"Base;InProgress;White[16];wS1;bS1 wS1\;wQ -wS1;bQ /bS1;wB1 \wQ;bA1 bS1\;wS2 /wQ;bA1 /bQ;wB2 wS1/;bA2 -bA1;wB1 wQ;bG1 bQ\;wG1 wB2-;bS2 bA1\;wG2 wG1/;bA2 bS1-;wA1 -wB2;bA3 bA2\;wB1 wA1;bA3 -wQ;wA2 -wG2;bG2 bA2-;wA2 bG2/;bA1 -bS2;wA2 bG2-;bA1 \wB2;wA2 wS2\;bG3 bG2/;wB1 wQ;bA1 bG3/",
    ),
    (
        "crowded",
        r"Base;InProgress;White[16];wS1;bG1 /wS1;wS2 \wS1;bG2 -bG1;wG1 wS1/;bA1 -bG2;wQ \wG1;bQ \bG2;wS2 \bQ;bG3 /bA1;wA1 \wS2;bB1 -bA1;wA1 bQ/;bG3 -wQ;wG1 bG2\;bS1 \bB1;wB1 \wS2;bA2 /bS1;wG2 wS1-;bA3 \bG3;wB1 /bA3;bA2 \bS1;wB1 bG3;bA3 bG1\;wG3 -wB1;bA3 wQ\;wQ bA3/;bB2 bA2/;wB2 wB1/;bB2 \bA2",
    ),
];

fn levels(c: &mut Criterion) {
    let mut g = c.benchmark_group("hive best_move");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for (name, gs) in POSITIONS {
        let game = Game::from_game_string(gs, Options::base(true)).expect("a position");
        assert!(!game.state().is_over());
        for level in 1..=5u8 {
            let found = search(&game, Limits::level(level));
            eprintln!(
                "{name} level {level}: depth {} nodes {} score {}",
                found.depth, found.nodes, found.score
            );
            g.bench_with_input(
                BenchmarkId::new(name, format!("level {level}")),
                &level,
                |b, &l| b.iter(|| black_box(best_move(&game, l))),
            );
        }
    }
    g.finish();
}

criterion_group!(benches, levels);
criterion_main!(benches);
