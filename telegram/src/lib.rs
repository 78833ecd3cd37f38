//! The Telegram adapter: teloxide in front, the session engine behind.
//!
//! It holds no game logic. Updates become the session's [`Inbound`](bot_core::session::chat::Inbound)
//! messages ([`inbound`], [`handler`]; a document sent privately is fetched first, [`fetch`]); the
//! session's outbox goes out through the shared relay with
//! a Telegram [`courier`]; updates arrive by long polling with a persisted offset ([`polling`]) or
//! by webhook ([`webhook`]). A forum's topics are chats of their own to the session ([`topic`]).

pub mod api;
pub mod commands;
pub mod config;
pub mod courier;
pub mod fence;
pub mod fetch;
pub mod flood;
pub mod handler;
pub mod inbound;
pub mod polling;
pub mod topic;
pub mod update;
pub mod webhook;

use std::future::Future;

use bot_core::i18n::Lang;
use bot_core::relay::Relay;
use bot_core::session::Session;
use bot_core::session::chat::{Hearing, Platform};
use teloxide::adaptors::throttle::{self, Throttle};
use teloxide::prelude::*;
use teloxide::types::AllowedUpdate;

pub use config::{Config, Mode};

use api::describe;
use courier::TelegramCourier;
use flood::Flood;
use handler::Bridge;
use inbound::Me;

/// The updates the bot asks Telegram for (with `getUpdates` and `setWebhook`): nothing else is
/// sent its way, so nothing else can end up anywhere near a log.
pub const ALLOWED_UPDATES: [AllowedUpdate; 2] =
    [AllowedUpdate::Message, AllowedUpdate::CallbackQuery];

/// How long the updates in hand have to finish once the bot is asked to stop.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// Why the bot could not run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A setting the chosen mode needs is missing.
    #[error("the setting telegram.{0} is missing")]
    Missing(&'static str),
    /// A setting does not read: which, and why (never its value, which may be a secret).
    #[error("the setting telegram.{0} is not valid: {1}")]
    Invalid(&'static str, &'static str),
    /// The webhook's address cannot be listened on.
    #[error("cannot listen on {0}: {1}")]
    Listen(std::net::SocketAddr, String),
    /// Telegram refused or could not be reached at start.
    #[error("Telegram: {0}")]
    Telegram(String),
}

/// Runs the bot until `shutdown` resolves: the relay sending the outbox and firing timers, and
/// updates arriving by polling or webhook. `lang` is the menu's language for users whose client
/// speaks neither of the bot's.
pub async fn run(
    config: Config,
    session: Session,
    lang: Lang,
    shutdown: bot_core::shutdown::Stop,
) -> Result<(), RunError> {
    let api_url =
        url::Url::parse(&config.api_url).map_err(|_| RunError::Invalid("api_url", "not a URL"))?;
    if config.mode == Mode::Webhook
        && let Some(secret) = &config.webhook_secret
    {
        // Before anything else: a bad secret is the operator's to fix, not a reason to panic later.
        webhook::check_secret(secret)?;
    }
    let bot = Bot::new(config.token.expose()).set_api_url(api_url);
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop_tx.send(true);
    });
    let stopped = move || {
        let mut rx = stop_rx.clone();
        async move {
            let _ = rx.wait_for(|s| *s).await;
        }
    };
    let Some(me) = who_am_i(&bot, stopped()).await? else {
        return Ok(());
    };
    let username = me.username().to_string();
    tracing::info!(bot = %username, mode = ?config.mode, "connected to Telegram");
    // Bot API, getMe: `can_read_all_group_messages` is false while privacy mode is on (the
    // default for a new bot): in a group where the bot is no admin, plain words never reach it.
    let hearing = if me.can_read_all_group_messages {
        Hearing::All
    } else {
        tracing::info!(
            "privacy mode is on: in groups where it is no administrator the bot hears only \
             commands, replies and @mentions, and tells players so (turn it off with @BotFather's \
             /setprivacy to let plain words through)"
        );
        Hearing::Addressed {
            name: username.clone(),
        }
    };
    session.set_hearing(Platform::Telegram, hearing);
    let (bot, worker) = Throttle::with_settings(
        bot,
        throttle::Settings::default()
            .limits(config.limits())
            // A 429 goes back to the relay, which keeps the message in the durable outbox.
            .no_retry(),
    );
    let worker = tokio::spawn(worker);
    commands::register(&bot, lang).await;
    let flood = Flood::default();
    let courier = TelegramCourier::new(bot.clone(), &username, session.clone(), flood.clone())
        .map_err(|_| RunError::Invalid("username", "Telegram's getMe gave no usable username"))?;
    let relay = Relay::new(session.clone(), courier);
    let bridge = Bridge {
        inlet: bot_core::inlet::Inlet::new(session.clone()),
        session,
        bot: bot.clone(),
        me: Me {
            id: me.id.0,
            username,
        },
        waker: relay.waker(),
        flood,
        lang,
    };
    let relay = tokio::spawn(relay.run(stopped()));
    let inlet = bridge.inlet.clone();
    let result = match config.mode {
        Mode::Polling => {
            polling::run(bridge, config.poll_timeout_secs, stopped()).await;
            Ok(())
        }
        Mode::Webhook => webhook::run(bridge, &config, stopped()).await,
        Mode::Deliver => {
            // The relay delivers and fires timers; another process receives.
            drop(bridge);
            stopped().await;
            Ok(())
        }
    };
    // Updates still in their lanes get a moment to finish; one cut off was not confirmed to
    // Telegram (its offset, its webhook answer), so it comes again after the restart.
    inlet.finish(SHUTDOWN_GRACE).await;
    if result.is_err() {
        relay.abort();
    }
    let _ = relay.await;
    drop(bot);
    worker.abort();
    result
}

/// The bot's own account (`getMe`). Telegram refusing the token (401 "Unauthorized", or "Not
/// Found" for a malformed one) ends the run; anything else (the network not up yet, a 5xx, flood
/// control) is waited out, as a bot started before the network is up must still come up. None if
/// shutdown came first.
async fn who_am_i(
    bot: &Bot,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<Option<teloxide::types::Me>, RunError> {
    tokio::pin!(shutdown);
    let mut backoff = std::time::Duration::from_secs(1);
    loop {
        let wait = match bot.get_me().await {
            Ok(me) => return Ok(Some(me)),
            Err(e @ teloxide::RequestError::Api(teloxide::ApiError::InvalidToken)) => {
                return Err(RunError::Telegram(describe(&e)));
            }
            Err(teloxide::RequestError::RetryAfter(s)) => s.duration(),
            Err(e) => {
                tracing::warn!(error = %describe(&e), wait_s = backoff.as_secs(), "cannot reach Telegram");
                let wait = backoff;
                backoff = (backoff * 2).min(std::time::Duration::from_secs(60));
                wait
            }
        };
        tokio::select! {
            () = &mut shutdown => return Ok(None),
            () = tokio::time::sleep(wait) => {}
        }
    }
}
