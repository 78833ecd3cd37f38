//! Webhook mode: an HTTP route of our own that Telegram posts updates to. Each update is handled
//! through the session before the answer: 200 once everything it did is committed, 500 if the
//! session failed, so that Telegram posts it again (the session's message ids make a second
//! delivery harmless). A crash mid-update thus loses nothing: Telegram never got its 200.
//!
//! (teloxide's own listener answers 200 as soon as the update is queued, and logs the body of an
//! update it cannot read, which may be a private message: neither would do here.)

use std::future::Future;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use teloxide::payloads::SetWebhookSetters;
use teloxide::prelude::*;
use teloxide::types::Update;

use crate::RunError;
use crate::api::describe;
use crate::config::{Config, Token};
use crate::handler::{Bridge, Tree, handle, schema};
use crate::update::UpdateError;

/// The header Telegram sends the secret in.
const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// What the route needs.
struct Hook {
    bridge: Bridge,
    handler: Tree,
    secret: String,
}

/// Serves the webhook until `shutdown` resolves. The settings are checked first, and a bad one
/// is a [`RunError`] naming it (never showing the secret).
pub async fn run(
    bridge: Bridge,
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), RunError> {
    let listen = config
        .webhook_listen
        .ok_or(RunError::Missing("webhook_listen"))?;
    let url = config
        .webhook_url
        .as_deref()
        .ok_or(RunError::Missing("webhook_url"))?;
    let url = url::Url::parse(url).map_err(|_| RunError::Invalid("webhook_url", "not a URL"))?;
    let secret = match &config.webhook_secret {
        Some(s) => check_secret(s)?.to_string(),
        // Without one, anybody who learns the URL could post updates as any player.
        None => random_secret(),
    };
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| RunError::Listen(listen, e.to_string()))?;
    bridge
        .bot
        .set_webhook(url.clone())
        .secret_token(secret.clone())
        .allowed_updates(crate::ALLOWED_UPDATES.to_vec())
        .drop_pending_updates(false)
        .await
        .map_err(|e| RunError::Telegram(describe(&e)))?;
    tracing::info!(%listen, "webhook set; listening");
    let hook = Arc::new(Hook {
        bridge,
        handler: schema(),
        secret,
    });
    let path = match url.path() {
        "" => "/",
        p => p,
    };
    let app = Router::new().route(path, post(on_post)).with_state(hook);
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
        .map_err(|e| RunError::Listen(listen, e.to_string()))
}

/// One post from Telegram.
async fn on_post(State(hook): State<Arc<Hook>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let given = headers
        .get(SECRET_HEADER)
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    if !same(given, hook.secret.as_bytes()) {
        return StatusCode::UNAUTHORIZED;
    }
    let update: Update = match serde_json::from_slice(&body) {
        Ok(u) => u,
        Err(_) => {
            // Not the Bot API's JSON: nothing Telegram could fix by sending it again. The body
            // is not logged: it may be a private message.
            tracing::warn!(bytes = body.len(), "a post that is not an update; refused");
            return StatusCode::BAD_REQUEST;
        }
    };
    let id = update.id.0;
    // Each update in its chat's lane: posts of different chats are handled side by side, those
    // of one chat in the order they were handed in.
    let result = match handle(&hook.handler, &hook.bridge, update).await {
        Ok(pending) => pending.finish().await,
        Err(e) => Err(e),
    };
    respond(id, result)
}

/// The answer to Telegram for an update's outcome: 200 once done (or never to be done), 500 to
/// have it posted again.
fn respond(id: u32, result: Result<(), UpdateError>) -> StatusCode {
    match result {
        Ok(()) => StatusCode::OK,
        Err(e) if e.is_permanent() => {
            tracing::error!(error = %e, update = id, "an update that can never be handled; skipped");
            StatusCode::OK
        }
        Err(e) => {
            tracing::error!(error = %e, update = id, "update failed; Telegram will post it again");
            StatusCode::INTERNAL_SERVER_ERROR
        }
    }
}

/// The secret as Telegram accepts it: 1–256 characters of `A-Z a-z 0-9 _ -`.
pub fn check_secret(secret: &Token) -> Result<&str, RunError> {
    let s = secret.expose();
    if s.is_empty() {
        return Err(RunError::Invalid("webhook_secret", "it is empty"));
    }
    if s.len() > 256 {
        return Err(RunError::Invalid(
            "webhook_secret",
            "it is longer than 256 characters",
        ));
    }
    if !s
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return Err(RunError::Invalid(
            "webhook_secret",
            "only A-Z, a-z, 0-9, _ and - are allowed",
        ));
    }
    Ok(s)
}

/// A secret for this run: 40 characters drawn from the process's random hash keys (the standard
/// library seeds them from the system's randomness).
fn random_secret() -> String {
    const CHARSET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
    let mut out = String::with_capacity(40);
    while out.len() < 40 {
        let mut bits = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        for _ in 0..10 {
            out.push(CHARSET[(bits % 64) as usize] as char);
            bits /= 64;
        }
    }
    out
}

/// Compares in time independent of where the texts differ, so the secret cannot be guessed a
/// character at a time from how fast a wrong one is refused.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_telegram_would_refuse_is_a_setting_error_that_does_not_show_it() {
        let long = "x".repeat(257);
        for bad in ["", "has space", "ümlaut", long.as_str(), "semi;colon"] {
            let e = check_secret(&Token::new(bad)).unwrap_err();
            let shown = e.to_string();
            assert!(shown.contains("telegram.webhook_secret"), "{shown}");
            if bad.len() > 3 {
                assert!(!shown.contains(bad), "{shown}");
            }
        }
        let longest = "x".repeat(256);
        for good in ["s3cret-token", "0123456789", "A_b-C", longest.as_str()] {
            assert_eq!(check_secret(&Token::new(good)).unwrap(), good);
        }
    }

    #[test]
    fn a_random_secret_is_one_telegram_takes_and_new_each_time() {
        let a = random_secret();
        assert!(check_secret(&Token::new(a.clone())).is_ok(), "{a}");
        assert_ne!(a, random_secret());
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"ab"));
        assert!(!same(b"", b"a"));
    }
}
