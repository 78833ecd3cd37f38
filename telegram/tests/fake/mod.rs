//! A fake Telegram Bot API server on 127.0.0.1, for the end-to-end tests.
//!
//! It speaks the documented JSON of the methods the bot calls, simulates users whose messages and
//! button presses become real `Update`s, injects faults (429, 500, a dropped connection, a call
//! that never answers), and records what every chat received, edits included. It behaves as
//! Telegram does where the bot could get it wrong: a private message to a user who never wrote to
//! the bot privately is refused (403); a call about a chat before a 429's `retry_after` ran out is
//! counted as a violation; getUpdates is refused (409) while a webhook is set; keyboards beyond
//! Telegram's limits are refused; a group that became a supergroup refuses messages with its new
//! id; and, with privacy mode on, the bot sees only commands and replies to it in groups. Users
//! send documents, which the bot fetches with `getFile` and the file route, as from Telegram; the
//! documents the bot sends are kept with their names and bytes. A supergroup may be a forum: the
//! bot opens topics there (`createForumTopic`, refused in a chat that is no forum or without the
//! right to manage topics), its messages with a `message_thread_id` land in that topic (refused
//! for a topic that does not exist), each topic keeps a timeline of its own apart from the General
//! topic's, and users write in topics as Telegram shows it (`is_topic_message`).
#![allow(dead_code)]

mod multipart;

pub use multipart::Upload;

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::Notify;

/// The token the tests give the bot.
pub const TOKEN: &str = "123456:TEST-token";
/// The bot's user id.
pub const BOT_ID: i64 = 777;
/// The bot's username, as deep links show it.
pub const BOT_USERNAME: &str = "gm_test_bot";
/// The group the tests play in: a supergroup (Telegram's supergroup ids are -100…).
pub const GROUP: i64 = -1_001_234_567_890;
/// The most buttons in a row Telegram takes.
pub const MAX_ROW: usize = 8;
/// The most buttons under one message Telegram takes.
pub const MAX_BUTTONS: usize = 100;

/// A fault the server answers one matching call with instead of doing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// 429 Too Many Requests with `retry_after` seconds.
    RetryAfter(u32),
    /// 500 Internal Server Error.
    ServerError,
    /// The connection is closed without an answer.
    Drop,
    /// No answer ever comes (and, for getUpdates, no update is confirmed by its offset).
    Stall,
    /// 400 Bad Request with this description: the request itself is refused, as Telegram
    /// refuses a message that is too long.
    BadRequest(&'static str),
}

/// Why a private message is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refuse {
    /// The user never opened a chat with the bot.
    NeverOpened,
    /// The user blocked the bot.
    Blocked,
}

/// One thing a chat showed: a message sent, or an edit of one.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// The text (or a photo's caption).
    pub text: String,
    /// Whether it is a photo.
    pub photo: bool,
    /// A document's file name.
    pub document: Option<String>,
    /// The labels of its buttons.
    pub labels: Vec<String>,
    /// Whether it edits an earlier message.
    pub edit: bool,
}

/// A group chat the fake knows.
#[derive(Clone, Debug)]
struct Group {
    /// "group" or "supergroup".
    kind: &'static str,
    /// Where it went when it became a supergroup.
    moved_to: Option<i64>,
    /// Whether it is a forum: a supergroup with topics.
    forum: bool,
    /// Whether the bot has the administrator right `can_manage_topics` here.
    manage_topics: bool,
    /// Its topics, by `message_thread_id`: their names.
    topics: Vec<(i64, String)>,
}

impl Group {
    /// A group of this kind, no forum, where the bot is an administrator with every right.
    fn new(kind: &'static str) -> Group {
        Group {
            kind,
            moved_to: None,
            forum: false,
            manage_topics: true,
            topics: vec![],
        }
    }
}

/// The colours Telegram allows for a topic's icon (`icon_color`).
pub const TOPIC_COLORS: [u32; 6] = [0x6FB9F0, 0xFFD67E, 0xCB86DB, 0x8EEE98, 0xFF93B2, 0xFB6F5F];

/// One call the bot made.
#[derive(Clone, Debug)]
struct Call {
    method: String,
    params: Value,
    at: Instant,
}

/// A message the bot sent, as the chat shows it now.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// Its message id in the chat.
    pub id: i64,
    /// The forum topic it is in (its `message_thread_id`); None outside topics.
    pub thread: Option<i64>,
    /// Its text (or a photo's caption) now.
    pub text: String,
    /// The texts it showed before edits, oldest first.
    pub history: Vec<String>,
    /// Whether it is a photo, and the photo's size in bytes.
    pub photo: Option<usize>,
    /// A document's file name and bytes.
    pub document: Option<Upload>,
    /// Its inline keyboard (`inline_keyboard` rows), or null.
    pub keyboard: Value,
    /// What its `pre` entities mark, shown in a monospace block.
    pub pre: Vec<String>,
}

/// One simulated user.
#[derive(Clone, Debug)]
struct Person {
    id: i64,
    name: String,
    lang: String,
    refuse: Option<Refuse>,
}

#[derive(Default)]
struct State {
    next_update: i64,
    /// Updates not yet confirmed by a `getUpdates` offset.
    updates: VecDeque<Value>,
    /// Per update id: how many times getUpdates handed it out.
    served: HashMap<i64, u32>,
    /// Per chat: the last message id used.
    last_message: HashMap<i64, i64>,
    /// Per chat: what the bot's messages show.
    chats: HashMap<i64, Vec<Shown>>,
    /// Per chat and forum topic (None: outside topics, the General topic of a forum): everything
    /// shown, in order (sends and edits).
    log: HashMap<(i64, Option<i64>), Vec<Event>>,
    people: HashMap<String, Person>,
    admins: HashSet<i64>,
    groups: HashMap<i64, Group>,
    /// Privacy mode: in groups the bot sees commands and replies to its messages only.
    privacy: bool,
    /// The webhook's URL while one is set.
    webhook: Option<String>,
    /// Pending faults: (method, chat or any, matching calls to let through first, fault).
    faults: Vec<(String, Option<i64>, u32, Fault)>,
    /// Every call, in order.
    calls: Vec<Call>,
    /// Flood control served: (the chat, or the method for a call about no chat; until when).
    floods: Vec<(String, Instant)>,
    /// Calls made about a chat before its flood control ran out.
    violations: Vec<String>,
    /// Private messages refused because the user never wrote to the bot or blocked it.
    refused: u32,
    /// getUpdates calls whose offset confirms this update never answer (a bot about to die).
    stall_confirming: Option<i64>,
    /// getUpdates calls held that way.
    stalled: u32,
    /// Answers to callback queries: (query id, text, show_alert).
    answers: Vec<(String, Option<String>, bool)>,
    /// The last `setMyCommands` per language code ("" for none).
    commands: HashMap<String, Value>,
    next_callback: u64,
    /// The files users sent, by file id: (file path, bytes, whether `getFile` states the size).
    files: HashMap<String, (String, Vec<u8>, Stated)>,
    /// The file paths the bot downloaded, in order.
    downloads: Vec<String>,
}

/// What a document's message (and `getFile`) says of its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stated {
    /// Its true size.
    True,
    /// Nothing (the Bot API's `file_size` is optional).
    Nothing,
}

/// The server and its state; cheap to clone.
#[derive(Clone)]
pub struct Fake {
    state: Arc<Mutex<State>>,
    news: Arc<Notify>,
    /// Where it listens.
    pub addr: SocketAddr,
}

/// A simulated user of the fake server.
pub struct User {
    fake: Fake,
    name: String,
}

impl Fake {
    /// Starts a server on a free port of 127.0.0.1.
    pub async fn start() -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1");
        let addr = listener.local_addr().expect("local address");
        let mut groups = HashMap::new();
        groups.insert(GROUP, Group::new("supergroup"));
        let fake = Fake {
            state: Arc::new(Mutex::new(State {
                next_update: 1000,
                groups,
                ..State::default()
            })),
            news: Arc::new(Notify::new()),
            addr,
        };
        let app = Router::new().fallback({
            let fake = fake.clone();
            move |uri: Uri, headers: HeaderMap, body: Bytes| {
                let fake = fake.clone();
                async move { fake.serve(uri, headers, body).await }
            }
        });
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        fake
    }

    /// The API URL to give the bot.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// A user by name, created on first use with language `en`. Like a real user, he has not
    /// written to the bot privately yet, so its private messages to him are refused until he does.
    pub fn user(&self, name: &str) -> User {
        self.user_lang(name, "en")
    }

    /// A user by name with a client language.
    pub fn user_lang(&self, name: &str, lang: &str) -> User {
        let mut s = self.lock();
        if !s.people.contains_key(name) {
            // The first free id from 1001 on (a user of another bot may have taken one).
            let id = (1001..)
                .find(|id| s.people.values().all(|p| p.id != *id))
                .unwrap_or(0);
            s.people.insert(
                name.to_string(),
                Person {
                    id,
                    name: name.to_string(),
                    lang: lang.to_string(),
                    refuse: Some(Refuse::NeverOpened),
                },
            );
        }
        User {
            fake: self.clone(),
            name: name.to_string(),
        }
    }

    /// The same Telegram user as `other`, a user of another bot's fake: the same id, name and
    /// language. Like a new user, he has not written to this bot privately yet.
    pub fn same_user(&self, other: &User) -> User {
        let person = other.person();
        let mut s = self.lock();
        assert!(
            s.people
                .iter()
                .all(|(n, p)| (n == &person.name) == (p.id == person.id)),
            "the id {} is taken here by someone else",
            person.id
        );
        s.people.insert(
            person.name.clone(),
            Person {
                refuse: Some(Refuse::NeverOpened),
                ..person.clone()
            },
        );
        User {
            fake: self.clone(),
            name: person.name,
        }
    }

    /// Makes a user an administrator of the group.
    pub fn make_admin(&self, name: &str) {
        let id = self.user(name).id();
        self.lock().admins.insert(id);
    }

    /// An anonymous admin of the group writes: Telegram sends the message on behalf of the group
    /// (`sender_chat`), from the placeholder user GroupAnonymousBot.
    pub fn anonymous_admin_says(&self, chat: i64, text: &str) -> i64 {
        self.push_update(|s, _| {
            let id = s.message_id(chat);
            json!({ "message": {
                "message_id": id,
                "date": 1_767_225_600,
                "chat": s.chat_json(chat),
                "sender_chat": s.chat_json(chat),
                "from": {"id": 1_087_968_824, "is_bot": true, "first_name": "Group",
                         "username": "GroupAnonymousBot"},
                "text": text,
            }})
        })
    }

    /// The next call of `method` (to `chat`, or any) fails with `fault`.
    pub fn fail_next(&self, method: &str, chat: Option<i64>, fault: Fault) {
        self.fail_later(method, chat, 0, fault);
    }

    /// The call of `method` (to `chat`, or any) after `skip` good ones fails with `fault`.
    pub fn fail_later(&self, method: &str, chat: Option<i64>, skip: u32, fault: Fault) {
        self.lock()
            .faults
            .push((method.to_string(), chat, skip, fault));
    }

    /// Adds a basic group (not a supergroup), e.g. to turn it into one later.
    pub fn add_group(&self, chat: i64) {
        self.lock().groups.insert(chat, Group::new("group"));
    }

    /// Adds a supergroup, another group the bot is in.
    pub fn add_supergroup(&self, chat: i64) {
        self.lock().groups.insert(chat, Group::new("supergroup"));
    }

    /// Adds a forum, a supergroup with topics, where the bot is an administrator that may manage
    /// topics.
    pub fn add_forum(&self, chat: i64) {
        self.lock().groups.insert(
            chat,
            Group {
                forum: true,
                ..Group::new("supergroup")
            },
        );
    }

    /// Takes from the bot the right to manage the topics of `chat` (`can_manage_topics`), or gives
    /// it back: without it, `createForumTopic` is refused.
    pub fn set_manage_topics(&self, chat: i64, may: bool) {
        if let Some(g) = self.lock().groups.get_mut(&chat) {
            g.manage_topics = may;
        }
    }

    /// The topics of a forum, in the order they were opened: (`message_thread_id`, name).
    pub fn topics(&self, chat: i64) -> Vec<(i64, String)> {
        self.lock()
            .groups
            .get(&chat)
            .map(|g| g.topics.clone())
            .unwrap_or_default()
    }

    /// The group `old` becomes the supergroup `new`, as Telegram does when an admin changes some
    /// settings: messages to the old id are refused with the new one, and, if `announce`, a
    /// service message in each chat says so at once (see [`Fake::announce_migration`]).
    pub fn migrate(&self, old: i64, new: i64, by: &User, announce: bool) {
        {
            let mut s = self.lock();
            s.groups.insert(new, Group::new("supergroup"));
            if let Some(g) = s.groups.get_mut(&old) {
                g.moved_to = Some(new);
            }
        }
        if announce {
            self.announce_migration(old, new, by);
        }
    }

    /// The service messages of a migration: `migrate_to_chat_id` in the old chat (sent by `by`),
    /// `migrate_from_chat_id` in the new.
    pub fn announce_migration(&self, old: i64, new: i64, by: &User) {
        let person = by.person();
        self.push_update(|s, _| {
            let id = s.message_id(old);
            json!({"message": {
                "message_id": id, "date": 1_767_225_600, "chat": s.chat_json(old),
                "from": user_json(&person), "migrate_to_chat_id": new,
            }})
        });
        self.push_update(|s, _| {
            let id = s.message_id(new);
            json!({"message": {
                "message_id": id, "date": 1_767_225_600, "chat": s.chat_json(new),
                "from": {"id": 1_087_968_824, "is_bot": true, "first_name": "Group",
                         "username": "GroupAnonymousBot"},
                "migrate_from_chat_id": old,
            }})
        });
    }

    /// `user` leaves the group `chat`: the service message with `left_chat_member`.
    pub fn leaves(&self, user: &User, chat: i64) {
        let person = user.person();
        self.push_update(|s, _| {
            let id = s.message_id(chat);
            json!({"message": {
                "message_id": id, "date": 1_767_225_600, "chat": s.chat_json(chat),
                "from": user_json(&person), "left_chat_member": user_json(&person),
            }})
        });
    }

    /// Turns privacy mode on or off (BotFather's /setprivacy).
    pub fn set_privacy(&self, on: bool) {
        self.lock().privacy = on;
    }

    /// Sets a webhook, as a run in webhook mode left it.
    pub fn set_webhook(&self, url: &str) {
        self.lock().webhook = Some(url.to_string());
    }

    /// The webhook's URL while one is set.
    pub fn webhook(&self) -> Option<String> {
        self.lock().webhook.clone()
    }

    /// Calls made about a chat (or of a method, for calls about no chat) before the `retry_after`
    /// of a 429 served for it ran out.
    pub fn violations(&self) -> Vec<String> {
        self.lock().violations.clone()
    }

    /// From now on, a getUpdates whose offset would confirm update `id` never answers, and
    /// confirms nothing: the update stays with the fake, as with Telegram when the bot dies
    /// between handling an update and asking for the next.
    pub fn stall_polls_confirming(&self, id: i64) {
        self.lock().stall_confirming = Some(id);
    }

    /// getUpdates answers again.
    pub fn stop_stalling(&self) {
        self.lock().stall_confirming = None;
    }

    /// How many getUpdates calls were held by [`Fake::stall_polls_confirming`].
    pub fn stalled(&self) -> u32 {
        self.lock().stalled
    }

    /// How many private messages were refused (403) so far.
    pub fn refused(&self) -> u32 {
        self.lock().refused
    }

    /// How many times getUpdates handed out the update `id`.
    pub fn served(&self, id: i64) -> u32 {
        self.lock().served.get(&id).copied().unwrap_or(0)
    }

    /// When each call of `method` about `chat` arrived, in order.
    pub fn call_times(&self, method: &str, chat: i64) -> Vec<Instant> {
        self.lock()
            .calls
            .iter()
            .filter(|c| {
                c.method == method && c.params.get("chat_id").and_then(as_i64) == Some(chat)
            })
            .map(|c| c.at)
            .collect()
    }

    /// The id the next update will have.
    pub fn next_update_id(&self) -> i64 {
        self.lock().next_update + 1
    }

    /// Whether every injected fault has been used.
    pub fn faults_used(&self) -> bool {
        self.lock().faults.is_empty()
    }

    /// What the bot's messages in a chat show now, in order (in a forum, those outside topics).
    pub fn shown(&self, chat: i64) -> Vec<Shown> {
        self.shown_at(chat, None)
    }

    /// What the bot's messages in a forum topic show now, in order.
    pub fn shown_in(&self, chat: i64, thread: i64) -> Vec<Shown> {
        self.shown_at(chat, Some(thread))
    }

    fn shown_at(&self, chat: i64, thread: Option<i64>) -> Vec<Shown> {
        let s = self.lock();
        let all = s.chats.get(&chat).into_iter().flatten();
        all.filter(|m| m.thread == thread).cloned().collect()
    }

    /// Every text a chat showed, in order: each sent message and each edit (in a forum, those
    /// outside topics: the General topic).
    pub fn timeline(&self, chat: i64) -> Vec<String> {
        self.events(chat).into_iter().map(|e| e.text).collect()
    }

    /// Every text a forum topic showed, in order: each sent message and each edit.
    pub fn timeline_in(&self, chat: i64, thread: i64) -> Vec<String> {
        self.events_in(chat, thread)
            .into_iter()
            .map(|e| e.text)
            .collect()
    }

    /// Everything a chat showed, in order: each sent message and each edit, with its buttons (in
    /// a forum, outside topics).
    pub fn events(&self, chat: i64) -> Vec<Event> {
        let s = self.lock();
        s.log.get(&(chat, None)).cloned().unwrap_or_default()
    }

    /// Everything a forum topic showed, in order.
    pub fn events_in(&self, chat: i64, thread: i64) -> Vec<Event> {
        let s = self.lock();
        s.log
            .get(&(chat, Some(thread)))
            .cloned()
            .unwrap_or_default()
    }

    /// The chats that received anything.
    pub fn chats(&self) -> Vec<i64> {
        let mut v: Vec<i64> = self.lock().chats.keys().copied().collect();
        v.sort();
        v
    }

    /// The documents the bot sent to a chat, in order.
    pub fn documents(&self, chat: i64) -> Vec<Upload> {
        self.shown(chat)
            .into_iter()
            .filter_map(|m| m.document)
            .collect()
    }

    /// The file paths the bot downloaded (from `/file/bot<token>/…`), in order.
    pub fn downloads(&self) -> Vec<String> {
        self.lock().downloads.clone()
    }

    /// Every call of a method so far, with its parameters.
    pub fn calls(&self, method: &str) -> Vec<Value> {
        self.lock()
            .calls
            .iter()
            .filter(|c| c.method == method)
            .map(|c| c.params.clone())
            .collect()
    }

    /// Answers to callback queries so far: (query id, text, show_alert).
    pub fn answers(&self) -> Vec<(String, Option<String>, bool)> {
        self.lock().answers.clone()
    }

    /// The last `setMyCommands` for a language code ("" for the default list).
    pub fn commands(&self, lang: &str) -> Option<Value> {
        self.lock().commands.get(lang).cloned()
    }

    /// Deletes one of the bot's messages, as a chat admin may: later edits of it fail.
    pub fn delete(&self, chat: i64, message: i64) {
        if let Some(v) = self.lock().chats.get_mut(&chat) {
            v.retain(|m| m.id != message);
        }
    }

    /// Takes the queued updates away from `getUpdates`, to post them to a webhook instead.
    pub fn take_updates(&self) -> Vec<Value> {
        self.lock().updates.drain(..).collect()
    }

    /// Whether every update was confirmed (fetched and acknowledged by a later offset).
    pub fn updates_confirmed(&self) -> bool {
        self.lock().updates.is_empty()
    }

    /// Waits until `cond` holds, up to 30 seconds; false if it never did.
    pub async fn wait(&self, mut cond: impl FnMut(&Fake) -> bool) -> bool {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while tokio::time::Instant::now() < deadline {
            if cond(self) {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        cond(self)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues an update; returns its id.
    fn push_update(&self, make: impl FnOnce(&mut State, i64) -> Value) -> i64 {
        let mut s = self.lock();
        s.next_update += 1;
        let id = s.next_update;
        let mut update = make(&mut s, id);
        update["update_id"] = json!(id);
        s.updates.push_back(update);
        drop(s);
        self.news.notify_waiters();
        id
    }

    async fn serve(&self, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
        if let Some(rest) = uri.path().strip_prefix("/file/bot") {
            return self.download(rest);
        }
        let Some((token, method)) = uri
            .path()
            .strip_prefix("/bot")
            .and_then(|p| p.split_once('/'))
        else {
            return error(404, "Not Found");
        };
        if token != TOKEN {
            return error(401, "Unauthorized");
        }
        // Method names are case-insensitive (teloxide sends "SendMessage"): keep the docs' spelling.
        let method = &canonical(method);
        let (params, uploads) = match parse_params(&headers, &body) {
            Some(p) => p,
            None => return error(400, "Bad Request: can't parse parameters"),
        };
        let chat = params.get("chat_id").and_then(as_i64);
        // Flood control is about a chat; a call about none (getUpdates, answerCallbackQuery) is
        // held by its method.
        let flood_key = chat.map_or_else(|| method.to_string(), |c| c.to_string());
        let now = Instant::now();
        let fault = {
            let mut s = self.lock();
            s.calls.push(Call {
                method: method.to_string(),
                params: params.clone(),
                at: now,
            });
            let early: Vec<Duration> = s
                .floods
                .iter()
                .filter(|(k, until)| *k == flood_key && now < *until)
                .map(|(_, until)| *until - now)
                .collect();
            for left in early {
                s.violations.push(format!(
                    "{method} about {flood_key} {} ms before retry_after ran out",
                    left.as_millis()
                ));
            }
            let pos = s
                .faults
                .iter()
                .position(|(m, c, _, _)| m == method && (c.is_none() || *c == chat));
            match pos {
                Some(i) if s.faults[i].2 > 0 => {
                    s.faults[i].2 -= 1;
                    None
                }
                Some(i) => Some(s.faults.remove(i).3),
                None => None,
            }
        };
        match fault {
            Some(Fault::RetryAfter(n)) => {
                self.lock()
                    .floods
                    .push((flood_key, now + Duration::from_secs(u64::from(n))));
                return reply(
                    429,
                    json!({"ok": false, "error_code": 429,
                        "description": format!("Too Many Requests: retry after {n}"),
                        "parameters": {"retry_after": n}}),
                );
            }
            Some(Fault::ServerError) => return error(500, "Internal Server Error"),
            // Unwinding the connection's task closes the socket without a byte of answer;
            // `resume_unwind` skips the panic hook, so the test output stays clean.
            Some(Fault::Drop) => std::panic::resume_unwind(Box::new("dropped connection")),
            Some(Fault::Stall) => std::future::pending::<()>().await,
            Some(Fault::BadRequest(description)) => return error(400, description),
            None => {}
        }
        if method == "getUpdates" {
            if self.lock().webhook.is_some() {
                return error(
                    409,
                    "Conflict: can't use getUpdates method while webhook is active; use \
                     deleteWebhook to delete the webhook first",
                );
            }
            return self.get_updates(&params).await;
        }
        let mut s = self.lock();
        match s.call(method, &params, &uploads) {
            Ok(result) => reply(200, json!({"ok": true, "result": result})),
            Err((code, description, parameters)) => {
                let mut body = json!({"ok": false, "error_code": code, "description": description});
                if let Some(p) = parameters {
                    body["parameters"] = p;
                }
                reply(code, body)
            }
        }
    }

    /// The file route, `/file/bot<token>/<file_path>`: a file's bytes, as the Bot API serves them.
    fn download(&self, rest: &str) -> Response {
        let Some((token, path)) = rest.split_once('/') else {
            return error(404, "Not Found");
        };
        // teloxide sends the path as one segment, its '/' escaped.
        let path = &percent_decoded(path);
        if token != TOKEN {
            return error(401, "Unauthorized");
        }
        let mut s = self.lock();
        s.downloads.push(path.to_string());
        let file = s.files.values().find(|(p, _, _)| p == path).cloned();
        match file {
            Some((_, bytes, _)) => (
                StatusCode::OK,
                [("content-type", "application/octet-stream")],
                bytes,
            )
                .into_response(),
            None => error(404, "Not Found"),
        }
    }

    async fn get_updates(&self, params: &Value) -> Response {
        let offset = params.get("offset").and_then(as_i64).unwrap_or(0);
        let stall = {
            let mut s = self.lock();
            let stall = s.stall_confirming.is_some_and(|id| offset > id);
            s.stalled += u32::from(stall);
            stall
        };
        if stall {
            std::future::pending::<()>().await;
        }
        let timeout = params.get("timeout").and_then(as_i64).unwrap_or(0);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(timeout.max(0) as u64);
        loop {
            let notified = self.news.notified();
            {
                let mut s = self.lock();
                // Confirmed updates are forgotten, as Telegram does.
                while s
                    .updates
                    .front()
                    .is_some_and(|u| u["update_id"].as_i64().unwrap_or(0) < offset)
                {
                    s.updates.pop_front();
                }
                if !s.updates.is_empty() || tokio::time::Instant::now() >= deadline {
                    let batch: Vec<Value> = s.updates.iter().cloned().collect();
                    for u in &batch {
                        *s.served
                            .entry(u["update_id"].as_i64().unwrap_or(0))
                            .or_insert(0) += 1;
                    }
                    return reply(200, json!({"ok": true, "result": batch}));
                }
            }
            let _ = tokio::time::timeout_at(deadline, notified).await;
        }
    }
}

/// A refused call: the status, Telegram's description and its `parameters`, if any.
type Refused = (u16, String, Option<Value>);

fn bad(code: u16, description: &str) -> Refused {
    (code, description.to_string(), None)
}

impl State {
    fn call(&mut self, method: &str, p: &Value, uploads: &[Upload]) -> Result<Value, Refused> {
        match method {
            "getMe" => Ok(me(self.privacy)),
            "close" => Ok(json!(true)),
            "setWebhook" => {
                self.webhook = Some(p["url"].as_str().unwrap_or("").to_string());
                Ok(json!(true))
            }
            "deleteWebhook" => {
                self.webhook = None;
                if p["drop_pending_updates"].as_bool() == Some(true) {
                    self.updates.clear();
                }
                Ok(json!(true))
            }
            "setMyCommands" => {
                let lang = p["language_code"].as_str().unwrap_or("").to_string();
                self.commands.insert(lang, p["commands"].clone());
                Ok(json!(true))
            }
            "answerCallbackQuery" => {
                self.answers.push((
                    p["callback_query_id"].as_str().unwrap_or("").to_string(),
                    p["text"].as_str().map(str::to_string),
                    p["show_alert"].as_bool().unwrap_or(false),
                ));
                Ok(json!(true))
            }
            "getChatMember" => {
                let user = p.get("user_id").and_then(as_i64).unwrap_or(0);
                let person = self.people.values().find(|x| x.id == user);
                let status = if self.admins.contains(&user) {
                    "creator"
                } else {
                    "member"
                };
                let u = person.map_or_else(|| json!({"id": user, "is_bot": false, "first_name": "?"}), user_json);
                Ok(json!({"user": u, "status": status, "is_anonymous": false}))
            }
            "getChatAdministrators" => Ok(Value::Array(
                self.people
                    .values()
                    .filter(|x| self.admins.contains(&x.id))
                    .map(|x| json!({"user": user_json(x), "status": "creator", "is_anonymous": false}))
                    .collect(),
            )),
            "sendMessage" => self.send(p, None, None),
            "sendPhoto" => {
                // teloxide names the file part and points to it: "photo": "attach://<part>".
                let field = match p["photo"].as_str().and_then(|s| s.strip_prefix("attach://")) {
                    Some(part) => &p[part],
                    None => &p["photo"],
                };
                let size = field.as_u64().unwrap_or(0) as usize;
                self.send(p, Some(size), None)
            }
            "sendDocument" => {
                // As a photo: "document": "attach://<part>", the part holding the file.
                let field = p["document"]
                    .as_str()
                    .and_then(|s| s.strip_prefix("attach://"))
                    .unwrap_or("document");
                let Some(upload) = uploads.iter().find(|u| u.field == field) else {
                    return Err(bad(400, "Bad Request: there is no document in the request"));
                };
                if upload.bytes.is_empty() {
                    return Err(bad(400, "Bad Request: file must be non-empty"));
                }
                self.send(p, None, Some(upload.clone()))
            }
            "getFile" => {
                let id = p["file_id"].as_str().unwrap_or("");
                let Some((path, bytes, stated)) = self.files.get(id) else {
                    return Err(bad(400, "Bad Request: invalid file_id"));
                };
                if bytes.len() > 20 * 1024 * 1024 {
                    return Err(bad(400, "Bad Request: file is too big"));
                }
                let mut file = json!({"file_id": id, "file_unique_id": format!("u{id}"),
                    "file_path": path});
                if *stated == Stated::True {
                    file["file_size"] = json!(bytes.len());
                }
                Ok(file)
            }
            "createForumTopic" => self.create_topic(p),
            "editMessageText" => self.edit(p, true),
            "editMessageReplyMarkup" => self.edit(p, false),
            _ => Err(bad(404, "Not Found: method not found")),
        }
    }

    /// Whether the bot may write to `chat` now.
    fn reachable(&mut self, chat: i64) -> Result<(), Refused> {
        if chat > 0 {
            let person = self.people.values().find(|x| x.id == chat);
            match person.map(|x| x.refuse) {
                None => Err(bad(400, "Bad Request: chat not found")),
                Some(Some(Refuse::NeverOpened)) => {
                    self.refused += 1;
                    Err(bad(
                        403,
                        "Forbidden: bot can't initiate conversation with a user",
                    ))
                }
                Some(Some(Refuse::Blocked)) => {
                    self.refused += 1;
                    Err(bad(403, "Forbidden: bot was blocked by the user"))
                }
                Some(None) => Ok(()),
            }
        } else {
            match self.groups.get(&chat) {
                None => Err(bad(400, "Bad Request: chat not found")),
                Some(Group {
                    moved_to: Some(new),
                    ..
                }) => Err((
                    400,
                    "Bad Request: group chat was upgraded to a supergroup chat".to_string(),
                    Some(json!({"migrate_to_chat_id": new})),
                )),
                Some(_) => Ok(()),
            }
        }
    }

    fn send(
        &mut self,
        p: &Value,
        photo: Option<usize>,
        document: Option<Upload>,
    ) -> Result<Value, Refused> {
        let chat = p
            .get("chat_id")
            .and_then(as_i64)
            .ok_or(bad(400, "Bad Request: chat_id is empty"))?;
        self.reachable(chat)?;
        let thread = self.thread_of(chat, p)?;
        let media = photo.is_some() || document.is_some();
        let field = if media { "caption" } else { "text" };
        let text = p[field].as_str().unwrap_or("").to_string();
        if !media && text.trim().is_empty() {
            return Err(bad(400, "Bad Request: message text is empty"));
        }
        if media && text.encode_utf16().count() > 1024 {
            return Err(bad(400, "Bad Request: message caption is too long"));
        }
        if text.encode_utf16().count() > 4096 {
            return Err(bad(400, "Bad Request: message is too long"));
        }
        let keyboard = keyboard(p)?;
        let pre = entities(
            p,
            if media {
                "caption_entities"
            } else {
                "entities"
            },
            &text,
        )?;
        let id = self.message_id(chat);
        let shown = Shown {
            id,
            thread,
            text: text.clone(),
            history: vec![],
            photo,
            document,
            keyboard,
            pre,
        };
        let json = self.message_json(chat, &shown);
        let event = Event {
            text,
            photo: photo.is_some(),
            document: shown.document.as_ref().map(|d| d.name.clone()),
            labels: labels(&shown.keyboard),
            edit: false,
        };
        self.chats.entry(chat).or_default().push(shown);
        self.log.entry((chat, thread)).or_default().push(event);
        Ok(json)
    }

    /// The topic a send names with `message_thread_id`, which must exist: a topic of the forum.
    /// (A supergroup without topics has threads of replies, which the bot never names.)
    fn thread_of(&self, chat: i64, p: &Value) -> Result<Option<i64>, Refused> {
        let Some(thread) = p.get("message_thread_id").and_then(as_i64) else {
            return Ok(None);
        };
        let known = self
            .groups
            .get(&chat)
            .is_some_and(|g| g.forum && g.topics.iter().any(|(t, _)| *t == thread));
        if known {
            Ok(Some(thread))
        } else {
            Err(bad(400, "Bad Request: message thread not found"))
        }
    }

    /// `createForumTopic`: a topic in a forum where the bot may manage topics; its thread id is
    /// the id of the service message that opens it, a message id of the chat like any other.
    fn create_topic(&mut self, p: &Value) -> Result<Value, Refused> {
        let chat = p
            .get("chat_id")
            .and_then(as_i64)
            .ok_or(bad(400, "Bad Request: chat_id is empty"))?;
        if chat > 0 {
            return Err(bad(400, "Bad Request: the chat is not a forum"));
        }
        self.reachable(chat)?;
        let name = p["name"].as_str().unwrap_or("").to_string();
        let color = match p.get("icon_color").and_then(as_i64) {
            None => i64::from(TOPIC_COLORS[0]),
            Some(c) if TOPIC_COLORS.iter().any(|x| i64::from(*x) == c) => c,
            Some(_) => return Err(bad(400, "Bad Request: TOPIC_ICON_COLOR_INVALID")),
        };
        let group = &self.groups[&chat];
        if !group.forum {
            return Err(bad(400, "Bad Request: the chat is not a forum"));
        }
        if !group.manage_topics {
            return Err(bad(400, "Bad Request: not enough rights to create a topic"));
        }
        if name.trim().is_empty() {
            return Err(bad(400, "Bad Request: TOPIC_TITLE_EMPTY"));
        }
        if name.chars().count() > 128 {
            return Err(bad(400, "Bad Request: TOPIC_TITLE_TOO_LONG"));
        }
        let thread = self.message_id(chat);
        if let Some(g) = self.groups.get_mut(&chat) {
            g.topics.push((thread, name.clone()));
        }
        Ok(json!({"message_thread_id": thread, "name": name, "icon_color": color}))
    }

    fn edit(&mut self, p: &Value, text: bool) -> Result<Value, Refused> {
        let chat = p.get("chat_id").and_then(as_i64).unwrap_or(0);
        self.reachable(chat)?;
        let id = p.get("message_id").and_then(as_i64).unwrap_or(0);
        let keyboard = keyboard(p)?;
        let new_text = p["text"].as_str().map(str::to_string);
        let Some(shown) = self
            .chats
            .get_mut(&chat)
            .and_then(|v| v.iter_mut().find(|m| m.id == id))
        else {
            return Err(bad(400, "Bad Request: message to edit not found"));
        };
        let same_text = !text || new_text.as_deref() == Some(shown.text.as_str());
        if same_text && shown.keyboard == keyboard {
            return Err(bad(
                400,
                "Bad Request: message is not modified: specified new message content and reply \
                 markup are exactly the same as a current content and reply markup of the message",
            ));
        }
        if text {
            let t = new_text.unwrap_or_default();
            if t.encode_utf16().count() > 4096 {
                return Err(bad(400, "Bad Request: message is too long"));
            }
            shown.pre = entities(p, "entities", &t)?;
            let old = std::mem::replace(&mut shown.text, t.clone());
            shown.history.push(old);
            self.log
                .entry((chat, shown.thread))
                .or_default()
                .push(Event {
                    text: t,
                    photo: false,
                    document: None,
                    labels: labels(&keyboard),
                    edit: true,
                });
        }
        shown.keyboard = keyboard;
        let shown = shown.clone();
        Ok(self.message_json(chat, &shown))
    }

    fn message_id(&mut self, chat: i64) -> i64 {
        let n = self.last_message.entry(chat).or_insert(0);
        *n += 1;
        *n
    }

    fn chat_json(&self, chat: i64) -> Value {
        if let Some(g) = self.groups.get(&chat) {
            let mut c = json!({"id": chat, "type": g.kind, "title": "Labyrinth"});
            if g.forum {
                c["is_forum"] = json!(true);
            }
            c
        } else {
            let name = self
                .people
                .values()
                .find(|x| x.id == chat)
                .map_or("?".to_string(), |x| x.name.clone());
            json!({"id": chat, "type": "private", "first_name": name})
        }
    }

    /// The service message that opened the topic `thread` of `chat`.
    fn topic_opening(&self, chat: i64, thread: i64) -> Value {
        let name = self.groups[&chat]
            .topics
            .iter()
            .find(|(t, _)| *t == thread)
            .map(|(_, n)| n.clone())
            .unwrap_or_default();
        json!({
            "message_id": thread,
            "date": 1_767_225_600,
            "chat": self.chat_json(chat),
            "from": me_user(),
            "message_thread_id": thread,
            "is_topic_message": true,
            "forum_topic_created": {"name": name, "icon_color": TOPIC_COLORS[0]},
        })
    }

    fn message_json(&self, chat: i64, m: &Shown) -> Value {
        let mut v = json!({
            "message_id": m.id,
            "date": 1_767_225_600,
            "chat": self.chat_json(chat),
            "from": me_user(),
        });
        if let Some(t) = m.thread {
            v["message_thread_id"] = json!(t);
            v["is_topic_message"] = json!(true);
        }
        if m.photo.is_some() {
            v["photo"] = json!([{"file_id": format!("photo{}", m.id), "file_unique_id": format!("u{}", m.id),
                "width": 640, "height": 480, "file_size": m.photo}]);
            v["caption"] = json!(m.text);
        } else if let Some(d) = &m.document {
            v["document"] = json!({"file_id": format!("doc{}", m.id),
                "file_unique_id": format!("ud{}", m.id), "file_name": d.name,
                "file_size": d.bytes.len()});
            if !m.text.is_empty() {
                v["caption"] = json!(m.text);
            }
        } else {
            v["text"] = json!(m.text);
        }
        if !m.keyboard.is_null() {
            v["reply_markup"] = json!({"inline_keyboard": m.keyboard});
        }
        v
    }
}

impl User {
    fn person(&self) -> Person {
        self.fake.lock().people[&self.name].clone()
    }

    /// The user's Telegram id (also his private chat's id).
    pub fn id(&self) -> i64 {
        self.person().id
    }

    /// The user writes in the group; returns the update's id (None if privacy mode hides it
    /// from the bot).
    pub fn says_in_group(&self, text: &str) -> Option<i64> {
        self.says(GROUP, None, text, None)
    }

    /// The user writes in a group chat (in a forum, in its General topic).
    pub fn says_in(&self, chat: i64, text: &str) -> Option<i64> {
        self.says(chat, None, text, None)
    }

    /// The user writes in the topic `thread` of the forum `chat`, which must exist.
    pub fn says_in_topic(&self, chat: i64, thread: i64, text: &str) -> Option<i64> {
        let known = self.fake.topics(chat).iter().any(|(t, _)| *t == thread);
        assert!(known, "no topic {thread} in {chat}");
        self.says(chat, Some(thread), text, None)
    }

    /// The user replies in the group to the bot's message `to`.
    pub fn replies_in_group(&self, to: i64, text: &str) -> Option<i64> {
        self.says(GROUP, None, text, Some(to))
    }

    /// The user writes to the bot privately (which also opens the chat).
    pub fn says_privately(&self, text: &str) -> Option<i64> {
        let id = self.id();
        self.has_opened_chat();
        self.says(id, None, text, None)
    }

    /// The user wrote to the bot privately some time before (in an earlier game, say): the bot
    /// may write to him. No update comes of it now.
    pub fn has_opened_chat(&self) {
        if let Some(p) = self.fake.lock().people.get_mut(&self.name) {
            p.refuse = None;
        }
    }

    /// The user opens the private chat through a deep link: "/start <payload>".
    pub fn opens_private_chat(&self, payload: &str) {
        let text = if payload.is_empty() {
            "/start".to_string()
        } else {
            format!("/start {payload}")
        };
        self.says_privately(&text);
    }

    /// The user has never opened a private chat: the bot's private messages are refused.
    pub fn never_opened(&self) {
        if let Some(p) = self.fake.lock().people.get_mut(&self.name) {
            p.refuse = Some(Refuse::NeverOpened);
        }
    }

    /// The user blocks the bot: its private messages are refused until he writes again.
    pub fn blocks_bot(&self) {
        if let Some(p) = self.fake.lock().people.get_mut(&self.name) {
            p.refuse = Some(Refuse::Blocked);
        }
    }

    /// The user sends the bot a document privately (which also opens the chat); returns the
    /// update's id.
    pub fn sends_document_privately(&self, name: &str, bytes: &[u8]) -> i64 {
        self.has_opened_chat();
        self.sends_document(self.id(), name, bytes, Stated::True)
            .expect("a private message reaches the bot")
    }

    /// The user sends a document to a chat (his private chat with the bot is his id), its message
    /// saying what `stated` says of its size; returns the update's id (None if privacy mode
    /// hides it from the bot: a document is no command).
    pub fn sends_document(
        &self,
        chat: i64,
        name: &str,
        bytes: &[u8],
        stated: Stated,
    ) -> Option<i64> {
        let person = self.person();
        if chat < 0 && self.fake.lock().privacy {
            self.fake.lock().message_id(chat);
            return None;
        }
        Some(self.fake.push_update(|s, update| {
            let id = s.message_id(chat);
            let file_id = format!("file{update}");
            let path = format!("documents/file_{update}.json");
            s.files
                .insert(file_id.clone(), (path, bytes.to_vec(), stated));
            let mut document = json!({"file_id": file_id, "file_unique_id": format!("u{file_id}"),
                "file_name": name, "mime_type": "application/json"});
            if stated == Stated::True {
                document["file_size"] = json!(bytes.len());
            }
            json!({"message": {
                "message_id": id,
                "date": 1_767_225_600,
                "chat": s.chat_json(chat),
                "from": user_json(&person),
                "document": document,
            }})
        }))
    }

    /// The user presses a button with `data` under the bot's message `message` in `chat`;
    /// returns the callback query id.
    pub fn presses(&self, chat: i64, message: i64, data: &str) -> String {
        let person = self.person();
        let mut query_id = String::new();
        self.fake.push_update(|s, _| {
            s.next_callback += 1;
            query_id = format!("cq{}", s.next_callback);
            let shown = s
                .chats
                .get(&chat)
                .and_then(|v| v.iter().find(|m| m.id == message))
                .cloned()
                .unwrap_or(Shown {
                    id: message,
                    thread: None,
                    text: String::new(),
                    history: vec![],
                    photo: None,
                    document: None,
                    keyboard: Value::Null,
                    pre: vec![],
                });
            json!({"callback_query": {
                "id": query_id,
                "from": user_json(&person),
                "chat_instance": format!("ci{chat}"),
                "message": s.message_json(chat, &shown),
                "data": data,
            }})
        });
        query_id
    }

    fn says(
        &self,
        chat: i64,
        thread: Option<i64>,
        text: &str,
        reply_to: Option<i64>,
    ) -> Option<i64> {
        let person = self.person();
        let mut s = self.fake.lock();
        let to_bot = reply_to.and_then(|r| {
            s.chats
                .get(&chat)
                .and_then(|v| v.iter().find(|m| m.id == r))
                .cloned()
        });
        if chat < 0 && s.privacy && !for_the_bot_in_privacy_mode(text, to_bot.is_some()) {
            // Telegram does not deliver it; the message exists in the chat all the same.
            s.message_id(chat);
            return None;
        }
        drop(s);
        Some(self.fake.push_update(|s, _| {
            let id = s.message_id(chat);
            let mut m = json!({
                "message_id": id,
                "date": 1_767_225_600,
                "chat": s.chat_json(chat),
                "from": user_json(&person),
                "text": text,
            });
            if let Some(t) = thread {
                m["message_thread_id"] = json!(t);
                m["is_topic_message"] = json!(true);
            }
            if let Some(original) = &to_bot {
                m["reply_to_message"] = s.message_json(chat, original);
            } else if let Some(t) = thread {
                // Bot API: a topic's message that replies to nothing carries the topic's opening
                // service message (`forum_topic_created`, by whoever opened it: here the bot).
                m["reply_to_message"] = s.topic_opening(chat, t);
            }
            json!({ "message": m })
        }))
    }
}

/// What a bot in privacy mode receives of a group's messages (BotFather's /setprivacy: "messages
/// that either start with the '/' symbol or mention the bot by username"; the Bot API FAQ adds
/// replies to its messages): commands (not those addressed to another bot), messages that begin
/// with its @username, and replies to its own messages.
fn for_the_bot_in_privacy_mode(text: &str, reply_to_bot: bool) -> bool {
    let head = text.split_whitespace().next().unwrap_or("");
    let command = head.starts_with('/')
        && head
            .split_once('@')
            .is_none_or(|(_, bot)| bot.eq_ignore_ascii_case(BOT_USERNAME));
    let mention = head
        .strip_prefix('@')
        .is_some_and(|bot| bot.eq_ignore_ascii_case(BOT_USERNAME));
    command || mention || reply_to_bot
}

/// The labels of an inline keyboard's buttons, in order.
fn labels(keyboard: &Value) -> Vec<String> {
    keyboard
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r.as_array().into_iter().flatten())
        .filter_map(|b| b["text"].as_str().map(str::to_string))
        .collect()
}

/// `SendMessage` → `sendMessage`.
fn canonical(method: &str) -> String {
    let mut c = method.chars();
    c.next()
        .map(|f| f.to_ascii_lowercase().to_string() + c.as_str())
        .unwrap_or_default()
}

fn me_user() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "Game master", "username": BOT_USERNAME})
}

/// The bot's `getMe`: `can_read_all_group_messages` is false while privacy mode is on.
fn me(privacy: bool) -> Value {
    let mut v = me_user();
    v["can_join_groups"] = json!(true);
    v["can_read_all_group_messages"] = json!(!privacy);
    v["supports_inline_queries"] = json!(false);
    v["can_connect_to_business"] = json!(false);
    v["has_main_web_app"] = json!(false);
    v
}

fn user_json(p: &Person) -> Value {
    json!({"id": p.id, "is_bot": false, "first_name": p.name, "language_code": p.lang})
}

/// The inline keyboard of a call's `reply_markup` (a JSON object, or a JSON string in multipart),
/// refused beyond Telegram's limits (8 buttons to a row, 100 to a message, 64 bytes of data).
/// The Bot API's kinds of `MessageEntity`.
const ENTITY_KINDS: [&str; 20] = [
    "mention",
    "hashtag",
    "cashtag",
    "bot_command",
    "url",
    "email",
    "phone_number",
    "bold",
    "italic",
    "underline",
    "strikethrough",
    "spoiler",
    "blockquote",
    "expandable_blockquote",
    "code",
    "pre",
    "text_link",
    "text_mention",
    "custom_emoji",
    "date_time",
];

/// The texts a message's `pre` entities (in `field`: `entities`, or `caption_entities` of a
/// media message) mark. Offsets and lengths count UTF-16 units ("MessageEntity"); an entity of
/// no known kind, or outside the text, is refused as Telegram refuses it.
fn entities(p: &Value, field: &str, text: &str) -> Result<Vec<String>, Refused> {
    let list = match &p[field] {
        Value::Null => return Ok(vec![]),
        Value::String(s) => serde_json::from_str(s)
            .map_err(|_| bad(400, "Bad Request: can't parse entities JSON object"))?,
        v => v.clone(),
    };
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut pre = vec![];
    for e in list.as_array().into_iter().flatten() {
        let kind = e["type"].as_str().unwrap_or("");
        let offset = e["offset"].as_u64().unwrap_or(u64::MAX) as usize;
        let length = e["length"].as_u64().unwrap_or(0) as usize;
        if !ENTITY_KINDS.contains(&kind)
            || length == 0
            || offset.saturating_add(length) > units.len()
        {
            return Err(bad(400, "Bad Request: can't parse entities: wrong entity"));
        }
        if kind == "pre" {
            pre.push(String::from_utf16_lossy(&units[offset..offset + length]));
        }
    }
    Ok(pre)
}

fn keyboard(p: &Value) -> Result<Value, Refused> {
    let markup = match &p["reply_markup"] {
        Value::String(s) => serde_json::from_str(s).map_err(|_| {
            bad(
                400,
                "Bad Request: can't parse reply keyboard markup JSON object",
            )
        })?,
        v => v.clone(),
    };
    let rows = markup["inline_keyboard"].clone();
    let widths: Vec<usize> = rows
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| r.as_array().map_or(0, Vec::len))
        .collect();
    if widths.iter().any(|w| *w > MAX_ROW) || widths.iter().sum::<usize>() > MAX_BUTTONS {
        return Err(bad(400, "Bad Request: REPLY_MARKUP_TOO_LONG"));
    }
    for b in rows
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r.as_array().into_iter().flatten())
    {
        if let Some(d) = b["callback_data"].as_str()
            && (d.is_empty() || d.len() > 64)
        {
            return Err(bad(400, "Bad Request: BUTTON_DATA_INVALID"));
        }
    }
    Ok(rows)
}

/// A URL path with its `%XX` escapes decoded.
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn as_i64(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

/// The call's parameters: a JSON body, or multipart fields (a file field becomes its size, the
/// file itself one of the uploads).
fn parse_params(headers: &HeaderMap, body: &Bytes) -> Option<(Value, Vec<Upload>)> {
    let kind = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if body.is_empty() {
        Some((json!({}), vec![]))
    } else if kind.starts_with("multipart/form-data") {
        multipart::fields(kind, body)
    } else {
        serde_json::from_slice(body).ok().map(|v| (v, vec![]))
    }
}

fn reply(code: u16, body: Value) -> Response {
    let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (
        status,
        [("content-type", "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn error(code: u16, description: &str) -> Response {
    reply(
        code,
        json!({"ok": false, "error_code": code, "description": description}),
    )
}
