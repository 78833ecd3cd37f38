//! How fast the store takes accepted orders and hands back running games, on a real file.
//!
//! `commit_order`: one typical accepted order (a ~4 KB game state rewritten, one order row, two
//! outgoing messages, the inbound key) per transaction, one caller at a time. The target is
//! 5,000 durable commits per second on 2 cores. `commit_order_16_callers` has sixteen games committing
//! at once, as a busy bot would. `resume_10k`: listing 10,000 running games with their states, as
//! after a restart (target: under 2 s).

#[path = "../src/testkit/scratch.rs"]
mod support;

use std::sync::LazyLock;
use std::time::{Duration, Instant};

use bot_core::i18n::Lang;
use bot_core::store::{
    Commit, GameId, GameStatus, GameUpdate, GameWrite, InboundKey, NewGame, NewOrder, NewOutgoing,
    Platform, Player, Store, Target, UnixMs,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use support::TempDb;
use tokio::runtime::Runtime;

const TG: Platform = Platform::Telegram;

/// A game state of about 4 KB, varying with the move so that every write is a real change.
fn state(n: u64) -> String {
    static BOARD: LazyLock<String> = LazyLock::new(|| {
        (0..64)
            .map(|i| format!("\"c{i}\":\"{:054}\"", i * 7919))
            .collect::<Vec<_>>()
            .join(",")
    });
    format!("{{\"move\":{n},{}}}", *BOARD)
}

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime")
}

/// Creates `n` running games, each in its own chat; returns their ids.
async fn games(store: &Store, n: usize) -> Vec<GameId> {
    let mut ids = Vec::with_capacity(n);
    for i in 0..n {
        let c = Commit {
            game: Some(GameWrite::Insert(NewGame {
                platform: TG,
                chat: format!("-100{i}"),
                kind: "labyrinth".into(),
                status: GameStatus::Playing,
                state: state(i as u64),
            })),
            roster: Some(vec![
                player(0, &format!("{i}01")),
                player(1, &format!("{i}02")),
            ]),
            ..Commit::at(UnixMs(0))
        };
        ids.push(store.commit(c).await.expect("new game").game.expect("id").0);
    }
    ids
}

fn player(seat: u32, user: &str) -> Player {
    Player {
        seat,
        user_id: user.into(),
        name: format!("Player {user}"),
        lang: Lang::Ru,
    }
}

/// The commit of one accepted order: the game at `version` moves to the next.
fn accepted_order(game: GameId, chat: &str, version: i64, update: u64) -> Commit {
    Commit {
        inbound: Some(InboundKey::new(TG, update.to_string())),
        game: Some(GameWrite::Update(GameUpdate {
            id: game,
            expected_version: version,
            status: GameStatus::Playing,
            state: state(update),
        })),
        orders: vec![NewOrder {
            user_id: "101".into(),
            text: "вверх".into(),
        }],
        outbox: vec![
            NewOutgoing::new(
                Target::chat(TG, chat),
                "{\"text\":\"Ход принят: вверх. Стенка.\"}".into(),
            ),
            NewOutgoing::new(Target::user(TG, "101"), "{\"text\":\"Вы в B3.\"}".into()),
        ],
        ..Commit::at(UnixMs(update as i64))
    }
}

/// One game driven by one caller: `orders` commits, each against the version the last one made.
async fn drive(store: Store, game: GameId, chat: String, first_update: u64, orders: u64) {
    let mut version = store.game(game).await.expect("read").expect("game").version;
    for n in 0..orders {
        let c = accepted_order(game, &chat, version, first_update + n);
        version = store.commit(c).await.expect("commit").game.expect("game").1;
    }
}

fn commits(c: &mut Criterion) {
    let rt = runtime();
    let db = TempDb::new("bench-commits");
    let store = rt.block_on(Store::open(&db)).expect("open");
    let ids = rt.block_on(games(&store, 16));
    let mut update = 0u64;

    let mut group = c.benchmark_group("store");
    group
        .throughput(Throughput::Elements(1))
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("commit_order", |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            rt.block_on(drive(store.clone(), ids[0], "-1000".into(), update, iters));
            update += iters;
            start.elapsed()
        })
    });
    group.bench_function("commit_order_16_callers", |b| {
        b.iter_custom(|iters| {
            let per_game = iters.div_ceil(16);
            let start = Instant::now();
            rt.block_on(async {
                let tasks: Vec<_> = ids
                    .iter()
                    .enumerate()
                    .map(|(i, &id)| {
                        let first = update + i as u64 * per_game;
                        tokio::spawn(drive(
                            store.clone(),
                            id,
                            format!("-100{i}"),
                            first,
                            per_game,
                        ))
                    })
                    .collect();
                for t in tasks {
                    t.await.expect("caller");
                }
            });
            update += 16 * per_game;
            start
                .elapsed()
                .mul_f64(iters as f64 / (16 * per_game) as f64)
        })
    });
    group.finish();
}

fn resume(c: &mut Criterion) {
    let rt = runtime();
    let db = TempDb::new("bench-store-resume");
    let store = rt.block_on(Store::open(&db)).expect("open");
    rt.block_on(games(&store, 10_000));

    let mut group = c.benchmark_group("store");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("resume_10k", |b| {
        b.iter(|| {
            let running = rt.block_on(store.running_games()).expect("list");
            assert_eq!(running.len(), 10_000);
            running
        })
    });
    group.finish();
}

criterion_group!(benches, commits, resume);
criterion_main!(benches);
