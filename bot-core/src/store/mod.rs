//! Durable storage of the session engine: games, players, the order log, the outbox, processed
//! inbound updates, timers and metadata, in one SQLite file (through `sqlx`).
//!
//! The engine's contract with the store:
//! * Everything one accepted input changes is written by one [`Store::commit`]: the inbound key, the
//!   new game state, the orders, the outgoing messages, the timers. It lands whole or not at all, so
//!   after a crash the game, its log and what it still has to say agree.
//! * A redelivered inbound update is refused with [`StoreError::Duplicate`] and writes nothing.
//! * A game carries a version; a write names the version it read and is refused with
//!   [`StoreError::Conflict`] if another writer (another task, or the other bot's process on the same
//!   file) got there first.
//! * Messages leave through the outbox: [`Store::sendable_outbox`] hands out, per target, only the
//!   oldest unsent message, and [`Store::mark_sent`] retires it once the platform accepted it. Each
//!   message thus arrives in order per chat, and once — unless the process dies between the platform's
//!   acceptance and `mark_sent`, when it is sent again after the restart (at least once). One sender
//!   per platform must drain the outbox; the store does not lease messages to competing senders.
//! * Pictures are kept once each, by their hash ([`Blob`]); what the guarantees above no longer
//!   need is deleted by [`Store::prune`] on a schedule, and the file shrinks ([`Store::shrink`]).
//! * The store never reads the clock: every time is passed in ([`UnixMs`]).
//!
//! The SQL sticks to what PostgreSQL also understands (`$1` parameters, `ON CONFLICT`, `RETURNING`)
//! where that costs nothing; only the schema's key columns are SQLite's own.

mod commit;
mod convert;
mod error;
mod export;
mod files;
mod guard;
mod held;
mod outbox;
mod read;
mod rekey;
mod timers;
mod tournament;
mod types;
mod upkeep;
mod writer;

use std::path::{Path, PathBuf};
use std::time::Duration;

use sqlx::ConnectOptions;
use sqlx::migrate::{MigrateError, Migrator};
use sqlx::sqlite::{
    SqliteAutoVacuum, SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};

pub use commit::{
    Commit, CommitResult, GameUpdate, GameWrite, NewGame, NewOrder, NewOutgoing, NewTimer, Slot,
    TimerChanges,
};
pub use error::StoreError;
pub use export::{ExportedGame, ExportedTimer, GameExport};
pub use files::{Blob, hash_of};
pub use held::{HeldInput, Hold, NewHeldInput};
pub use read::{ConnectionSettings, Settings};
pub use rekey::{ChatMove, Moved};
pub use timers::TimerKey;
pub use tournament::{RatingRecord, RatingWrite, TournamentId, TournamentRecord, TournamentWrite};
pub use types::{
    GameId, GameRecord, GameStatus, InboundKey, OrderRecord, OutboxId, Outgoing, Platform, Player,
    Target, TargetKind, Timer, UnixMs, UnknownName,
};
pub use upkeep::{DbStats, Pruned, Retention};

/// The schema, compiled in from the workspace's `migrations/`.
static MIGRATOR: Migrator = sqlx::migrate!("../migrations");

/// How hard a commit insists on reaching the disk.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// `synchronous=NORMAL`: a commit is written to the write-ahead log but not flushed to the disk
    /// by itself; the log is flushed at checkpoints. A crash of the process loses nothing; a power
    /// failure or kernel crash may lose the last commits (never corrupting the file, and never
    /// splitting a commit). The bot's inputs are chat messages a player can repeat and the lost
    /// messages were not yet sent either (the outbox is in the same commits), so this is the default:
    /// it makes a commit cost microseconds instead of a disk flush.
    #[default]
    Normal,
    /// `synchronous=FULL`: every commit is flushed to the disk before it returns, surviving power
    /// failures too, at the price of one flush (milliseconds on many disks) per commit.
    Full,
}

/// How to open the store.
#[derive(Clone, Debug)]
pub struct StoreOptions {
    /// Flush policy of commits.
    pub durability: Durability,
    /// How long a write waits for another process's transaction before failing: the Telegram and the
    /// Discord bot may share one file.
    pub busy_timeout: Duration,
    /// Connections for reads, which run beside the single writer thanks to the write-ahead log.
    pub readers: u32,
}

impl Default for StoreOptions {
    fn default() -> StoreOptions {
        StoreOptions {
            durability: Durability::Normal,
            busy_timeout: Duration::from_secs(5),
            readers: 4,
        }
    }
}

/// The session engine's storage: one SQLite file, shareable between processes. Cheap to clone: the
/// clones share the connections.
#[derive(Clone, Debug)]
pub struct Store {
    /// One connection for the writes other than commits (marking messages sent, imports): they
    /// queue here. The commits' writer has a connection of its own; the two meet at SQLite's write
    /// lock, waiting for each other within the busy timeout.
    writer: SqlitePool,
    /// Connections for reads.
    reader: SqlitePool,
    /// The commits' writer, which groups them into transactions on a connection of its own.
    commits: writer::Writer,
    /// The watch over the database file: no write lands once it is removed or replaced.
    guard: std::sync::Arc<guard::Guard>,
}

/// How often `open` retries when another process is creating or migrating the same file.
const OPEN_ATTEMPTS: u32 = 6;

impl Store {
    /// Opens the store at `path` with the default options, creating the file and bringing its schema
    /// up to date.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_with(path, &StoreOptions::default()).await
    }

    /// Opens the store at `path`: write-ahead log, foreign keys on, the chosen durability, a busy
    /// timeout; creates the file if needed and applies the migrations.
    pub async fn open_with(path: &Path, options: &StoreOptions) -> Result<Store, StoreError> {
        let mut attempt = 1;
        loop {
            match Store::try_open(path, options).await {
                Err(e) if e.is_busy() && attempt < OPEN_ATTEMPTS => {}
                // Two processes migrating a new file at once: the loser fails on a table the winner
                // just created, and finds the schema current on the next try.
                Err(StoreError::Migrate(
                    MigrateError::Execute(_) | MigrateError::ExecuteMigration(..),
                )) if attempt < OPEN_ATTEMPTS => {}
                done => return done,
            }
            tokio::time::sleep(Duration::from_millis(25 << attempt)).await;
            attempt += 1;
        }
    }

    async fn try_open(path: &Path, options: &StoreOptions) -> Result<Store, StoreError> {
        let connect = connect_options(path, options);
        let open_error = |source| StoreError::Open {
            path: PathBuf::from(path),
            source,
        };
        // Migrations rebuild tables as SQLite prescribes, which needs foreign keys off (dropping a
        // parent table would cascade otherwise); each migration checks the references itself.
        // (A pool of one rather than a bare connection: `Acquire` on `&mut SqliteConnection`
        // would make this future unusable across threads.)
        let migrating = pool_options(1)
            .connect_with(connect.clone().foreign_keys(false))
            .await
            .map_err(open_error)?;
        MIGRATOR.run(&migrating).await?;
        convert::convert(&migrating).await?;
        migrating.close().await;
        let writer = pool_options(1)
            .min_connections(1)
            .connect_with(connect.clone())
            .await
            .map_err(open_error)?;
        let committer = connect.connect().await.map_err(open_error)?;
        let reader = pool_options(options.readers.max(1))
            .connect_with(connect)
            .await
            .map_err(open_error)?;
        let commits = writer::Writer::new(committer);
        Ok(Store {
            writer,
            reader,
            commits,
            guard: guard::Guard::watch(path),
        })
    }

    /// Applies everything of one handled input atomically. Refused, with nothing written, with
    /// `Duplicate` if the inbound key was processed before, `Conflict` if the game moved past the
    /// version read, `ChatBusy` if a new running game meets another in its chat.
    ///
    /// Commits arriving together from several tasks share a transaction (group commit); each still
    /// succeeds or fails on its own. Once called, the commit runs to its end even if the caller stops
    /// waiting for it: the rest of the work then goes on in a task of its own.
    pub async fn commit(&self, c: Commit) -> Result<CommitResult, StoreError> {
        self.guard.check()?;
        c.check(false)?;
        self.commits.submit(c).await
    }

    /// Applies several commits in one transaction, all of them or none, each refused as
    /// [`Store::commit`] refuses one: what one input changes in several games lands whole.
    pub async fn commit_all(&self, commits: Vec<Commit>) -> Result<Vec<CommitResult>, StoreError> {
        self.guard.check()?;
        for c in &commits {
            c.check(false)?;
        }
        self.commits.submit_all(commits).await
    }

    /// [`Store::commit_all`] of game states that `serde_json` wrote: the states are not parsed
    /// again to check that they are JSON.
    pub(crate) async fn commit_all_serialized(
        &self,
        commits: Vec<Commit>,
    ) -> Result<Vec<CommitResult>, StoreError> {
        self.guard.check()?;
        for c in &commits {
            c.check(true)?;
        }
        self.commits.submit_all(commits).await
    }

    /// Runs a write on a task of its own, so that a caller who stops waiting (a timeout, an aborted
    /// task) cannot cut it off halfway: it lands or fails whole, and the single writer connection is
    /// never handed back in the middle of a statement or transaction.
    async fn detached<T, F>(&self, work: impl FnOnce(Store) -> F) -> Result<T, StoreError>
    where
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
        T: Send + 'static,
    {
        self.guard.check()?;
        tokio::spawn(work(self.clone()))
            .await
            .map_err(|_| StoreError::Interrupted)?
    }

    /// Closes the connections, checkpointing the write-ahead log into the file if this was the last
    /// process using it.
    pub async fn close(self) {
        self.commits.close().await;
        self.reader.close().await;
        self.writer.close().await;
    }
}

fn connect_options(path: &Path, options: &StoreOptions) -> SqliteConnectOptions {
    let synchronous = match options.durability {
        Durability::Normal => SqliteSynchronous::Normal,
        Durability::Full => SqliteSynchronous::Full,
    };
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        // A new file starts in incremental auto-vacuum, so that pruning can give space back
        // (an older file is moved into it once, when it opens: see `convert`).
        .auto_vacuum(SqliteAutoVacuum::Incremental)
        // The write-ahead log is cut back to this after a checkpoint rather than kept at its
        // largest size.
        .pragma("journal_size_limit", "8388608")
        .foreign_keys(true)
        .synchronous(synchronous)
        .busy_timeout(options.busy_timeout)
}

/// Deletes a database file with its write-ahead log and shared-memory index, as far as they exist:
/// for a temporary database once its store is closed (deleting the file alone would leave the
/// log, whose frames a new file of the same name would then read as its own).
pub fn remove_database(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut file = path.as_os_str().to_owned();
        file.push(suffix);
        let _ = std::fs::remove_file(file);
    }
}

/// Long-lived connections: opening one costs far more than any query, and a local file needs no
/// liveness check before use.
fn pool_options(connections: u32) -> SqlitePoolOptions {
    SqlitePoolOptions::new()
        .max_connections(connections)
        .idle_timeout(None)
        .max_lifetime(None)
        .test_before_acquire(false)
}
