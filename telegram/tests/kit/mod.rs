//! The end-to-end tests' kit: golden scripts played by `gm script` in-process for the expected
//! transcript, and the real bot started and stopped against the fake server.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use bot_core::cli::script::Script;
use bot_core::i18n::Lang;
use bot_core::session::Session;
use bot_core::store::Store;
use serde_json::Value;
use telegram::{Config, RunError};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::fake::{Fake, GROUP, TOKEN};

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

/// A fresh database path under the temporary directory.
pub fn temp_db(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!("gm-tg-{name}-{}-{nanos}.db", std::process::id()))
}

/// Reads bot-core's golden script `name` and plays it through `gm script` in-process.
pub async fn golden(name: &str, lang: Lang) -> Golden {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../bot-core/tests/scripts")
        .join(format!("{name}.jsonl"));
    let input = std::fs::read_to_string(&path).expect("golden script");
    let db = temp_db(&format!("golden-{name}"));
    let store = Store::open(&db).await.expect("store");
    let session = Session::open(store.clone(), SEED, lang)
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
    remove_db(&db);
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

    /// The texts each chat must have shown after the first `n` lines, by Telegram chat id.
    pub fn expected(&self, fake: &Fake, n: usize) -> HashMap<i64, Vec<String>> {
        let mut m: HashMap<i64, Vec<String>> = HashMap::new();
        for outs in &self.outs[..n] {
            for (to, text) in outs {
                let chat = if to == "group" {
                    GROUP
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
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_test_writer()
        .try_init();
    let store = Store::open(db).await.expect("store");
    let session = Session::open(store.clone(), SEED, lang)
        .await
        .expect("session");
    let (tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(telegram::run(config, session, lang, async move {
        let _ = rx.await;
    }));
    Running {
        stop: Some(tx),
        task,
        store,
    }
}

impl Running {
    /// Stops the bot and waits until it has; returns how its run ended.
    pub async fn stop(mut self) -> Result<(), RunError> {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        let result = (&mut self.task).await.expect("the bot task");
        self.store.close().await;
        result
    }
}

/// Removes a database file and its WAL companions.
pub fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.to_path_buf().into_os_string();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
}

/// The group's game as `gm script`'s peek shows it, read beside the running bot.
pub async fn peek(db: &Path, lang: Lang) -> Value {
    let store = Store::open(db).await.expect("store");
    let session = Session::open(store.clone(), SEED, lang)
        .await
        .expect("session");
    let state = session
        .peek(
            bot_core::session::chat::Platform::Telegram,
            &GROUP.to_string(),
        )
        .await
        .expect("peek")
        .unwrap_or(Value::Null);
    store.close().await;
    state
}
