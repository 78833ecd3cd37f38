//! Scratch files for bot-core's tests and benches, each in a fresh directory under the temporary
//! directory. The directory goes with everything in it when its guard is dropped, and unwinding
//! drops it, so a failing test cleans up as a passing one does; a SQLite database leaves `-wal` and
//! `-shm` files beside it, and they go with the directory.
//!
//! Shared by the unit tests (`src/lib.rs`), the integration tests and the benches through `#[path]`.

#![allow(dead_code)]

use std::ops::Deref;
use std::path::{Path, PathBuf};

use tempfile::TempDir;

/// A fresh, empty directory under the temporary directory, removed with its content when dropped.
/// Its name starts `gm-{name}-`, so a directory left by a killed run says which test made it.
pub fn temp_dir(name: &str) -> TempDir {
    tempfile::Builder::new()
        .prefix(&format!("gm-{name}-"))
        .tempdir()
        .expect("a temporary directory")
}

/// A database path in a directory of its own; the directory goes, with the database and its WAL
/// files, when this is dropped. It derefs to the database's path.
pub struct TempDb {
    path: PathBuf,
    dir: TempDir,
}

impl TempDb {
    /// A path for a database not yet created, in a fresh directory named after `name`.
    pub fn new(name: &str) -> TempDb {
        let dir = temp_dir(name);
        TempDb {
            path: dir.path().join("gm.db"),
            dir,
        }
    }

    /// The database's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The directory the database is in, for files that go with it (an export, a second
    /// database).
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }
}

impl Deref for TempDb {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempDb {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

/// Damages the saved state of the running game of `chat` (a platform's chat id) in the database at
/// `db`, as a broken disk or an incompatible version would: it no longer reads.
pub async fn damage_running_game(db: &Path, chat: &str) {
    let pool =
        sqlx::SqlitePool::connect_with(sqlx::sqlite::SqliteConnectOptions::new().filename(db))
            .await
            .expect("a raw connection");
    let done = sqlx::query(
        "UPDATE games SET state = '{\"stage\": 5}' WHERE chat = $1
         AND status NOT IN ('finished', 'aborted')",
    )
    .bind(chat)
    .execute(&pool)
    .await
    .expect("the game is there");
    assert_eq!(done.rows_affected(), 1);
    pool.close().await;
}

/// The variable that names a PostgreSQL server for the tests: a URL whose user may create
/// databases (`postgres://gm@127.0.0.1:5432/postgres`). Each test makes a database of its own
/// there and drops it when done.
pub const POSTGRES_VAR: &str = "GM_TEST_POSTGRES";

/// Set to `1` (as `.ci/run` does) to make a missing PostgreSQL fail the tests rather than have
/// them run on SQLite alone.
pub const REQUIRE_POSTGRES_VAR: &str = "GM_REQUIRE_POSTGRES";

/// A scratch database of one engine, gone with everything in it when dropped.
pub enum ScratchDb {
    /// A SQLite file in a directory of its own.
    Sqlite(TempDb),
    /// A database of its own on the PostgreSQL server the tests were given.
    Postgres(PgScratch),
}

impl ScratchDb {
    /// The database's URL, as `database.url` takes it.
    pub fn url(&self) -> String {
        match self {
            ScratchDb::Sqlite(db) => format!("sqlite://{}", db.path().display()),
            ScratchDb::Postgres(db) => db.url.clone(),
        }
    }

    /// The engine's name, for assertion messages.
    pub fn engine(&self) -> &'static str {
        match self {
            ScratchDb::Sqlite(_) => "sqlite",
            ScratchDb::Postgres(_) => "postgres",
        }
    }

    /// Another fresh, empty database of the same engine.
    pub async fn sibling(&self, name: &str) -> ScratchDb {
        match self {
            ScratchDb::Sqlite(_) => ScratchDb::Sqlite(TempDb::new(name)),
            ScratchDb::Postgres(db) => ScratchDb::Postgres(PgScratch::new(&db.server, name).await),
        }
    }

    /// The processes holding a lease on a message not sent yet (leases are PostgreSQL's).
    pub async fn leaseholders(&self) -> Vec<String> {
        let Raw::Postgres(pool) = self.raw().await else {
            return vec![];
        };
        sqlx::query_scalar(
            "SELECT DISTINCT leased_by FROM outbox
             WHERE sent_at IS NULL AND dropped_at IS NULL AND leased_until IS NOT NULL",
        )
        .fetch_all(&pool)
        .await
        .expect("the leases")
    }

    /// A connection of the test's own, to look at the tables behind the store's back.
    pub async fn raw(&self) -> Raw {
        match self {
            ScratchDb::Sqlite(db) => Raw::Sqlite(
                sqlx::SqlitePool::connect_with(
                    sqlx::sqlite::SqliteConnectOptions::new().filename(db.path()),
                )
                .await
                .expect("a raw connection"),
            ),
            ScratchDb::Postgres(db) => Raw::Postgres(
                sqlx::PgPool::connect(&db.url)
                    .await
                    .expect("a raw connection"),
            ),
        }
    }
}

/// The scratch databases a store test runs on: a SQLite file always, and a PostgreSQL database
/// when [`POSTGRES_VAR`] names a server (said on the test's output when it does not).
pub async fn engines(name: &str) -> Vec<ScratchDb> {
    let mut dbs = vec![ScratchDb::Sqlite(TempDb::new(name))];
    dbs.extend(postgres(name).await);
    dbs
}

/// A scratch PostgreSQL database, when [`POSTGRES_VAR`] names a server (said on the test's output
/// when it does not, and a failure if [`REQUIRE_POSTGRES_VAR`] is `1`).
pub async fn postgres(name: &str) -> Option<ScratchDb> {
    match std::env::var(POSTGRES_VAR) {
        Ok(server) if !server.is_empty() => {
            Some(ScratchDb::Postgres(PgScratch::new(&server, name).await))
        }
        _ => {
            let required = std::env::var(REQUIRE_POSTGRES_VAR).is_ok_and(|v| v == "1");
            assert!(
                !required,
                "{REQUIRE_POSTGRES_VAR}=1 but {POSTGRES_VAR} names no PostgreSQL server"
            );
            skipped_postgres();
            None
        }
    }
}

/// Says once per test binary, past the test harness's capture (which would swallow it for a
/// passing test), that PostgreSQL was skipped.
fn skipped_postgres() {
    use std::io::Write;
    use std::sync::atomic::{AtomicBool, Ordering};
    static SAID: AtomicBool = AtomicBool::new(false);
    if !SAID.swap(true, Ordering::Relaxed) {
        let _ = writeln!(
            std::io::stderr(),
            "note: tests of the store ran on SQLite only; set {POSTGRES_VAR}=postgres://USER@HOST:PORT/postgres \
             (a user who may create databases) to run them on PostgreSQL too, as .ci/run does"
        );
    }
}

/// A database made for one test on a PostgreSQL server, dropped (whatever connections are left
/// on it) when this is dropped.
pub struct PgScratch {
    /// The server's URL, as given.
    server: String,
    /// The database's name.
    name: String,
    /// The database's URL.
    url: String,
}

impl PgScratch {
    /// A fresh database named after the test, the process and a counter.
    pub async fn new(server: &str, test: &str) -> PgScratch {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let tag: String = test
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .take(30)
            .collect();
        let name = format!(
            "gm_{tag}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let admin = sqlx::PgPool::connect(server)
            .await
            .unwrap_or_else(|e| panic!("the PostgreSQL server of {POSTGRES_VAR}: {e}"));
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&admin)
            .await
            .expect("a scratch database");
        admin.close().await;
        PgScratch {
            server: server.to_owned(),
            url: with_database(server, &name),
            name,
        }
    }
}

impl Drop for PgScratch {
    fn drop(&mut self) {
        let (server, name) = (self.server.clone(), self.name.clone());
        // Drop cannot wait for the runtime it may run on: a thread of its own drops the database.
        let done = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async {
                if let Ok(admin) = sqlx::PgPool::connect(&server).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&admin)
                        .await;
                    admin.close().await;
                }
            });
        });
        let _ = done.join();
    }
}

/// A server URL with another database name.
fn with_database(server: &str, name: &str) -> String {
    let (base, query) = match server.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (server, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[scheme_end..].find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    match query {
        Some(query) => format!("{base}/{name}?{query}"),
        None => format!("{base}/{name}"),
    }
}

/// A test's own connection to a scratch database.
pub enum Raw {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

impl Raw {
    /// The rows of a table.
    pub async fn count(&self, table: &str) -> i64 {
        self.int(&format!("SELECT COUNT(*) FROM {table}")).await
    }

    /// The one integer a query finds (a BIGINT on PostgreSQL: cast sums and lengths).
    pub async fn int(&self, sql: &str) -> i64 {
        match self {
            Raw::Sqlite(pool) => sqlx::query_scalar(sql).fetch_one(pool).await,
            Raw::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await,
        }
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
    }

    /// The integers of a query's rows.
    pub async fn ints(&self, sql: &str) -> Vec<i64> {
        match self {
            Raw::Sqlite(pool) => sqlx::query_scalar(sql).fetch_all(pool).await,
            Raw::Postgres(pool) => sqlx::query_scalar(sql).fetch_all(pool).await,
        }
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
    }

    /// A text column of the one row a query with one integer parameter finds, if any.
    pub async fn text(&self, sql: &str, id: i64) -> Option<String> {
        match self {
            Raw::Sqlite(pool) => sqlx::query_scalar(sql).bind(id).fetch_one(pool).await,
            Raw::Postgres(pool) => sqlx::query_scalar(sql).bind(id).fetch_one(pool).await,
        }
        .expect("a row")
    }
}
