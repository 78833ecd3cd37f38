//! Why a storage operation failed. No message here ever contains a game state or a message payload:
//! they hold players' secrets, and errors end up in logs.

use std::path::PathBuf;

use crate::i18n::{Lang, Localize, Messages};

use super::types::{GameId, OutboxId, Platform};

/// Why a storage operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database file could not be opened or created.
    #[error("cannot open the database {path}: {source}")]
    Open {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        source: sqlx::Error,
    },
    /// The schema could not be brought up to date (a newer or edited migration, or a broken file).
    #[error("cannot bring the database schema up to date: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The inbound update was already processed; nothing was written.
    #[error("{platform} update {key} was already processed")]
    Duplicate {
        /// Its platform.
        platform: Platform,
        /// Its key.
        key: String,
    },
    /// The game was written by someone else since it was read; nothing was written. Reload the game
    /// and handle the input again.
    #[error(
        "game {game} changed meanwhile (expected version {expected}, found {found}); reload it"
    )]
    Conflict {
        /// The game.
        game: GameId,
        /// The version the writer had read.
        expected: i64,
        /// The version stored now.
        found: i64,
    },
    /// The tournament was written by someone else since it was read; nothing was written. Read it
    /// again and redo the work.
    #[error("tournament {0} changed meanwhile; read it again")]
    TournamentMoved(i64),
    /// The game is not (or no longer) a running game set aside; nothing was written.
    #[error("game {0} is not set aside")]
    NotHeld(GameId),
    /// The database file was removed or replaced under the running process: nothing is written
    /// any more, since it would land in a file that is gone.
    #[error(
        "the database file {0} was removed or replaced while the bot ran; stop the bot, put the file back (or point it at the new one) and start it again"
    )]
    FileLost(PathBuf),
    /// A chat already has an open tournament; nothing was written.
    #[error("the chat already has an open tournament; finish or cancel it first")]
    TournamentBusy,
    /// No game has that id.
    #[error("there is no game {0}")]
    GameNotFound(GameId),
    /// No outgoing message has that id (it may have been pruned).
    #[error("there is no outgoing message {0}")]
    OutgoingNotFound(OutboxId),
    /// The chat already has a running game; nothing was written.
    #[error("game {running} is still running in {platform} chat {chat}; finish or abort it first")]
    ChatBusy {
        /// The chat's platform.
        platform: Platform,
        /// The chat.
        chat: String,
        /// The game running there.
        running: GameId,
    },
    /// The commit makes no sense as given (a bug in the caller); nothing was written.
    #[error("invalid commit: {0}")]
    InvalidCommit(&'static str),
    /// A stored value the store cannot read, e.g. a status written by a newer version.
    #[error("the database holds an unreadable value in {0}")]
    Corrupt(&'static str),
    /// A document given to import is not a game export this version reads.
    #[error("not a game export this version reads: {0}")]
    BadExport(String),
    /// A commit's guard failed on PostgreSQL: the rows it was based on changed. Explained
    /// (`Conflict`, `NotHeld`, …) before it leaves the store, as far as the reason can be found.
    #[error("the commit was refused: what it was based on changed meanwhile")]
    Refused,
    /// A copy's target already holds rows (of the table named): copies go into empty databases only.
    #[error(
        "the target database is not empty (its table {0} has rows): copy into a new, empty database"
    )]
    NotEmpty(String),
    /// A write's task ended without finishing: the runtime is shutting down, or a bug panicked.
    #[error("the write was interrupted before it finished")]
    Interrupted,
    /// Any other database failure, e.g. the file is locked by another process for too long.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl StoreError {
    /// Whether SQLite refused because another connection held the lock for longer than the busy
    /// timeout; trying again later may succeed.
    pub fn is_busy(&self) -> bool {
        let e = match self {
            StoreError::Open { source, .. } => source,
            StoreError::Database(e) => e,
            StoreError::Migrate(sqlx::migrate::MigrateError::Execute(e)) => e,
            StoreError::Migrate(sqlx::migrate::MigrateError::ExecuteMigration(e, _)) => e,
            _ => return false,
        };
        is_busy(e)
    }
}

/// Whether a database error is SQLite's BUSY or LOCKED (extended codes keep the primary code in the
/// low byte).
pub(crate) fn is_busy(e: &sqlx::Error) -> bool {
    let sqlx::Error::Database(db) = e else {
        return false;
    };
    let code = db.code().and_then(|c| c.parse::<i32>().ok()).unwrap_or(0);
    matches!(code & 0xff, 5 | 6)
}

/// Whether a database error is a unique-key violation.
pub(crate) fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation())
}

impl Localize for StoreError {
    fn localize(&self, lang: Lang) -> String {
        let id = match self {
            StoreError::ChatBusy { .. } => "store-chat-busy",
            StoreError::Conflict { .. } | StoreError::TournamentMoved(_) => "store-conflict",
            StoreError::Duplicate { .. } => "store-duplicate",
            StoreError::GameNotFound(_) => "store-no-game",
            StoreError::BadExport(_) => "store-bad-export",
            _ => "store-unavailable",
        };
        Messages::get(lang).text(id, &[])
    }
}
