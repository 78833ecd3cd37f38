//! A fake Discord on 127.0.0.1 for the adapter's end-to-end tests: REST under `/api/v10` and a
//! gateway websocket, speaking Discord's documented JSON, so the real serenity client runs against it.
//!
//! It plays the users (`fake.user("ann").says(CHANNEL, "go up")`, or a DM with a file attached,
//! or a message in a thread the bot opened),
//! records every message each channel and DM received (final text after edits, and the history,
//! and the files attached, bytes and all) and every interaction response, serves the files users
//! attach from a CDN of its own (signed URLs, as Discord's), and injects faults: 429s, 500s, 401s,
//! bare 403s on any route the bot uses, a dropped gateway, refused DMs, a MESSAGE CONTENT intent
//! not granted. It holds the bot to Discord's rules where a test could not see a breach otherwise:
//! a request repeated before a 429's `retry_after` ran out counts as a violation, an interaction
//! acknowledged more than 3 s after it was issued is refused with 10062, an IDENTIFY asking for
//! a privileged intent not granted is closed with 4014, and a message created with a `nonce` and
//! `enforce_nonce` whose nonce the bot used within [`NONCE_WINDOW`] is not created again: the
//! earlier message is returned, as Discord does. The bot may start threads in the guild's text
//! channels (`POST /channels/{id}/threads`, announced with THREAD_CREATE), unless a test takes
//! the permission away ([`Fake::forbid_threads`]).

#![allow(dead_code)]

mod gateway;
mod json;
mod rest;

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::mpsc;

/// The application (and bot) the fake knows.
pub const APP_ID: u64 = 900;
/// The bot user's id.
pub const BOT_ID: u64 = 901;
/// The one guild. Its events go to shard 1 of a bot split in two (`(id >> 22) % 2`), private
/// messages to shard 0: such a bot's processes each receive part of one game.
pub const GUILD_ID: u64 = (1 << 22) | 500;
/// The guild's text channel where games are played.
pub const CHANNEL: u64 = 600;
/// A second channel of the guild, for games side by side.
pub const CHANNEL_2: u64 = 601;
/// A public thread started in [`CHANNEL`].
pub const THREAD: u64 = 602;
/// The guild's name.
pub const GUILD_NAME: &str = "Fake Guild";
/// The names of the guild's channels, as GET /channels/{id} tells them.
pub const CHANNEL_NAMES: [(u64, &str); 3] = [
    (CHANNEL, "labyrinth"),
    (CHANNEL_2, "maze-hall"),
    (THREAD, "side-talk"),
];

/// A snowflake as Discord writes it in JSON: a string of digits.
pub(crate) fn snowflake_of(v: &Value) -> Option<u64> {
    v.as_str().and_then(|s| s.parse().ok())
}

/// Whether a channel is one of the guild's fixed ones (the [`THREAD`] too); threads the bot
/// started are the fake's state's ([`State::in_guild`]).
pub(crate) fn is_guild_channel(channel: u64) -> bool {
    CHANNEL_NAMES.iter().any(|(c, _)| *c == channel)
}

/// Discord's channel type of a guild's text channel.
pub const TEXT_CHANNEL: u64 = 0;
/// Discord's channel type of a DM.
pub const DM_CHANNEL: u64 = 1;
/// Discord's channel type of a public thread.
pub const PUBLIC_THREAD: u64 = 11;
/// Discord's channel type of a private thread, which Discord makes when no type is asked for.
pub const PRIVATE_THREAD: u64 = 12;
/// The auto-archive durations Discord takes, in minutes.
pub const ARCHIVE_DURATIONS: [u64; 4] = [60, 1440, 4320, 10080];

/// A thread the bot started.
#[derive(Clone, Debug, PartialEq)]
pub struct Thread {
    /// Its snowflake: the channel its messages go to.
    pub id: u64,
    /// The channel it was started in.
    pub parent: u64,
    /// Its name.
    pub name: String,
    /// Its channel type: [`PUBLIC_THREAD`] or [`PRIVATE_THREAD`].
    pub kind: u64,
    /// Minutes of silence before Discord archives it.
    pub auto_archive_duration: u64,
}

/// The guild's owner (no game user).
pub const OWNER_ID: u64 = 1;
/// The role that makes a channel manager: [`Fake::make_admin`] gives it.
pub const MANAGER_ROLE: u64 = 700;
/// Permission bits: MANAGE_CHANNELS | SEND_MESSAGES | VIEW_CHANNEL.
const ADMIN_PERMS: &str = "3088";
/// Permission bits: SEND_MESSAGES | VIEW_CHANNEL.
pub(crate) const MEMBER_PERMS: &str = "3072";
/// Permission bit of MANAGE_CHANNELS.
pub(crate) const MANAGE_CHANNELS: &str = "16";
/// The privileged GUILD_MEMBERS intent's bit.
pub const GUILD_MEMBERS: u64 = 1 << 1;
/// The privileged MESSAGE_CONTENT intent's bit.
pub const MESSAGE_CONTENT: u64 = 1 << 15;
/// How long Discord waits for an interaction's first answer.
pub const ACK_LIMIT: Duration = Duration::from_secs(3);
/// How long a nonce sent with `enforce_nonce` keeps a second message with it from being created.
/// Discord says "the past few minutes"; any test is over well within this.
pub const NONCE_WINDOW: Duration = Duration::from_secs(120);
/// Discord's longest nonce, in characters.
pub const MAX_NONCE: usize = 25;

/// A fault the next request of a route meets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fault {
    /// 429 with this `retry_after`, in seconds, in the body and the headers.
    RateLimited(f64),
    /// The bot's global rate limit, hit by this request: a 429 with `X-RateLimit-Global: true`,
    /// `X-RateLimit-Scope: global` and `"global": true`, after which every request but the
    /// interaction endpoints (which Discord's rate-limit documentation exempts from the global
    /// limit) meets a 429 too until `retry_after` (seconds) ran out, counted as a violation.
    GlobalRateLimited(f64),
    /// 500 Internal Server Error.
    ServerError,
    /// 401 Unauthorized, as for a revoked token.
    Unauthorized,
    /// 403 Forbidden without a JSON code, as from a proxy.
    Forbidden,
    /// No fault: the request is served as usual (to let the first parts of a message through).
    Pass,
    /// On [`On::Download`] and [`On::Send`] only: the answer comes after this many seconds, as
    /// over a slow or hanging connection (a message is created only then).
    Stall(f64),
    /// On [`On::Send`], [`On::SendTo`] and the interaction routes only: the message is created (the
    /// interaction answered), then the answer is a 500,
    /// as when the connection drops or the bot is killed after Discord took the message and before
    /// the bot read the answer.
    Lost,
}

/// The routes faults can be injected on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum On {
    /// `POST /channels/{id}/messages`.
    Send,
    /// `POST /channels/{id}/messages` to this channel only (checked before [`On::Send`]).
    SendTo(u64),
    /// `PATCH /channels/{id}/messages/{id}`.
    Edit,
    /// `POST /users/@me/channels`.
    OpenDm,
    /// `POST /interactions/{id}/{token}/callback`.
    Callback,
    /// `POST /webhooks/{app}/{token}`: a follow-up.
    Followup,
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `GET /attachments/{channel}/{id}/{name}`: a download from the CDN.
    Download,
    /// `POST /channels/{id}/threads`: a thread started without a message.
    Thread,
}

/// A file a user attaches to a message.
#[derive(Clone, Debug)]
pub struct Upload {
    /// Its name.
    pub name: String,
    /// Its content, as the CDN serves it.
    pub bytes: Vec<u8>,
    /// The size the attachment object claims, when not the real one.
    pub size: Option<u64>,
    /// Its media type, when Discord tells one.
    pub content_type: Option<String>,
}

impl Upload {
    /// A file: a `.json` one is `application/json`, as Discord would say.
    pub fn new(name: &str, bytes: impl Into<Vec<u8>>) -> Upload {
        let content_type = name
            .ends_with(".json")
            .then(|| "application/json; charset=utf-8".to_string());
        Upload {
            name: name.to_string(),
            bytes: bytes.into(),
            size: None,
            content_type,
        }
    }

    /// The attachment object claims this size, whatever the CDN serves.
    pub fn claiming(mut self, size: u64) -> Upload {
        self.size = Some(size);
        self
    }

    /// Its media type.
    pub fn typed(mut self, content_type: &str) -> Upload {
        self.content_type = Some(content_type.to_string());
        self
    }
}

/// What the gateway task is told to send.
#[derive(Debug)]
pub(crate) enum WsOut {
    /// A JSON text frame.
    Text(String),
    /// Close the socket with this code.
    Close(u16),
}

/// A message the bot posted, with its edits.
#[derive(Clone, Debug)]
pub struct Posted {
    /// Its snowflake.
    pub id: u64,
    /// The channel it is in.
    pub channel: u64,
    /// Its text now.
    pub content: String,
    /// Every text it had, the first one first.
    pub history: Vec<String>,
    /// Rows of buttons: (label, custom_id).
    pub buttons: Vec<Vec<(String, String)>>,
    /// File names of its attachments.
    pub files: Vec<String>,
    /// Sizes of its attachments in bytes.
    pub file_sizes: Vec<usize>,
    /// The content of its attachments.
    pub file_bytes: Vec<Vec<u8>>,
    /// Its attachment objects, as Discord returns them.
    pub attachments: Vec<Value>,
    /// The titles, descriptions and fields of its embeds.
    pub embeds: Vec<String>,
    /// The nonce it was created with, as text (Discord takes an integer or a string).
    pub nonce: Option<String>,
    /// Its code blocks (shown in monospace), as first posted.
    pub code: Vec<String>,
}

impl Posted {
    /// Everything a reader sees of it: its text, its embeds and its buttons' labels.
    pub fn words(&self) -> Vec<String> {
        let mut all = vec![self.content.clone()];
        all.extend(self.embeds.iter().cloned());
        all.extend(
            self.buttons
                .iter()
                .flatten()
                .map(|(label, _)| label.clone()),
        );
        all
    }
}

/// A response to an interaction: the callback, a follow-up or an edit of the original.
#[derive(Clone, Debug)]
pub struct Answered {
    /// The interaction's snowflake.
    pub interaction: u64,
    /// The user who caused it.
    pub user: u64,
    /// "callback", "followup" or "edit".
    pub how: &'static str,
    /// The callback type (4 message, 5 deferred, 6 deferred update, 8 autocomplete); 0 otherwise.
    pub kind: u64,
    /// The text shown, if any.
    pub content: Option<String>,
    /// Whether only the user sees it (flags 64).
    pub ephemeral: bool,
    /// The whole body.
    pub body: Value,
}

/// An interaction the fake sent, and whether it was acknowledged.
#[derive(Clone, Debug)]
struct Issued {
    id: u64,
    user: u64,
    acked: bool,
    original: Option<String>,
    ephemeral: bool,
    /// When it was dispatched: its callback must come within [`ACK_LIMIT`].
    at: Instant,
}

/// One shard's gateway session.
#[derive(Debug, Default)]
pub(crate) struct Shard {
    /// Gateway sequence number of the last dispatch.
    pub(crate) seq: u64,
    /// Every dispatch sent, with its sequence number, for RESUME.
    pub(crate) dispatches: Vec<(u64, String)>,
    /// The live gateway connection, once identified or resumed.
    pub(crate) socket: Option<mpsc::UnboundedSender<WsOut>>,
    pub(crate) session_id: String,
}

/// Everything the fake knows.
#[derive(Debug, Default)]
pub(crate) struct State {
    pub(crate) addr: Option<SocketAddr>,
    next_id: u64,
    /// The gateway's sessions by shard number: Discord sends a guild's events to the shard of
    /// `(guild_id >> 22) % shard_count`, private ones to shard 0.
    pub(crate) shards: std::collections::BTreeMap<u32, Shard>,
    /// How many shards the bot split its gateway into (as its IDENTIFYs say; 1 until then).
    pub(crate) shard_count: u32,
    /// The shard of each IDENTIFY, as `[shard, count]`, in order.
    pub(crate) identified: Vec<[u32; 2]>,
    pub(crate) identifies: u32,
    pub(crate) resumes: u32,
    /// RESUMEs sent on another address than the session's `resume_gateway_url`.
    pub(crate) resumed_elsewhere: u32,
    pub(crate) heartbeats: u32,
    /// The intents of each IDENTIFY, in order.
    pub(crate) intents: Vec<u64>,
    /// The intents of the live session.
    pub(crate) session_intents: u64,
    /// Whether the bot may have the MESSAGE CONTENT intent (enabled in the Developer Portal).
    pub(crate) content_granted: bool,
    /// Whether the bot may have the GUILD MEMBERS intent (enabled in the Developer Portal).
    pub(crate) members_granted: bool,
    /// Gateway connections closed with 4014.
    pub(crate) disallowed: u32,
    /// Until when each route ("METHOD /path") is rate limited, after a 429.
    pub(crate) limited: HashMap<String, Instant>,
    /// Until when the global rate limit holds every route but the interaction endpoints.
    pub(crate) global_until: Option<Instant>,
    /// Requests made before their route's `retry_after` ran out.
    pub(crate) violations: Vec<String>,
    /// Interaction callbacks refused for coming after [`ACK_LIMIT`].
    pub(crate) late: Vec<u64>,
    /// Member overwrites granting MANAGE_CHANNELS in a channel: (channel, user).
    pub(crate) channel_managers: HashSet<(u64, u64)>,
    users: HashMap<String, u64>,
    names: HashMap<u64, String>,
    admins: HashSet<u64>,
    locales: HashMap<u64, String>,
    /// Server nicknames (`member.nick`).
    nicks: HashMap<u64, String>,
    /// DM channel of each user.
    dms: HashMap<u64, u64>,
    refused: HashSet<u64>,
    pub(crate) faults: HashMap<On, VecDeque<Fault>>,
    pub(crate) faults_served: Vec<(On, Fault)>,
    pub(crate) posted: Vec<Posted>,
    /// Every message users wrote, as the REST API returns it (no `guild_id`, no `member`: Discord
    /// sends those with the gateway's MESSAGE_CREATE only), for the channels' history.
    pub(crate) written: Vec<Value>,
    /// Every text shown, in order: (channel, text) for each message posted and each edit.
    pub(crate) log: Vec<(u64, String)>,
    pub(crate) refusals: Vec<(u64, u64)>,
    answered: Vec<Answered>,
    issued: HashMap<String, Issued>,
    pub(crate) commands: Vec<Value>,
    /// Every `GET /channels/{id}/messages`: the channel and its `after`.
    pub(crate) history_reads: Vec<(u64, Option<u64>)>,
    /// Every REST request: "METHOD /path".
    pub(crate) requests: Vec<String>,
    /// The files the CDN serves, by attachment id: (channel, name, bytes).
    pub(crate) cdn: HashMap<u64, (u64, String, Vec<u8>)>,
    /// Every download asked of the CDN, by attachment id, in order.
    pub(crate) downloads: Vec<u64>,
    /// The message each nonce created and when, for `enforce_nonce`.
    pub(crate) nonces: HashMap<String, (u64, Instant)>,
    /// Nonces of creates answered with the message an earlier create made, in order.
    pub(crate) repeats: Vec<String>,
    /// The threads the bot started, in order.
    pub(crate) threads: Vec<Thread>,
    /// Channels where the bot may not create public threads (refused with 50013).
    pub(crate) threadless: HashSet<u64>,
}

impl State {
    pub(crate) fn snowflake(&mut self) -> u64 {
        self.next_id += 1;
        10_000 + self.next_id
    }

    fn dm_channel(&mut self, user: u64) -> u64 {
        if let Some(c) = self.dms.get(&user) {
            return *c;
        }
        let c = 800_000 + user;
        self.dms.insert(user, c);
        c
    }

    fn dm_owner(&self, channel: u64) -> Option<u64> {
        self.dms
            .iter()
            .find(|(_, c)| **c == channel)
            .map(|(u, _)| *u)
    }

    /// Whether a channel is one of the guild's: a fixed one or a thread the bot started.
    pub(crate) fn in_guild(&self, channel: u64) -> bool {
        is_guild_channel(channel) || self.started(channel).is_some()
    }

    /// A thread the bot started.
    pub(crate) fn started(&self, channel: u64) -> Option<&Thread> {
        self.threads.iter().find(|t| t.id == channel)
    }

    /// A channel's Discord type; `None` for a channel the fake does not know.
    pub(crate) fn kind_of(&self, channel: u64) -> Option<u64> {
        if channel == THREAD {
            return Some(PUBLIC_THREAD);
        }
        if is_guild_channel(channel) {
            return Some(TEXT_CHANNEL);
        }
        if let Some(t) = self.started(channel) {
            return Some(t.kind);
        }
        self.dm_owner(channel).map(|_| DM_CHANNEL)
    }

    /// A channel's name: a fixed one's or a started thread's (a DM has none).
    pub(crate) fn channel_name(&self, channel: u64) -> Option<String> {
        CHANNEL_NAMES
            .iter()
            .find(|(c, _)| *c == channel)
            .map(|(_, n)| n.to_string())
            .or_else(|| self.started(channel).map(|t| t.name.clone()))
    }

    /// The partial channel object an interaction carries for the channel it came from.
    pub(crate) fn partial_channel(&self, channel: u64) -> Value {
        let mut c = json!({
            "id": channel.to_string(),
            "type": self.kind_of(channel).unwrap_or(TEXT_CHANNEL),
        });
        if let Some(name) = self.channel_name(channel) {
            c["name"] = name.into();
        }
        let parent = match channel {
            THREAD => Some(CHANNEL),
            _ => self.started(channel).map(|t| t.parent),
        };
        if let Some(p) = parent {
            c["parent_id"] = p.to_string().into();
        }
        c
    }

    pub(crate) fn user_json(&self, id: u64) -> Value {
        let name = self.names.get(&id).cloned().unwrap_or_else(|| "bot".into());
        json::user(id, &name, id == BOT_ID)
    }

    /// Keeps a user's message for the channel's history, as the REST API shows it.
    pub(crate) fn remember(&mut self, m: &Value) {
        let mut m = m.clone();
        if let Some(o) = m.as_object_mut() {
            o.remove("guild_id");
            o.remove("member");
        }
        self.written.push(m);
    }

    /// The messages of a channel, users' and the bot's, oldest first.
    pub(crate) fn history(&self, channel: u64) -> Vec<Value> {
        let bot = self.user_json(BOT_ID);
        let mut all: Vec<Value> = self
            .written
            .iter()
            .filter(|m| snowflake_of(&m["channel_id"]) == Some(channel))
            .cloned()
            .chain(
                self.posted
                    .iter()
                    .filter(|p| p.channel == channel)
                    .map(|p| json::posted(p, bot.clone())),
            )
            .collect();
        all.sort_by_key(|m| m["id"].as_str().and_then(|id| id.parse::<u64>().ok()));
        all
    }

    /// Sends a dispatch to the shard its guild belongs to (or keeps it for the RESUME if that
    /// shard's gateway is down).
    pub(crate) fn dispatch(&mut self, t: &str, d: Value) {
        let guild = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
        let shard = guild.map_or(0, |g| {
            ((g >> 22) % u64::from(self.shard_count.max(1))) as u32
        });
        self.dispatch_to(shard, t, d);
    }

    /// Sends a dispatch on one shard's session.
    pub(crate) fn dispatch_to(&mut self, shard: u32, t: &str, d: Value) {
        let session = self.shards.entry(shard).or_default();
        session.seq += 1;
        let frame = json!({"op": 0, "s": session.seq, "t": t, "d": d}).to_string();
        session.dispatches.push((session.seq, frame.clone()));
        if let Some(s) = &session.socket {
            if s.send(WsOut::Text(frame)).is_err() {
                session.socket = None;
            }
        }
    }
}

/// The fake Discord: a handle to its state; clones share it.
#[derive(Clone, Debug)]
pub struct Fake {
    /// Where it listens.
    pub addr: SocketAddr,
    pub(crate) state: Arc<Mutex<State>>,
}

/// A simulated user of the guild.
#[derive(Clone, Debug)]
pub struct User {
    /// His snowflake.
    pub id: u64,
    /// His name.
    pub name: String,
    fake: Fake,
}

impl Fake {
    /// Starts the fake on a free port of 127.0.0.1.
    pub async fn start() -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let state = Arc::new(Mutex::new(State {
            addr: Some(addr),
            content_granted: true,
            members_granted: true,
            shard_count: 1,
            ..State::default()
        }));
        let fake = Fake { addr, state };
        let app = rest::router(fake.clone()).merge(gateway::router(fake.clone()));
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        fake
    }

    /// The URL to hand the bot as its API origin.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A user (the same one for the same name).
    pub fn user(&self, name: &str) -> User {
        let mut s = self.lock();
        let id = match s.users.get(name) {
            Some(id) => *id,
            None => {
                let id = 1_000 + s.users.len() as u64;
                s.users.insert(name.to_string(), id);
                s.names.insert(id, name.to_string());
                id
            }
        };
        User {
            id,
            name: name.to_string(),
            fake: self.clone(),
        }
    }

    /// Gives a user the manager role (MANAGE_CHANNELS): his interactions carry it, and his typed
    /// messages name the role, whose permissions the guild's roles tell.
    pub fn make_admin(&self, user: &User) {
        self.lock().admins.insert(user.id);
    }

    /// Lets a plain member manage one channel, by a member overwrite of that channel only.
    pub fn let_manage(&self, user: &User, channel: u64) {
        self.lock().channel_managers.insert((channel, user.id));
    }

    /// Gives a user a server nickname: his guild messages and interactions carry it as
    /// `member.nick`.
    pub fn set_nick(&self, user: &User, nick: &str) {
        self.lock().nicks.insert(user.id, nick.to_string());
    }

    /// Takes from the bot the permission to create public threads in a channel: a thread started
    /// there is refused with 403 and 50013 (Missing Permissions), as Discord does.
    pub fn forbid_threads(&self, channel: u64) {
        self.lock().threadless.insert(channel);
    }

    /// The threads the bot started, in order.
    pub fn threads(&self) -> Vec<Thread> {
        self.lock().threads.clone()
    }

    /// The thread the bot started whose name begins with `prefix`.
    pub fn thread_named(&self, prefix: &str) -> Option<Thread> {
        self.threads()
            .into_iter()
            .find(|t| t.name.starts_with(prefix))
    }

    /// Sets the client language a user's interactions carry.
    pub fn set_locale(&self, user: &User, locale: &str) {
        self.lock().locales.insert(user.id, locale.to_string());
    }

    /// Makes sending messages fail: each fault meets one `POST /channels/{id}/messages`, in order.
    pub fn inject(&self, faults: &[Fault]) {
        self.inject_on(On::Send, faults);
    }

    /// Makes requests of a route fail: each fault meets one request, in order.
    pub fn inject_on(&self, on: On, faults: &[Fault]) {
        self.lock()
            .faults
            .entry(on)
            .or_default()
            .extend(faults.iter().copied());
    }

    /// Forgets the faults not yet served.
    pub fn clear_faults(&self) {
        self.lock().faults.clear();
    }

    /// The faults served so far, on any route.
    pub fn faults_served(&self) -> Vec<Fault> {
        self.lock().faults_served.iter().map(|(_, f)| *f).collect()
    }

    /// The faults served so far on one route.
    pub fn faults_served_on(&self, on: On) -> Vec<Fault> {
        self.lock()
            .faults_served
            .iter()
            .filter(|(o, _)| *o == on)
            .map(|(_, f)| *f)
            .collect()
    }

    /// Requests made before their route's `retry_after` ran out ("METHOD /path").
    pub fn violations(&self) -> Vec<String> {
        self.lock().violations.clone()
    }

    /// Interactions whose callback came after Discord's 3 s and was refused.
    pub fn late_acknowledgements(&self) -> Vec<u64> {
        self.lock().late.clone()
    }

    /// Whether the bot may have the MESSAGE CONTENT intent: without it, an IDENTIFY asking for it
    /// is closed with 4014, and guild messages reach the bot with empty content.
    pub fn grant_message_content(&self, granted: bool) {
        self.lock().content_granted = granted;
    }

    /// Whether the bot may have the GUILD MEMBERS intent: without it, an IDENTIFY asking for it
    /// is closed with 4014.
    pub fn grant_members(&self, granted: bool) {
        self.lock().members_granted = granted;
    }

    /// A member leaves the guild: GUILD_MEMBER_REMOVE, which Discord sends only to a session
    /// with the GUILD MEMBERS intent.
    pub fn member_leaves(&self, user: &User) {
        let mut s = self.lock();
        if s.session_intents & GUILD_MEMBERS == 0 {
            return;
        }
        let u = s.user_json(user.id);
        s.dispatch(
            "GUILD_MEMBER_REMOVE",
            json!({"guild_id": GUILD_ID.to_string(), "user": u}),
        );
    }

    /// The intents of each IDENTIFY so far.
    pub fn identified_intents(&self) -> Vec<u64> {
        self.lock().intents.clone()
    }

    /// Gateway connections closed with 4014 (disallowed intents).
    pub fn disallowed(&self) -> u32 {
        self.lock().disallowed
    }

    /// Heartbeats received.
    pub fn heartbeats(&self) -> u32 {
        self.lock().heartbeats
    }

    /// DMs to this user are refused with 50007 until [`Fake::open_dms`].
    pub fn close_dms(&self, user: &User) {
        self.lock().refused.insert(user.id);
    }

    /// The user opens his DMs again.
    pub fn open_dms(&self, user: &User) {
        self.lock().refused.remove(&user.id);
    }

    /// How many DMs to this user were refused.
    pub fn refusals(&self, user: &User) -> usize {
        self.lock()
            .refusals
            .iter()
            .filter(|(u, _)| *u == user.id)
            .count()
    }

    /// Closes the gateway socket as a network failure would (close code 4000): the client must
    /// resume; dispatches sent meanwhile are replayed on RESUME.
    pub fn drop_gateway(&self) {
        let mut s = self.lock();
        for session in s.shards.values_mut() {
            if let Some(sock) = session.socket.take() {
                let _ = sock.send(WsOut::Close(4000));
            }
        }
    }

    /// Sends the dispatch that carried this snowflake once more, as Discord may after a resume.
    pub fn redeliver(&self, id: u64) {
        let mut s = self.lock();
        let needle = format!("\"id\":\"{id}\"");
        let Some((_, frame)) = s
            .shards
            .values()
            .flat_map(|session| session.dispatches.iter().rev())
            .find(|(_, f)| f.contains(&needle))
            .cloned()
        else {
            panic!("no dispatch carried {id}");
        };
        let v: Value = serde_json::from_str(&frame).unwrap();
        let t = v["t"].as_str().unwrap().to_string();
        s.dispatch(&t, v["d"].clone());
    }

    /// Whether a bot is connected and identified (or resumed).
    pub fn connected(&self) -> bool {
        self.lock().shards.values().any(|s| s.socket.is_some())
    }

    /// The shards whose gateway is connected, and each IDENTIFY's `[shard, count]`.
    pub fn shards(&self) -> (Vec<u32>, Vec<[u32; 2]>) {
        let s = self.lock();
        let live = s
            .shards
            .iter()
            .filter(|(_, session)| session.socket.is_some())
            .map(|(n, _)| *n)
            .collect();
        (live, s.identified.clone())
    }

    /// (IDENTIFYs, RESUMEs) received.
    pub fn sessions(&self) -> (u32, u32) {
        let s = self.lock();
        (s.identifies, s.resumes)
    }

    /// RESUMEs sent on another address than the `resume_gateway_url` of their session's READY.
    pub fn resumed_elsewhere(&self) -> u32 {
        self.lock().resumed_elsewhere
    }

    /// The global commands the bot registered.
    pub fn commands(&self) -> Vec<Value> {
        self.lock().commands.clone()
    }

    /// Every history read so far: (channel, its `after`).
    pub fn history_reads(&self) -> Vec<(u64, Option<u64>)> {
        self.lock().history_reads.clone()
    }

    /// Every REST request so far: "METHOD /path".
    pub fn requests(&self) -> Vec<String> {
        self.lock().requests.clone()
    }

    /// Every download asked of the CDN so far, by attachment id.
    pub fn downloads(&self) -> Vec<u64> {
        self.lock().downloads.clone()
    }

    /// The nonces of message creates that were answered with the earlier message of that nonce
    /// instead of making a new one, in order.
    pub fn nonce_repeats(&self) -> Vec<String> {
        self.lock().repeats.clone()
    }

    /// The files the bot attached to its messages in a channel (or DM channel), in order: name and
    /// content.
    pub fn files_in(&self, channel: u64) -> Vec<(String, Vec<u8>)> {
        self.posted_in(channel)
            .into_iter()
            .flat_map(|p| p.files.into_iter().zip(p.file_bytes))
            .collect()
    }

    /// Every message the bot posted in a channel (or DM channel), in order.
    pub fn posted_in(&self, channel: u64) -> Vec<Posted> {
        self.lock()
            .posted
            .iter()
            .filter(|p| p.channel == channel)
            .cloned()
            .collect()
    }

    /// Every text a channel was shown, in order: each message as posted and each edit.
    pub fn shown(&self, channel: u64) -> Vec<String> {
        self.lock()
            .log
            .iter()
            .filter(|(c, _)| *c == channel)
            .map(|(_, t)| t.clone())
            .collect()
    }

    /// The texts in a channel now, in order.
    pub fn texts(&self, channel: u64) -> Vec<String> {
        self.posted_in(channel)
            .into_iter()
            .map(|p| p.content)
            .collect()
    }

    /// The DM channel of a user (made on first use, as Discord does).
    pub fn dm_of(&self, user: &User) -> u64 {
        self.lock().dm_channel(user.id)
    }

    /// The texts a user received privately, in order.
    pub fn dm_texts(&self, user: &User) -> Vec<String> {
        let c = self.dm_of(user);
        self.texts(c)
    }

    /// Every text a user was shown privately, in order (posts and edits).
    pub fn dm_texts_shown(&self, user: &User) -> Vec<String> {
        let c = self.dm_of(user);
        self.shown(c)
    }

    /// Every interaction response so far.
    pub fn answered(&self) -> Vec<Answered> {
        self.lock().answered.clone()
    }

    /// The responses to one interaction.
    pub fn answers_to(&self, interaction: u64) -> Vec<Answered> {
        self.lock()
            .answered
            .iter()
            .filter(|a| a.interaction == interaction)
            .cloned()
            .collect()
    }

    /// Waits until `cond` holds, polling; panics with `what` after 30 s.
    pub async fn wait(&self, what: &str, cond: impl Fn(&Fake) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !cond(self) {
            assert!(
                Instant::now() < deadline,
                "timed out waiting: {what}; requests: {:?}",
                self.requests()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until the bot is connected and has registered its commands.
    pub async fn wait_ready(&self) {
        self.wait("the bot connects", |f| {
            f.connected() && !f.commands().is_empty()
        })
        .await;
    }

    fn issue(&self, s: &mut State, id: u64, user: u64) -> String {
        let token = token_of(id);
        s.issued.insert(
            token.clone(),
            Issued {
                id,
                user,
                acked: false,
                original: None,
                ephemeral: false,
                at: Instant::now(),
            },
        );
        token
    }

    fn member_or_user(&self, s: &State, user: u64, channel: u64) -> (Option<u64>, Value) {
        let perms = if s.admins.contains(&user) || s.channel_managers.contains(&(channel, user)) {
            ADMIN_PERMS
        } else {
            MEMBER_PERMS
        };
        if s.dm_owner(channel).is_some() {
            (None, json!({"user": s.user_json(user)}))
        } else {
            let mut member = json::member(s.user_json(user), perms);
            member["nick"] = s
                .nicks
                .get(&user)
                .map_or(Value::Null, |n| n.as_str().into());
            (Some(GUILD_ID), json!({ "member": member }))
        }
    }

    fn interaction(&self, user: u64, channel: u64, kind: u64, data: Value, extra: Value) -> u64 {
        let mut s = self.lock();
        let id = s.snowflake();
        let token = self.issue(&mut s, id, user);
        let locale = s
            .locales
            .get(&user)
            .cloned()
            .unwrap_or_else(|| "en-US".into());
        let (guild, who) = self.member_or_user(&s, user, channel);
        let mut d = json!({
            "id": id.to_string(),
            "application_id": APP_ID.to_string(),
            "type": kind,
            "data": data,
            "channel_id": channel.to_string(),
            "channel": s.partial_channel(channel),
            "token": token,
            "version": 1,
            "app_permissions": "2251799813685247",
            "locale": locale,
            "entitlements": [],
            "authorizing_integration_owners": {},
            "attachment_size_limit": 8_388_608,
        });
        let obj = d.as_object_mut().unwrap();
        if let Some(g) = guild {
            obj.insert("guild_id".into(), g.to_string().into());
            obj.insert("guild_locale".into(), "en-US".into());
            obj.insert("context".into(), 0.into());
        } else {
            obj.insert("context".into(), 1.into());
        }
        for (k, v) in who
            .as_object()
            .unwrap()
            .iter()
            .chain(extra.as_object().unwrap())
        {
            obj.insert(k.clone(), v.clone());
        }
        s.dispatch("INTERACTION_CREATE", d);
        id
    }
}

impl User {
    /// He writes in a guild channel (a thread too); returns the message's snowflake.
    pub fn says(&self, channel: u64, text: &str) -> u64 {
        self.sends(channel, text, &[])
    }

    /// He replies in a guild channel to a message the bot posted (a reply that pings its author,
    /// as Discord's client does by default); returns the message's snowflake.
    pub fn replies(&self, to: &Posted, text: &str) -> u64 {
        self.writes(to.channel, text, &[], Some(to))
    }

    /// He writes in a guild channel with files attached; returns the message's snowflake.
    pub fn sends(&self, channel: u64, text: &str, files: &[Upload]) -> u64 {
        self.writes(channel, text, files, None)
    }

    fn writes(&self, channel: u64, text: &str, files: &[Upload], reply_to: Option<&Posted>) -> u64 {
        let mut s = self.fake.lock();
        let id = s.snowflake();
        let author = s.user_json(self.id);
        let mut m = json::message(id, channel, author, text);
        // Discord: `mentions`, the users the message mentions (`<@id>`, and the author of the
        // message it replies to when the reply pings him); `referenced_message` and
        // `message_reference` for a reply (type 19, REPLY).
        let mut mentioned = mentioned_ids(text);
        if let Some(to) = reply_to {
            let bot = s.user_json(BOT_ID);
            m["type"] = 19.into();
            m["referenced_message"] = json::posted(to, bot);
            m["message_reference"] = json!({"message_id": to.id.to_string(),
                "channel_id": to.channel.to_string(), "guild_id": GUILD_ID.to_string()});
            mentioned.push(BOT_ID);
        }
        mentioned.dedup();
        let mentions_bot = mentioned.contains(&BOT_ID);
        m["mentions"] = mentioned.into_iter().map(|u| s.user_json(u)).collect();
        m["attachments"] = Value::Array(s.attach(channel, files));
        m["guild_id"] = GUILD_ID.to_string().into();
        let roles: Vec<String> = if s.admins.contains(&self.id) {
            vec![MANAGER_ROLE.to_string()]
        } else {
            vec![]
        };
        let nick = s
            .nicks
            .get(&self.id)
            .map_or(Value::Null, |n| n.as_str().into());
        m["member"] = json!({"roles": roles, "joined_at": json::TIME, "deaf": false, "mute": false, "flags": 0, "nick": nick});
        // Without the MESSAGE CONTENT intent a guild message comes without its text and files,
        // unless it mentions the bot (Discord: "Message Content Intent", its exceptions).
        s.remember(&m);
        if s.session_intents & MESSAGE_CONTENT == 0 && !mentions_bot {
            m["content"] = "".into();
            m["attachments"] = json!([]);
        }
        s.dispatch("MESSAGE_CREATE", m);
        id
    }

    /// He edits a message he wrote: Discord sends MESSAGE_UPDATE with the whole message, its
    /// `edited_timestamp` set.
    pub fn edits(&self, message: u64, text: &str) {
        let mut s = self.fake.lock();
        let Some(at) = s
            .written
            .iter()
            .position(|m| snowflake_of(&m["id"]) == Some(message))
        else {
            panic!("no message {message} written");
        };
        s.written[at]["content"] = text.into();
        s.written[at]["edited_timestamp"] = "2026-01-01T00:01:00.000000+00:00".into();
        let mut m = s.written[at].clone();
        let channel: u64 = m["channel_id"].as_str().unwrap().parse().unwrap();
        if s.in_guild(channel) {
            m["guild_id"] = GUILD_ID.to_string().into();
            let nick = s
                .nicks
                .get(&self.id)
                .map_or(Value::Null, |n| n.as_str().into());
            m["member"] = json!({"roles": [], "joined_at": json::TIME, "deaf": false, "mute": false, "flags": 0, "nick": nick});
            if s.session_intents & MESSAGE_CONTENT == 0 {
                m["content"] = "".into();
            }
        }
        s.dispatch("MESSAGE_UPDATE", m);
    }

    /// He writes to the bot privately; returns the message's snowflake.
    pub fn says_privately(&self, text: &str) -> u64 {
        self.sends_privately(text, &[])
    }

    /// He writes to the bot privately with files attached (a DM's content and attachments come
    /// whatever the intents); returns the message's snowflake.
    pub fn sends_privately(&self, text: &str, files: &[Upload]) -> u64 {
        let mut s = self.fake.lock();
        let id = s.snowflake();
        let channel = s.dm_channel(self.id);
        let author = s.user_json(self.id);
        let mut m = json::message(id, channel, author, text);
        m["attachments"] = Value::Array(s.attach(channel, files));
        s.remember(&m);
        s.dispatch("MESSAGE_CREATE", m);
        id
    }

    /// He uses a slash command with string options; returns the interaction's snowflake.
    pub fn slash(&self, channel: u64, name: &str, opts: &[(&str, &str)]) -> u64 {
        let options: Vec<Value> = opts
            .iter()
            .map(|(k, v)| json!({"name": k, "type": 3, "value": v}))
            .collect();
        let data = json!({"id": "77", "name": name, "type": 1, "options": options});
        self.fake.interaction(self.id, channel, 2, data, json!({}))
    }

    /// He types into a slash command's option: Discord asks for suggestions.
    pub fn autocomplete(
        &self,
        channel: u64,
        name: &str,
        opts: &[(&str, &str)],
        focused: &str,
    ) -> u64 {
        let options: Vec<Value> = opts
            .iter()
            .map(|(k, v)| {
                let mut o = json!({"name": k, "type": 3, "value": v});
                if *k == focused {
                    o["focused"] = true.into();
                }
                o
            })
            .collect();
        let data = json!({"id": "77", "name": name, "type": 1, "options": options});
        self.fake.interaction(self.id, channel, 4, data, json!({}))
    }

    /// He presses the button with this custom id under a message the bot posted.
    pub fn presses(&self, message: &Posted, custom_id: &str) -> u64 {
        let msg = {
            let s = self.fake.lock();
            json::posted(message, s.user_json(BOT_ID))
        };
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.fake
            .interaction(self.id, message.channel, 3, data, json!({"message": msg}))
    }
}

/// The users a text mentions, `<@id>` or `<@!id>`, in order.
fn mentioned_ids(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|rest| {
            let rest = rest.strip_prefix('!').unwrap_or(rest);
            let end = rest.find('>')?;
            rest[..end].parse().ok()
        })
        .collect()
}

/// A text as Discord's client shows it: a backslash before punctuation escapes it and is dropped;
/// a code block (between fences of three backticks, a newline after the opening one) is shown
/// as written, in monospace, without its fences.
pub fn render(text: &str) -> String {
    let mut out = String::new();
    for (i, segment) in text.split("```").enumerate() {
        if i % 2 == 1 {
            let code = segment.strip_prefix('\n').unwrap_or(segment);
            out.push_str(code.strip_suffix('\n').unwrap_or(code));
        } else {
            out.push_str(&unescape(segment));
        }
    }
    out
}

/// The code blocks of a text, as written between their fences.
pub fn code_blocks(text: &str) -> Vec<String> {
    text.split("```")
        .skip(1)
        .step_by(2)
        .map(|c| {
            let c = c.strip_prefix('\n').unwrap_or(c);
            c.strip_suffix('\n').unwrap_or(c).to_string()
        })
        .collect()
}

/// Markdown text outside code: a backslash before punctuation escapes it and is dropped.
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match chars.peek() {
            Some(n) if c == '\\' && n.is_ascii_punctuation() => {
                out.push(*n);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// The signature in the query of an attachment's URL: a secret, which must never show in the
/// bot's logs.
pub fn signature_of(attachment: u64) -> String {
    format!("cdn-signature-{attachment}")
}

/// The token of an interaction: a secret, which must never show in the bot's logs.
pub fn token_of(interaction: u64) -> String {
    format!("secret-interaction-token-{interaction}")
}

/// Builds the fake's record of a posted message from the bot's JSON payload and its files; the
/// CDN serves them from then on.
pub(crate) fn record(
    s: &mut State,
    id: u64,
    channel: u64,
    body: &Value,
    files: Vec<Upload>,
) -> Posted {
    let content = render(body["content"].as_str().unwrap_or(""));
    Posted {
        id,
        channel,
        history: vec![content.clone()],
        content,
        buttons: buttons_of(body),
        files: files.iter().map(|f| f.name.clone()).collect(),
        file_sizes: files.iter().map(|f| f.bytes.len()).collect(),
        attachments: s.attach(channel, &files),
        file_bytes: files.into_iter().map(|f| f.bytes).collect(),
        embeds: embeds_of(body),
        nonce: nonce_of(body),
        code: code_blocks(body["content"].as_str().unwrap_or("")),
    }
}

/// A payload's nonce as text: Discord takes an integer or a string.
pub(crate) fn nonce_of(body: &Value) -> Option<String> {
    match &body["nonce"] {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

impl State {
    /// The attachment objects of files put in a channel, served by the CDN from now on.
    pub(crate) fn attach(&mut self, channel: u64, files: &[Upload]) -> Vec<Value> {
        let base = format!("http://{}", self.addr.expect("the fake listens"));
        let mut list = vec![];
        for f in files {
            let id = self.snowflake();
            self.cdn
                .insert(id, (channel, f.name.clone(), f.bytes.clone()));
            list.push(json::attachment(&base, id, channel, f));
        }
        list
    }
}

/// The texts of a payload's embeds.
pub(crate) fn embeds_of(body: &Value) -> Vec<String> {
    let Some(list) = body["embeds"].as_array() else {
        return vec![];
    };
    let mut out = vec![];
    for e in list {
        for key in ["title", "description"] {
            if let Some(t) = e[key].as_str() {
                out.push(render(t));
            }
        }
        for f in e["fields"].as_array().into_iter().flatten() {
            for key in ["name", "value"] {
                if let Some(t) = f[key].as_str() {
                    out.push(render(t));
                }
            }
        }
    }
    out
}

/// The buttons of a payload's `components`: rows of (label, custom_id).
pub(crate) fn buttons_of(body: &Value) -> Vec<Vec<(String, String)>> {
    let Some(rows) = body["components"].as_array() else {
        return vec![];
    };
    rows.iter()
        .map(|row| {
            row["components"]
                .as_array()
                .map(|cs| {
                    cs.iter()
                        .map(|c| {
                            (
                                c["label"].as_str().unwrap_or("").to_string(),
                                c["custom_id"].as_str().unwrap_or("").to_string(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect()
}

impl State {
    pub(crate) fn answer(
        &mut self,
        token: &str,
        how: &'static str,
        body: &Value,
    ) -> Result<(), u64> {
        let Some(i) = self.issued.get_mut(token) else {
            return Err(10062);
        };
        let data = if how == "callback" {
            &body["data"]
        } else {
            body
        };
        let kind = if how == "callback" {
            body["type"].as_u64().unwrap_or(0)
        } else {
            0
        };
        if how == "callback" {
            if i.acked {
                return Err(40060);
            }
            if i.at.elapsed() > ACK_LIMIT {
                let id = i.id;
                self.late.push(id);
                return Err(10062);
            }
            i.acked = true;
            i.ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
        } else if !i.acked {
            return Err(10015);
        }
        let content = data["content"].as_str().map(render);
        if how == "edit" || (how == "callback" && kind == 4) {
            i.original = content.clone();
        }
        let ephemeral = if how == "edit" {
            i.ephemeral
        } else {
            data["flags"].as_u64().unwrap_or(0) & 64 != 0
        };
        let (id, user) = (i.id, i.user);
        self.answered.push(Answered {
            interaction: id,
            user,
            how,
            kind,
            content,
            ephemeral,
            body: body.clone(),
        });
        Ok(())
    }
}
