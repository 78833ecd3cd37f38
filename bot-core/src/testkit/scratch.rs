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
