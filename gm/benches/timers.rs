//! A backlog of due timers, as a bot finds it back from a long downtime: N games of Hive in play
//! (a move awaited in each, its reminder and deadline set), the clock then moved on a year.
//!
//! Measured, for N = 1,000, 2,000 and 10,000 (`GM_BENCH_TIMER_GAMES=a,b,c` for others):
//! - `advance`: `Session::advance` firing every due timer (each game's reminder, then its
//!   deadline, which ends a game of two on time) — the aim is under 5 s for 10,000 games, growing
//!   linearly;
//! - `first message`: a relay started on such a backlog, until its courier is handed the first
//!   message — the aim is under 1 s, since the relay fires timers a slice at a time and delivers
//!   between slices.
//!
//! One measurement each (the setup of 10,000 games takes longer than the measurement), printed as
//! a table; not criterion, which would repeat the setup hundreds of times.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bot_core::i18n::Lang;
use bot_core::relay::{Courier, Delivered, Progress, Refusal, Relay};
use bot_core::session::Session;
use bot_core::session::chat::{ChatId, Content, Inbound, Outbound, Platform, UserId};
use bot_core::store::Store;
use bot_core::testkit::TempDb;

const DAY: i64 = 86_400_000;

fn msg(n: &mut u64, user: &str, chat: &str, text: &str) -> Inbound {
    *n += 1;
    Inbound {
        platform: Platform::Script,
        chat: ChatId(chat.into()),
        private: false,
        user: UserId(user.into()),
        name: user.into(),
        content: Content::Text(text.into()),
        message_id: n.to_string(),
        lang: Some(Lang::En),
        is_admin: false,
        threads: false,
        chat_title: None,
    }
}

/// A database of `games` games of Hive in play, each awaiting White's first move.
async fn backlog(db: &TempDb, games: usize) -> Session {
    let store = Store::open(db.path()).await.unwrap();
    let session = Session::open(store, registry::GAMES, 1, Lang::En)
        .await
        .unwrap();
    let mut n = 0;
    let mut tasks = tokio::task::JoinSet::new();
    for chunk in 0..4 {
        let session = session.clone();
        let mut n = chunk as u64 * 1_000_000_000;
        tasks.spawn(async move {
            for g in (chunk..games).step_by(4) {
                let chat = format!("g{g}");
                for (user, text) in [
                    (format!("a{g}"), "/newgame hive color=white deadline=1d"),
                    (format!("b{g}"), "/join"),
                    (format!("a{g}"), "/begin"),
                ] {
                    session
                        .handle(msg(&mut n, &user, &chat, text), 0)
                        .await
                        .unwrap();
                }
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    n += 1;
    let _ = n;
    // What the games said so far is out: the relay measured below starts with the backlog alone.
    for m in session.unsent_outbox(Platform::Script).await.unwrap() {
        session.mark_sent(m.id, None, 0).await.unwrap();
    }
    session
}

/// A courier that notes when it was first handed a message, and takes everything.
struct Noting {
    first: Arc<Mutex<Option<Instant>>>,
}

impl Courier for Noting {
    fn platform(&self) -> Platform {
        Platform::Script
    }

    async fn deliver(&self, _out: &Outbound, _progress: &Progress) -> Result<Delivered, Refusal> {
        let mut first = self.first.lock().unwrap();
        first.get_or_insert_with(Instant::now);
        Ok(Delivered::default())
    }
}

fn main() {
    let sizes: Vec<usize> = std::env::var("GM_BENCH_TIMER_GAMES")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1_000, 2_000, 10_000]);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    println!("games   messages   advance (s)   per message (µs)   first message (s)");
    for games in sizes {
        runtime.block_on(async {
            let db = TempDb::new("bench-timers");
            let session = backlog(&db, games).await;
            let later = 366 * DAY;
            let started = Instant::now();
            let fired = session.advance(later).await.unwrap();
            let advance = started.elapsed();
            let messages = fired.len();

            // The same backlog again, worked off by a relay with its courier.
            let db2 = TempDb::new("bench-timers-relay");
            let session2 = backlog(&db2, games).await;
            let first = Arc::new(Mutex::new(None));
            let relay = Relay::new(
                session2,
                Noting {
                    first: first.clone(),
                },
            );
            // The relay reads the wall clock: its backlog is due a year after the epoch, long
            // before now.
            let _ = later;
            let started = Instant::now();
            let run = tokio::spawn(async move { relay.round().await });
            let deadline = started + Duration::from_secs(60);
            let first_at = loop {
                if let Some(at) = *first.lock().unwrap() {
                    break Some(at);
                }
                if Instant::now() > deadline {
                    break None;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            };
            run.await.unwrap().unwrap();
            let first = first_at.map_or(f64::NAN, |at| (at - started).as_secs_f64());
            println!(
                "{games:>5}   {messages:>8}   {:>11.2}   {:>16.0}   {first:>17.3}",
                advance.as_secs_f64(),
                advance.as_secs_f64() * 1e6 / messages.max(1) as f64,
            );
        });
    }
}
