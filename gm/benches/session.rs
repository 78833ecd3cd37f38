//! The session engine end to end on a real file: parse, rules, narration and one durable commit per
//! order.
//!
//! `orders`: accepted orders per second through `Session::handle` (target ≥ 5,000/s on 2 cores),
//! one game at a time and 32 games at once.
//! `resume_10k`: reopening a store of 10,000 games in play (with their timers) and reading every
//! game back, as after a restart (target < 2 s). An idle game's memory is the `memory` bench's.
//!
//! With `GM_BENCH_ORDERS=N` set, the bench instead plays N orders of the one-game shape and exits
//! (`GM_BENCH_STRETCHES=N`: N stretches of 32 games × 20 orders): run it twice under
//! `valgrind --tool=callgrind` with two N and divide the difference of the instruction counts by
//! the difference of orders, for a cost per order that a loaded machine's scheduling does not blur.
//! `GM_BENCH_WORKERS=N` runs the stretches on N tokio workers (2 by default, as the bots run).

mod common;

use common::{Driver, GAME_LENGTH};

use std::time::{Duration, Instant};

use bot_core::i18n::Lang;
use bot_core::session::Session;
use bot_core::session::chat::Platform;
use bot_core::session::table::{Stage, Table};
use bot_core::store::{GameId, Store};
use bot_core::testkit::TempDb;
use criterion::{Criterion, Throughput, criterion_group};
use tokio::runtime::Runtime;

/// A store with one game in play, ready for orders; the database goes with the guard returned.
fn one_game(rt: &Runtime) -> (TempDb, Driver) {
    let db = TempDb::new("bench-orders");
    let d = rt.block_on(async {
        let store = Store::open(&db).await.unwrap();
        let session = Session::open(store, registry::GAMES, 1, Lang::En)
            .await
            .unwrap();
        let mut d = Driver::new(session, String::new());
        d.start(0).await;
        d
    });
    (db, d)
}

fn orders(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    let (_db, mut d) = one_game(&rt);
    let mut g = c.benchmark_group("session");
    g.throughput(Throughput::Elements(1));
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("orders", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                if d.played == GAME_LENGTH {
                    let next = d.game + 1;
                    rt.block_on(d.start(next));
                }
                let start = Instant::now();
                assert!(rt.block_on(d.order(0)) > 0);
                total += start.elapsed();
            }
            total
        })
    });
    g.finish();
}

/// Games in play at once for the concurrent run.
const GAMES: usize = 32;
/// Orders each game gives in one measured stretch: its players do not wait for the other games.
const STRETCH: usize = 20;

/// 32 games in play on one store, ready for orders; the database goes with the guard returned.
fn many_games(rt: &Runtime) -> (TempDb, Vec<Driver>) {
    let db = TempDb::new("bench-concurrent");
    let drivers = rt.block_on(async {
        let store = Store::open(&db).await.unwrap();
        let session = Session::open(store, registry::GAMES, 1, Lang::En)
            .await
            .unwrap();
        let mut drivers = vec![];
        for k in 0..GAMES {
            let mut d = Driver::new(session.clone(), format!("d{k}"));
            d.start(k).await;
            drivers.push(d);
        }
        drivers
    });
    (db, drivers)
}

/// Every game gives [`STRETCH`] orders, all games at once, each in its own task; a game that has
/// lasted its length is replaced first (untimed when measured).
fn stretch(rt: &Runtime, drivers: Vec<Driver>) -> Vec<Driver> {
    rt.block_on(async {
        let mut set = tokio::task::JoinSet::new();
        for mut d in drivers {
            set.spawn(async move {
                for _ in 0..STRETCH {
                    assert!(d.order(0).await > 0, "an order refused");
                }
                d
            });
        }
        set.join_all().await
    })
}

/// Starts the next game of every driver whose game has lasted its length.
fn renew(rt: &Runtime, drivers: &mut [Driver]) {
    rt.block_on(async {
        for d in drivers
            .iter_mut()
            .filter(|d| d.played + STRETCH > GAME_LENGTH)
        {
            let next = d.game + GAMES;
            d.start(next).await;
        }
    });
}

fn concurrent_orders(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    let (_db, mut drivers) = many_games(&rt);
    let mut g = c.benchmark_group("session");
    g.throughput(Throughput::Elements((GAMES * STRETCH) as u64));
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("orders_32_games_at_once", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                renew(&rt, &mut drivers);
                let start = Instant::now();
                drivers = stretch(&rt, std::mem::take(&mut drivers));
                total += start.elapsed();
            }
            total
        })
    });
    g.finish();
}

/// A store of 10,000 games in play, each with its deadline and reminder: one game played some way
/// in, then brought into 10,000 chats as an import does. Made when the benchmark is chosen.
fn ten_thousand_games(rt: &Runtime) -> TempDb {
    let db = TempDb::new("bench-resume");
    rt.block_on(async {
        let store = Store::open(&db).await.unwrap();
        let session = Session::open(store.clone(), registry::GAMES, 1, Lang::En)
            .await
            .unwrap();
        common::game_in_play(&session, "g0", 30).await;
        let exported = store.export_game(GameId(1)).await.unwrap();
        for k in 1..10_000 {
            let chat = Some((Platform::Script, format!("g{k}")));
            store.import_game_into(&exported, chat).await.unwrap();
        }
        store.close().await;
    });
    db
}

/// A restart: the store opened (its schema checked), every running game read and decoded, as the
/// session's cache would hold them, and the clock's first look for timers that fell due (none
/// has: the deadlines are a day off).
fn resume(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    let mut made = None;
    let mut g = c.benchmark_group("session");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("resume_10k", |b| {
        let path = made
            .get_or_insert_with(|| ten_thousand_games(&rt))
            .to_path_buf();
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                rt.block_on(async {
                    let store = Store::open(&path).await.unwrap();
                    let session = Session::open(store.clone(), registry::GAMES, 1, Lang::En)
                        .await
                        .unwrap();
                    let games = store.running_games().await.unwrap();
                    assert_eq!(games.len(), 10_000);
                    for rec in &games {
                        let kind = registry::GAMES.find(&rec.kind).unwrap();
                        let table = Table::load(kind, &rec.state).unwrap();
                        assert_eq!(table.seating.stage, Stage::Playing);
                    }
                    let fired = session.advance(0).await.unwrap();
                    assert!(fired.is_empty(), "no deadline is due yet");
                    store.close().await;
                });
                total += start.elapsed();
            }
            total
        })
    });
    g.finish();
}

/// Plays `n` orders of the one-game shape, for an instruction count (beyond [`GAME_LENGTH`], the
/// setup of the next game is counted too).
fn count(n: u64) {
    let rt = counting_runtime();
    let (_db, mut d) = one_game(&rt);
    for i in 0..n as usize {
        let next = i / GAME_LENGTH;
        assert!(rt.block_on(d.order(next)) > 0, "an order refused");
    }
}

criterion_group!(benches, orders, concurrent_orders, resume);

/// The runtime of the counting modes: `GM_BENCH_WORKERS` tokio workers (2 by default, as the bots
/// run).
fn counting_runtime() -> Runtime {
    let workers = std::env::var("GM_BENCH_WORKERS")
        .ok()
        .and_then(|w| w.parse().ok())
        .unwrap_or(2);
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()
        .unwrap()
}

/// Plays `n` stretches of the 32-games shape, for an instruction count.
fn count_concurrent(n: u64) {
    let rt = counting_runtime();
    let (_db, mut drivers) = many_games(&rt);
    for _ in 0..n {
        renew(&rt, &mut drivers);
        drivers = stretch(&rt, drivers);
    }
}

fn main() {
    let env = |name: &str| std::env::var(name).ok().and_then(|n| n.parse().ok());
    if let Some(n) = env("GM_BENCH_ORDERS") {
        count(n);
        return;
    }
    if let Some(n) = env("GM_BENCH_STRETCHES") {
        count_concurrent(n);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
