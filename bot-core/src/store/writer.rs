//! Group commit: the commits of all callers are applied by whoever holds the writer's connection,
//! several to a transaction when they arrive together.
//!
//! A transaction's fixed cost (taking the lock, writing the log's commit frame) is most of a small
//! commit's cost, so sixteen games committing at once share one transaction instead of queueing for
//! sixteen. A lone commit is applied at once, with no waiting for company. The commits of a batch
//! keep their order, so two commits of one game in one batch see each other.
//!
//! Every hand-off between threads costs a wake-up, and on a busy machine a wait for a core, so the
//! commit path has as few as SQLite's own thread allows:
//! * The caller that finds the connection free applies the queue itself (it "leads"); the callers
//!   that queued meanwhile find their answers ready. No writer task sits in between.
//! * The connection is the writer's own rather than a pool's: a pooled connection pings SQLite's
//!   thread each time it goes back to the pool.
//! * A transaction of commits that create no game is one script from `BEGIN` to `COMMIT`: one round
//!   trip to SQLite's thread, whether it holds one commit or a hundred.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex as SyncMutex, MutexGuard};
use std::task::{Context, Poll};

use sqlx::{QueryBuilder, Sqlite, SqliteConnection};
use tokio::sync::{Mutex, OwnedMutexGuard, oneshot};

use super::commit::{self, Commit, CommitResult};
use super::engine::Conn;
use super::error::StoreError;
use super::script::Script;

/// The most commits one transaction takes.
const MAX_BATCH: usize = 128;

/// Commits handed to the writer, to land together or not at all, with where to send their outcome.
struct Request {
    commits: Vec<Commit>,
    reply: oneshot::Sender<Result<Vec<CommitResult>, StoreError>>,
}

/// The single writer of a store's process. Cheap to clone: the clones share the connection.
#[derive(Clone)]
pub(crate) struct Writer {
    shared: Arc<Shared>,
}

struct Shared {
    /// Commits handed in and not yet taken by a leader.
    queue: SyncMutex<Vec<Request>>,
    /// The connection, `None` once closed. Whoever holds it applies the queue.
    conn: Arc<Mutex<Option<SqliteConnection>>>,
}

impl std::fmt::Debug for Writer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Writer").finish_non_exhaustive()
    }
}

impl Writer {
    /// A writer over its own connection.
    pub fn new(conn: SqliteConnection) -> Writer {
        Writer {
            shared: Arc::new(Shared {
                queue: SyncMutex::new(Vec::new()),
                conn: Arc::new(Mutex::new(Some(conn))),
            }),
        }
    }

    /// Applies commits (with the others queued at the time) in one transaction, all or none, and
    /// returns their outcomes: an input that changes several games (a player's setting written
    /// into each of his games) lands whole. Once called, the commits are applied even if the
    /// caller stops waiting: the work goes on in a task of its own.
    ///
    /// A caller waits for the connection only as long as its commits are not done: when whoever
    /// holds the connection applies them meanwhile, the caller goes on at once. Were every caller
    /// to take the connection in turn before going on, each would be held up by the queue behind
    /// it, and the callers would go through one by one, sharing no transaction.
    pub async fn submit_all(&self, commits: Vec<Commit>) -> Result<Vec<CommitResult>, StoreError> {
        let (reply, mut outcome) = oneshot::channel();
        self.shared.queue().push(Request { commits, reply });
        let queued = Queued(Some(self.shared.clone()));
        let conn = tokio::select! {
            biased;
            done = &mut outcome => {
                queued.disarm();
                return done.map_err(|_| StoreError::Interrupted)?;
            }
            conn = self.shared.conn.clone().lock_owned() => conn,
        };
        queued.disarm();
        // Whoever holds the connection applies everything queued, this commit included.
        Detachable(Some(Box::pin(drain(self.shared.clone(), conn)))).await;
        outcome.await.map_err(|_| StoreError::Interrupted)?
    }

    /// Closes the connection after the commits handed in before; later commits fail with
    /// `Interrupted`.
    pub async fn close(&self) {
        lead(self.shared.clone()).await;
        let conn = self.shared.conn.lock().await.take();
        if let Some(conn) = conn {
            let _ = sqlx::Connection::close(conn).await;
        }
    }
}

impl Shared {
    fn queue(&self) -> MutexGuard<'_, Vec<Request>> {
        // Every change to the queue is one push or one drain: a panic cannot leave it half-changed.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The connection, held.
type Held = OwnedMutexGuard<Option<SqliteConnection>>;

/// Takes the connection and applies the queue until it is empty.
async fn lead(shared: Arc<Shared>) {
    let conn = shared.conn.clone().lock_owned().await;
    drain(shared, conn).await;
}

/// With the connection held, applies the queue until it is empty.
async fn drain(shared: Arc<Shared>, mut conn: Held) {
    loop {
        let batch: Vec<Request> = {
            let mut queue = shared.queue();
            let n = queue.len().min(MAX_BATCH);
            queue.drain(..n).collect()
        };
        if batch.is_empty() {
            return;
        }
        match conn.as_mut() {
            Some(conn) => apply(conn, batch).await,
            // Closed: the requests are dropped unanswered, and their callers learn it.
            None => drop(batch),
        }
    }
}

/// Applies a batch and answers each caller.
async fn apply(conn: &mut SqliteConnection, mut batch: Vec<Request>) {
    // One commit refused (a redelivery, a stale version) spoils a shared transaction; then each is
    // applied alone below, so that only that one fails.
    if batch.len() > 1 {
        let commits: Vec<&Commit> = batch.iter().flat_map(|r| &r.commits).collect();
        if let Ok(mut results) = transaction(conn, &commits).await {
            for request in batch.drain(..) {
                let rest = results.split_off(request.commits.len().min(results.len()));
                // A caller who stopped waiting misses only the answer.
                let _ = request
                    .reply
                    .send(Ok(std::mem::replace(&mut results, rest)));
            }
            return;
        }
    }
    for request in batch {
        let commits: Vec<&Commit> = request.commits.iter().collect();
        let result = transaction(conn, &commits).await;
        let _ = request.reply.send(result);
    }
}

/// A commit queued by a caller still waiting for the connection. Should the caller give up before
/// taking it, someone must still apply the queue: a task of its own takes the connection then.
struct Queued(Option<Arc<Shared>>);

impl Queued {
    /// The commit is done, or its caller leads: nothing is left to whoever else.
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for Queued {
    fn drop(&mut self) {
        if let (Some(shared), Ok(runtime)) = (self.0.take(), tokio::runtime::Handle::try_current())
        {
            runtime.spawn(lead(shared));
        }
    }
}

/// A future that runs to its end even if whoever awaits it gives up: then the rest of it goes on in
/// a task of its own (if a runtime is still there; without one, the connection goes down with
/// the process and SQLite drops the open transaction whole).
struct Detachable(Option<Pin<Box<dyn Future<Output = ()> + Send>>>);

impl Future for Detachable {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let Some(work) = self.0.as_mut() else {
            return Poll::Ready(());
        };
        if work.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        self.0 = None;
        Poll::Ready(())
    }
}

impl Drop for Detachable {
    fn drop(&mut self) {
        if let (Some(work), Ok(runtime)) = (self.0.take(), tokio::runtime::Handle::try_current()) {
            runtime.spawn(work);
        }
    }
}

/// Applies the commits in one transaction, or none of them. Refused with the store's reason (see
/// [`commit::explain`]).
///
/// The transaction is `BEGIN IMMEDIATE`: it takes the write lock at once, so that it never has to
/// upgrade a read lock while another process's writer waits (SQLite would fail it without waiting).
async fn transaction(
    conn: &mut SqliteConnection,
    commits: &[&Commit],
) -> Result<Vec<CommitResult>, StoreError> {
    let outcome = if commits.iter().any(|c| commit::creates_game(c)) {
        step_by_step(conn, commits).await
    } else {
        one_script(conn, commits).await
    };
    match outcome {
        Ok(results) => Ok(results),
        Err(e) => {
            let e = rollback(conn, e).await;
            Err(commit::explain(&mut Conn::from(conn), commits, e).await)
        }
    }
}

/// The whole transaction as one script, from `BEGIN` to `COMMIT`: one round trip to SQLite's
/// thread however many commits it holds. A refusal fails the script before its `COMMIT`.
async fn one_script(
    conn: &mut SqliteConnection,
    commits: &[&Commit],
) -> Result<Vec<CommitResult>, StoreError> {
    let mut script = QueryBuilder::<Sqlite>::new("BEGIN IMMEDIATE;");
    for c in commits {
        let mut statements = Script::new();
        commit::push_script(&mut statements, c);
        statements.render_sqlite(&mut script);
    }
    script.push("COMMIT;");
    let rows = script.build().fetch_all(&mut *conn).await?;
    commit::read_script(commits, &rows)
}

/// A transaction in several round trips, for commits that create games: each new game's id is
/// needed by the statements after it.
async fn step_by_step(
    conn: &mut SqliteConnection,
    commits: &[&Commit],
) -> Result<Vec<CommitResult>, StoreError> {
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let mut results = Vec::with_capacity(commits.len());
    for c in commits {
        results.push(commit::apply(&mut Conn::from(&mut *conn), c).await?);
    }
    sqlx::query("COMMIT").execute(&mut *conn).await?;
    Ok(results)
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

#[cfg(test)]
mod tests {
    use std::future::{Future, poll_fn};
    use std::pin::pin;
    use std::task::Poll;
    use std::time::Duration;

    use super::*;
    use crate::store::Engine;
    use crate::store::Store;
    use crate::testkit::TempDb;

    #[tokio::test]
    async fn a_commit_given_up_while_waiting_for_the_connection_still_lands() {
        let db = TempDb::new("writer-queued");
        let store = Store::open(&db).await.unwrap();
        let Engine::Lite(lite) = &store.engine else {
            unreachable!("a SQLite file")
        };
        let writer = lite.commits.clone();
        // Someone holds the connection; the caller queues his commit and gives up waiting.
        let held = writer.shared.conn.clone().lock_owned().await;
        let commit = Commit {
            meta: vec![("queued".into(), "landed".into())],
            ..Commit::default()
        };
        {
            let mut submit = pin!(writer.submit_all(vec![commit]));
            let first = poll_fn(|cx| Poll::Ready(submit.as_mut().poll(cx))).await;
            assert!(first.is_pending(), "the connection is taken");
        }
        drop(held);
        let mut waited = 0;
        while store.meta("queued").await.unwrap().as_deref() != Some("landed") {
            waited += 1;
            assert!(waited < 1000, "the given-up commit never landed");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        store.close().await;
    }
}
