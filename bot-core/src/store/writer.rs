//! Group commit: one task applies the commits of all callers, several to a transaction when they
//! arrive together.
//!
//! A transaction's fixed cost (taking the lock, writing the log's commit frame) is most of a small
//! commit's cost, so sixteen games committing at once share one transaction instead of queueing for
//! sixteen. A lone commit is applied at once, with no waiting for company. The commits of a batch
//! keep their order, so two commits of one game in one batch see each other.
//!
//! The task owns its connection outright rather than borrowing one from a pool: every statement sent
//! to SQLite's thread is a round trip between threads, and a pooled connection adds one (a ping) each
//! time it goes back to the pool. The transaction is opened by the first commit's script and closed
//! by one `COMMIT`, so a lone commit costs two round trips.

use sqlx::SqliteConnection;
use tokio::sync::{mpsc, oneshot};

use super::commit::{self, Begin, Commit, CommitResult};
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

/// What the writer is asked to do.
pub(crate) enum Job {
    /// Apply a commit.
    Commit(Request),
    /// Close the connection and stop, once the commits before are applied; answers when done.
    Close(oneshot::Sender<()>),
}

/// Starts the writer task on the current runtime; it ends when every sender is dropped, closing its
/// connection.
pub(crate) fn start(conn: SqliteConnection) -> mpsc::Sender<Job> {
    let (tx, rx) = mpsc::channel(QUEUE);
    tokio::spawn(run(conn, rx));
    tx
}

/// Hands a commit to the writer and waits for its outcome. Once handed in, it is applied even if the
/// caller stops waiting.
pub(crate) async fn submit(
    queue: &mpsc::Sender<Job>,
    commit: Commit,
) -> Result<CommitResult, StoreError> {
    let (reply, outcome) = oneshot::channel();
    queue
        .send(Job::Commit(Request { commit, reply }))
        .await
        .map_err(|_| StoreError::Interrupted)?;
    outcome.await.map_err(|_| StoreError::Interrupted)?
}

/// Closes the writer's connection after the commits handed in before; later commits fail with
/// `Interrupted`.
pub(crate) async fn close(queue: &mpsc::Sender<Job>) {
    let (done, closed) = oneshot::channel();
    if queue.send(Job::Close(done)).await.is_ok() {
        let _ = closed.await;
    }
}

async fn run(mut conn: SqliteConnection, mut queue: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    let mut batch = Vec::with_capacity(MAX_BATCH);
    let mut close = None;
    while close.is_none() && queue.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        for job in jobs.drain(..) {
            match job {
                Job::Commit(r) if close.is_none() => batch.push(r),
                // Dropped unanswered: its caller learns it was interrupted.
                Job::Commit(_) => {}
                Job::Close(done) => close = Some(done),
            }
        }
        // One commit refused (a redelivery, a stale version) spoils a shared transaction; then each
        // is applied alone below, so that only that one fails.
        if batch.len() > 1 {
            let commits: Vec<&Commit> = batch.iter().map(|r| &r.commit).collect();
            if let Ok(results) = transaction(&mut conn, &commits).await {
                for (request, result) in batch.drain(..).zip(results) {
                    // A caller who stopped waiting misses only the answer.
                    let _ = request.reply.send(Ok(result));
                }
                continue;
            }
        }
        for request in batch.drain(..) {
            let result = transaction(&mut conn, &[&request.commit]).await;
            let _ = request.reply.send(result.map(|mut r| r.remove(0)));
        }
    }
    queue.close();
    let _ = sqlx::Connection::close(conn).await;
    if let Some(done) = close {
        let _ = done.send(());
    }
}

/// Applies the commits in one transaction, or none of them.
///
/// The transaction is `BEGIN IMMEDIATE`: it takes the write lock at once, so that it never has to
/// upgrade a read lock while another process's writer waits (SQLite would fail it without waiting).
async fn transaction(
    conn: &mut SqliteConnection,
    commits: &[&Commit],
) -> Result<Vec<CommitResult>, StoreError> {
    let mut results = Vec::with_capacity(commits.len());
    let mut begin = Begin::Here;
    for c in commits {
        match commit::apply(conn, c, begin).await {
            Ok(r) => results.push(r),
            Err(e) => return Err(rollback(conn, e).await),
        }
        begin = Begin::Open;
    }
    match sqlx::query("COMMIT").execute(&mut *conn).await {
        Ok(_) => Ok(results),
        Err(e) => Err(rollback(conn, e.into()).await),
    }
}

/// Undoes a failed transaction and hands back why it failed. SQLite has already rolled back after
/// some errors (a full disk, a lock lost) and refuses a second rollback; either way no transaction
/// is left open.
async fn rollback(conn: &mut SqliteConnection, why: StoreError) -> StoreError {
    match sqlx::query("ROLLBACK").execute(&mut *conn).await {
        Err(e) if !e.to_string().contains("no transaction is active") => e.into(),
        _ => why,
    }
}
