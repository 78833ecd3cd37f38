//! Orders per second end to end on each engine: SQLite, and PostgreSQL shared by 1, 2 and 4
//! processes (the figures in the README's table of engines).
//!
//! Each measured stretch is 32 games in play each giving 20 orders at once, as `session`'s
//! `orders_32_games_at_once`. A "process" is a store with its own connections and a session with
//! its own cache on the same database, the games dealt to them in turn, as chats are to the bot
//! processes of an installation (each process on PostgreSQL is a client of the one server, as
//! separate processes would be).
//!
//! PostgreSQL comes from `GM_TEST_POSTGRES` (as for the tests; a user who may create databases):
//! without it, only SQLite is measured, and the bench says so.

mod common;

use std::time::{Duration, Instant};

use bot_core::i18n::Lang;
use bot_core::session::Session;
use bot_core::store::Store;
use bot_core::testkit::{ScratchDb, TempDb};
use common::{Driver, GAME_LENGTH};
use criterion::{Criterion, Throughput};
use tokio::runtime::Runtime;

/// Games in play at once.
const GAMES: usize = 32;
/// Orders each game gives in one measured stretch.
const STRETCH: usize = 20;

/// `GAMES` games in play on `processes` sessions over the database at `url`.
fn games(rt: &Runtime, url: &str, processes: usize) -> Vec<Driver> {
    rt.block_on(async {
        let mut sessions = vec![];
        for _ in 0..processes {
            let store = Store::connect(url).await.unwrap();
            sessions.push(
                Session::open(store, registry::GAMES, 1, Lang::En)
                    .await
                    .unwrap(),
            );
        }
        let mut drivers = vec![];
        for k in 0..GAMES {
            let session = sessions[k % processes].clone();
            let mut d = Driver::new(session, format!("p{}d{k}", k % processes));
            d.start(k).await;
            drivers.push(d);
        }
        drivers
    })
}

/// Every game gives [`STRETCH`] orders, all at once; a game that has lasted its length is
/// replaced first (untimed).
fn stretch(rt: &Runtime, drivers: &mut Vec<Driver>) -> Duration {
    rt.block_on(async {
        for d in drivers
            .iter_mut()
            .filter(|d| d.played + STRETCH > GAME_LENGTH)
        {
            let next = d.game + GAMES;
            d.start(next).await;
        }
    });
    let start = Instant::now();
    *drivers = rt.block_on(async {
        let mut set = tokio::task::JoinSet::new();
        for mut d in std::mem::take(drivers) {
            set.spawn(async move {
                for _ in 0..STRETCH {
                    assert!(d.order(0).await > 0, "an order refused");
                }
                d
            });
        }
        set.join_all().await
    });
    start.elapsed()
}

fn measure(c: &mut Criterion, rt: &Runtime, name: &str, url: &str, processes: usize) {
    let mut drivers = games(rt, url, processes);
    let mut g = c.benchmark_group("engines");
    g.throughput(Throughput::Elements((GAMES * STRETCH) as u64));
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function(name, |b| {
        b.iter_custom(|iters| (0..iters).map(|_| stretch(rt, &mut drivers)).sum())
    });
    g.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let rt = Runtime::new().unwrap();
    let lite = TempDb::new("bench-engines");
    measure(
        &mut c,
        &rt,
        "sqlite",
        &format!("sqlite://{}", lite.display()),
        1,
    );
    let pg = rt.block_on(bot_core::testkit::postgres("bench-engines"));
    match &pg {
        Some(db) => {
            for processes in [1, 2, 4] {
                // A fresh database each, so that each run starts from the same few rows.
                let fresh: ScratchDb = rt.block_on(db.sibling("bench-engines"));
                let name = format!(
                    "postgres_{processes}_process{}",
                    if processes == 1 { "" } else { "es" }
                );
                measure(&mut c, &rt, &name, &fresh.url(), processes);
                drop(fresh);
            }
        }
        None => eprintln!("engines: PostgreSQL not measured (set GM_TEST_POSTGRES)"),
    }
    drop(pg);
    c.final_summary();
}
