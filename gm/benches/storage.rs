//! How large the database grows: whole games played through `gm script` (in process, as the bots
//! play them) on a file, with the running bot's housekeeping (`upkeep::tidy`) every ten minutes of
//! the game's clock, a move a minute. Printed for each: the file (with its write-ahead log) at the
//! end of play, and an hour after the end, when the last sent messages have been pruned.
//!
//! - Saboteur, 5 players, one whole game (three rounds) of random legal plays: aim under 2 MB after.
//! - Hive, 3,000 moves of random legal play (no move that ends the game): aim under 4 KB a move.
//! - Labyrinth, 50 whole games of the classic script (`tests/scripts/classic_en.jsonl`) one after
//!   another in one group: aim under 5 MB after.
//!
//! `GM_BENCH_HIVE_MOVES=N` plays N Hive moves instead. One measurement each, printed as a table.

use bot_core::i18n::Lang;
use bot_core::script::{EPOCH_MS, Script};
use bot_core::session::Session;
use bot_core::store::{Retention, Store, UnixMs};
use bot_core::testkit::TempDb;
use bot_core::upkeep::tidy;
use hive_engine::{Game, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

const MINUTE: i64 = 60_000;
const TIDY_EVERY: i64 = 10 * MINUTE;

/// A game played on a file, with its clock and housekeeping.
struct Table {
    db: TempDb,
    store: Store,
    script: Script,
    now: i64,
    tidied: i64,
}

impl Table {
    async fn open(name: &str) -> Table {
        let db = TempDb::new(name);
        let store = Store::open(db.path()).await.unwrap();
        let session = Session::open(store.clone(), registry::GAMES, 7, Lang::En)
            .await
            .unwrap();
        Table {
            db,
            store,
            script: Script::new(session, Lang::En),
            now: EPOCH_MS,
            tidied: EPOCH_MS,
        }
    }

    async fn say(&mut self, user: &str, chat: &str, text: &str) -> Value {
        let line = json!({"user": user, "chat": chat, "text": text}).to_string();
        self.line(&line).await
    }

    async fn line(&mut self, line: &str) -> Value {
        self.script.line(line).await.expect("a line")
    }

    async fn peek(&mut self) -> Value {
        self.line(r#"{"peek": true}"#).await["state"].clone()
    }

    /// A minute passes; every ten, the housekeeping the bot runs.
    async fn minute(&mut self) {
        self.line(r#"{"advance": "1m"}"#).await;
        self.now += MINUTE;
        if self.now - self.tidied >= TIDY_EVERY {
            tidy(&self.store, UnixMs(self.now), &Retention::default())
                .await
                .unwrap();
            self.tidied = self.now;
        }
    }

    /// The file and its write-ahead log, in bytes.
    fn bytes(&self) -> u64 {
        let size = |suffix: &str| {
            let mut p = self.db.path().as_os_str().to_owned();
            p.push(suffix);
            std::fs::metadata(p).map_or(0, |m| m.len())
        };
        size("") + size("-wal")
    }

    /// The size at the end of play, and an hour and a minute later, tidied.
    async fn measure(&mut self) -> (u64, u64) {
        self.store.shrink().await.unwrap();
        let during = self.bytes();
        self.now += 61 * MINUTE;
        tidy(&self.store, UnixMs(self.now), &Retention::default())
            .await
            .unwrap();
        (during, self.bytes())
    }
}

async fn saboteur(rng: &mut ChaCha8Rng) -> (u64, u64, usize) {
    let mut t = Table::open("bench-storage-saboteur").await;
    let names = ["ann", "bob", "cat", "dan", "eve"];
    t.say(names[0], "group", "/newgame saboteur").await;
    for n in names {
        t.say(n, "group", "/join").await;
    }
    t.say(names[0], "group", "/begin").await;
    let mut plays = 0;
    loop {
        let state = t.peek().await;
        if state["status"] == "finished" {
            break;
        }
        let turn = state["turn"].as_str().expect("someone to move").to_string();
        let moves = state["moves"].as_array().expect("moves");
        let order = moves[rng.random_range(0..moves.len())]
            .as_str()
            .unwrap()
            .to_string();
        let private = order.starts_with("/discard") || order.starts_with("/take");
        t.say(&turn, if private { "dm" } else { "group" }, &order)
            .await;
        plays += 1;
        t.minute().await;
    }
    let (during, after) = t.measure().await;
    (during, after, plays)
}

async fn hive(moves: usize, rng: &mut ChaCha8Rng) -> (u64, u64, usize) {
    let mut t = Table::open("bench-storage-hive").await;
    t.say("ann", "group", "/newgame hive color=white").await;
    t.say("bob", "group", "/join").await;
    t.say("ann", "group", "/begin").await;
    let mut game = Game::new(Options::default());
    let mut played = 0;
    while played < moves {
        let legal = game.legal_moves();
        // A random move that does not end the game, if there is one.
        let mut order: Vec<usize> = (0..legal.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let pick = order
            .iter()
            .map(|&i| legal[i])
            .find(|mv| {
                let mut next = game.clone();
                next.play(*mv).is_ok() && !next.state().is_over()
            })
            .unwrap_or(legal[order[0]]);
        let text = game.move_string(&pick);
        let who = if played % 2 == 0 { "ann" } else { "bob" };
        game.play(pick).unwrap();
        t.say(who, "group", &text).await;
        played += 1;
        t.minute().await;
        if game.state().is_over() {
            break;
        }
    }
    if !game.state().is_over() {
        let turn = t.peek().await["turn"].clone();
        let next = if played % 2 == 0 { "ann" } else { "bob" };
        assert_eq!(turn, next, "every move was taken");
    }
    let (during, after) = t.measure().await;
    (during, after, played)
}

async fn labyrinth(games: usize) -> (u64, u64, usize) {
    let mut t = Table::open("bench-storage-labyrinth").await;
    let script = include_str!("../tests/scripts/classic_en.jsonl");
    for _ in 0..games {
        for line in script.lines().filter(|l| !l.trim().is_empty()) {
            t.line(line).await;
            t.minute().await;
        }
        assert_eq!(
            t.peek().await["status"],
            "finished",
            "the script ends its game"
        );
    }
    let (during, after) = t.measure().await;
    (during, after, games)
}

fn main() {
    let hive_moves = std::env::var("GM_BENCH_HIVE_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let kb = |b: u64| b as f64 / 1024.0;
    println!("what                          end of play    an hour on    per unit");
    runtime.block_on(async {
        let (during, after, plays) = saboteur(&mut rng).await;
        println!(
            "saboteur, 5 players, {plays:>4} plays {:>9.0} KB  {:>9.0} KB  {:>6.2} KB a play",
            kb(during),
            kb(after),
            kb(after) / plays as f64
        );
        let (during, after, moves) = hive(hive_moves, &mut rng).await;
        println!(
            "hive, {moves:>5} moves            {:>9.0} KB  {:>9.0} KB  {:>6.2} KB a move",
            kb(during),
            kb(after),
            kb(after) / moves as f64
        );
        let (during, after, games) = labyrinth(50).await;
        println!(
            "labyrinth, {games} classic games     {:>9.0} KB  {:>9.0} KB  {:>6.1} KB a game",
            kb(during),
            kb(after),
            kb(after) / games as f64
        );
    });
}
