//! How many simple orders (one step each) the rules engine resolves per second on a 10×10 maze.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use labyrinth::game::order::{Action, Order};
use labyrinth::game::{Game, PlayerId};
use labyrinth::{Board, Cell, Coord, Dir, InnerWall, Move, Plan, Ruleset, Size};

/// A 10×10 maze of land with a few walls, an arsenal and a hospital, and no exit, so a game of steps
/// never ends; Nstop 0 counts nothing.
fn plan() -> Plan {
    let size = Size::new(10, 10).expect("a 10x10 board");
    let mut board = Board::new(size);
    board.set_cell(Coord::new(2, 2), Cell::Arsenal);
    board.set_cell(Coord::new(7, 7), Cell::Hospital);
    for i in 0..10 {
        board.set_inner(Coord::new(i, 4), Dir::Down, InnerWall::Wall);
        board.set_inner(Coord::new(4, i), Dir::Right, InnerWall::Solid);
    }
    let mut plan = Plan::new(board);
    plan.settings.nstop = Some(0);
    plan
}

fn steps(c: &mut Criterion) {
    let mut game = Game::new(&plan(), Ruleset::classic(), 3);
    let starts = [Coord::new(0, 0), Coord::new(9, 9), Coord::new(5, 5)];
    game.start(&starts, &[PlayerId(0), PlayerId(1), PlayerId(2)])
        .expect("a valid start");
    let orders: Vec<Order> = [
        Dir::Right,
        Dir::Down,
        Dir::Left,
        Dir::Up,
        Dir::Down,
        Dir::Right,
    ]
    .into_iter()
    .map(|d| Order::of([Action::Move(Move::Step(d))]))
    .collect();
    let mut i = 0;
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(1));
    group.bench_function("step order on 10x10", |b| {
        b.iter(|| {
            i = (i + 1) % orders.len();
            let who = game.current().expect("a game of steps never ends");
            black_box(
                game.play(who, &orders[i])
                    .expect("a step is always accepted"),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, steps);
criterion_main!(benches);
