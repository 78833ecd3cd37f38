//! Long polling with the update offset kept in the store: a restart neither loses nor repeats an
//! update. The offset advances past an update only once the session has handled it (durably);
//! if the process dies in between, the update comes again and the session recognises its message id.
//!
//! An update that fails is handled again, after a growing pause, for as long as it takes (a locked
//! or full disk, Telegram not answering `getChatMember`): it may be a player's move, and the ones
//! after it wait behind it so that the game sees them in order. Only an update that can never be
//! handled (a stored game that does not read back) is skipped, and said so in the log.

use std::future::Future;
use std::time::Duration;

use bot_core::relay::now_ms;
use bot_core::store::{Commit, Store, StoreError, UnixMs};
use teloxide::RequestError;
use teloxide::payloads::{DeleteWebhookSetters, GetUpdatesSetters};
use teloxide::prelude::*;

use crate::api::describe;
use crate::handler::{Bridge, handle, schema};

/// The store's meta key of the next update id to ask for.
pub const OFFSET_KEY: &str = "telegram-update-offset";
/// The longest wait between failed polls.
const MAX_BACKOFF: Duration = Duration::from_secs(30);
/// The first wait before an update that failed is handled again; it doubles up to
/// [`MAX_BACKOFF`]. Short, since a busy database usually frees within moments.
const FIRST_RETRY: Duration = Duration::from_millis(100);

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
    // A bot that once ran as a webhook gets nothing but 409 from getUpdates until the webhook is
    // gone. Its pending updates stay with Telegram and come by getUpdates instead.
    remove_webhook(&bridge).await;
    let handler = schema();
    let mut backoff = Duration::from_secs(1);
    let mut retry = FIRST_RETRY;
    loop {
        let poll = bridge
            .bot
            .get_updates()
            .offset(offset)
            .timeout(timeout_secs.min(15))
            .allowed_updates(crate::ALLOWED_UPDATES.to_vec());
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
                tracing::warn!(error = %describe(&e), wait_s = wait.as_secs_f32(), "getUpdates failed");
                if is_webhook_conflict(&e) {
                    remove_webhook(&bridge).await;
                }
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
                Ok(()) => retry = FIRST_RETRY,
                Err(e) if e.is_permanent() => {
                    tracing::error!(error = %e, update = id, "an update that can never be handled; skipped");
                }
                Err(e) => {
                    let wait = e.retry_after().unwrap_or(retry);
                    retry = (retry * 2).min(MAX_BACKOFF);
                    tracing::error!(error = %e, update = id, wait_s = wait.as_secs_f32(), "update failed; it will be handled again");
                    // The same update comes back with the next poll, the ones after it behind it.
                    if sleep_or_stop(wait, &mut shutdown).await {
                        return;
                    }
                    break;
                }
            }
            offset = id + 1;
            if let Err(e) = save_offset(&store, offset).await {
                // The next update still goes by the offset in memory; after a restart, one handled
                // but not saved comes again and the session recognises it.
                tracing::error!(error = %e, "cannot save the update offset");
            }
        }
    }
}

/// Removes the webhook, keeping the updates Telegram holds. A failure is logged: getUpdates then
/// says whether it matters, and this is tried again.
async fn remove_webhook(bridge: &Bridge) {
    if let Err(e) = bridge
        .bot
        .delete_webhook()
        .drop_pending_updates(false)
        .await
    {
        tracing::warn!(error = %describe(&e), "deleteWebhook failed");
    }
}

/// Whether getUpdates was refused because a webhook is set.
fn is_webhook_conflict(e: &RequestError) -> bool {
    match e {
        RequestError::Api(teloxide::ApiError::CantGetUpdates) => true,
        RequestError::Api(teloxide::ApiError::Unknown(d)) => d.contains("webhook is active"),
        _ => false,
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
