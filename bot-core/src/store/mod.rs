//! Durable storage of the session engine: games, players, the order log, the outbox, processed
//! inbound updates, timers and metadata, in one SQLite file or in a PostgreSQL database (through
//! `sqlx`): [`Store::connect`] takes `sqlite://FILE` or `postgres://…`.
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
//! Both engines give the same guarantees through the same SQL, written once (see `engine`); the
//! schemas differ in key columns and storage clauses only (`migrations/sqlite`,
//! `migrations/postgres`).

mod commit;
mod convert;
mod copy;
mod engine;
mod error;
mod export;
mod files;
mod guard;
mod held;
mod outbox;
mod packed;
mod postgres;
mod read;
mod rekey;
mod script;
mod timers;
mod tournament;
mod types;
mod upkeep;
mod writer;

use std::path::{Path, PathBuf};
use std::time::Duration;

use sqlx::ConnectOptions;
use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{
    SqliteAutoVacuum, SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous,
};

pub use commit::{
    Commit, CommitResult, GameUpdate, GameWrite, NewGame, NewOrder, NewOutgoing, NewTimer, Slot,
    TimerChanges,
};
pub use copy::Copied;
pub use error::StoreError;
pub use export::{ExportedGame, ExportedTimer, GameExport};
pub use files::{Blob, hash_of};
pub use held::{HeldInput, Hold, NewHeldInput};
pub use read::{ConnectionSettings, Settings};
pub use rekey::{ChatMove, Moved};
pub use timers::TimerKey;
pub use tournament::{RatingRecord, RatingWrite, TournamentId, TournamentRecord, TournamentWrite};
pub use types::{
    GameBrief, GameId, GameRecord, GameStatus, InboundKey, OrderRecord, OutboxId, Outgoing,
    Platform, Player, Target, TargetKind, Timer, UnixMs, UnknownName,
};
pub use upkeep::{DbStats, Pruned, Retention};

/// The SQLite schema, compiled in from the workspace's `migrations/sqlite/`.
static MIGRATOR: Migrator = sqlx::migrate!("../migrations/sqlite");

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
    /// How long a message taken to send, or a due timer taken to fire, belongs to this process on
    /// PostgreSQL before another may take it over (this one having died with it): longer than a
    /// delivery with its retries takes, short enough that a dead process's chats wait little.
    pub lease: Duration,
}

impl Default for StoreOptions {
    fn default() -> StoreOptions {
        StoreOptions {
            durability: Durability::Normal,
            busy_timeout: Duration::from_secs(5),
            readers: 4,
            lease: Duration::from_secs(60),
        }
    }
}

/// The session engine's storage: one SQLite file, or one PostgreSQL database, shareable between
/// processes. Cheap to clone: the clones share the connections.
#[derive(Clone, Debug)]
pub struct Store {
    engine: Engine,
    /// This process's name on the leases it takes (see [`Store::owner`]).
    owner: std::sync::Arc<str>,
    /// How long a lease lasts, in milliseconds.
    lease_ms: i64,
}

/// The connections of one engine.
#[derive(Clone, Debug)]
pub(crate) enum Engine {
    /// A SQLite file.
    Lite(Lite),
    /// A PostgreSQL database.
    Pg(Pg),
}

/// A SQLite file's connections.
#[derive(Clone, Debug)]
pub(crate) struct Lite {
    /// One connection for the writes other than commits (marking messages sent, imports): they
    /// queue here. The commits' writer has a connection of its own; the two meet at SQLite's write
    /// lock, waiting for each other within the busy timeout.
    pub writer: sqlx::SqlitePool,
    /// Connections for reads.
    pub reader: sqlx::SqlitePool,
    /// The commits' writer, which groups them into transactions on a connection of its own.
    pub commits: writer::Writer,
    /// The watch over the database file: no write lands once it is removed or replaced.
    pub guard: std::sync::Arc<guard::Guard>,
}

/// A PostgreSQL database's connections: one pool for everything, since the server runs
/// transactions side by side.
#[derive(Clone, Debug)]
pub(crate) struct Pg {
    pub pool: sqlx::PgPool,
}

/// Where a store's data lives: what `database.url` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file (`sqlite://FILE`, or a bare path).
    Sqlite(PathBuf),
    /// A PostgreSQL database (`postgres://USER@HOST:PORT/NAME`).
    Postgres(String),
}

impl Location {
    /// Reads a database URL: `sqlite://FILE` (`sqlite:FILE` too), `postgres://…` or
    /// `postgresql://…`; anything else is taken for the path of a SQLite file.
    pub fn parse(url: &str) -> Location {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Location::Postgres(url.to_owned());
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        Location::Sqlite(PathBuf::from(path))
    }

    /// The location for logs and messages: a PostgreSQL URL without its password.
    pub fn shown(&self) -> String {
        match self {
            Location::Sqlite(path) => path.display().to_string(),
            Location::Postgres(url) => redact(url),
        }
    }
}

/// A URL with the password of its user, if any, replaced by `***`.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((user, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match user.split_once(':') {
        Some((name, _)) => format!("{scheme}://{name}:***@{host}"),
        None => url.to_owned(),
    }
}

/// How often `open` retries when another process is creating or migrating the same file.
const OPEN_ATTEMPTS: u32 = 6;

impl Store {
    /// Opens the store a database URL names (see [`Location::parse`]), with the default options.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        Store::connect_with(&Location::parse(url), &StoreOptions::default()).await
    }

    /// Opens the store at a location, bringing its schema up to date.
    pub async fn connect_with(
        location: &Location,
        options: &StoreOptions,
    ) -> Result<Store, StoreError> {
        match location {
            Location::Sqlite(path) => Store::open_with(path, options).await,
            Location::Postgres(url) => Store::open_postgres(url, options).await,
        }
    }

    /// Opens the store in a PostgreSQL database and applies the migrations (the server makes
    /// concurrent migrations of several processes wait for each other).
    async fn open_postgres(url: &str, options: &StoreOptions) -> Result<Store, StoreError> {
        let open_error = |source| StoreError::Open {
            path: PathBuf::from(redact(url)),
            source,
        };
        let connect: PgConnectOptions = url.parse().map_err(open_error)?;
        // A statement waiting for another process's lock gives up as SQLite's busy timeout does.
        let timeout = options.busy_timeout.as_millis().to_string();
        let connect = connect.options([("lock_timeout", timeout.as_str())]);
        let pool = PgPoolOptions::new()
            .max_connections(options.readers.max(1) + 2)
            .connect_with(connect)
            .await
            .map_err(open_error)?;
        migrate_postgres(&pool).await?;
        Ok(Store::with_engine(Engine::Pg(Pg { pool }), options))
    }

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
        Ok(Store::with_engine(
            Engine::Lite(Lite {
                writer,
                reader,
                commits,
                guard: guard::Guard::watch(path),
            }),
            options,
        ))
    }

    /// Applies everything of one handled input atomically. Refused, with nothing written, with
    /// `Duplicate` if the inbound key was processed before, `Conflict` if the game moved past the
    /// version read, `ChatBusy` if a new running game meets another in its chat.
    ///
    /// Commits arriving together from several tasks share a transaction (group commit); each still
    /// succeeds or fails on its own. Once called, the commit runs to its end even if the caller stops
    /// waiting for it: the rest of the work then goes on in a task of its own.
    pub async fn commit(&self, c: Commit) -> Result<CommitResult, StoreError> {
        c.check(false)?;
        let mut results = self.submit(vec![c]).await?;
        results
            .pop()
            .ok_or(StoreError::Corrupt("a commit's returned rows"))
    }

    /// Applies several commits in one transaction, all of them or none, each refused as
    /// [`Store::commit`] refuses one: what one input changes in several games lands whole.
    pub async fn commit_all(&self, commits: Vec<Commit>) -> Result<Vec<CommitResult>, StoreError> {
        for c in &commits {
            c.check(false)?;
        }
        self.submit(commits).await
    }

    /// [`Store::commit_all`] of game states that `serde_json` wrote: the states are not parsed
    /// again to check that they are JSON.
    pub(crate) async fn commit_all_serialized(
        &self,
        commits: Vec<Commit>,
    ) -> Result<Vec<CommitResult>, StoreError> {
        for c in &commits {
            c.check(true)?;
        }
        self.submit(commits).await
    }

    /// Applies checked commits in one transaction, the engine's way.
    async fn submit(&self, commits: Vec<Commit>) -> Result<Vec<CommitResult>, StoreError> {
        match &self.engine {
            Engine::Lite(lite) => {
                lite.guard.check()?;
                lite.commits.submit_all(commits).await
            }
            Engine::Pg(pg) => postgres::submit(&pg.pool, commits).await,
        }
    }

    /// Runs a write on a task of its own, so that a caller who stops waiting (a timeout, an aborted
    /// task) cannot cut it off halfway: it lands or fails whole, and the single writer connection is
    /// never handed back in the middle of a statement or transaction.
    async fn detached<T, F>(&self, work: impl FnOnce(Store) -> F) -> Result<T, StoreError>
    where
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
        T: Send + 'static,
    {
        if let Engine::Lite(lite) = &self.engine {
            lite.guard.check()?;
        }
        tokio::spawn(work(self.clone()))
            .await
            .map_err(|_| StoreError::Interrupted)?
    }

    /// Closes the connections, checkpointing the write-ahead log into the file if this was the last
    /// process using it.
    pub async fn close(self) {
        match self.engine {
            Engine::Lite(lite) => {
                lite.commits.close().await;
                lite.reader.close().await;
                lite.writer.close().await;
            }
            Engine::Pg(pg) => {
                // What this process took and did not finish is free for the others at once.
                let _ = sqlx::query(
                    "UPDATE outbox SET leased_until = NULL
                     WHERE leased_by = $1 AND sent_at IS NULL AND dropped_at IS NULL",
                )
                .bind(self.owner.as_ref())
                .execute(&pg.pool)
                .await;
                let _ = sqlx::query("UPDATE timers SET claimed_until = NULL WHERE claimed_by = $1")
                    .bind(self.owner.as_ref())
                    .execute(&pg.pool)
                    .await;
                pg.pool.close().await
            }
        }
    }

    /// A store over an engine's connections, with a name of its own for its leases.
    fn with_engine(engine: Engine, options: &StoreOptions) -> Store {
        Store {
            engine,
            owner: owner_name().into(),
            lease_ms: i64::try_from(options.lease.as_millis()).unwrap_or(i64::MAX),
        }
    }

    /// This process's name on the messages and timers it leases: its host, its process id and a
    /// number of its own, so that two stores never share one.
    pub fn owner(&self) -> &str {
        &self.owner
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

/// Brings a PostgreSQL schema up to date. Processes starting together take turns by a row lock
/// (`gm_schema_lock`), not by the advisory lock sqlx would take: PostgreSQL-compatible distributed
/// databases lack advisory locks. The first to lock the row migrates; the others wait for it and
/// find the schema current.
async fn migrate_postgres(pool: &sqlx::PgPool) -> Result<(), StoreError> {
    let mut attempt = 1;
    loop {
        match try_migrate_postgres(pool).await {
            // Two processes creating the lock's table at once: the loser finds it on a retry.
            Err(StoreError::Database(e)) if error::is_unique_violation(&e) && attempt < 3 => {
                attempt += 1;
            }
            done => return done,
        }
    }
}

async fn try_migrate_postgres(pool: &sqlx::PgPool) -> Result<(), StoreError> {
    let mut held = pool.begin().await?;
    sqlx::query("CREATE TABLE IF NOT EXISTS gm_schema_lock (id BIGINT PRIMARY KEY)")
        .execute(&mut *held)
        .await?;
    sqlx::query("INSERT INTO gm_schema_lock (id) VALUES (1) ON CONFLICT DO NOTHING")
        .execute(&mut *held)
        .await?;
    sqlx::query("SELECT id FROM gm_schema_lock WHERE id = 1 FOR UPDATE")
        .execute(&mut *held)
        .await?;
    // The PostgreSQL schema, compiled in from the workspace's `migrations/postgres/`.
    let mut migrator = sqlx::migrate!("../migrations/postgres");
    migrator.set_locking(false);
    migrator.run(pool).await?;
    held.commit().await?;
    Ok(())
}

/// A name no other store has: the host, the process, and the time of opening to the nanosecond
/// with a counter (two stores of one process opened in one instant differ by it).
fn owner_name() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static OPENED: AtomicU64 = AtomicU64::new(0);
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "host".to_owned());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let n = OPENED.fetch_add(1, Ordering::Relaxed);
    format!("{host}:{}:{nanos:x}:{n}", std::process::id())
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
