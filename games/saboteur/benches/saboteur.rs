//! Saboteur's rules engine: whole random three-round games a second, and the legal placements of
//! a path card on a crowded map.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use saboteur::{Board, Card, Game, Path, Phase, PlayerId, deck};

/// One whole game of `players`, every order chosen at random among the legal ones.
fn whole_game(players: usize, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(players, PlayerId(0), seed).expect("3 to 10 players");
    let mut orders = 0;
    while game.phase() != Phase::Over {
        let who = game.to_move().expect("someone to move");
        let legal = game.legal();
        let order = &legal[rng.random_range(0..legal.len())];
        game.play(who, order, rng.random()).expect("a legal order");
        orders += 1;
    }
    orders
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("saboteur");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("whole random game, 5 players", |b| {
        b.iter(|| {
            seed += 1;
            black_box(whole_game(5, seed))
        })
    });
    group.finish();
}

/// A map of 40 tunnel cards laid at random where they fit.
fn crowded() -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut board = Board::new([false, true, false]);
    let paths: Vec<Path> = (deck::playing_cards().into_iter())
        .filter_map(|c| match c {
            Card::Path(p) => Some(p),
            Card::Action(_) => None,
        })
        .collect();
    let mut laid = 0;
    while laid < 40 {
        let card = paths[rng.random_range(0..paths.len())];
        let spots = board.placements(&card);
        if spots.is_empty() {
            continue;
        }
        let (cell, rotated) = spots[rng.random_range(0..spots.len())];
        let lies = if rotated { card.rotated() } else { card };
        if board.place(cell, lies).is_ok() {
            laid += 1;
        }
    }
    board
}

fn placements(c: &mut Criterion) {
    let board = crowded();
    c.bench_function("saboteur placements of a cross, 40 cards laid", |b| {
        b.iter(|| black_box(board.placements(black_box(&Path::CROSS))))
    });
}

criterion_group!(benches, games, placements);
criterion_main!(benches);
