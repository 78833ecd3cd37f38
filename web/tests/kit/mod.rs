//! The web chat's test kit: the real server on 127.0.0.1 over a scratch database, players that
//! choose names and write through HTTP, each with a stream of server-sent events recorded as the
//! page would see it, and the golden scripts played by `gm script` for what to expect.
#![allow(dead_code)]

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bot_core::i18n::Lang;
use bot_core::script::Script;
use bot_core::session::Session;
use bot_core::store::Store;
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Scratch files removed with their directory, shared with bot-core's tests.
#[path = "../../../bot-core/src/testkit/scratch.rs"]
mod support;
pub use support::TempDb;

/// The session seed of every test (the golden transcripts' too).
pub const SEED: u64 = 1;

/// A database not yet created, in a fresh directory named after `name`.
pub fn temp_db(name: &str) -> TempDb {
    TempDb::new(&format!("web-{name}"))
}

/// The web chat, running on a port of 127.0.0.1.
pub struct Server {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), web::RunError>>,
    store: Store,
    /// The session behind it, for a test's peek.
    pub session: Session,
    /// The language its pages ask in.
    pub lang: Lang,
}

impl Server {
    /// Starts the web chat on `db` (created if new) in `lang`.
    pub async fn start(db: &Path, lang: Lang) -> Server {
        let store = Store::open(db).await.expect("store");
        let session = Session::open(store.clone(), registry::GAMES, SEED, lang)
            .await
            .expect("session");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address");
        let (tx, rx) = oneshot::channel::<()>();
        let db = db.to_path_buf();
        let served = session.clone();
        let task = tokio::spawn(async move {
            web::serve(
                listener,
                served,
                &db,
                lang,
                Box::pin(async move {
                    let _ = rx.await;
                }),
            )
            .await
        });
        Server {
            addr,
            stop: Some(tx),
            task,
            lang,
            store,
            session,
        }
    }

    /// The page's address.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Stops it as Ctrl-C would, and waits until it has.
    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        let done = tokio::time::timeout(Duration::from_secs(10), &mut self.task).await;
        assert!(
            done.is_ok(),
            "the server stops within 10 s, streams open or not"
        );
        self.store.clone().close().await;
    }

    /// A new page that chooses `name`.
    pub async fn player(&self, name: &str) -> Player {
        let http = reqwest::Client::new();
        let res = http
            .post(self.url("/api/name"))
            .header("content-type", "application/json")
            .body(json!({ "name": name }).to_string())
            .send()
            .await
            .expect("the server answers");
        assert!(res.status().is_success(), "{name} gets his name");
        let v: Value = serde_json::from_str(&res.text().await.unwrap()).unwrap();
        Player {
            base: self.url(""),
            http,
            id: v["id"].as_i64().unwrap(),
            name: name.to_string(),
            secret: v["secret"].as_str().unwrap().to_string(),
            lang: self.lang.code().into(),
            seen: Arc::new(Mutex::new(vec![])),
            stream: None,
            keys: Arc::new(Mutex::new(0)),
        }
    }
}

/// One page: a player with his secret, and what his stream showed.
pub struct Player {
    base: String,
    http: reqwest::Client,
    /// His user id.
    pub id: i64,
    /// His name.
    pub name: String,
    /// The secret his page holds.
    pub secret: String,
    /// The language his page asks in.
    pub lang: String,
    /// Every event of his stream, in order: a message as shown or edited.
    pub seen: Arc<Mutex<Vec<Value>>>,
    stream: Option<JoinHandle<()>>,
    keys: Arc<Mutex<u64>>,
}

/// An HTTP answer: the status and the JSON body.
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The body as JSON (`Null` when it is not).
    pub body: Value,
}

impl Player {
    fn key(&self) -> String {
        let mut k = self.keys.lock().unwrap();
        *k += 1;
        format!("{}-{}", self.id, *k)
    }

    /// A POST of JSON with his secret.
    pub async fn post(&self, path: &str, body: Value) -> Answer {
        let res = self
            .http
            .post(format!("{}{path}", self.base))
            .header("authorization", format!("Bearer {}", self.secret))
            .header("x-gm-lang", &self.lang)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("the server answers");
        let status = res.status().as_u16();
        let text = res.text().await.unwrap_or_default();
        Answer {
            status,
            body: serde_json::from_str(&text).unwrap_or(Value::Null),
        }
    }

    /// A GET with his secret: status and body bytes.
    pub async fn get(&self, path: &str) -> (u16, Vec<u8>) {
        let res = self
            .http
            .get(format!("{}{path}", self.base))
            .header("authorization", format!("Bearer {}", self.secret))
            .send()
            .await
            .expect("the server answers");
        (
            res.status().as_u16(),
            res.bytes().await.unwrap_or_default().to_vec(),
        )
    }

    /// Writes in a room.
    pub async fn say(&self, room: &str, text: &str) -> Answer {
        let key = self.key();
        self.post(
            "/api/say",
            json!({ "room": room, "text": text, "key": key }),
        )
        .await
    }

    /// Writes to the master privately.
    pub async fn whisper(&self, text: &str) -> Answer {
        let key = self.key();
        self.post(
            "/api/say",
            json!({ "private": true, "text": text, "key": key }),
        )
        .await
    }

    /// Presses the button `label` of the latest message that has one, in `chat` (`room` or
    /// `private`); `None` when no message shows it.
    pub async fn press(&self, chat: &str, label: &str) -> Option<Answer> {
        // A link too, as the page does: the server hands the private chat `/start DATA`.
        let (message, data) = self.button(chat, label)?;
        let key = self.key();
        Some(
            self.post(
                "/api/press",
                json!({ "message": message, "data": data, "key": key }),
            )
            .await,
        )
    }

    /// The message id and data of the latest button `label` in `chat`.
    pub fn button(&self, chat: &str, label: &str) -> Option<(i64, String)> {
        let latest = latest(&self.seen.lock().unwrap());
        latest
            .iter()
            .rev()
            .filter(|m| m["chat"] == chat)
            .find_map(|m| {
                let b = m["buttons"]
                    .as_array()?
                    .iter()
                    .flat_map(|r| r.as_array().into_iter().flatten())
                    .find(|b| b["label"] == label)?;
                Some((m["id"].as_i64()?, b["data"].as_str()?.to_string()))
            })
    }

    /// Whether the latest button `label` in `chat` opens the private chat.
    pub fn is_link(&self, chat: &str, label: &str) -> bool {
        latest(&self.seen.lock().unwrap())
            .iter()
            .rev()
            .filter(|m| m["chat"] == chat)
            .flat_map(|m| m["buttons"].as_array().cloned().unwrap_or_default())
            .flat_map(|r| r.as_array().cloned().unwrap_or_default())
            .find(|b| b["label"] == label)
            .is_some_and(|b| b["link"] == true)
    }

    /// Opens his stream of `room` and his private chat, recording every event.
    pub fn listen(&mut self, room: &str) {
        let url = format!("{}/api/events?room={room}&after=0", self.base);
        let (http, secret, seen) = (self.http.clone(), self.secret.clone(), self.seen.clone());
        self.stream = Some(tokio::spawn(async move {
            let mut res = http
                .get(url)
                .header("authorization", format!("Bearer {secret}"))
                .send()
                .await
                .expect("the stream opens");
            let mut buf = String::new();
            while let Ok(Some(chunk)) = res.chunk().await {
                buf.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = buf.find("\n\n") {
                    let block: String = buf.drain(..end + 2).collect();
                    let data: Vec<&str> = block
                        .lines()
                        .filter_map(|l| l.strip_prefix("data:"))
                        .map(|l| l.strip_prefix(' ').unwrap_or(l))
                        .collect();
                    if !data.is_empty() {
                        let v: Value = serde_json::from_str(&data.join("\n")).expect("JSON");
                        seen.lock().unwrap().push(v);
                    }
                }
            }
        }));
    }

    /// The master's texts his page showed in `chat` (`room` or `private`), each sending and each
    /// edit, in order.
    pub fn timeline(&self, chat: &str) -> Vec<String> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|m| m["chat"] == chat && m["author_id"].is_null())
            .map(|m| m["text"].as_str().unwrap_or("").to_string())
            .collect()
    }

    /// Every text his page showed in `chat`, anyone's.
    pub fn texts(&self, chat: &str) -> Vec<String> {
        latest(&self.seen.lock().unwrap())
            .iter()
            .filter(|m| m["chat"] == chat)
            .map(|m| m["text"].as_str().unwrap_or("").to_string())
            .collect()
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        if let Some(s) = self.stream.take() {
            s.abort();
        }
    }
}

/// Each message as it stands now (the last version of an edited one), in the order first shown.
pub fn latest(events: &[Value]) -> Vec<Value> {
    let mut order: Vec<i64> = vec![];
    let mut now: HashMap<i64, Value> = HashMap::new();
    for e in events {
        let id = e["id"].as_i64().unwrap_or(0);
        if !now.contains_key(&id) {
            order.push(id);
        }
        now.insert(id, e.clone());
    }
    order.into_iter().filter_map(|id| now.remove(&id)).collect()
}

/// Waits (up to 10 s) until `ok` holds.
pub async fn until(mut ok: impl FnMut() -> bool) -> bool {
    for _ in 0..200 {
        if ok() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    ok()
}

/// One line of a golden script: who, in the group (false) or privately (true), what; `None`
/// for a peek.
pub type Line = Option<(String, bool, String)>;

/// A golden script and what `gm script` answers to each of its lines: (to, text), `to` being
/// "group" or a user's name.
pub struct Golden {
    /// The lines.
    pub lines: Vec<Line>,
    /// Per line, the messages it caused.
    pub outs: Vec<Vec<(String, String)>>,
}

/// Plays the golden script `name` through `gm script` in-process.
pub async fn golden(name: &str, lang: Lang) -> Golden {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../gm/tests/scripts")
        .join(format!("{name}.jsonl"));
    let input = std::fs::read_to_string(&path).expect("golden script");
    let db = temp_db(&format!("golden-{name}"));
    let store = Store::open(&db).await.expect("store");
    let session = Session::open(store.clone(), registry::GAMES, SEED, lang)
        .await
        .expect("session");
    let mut script = Script::new(session, lang);
    let (mut lines, mut outs) = (vec![], vec![]);
    for raw in input.lines() {
        let v: Value = serde_json::from_str(raw).expect("a JSON line");
        lines.push(
            match (v["user"].as_str(), v["chat"].as_str(), v["text"].as_str()) {
                (Some(u), Some(c), Some(t)) => Some((u.to_string(), c == "dm", t.to_string())),
                _ => None,
            },
        );
        let reply = script.line(raw).await.expect("gm script");
        outs.push(
            reply["out"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| {
                    let field = |k: &str| o[k].as_str().unwrap_or("").to_string();
                    (field("to"), field("text"))
                })
                .collect(),
        );
    }
    store.close().await;
    Golden { lines, outs }
}

impl Golden {
    /// The users of the script, in order of first appearance.
    pub fn users(&self) -> Vec<String> {
        let mut v: Vec<String> = vec![];
        for (user, _, _) in self.lines.iter().flatten() {
            if !v.contains(user) {
                v.push(user.clone());
            }
        }
        v
    }

    /// What the first `n` lines send: the group's texts, and each user's private ones.
    pub fn expected(&self, n: usize) -> (Vec<String>, HashMap<String, Vec<String>>) {
        let (mut group, mut private) = (vec![], HashMap::<String, Vec<String>>::new());
        for (to, text) in self.outs[..n].iter().flatten() {
            if to == "group" {
                group.push(text.clone());
            } else {
                private.entry(to.clone()).or_default().push(text.clone());
            }
        }
        (group, private)
    }

    /// Every text that went only to private chats, and every private line a player wrote: none
    /// may ever show in the room.
    pub fn secrets(&self) -> Vec<String> {
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
        v.extend(
            self.lines
                .iter()
                .flatten()
                .filter(|(_, private, t)| *private && t.len() > 2)
                .map(|(_, _, t)| t.clone()),
        );
        v
    }
}
