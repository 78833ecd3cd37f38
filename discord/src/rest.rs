//! Discord's REST API as this adapter calls it: serenity's request builder and, against the real
//! API, serenity's rate limiter (which waits out 429s itself); then Discord's answer read here, so
//! that a 429's `retry_after` and Discord's JSON error code reach the caller, which serenity's own
//! error type drops.
//!
//! Without serenity's limiter (a test server), a 429 holds back this adapter's later requests of
//! the same route (its rate-limit bucket), or all of them for a global limit, until Discord's
//! `retry_after` ran out: they fail at once with the time left, as if Discord had said it again.
//!
//! The interaction endpoints (an interaction's callback, its follow-ups and the edits of its
//! reply) are not bound by the bot's global rate limit, as Discord's rate-limit documentation
//! says: they go straight out, past serenity's limiter and past a global 429 held here, so that a
//! callback is never kept waiting beyond Discord's 3 s by messages the bot sends meanwhile. Their
//! own routes' 429s still hold them back.
//!
//! No error of this module holds a URL: an interaction's URL holds its token, which must never
//! reach a log.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::header::HeaderMap;
use serde::de::DeserializeOwned;
use serenity::all::CreateAttachment;
use serenity::all::{Http, HttpBuilder, LightMethod, Request, Route};
use serenity::http::{Multipart, MultipartUpload, RatelimitingBucket};

use crate::config::Token;

/// Added to every `retry_after`: the relay's clock counts whole milliseconds, and a retry must
/// never land a fraction of one before the time Discord named.
const RETRY_MARGIN: Duration = Duration::from_millis(5);
/// How long one try at fetching a file a user sent may take. The single event worker waits for it,
/// every channel's events behind it, and a file over 1 MiB is not read: 5 s is 200 KiB/s at worst,
/// and a hanging CDN holds everything up for three tries of it, not a minute.
const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(5);

/// Why a request failed. Its text holds Discord's status, code and message, never the URL.
#[derive(Clone, Debug, PartialEq)]
pub enum ApiError {
    /// Discord answered with an error status.
    Refused {
        /// The HTTP status.
        status: u16,
        /// Discord's JSON error code (0 when the body had none).
        code: isize,
        /// Discord's message.
        message: String,
        /// For a 429: how long to wait before trying again (the longest of the body's
        /// `retry_after` and the `retry-after` and `x-ratelimit-reset-after` headers).
        retry_after: Option<Duration>,
        /// For a 429: whether the limit is the bot's global one rather than the route's.
        global: bool,
    },
    /// Discord was not reached, or its answer could not be read.
    Network(String),
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::Refused {
                status,
                code,
                message,
                retry_after,
                ..
            } => {
                write!(f, "HTTP {status}, code {code}: {message}")?;
                if let Some(d) = retry_after {
                    write!(f, " (retry after {:.3} s)", d.as_secs_f64())?;
                }
                Ok(())
            }
            ApiError::Network(why) => write!(f, "network: {why}"),
        }
    }
}

impl std::error::Error for ApiError {}

impl ApiError {
    /// The HTTP status, if Discord answered.
    pub fn status(&self) -> Option<u16> {
        match self {
            ApiError::Refused { status, .. } => Some(*status),
            ApiError::Network(_) => None,
        }
    }

    /// Discord's JSON error code, if it answered with one.
    pub fn code(&self) -> Option<isize> {
        match self {
            ApiError::Refused { code, .. } if *code != 0 => Some(*code),
            _ => None,
        }
    }

    /// How long Discord asked to wait, for a 429.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            ApiError::Refused { retry_after, .. } => *retry_after,
            ApiError::Network(_) => None,
        }
    }

    /// Whether trying again later may succeed: a 429, a 5xx, or no answer at all.
    pub fn passing(&self) -> bool {
        match self {
            ApiError::Refused { status, .. } => *status == 429 || *status >= 500,
            ApiError::Network(_) => true,
        }
    }
}

/// A reqwest error as text, without its URL.
fn network(e: reqwest::Error) -> ApiError {
    let e = e.without_url();
    let mut text = e.to_string();
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    ApiError::Network(text)
}

/// A request with the rate-limit bucket of its route.
pub struct Call<'a> {
    bucket: RatelimitingBucket,
    /// Whether its route is an interaction endpoint, free of the global rate limit.
    interaction: bool,
    req: Request<'a>,
}

/// Whether a route is one of the interaction endpoints, which Discord exempts from the bot's
/// global rate limit.
fn is_interaction_endpoint(route: &Route<'_>) -> bool {
    matches!(
        route,
        Route::InteractionResponse { .. }
            | Route::WebhookOriginalInteractionResponse { .. }
            | Route::WebhookFollowupMessages { .. }
            | Route::WebhookFollowupMessage { .. }
    )
}

impl<'a> Call<'a> {
    /// A request without a body.
    pub fn new(route: Route<'a>, method: LightMethod) -> Call<'a> {
        Call {
            bucket: route.ratelimiting_bucket(),
            interaction: is_interaction_endpoint(&route),
            req: Request::new(route, method),
        }
    }

    /// The request with a query string (`?after=…&limit=…`).
    pub fn query(mut self, params: Vec<(&'static str, String)>) -> Call<'a> {
        self.req = self.req.params(Some(params));
        self
    }

    /// A request with a JSON body.
    pub fn json(route: Route<'a>, method: LightMethod, body: &impl serde::Serialize) -> Call<'a> {
        let bytes = serde_json::to_vec(body).unwrap_or_default();
        let mut call = Call::new(route, method);
        call.req = call.req.body(Some(bytes));
        call
    }

    /// `POST /channels/{id}/messages`: a message as JSON, with a file (a picture, an exported
    /// game) as a multipart upload: `files[0]` under its name, declared in `payload_json`.
    pub fn message(
        channel: serenity::all::ChannelId,
        mut body: serde_json::Value,
        file: Option<(Vec<u8>, String)>,
    ) -> Call<'static> {
        let route = Route::ChannelMessages {
            channel_id: channel,
        };
        let mut call = Call::new(route, LightMethod::Post);
        call.req = match file {
            None => call.req.body(Some(body.to_string().into_bytes())),
            Some((bytes, name)) => {
                body["attachments"] = serde_json::json!([{"id": 0, "filename": &name}]);
                call.req.multipart(Some(Multipart {
                    upload: MultipartUpload::Attachments(vec![CreateAttachment::bytes(
                        bytes, name,
                    )]),
                    fields: vec![],
                    payload_json: Some(body.to_string()),
                }))
            }
        };
        call
    }
}

/// The 429s still holding requests back, when serenity's limiter does not.
#[derive(Debug, Default)]
struct Held {
    global: Option<Instant>,
    buckets: HashMap<RatelimitingBucket, Instant>,
}

impl Held {
    /// How long a request of this bucket must still wait, if it must; an interaction endpoint's
    /// (`interaction`) waits for its bucket only, never for the global limit.
    fn left(&mut self, bucket: RatelimitingBucket, interaction: bool) -> Option<(Duration, bool)> {
        let now = Instant::now();
        self.buckets.retain(|_, until| *until > now);
        let global = self.global.and_then(|u| u.checked_duration_since(now));
        if let Some(d) = global.filter(|_| !interaction) {
            return Some((d, true));
        }
        self.buckets
            .get(&bucket)
            .and_then(|u| u.checked_duration_since(now))
            .map(|d| (d, false))
    }

    /// Remembers a 429: its bucket, or every request for a global limit, waits `wait`.
    fn hold(&mut self, bucket: RatelimitingBucket, wait: Duration, global: bool) {
        let until = Instant::now() + wait;
        let slot = if global {
            self.global.get_or_insert(until)
        } else {
            self.buckets.entry(bucket).or_insert(until)
        };
        *slot = (*slot).max(until);
    }
}

/// Discord's REST API.
pub struct Rest {
    /// serenity's client: the token (as the Authorization header, `Bot <token>`), the API origin
    /// replacing `https://discord.com` for test servers, and the rate limiter, when on (the real
    /// API).
    http: Arc<Http>,
    client: reqwest::Client,
    /// 429s holding requests back, when serenity's limiter is off.
    held: Mutex<Held>,
}

impl fmt::Debug for Rest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rest")
            .field("proxy", &self.http.proxy)
            .finish_non_exhaustive()
    }
}

impl Rest {
    /// The API for a bot token, at Discord or at `api_url` (a test server: serenity's rate limiter
    /// sends to discord.com whatever the proxy, so it is off there, and 429s reach the caller).
    pub fn new(token: &Token, api_url: Option<&str>) -> Rest {
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .build()
            .expect("a reqwest client with rustls builds");
        Rest {
            http: Arc::new(Rest::builder(&client, token.expose(), api_url).build()),
            client,
            held: Mutex::new(Held::default()),
        }
    }

    /// serenity's client builder; it makes the token the Authorization header (`Bot <token>`).
    fn builder(client: &reqwest::Client, token: &str, api_url: Option<&str>) -> HttpBuilder {
        let mut b = HttpBuilder::new(token).client(client.clone());
        if let Some(url) = api_url {
            b = b.proxy(url).ratelimiter_disabled(true);
        }
        b
    }

    /// A serenity HTTP client for the gateway, on the same connections and settings.
    pub fn gateway_http(&self) -> Http {
        Rest::builder(&self.client, self.http.token(), self.http.proxy.as_deref()).build()
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Performs a request; its body on success.
    pub async fn call(&self, call: Call<'_>) -> Result<Vec<u8>, ApiError> {
        let Call {
            bucket,
            interaction,
            req,
        } = call;
        let response = match self.http.ratelimiter.as_ref().filter(|_| !interaction) {
            Some(limiter) => limiter
                .perform(req)
                .await
                .map_err(|e| ApiError::Network(serenity_text(&e)))?,
            None => {
                if let Some((left, global)) = self.held().left(bucket, interaction) {
                    return Err(ApiError::Refused {
                        status: 429,
                        code: 0,
                        message: "held back by an earlier 429".into(),
                        retry_after: Some(left),
                        global,
                    });
                }
                let built = req
                    .build(&self.client, self.http.token(), self.http.proxy.as_deref())
                    .map_err(|e| ApiError::Network(serenity_text(&e)))?
                    .build()
                    .map_err(network)?;
                self.client.execute(built).await.map_err(network)?
            }
        };
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response.bytes().await.map_err(network)?.to_vec();
        if (200..300).contains(&status) {
            return Ok(body);
        }
        let e = refused(status, &headers, &body);
        if let ApiError::Refused {
            retry_after: Some(wait),
            global,
            ..
        } = &e
        {
            // An interaction endpoint's 429 holds its own route back, never the other requests.
            self.held().hold(bucket, *wait, *global && !interaction);
        }
        Err(e)
    }

    /// Performs a request and reads its JSON answer.
    pub async fn json<T: DeserializeOwned>(&self, call: Call<'_>) -> Result<T, ApiError> {
        let body = self.call(call).await?;
        serde_json::from_slice(&body)
            .map_err(|e| ApiError::Network(format!("an answer unread: {e}")))
    }
}

/// Why a file was not fetched.
#[derive(Clone, Debug, PartialEq)]
pub enum Download {
    /// It is longer than the limit: not read past it.
    TooBig,
    /// It could not be fetched (its text names no URL).
    Failed(ApiError),
}

impl Rest {
    /// Fetches a file a user sent: an attachment's `url`, on Discord's CDN (the fake's, in tests),
    /// through the same HTTP client but without the bot's token, which the CDN does not ask for. At
    /// most `limit` bytes are read: a longer file is dropped as soon as its `Content-Length` or the
    /// bytes so far show it, whatever size the attachment claimed. The URL's query holds Discord's
    /// signature, so no error of this names the URL.
    pub async fn download(&self, url: &str, limit: usize) -> Result<Vec<u8>, Download> {
        let failed = |e| Download::Failed(network(e));
        let mut res = self
            .client
            .get(url)
            .timeout(DOWNLOAD_TIMEOUT)
            .send()
            .await
            .map_err(failed)?;
        let status = res.status().as_u16();
        if !(200..300).contains(&status) {
            return Err(Download::Failed(ApiError::Refused {
                status,
                code: 0,
                message: "the file could not be fetched".into(),
                retry_after: None,
                global: false,
            }));
        }
        if res.content_length().is_some_and(|n| n > limit as u64) {
            return Err(Download::TooBig);
        }
        let mut body = Vec::new();
        while let Some(chunk) = res.chunk().await.map_err(failed)? {
            if body.len() + chunk.len() > limit {
                return Err(Download::TooBig);
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }
}

/// A serenity error as text: only kinds that hold no URL are spelt out.
fn serenity_text(e: &serenity::Error) -> String {
    match e {
        serenity::Error::Http(serenity::http::HttpError::Request(r)) => {
            // reqwest's text names the URL; the kind alone is enough to act on.
            if r.is_timeout() {
                "timed out".into()
            } else if r.is_connect() {
                "could not connect".into()
            } else {
                "the request failed".into()
            }
        }
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(res)) => format!(
            "HTTP {}, code {}: {}",
            res.status_code.as_u16(),
            res.error.code,
            res.error.message
        ),
        serenity::Error::Http(_) | serenity::Error::Json(_) => e.to_string(),
        _ => "the request could not be made".into(),
    }
}

/// Discord's error answer, read.
fn refused(status: u16, headers: &HeaderMap, body: &[u8]) -> ApiError {
    let json: serde_json::Value = serde_json::from_slice(body).unwrap_or_default();
    let code = json["code"].as_i64().unwrap_or(0) as isize;
    let message = json["message"]
        .as_str()
        .unwrap_or("(no message)")
        .chars()
        .take(200)
        .collect();
    let (retry_after, global) = if status == 429 {
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<f64>().ok())
        };
        let seconds = [
            json["retry_after"].as_f64(),
            header("retry-after"),
            header("x-ratelimit-reset-after"),
        ]
        .into_iter()
        .flatten()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.max(s))));
        let global =
            json["global"].as_bool().unwrap_or(false) || headers.contains_key("x-ratelimit-global");
        // No figure at all: a second is Discord's usual window.
        let wait = Duration::from_secs_f64(seconds.unwrap_or(1.0)) + RETRY_MARGIN;
        (Some(wait), global)
    } else {
        (None, false)
    };
    ApiError::Refused {
        status,
        code,
        message,
        retry_after,
        global,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn headers(list: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in list {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn a_429_waits_the_longest_time_discord_names() {
        let body = br#"{"message":"You are being rate limited.","retry_after":2.5,"global":false}"#;
        let e = refused(429, &headers(&[("retry-after", "3")]), body);
        assert_eq!(e.retry_after(), Some(Duration::from_secs(3) + RETRY_MARGIN));
        let e = refused(429, &headers(&[]), body);
        assert_eq!(
            e.retry_after(),
            Some(Duration::from_millis(2500) + RETRY_MARGIN)
        );
        let e = refused(429, &headers(&[("x-ratelimit-reset-after", "0.75")]), b"");
        assert_eq!(
            e.retry_after(),
            Some(Duration::from_millis(750) + RETRY_MARGIN)
        );
        let e = refused(429, &headers(&[("x-ratelimit-global", "true")]), b"{}");
        assert!(matches!(e, ApiError::Refused { global: true, .. }));
    }

    #[test]
    fn a_429_holds_back_its_bucket_or_everything_when_global() {
        let a = Route::UserMeDmChannels.ratelimiting_bucket();
        let b = Route::ChannelMessages {
            channel_id: serenity::all::ChannelId::new(5),
        }
        .ratelimiting_bucket();
        let mut held = Held::default();
        held.hold(a, Duration::from_secs(60), false);
        assert!(
            held.left(a, false)
                .is_some_and(|(d, g)| d > Duration::from_secs(59) && !g)
        );
        assert!(held.left(b, false).is_none());
        held.hold(b, Duration::from_secs(30), true);
        assert!(held.left(b, false).is_some_and(|(_, g)| g));
        let mut held = Held::default();
        held.hold(a, Duration::ZERO, false);
        assert!(
            held.left(a, false).is_none(),
            "a wait run out holds nothing"
        );
    }

    #[test]
    fn the_global_limit_holds_no_interaction_endpoint_back() {
        let callback = Route::InteractionResponse {
            interaction_id: serenity::all::InteractionId::new(3),
            token: "t",
        };
        assert!(is_interaction_endpoint(&callback));
        let edit = Route::WebhookOriginalInteractionResponse {
            application_id: serenity::all::ApplicationId::new(4),
            token: "t",
        };
        assert!(is_interaction_endpoint(&edit));
        let send = Route::ChannelMessages {
            channel_id: serenity::all::ChannelId::new(5),
        };
        assert!(!is_interaction_endpoint(&send));
        let (c, s) = (callback.ratelimiting_bucket(), send.ratelimiting_bucket());
        let mut held = Held::default();
        held.hold(s, Duration::from_secs(30), true);
        assert!(held.left(c, true).is_none());
        assert!(held.left(c, false).is_some_and(|(_, g)| g));
        // Its own route's 429 still holds it.
        held.hold(c, Duration::from_secs(30), false);
        assert!(held.left(c, true).is_some_and(|(_, g)| !g));
    }

    #[test]
    fn errors_carry_discords_code_and_never_a_url() {
        let e = refused(
            403,
            &headers(&[]),
            br#"{"message":"Cannot send messages to this user","code":50007}"#,
        );
        assert_eq!((e.status(), e.code()), (Some(403), Some(50007)));
        assert!(!e.passing());
        assert_eq!(refused(403, &headers(&[]), b"").code(), None);
        assert!(refused(502, &headers(&[]), b"").passing());
        assert!(!e.to_string().contains("http"));
    }
}
