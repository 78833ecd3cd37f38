//! When a bot's process is asked to stop.

use std::future::Future;
use std::pin::Pin;

/// The future whose end asks a platform to stop. Boxed: a platform's whole run is then compiled
/// once, in its own crate, rather than again in every binary that starts it with its own kind of
/// future (which made a change to one game recompile every adapter's code in `gm-bot`).
pub type Stop = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// Resolves on Ctrl-C, or on SIGTERM where there is one (a service manager stopping the bot).
pub async fn signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
    tracing::info!("shutting down");
}
