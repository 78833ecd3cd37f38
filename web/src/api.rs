//! The web chat's HTTP interface: choosing a name, writing, pressing buttons, sending a file, and
//! the stream of what each page may see.
//!
//! Every request but choosing a name carries the page's secret ([`crate::auth`]). What a page may
//! read: every room, and its own user's private chat, nobody else's. Refusals are JSON
//! `{"error": "…"}` in the page's language, with nothing changed.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use bot_core::i18n::{Arg, Lang, Messages};
use bot_core::inlet::Inlet;
use bot_core::session::chat::{ChatId, Content, Inbound, Platform, TextFile, UserId};
use bot_core::session::{MAX_FILE_BYTES, Session, SessionError};
use bot_core::store::GameId;
use futures_util::Stream;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::{Notify, broadcast, watch};

use crate::admins;
use crate::assets;
use crate::auth;
use crate::courier::now_ms;
use crate::flood::Flood;
use crate::history::{History, Message, NewMessage, User};
use crate::live::{Chat, Hub};
use crate::presence::{Here, Presence};

/// The longest message, in characters: Telegram's limit, so a game reads the same everywhere.
pub const MAX_TEXT_CHARS: usize = 4096;
/// The largest request but a file's.
const MAX_BODY: usize = 64 * 1024;
/// Where a page sends a file.
const UPLOAD: &str = "/api/upload";

/// What the handlers share.
pub struct App {
    /// The session engine.
    pub session: Session,
    /// Its inputs, by chat: a room that fails holds back no other.
    pub inlet: Inlet,
    /// The chat's records.
    pub history: History,
    /// Rings open pages.
    pub hub: Hub,
    /// Wakes the relay after an input, so its replies show at once.
    pub wake: Arc<Notify>,
    /// The language of a page that says none.
    pub lang: Lang,
    /// Flips to true when the server stops, ending the pages' streams.
    pub stopping: watch::Receiver<bool>,
    writers: Flood<i64>,
    namers: Flood<IpAddr>,
    /// Who has a page open, where.
    presence: Presence,
}

impl App {
    /// The shared state of a server.
    pub fn new(
        session: Session,
        history: History,
        hub: Hub,
        wake: Arc<Notify>,
        lang: Lang,
        stopping: watch::Receiver<bool>,
    ) -> App {
        App {
            inlet: Inlet::new(session.clone()),
            session,
            history,
            hub,
            wake,
            lang,
            stopping,
            // A few messages at once, then one every half second: play, not a flood.
            writers: Flood::new(10, 2.0),
            // Names: a household's players at once, then one a few seconds.
            namers: Flood::new(10, 0.2),
            presence: Presence::default(),
        }
    }
}

/// The routes of the web chat.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/icon.svg", get(assets::icon))
        .route("/api/name", post(name))
        .route("/api/me", get(me))
        .route("/api/turns", get(turns))
        .route("/api/games", get(games))
        .route("/api/rooms", get(rooms))
        .route("/api/here", get(here))
        .route("/api/say", post(say))
        .route("/api/press", post(press))
        .route(
            UPLOAD,
            post(upload).layer(DefaultBodyLimit::max(2 * MAX_FILE_BYTES + MAX_BODY)),
        )
        .route("/api/events", get(events))
        .route("/api/picture/{id}", get(picture))
        .route("/api/file/{id}", get(file))
        .fallback(no_such_path)
        .method_not_allowed_fallback(no_such_method)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// A refusal: a status and a sentence.
#[derive(Debug)]
pub struct Refused(StatusCode, String);

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

type Answer<T> = Result<T, Refused>;

/// A request's JSON body, read as axum's `Json` reads it but refused as every refusal here is:
/// JSON in the page's language (axum's own rejections are plain text).
struct Body<T>(T);

impl<T: serde::de::DeserializeOwned> axum::extract::FromRequest<Arc<App>> for Body<T> {
    type Rejection = Refused;

    async fn from_request(req: axum::extract::Request, app: &Arc<App>) -> Answer<Self> {
        let lang = lang_of(app, req.headers());
        let file = req.uri().path() == UPLOAD;
        match Json::<T>::from_request(req, app).await {
            Ok(Json(form)) => Ok(Body(form)),
            Err(rejection) => Err(body_refused(rejection.status(), file, lang)),
        }
    }
}

/// Why a body could not be read, as the page is told: too large (a file, or any other request),
/// or not what the page sends.
fn body_refused(status: StatusCode, file: bool, lang: Lang) -> Refused {
    let kib = |bytes: usize| Arg::Num((bytes / 1024) as f64);
    match status {
        StatusCode::PAYLOAD_TOO_LARGE if file => refuse(
            status,
            lang,
            "web-file-long",
            &[("kib", kib(MAX_FILE_BYTES))],
        ),
        StatusCode::PAYLOAD_TOO_LARGE => {
            refuse(status, lang, "web-body-large", &[("kib", kib(MAX_BODY))])
        }
        _ => refuse(status, lang, "web-key", &[]),
    }
}

/// A path the web chat does not serve, or a method it does not take there.
async fn no_such_path(app: State<Arc<App>>, headers: HeaderMap) -> Refused {
    refuse(
        StatusCode::NOT_FOUND,
        lang_of(&app, &headers),
        "web-no-path",
        &[],
    )
}

async fn no_such_method(app: State<Arc<App>>, headers: HeaderMap) -> Refused {
    let lang = lang_of(&app, &headers);
    refuse(StatusCode::METHOD_NOT_ALLOWED, lang, "web-no-path", &[])
}

fn refuse(status: StatusCode, lang: Lang, id: &str, args: &[(&str, Arg)]) -> Refused {
    Refused(status, Messages::get(lang).text(id, args))
}

/// The language a page asks in (`X-GM-Lang`), or the server's.
fn lang_of(app: &App, headers: &HeaderMap) -> Lang {
    headers
        .get("x-gm-lang")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .unwrap_or(app.lang)
}

/// The store failed: the page is asked to send again (it keeps what was typed).
fn busy(lang: Lang, e: &dyn std::fmt::Display) -> Refused {
    tracing::warn!(error = %e, "the web chat could not reach the database");
    refuse(StatusCode::SERVICE_UNAVAILABLE, lang, "web-busy", &[])
}

/// The user whose secret the request carries.
async fn who(app: &App, headers: &HeaderMap, lang: Lang) -> Answer<User> {
    let Some(secret) = auth::bearer(headers) else {
        return Err(refuse(StatusCode::UNAUTHORIZED, lang, "web-who", &[]));
    };
    match app.history.user_by_secret(&auth::hash(secret)).await {
        Ok(Some(u)) => Ok(u),
        Ok(None) => Err(refuse(StatusCode::UNAUTHORIZED, lang, "web-who", &[])),
        Err(e) => Err(busy(lang, &e)),
    }
}

/// A writer's token, or a refusal when he writes too fast.
fn pace(app: &App, user: &User, lang: Lang) -> Answer<()> {
    if app.writers.take(&user.id, Instant::now()) {
        Ok(())
    } else {
        Err(refuse(
            StatusCode::TOO_MANY_REQUESTS,
            lang,
            "web-flood",
            &[],
        ))
    }
}

#[derive(Deserialize)]
struct NameForm {
    name: String,
}

/// `POST /api/name {"name"}`: a free name for this page, and the secret to write under it.
async fn name(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(form): Body<NameForm>,
) -> Answer<Json<serde_json::Value>> {
    let lang = lang_of(&app, &headers);
    if !app.namers.take(&peer.ip(), Instant::now()) {
        return Err(refuse(
            StatusCode::TOO_MANY_REQUESTS,
            lang,
            "web-flood",
            &[],
        ));
    }
    let name = auth::clean_name(&form.name).map_err(|bad| {
        let id = match bad {
            auth::BadName::Empty => "web-name-empty",
            auth::BadName::Long => "web-name-long",
            auth::BadName::Control => "web-name-control",
            auth::BadName::Invisible => "web-name-invisible",
        };
        let max = Arg::Num(auth::MAX_NAME_CHARS as f64);
        refuse(StatusCode::BAD_REQUEST, lang, id, &[("max", max)])
    })?;
    let secret = auth::new_secret();
    let claimed = app
        .history
        .claim(
            &name,
            &auth::name_key(&name),
            &auth::hash(&secret),
            now_ms(),
        )
        .await
        .map_err(|e| busy(lang, &e))?;
    match claimed {
        Ok(user) => Ok(Json(
            json!({ "id": user.id, "name": user.name, "secret": secret }),
        )),
        Err(_) => Err(refuse(
            StatusCode::CONFLICT,
            lang,
            "web-name-taken",
            &[("name", Arg::Str(name))],
        )),
    }
}

/// `GET /api/me`: who this page writes as.
async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Answer<Json<User>> {
    let lang = lang_of(&app, &headers);
    Ok(Json(who(&app, &headers, lang).await?))
}

/// `GET /api/turns`: where games wait for this page's player now, `{"rooms": [names], "private":
/// n}` (n games in his private chat, against the bot): the page's title and icon count them.
async fn turns(State(app): State<Arc<App>>, headers: HeaderMap) -> Answer<Json<serde_json::Value>> {
    let lang = lang_of(&app, &headers);
    let user = who(&app, &headers, lang).await?;
    let mine = user.id.to_string();
    let chats = (app.session.awaiting(Platform::Web, &mine).await).map_err(|e| busy(lang, &e))?;
    let private = chats.iter().filter(|c| **c == mine).count();
    let rooms: Vec<&String> = chats.iter().filter(|c| **c != mine).collect();
    Ok(Json(json!({ "rooms": rooms, "private": private })))
}

/// The games a page's private chat is grouped by: the latest this many.
const GROUPED_GAMES: usize = 30;

/// `GET /api/games`: the games this page's private chat has messages of, the latest first, each
/// `{"id", "title", "room", "running"}` (`room` is null for a game played in the private chat
/// itself): the page shows each game's messages together and folds away the finished ones.
async fn games(State(app): State<Arc<App>>, headers: HeaderMap) -> Answer<Json<serde_json::Value>> {
    let lang = lang_of(&app, &headers);
    let user = who(&app, &headers, lang).await?;
    let ids =
        (app.history.private_games(user.id, GROUPED_GAMES).await).map_err(|e| busy(lang, &e))?;
    let mine = user.id.to_string();
    let mut listed = vec![];
    for id in ids {
        let found = app.session.store().game_brief(GameId(id)).await;
        let Some(rec) = found.map_err(|e| busy(lang, &e))? else {
            continue;
        };
        let kind = app.session.registry().find(&rec.kind);
        let title = kind.map_or_else(|| rec.kind.clone(), |k| k.title(lang));
        let room = (rec.platform == Platform::Web && rec.chat != mine).then_some(rec.chat);
        let running = rec.status.is_running();
        listed.push(json!({ "id": id, "title": title, "room": room, "running": running }));
    }
    Ok(Json(json!({ "games": listed })))
}

/// Rooms the lobby lists: the most recently active first, at most this many.
const LISTED_ROOMS: usize = 50;

/// `GET /api/rooms`: the lobby. Rooms with someone in them or recent messages, each with who is
/// there and its game, if one is open (`{"kind", "status", "turn"}`, the turn a player's name).
async fn rooms(State(app): State<Arc<App>>, headers: HeaderMap) -> Answer<Json<serde_json::Value>> {
    let lang = lang_of(&app, &headers);
    who(&app, &headers, lang).await?;
    let online = app.presence.rooms();
    let mut names: Vec<String> =
        (app.history.active_rooms(LISTED_ROOMS).await).map_err(|e| busy(lang, &e))?;
    for room in online.keys() {
        if !names.contains(room) {
            names.push(room.clone());
        }
    }
    let mut listed = vec![];
    for room in names.into_iter().take(LISTED_ROOMS) {
        let peek = app.session.peek(Platform::Web, &room).await;
        let game = peek
            .ok()
            .flatten()
            .filter(|p| matches!(p["status"].as_str(), Some("lobby" | "setup" | "playing")));
        let game =
            game.map(|p| json!({"kind": p["game"], "status": p["status"], "turn": p["turn"]}));
        let here = online.get(&room).cloned().unwrap_or_default();
        listed.push(json!({ "name": room, "online": here, "game": game }));
    }
    Ok(Json(json!({ "rooms": listed })))
}

#[derive(Deserialize)]
struct HereQuery {
    room: String,
}

/// `GET /api/here?room=NAME`: who has a page open in a room, `{"online": [names]}` — what a page
/// shows beside the room's name, asked often, so without the lobby's look at each game.
async fn here(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Query(q): Query<HereQuery>,
) -> Answer<Json<serde_json::Value>> {
    let lang = lang_of(&app, &headers);
    who(&app, &headers, lang).await?;
    let Some(room) = auth::room_name(&q.room) else {
        return Err(refuse(StatusCode::BAD_REQUEST, lang, "web-room", &[]));
    };
    let online = app.presence.in_room(&room);
    Ok(Json(json!({ "online": online })))
}

/// The page's key of a message or press: what makes a repeated request harmless.
fn check_key(key: &str, lang: Lang) -> Answer<()> {
    let ok = (1..=64).contains(&key.len())
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(refuse(StatusCode::BAD_REQUEST, lang, "web-key", &[]))
    }
}

/// The chat a request names: a room (which it opens, if new) or the writer's private chat.
fn chat_of(room: Option<&str>, private: bool, user: &User, lang: Lang) -> Answer<Chat> {
    if private {
        return Ok(Chat::Private(user.id));
    }
    room.and_then(auth::room_name)
        .map(Chat::Room)
        .ok_or_else(|| refuse(StatusCode::BAD_REQUEST, lang, "web-room", &[]))
}

/// Hands an input to the session and wakes the relay; the popup meant for the writer alone.
async fn hand_over(
    app: &App,
    user: &User,
    chat: &Chat,
    content: Content,
    message_id: String,
    lang: Lang,
) -> Answer<Json<serde_json::Value>> {
    // Only a command or a press (a confirmation) can ask for an admin: an order in words is
    // handed on without reading the room's game and tournament first.
    let may_need_admin = !matches!(&content, Content::Text(t) if !t.starts_with('/'));
    let is_admin = match chat {
        Chat::Room(room) if may_need_admin => acts_as_admin(app, room, user.id, lang).await?,
        _ => false,
    };
    let inbound = Inbound {
        platform: Platform::Web,
        chat: ChatId(chat.key()),
        private: matches!(chat, Chat::Private(_)),
        user: UserId(user.id.to_string()),
        name: user.name.clone(),
        content,
        message_id,
        lang: Some(lang),
        is_admin,
        threads: false,
        chat_title: None,
    };
    match app.inlet.respond(inbound, now_ms()).await {
        Ok(reply) => {
            app.wake.notify_one();
            Ok(Json(json!({ "popup": reply.popup })))
        }
        Err(SessionError::Store(e)) => Err(busy(lang, &e)),
        Err(e) => {
            // A stored game that does not read back: nothing the writer can mend by sending again.
            tracing::error!(error = %e, "an input could not be handled");
            Err(refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                lang,
                "web-broken",
                &[],
            ))
        }
    }
}

#[derive(Deserialize)]
struct SayForm {
    #[serde(default)]
    room: Option<String>,
    #[serde(default)]
    private: bool,
    text: String,
    key: String,
}

/// `POST /api/say {"room" | "private": true, "text", "key"}`: a message, shown in its chat and
/// handed to the master.
async fn say(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(form): Body<SayForm>,
) -> Answer<Json<serde_json::Value>> {
    let lang = lang_of(&app, &headers);
    let user = who(&app, &headers, lang).await?;
    check_key(&form.key, lang)?;
    let chars = form.text.chars().count();
    if chars > MAX_TEXT_CHARS {
        let max = Arg::Num(MAX_TEXT_CHARS as f64);
        return Err(refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            lang,
            "web-too-long",
            &[("max", max), ("chars", Arg::Num(chars as f64))],
        ));
    }
    if form.text.contains('\0') {
        return Err(refuse(StatusCode::BAD_REQUEST, lang, "web-binary", &[]));
    }
    if form.text.trim().is_empty() {
        return Err(refuse(StatusCode::BAD_REQUEST, lang, "web-empty", &[]));
    }
    let chat = chat_of(form.room.as_deref(), form.private, &user, lang)?;
    pace(&app, &user, lang)?;
    let id = format!("t{}:{}", user.id, form.key);
    show_as(&app, &user, &chat, &form.text, &id, lang).await?;
    if let (Chat::Room(room), Some(order)) = (&chat, admins::Order::of(&form.text)) {
        // The room's own admins are the web chat's to keep, as a group's are its platform's.
        let answer = admins::apply(
            &app.history,
            &app.session,
            room,
            &user,
            order,
            lang,
            now_ms(),
        );
        let text = answer.await.map_err(|e| busy(lang, &e))?;
        let shown = NewMessage {
            text,
            delivery: Some(format!("a{id}")),
            at: now_ms(),
            ..NewMessage::default()
        };
        app.history
            .show(&chat, shown)
            .await
            .map_err(|e| busy(lang, &e))?;
        app.hub.ring(chat);
        return Ok(Json(json!({ "popup": null })));
    }
    hand_over(&app, &user, &chat, Content::Text(form.text), id, lang).await
}

/// Shows `text` in `chat` as `user`'s words (once under the page's key `id`) and rings the pages.
async fn show_as(
    app: &App,
    user: &User,
    chat: &Chat,
    text: &str,
    id: &str,
    lang: Lang,
) -> Answer<()> {
    let shown = NewMessage {
        author: Some(user.id),
        text: text.to_string(),
        client_key: Some(id.to_string()),
        at: now_ms(),
        ..NewMessage::default()
    };
    app.history
        .show(chat, shown)
        .await
        .map_err(|e| busy(lang, &e))?;
    app.hub.ring(chat.clone());
    Ok(())
}

#[derive(Deserialize)]
struct PressForm {
    message: i64,
    data: String,
    key: String,
}

/// `POST /api/press {"message", "data", "key"}`: a button of a message the page shows, pressed.
async fn press(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(form): Body<PressForm>,
) -> Answer<Json<serde_json::Value>> {
    let lang = lang_of(&app, &headers);
    let user = who(&app, &headers, lang).await?;
    check_key(&form.key, lang)?;
    pace(&app, &user, lang)?;
    let found = app
        .history
        .message_in(form.message, &[Chat::Private(user.id)])
        .await
        .map_err(|e| busy(lang, &e))?;
    let found = match found {
        Some(m) => Some((m, Chat::Private(user.id))),
        None => room_message(&app, form.message, lang).await?,
    };
    // Only a button the master put under a message this page may see: a page cannot press what
    // it makes up, as no platform lets a client forge a button's data.
    let button = found.and_then(|(m, chat)| {
        let b = m
            .buttons
            .iter()
            .flatten()
            .find(|b| m.author_id.is_none() && b.data == form.data)
            .cloned();
        b.map(|b| (b, chat))
    });
    let Some((button, chat)) = button else {
        return Err(refuse(StatusCode::BAD_REQUEST, lang, "web-no-button", &[]));
    };
    let id = format!("p{}:{}", user.id, form.key);
    if button.link {
        // As on Telegram, a link opens the private chat with `/start DATA`: the presser's own
        // input there, which he did not type, so it is not shown as his message.
        let private = Chat::Private(user.id);
        let start = Content::Text(format!("/start {}", form.data));
        return hand_over(&app, &user, &private, start, id, lang).await;
    }
    if let Chat::Room(_) = chat {
        // The room reads who pressed what, as it reads a typed order, before the master's answer.
        show_as(&app, &user, &chat, &button.label, &id, lang).await?;
    }
    hand_over(&app, &user, &chat, Content::Button(form.data), id, lang).await
}

/// Whether a writer acts as a room's admin. A room is anybody's, so the web has no admins of its
/// own: a room's game is its opener's to manage (the session's rule, as on the platforms) and
/// whom he named ([`admins`]), a tournament its director's, and only in a room where nothing runs
/// does anybody act as its admin (to import a game, say).
async fn acts_as_admin(app: &App, room: &str, user: i64, lang: Lang) -> Answer<bool> {
    let store = app.session.store();
    let running =
        (store.running_game_in_chat(Platform::Web, room).await).map_err(|e| busy(lang, &e))?;
    if let Some(game) = running {
        // The opener himself the session knows; whom he named, the web chat.
        let named = app.history.is_admin(room, game.id.0, user).await;
        return named.map_err(|e| busy(lang, &e));
    }
    let cup = (store.tournament_in_chat(Platform::Web, room).await).map_err(|e| busy(lang, &e))?;
    Ok(cup.is_none_or(|c| matches!(c.status.as_str(), "finished" | "cancelled")))
}

/// A message of a room (every room is open to every page), with its room.
async fn room_message(app: &App, id: i64, lang: Lang) -> Answer<Option<(Message, Chat)>> {
    let room = app.history.room_of(id).await.map_err(|e| busy(lang, &e))?;
    let Some(room) = room else { return Ok(None) };
    let chat = Chat::Room(room);
    let m = app
        .history
        .message_in(id, std::slice::from_ref(&chat))
        .await
        .map_err(|e| busy(lang, &e))?;
    Ok(m.map(|m| (m, chat)))
}

#[derive(Deserialize)]
struct UploadForm {
    name: String,
    text: String,
    key: String,
}

/// `POST /api/upload {"name", "text", "key"}`: a text file sent to the master privately (an
/// exported game, to import).
async fn upload(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(form): Body<UploadForm>,
) -> Answer<Json<serde_json::Value>> {
    let lang = lang_of(&app, &headers);
    let user = who(&app, &headers, lang).await?;
    check_key(&form.key, lang)?;
    if form.text.len() > MAX_FILE_BYTES {
        let max = Arg::Num((MAX_FILE_BYTES / 1024) as f64);
        return Err(refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            lang,
            "web-file-long",
            &[("kib", max)],
        ));
    }
    let name = auth::clean_name(&form.name)
        .unwrap_or_else(|_| "file.json".to_string())
        .replace(['/', '\\'], "_");
    pace(&app, &user, lang)?;
    let chat = Chat::Private(user.id);
    let shown = NewMessage {
        author: Some(user.id),
        text: String::new(),
        file: Some((name.clone(), form.text.clone())),
        client_key: Some(format!("f{}:{}", user.id, form.key)),
        at: now_ms(),
        ..NewMessage::default()
    };
    app.history
        .show(&chat, shown)
        .await
        .map_err(|e| busy(lang, &e))?;
    app.hub.ring(chat.clone());
    let file = Content::File(TextFile {
        name,
        text: form.text,
    });
    let id = format!("f{}:{}", user.id, form.key);
    hand_over(&app, &user, &chat, file, id, lang).await
}

#[derive(Deserialize)]
struct EventsQuery {
    room: String,
    #[serde(default)]
    after: i64,
}

/// What one page's stream holds between events.
struct Feed {
    /// The page counted as present in its room while the stream is open.
    _here: Here,
    app: Arc<App>,
    chats: Vec<Chat>,
    after: i64,
    ring: broadcast::Receiver<Chat>,
    stopping: watch::Receiver<bool>,
    ready: VecDeque<Message>,
    first: bool,
}

/// `GET /api/events?room=NAME&after=REV`: server-sent events, one per message of the room and of
/// the page's private chat shown or edited after revision `after` (the backlog first), each with
/// its revision as the event id. A page that reconnects asks from the last revision it saw.
async fn events(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Query(q): Query<EventsQuery>,
) -> Answer<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let lang = lang_of(&app, &headers);
    let user = who(&app, &headers, lang).await?;
    let Some(room) = auth::room_name(&q.room) else {
        return Err(refuse(StatusCode::BAD_REQUEST, lang, "web-room", &[]));
    };
    // Listening before the first read: nothing shown between the two is missed.
    let feed = Feed {
        _here: app.presence.enter(user.id, &user.name, &room),
        ring: app.hub.listen(),
        stopping: app.stopping.clone(),
        chats: vec![Chat::Room(room), Chat::Private(user.id)],
        after: q.after.max(0),
        ready: VecDeque::new(),
        first: true,
        app,
    };
    let stream = futures_util::stream::unfold(feed, next_event);
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// The next event of a page's stream, waiting for the hub as long as nothing new is there; `None`
/// when the server stops.
async fn next_event(mut feed: Feed) -> Option<(Result<Event, Infallible>, Feed)> {
    loop {
        if let Some(m) = feed.ready.pop_front() {
            feed.after = feed.after.max(m.rev);
            let data = serde_json::to_string(&m).expect("a message serialises");
            let event = Event::default().id(m.rev.to_string()).data(data);
            return Some((Ok(event), feed));
        }
        if !feed.first && !wait_for_ring(&mut feed).await {
            return None;
        }
        feed.first = false;
        match feed.app.history.since(&feed.chats, feed.after).await {
            Ok(ms) => feed.ready.extend(ms),
            Err(e) => {
                // The page reconnects and asks again from where it was.
                tracing::warn!(error = %e, "a page's stream could not read the history");
                return None;
            }
        }
    }
}

/// Waits until one of the feed's chats rings (or the hub lagged, which may hide one); false when
/// the server stops.
async fn wait_for_ring(feed: &mut Feed) -> bool {
    loop {
        if *feed.stopping.borrow() {
            return false;
        }
        tokio::select! {
            rung = feed.ring.recv() => match rung {
                Ok(chat) if feed.chats.contains(&chat) => return true,
                Ok(_) => {}
                Err(broadcast::error::RecvError::Lagged(_)) => return true,
                Err(broadcast::error::RecvError::Closed) => return false,
            },
            _ = feed.stopping.changed() => return false,
        }
    }
}

/// `GET /api/picture/ID`: a message's picture, if the page may see the message.
async fn picture(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Query(version): Query<PictureVersion>,
) -> Answer<Response> {
    let lang = lang_of(&app, &headers);
    let user = who(&app, &headers, lang).await?;
    let chats = visible(&app, &user, id, lang).await?;
    match app.history.picture(id, &chats).await {
        Ok(Some((png, key))) => {
            // Asked for by the hash of the bytes it has, the answer never changes: the browser
            // keeps it, and a reload or a return to the room fetches no picture again.
            let cache = match version.v.as_deref() == Some(key.as_str()) && key != "inline" {
                true => "private, max-age=31536000, immutable",
                false => "private, no-cache",
            };
            let headers = [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, cache),
            ];
            Ok((headers, png).into_response())
        }
        Ok(None) => Err(refuse(StatusCode::NOT_FOUND, lang, "web-no-message", &[])),
        Err(e) => Err(busy(lang, &e)),
    }
}

/// `?v=HASH`: the picture a page asks for, as the message it shows names it.
#[derive(Deserialize)]
struct PictureVersion {
    v: Option<String>,
}

/// `GET /api/file/ID`: a message's file, if the page may see the message.
async fn file(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> Answer<Response> {
    let lang = lang_of(&app, &headers);
    let user = who(&app, &headers, lang).await?;
    let chats = visible(&app, &user, id, lang).await?;
    match app.history.file(id, &chats).await {
        Ok(Some((name, text))) => {
            let disposition = format!("attachment; filename=\"{}\"", name.replace('"', "_"));
            Ok((
                [
                    (header::CONTENT_TYPE, "application/json".to_string()),
                    (header::CONTENT_DISPOSITION, disposition),
                ],
                text,
            )
                .into_response())
        }
        Ok(None) => Err(refuse(StatusCode::NOT_FOUND, lang, "web-no-message", &[])),
        Err(e) => Err(busy(lang, &e)),
    }
}

/// The chats whose message `id` the user may see: his private chat and the message's room.
async fn visible(app: &App, user: &User, id: i64, lang: Lang) -> Answer<Vec<Chat>> {
    let room = app.history.room_of(id).await.map_err(|e| busy(lang, &e))?;
    let mut chats = vec![Chat::Private(user.id)];
    chats.extend(room.map(Chat::Room));
    Ok(chats)
}
