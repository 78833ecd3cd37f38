//! The Telegram adapter: teloxide in front, the session engine behind.
//!
//! It holds no game logic. Updates become the session's [`Inbound`](bot_core::session::chat::Inbound)
//! messages ([`inbound`], [`handler`]); the session's outbox goes out through the shared relay with
//! a Telegram [`courier`]; updates arrive by long polling with a persisted offset ([`polling`]) or
//! by webhook ([`webhook`]).

pub mod commands;
pub mod config;
pub mod courier;
pub mod handler;
pub mod inbound;
pub mod polling;
pub mod webhook;

use std::future::Future;

use bot_core::i18n::Lang;
use bot_core::relay::Relay;
use bot_core::session::Session;
use teloxide::adaptors::throttle::{self, Throttle};
use teloxide::prelude::*;

pub use config::{Config, Mode};

use courier::{TelegramCourier, describe};
use handler::Bridge;
use inbound::Me;

/// Why the bot could not run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A setting the chosen mode needs is missing.
    #[error("the setting telegram.{0} is missing")]
    Missing(&'static str),
    /// A setting does not read.
    #[error("the setting telegram.{0} is not valid")]
    Invalid(&'static str),
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
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), RunError> {
    let api_url = url::Url::parse(&config.api_url).map_err(|_| RunError::Invalid("api_url"))?;
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
    let (bot, worker) = Throttle::with_settings(
        bot,
        throttle::Settings::default()
            .limits(config.limits())
            // A 429 goes back to the relay, which keeps the message in the durable outbox.
            .no_retry(),
    );
    let worker = tokio::spawn(worker);
    commands::register(&bot, lang).await;
    let courier =
        TelegramCourier::new(bot.clone(), &username).map_err(|_| RunError::Invalid("username"))?;
    let relay = Relay::new(session.clone(), courier);
    let bridge = Bridge {
        session,
        bot: bot.clone(),
        me: Me {
            id: me.id.0,
            username,
        },
        waker: relay.waker(),
    };
    let relay = tokio::spawn(relay.run(stopped()));
    let result = match config.mode {
        Mode::Polling => {
            polling::run(bridge, config.poll_timeout_secs, stopped()).await;
            Ok(())
        }
        Mode::Webhook => webhook::run(bridge, &config, stopped()).await,
    };
    if result.is_err() {
        relay.abort();
    }
    let _ = relay.await;
    drop(bot);
    worker.abort();
    result
}

/// The bot's own account (`getMe`). Telegram refusing (a wrong token) ends the run; the network
/// failing is waited out, as a bot started before the network is up must still come up. None if
/// shutdown came first.
async fn who_am_i(
    bot: &Bot,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<Option<teloxide::types::Me>, RunError> {
    tokio::pin!(shutdown);
    let mut wait = std::time::Duration::from_secs(1);
    loop {
        match bot.get_me().await {
            Ok(me) => return Ok(Some(me)),
            Err(e @ teloxide::RequestError::Api(_)) => {
                return Err(RunError::Telegram(describe(&e)));
            }
            Err(e) => {
                tracing::warn!(error = %describe(&e), wait_s = wait.as_secs(), "cannot reach Telegram");
            }
        }
        tokio::select! {
            () = &mut shutdown => return Ok(None),
            () = tokio::time::sleep(wait) => {}
        }
        wait = (wait * 2).min(std::time::Duration::from_secs(60));
    }
}
