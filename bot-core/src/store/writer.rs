//! Group commit: one task applies the commits of all callers, several to a transaction when they
//! arrive together.
//!
//! A transaction's fixed cost (taking the lock, writing the log's commit frame) is most of a small
//! commit's cost, so sixteen games committing at once share one transaction instead of queueing for
//! sixteen. A lone commit is applied at once, with no waiting for company. The commits of a batch
//! keep their order, so two commits of one game in one batch see each other.

use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot};

use super::commit::{self, Commit, CommitResult};
use super::error::StoreError;

/// The most commits one transaction takes.
const MAX_BATCH: usize = 128;
/// How many commits may wait for the writer before callers wait to hand theirs in.
const QUEUE: usize = 4096;

/// A commit handed to the writer, with where to send its outcome.
pub(crate) struct Request {
    commit: Commit,
    reply: oneshot::Sender<Result<CommitResult, StoreError>>,
}

/// Starts the writer task on the current runtime; it ends when every sender is dropped.
pub(crate) fn start(pool: SqlitePool) -> mpsc::Sender<Request> {
    let (tx, rx) = mpsc::channel(QUEUE);
    tokio::spawn(run(pool, rx));
    tx
}

/// Hands a commit to the writer and waits for its outcome. Once handed in, it is applied even if the
/// caller stops waiting.
pub(crate) async fn submit(
    queue: &mpsc::Sender<Request>,
    commit: Commit,
) -> Result<CommitResult, StoreError> {
    let (reply, outcome) = oneshot::channel();
    queue
        .send(Request { commit, reply })
        .await
        .map_err(|_| StoreError::Interrupted)?;
    outcome.await.map_err(|_| StoreError::Interrupted)?
}

async fn run(pool: SqlitePool, mut queue: mpsc::Receiver<Request>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        // One commit refused (a redelivery, a stale version) spoils a shared transaction; then each
        // is applied alone below, so that only that one fails.
        if batch.len() > 1 {
            if let Ok(results) = together(&pool, &batch).await {
                for (request, result) in batch.drain(..).zip(results) {
                    // A caller who stopped waiting misses only the answer.
                    let _ = request.reply.send(Ok(result));
                }
                continue;
            }
        }
        for request in batch.drain(..) {
            let result = alone(&pool, &request.commit).await;
            let _ = request.reply.send(result);
        }
    }
}

/// Applies the commits in one transaction, or none of them.
async fn together(pool: &SqlitePool, batch: &[Request]) -> Result<Vec<CommitResult>, StoreError> {
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    let mut results = Vec::with_capacity(batch.len());
    for request in batch {
        results.push(commit::apply(&mut tx, &request.commit).await?);
    }
    tx.commit().await?;
    Ok(results)
}

/// Applies one commit in its own transaction.
async fn alone(pool: &SqlitePool, c: &Commit) -> Result<CommitResult, StoreError> {
    // IMMEDIATE takes the write lock at once, so that a transaction never has to upgrade a read lock
    // while another process's writer waits (SQLite would fail it without waiting).
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    let result = commit::apply(&mut tx, c).await?;
    tx.commit().await?;
    Ok(result)
}
