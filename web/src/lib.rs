//! The web chat: the game master in a browser, with no platform token.
//!
//! A third platform beside Telegram and Discord, and as thin an adapter: rooms (group chats) and
//! each person's private chat with the master, in a page served from the binary. A page chooses a
//! name ([`auth`]), writes and presses buttons ([`api`]), and sees what the master says as it is
//! said, by server-sent events ([`live`]); every message shown is kept ([`history`]), so a reloaded
//! page shows the chat and a restart loses nothing. The session's outbox reaches the chat through
//! the shared relay with the web [`courier`].

pub mod admins;
pub mod api;
pub mod assets;
pub mod auth;
pub mod config;
pub mod courier;
pub mod flood;
pub mod history;
pub mod live;
pub mod presence;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use bot_core::i18n::Lang;
use bot_core::relay::Relay;
use bot_core::session::Session;
use tokio::net::TcpListener;
use tokio::sync::watch;

pub use config::{Config, Enabled};

use api::App;
use courier::WebCourier;
use history::History;
use live::Hub;

/// Why the web chat could not run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The address cannot be listened on (taken, or not this machine's).
    #[error("cannot listen on {0}: {1} (set another address in [web] listen or GM_WEB_LISTEN)")]
    Listen(SocketAddr, String),
    /// The database did not open for the chat's records.
    #[error("the web chat cannot open the database: {0}")]
    Database(String),
}

/// Listens on the configured address and serves until `shutdown` resolves. `database` is the
/// file the session's store has opened (and migrated).
pub async fn run(
    config: Config,
    session: Session,
    database: &Path,
    lang: Lang,
    shutdown: bot_core::shutdown::Stop,
) -> Result<(), RunError> {
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(|e| RunError::Listen(config.listen, e.to_string()))?;
    serve(listener, session, database, lang, shutdown).await
}

/// Serves the web chat on a bound listener until `shutdown` resolves: the pages, and the relay
/// that shows the master's messages and fires the deadlines.
pub async fn serve(
    listener: TcpListener,
    session: Session,
    database: &Path,
    lang: Lang,
    shutdown: bot_core::shutdown::Stop,
) -> Result<(), RunError> {
    let history = History::open(database)
        .await
        .map_err(|e| RunError::Database(e.to_string()))?;
    // Names chosen before look-alikes were told apart get the keys that tell them apart now.
    history
        .rekey_names(auth::name_key)
        .await
        .map_err(|e| RunError::Database(e.to_string()))?;
    let hub = Hub::default();
    let relay = Relay::new(
        session.clone(),
        WebCourier::new(history.clone(), hub.clone()),
    );
    let (stop_tx, stop_rx) = watch::channel(false);
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop_tx.send(true);
    });
    let app = Arc::new(App::new(
        session,
        history.clone(),
        hub,
        relay.waker(),
        lang,
        stop_rx.clone(),
    ));
    let relay_task = tokio::spawn(relay.run(stopped(stop_rx.clone())));
    if let Ok(addr) = listener.local_addr() {
        tracing::info!("the web chat is at http://{addr}/");
    }
    let routes = api::router(app).into_make_service_with_connect_info::<SocketAddr>();
    let served = axum::serve(listener, routes)
        .with_graceful_shutdown(stopped(stop_rx))
        .await;
    let _ = relay_task.await;
    history.close().await;
    if let Err(e) = served {
        tracing::error!(error = %e, "the web chat's server failed");
    }
    Ok(())
}

/// Resolves once the stop is signalled.
async fn stopped(mut rx: watch::Receiver<bool>) {
    while !*rx.borrow() {
        if rx.changed().await.is_err() {
            return;
        }
    }
}
