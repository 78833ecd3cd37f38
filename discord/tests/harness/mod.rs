//! Running the real bot against the fake, and the session's own answers to compare with.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use bot_core::i18n::Lang;
use bot_core::session::Session;
use bot_core::session::chat::{ChatId, Content, Inbound, Platform, Target, UserId};
use bot_core::store::Store;
use discord::config::{Config, Section};
use serde_json::Value;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::fake::{CHANNEL, Fake, User};

/// The seed every test session uses.
pub const SEED: u64 = 1;

/// A fresh database file in the temporary directory.
pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "gm-discord-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("gm.sqlite")
}

/// The bot, running against the fake.
pub struct Bot {
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), discord::RunError>>,
}

impl Bot {
    /// Starts the bot on a database, pointed at the fake; returns once it is connected.
    pub async fn start(fake: &Fake, db: &Path, lang: Lang) -> Bot {
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .try_init();
        let before = fake.sessions().0;
        let store = Store::open(db).await.unwrap();
        let session = Session::open(store, SEED, lang).await.unwrap();
        let section = Section {
            token: Some("fake-token".into()),
            api_url: Some(fake.url()),
        };
        let config = Config::resolve(section, None).unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(discord::run(config, session, lang, async move {
            let _ = stopped.await;
        }));
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

/// One line of a golden script.
#[derive(Clone, Debug)]
pub struct Line {
    pub user: String,
    pub private: bool,
    pub text: String,
}

/// The chat lines of a script from bot-core's golden scripts (peeks and clock advances left out).
pub fn script(name: &str) -> Vec<Line> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../bot-core/tests/scripts")
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
}

impl Reference {
    /// A reference session on a fresh database.
    pub async fn new(lang: Lang) -> Reference {
        let store = Store::open(&temp_db("reference")).await.unwrap();
        Reference {
            session: Session::open(store, SEED, lang).await.unwrap(),
            n: 0,
            sent: HashMap::new(),
            pictures: HashMap::new(),
        }
    }

    /// Handles a line as the adapter would hand it over, and collects what goes out.
    pub async fn play(&mut self, fake: &Fake, user: &User, line: &Line) {
        self.n += 1;
        let now = 1_800_000_000_000 + self.n as i64 * 1000;
        let chat = if line.private {
            fake.dm_of(user).to_string()
        } else {
            CHANNEL.to_string()
        };
        let msg = Inbound {
            platform: Platform::Discord,
            chat: ChatId(chat),
            private: line.private,
            user: UserId(user.id.to_string()),
            name: user.name.clone(),
            content: Content::Text(line.text.clone()),
            message_id: format!("ref{}", self.n),
            lang: None,
            is_admin: false,
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

    /// The texts sent to a target.
    pub fn to(&self, target: &Target) -> Vec<String> {
        self.sent.get(target).cloned().unwrap_or_default()
    }
}

/// The target of a channel.
pub fn channel_target(c: u64) -> Target {
    Target::Chat(ChatId(c.to_string()))
}

/// The target of a user's DMs.
pub fn user_target(u: &User) -> Target {
    Target::User(UserId(u.id.to_string()))
}
