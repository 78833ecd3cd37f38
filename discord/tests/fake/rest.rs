//! The fake's REST API under `/api/v10`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State as Axum};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post, put};
use serde_json::{Value, json};

use std::time::{Duration, Instant};

use super::{APP_ID, BOT_ID, Fake, Fault, On, State, Upload, json as j, record};

/// The REST routes.
pub fn router(fake: Fake) -> Router {
    Router::new()
        .route("/api/v10/gateway", get(gateway))
        .route("/api/v10/gateway/bot", get(gateway))
        .route("/api/v10/users/@me", get(me))
        .route("/api/v10/oauth2/applications/@me", get(application))
        .route("/api/v10/applications/{app}/commands", put(commands))
        .route(
            "/api/v10/channels/{channel}/messages",
            post(send).get(messages),
        )
        .route("/api/v10/channels/{channel}/messages/{mid}", patch(edit))
        .route("/api/v10/users/@me/channels", post(open_dm))
        .route("/api/v10/guilds/{guild}", get(guild))
        .route("/attachments/{channel}/{id}/{name}", get(download))
        .route("/api/v10/channels/{channel}", get(channel))
        .route("/api/v10/channels/{channel}/threads", post(start_thread))
        .route(
            "/api/v10/interactions/{id}/{token}/callback",
            post(callback),
        )
        .route("/api/v10/webhooks/{app}/{token}", post(followup))
        .route(
            "/api/v10/webhooks/{app}/{token}/messages/{mid}",
            patch(edit_original),
        )
        .fallback(unknown)
        .layer(axum::middleware::from_fn_with_state(fake.clone(), log))
        .with_state(fake)
}

/// Logs every request and adds Discord's rate-limit headers to every answer.
async fn log(
    Axum(fake): Axum<Fake>,
    method: Method,
    uri: Uri,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    fake.lock()
        .requests
        .push(format!("{method} {}", uri.path()));
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.entry("x-ratelimit-limit")
        .or_insert(HeaderValue::from_static("50"));
    h.entry("x-ratelimit-remaining")
        .or_insert(HeaderValue::from_static("49"));
    h.entry("x-ratelimit-reset-after")
        .or_insert(HeaderValue::from_static("0.001"));
    h.entry("x-ratelimit-bucket")
        .or_insert(HeaderValue::from_static("fakebucket"));
    res
}

/// A 429 as Discord sends it: `retry_after` in the body and in the headers.
fn rate_limited(after: f64) -> Response {
    limited(after, false)
}

/// A 429 of the route's own limit, or of the bot's global one (`X-RateLimit-Global: true` and
/// scope `global`, as Discord's rate-limit documentation shows).
fn limited(after: f64, global: bool) -> Response {
    let mut res = (
        StatusCode::TOO_MANY_REQUESTS,
        axum::Json(json!({"message": "You are being rate limited.", "retry_after": after, "global": global})),
    )
        .into_response();
    let h = res.headers_mut();
    h.insert(
        "retry-after",
        HeaderValue::from_str(&format!("{}", after.ceil())).unwrap(),
    );
    h.insert("x-ratelimit-limit", HeaderValue::from_static("5"));
    h.insert("x-ratelimit-remaining", HeaderValue::from_static("0"));
    h.insert(
        "x-ratelimit-reset-after",
        HeaderValue::from_str(&format!("{after:.3}")).unwrap(),
    );
    h.insert("x-ratelimit-bucket", HeaderValue::from_static("fakebucket"));
    if global {
        h.insert("x-ratelimit-global", HeaderValue::from_static("true"));
        h.insert("x-ratelimit-scope", HeaderValue::from_static("global"));
    } else {
        h.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
    }
    res
}

/// Whether a route is an interaction endpoint, which Discord exempts from the global rate limit.
fn interaction_endpoint(on: On) -> bool {
    matches!(on, On::Callback | On::Followup | On::EditOriginal)
}

/// The answer to a request instead of serving it, if any: a 429 again for a retry that came before
/// the `retry_after` of the 429 it met (counted as a violation), else the next fault injected on
/// its route. A 429 served is remembered against the request (`key`: "METHOD /path", and for a DM
/// channel its user), so that a retry too early is seen.
fn fault(s: &mut State, on: On, key: &str) -> Option<Response> {
    // The CDN is no API route: the bot's rate limits do not reach it.
    if !interaction_endpoint(on) && on != On::Download {
        let global = s
            .global_until
            .and_then(|until| until.checked_duration_since(Instant::now()));
        if let Some(left) = global {
            s.violations.push(key.to_string());
            return Some(limited(left.as_secs_f64(), true));
        }
    }
    let left = s
        .limited
        .get(key)
        .and_then(|until| until.checked_duration_since(Instant::now()));
    if let Some(left) = left {
        s.violations.push(key.to_string());
        return Some(rate_limited(left.as_secs_f64()));
    }
    let fault = s.faults.get_mut(&on)?.pop_front()?;
    s.faults_served.push((on, fault));
    Some(match fault {
        Fault::Pass => return None,
        Fault::RateLimited(after) => {
            s.limited.insert(
                key.to_string(),
                Instant::now() + Duration::from_secs_f64(after),
            );
            rate_limited(after)
        }
        Fault::GlobalRateLimited(after) => {
            s.global_until = Some(Instant::now() + Duration::from_secs_f64(after));
            limited(after, true)
        }
        Fault::ServerError => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            0,
            "500: Internal Server Error",
        ),
        Fault::Unauthorized => error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized"),
        Fault::Forbidden => (StatusCode::FORBIDDEN, "<html>Forbidden</html>").into_response(),
        // Served after the work is done, by the routes that know it.
        Fault::Lost | Fault::Stall(_) => return None,
    })
}

/// Takes a [`Fault::Stall`] injected first on a route: how long its request is to hang.
fn stall(fake: &Fake, on: On) -> Option<f64> {
    let mut s = fake.lock();
    match s.faults.get(&on).and_then(|q| q.front()) {
        Some(Fault::Stall(secs)) => {
            let secs = *secs;
            s.faults.get_mut(&on).and_then(|q| q.pop_front());
            s.faults_served.push((on, Fault::Stall(secs)));
            Some(secs)
        }
        _ => None,
    }
}

/// A 500 for a request whose work was done: Discord's answer that never reached the bot.
fn answer_lost() -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        0,
        "500: the answer was lost",
    )
}

fn error(status: StatusCode, code: u64, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"message": message, "code": code})),
    )
        .into_response()
}

async fn unknown(method: Method, uri: Uri) -> Response {
    error(
        StatusCode::NOT_FOUND,
        0,
        &format!("fake: no route {method} {uri}"),
    )
}

async fn gateway(Axum(fake): Axum<Fake>) -> Response {
    axum::Json(json!({
        "url": format!("ws://{}/gw", fake.addr),
        "shards": 1,
        "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
    }))
    .into_response()
}

fn bot_user() -> Value {
    let mut u = j::user(BOT_ID, "gm-bot", true);
    u["verified"] = true.into();
    u["mfa_enabled"] = false.into();
    u["flags"] = 0.into();
    u
}

async fn me() -> Response {
    axum::Json(bot_user()).into_response()
}

async fn application() -> Response {
    axum::Json(json!({
        "id": APP_ID.to_string(),
        "name": "gm",
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "00",
        "owner": j::user(1, "owner", false),
        "team": null,
        "flags": 0,
    }))
    .into_response()
}

async fn commands(Axum(fake): Axum<Fake>, body: Bytes) -> Response {
    let Ok(Value::Array(list)) = serde_json::from_slice::<Value>(&body) else {
        return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let mut s = fake.lock();
    let mut out = vec![];
    for c in &list {
        let mut c = c.clone();
        let id = s.snowflake();
        c["id"] = id.to_string().into();
        c["application_id"] = APP_ID.to_string().into();
        c["version"] = "1".into();
        if c.get("type").is_none() {
            c["type"] = 1.into();
        }
        if c.get("default_member_permissions").is_none() {
            c["default_member_permissions"] = Value::Null;
        }
        out.push(c);
    }
    s.commands = out.clone();
    axum::Json(Value::Array(out)).into_response()
}

/// A request body: JSON, or multipart with `payload_json` and `files[n]`.
fn payload(headers: &HeaderMap, body: &[u8]) -> Option<(Value, Vec<Upload>)> {
    let ct = headers.get("content-type")?.to_str().ok()?;
    if let Some(b) = ct.split("boundary=").nth(1) {
        let boundary = format!("--{}", b.trim_matches('"'));
        let mut json = None;
        let mut files = vec![];
        for part in split(body, boundary.as_bytes()) {
            let Some(at) = find(part, b"\r\n\r\n") else {
                continue;
            };
            let head = String::from_utf8_lossy(&part[..at]);
            let mut data = &part[at + 4..];
            if data.ends_with(b"\r\n") {
                data = &data[..data.len() - 2];
            }
            if head.contains("name=\"payload_json\"") {
                json = serde_json::from_slice(data).ok();
            } else if let Some(f) = head.split("filename=\"").nth(1) {
                let name = f.split('"').next().unwrap_or("");
                files.push(Upload::new(name, data));
            }
        }
        return Some((json?, files));
    }
    Some((serde_json::from_slice(body).ok()?, vec![]))
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn split<'a>(mut hay: &'a [u8], sep: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = vec![];
    while let Some(at) = find(hay, sep) {
        parts.push(&hay[..at]);
        hay = &hay[at + sep.len()..];
    }
    parts.push(hay);
    parts
}

async fn send(
    Axum(fake): Axum<Fake>,
    Path(channel): Path<u64>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Some(secs) = stall(&fake, On::Send) {
        // Discord takes the message only once the answer comes: a bot that dies meanwhile
        // (its connection dropped, this future with it) sent nothing.
        tokio::time::sleep(Duration::from_secs_f64(secs)).await;
    }
    let mut s = fake.lock();
    let key = format!("POST /api/v10/channels/{channel}/messages");
    let served = s.faults_served.len();
    if let Some(res) = fault(&mut s, On::SendTo(channel), &key) {
        return res;
    }
    // A fault of this channel's own (a Pass too) stands in for a general one.
    if s.faults_served.len() == served {
        if let Some(res) = fault(&mut s, On::Send, &key) {
            return res;
        }
    }
    let known = s.in_guild(channel);
    let owner = s.dm_owner(channel);
    if !known && owner.is_none() {
        return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    }
    if let Some(u) = owner.filter(|u| s.refused.contains(u)) {
        s.refusals.push((u, channel));
        return error(
            StatusCode::FORBIDDEN,
            50007,
            "Cannot send messages to this user",
        );
    }
    let lost =
        s.faults_served.len() > served && matches!(s.faults_served.last(), Some((_, Fault::Lost)));
    let Some((body, files)) = payload(&headers, &body) else {
        return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let text = body["content"].as_str().unwrap_or("");
    if text.chars().count() > 2000 {
        return error(
            StatusCode::BAD_REQUEST,
            50035,
            "Must be 2000 or fewer in length.",
        );
    }
    if text.is_empty() && files.is_empty() && super::buttons_of(&body).is_empty() {
        return error(
            StatusCode::BAD_REQUEST,
            50006,
            "Cannot send an empty message",
        );
    }
    if let Some(bad) = check_components(&body) {
        return error(StatusCode::BAD_REQUEST, 50035, &bad);
    }
    let nonce = super::nonce_of(&body);
    if nonce
        .as_ref()
        .is_some_and(|n| n.chars().count() > super::MAX_NONCE)
    {
        return error(
            StatusCode::BAD_REQUEST,
            50035,
            "nonce: Must be 25 or fewer in length.",
        );
    }
    // Discord's dedup: the same author, the same nonce, within the past few minutes.
    if body["enforce_nonce"].as_bool() == Some(true) {
        let earlier = nonce
            .as_ref()
            .and_then(|n| s.nonces.get(n))
            .filter(|(_, at)| at.elapsed() < super::NONCE_WINDOW)
            .and_then(|(id, _)| s.posted.iter().find(|p| p.id == *id))
            .cloned();
        if let Some(p) = earlier {
            s.repeats.extend(nonce);
            let out = j::posted(&p, s.user_json(BOT_ID));
            return if lost {
                answer_lost()
            } else {
                axum::Json(out).into_response()
            };
        }
    }
    let id = s.snowflake();
    let p = record(&mut s, id, channel, &body, files);
    if !p.content.is_empty() {
        s.log.push((channel, p.content.clone()));
    }
    if let Some(n) = nonce {
        s.nonces.insert(n, (id, Instant::now()));
    }
    let out = j::posted(&p, s.user_json(BOT_ID));
    s.posted.push(p);
    if lost {
        return answer_lost();
    }
    axum::Json(out).into_response()
}

/// Discord's limits on components: 5 rows of 5 buttons, custom ids of 1..=100 characters.
fn check_components(body: &Value) -> Option<String> {
    let rows = super::buttons_of(body);
    if rows.len() > 5 {
        return Some("components: at most 5 action rows".into());
    }
    for row in &rows {
        if row.len() > 5 || row.is_empty() {
            return Some("an action row holds 1 to 5 buttons".into());
        }
        for (label, id) in row {
            if id.is_empty() || id.chars().count() > 100 || label.chars().count() > 80 {
                return Some(format!("bad button {label:?} {id:?}"));
            }
        }
    }
    None
}

async fn edit(
    Axum(fake): Axum<Fake>,
    Path((channel, mid)): Path<(u64, u64)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some((body, _)) = payload(&headers, &body) else {
        return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    if let Some(bad) = check_components(&body) {
        return error(StatusCode::BAD_REQUEST, 50035, &bad);
    }
    let mut s = fake.lock();
    let key = format!("PATCH /api/v10/channels/{channel}/messages/{mid}");
    if let Some(res) = fault(&mut s, On::Edit, &key) {
        return res;
    }
    let author = s.user_json(BOT_ID);
    let Some(p) = s
        .posted
        .iter_mut()
        .find(|p| p.id == mid && p.channel == channel)
    else {
        return error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    if let Some(text) = body["content"].as_str().map(super::render) {
        p.content = text.clone();
        p.history.push(text);
    }
    if body.get("components").is_some() {
        p.buttons = super::buttons_of(&body);
    }
    let out = j::posted(p, author);
    if let Some(text) = body["content"].as_str().map(super::render) {
        s.log.push((channel, text));
    }
    axum::Json(out).into_response()
}

/// `GET /channels/{id}/messages`, as Discord's documentation has it: `limit` 1 to 100 (50 if
/// not given); with `after`, the messages after that id, the oldest of them first taken but the
/// page returned newest first, as Discord does; without it, the latest messages.
async fn messages(
    Axum(fake): Axum<Fake>,
    Path(channel): Path<u64>,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Response {
    let mut s = fake.lock();
    let known = s.in_guild(channel);
    if !known && s.dm_owner(channel).is_none() {
        return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    }
    let limit = match q.get("limit").map(|l| l.parse::<usize>()) {
        None => 50,
        Some(Ok(n)) if (1..=100).contains(&n) => n,
        _ => return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"),
    };
    let after = match q.get("after").map(|a| a.parse::<u64>()) {
        None => None,
        Some(Ok(a)) => Some(a),
        Some(Err(_)) => return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"),
    };
    s.history_reads.push((channel, after));
    let all = s.history(channel);
    let id = |m: &Value| {
        m["id"]
            .as_str()
            .and_then(|i| i.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let mut page: Vec<Value> = match after {
        Some(a) => all.into_iter().filter(|m| id(m) > a).take(limit).collect(),
        None => {
            let skip = all.len().saturating_sub(limit);
            all.into_iter().skip(skip).collect()
        }
    };
    page.reverse();
    axum::Json(Value::Array(page)).into_response()
}

async fn open_dm(Axum(fake): Axum<Fake>, body: Bytes) -> Response {
    let v: Value = serde_json::from_slice(&body).unwrap_or_default();
    let Some(user) = v["recipient_id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .or(v["recipient_id"].as_u64())
    else {
        return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let mut s = fake.lock();
    // One bucket for every DM channel opened; a retry is the same user's again.
    let key = format!("POST /api/v10/users/@me/channels {user}");
    if let Some(res) = fault(&mut s, On::OpenDm, &key) {
        return res;
    }
    let c = s.dm_channel(user);
    let u = s.user_json(user);
    axum::Json(json!({"id": c.to_string(), "type": 1, "recipient": u, "recipients": [u], "last_message_id": null}))
        .into_response()
}

fn answered(
    fake: &Fake,
    token: &str,
    how: &'static str,
    key: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> Response {
    let Some((body, _)) = payload(headers, body) else {
        return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let mut s = fake.lock();
    let on = match how {
        "callback" => On::Callback,
        "followup" => On::Followup,
        _ => On::EditOriginal,
    };
    let served = s.faults_served.len();
    if let Some(res) = fault(&mut s, on, key) {
        return res;
    }
    let lost =
        s.faults_served.len() > served && matches!(s.faults_served.last(), Some((_, Fault::Lost)));
    match s.answer(token, how, &body) {
        // Taken, and the answer lost on its way back.
        Ok(()) if lost => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            0,
            "500: Internal Server Error",
        ),
        Ok(()) if how == "callback" => StatusCode::NO_CONTENT.into_response(),
        Ok(()) => {
            let id = s.snowflake();
            let data = body["content"].as_str().unwrap_or("");
            axum::Json(j::message(id, 0, s.user_json(BOT_ID), data)).into_response()
        }
        Err(40060) => error(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        ),
        Err(code) => error(StatusCode::NOT_FOUND, code, "Unknown interaction"),
    }
}

async fn callback(
    Axum(fake): Axum<Fake>,
    Path((id, token)): Path<(u64, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let key = format!("POST /api/v10/interactions/{id}/{token}/callback");
    answered(&fake, &token, "callback", &key, &headers, &body)
}

async fn followup(
    Axum(fake): Axum<Fake>,
    Path((app, token)): Path<(u64, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let key = format!("POST /api/v10/webhooks/{app}/{token}");
    answered(&fake, &token, "followup", &key, &headers, &body)
}

async fn edit_original(
    Axum(fake): Axum<Fake>,
    Path((app, token, mid)): Path<(u64, String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let key = format!("PATCH /api/v10/webhooks/{app}/{token}/messages/{mid}");
    answered(&fake, &token, "edit", &key, &headers, &body)
}

/// The CDN: a file attached to a message, for a URL with the right signature (Discord's CDN
/// refuses a URL whose query was cut or altered).
async fn download(
    Axum(fake): Axum<Fake>,
    Path((channel, id, name)): Path<(u64, u64, String)>,
    uri: Uri,
) -> Response {
    if let Some(secs) = stall(&fake, On::Download) {
        tokio::time::sleep(Duration::from_secs_f64(secs)).await;
    }
    let mut s = fake.lock();
    s.downloads.push(id);
    if let Some(res) = fault(&mut s, On::Download, &format!("GET /attachments/{id}")) {
        return res;
    }
    let signed = uri
        .query()
        .unwrap_or("")
        .split('&')
        .any(|kv| kv == format!("hm={}", super::signature_of(id)));
    match s.cdn.get(&id) {
        Some((c, n, bytes)) if signed && *c == channel && *n == name => {
            (StatusCode::OK, bytes.clone()).into_response()
        }
        _ => (
            StatusCode::NOT_FOUND,
            "This content is no longer available.",
        )
            .into_response(),
    }
}

/// A guild, with its roles: @everyone may talk, the manager role manages channels.
async fn guild(Axum(fake): Axum<Fake>, Path(guild): Path<u64>) -> Response {
    if guild != super::GUILD_ID {
        return error(StatusCode::NOT_FOUND, 10004, "Unknown Guild");
    }
    let _ = fake;
    let role = |id: u64, name: &str, perms: &str| {
        json!({"id": id.to_string(), "name": name, "permissions": perms, "color": 0,
               "hoist": false, "managed": false, "mentionable": false, "position": 0, "flags": 0})
    };
    axum::Json(json!({
        "id": guild.to_string(),
        "name": super::GUILD_NAME,
        "owner_id": super::OWNER_ID.to_string(),
        "roles": [
            role(guild, "@everyone", super::MEMBER_PERMS),
            role(super::MANAGER_ROLE, "manager", &(super::MANAGE_CHANNELS.parse::<u64>().unwrap()
                | super::MEMBER_PERMS.parse::<u64>().unwrap()).to_string()),
        ],
    }))
    .into_response()
}

/// A guild text channel, with a member overwrite for each user let manage it; or a thread.
async fn channel(Axum(fake): Axum<Fake>, Path(channel): Path<u64>) -> Response {
    let s = fake.lock();
    if let Some(t) = s.started(channel) {
        return axum::Json(j::thread(t)).into_response();
    }
    if !super::is_guild_channel(channel) {
        return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    }
    let name = super::CHANNEL_NAMES
        .iter()
        .find(|(c, _)| *c == channel)
        .map_or("", |(_, n)| n);
    let overwrites: Vec<Value> = s
        .channel_managers
        .iter()
        .filter(|(c, _)| *c == channel)
        .map(|(_, u)| {
            json!({"id": u.to_string(), "type": 1, "allow": super::MANAGE_CHANNELS, "deny": "0"})
        })
        .collect();
    if channel == super::THREAD {
        // A public thread: type 11, its parent the channel it was started in; a thread has no
        // overwrites of its own (its parent's apply).
        return axum::Json(json!({
            "id": channel.to_string(),
            "type": 11,
            "guild_id": super::GUILD_ID.to_string(),
            "parent_id": super::CHANNEL.to_string(),
            "owner_id": super::OWNER_ID.to_string(),
            "name": name,
            "message_count": 0,
            "member_count": 1,
            "thread_metadata": {"archived": false, "auto_archive_duration": 1440,
                                "archive_timestamp": j::TIME, "locked": false},
        }))
        .into_response();
    }
    axum::Json(json!({
        "id": channel.to_string(),
        "type": 0,
        "guild_id": super::GUILD_ID.to_string(),
        "name": name,
        "position": 0,
        "permission_overwrites": overwrites,
    }))
    .into_response()
}

/// `POST /channels/{id}/threads`: a thread started without a message, as Discord's documentation
/// has it. Only a text channel takes one (a thread or a DM is refused with 400 and 50024), and only
/// from a bot with the permission to create threads there (else 403 and 50013). The name is 1 to
/// 100 characters; without a `type` the thread is private, as Discord still makes it; the
/// auto-archive duration is one of Discord's four. The answer is 201 with the thread's channel
/// object, and THREAD_CREATE goes out on the gateway, marked `newly_created`.
async fn start_thread(Axum(fake): Axum<Fake>, Path(channel): Path<u64>, body: Bytes) -> Response {
    let mut s = fake.lock();
    let key = format!("POST /api/v10/channels/{channel}/threads");
    if let Some(res) = fault(&mut s, On::Thread, &key) {
        return res;
    }
    match s.kind_of(channel) {
        None => return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel"),
        Some(super::TEXT_CHANNEL) => {}
        Some(_) => {
            return error(
                StatusCode::BAD_REQUEST,
                50024,
                "Cannot execute action on this channel type",
            );
        }
    }
    if s.threadless.contains(&channel) {
        return error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
    }
    let Ok(v) = serde_json::from_slice::<Value>(&body) else {
        return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let name = v["name"].as_str().unwrap_or("").to_string();
    if !(1..=100).contains(&name.chars().count()) {
        return error(
            StatusCode::BAD_REQUEST,
            50035,
            "name: Must be between 1 and 100 in length.",
        );
    }
    let kind = v["type"].as_u64().unwrap_or(super::PRIVATE_THREAD);
    if ![super::PUBLIC_THREAD, super::PRIVATE_THREAD].contains(&kind) {
        return error(StatusCode::BAD_REQUEST, 50035, "type: Invalid thread type");
    }
    // Without one, the channel's default: 1440 minutes for a channel that sets none.
    let archive = v["auto_archive_duration"].as_u64().unwrap_or(1440);
    if !super::ARCHIVE_DURATIONS.contains(&archive) {
        return error(
            StatusCode::BAD_REQUEST,
            50035,
            "auto_archive_duration: Value must be one of (60, 1440, 4320, 10080).",
        );
    }
    let t = super::Thread {
        id: s.snowflake(),
        parent: channel,
        name,
        kind,
        auto_archive_duration: archive,
    };
    let out = j::thread(&t);
    s.threads.push(t);
    let mut created = out.clone();
    created["newly_created"] = true.into();
    s.dispatch("THREAD_CREATE", created);
    (StatusCode::CREATED, axum::Json(out)).into_response()
}
