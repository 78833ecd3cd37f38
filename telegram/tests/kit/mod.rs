//! The end-to-end tests' kit: golden scripts played by `gm script` in-process for the expected
//! transcript, the secrets of a script that the group must never see, and the real bot started,
//! stopped and crashed against the fake server.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::Path;

use bot_core::i18n::Lang;
use bot_core::script::Script;
use bot_core::session::Session;
use bot_core::session::chat::Outbound;
use bot_core::store::{Commit, NewOutgoing, Store, StoreOptions, Target, UnixMs};
use serde_json::Value;
use telegram::{Config, RunError};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::fake::{self, Fake, GROUP, TOKEN, User};

/// The session seed of every test (the golden transcripts' too).
pub const SEED: u64 = 1;

/// One line of a golden script.
#[derive(Clone, Debug)]
pub enum Line {
    /// A message: who, in the group (false) or privately (true), what.
    Say {
        user: String,
        private: bool,
        text: String,
    },
    /// Anything else (`peek`): nothing to play.
    Other,
}

/// A golden script and what `gm script` answers to each of its lines.
pub struct Golden {
    /// The lines.
    pub lines: Vec<Line>,
    /// Per line, the messages it caused: (to, text), `to` being "group" or a user's name.
    pub outs: Vec<Vec<(String, String)>>,
    /// The language it is played in.
    pub lang: Lang,
}

/// Scratch files removed with their directory when dropped, shared with bot-core's tests. Declare
/// a database before the bot that uses it: locals drop in reverse order, so the bot is stopped
/// before its files go.
#[path = "../../../bot-core/src/testkit/scratch.rs"]
mod support;
pub use support::TempDb;
#[allow(unused_imports)]
pub use support::{Raw, ScratchDb, postgres};

/// A fresh, empty directory under the temporary directory, removed with its content when dropped.
/// Its name starts `gm-tg-{name}-`, so a directory left by a killed run says which test
/// made it.
pub fn temp_dir(name: &str) -> tempfile::TempDir {
    support::temp_dir(&format!("tg-{name}"))
}

/// A database not yet created, in a fresh directory named after `name`.
pub fn temp_db(name: &str) -> TempDb {
    TempDb::new(&format!("tg-{name}"))
}

/// Reads the golden script `name` and plays it through `gm script` in-process.
pub async fn golden(name: &str, lang: Lang) -> Golden {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../gm/tests/scripts")
        .join(format!("{name}.jsonl"));
    let input = std::fs::read_to_string(&path).expect("golden script");
    golden_of(name, &input, lang).await
}

/// Plays a script (JSON lines, as `gm script` reads them) through `gm script` in-process.
pub async fn golden_of(name: &str, input: &str, lang: Lang) -> Golden {
    let db = temp_db(&format!("golden-{name}"));
    let store = Store::open(&db).await.expect("store");
    let session = Session::open(store.clone(), registry::GAMES, SEED, lang)
        .await
        .expect("session");
    let mut script = Script::new(session, lang);
    let mut lines = vec![];
    let mut outs = vec![];
    for raw in input.lines() {
        let v: Value = serde_json::from_str(raw).expect("a JSON line");
        let line = match (v["user"].as_str(), v["chat"].as_str(), v["text"].as_str()) {
            (Some(u), Some(c), Some(t)) => Line::Say {
                user: u.to_string(),
                private: c == "dm",
                text: t.to_string(),
            },
            _ => Line::Other,
        };
        let reply = script.line(raw).await.expect("gm script");
        let out = reply["out"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|o| {
                        (
                            o["to"].as_str().unwrap_or("").to_string(),
                            o["text"].as_str().unwrap_or("").to_string(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        lines.push(line);
        outs.push(out);
    }
    store.close().await;
    Golden { lines, outs, lang }
}

impl Golden {
    /// The users of the script, in order of first appearance.
    pub fn users(&self) -> Vec<String> {
        let mut v: Vec<String> = vec![];
        for l in &self.lines {
            if let Line::Say { user, .. } = l
                && !v.contains(user)
            {
                v.push(user.clone());
            }
        }
        v
    }

    /// The secret facts of the script: the cells each player sent privately (start cells and the
    /// cells of a re-order), every line of a plan sent privately, and the text of every private
    /// message, the players' and the bot's (the bot's only when the group got the same text).
    pub fn secrets(&self) -> Vec<String> {
        let mut v = vec![];
        for l in &self.lines {
            let Line::Say {
                private: true,
                text,
                ..
            } = l
            else {
                continue;
            };
            let t = text.trim();
            if is_cell(t) {
                v.push(t.to_uppercase());
            } else if t.lines().any(|x| x.trim_start().starts_with("labyrinth ")) {
                v.extend(
                    t.lines()
                        .map(str::trim)
                        .filter(|x| !x.is_empty() && !x.starts_with("```"))
                        .map(str::to_string),
                );
            } else if !t.starts_with('/') {
                v.push(t.to_string());
            }
        }
        v.extend(self.private_texts());
        v.sort();
        v.dedup();
        v
    }

    /// The texts each chat must have shown after the first `n` lines, by Telegram chat id.
    pub fn expected(&self, fake: &Fake, n: usize) -> HashMap<i64, Vec<String>> {
        self.expected_in(fake, GROUP, 0..n)
    }

    /// The texts the lines `lines` send each chat of `fake`, by Telegram chat id, the script's
    /// group being `group`.
    pub fn expected_in(
        &self,
        fake: &Fake,
        group: i64,
        lines: std::ops::Range<usize>,
    ) -> HashMap<i64, Vec<String>> {
        let mut m: HashMap<i64, Vec<String>> = HashMap::new();
        for outs in &self.outs[lines] {
            for (to, text) in outs {
                let chat = if to == "group" {
                    group
                } else {
                    fake.user(to).id()
                };
                m.entry(chat).or_default().push(text.clone());
            }
        }
        m
    }

    /// Every text that went only to private chats: none may ever show in the group.
    pub fn private_texts(&self) -> Vec<String> {
        let group: Vec<&String> = self
            .outs
            .iter()
            .flatten()
            .filter(|(to, _)| to == "group")
            .map(|(_, t)| t)
            .collect();
        let mut v: Vec<String> = self
            .outs
            .iter()
            .flatten()
            .filter(|(to, t)| to != "group" && !group.contains(&t))
            .map(|(_, t)| t.clone())
            .collect();
        v.sort();
        v.dedup();
        v
    }
}

/// Whether a text is a cell's name, as a player writes it: `B2`, `d4`, `Z26`.
pub fn is_cell(t: &str) -> bool {
    let mut c = t.chars();
    c.next().is_some_and(|l| l.is_ascii_alphabetic())
        && (1..=2).contains(&c.as_str().len())
        && c.all(|d| d.is_ascii_digit())
}

/// Whether `needle` occurs in `hay` as a word: not inside a longer run of letters and digits.
pub fn has_word(hay: &str, needle: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    hay.match_indices(needle).any(|(i, _)| {
        let before = hay[..i].chars().next_back();
        let after = hay[i + needle.len()..].chars().next();
        // Part of a longer word if it runs on into letters on either side.
        let glued_before = word(before) && word(needle.chars().next());
        let glued_after = word(after) && word(needle.chars().next_back());
        !glued_before && !glued_after
    })
}

/// Asserts that no secret of the script shows in the group, in a text, a photo's caption or a
/// button's label, before the revealed maze (the first photo) makes everything public.
pub fn assert_secrets_kept(fake: &Fake, secrets: &[String]) {
    assert_secrets_kept_in(fake, GROUP, secrets);
}

/// Asserts that no secret shows in a group chat before the revealed maze, nor any document.
pub fn assert_secrets_kept_in(fake: &Fake, chat: i64, secrets: &[String]) {
    assert!(!secrets.is_empty(), "a script with secrets to keep");
    assert_eq!(fake.documents(chat), vec![], "no file in the group");
    for e in fake.events(chat).into_iter().take_while(|e| !e.photo) {
        for shown in std::iter::once(&e.text).chain(&e.labels) {
            for secret in secrets {
                assert!(
                    !has_word(shown, secret),
                    "the group saw the secret {secret:?} in {shown:?}"
                );
            }
        }
    }
}

/// Every user of the script has written to the bot privately before the game (as the players
/// of a group that played before have), so private messages reach them.
pub fn open_chats(fake: &Fake, g: &Golden) {
    for u in g.users() {
        fake.user_lang(&u, g.lang.code()).has_opened_chat();
    }
}

/// The link buttons' `start` payloads under a chat's messages, in order; each link opens the
/// private chat with the bot.
pub fn start_links(fake: &Fake, chat: i64) -> Vec<String> {
    fake.shown(chat)
        .iter()
        .flat_map(|m| m.keyboard.as_array().cloned().unwrap_or_default())
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["url"].as_str().map(str::to_string))
        .filter_map(|u| {
            let (base, payload) = u.split_once("?start=")?;
            assert_eq!(base, format!("https://t.me/{}", fake::BOT_USERNAME));
            Some(payload.to_string())
        })
        .collect()
}

/// ann, bob and cid, who all opened their private chats: ann opens a game in `chat` with
/// `/newgame labyrinth classic {options}`, bob and cid join, and once the group heard all three,
/// ann begins it.
pub async fn three_begin(fake: &Fake, chat: i64, options: &str) -> [User; 3] {
    let (ann, bob, cid) = (fake.user("ann"), fake.user("bob"), fake.user("cid"));
    for u in [&ann, &bob, &cid] {
        u.has_opened_chat();
    }
    ann.says_in(chat, &format!("/newgame labyrinth classic {options}"));
    bob.says_in(chat, "/join");
    cid.says_in(chat, "/join");
    assert!(fake.wait(|f| f.timeline(chat).len() == 3).await);
    ann.says_in(chat, "/begin");
    [ann, bob, cid]
}

/// Once each of the three players was asked privately for his start cell, they choose: the first
/// B2, the second D4, the third A5.
pub async fn choose_start_cells(fake: &Fake, players: [&User; 3]) {
    for u in players {
        assert!(fake.wait(|f| !f.timeline(u.id()).is_empty()).await);
    }
    for (u, cell) in players.into_iter().zip(["B2", "D4", "A5"]) {
        u.says_privately(cell);
    }
}

/// Plays line `i` of a script through the fake's users.
pub fn play(fake: &Fake, g: &Golden, i: usize) {
    if let Line::Say {
        user,
        private,
        text,
    } = &g.lines[i]
    {
        let u = fake.user_lang(user, g.lang.code());
        if *private {
            u.says_privately(text);
        } else {
            u.says_in_group(text);
        }
    }
}

/// Whether every chat shows exactly what it should after `n` lines (and nothing more).
pub fn caught_up(fake: &Fake, g: &Golden, n: usize) -> bool {
    let want = g.expected(fake, n);
    want.iter()
        .all(|(chat, texts)| &fake.timeline(*chat) == texts)
        && fake
            .chats()
            .iter()
            .all(|c| want.contains_key(c) || fake.timeline(*c).is_empty())
}

/// Plays lines `from..to`, waiting after each until every chat shows what `gm script` sent.
pub async fn play_lines(fake: &Fake, g: &Golden, from: usize, to: usize) {
    for i in from..to {
        play(fake, g, i);
        let ok = fake.wait(|f| caught_up(f, g, i + 1)).await;
        if !ok {
            let want = g.expected(fake, i + 1);
            for (chat, texts) in &want {
                assert_eq!(
                    &fake.timeline(*chat),
                    texts,
                    "after line {} ({:?}), chat {chat}",
                    i + 1,
                    g.lines[i]
                );
            }
            panic!("after line {}: a chat got more than expected", i + 1);
        }
    }
}

/// The real bot, running against the fake.
pub struct Running {
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), RunError>>,
    store: Store,
}

/// Starts the bot on a database file with the tests' settings.
pub async fn start(fake: &Fake, db: &Path, lang: Lang) -> Running {
    start_with(Config::for_tests(&fake.url(), TOKEN), db, lang).await
}

/// Starts the bot with explicit settings.
pub async fn start_with(config: Config, db: &Path, lang: Lang) -> Running {
    start_on(config, db, lang, &StoreOptions::default()).await
}

fn init_logs() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_test_writer()
        .try_init();
}

/// Starts the bot with explicit settings and store options (e.g. a short busy timeout).
pub async fn start_on(config: Config, db: &Path, lang: Lang, options: &StoreOptions) -> Running {
    let location = bot_core::store::Location::Sqlite(db.to_path_buf());
    start_at(config, &location, lang, options).await
}

/// Starts the bot on a database of either engine.
pub async fn start_at(
    config: Config,
    location: &bot_core::store::Location,
    lang: Lang,
    options: &StoreOptions,
) -> Running {
    init_logs();
    let store = Store::connect_with(location, options).await.expect("store");
    let session = Session::open(store.clone(), registry::GAMES, SEED, lang)
        .await
        .expect("session");
    let (tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(telegram::run(
        config,
        session,
        lang,
        Box::pin(async move {
            let _ = rx.await;
        }),
    ));
    Running {
        stop: Some(tx),
        task,
        store,
    }
}

/// A test that fails before [`Running::stop`] drops the bot here: its task is aborted rather than
/// left running on the files its [`TempDb`] is about to remove.
impl Drop for Running {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Running {
    /// Stops the bot and waits until it has; returns how its run ended.
    pub async fn stop(mut self) -> Result<(), RunError> {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        let result = (&mut self.task).await.expect("the bot task");
        self.store.clone().close().await;
        result
    }
}

/// The real bot in a runtime of its own, so that it can die at any instant with all its tasks
/// (the relay, the throttle, SQLite's connections), as a killed process does: no clean stop.
pub struct Crashable {
    runtime: Option<tokio::runtime::Runtime>,
}

/// Starts the bot with the tests' settings in a runtime of its own.
pub fn start_crashable(fake: &Fake, db: &Path, lang: Lang) -> Crashable {
    let config = Config::for_tests(&fake.url(), TOKEN);
    let location = bot_core::store::Location::Sqlite(db.to_path_buf());
    start_crashable_at(config, &location, lang, StoreOptions::default()).0
}

/// Starts the bot with these settings on a database of either engine in a runtime of its own;
/// returns it with the name its store takes leases under, once the store is open.
pub fn start_crashable_at(
    config: Config,
    location: &bot_core::store::Location,
    lang: Lang,
    options: StoreOptions,
) -> (Crashable, String) {
    init_logs();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let location = location.clone();
    let (owner_tx, owner) = std::sync::mpsc::channel();
    runtime.spawn(async move {
        let store = Store::connect_with(&location, &options)
            .await
            .expect("store");
        let _ = owner_tx.send(store.owner().to_string());
        let session = Session::open(store, registry::GAMES, SEED, lang)
            .await
            .expect("session");
        let _ = telegram::run(config, session, lang, Box::pin(std::future::pending())).await;
    });
    let owner = owner.recv().expect("the store opens");
    (
        Crashable {
            runtime: Some(runtime),
        },
        owner,
    )
}

impl Crashable {
    /// Kills the bot where it stands.
    pub fn crash(&mut self) {
        if let Some(r) = self.runtime.take() {
            r.shutdown_background();
        }
    }
}

impl Drop for Crashable {
    fn drop(&mut self) {
        if let Some(r) = self.runtime.take() {
            r.shutdown_background();
        }
    }
}

/// How many messages of the outbox are not yet sent (nor given up), read beside the bot.
pub async fn unsent(db: &Path, lang: Lang) -> usize {
    let store = Store::open(db).await.expect("store");
    let session = Session::open(store.clone(), registry::GAMES, SEED, lang)
        .await
        .expect("session");
    let n = session
        .pending_outbox(bot_core::session::chat::Platform::Telegram, i64::MAX)
        .await
        .expect("outbox")
        .len();
    store.close().await;
    n
}

/// Waits until the bot sent everything it queued (up to 30 seconds); false if it never did. A
/// message is unsent until Telegram took it, so once none is, the fake shows them all.
pub async fn settled(db: &Path, lang: Lang) -> bool {
    for _ in 0..600 {
        if unsent(db, lang).await == 0 {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    false
}

/// A courier against the fake, made as the bot makes its own, for tests that drive it directly.
pub fn courier(fake: &Fake, session: &Session) -> telegram::courier::TelegramCourier {
    use teloxide::prelude::*;
    let bot = Bot::new(TOKEN).set_api_url(url::Url::parse(&fake.url()).unwrap());
    let config = Config::for_tests(&fake.url(), TOKEN);
    let bot = teloxide::adaptors::Throttle::new_spawn(bot, config.limits());
    telegram::courier::TelegramCourier::new(
        bot,
        fake::BOT_USERNAME,
        session.clone(),
        telegram::flood::Flood::default(),
    )
    .unwrap()
}

/// Queues one message in the outbox, as the session would have: `payload` (its JSON) to `to`.
pub async fn queue(session: &Session, to: Target, payload: &Value) {
    let mut c = Commit::at(UnixMs(0));
    c.outbox.push(NewOutgoing::new(to, payload.to_string()));
    session.store().commit(c).await.unwrap();
}

/// The first message of the outbox not yet sent, as the relay reads it.
pub async fn first_pending(session: &Session) -> Outbound {
    session
        .pending_outbox(bot_core::session::chat::Platform::Telegram, 0)
        .await
        .unwrap()
        .remove(0)
}

/// The text of one of the master's phrases, as the session says it.
pub fn phrase(lang: Lang, id: &str) -> String {
    bot_core::i18n::Messages::get(lang).text(id, &[])
}

/// The group's game as `gm script`'s peek shows it, read beside the running bot.
pub async fn peek(db: &Path, lang: Lang) -> Value {
    peek_chat(db, lang, GROUP).await
}

/// Damages the saved state of a chat's running game, as a broken disk or an incompatible version
/// would: it no longer reads.
pub async fn damage_game_in(db: &Path, chat: i64) {
    support::damage_running_game(db, &chat.to_string()).await;
}

/// A chat's current (or last) game as `gm script`'s peek shows it; null if it has none.
pub async fn peek_chat(db: &Path, lang: Lang, chat: i64) -> Value {
    peek_key(db, lang, &chat.to_string()).await
}

/// The current (or last) game of the session's chat `key` (a forum topic's is `chat/thread`) as
/// `gm script`'s peek shows it; null if it has none.
pub async fn peek_key(db: &Path, lang: Lang, key: &str) -> Value {
    let store = Store::open(db).await.expect("store");
    let session = Session::open(store.clone(), registry::GAMES, SEED, lang)
        .await
        .expect("session");
    let state = session
        .peek(bot_core::session::chat::Platform::Telegram, key)
        .await
        .expect("peek")
        .unwrap_or(Value::Null);
    store.close().await;
    state
}

/// A whole game of Saboteur for `players`, played at random through `gm script` in-process:
/// its input lines (JSON, as `gm script` reads them), ready for [`golden_of`]. Secret orders go
/// by private message; the others alternate between the group and private messages.
pub async fn random_saboteur_script(players: &[&str], mut seed: u64) -> String {
    let db = temp_db("saboteur-gen");
    let store = Store::open(&db).await.expect("store");
    let session = Session::open(store.clone(), registry::GAMES, SEED, Lang::En)
        .await
        .expect("session");
    let mut script = Script::new(session, Lang::En);
    let mut lines: Vec<String> = vec![];
    let say = |user: &str, chat: &str, text: &str| {
        serde_json::json!({"user": user, "chat": chat, "text": text}).to_string()
    };
    lines.push(say(players[0], "group", "/newgame saboteur order=join"));
    for p in &players[1..] {
        lines.push(say(p, "group", "/join"));
    }
    lines.push(say(players[0], "group", "/begin"));
    for l in &lines {
        script.line(l).await.expect("gm script");
    }
    let peek = r#"{"peek":true}"#;
    for step in 0.. {
        let state = script.line(peek).await.expect("a peek")["state"].clone();
        if state["status"] != "playing" || step > 3000 {
            break;
        }
        let moves = state["moves"].as_array().expect("moves").clone();
        // xorshift: the test needs a fixed sequence, not good randomness.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let order = moves[(seed % moves.len() as u64) as usize]
            .as_str()
            .unwrap()
            .to_string();
        let private = order.starts_with("/discard") || order.starts_with("/take") || step % 2 == 0;
        let user = state["turn"].as_str().expect("someone to move");
        let line = say(user, if private { "dm" } else { "group" }, &order);
        script.line(&line).await.expect("gm script");
        lines.push(line);
    }
    store.close().await;
    lines.join("\n")
}

/// A whole game of Hive between ann and bob, both sides played by the bot's level-1 search
/// through `gm script` in-process: its input lines, ready for [`golden_of`]. Moves alternate
/// between `/move MOVE` and the bare MoveString; a game still going after `cap` moves is
/// resigned.
pub async fn hive_script(cap: usize) -> String {
    use hive_engine::{Game, Options, search};
    let db = temp_db("hive-gen");
    let store = Store::open(&db).await.expect("store");
    let session = Session::open(store.clone(), registry::GAMES, SEED, Lang::En)
        .await
        .expect("session");
    let mut script = Script::new(session, Lang::En);
    let say = |user: &str, text: &str| {
        serde_json::json!({"user": user, "chat": "group", "text": text}).to_string()
    };
    let mut lines = vec![
        say("ann", "/newgame hive color=white"),
        say("bob", "/join"),
        say("ann", "/begin"),
    ];
    for l in &lines {
        script.line(l).await.expect("gm script");
    }
    let peek = r#"{"peek":true}"#;
    for step in 0.. {
        let state = script.line(peek).await.expect("a peek")["state"].clone();
        if state["status"] != "playing" {
            break;
        }
        let user = state["turn"].as_str().expect("someone to move").to_string();
        let text = match step < cap {
            true => {
                let gs = state["gamestring"].as_str().expect("a gamestring");
                let game = Game::from_game_string(gs, Options::default()).expect("it reads");
                let mv = search::best_move(&game, 1).expect("a move while playing");
                let written = game.move_string(&mv);
                match step % 2 {
                    0 => format!("/move {written}"),
                    _ => written,
                }
            }
            false => "/resign".to_string(),
        };
        let line = say(&user, &text);
        script.line(&line).await.expect("gm script");
        lines.push(line);
    }
    store.close().await;
    lines.join("\n")
}
