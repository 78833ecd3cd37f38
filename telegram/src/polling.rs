//! Long polling with the update offset kept in the store: a restart neither loses nor repeats an
//! update. Updates are handed to their chats' lanes as they come (see [`handler`](crate::handler)),
//! so a slow or failing chat holds back only its own; the offset stays at the oldest update not
//! yet done, and moves on as they finish. If the process dies in between, the updates from the
//! offset on come again and the session recognises each one it already handled by its message id.
//!
//! An update that fails (the database refuses even to keep it aside, Telegram does not answer
//! what it needs) is handed in again when it comes back with a later poll, after a growing pause;
//! the others go on meanwhile. Only an update that can never be handled is skipped, and said so in
//! the log.

use std::collections::BTreeMap;
use std::future::Future;
use std::time::Duration;

use bot_core::relay::now_ms;
use bot_core::store::{Commit, Store, StoreError, UnixMs};
use teloxide::RequestError;
use teloxide::payloads::{DeleteWebhookSetters, GetUpdatesSetters};
use teloxide::prelude::*;
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::api::describe;
use crate::handler::{Bridge, handle, schema};
use crate::update::UpdateError;

/// The store's meta key of the next update id to ask for.
pub const OFFSET_KEY: &str = "telegram-update-offset";
/// The longest wait between failed polls.
const MAX_BACKOFF: Duration = Duration::from_secs(30);
/// The first wait before an update that failed is handed in again; it doubles up to
/// [`MAX_BACKOFF`]. Short, since a busy database usually frees within moments.
const FIRST_RETRY: Duration = Duration::from_millis(100);
/// How long polling waits for an update in hand to finish before it asks Telegram again, when
/// the last poll brought nothing new: Telegram answers at once while the offset holds updates
/// back, and asking again at once would only spin.
const WAIT_FOR_LANES: Duration = Duration::from_millis(200);

/// The updates in hand: handed in and not yet done, or failed and waiting to be handed in again.
#[derive(Default)]
struct InHand {
    /// Handed in, not done: with the pause to wait should it fail.
    running: BTreeMap<i32, Duration>,
    /// Failed: when each may be handed in again, and the pause after its next failure.
    failed: BTreeMap<i32, (Instant, Duration)>,
    /// The first id never handed in.
    next: i32,
}

impl InHand {
    /// The offset to confirm: the oldest update not done.
    fn offset(&self) -> i32 {
        let oldest = [self.running.keys().next(), self.failed.keys().next()];
        oldest
            .into_iter()
            .flatten()
            .copied()
            .min()
            .unwrap_or(self.next)
    }

    /// Whether an update that came with a poll is to be handed in now: a new one, or a failed
    /// one whose pause is over; never one still in hand.
    fn take(&mut self, id: i32, now: Instant) -> bool {
        if self.running.contains_key(&id) {
            return false;
        }
        let pause = match self.failed.get(&id) {
            Some((at, _)) if *at > now => return false,
            Some((_, pause)) => *pause,
            // Done already.
            None if id < self.next => return false,
            None => FIRST_RETRY,
        };
        self.failed.remove(&id);
        self.next = self.next.max(id + 1);
        self.running.insert(id, pause);
        true
    }

    /// An update finished, well or not.
    fn settle(&mut self, id: i32, result: Result<(), UpdateError>) {
        let pause = self.running.remove(&id).unwrap_or(FIRST_RETRY);
        match result {
            Ok(()) => {}
            Err(e) if e.is_permanent() => {
                tracing::error!(error = %e, update = id, "an update that can never be handled; skipped");
            }
            Err(e) => {
                let wait = e.retry_after().unwrap_or(pause);
                tracing::error!(error = %e, update = id, wait_s = wait.as_secs_f32(), "update failed; it will be handled again");
                let next = (pause * 2).min(MAX_BACKOFF);
                self.failed.insert(id, (Instant::now() + wait, next));
            }
        }
    }
}

/// Polls until `shutdown` resolves, handing each update to its chat's lane as it comes.
pub async fn run(bridge: Bridge, timeout_secs: u32, shutdown: impl Future<Output = ()> + Send) {
    tokio::pin!(shutdown);
    let store = bridge.session.store().clone();
    let mut saved = match load_offset(&store).await {
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
    let mut hand = InHand {
        next: saved,
        ..InHand::default()
    };
    let mut lanes: JoinSet<(i32, Result<(), UpdateError>)> = JoinSet::new();
    loop {
        while let Some(done) = lanes.try_join_next() {
            if let Ok((id, result)) = done {
                hand.settle(id, result);
            }
        }
        let offset = hand.offset();
        if offset != saved {
            match save_offset(&store, offset).await {
                Ok(()) => saved = offset,
                // The next update still goes by the offset in memory; after a restart, one handled
                // but not saved comes again and the session recognises it.
                Err(e) => tracing::error!(error = %e, "cannot save the update offset"),
            }
        }
        let idle = hand.running.is_empty() && hand.failed.is_empty();
        let poll = bridge
            .bot
            .get_updates()
            .offset(offset)
            .timeout(if idle { timeout_secs.min(15) } else { 0 })
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
        let now = Instant::now();
        let mut fresh = false;
        for update in updates {
            let id = update.id.0 as i32;
            if !hand.take(id, now) {
                continue;
            }
            fresh = true;
            match handle(&handler, &bridge, update).await {
                Ok(pending) => {
                    lanes.spawn(async move { (id, pending.finish().await) });
                }
                Err(e) => hand.settle(id, Err(e)),
            }
        }
        if !fresh && !idle {
            tokio::select! {
                () = &mut shutdown => return,
                Some(Ok((id, result))) = lanes.join_next() => hand.settle(id, result),
                () = tokio::time::sleep(WAIT_FOR_LANES) => {}
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

#[cfg(test)]
mod tests {
    use super::*;

    fn hand_from(next: i32) -> InHand {
        InHand {
            next,
            ..InHand::default()
        }
    }

    #[test]
    fn the_offset_stays_at_the_oldest_update_not_done() {
        let mut hand = hand_from(10);
        let now = Instant::now();
        assert!(hand.take(10, now));
        assert!(hand.take(11, now));
        assert!(hand.take(12, now));
        assert_eq!(hand.offset(), 10);
        // A later update done first confirms nothing yet: 10 could still be lost.
        hand.settle(12, Ok(()));
        assert_eq!(hand.offset(), 10);
        hand.settle(10, Ok(()));
        assert_eq!(hand.offset(), 11);
        hand.settle(11, Ok(()));
        assert_eq!(hand.offset(), 13, "all done: the next never handed in");
    }

    #[test]
    fn an_update_in_hand_or_done_is_not_handed_in_twice() {
        let mut hand = hand_from(1);
        let now = Instant::now();
        assert!(hand.take(1, now));
        assert!(hand.take(2, now));
        // Telegram sends both again while 1 is still running: neither goes in twice.
        assert!(!hand.take(1, now));
        assert!(!hand.take(2, now));
        hand.settle(2, Ok(()));
        // 2 is done, yet Telegram repeats it as long as 1 holds the offset.
        assert!(!hand.take(2, now));
        assert_eq!(hand.offset(), 1);
    }

    #[test]
    fn a_failed_update_waits_its_pause_holds_the_offset_and_pauses_longer_each_time() {
        let mut hand = hand_from(5);
        assert!(hand.take(5, Instant::now()));
        assert!(hand.take(6, Instant::now()));
        hand.settle(5, Err(UpdateError::Telegram("down".into())));
        hand.settle(6, Ok(()));
        assert_eq!(hand.offset(), 5, "a failed update is not confirmed");
        assert!(!hand.take(5, Instant::now()), "not before its pause");
        let (at, next_pause) = hand.failed[&5];
        assert_eq!(next_pause, FIRST_RETRY * 2);
        assert!(hand.take(5, at), "again once its pause is over");
        hand.settle(5, Err(UpdateError::Telegram("down".into())));
        assert_eq!(hand.failed[&5].1, FIRST_RETRY * 4);
        let (at, _) = hand.failed[&5];
        assert!(hand.take(5, at));
        hand.settle(5, Ok(()));
        assert_eq!(hand.offset(), 7);
        assert!(hand.failed.is_empty());
    }

    #[test]
    fn telegrams_wait_is_kept_and_the_pause_is_bounded() {
        let mut hand = hand_from(1);
        let before = Instant::now();
        assert!(hand.take(1, before));
        hand.settle(1, Err(UpdateError::RetryAfter(Duration::from_secs(7))));
        let (at, _) = hand.failed[&1];
        assert!(at >= before + Duration::from_secs(7));
        for _ in 0..20 {
            let (at, _) = hand.failed[&1];
            assert!(hand.take(1, at));
            hand.settle(1, Err(UpdateError::Telegram("down".into())));
        }
        assert_eq!(hand.failed[&1].1, MAX_BACKOFF);
    }

    #[test]
    fn an_update_that_can_never_be_handled_is_skipped() {
        let mut hand = hand_from(3);
        assert!(hand.take(3, Instant::now()));
        hand.settle(
            3,
            Err(UpdateError::Session(
                bot_core::session::SessionError::Corrupt(
                    serde_json::from_str::<u8>("broken").unwrap_err(),
                ),
            )),
        );
        assert_eq!(hand.offset(), 4);
        assert!(!hand.take(3, Instant::now()));
    }
}
