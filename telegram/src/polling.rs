//! Long polling with the update offset kept in the store: a restart neither loses nor repeats an
//! update. The offset advances past an update only once the session has handled it (durably);
//! if the process dies in between, the update comes again and the session recognises its message id.

use std::future::Future;
use std::ops::ControlFlow;
use std::time::Duration;

use bot_core::relay::now_ms;
use bot_core::session::SessionError;
use bot_core::store::{Commit, Store, StoreError, UnixMs};
use teloxide::RequestError;
use teloxide::dptree;
use teloxide::payloads::GetUpdatesSetters;
use teloxide::prelude::*;
use teloxide::types::{AllowedUpdate, Update};

use crate::courier::describe;
use crate::handler::{Bridge, schema};

/// The store's meta key of the next update id to ask for.
pub const OFFSET_KEY: &str = "telegram-update-offset";
/// How many times one update may fail before it is skipped, so one bad update cannot stop the bot.
const MAX_ATTEMPTS: u32 = 5;
/// The longest wait between failed polls.
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// Polls until `shutdown` resolves, handling updates one at a time, in order.
pub async fn run(bridge: Bridge, timeout_secs: u32, shutdown: impl Future<Output = ()> + Send) {
    tokio::pin!(shutdown);
    let store = bridge.session.store().clone();
    let mut offset = match load_offset(&store).await {
        Ok(o) => o,
        Err(e) => {
            tracing::error!(error = %e, "cannot read the update offset; starting from Telegram's");
            0
        }
    };
    let handler = schema();
    let mut backoff = Duration::from_secs(1);
    let mut failing: Option<(i32, u32)> = None;
    loop {
        let poll = bridge
            .bot
            .get_updates()
            .offset(offset)
            .timeout(timeout_secs.min(15))
            .allowed_updates(vec![AllowedUpdate::Message, AllowedUpdate::CallbackQuery]);
        let result = tokio::select! {
            () = &mut shutdown => return,
            r = poll.send() => r,
        };
        let updates = match result {
            Ok(u) => u,
            Err(e) => {
                let wait = match &e {
                    RequestError::RetryAfter(s) => s.duration(),
                    _ => backoff,
                };
                tracing::warn!(error = %describe(&e), wait_s = wait.as_secs(), "getUpdates failed");
                backoff = (backoff * 2).min(MAX_BACKOFF);
                if sleep_or_stop(wait, &mut shutdown).await {
                    return;
                }
                continue;
            }
        };
        backoff = Duration::from_secs(1);
        for update in updates {
            let id = update.id.0 as i32;
            match handle(&handler, &bridge, update).await {
                Ok(()) => failing = None,
                Err(e) => {
                    let attempts = match failing {
                        Some((f, n)) if f == id => n + 1,
                        _ => 1,
                    };
                    failing = Some((id, attempts));
                    if attempts < MAX_ATTEMPTS {
                        tracing::error!(error = %e, update = id, attempts, "update failed; retrying");
                        break;
                    }
                    tracing::error!(error = %e, update = id, "update failed for good; skipped");
                }
            }
            offset = id + 1;
            if let Err(e) = save_offset(&store, offset).await {
                tracing::error!(error = %e, "cannot save the update offset");
            }
        }
        if failing.is_some() && sleep_or_stop(backoff, &mut shutdown).await {
            return;
        }
    }
}

async fn handle(
    handler: &teloxide::dispatching::UpdateHandler<SessionError>,
    bridge: &Bridge,
    update: Update,
) -> Result<(), SessionError> {
    match handler
        .dispatch(dptree::deps![update, bridge.clone()])
        .await
    {
        ControlFlow::Break(result) => result,
        ControlFlow::Continue(_) => Ok(()),
    }
}

/// Sleeps for `d`; true if shutdown came first.
async fn sleep_or_stop(
    d: Duration,
    shutdown: &mut std::pin::Pin<&mut impl Future<Output = ()>>,
) -> bool {
    tokio::select! {
        () = shutdown => true,
        () = tokio::time::sleep(d) => false,
    }
}

/// The saved offset, 0 (Telegram's oldest unconfirmed) at first.
pub async fn load_offset(store: &Store) -> Result<i32, StoreError> {
    Ok(store
        .meta(OFFSET_KEY)
        .await?
        .and_then(|s| s.parse().ok())
        .unwrap_or(0))
}

async fn save_offset(store: &Store, offset: i32) -> Result<(), StoreError> {
    let mut c = Commit::at(UnixMs(now_ms()));
    c.meta.push((OFFSET_KEY.to_string(), offset.to_string()));
    store.commit(c).await.map(drop)
}
