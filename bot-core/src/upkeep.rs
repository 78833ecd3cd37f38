//! The running bot's housekeeping: at start and then every [`EVERY`], the store deletes what its
//! guarantees no longer need ([`Store::prune`], with the windows of [`Retention`]) and gives the
//! freed space back to the disk ([`Store::shrink`]). `gm db prune` does the same at once.

use std::future::Future;
use std::time::Duration;

use crate::relay::now_ms;
use crate::store::{Retention, Store, StoreError, UnixMs};

/// How often the store is pruned while the bot runs.
pub const EVERY: Duration = Duration::from_secs(600);

/// What one round of housekeeping did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tidied {
    /// What was deleted.
    pub pruned: crate::store::Pruned,
    /// Bytes given back to the disk.
    pub freed: u64,
}

/// Prunes the store as of `now` and shrinks its file.
pub async fn tidy(store: &Store, now: UnixMs, keep: &Retention) -> Result<Tidied, StoreError> {
    let pruned = store.prune(now, keep).await?;
    let freed = store.shrink().await?;
    Ok(Tidied { pruned, freed })
}

/// Tidies the store every [`EVERY`] until `shutdown` resolves. A failure is logged and tried
/// again next time: housekeeping never stops the bot.
pub async fn run(store: Store, keep: Retention, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    loop {
        match tidy(&store, UnixMs(now_ms()), &keep).await {
            Ok(t) if t.pruned.any() || t.freed > 0 => tracing::info!(
                messages = t.pruned.messages,
                inbound = t.pruned.inbound,
                web_messages = t.pruned.web_messages,
                files = t.pruned.files,
                freed_bytes = t.freed,
                "the database was pruned"
            ),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "pruning the database failed; tried again later"),
        }
        tokio::select! {
            () = &mut shutdown => return,
            () = tokio::time::sleep(EVERY) => {}
        }
    }
}
