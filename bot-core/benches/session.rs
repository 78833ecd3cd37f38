//! The session engine end to end on a real file: parse, rules, narration and one durable commit per
//! order.
//!
//! `orders`: accepted orders per second through `Session::handle` (target ≥ 5,000/s on 2 cores),
//! one game at a time and 32 games at once.
//! `resume_10k`: reopening a store of 10,000 running games and reading every game back, as after a
//! restart (target < 2 s). The size of an idle game (its saved state and the table in memory) is
//! printed once (target < 20 KB).
//!
//! With `GM_BENCH_ORDERS=N` set, the bench instead plays N orders of the one-game shape and exits:
//! run it twice under `valgrind --tool=callgrind` with two N and divide the difference of the
//! instruction counts by the difference of N, for a cost per order that a loaded machine's
//! scheduling does not blur.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bot_core::i18n::Lang;
use bot_core::session::chat::{ChatId, Content, Inbound, Platform, UserId};
use bot_core::session::table::Table;
use bot_core::session::{Session, parse_duration};
use bot_core::store::Store;
use criterion::{Criterion, Throughput, criterion_group};
use tokio::runtime::Runtime;

/// Part А's maze with an Nstop the benchmark never reaches.
const PLAN: &str = "labyrinth 5x4 nstop=1000000000
+   +---+---+---+---+
| .   .   .   a1  . |
+---+---+---+   +---+
| U   .   .   .   . |
+   +   +---+   +---+
| ^   M   .   .   a2|
+---+   +   +   +   +
| .   .   .   .   A |
+---+---+---+---+~~~+
items:
  B2 treasure
  C1 fake
";

fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("gm-bench-session-{name}-{}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", p.display()));
    }
    p
}

#[derive(Clone)]
struct Driver {
    session: Session,
    n: u64,
    /// Makes message ids unique across drivers sharing a store.
    tag: String,
}

impl Driver {
    async fn say(&mut self, user: &str, chat: Option<&str>, text: &str) -> usize {
        self.n += 1;
        let msg = Inbound {
            platform: Platform::Script,
            chat: ChatId(chat.unwrap_or(user).to_string()),
            private: chat.is_none(),
            user: UserId(user.to_string()),
            name: user.to_string(),
            content: Content::Text(text.to_string()),
            message_id: format!("{}-{}", self.tag, self.n),
            lang: Some(Lang::En),
            is_admin: false,
        };
        self.session
            .handle(msg, 0)
            .await
            .map(|o| o.len())
            .unwrap_or(0)
    }

    /// ann on C4 and bob on B4 walk right and left along the open bottom row, forever.
    async fn start(&mut self, chat: &str) {
        self.say(
            "gm",
            Some(chat),
            "/newgame labyrinth classic plan=own order=join start_mines=0",
        )
        .await;
        self.say("ann", Some(chat), "/join").await;
        self.say("bob", Some(chat), "/join").await;
        self.say("gm", Some(chat), "/begin").await;
        self.say("gm", None, PLAN).await;
        self.say("ann", None, "C4").await;
        self.say("bob", None, "B4").await;
    }
}

/// A store with one game in play, ready for orders.
fn one_game(rt: &Runtime) -> Driver {
    let path = temp("orders");
    rt.block_on(async {
        let store = Store::open(&path).await.unwrap();
        let mut d = Driver {
            session: Session::open(store, 1, Lang::En).await.unwrap(),
            n: 0,
            tag: String::new(),
        };
        d.start("g").await;
        d
    })
}

/// ann and bob walking to and fro: every order accepted.
const SCRIPT: [(&str, &str); 4] = [
    ("ann", "go right"),
    ("bob", "go left"),
    ("ann", "go left"),
    ("bob", "go right"),
];

fn orders(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    let mut d = one_game(&rt);
    let script = SCRIPT;
    let mut i = 0;
    let mut g = c.benchmark_group("session");
    g.throughput(Throughput::Elements(1));
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("orders", |b| {
        b.iter(|| {
            let (who, text) = script[i % script.len()];
            i += 1;
            rt.block_on(d.say(who, Some("g"), text))
        })
    });
    g.finish();
}

/// Games in play at once for the concurrent run.
const GAMES: usize = 32;

fn concurrent_orders(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    let path = temp("concurrent");
    let drivers = rt.block_on(async {
        let store = Store::open(&path).await.unwrap();
        let session = Session::open(store, 1, Lang::En).await.unwrap();
        let mut drivers = vec![];
        for k in 0..GAMES {
            let mut d = Driver {
                session: session.clone(),
                n: 0,
                tag: format!("d{k}"),
            };
            d.start(&format!("g{k}")).await;
            drivers.push(d);
        }
        drivers
    });
    let script = SCRIPT;
    let mut i = 0;
    let mut g = c.benchmark_group("session");
    g.throughput(Throughput::Elements(GAMES as u64));
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    g.bench_function("orders_32_games_at_once", |b| {
        b.iter(|| {
            let (who, text) = script[i % script.len()];
            i += 1;
            rt.block_on(async {
                let mut set = tokio::task::JoinSet::new();
                for (k, d) in drivers.iter().enumerate() {
                    let mut d = d.clone();
                    d.n = i as u64 * 1000;
                    set.spawn(async move { d.say(who, Some(&format!("g{k}")), text).await });
                }
                while set.join_next().await.is_some() {}
            })
        })
    });
    g.finish();
}

fn idle_size(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    let path = temp("idle");
    let (json, table) = rt.block_on(async {
        let store = Store::open(&path).await.unwrap();
        let mut d = Driver {
            session: Session::open(store.clone(), 1, Lang::En).await.unwrap(),
            n: 0,
            tag: String::new(),
        };
        // A generated 6x5 maze for three, in play.
        d.say("ann", Some("g"), "/newgame labyrinth classic").await;
        d.say("bob", Some("g"), "/join").await;
        d.say("eve", Some("g"), "/join").await;
        d.say("ann", Some("g"), "/begin").await;
        for (who, cell) in [("ann", "A1"), ("bob", "C3"), ("eve", "F5")] {
            d.say(who, None, cell).await;
        }
        let rec = store.running_games().await.unwrap().remove(0);
        let table: Table = serde_json::from_str(&rec.state).unwrap();
        (rec.state, table)
    });
    let heap = json.len() + std::mem::size_of_val(&table);
    eprintln!(
        "idle game: {} bytes saved; in memory about {} bytes (kept in the session's cache while it runs)",
        json.len(),
        heap
    );
    c.bench_function("session/idle_game_decode", |b| {
        b.iter(|| serde_json::from_str::<Table>(&json).unwrap())
    });
}

/// A store of 10,000 running games, made when the benchmark is chosen (it takes a while).
fn ten_thousand_games(rt: &Runtime) -> PathBuf {
    let path = temp("resume");
    rt.block_on(async {
        let store = Store::open(&path).await.unwrap();
        let mut d = Driver {
            session: Session::open(store.clone(), 1, Lang::En).await.unwrap(),
            n: 0,
            tag: String::new(),
        };
        for k in 0..10_000 {
            let chat = format!("g{k}");
            d.say("ann", Some(&chat), "/newgame labyrinth classic")
                .await;
        }
        store.close().await;
    });
    path
}

fn resume(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    let mut made = None;
    let mut g = c.benchmark_group("session");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("resume_10k", |b| {
        let path = made.get_or_insert_with(|| ten_thousand_games(&rt)).clone();
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                rt.block_on(async {
                    let store = Store::open(&path).await.unwrap();
                    let session = Session::open(store.clone(), 1, Lang::En).await.unwrap();
                    let games = store.running_games().await.unwrap();
                    assert_eq!(games.len(), 10_000);
                    for rec in &games {
                        let _: Table = serde_json::from_str(&rec.state).unwrap();
                    }
                    session
                        .advance(parse_duration("1d").unwrap())
                        .await
                        .unwrap();
                    store.close().await;
                });
                total += start.elapsed();
            }
            total
        })
    });
    g.finish();
}

/// Plays `n` orders of the one-game shape, for an instruction count.
fn count(n: u64) {
    let rt = Runtime::new().unwrap();
    let mut d = one_game(&rt);
    for i in 0..n as usize {
        let (who, text) = SCRIPT[i % SCRIPT.len()];
        assert!(
            rt.block_on(d.say(who, Some("g"), text)) > 0,
            "an order refused"
        );
    }
}

criterion_group!(benches, orders, concurrent_orders, idle_size, resume);

fn main() {
    if let Some(n) = std::env::var("GM_BENCH_ORDERS")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        count(n);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
