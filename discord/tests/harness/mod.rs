//! Running the real bot against the fake, and the session's own answers to compare with.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::Path;

use bot_core::i18n::Lang;
use bot_core::session::Session;
use bot_core::session::chat::{ChatId, Content, Inbound, Platform, Target, UserId};
use bot_core::store::Store;
use discord::config::{Config, Section};
use serde_json::Value;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::fake::{Answered, CHANNEL, Fake, Posted, User};

/// The seed every test session uses.
pub const SEED: u64 = 1;

/// Scratch files removed with their directory when dropped, shared with bot-core's tests. Declare
/// a database before the bot that uses it: locals drop in reverse order, so the bot is stopped
/// before its files go.
#[path = "../../../bot-core/src/testkit/scratch.rs"]
mod support;
pub use support::TempDb;

/// A fresh, empty directory under the temporary directory, removed with its content when dropped.
/// Its name starts `gm-discord-{name}-`, so a directory left by a killed run says which test
/// made it.
pub fn temp_dir(name: &str) -> tempfile::TempDir {
    support::temp_dir(&format!("discord-{name}"))
}

/// A database not yet created, in a fresh directory named after `name`.
pub fn temp_db(name: &str) -> TempDb {
    TempDb::new(&format!("discord-{name}"))
}

/// Damages the saved state of a channel's running game, as a broken disk or an incompatible
/// version would: it no longer reads.
pub async fn damage_game_in(db: &std::path::Path, channel: u64) {
    support::damage_running_game(db, &channel.to_string()).await;
}

/// The bot, running against the fake.
pub struct Bot {
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), discord::RunError>>,
}

/// A test that fails before [`Bot::stop`] drops the bot here: its task is aborted rather than left
/// running on the files its [`TempDb`] is about to remove.
impl Drop for Bot {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Bot {
    /// Starts the bot on a database, pointed at the fake; returns once it is connected.
    pub async fn start(fake: &Fake, db: &Path, lang: Lang) -> Bot {
        Bot::start_with(fake, db, lang, |_| {}).await
    }

    /// Starts the bot with its configuration adjusted; returns once it is connected.
    pub async fn start_with(
        fake: &Fake,
        db: &Path,
        lang: Lang,
        adjust: impl FnOnce(&mut Config),
    ) -> Bot {
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .try_init();
        let before = fake.sessions().0;
        let store = Store::open(db).await.unwrap();
        let session = Session::open(store, registry::GAMES, SEED, lang)
            .await
            .unwrap();
        let section = Section {
            token: Some("fake-token".into()),
            api_url: Some(fake.url()),
            message_content: None,
            members: None,
            shards: None,
            shard_count: None,
        };
        let mut config = Config::resolve(section, None).unwrap();
        adjust(&mut config);
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(discord::run(
            config,
            session,
            lang,
            Box::pin(async move {
                let _ = stopped.await;
            }),
        ));
        fake.wait("the bot identifies", |f| {
            f.sessions().0 > before && f.connected()
        })
        .await;
        fake.wait_ready().await;
        Bot {
            stop: Some(stop),
            task,
        }
    }

    /// Stops the bot and waits until it has.
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let r = tokio::time::timeout(std::time::Duration::from_secs(30), &mut self.task)
            .await
            .expect("the bot stops");
        r.expect("the bot's task").expect("the bot stops cleanly");
    }
}

/// A write transaction held on the bot's database from outside, as another process might: until
/// it is released, every commit of the session waits (within SQLite's busy timeout).
pub struct WriteLock(sqlx::SqliteConnection);

impl WriteLock {
    /// Takes the database's write lock.
    pub async fn take(db: &Path) -> WriteLock {
        use sqlx::Connection;
        let url = format!("sqlite://{}", db.display());
        let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut conn)
            .await
            .unwrap();
        WriteLock(conn)
    }

    /// Lets the session write again.
    pub async fn release(mut self) {
        sqlx::query("ROLLBACK").execute(&mut self.0).await.unwrap();
    }
}

/// One line of a golden script.
#[derive(Clone, Debug)]
pub struct Line {
    pub user: String,
    pub private: bool,
    pub text: String,
}

/// The chat lines of a script from the golden scripts of `gm script` (peeks and clock advances left out).
pub fn script(name: &str) -> Vec<Line> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../gm/tests/scripts")
        .join(format!("{name}.jsonl"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| {
            Some(Line {
                user: v["user"].as_str()?.to_string(),
                private: v["chat"].as_str()? == "dm",
                text: v["text"].as_str()?.to_string(),
            })
        })
        .collect()
}

/// What the session itself sends for a script, by target, in order: the same inputs the adapter
/// makes of Discord's events, handled directly on a database of its own.
pub struct Reference {
    session: Session,
    n: u64,
    /// Every text sent to each target so far, in order.
    pub sent: HashMap<Target, Vec<String>>,
    /// How many pictures each target was sent.
    pub pictures: HashMap<Target, usize>,
    /// Last, so that it goes after the session that has it open.
    db: TempDb,
}

impl Reference {
    /// A reference session on a fresh database.
    pub async fn new(lang: Lang) -> Reference {
        let db = temp_db("reference");
        let store = Store::open(&db).await.unwrap();
        Reference {
            session: Session::open(store, registry::GAMES, SEED, lang)
                .await
                .unwrap(),
            n: 0,
            sent: HashMap::new(),
            pictures: HashMap::new(),
            db,
        }
    }

    /// Handles a line as the adapter would hand it over, and collects what goes out.
    pub async fn play(&mut self, fake: &Fake, user: &User, line: &Line) {
        self.input(fake, user, line.private, Content::Text(line.text.clone()))
            .await;
    }

    /// Handles an input (a text, or a button's data) as the adapter would hand it over, and
    /// collects what goes out.
    pub async fn input(&mut self, fake: &Fake, user: &User, private: bool, content: Content) {
        self.n += 1;
        let now = 1_800_000_000_000 + self.n as i64 * 1000;
        let chat = if private {
            fake.dm_of(user).to_string()
        } else {
            CHANNEL.to_string()
        };
        let msg = Inbound {
            platform: Platform::Discord,
            chat: ChatId(chat),
            private,
            user: UserId(user.id.to_string()),
            name: user.name.clone(),
            content,
            message_id: format!("ref{}", self.n),
            lang: None,
            is_admin: false,
            threads: false,
            chat_title: None,
        };
        self.session.respond(msg, now).await.unwrap();
        loop {
            let pending = self
                .session
                .pending_outbox(Platform::Discord, now)
                .await
                .unwrap();
            if pending.is_empty() {
                break;
            }
            for out in pending {
                self.sent
                    .entry(out.to.clone())
                    .or_default()
                    .push(out.text.clone());
                if out.picture.is_some() {
                    *self.pictures.entry(out.to.clone()).or_default() += 1;
                }
                self.session
                    .mark_sent(out.id, Some(&format!("{}", 90_000 + out.id)), now)
                    .await
                    .unwrap();
            }
        }
    }

    /// The omniscient state of the game in `channel`, as `gm script` peeks it.
    pub async fn peek(&self, channel: u64) -> Value {
        (self
            .session
            .peek(Platform::Discord, &channel.to_string())
            .await)
            .unwrap()
            .unwrap_or(Value::Null)
    }

    /// The texts sent to a target.
    pub fn to(&self, target: &Target) -> Vec<String> {
        self.sent.get(target).cloned().unwrap_or_default()
    }
}

/// A whole game's end: the channel and every player's DMs show exactly what the reference sent,
/// and what was said to one player alone never appears in the channel. Returns the channel.
pub fn assert_as_reference(fake: &Fake, reference: &Reference, users: &[User]) -> Vec<String> {
    let channel = fake.shown(CHANNEL);
    assert_eq!(
        channel,
        reference.to(&channel_target(CHANNEL)),
        "the channel"
    );
    for u in users {
        let dms = fake.dm_texts_shown(u);
        assert_eq!(dms, reference.to(&user_target(u)), "{}'s DMs", u.name);
    }
    let public = channel.join("\n");
    for u in users {
        for text in reference.to(&user_target(u)) {
            if text.len() > 12 && !channel.contains(&text) {
                assert!(!public.contains(&text), "a DM to {} leaked: {text}", u.name);
            }
        }
    }
    channel
}

/// How many pictures (attachments of more than 100 bytes) the channel got, and how many the
/// reference sent it.
pub fn pictures_in(fake: &Fake, reference: &Reference) -> (usize, usize) {
    let got = fake
        .posted_in(CHANNEL)
        .iter()
        .filter(|p| p.files.len() == 1 && p.file_sizes[0] > 100)
        .count();
    let sent = reference.pictures.get(&channel_target(CHANNEL)).copied();
    (got, sent.unwrap_or(0))
}

/// The target of a channel.
pub fn channel_target(c: u64) -> Target {
    Target::Chat(ChatId(c.to_string()))
}

/// The target of a user's DMs.
pub fn user_target(u: &User) -> Target {
    Target::User(UserId(u.id.to_string()))
}

/// Waits for a slash command's reply: its deferred acknowledgement, private to its user, then the
/// text edited into it. Returns that text.
pub async fn reply(fake: &Fake, id: u64) -> String {
    fake.wait("the command is answered", |f| {
        f.answers_to(id).iter().any(|a| a.how == "edit")
    })
    .await;
    let a = fake.answers_to(id);
    assert_eq!(
        (a[0].how, a[0].kind, a[0].ephemeral),
        ("callback", 5, true),
        "a slash command is acknowledged at once, privately: {a:?}"
    );
    a.iter()
        .find(|a| a.how == "edit")
        .and_then(|a| a.content.clone())
        .unwrap_or_default()
}

/// Waits for a press's acknowledgement, a deferred update, and returns its answers so far.
pub async fn acked(fake: &Fake, id: u64) -> Vec<Answered> {
    fake.wait("the press is acknowledged", |f| {
        !f.answers_to(id).is_empty()
    })
    .await;
    let a = fake.answers_to(id);
    assert_eq!((a[0].how, a[0].kind), ("callback", 6), "{a:?}");
    a
}

/// Waits for a press's popup, an ephemeral follow-up, and returns its text.
pub async fn popup(fake: &Fake, id: u64) -> String {
    acked(fake, id).await;
    fake.wait("the press's popup", |f| {
        f.answers_to(id).iter().any(|a| a.how == "followup")
    })
    .await;
    let a = fake.answers_to(id);
    let f = a.iter().find(|a| a.how == "followup").unwrap();
    assert!(f.ephemeral, "a popup only the presser sees: {f:?}");
    f.content.clone().unwrap_or_default()
}

/// The latest message in a channel with a button whose custom id passes `pick`.
pub fn with_button(
    fake: &Fake,
    channel: u64,
    pick: impl Fn(&str) -> bool,
) -> Option<(Posted, String)> {
    with_button_since(fake, channel, 0, pick)
}

/// Like [`with_button`], among the messages posted in `channel` after the first `since` of
/// them: a second game's buttons, not the first game's that are still on screen.
pub fn with_button_since(
    fake: &Fake,
    channel: u64,
    since: usize,
    pick: impl Fn(&str) -> bool,
) -> Option<(Posted, String)> {
    let posted = fake.posted_in(channel);
    posted.into_iter().skip(since).rev().find_map(|p| {
        let id = p
            .buttons
            .iter()
            .flatten()
            .map(|(_, id)| id.clone())
            .find(|id| pick(id))?;
        Some((p, id))
    })
}

/// The latest turn button for this action (`go up`, `shoot left`) in the channel.
pub fn turn_button(fake: &Fake, action: &str) -> Option<(Posted, String)> {
    with_button(fake, CHANNEL, |id| {
        id.contains(" !") && id.ends_with(action)
    })
}

/// Whose move it is, from the channel's latest "<name>, your move."
pub fn whose_turn(fake: &Fake, players: &[User]) -> User {
    let shown = fake.shown(CHANNEL);
    let last = shown
        .iter()
        .rev()
        .find(|t| t.contains(", your move"))
        .expect("a turn was announced");
    let at = last.rfind(", your move").unwrap();
    let head = &last[..at];
    players
        .iter()
        .filter(|p| head.ends_with(&p.name))
        .max_by_key(|p| p.name.len())
        .cloned()
        .expect("the named player plays")
}

/// A barrier for the channel: `user` asks for the status with the slash command, and once the
/// channel shows something new, that is returned. Whatever an earlier input made the bot post in
/// the channel comes before it (one worker, one outbox in order).
pub async fn barrier(fake: &Fake, user: &User) -> Vec<String> {
    barrier_in(fake, CHANNEL, user).await
}

/// [`barrier`] in another channel.
pub async fn barrier_in(fake: &Fake, channel: u64, user: &User) -> Vec<String> {
    let before = fake.shown(channel).len();
    reply(fake, user.slash(channel, "status", &[])).await;
    fake.wait("the channel hears the barrier", |f| {
        f.shown(channel).len() > before
    })
    .await;
    fake.shown(channel)[before..].to_vec()
}

/// The master's plan of a three-player game (`plan=own`): its every line is a secret until the
/// reveal. The start cells D4, A4 and E1 are free.
pub const PLAN: &str = "labyrinth 5x4
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
  A4 grenades 1
  B2 treasure
  C1 fake";

/// `opener` opens a classic game with these `/newgame` options, the `joiners` `/join` it one after
/// another (each join shown in the channel before the next), and `opener` begins it.
pub async fn begun(fake: &Fake, opener: &User, joiners: &[&User], options: &str) {
    let id = opener.slash(
        CHANNEL,
        "newgame",
        &[("ruleset", "classic"), ("options", options)],
    );
    reply(fake, id).await;
    for p in joiners {
        let before = fake.shown(CHANNEL).len();
        reply(fake, p.slash(CHANNEL, "join", &[])).await;
        fake.wait("a join", |f| f.shown(CHANNEL).len() > before)
            .await;
    }
    reply(fake, opener.slash(CHANNEL, "begin", &[])).await;
}

/// Opens a game with `/newgame` (ann) and `/join` (bob, eve), begins it, and has each press a start
/// cell on his grid by DM; returns the players once the turn buttons are in the channel.
pub async fn game_in_play(fake: &Fake, options: &str) -> Vec<User> {
    let players: Vec<User> = ["ann", "bob", "eve"].iter().map(|n| fake.user(n)).collect();
    // Buttons of an earlier game may still be on screen: only later messages count.
    let in_channel = fake.posted_in(CHANNEL).len();
    let in_dm: Vec<usize> = players
        .iter()
        .map(|p| fake.posted_in(fake.dm_of(p)).len())
        .collect();
    begun(fake, &players[0], &[&players[1], &players[2]], options).await;
    for (i, p) in players.iter().enumerate() {
        let dm = fake.dm_of(p);
        let grid = |f: &Fake| with_button_since(f, dm, in_dm[i], |id| id.starts_with('#'));
        fake.wait("a start-cell grid", |f| grid(f).is_some()).await;
        let (msg, _) = grid(fake).unwrap();
        let cell = msg.buttons.iter().flatten().nth(i * 3).unwrap().1.clone();
        let shown = fake.dm_texts_shown(p).len();
        acked(fake, p.presses(&msg, &cell)).await;
        fake.wait("the cell is noted", |f| f.dm_texts_shown(p).len() > shown)
            .await;
    }
    fake.wait("turn buttons in the channel", |f| {
        with_button_since(f, CHANNEL, in_channel, |id| {
            id.contains(" !") && id.ends_with("go up")
        })
        .is_some()
    })
    .await;
    players
}

/// Plays one line on the bot (said by `user` in the channel, or privately) and on the reference,
/// and waits until the bot showed all of it in the channel and every user's DMs.
pub async fn play_line(
    fake: &Fake,
    reference: &mut Reference,
    users: &[User],
    user: &User,
    private: bool,
    text: &str,
) {
    let l = Line {
        user: user.name.clone(),
        private,
        text: text.to_string(),
    };
    reference.play(fake, user, &l).await;
    if private {
        user.says_privately(text);
    } else {
        user.says(CHANNEL, text);
    }
    let mut targets = vec![(CHANNEL, reference.to(&channel_target(CHANNEL)).len())];
    targets.extend((users.iter()).map(|u| (fake.dm_of(u), reference.to(&user_target(u)).len())));
    fake.wait("every answer delivered", |f| {
        targets.iter().all(|(c, n)| f.shown(*c).len() >= *n)
    })
    .await;
}

#[allow(unused_imports)]
pub use support::{Raw, ScratchDb, postgres};

/// Waits until every target has been shown as many texts as the reference sent it.
pub async fn caught_up(fake: &Fake, reference: &Reference, users: &[User]) {
    let targets: Vec<(u64, usize)> = std::iter::once(CHANNEL)
        .map(|c| (c, reference.to(&channel_target(c)).len()))
        .chain(
            users
                .iter()
                .map(|u| (fake.dm_of(u), reference.to(&user_target(u)).len())),
        )
        .collect();
    fake.wait("every answer delivered", |f| {
        targets.iter().all(|(c, n)| f.shown(*c).len() >= *n)
    })
    .await;
}

/// A bot in a runtime of its own, as in a process of its own: [`Process::kill`] ends every task
/// of it at once, mid-request, as `kill -9` ends a process; the database sees its connections
/// drop and its leases run out.
pub struct Process {
    runtime: Option<tokio::runtime::Runtime>,
    stop: Option<oneshot::Sender<()>>,
    done: Option<oneshot::Receiver<Result<(), String>>>,
    owner: String,
}

impl Process {
    /// Starts a bot on the database at `url` running the gateway shards `first..=last` of
    /// `count`, its leases lasting `lease`; returns once those shards are connected.
    pub async fn start(
        fake: &Fake,
        url: &str,
        lang: Lang,
        (first, last, count): (u32, u32, u32),
        lease: std::time::Duration,
    ) -> Process {
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .try_init();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let before = fake.sessions().0;
        let section = Section {
            token: Some("fake-token".into()),
            api_url: Some(fake.url()),
            message_content: None,
            members: None,
            shards: Some(format!("{first}-{last}")),
            shard_count: Some(count),
        };
        let config = Config::resolve(section, None).unwrap();
        let location = bot_core::store::Location::parse(url);
        let (owner_tx, owner_rx) = oneshot::channel();
        let (stop, stopped) = oneshot::channel::<()>();
        let (done_tx, done) = oneshot::channel();
        runtime.spawn(async move {
            let options = bot_core::store::StoreOptions {
                lease,
                ..Default::default()
            };
            let store = Store::connect_with(&location, &options).await.unwrap();
            let _ = owner_tx.send(store.owner().to_string());
            let session = Session::open(store, registry::GAMES, SEED, lang)
                .await
                .unwrap();
            let stop = Box::pin(async move {
                let _ = stopped.await;
            });
            let result = discord::run(config, session, lang, stop).await;
            let _ = done_tx.send(result.map_err(|e| e.to_string()));
        });
        let owner = owner_rx.await.expect("the store opens");
        fake.wait("the process's shards connect", |f| {
            let (live, _) = f.shards();
            f.sessions().0 > before && (first..=last).all(|n| live.contains(&n))
        })
        .await;
        fake.wait_ready().await;
        Process {
            runtime: Some(runtime),
            stop: Some(stop),
            done: Some(done),
            owner,
        }
    }

    /// The name its store takes its leases under.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// Ends it at once, whatever it was doing.
    pub fn kill(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }

    /// Stops it as a signal would, and waits until it has.
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let done = self.done.take().expect("running");
        let result = tokio::time::timeout(std::time::Duration::from_secs(30), done)
            .await
            .expect("the process stops");
        result
            .expect("the process's task")
            .expect("the process stops cleanly");
        self.kill();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}
