//! Webhook mode: teloxide's axum listener (it calls `setWebhook` with the secret token and refuses
//! posts without it), feeding the same handler tree as polling. Telegram resends an update until
//! the listener accepted it; the session's message ids make a resent one harmless.

use std::future::Future;
use std::sync::Arc;

use bot_core::session::SessionError;

use teloxide::dispatching::Dispatcher;
use teloxide::dptree;
use teloxide::error_handlers::LoggingErrorHandler;
use teloxide::update_listeners::webhooks;

use crate::RunError;
use crate::config::Config;
use crate::handler::{Bridge, schema};

/// Serves the webhook until `shutdown` resolves.
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
    let url = url::Url::parse(url).map_err(|_| RunError::Invalid("webhook_url"))?;
    let mut options = webhooks::Options::new(listen, url);
    if let Some(secret) = &config.webhook_secret {
        options = options.secret_token(secret.expose().to_string());
    }
    let listener = webhooks::axum(bridge.bot.clone(), options)
        .await
        .map_err(|e| RunError::Telegram(crate::courier::describe(&e)))?;
    let mut dispatcher = Dispatcher::builder(bridge.bot.clone(), schema())
        .dependencies(dptree::deps![bridge])
        // One queue for all chats: a player's private message and the group's next order touch
        // the same game, and the session takes them one at a time anyway.
        .distribution_function(|_| Some(()))
        // Logged through tracing like the rest of the bot (teloxide's default handler uses `log`).
        .error_handler(Arc::new(|e: SessionError| async move {
            tracing::error!(error = %e, "an update failed");
        }))
        .build();
    let stop = dispatcher.shutdown_token();
    tokio::spawn(async move {
        shutdown.await;
        // A dispatcher not yet running refuses to stop ("idle"): ask again until it is, briefly.
        for _ in 0..100 {
            if let Ok(done) = stop.shutdown() {
                done.await;
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    });
    dispatcher
        .dispatch_with_listener(
            listener,
            LoggingErrorHandler::with_custom_text("the webhook listener failed"),
        )
        .await;
    Ok(())
}
