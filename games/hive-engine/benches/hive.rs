//! Hive's rules engine: perft from the start (Mzinga's table, tournament opening; the base game
//! and `Base+MLP`) and the legal moves of midgame positions, the two numbers a search lives on.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use hive_engine::{Game, GameType, Options, perft};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Mzinga's perft from the start, tournament opening.
const PERFT: [(u32, u64); 3] = [(4, 21600), (5, 516240), (6, 12219480)];

/// Mzinga's perft from the start of `Base+MLP`, tournament opening (its test data,
/// `Board_BaseMLP_PerftTest.csv`).
const PERFT_MLP: [(u32, u64); 2] = [(5, 5_427_108), (6, 192_353_904)];

fn perft_from_the_start(c: &mut Criterion) {
    let mut g = c.benchmark_group("hive perft");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for (depth, nodes) in PERFT {
        let mut game = Game::new(Options::base(true));
        assert_eq!(perft(&mut game, depth), nodes, "perft {depth}");
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &d| {
            b.iter(|| black_box(perft(&mut game, d)))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("hive perft Base+MLP");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    let options = Options {
        tournament: true,
        game_type: GameType::MLP,
    };
    for (depth, nodes) in PERFT_MLP {
        let mut game = Game::new(options);
        assert_eq!(perft(&mut game, depth), nodes, "perft {depth} Base+MLP");
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &d| {
            b.iter(|| black_box(perft(&mut game, d)))
        });
    }
    g.finish();
}

/// Positions `plies` moves into random games (the game not over yet).
fn midgames(plies: usize, count: usize) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(Options::base(true));
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if !game.legal_moves().is_empty() {
            out.push(game);
        }
    }
    out
}

fn legal_moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("hive legal moves");
    for plies in [20, 40] {
        let games = midgames(plies, 16);
        let moves: usize = games.iter().map(|g| g.legal_moves().len()).sum();
        g.throughput(Throughput::Elements(games.len() as u64));
        g.bench_function(
            format!("{} positions {plies} plies in ({moves} moves)", games.len()),
            |b| {
                b.iter(|| {
                    for game in &games {
                        black_box(game.legal_moves());
                    }
                })
            },
        );
        // The search's own view: perft 2 from each, played and taken back in place.
        let mut games = games;
        g.bench_function(
            format!("perft 2 from {} positions {plies} plies in", games.len()),
            |b| {
                b.iter(|| {
                    for game in games.iter_mut() {
                        black_box(perft(game, 2));
                    }
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, perft_from_the_start, legal_moves);
criterion_main!(benches);
