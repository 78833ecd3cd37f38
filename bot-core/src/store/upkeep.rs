//! Keeping the database small: what the store deletes once its guarantees no longer need it, how
//! the file gives the space back, and what an admin sees of it (`gm db stats`).
//!
//! What is kept, and for how long ([`Retention`]):
//! - **Unsent messages**: always, until sent or given up (at least once).
//! - **Sent and given-up messages**: [`Retention::sent`] after they went (an hour by default: a
//!   restart needs none of them, and the hour lets an admin look at what just went out), except the
//!   newest sent message of each slot of a game still running (a status card that later messages
//!   edit in place needs its platform id) and the newest message of all (ids are never reused).
//! - **Inbound keys** (updates already handled): [`Retention::inbound`], seven days by default.
//!   Telegram keeps an unconfirmed update for 24 hours and the bot confirms its offset as it goes;
//!   Discord's catch-up after downtime reads the history after the last message seen, and an
//!   interaction cannot be answered after 15 minutes. A week covers every redelivery with room.
//! - **The web chat's history**: [`Retention::web_history`], 30 days by default; a picture in it
//!   is kept as long as the message that shows it.
//! - **Files** (pictures): as long as a kept message or history entry refers to them.
//! - **Games**: always; a finished game keeps its final state, its order log, its players and its
//!   result (what its export, replay, tournament and ratings need), while its rendered messages go
//!   with the outbox's pruning.
//!
//! Deletions run in small batches, each a short transaction, so that pruning a large backlog never
//! holds the write lock long enough to delay a chat's move. The file is in incremental auto-vacuum
//! mode: [`Store::shrink`] hands the freed pages back to the disk, a step at a time.

use std::path::PathBuf;

use sqlx::Row;

use super::Store;
use super::engine::{on_reader, on_writer};
use super::error::StoreError;
use super::types::UnixMs;
use super::{Engine, Lite};

/// Rows deleted per transaction while pruning.
const BATCH: i64 = 500;
/// Pages handed back per transaction while shrinking (8 MB of 4 KB pages).
const SHRINK_STEP: i64 = 2048;

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

/// How long the store keeps what its guarantees no longer need (see the module's documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Retention {
    /// Milliseconds a sent or given-up message is kept after it went.
    pub sent: i64,
    /// Milliseconds an inbound key is kept after it was handled.
    pub inbound: i64,
    /// Milliseconds a message of the web chat's history is kept.
    pub web_history: i64,
}

impl Default for Retention {
    fn default() -> Retention {
        Retention {
            sent: HOUR,
            inbound: 7 * DAY,
            web_history: 30 * DAY,
        }
    }
}

/// What one pruning deleted.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    /// Sent or given-up outbox messages.
    pub messages: u64,
    /// Inbound keys.
    pub inbound: u64,
    /// Messages of the web chat's history.
    pub web_messages: u64,
    /// Files no kept message refers to any more.
    pub files: u64,
}

impl Pruned {
    /// Whether anything was deleted.
    pub fn any(&self) -> bool {
        *self != Pruned::default()
    }
}

/// The database at a glance, for `gm db stats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DbStats {
    /// The database file, if it is one.
    pub path: Option<PathBuf>,
    /// Bytes of the database proper (its pages).
    pub bytes: u64,
    /// Bytes of it that are free pages, waiting to be handed back.
    pub free_bytes: u64,
    /// Bytes of the write-ahead log beside it.
    pub wal_bytes: u64,
    /// Bytes each table and index takes, largest first (`dbstat`).
    pub tables: Vec<(String, u64)>,
    /// Games by status, as `(status, count)`.
    pub games: Vec<(String, u64)>,
    /// Games set aside (held).
    pub held_games: u64,
    /// Messages not yet sent.
    pub unsent: u64,
    /// When the oldest unsent message was made.
    pub oldest_unsent: Option<UnixMs>,
    /// Sent or given-up messages still kept.
    pub sent_kept: u64,
    /// Stored files (pictures).
    pub files: u64,
    /// Bytes of the stored files.
    pub file_bytes: u64,
    /// Inbound keys kept.
    pub inbound: u64,
    /// Messages of the web chat's history.
    pub web_messages: u64,
    /// Whether the file is in incremental auto-vacuum mode.
    pub incremental_vacuum: bool,
}

impl Store {
    /// Deletes what `keep` no longer asks to keep, as of `now` (see the module's documentation).
    pub async fn prune(&self, now: UnixMs, keep: &Retention) -> Result<Pruned, StoreError> {
        let keep = *keep;
        self.detached(move |store| async move {
            let mut pruned = Pruned {
                messages: store.prune_sent(UnixMs(now.0 - keep.sent)).await?,
                inbound: batched(&store, PRUNE_INBOUND, Some(now.0 - keep.inbound)).await?,
                web_messages: batched(&store, PRUNE_WEB, Some(now.0 - keep.web_history)).await?,
                files: 0,
            };
            pruned.files = batched(&store, PRUNE_FILES, None).await?;
            Ok(pruned)
        })
        .await
    }

    /// Deletes messages sent or given up before `before`, but the newest sent message of each slot
    /// of a running game and the newest message of all; returns how many.
    pub async fn prune_sent(&self, before: UnixMs) -> Result<u64, StoreError> {
        self.detached(move |store| async move { batched(&store, PRUNE_SENT, Some(before.0)).await })
            .await
    }

    /// Hands the file's free pages back to the disk, a step at a time, and truncates the
    /// write-ahead log; returns the bytes given back. Nothing to do on PostgreSQL, whose
    /// autovacuum reuses the space of deleted rows by itself.
    pub async fn shrink(&self) -> Result<u64, StoreError> {
        self.detached(move |store| async move {
            let Engine::Lite(lite) = &store.engine else {
                return Ok(0);
            };
            let writer = &lite.writer;
            let page: i64 = sqlx::query_scalar("PRAGMA page_size")
                .fetch_one(writer)
                .await?;
            let mut freed = 0;
            loop {
                let free: i64 = sqlx::query_scalar("PRAGMA freelist_count")
                    .fetch_one(writer)
                    .await?;
                if free == 0 {
                    break;
                }
                let step = free.min(SHRINK_STEP);
                sqlx::query(&format!("PRAGMA incremental_vacuum({step})"))
                    .execute(writer)
                    .await?;
                let left: i64 = sqlx::query_scalar("PRAGMA freelist_count")
                    .fetch_one(writer)
                    .await?;
                if left >= free {
                    // Not in incremental mode (the one-time vacuum into it failed): nothing to do.
                    break;
                }
                freed += (free - left) * page;
            }
            // A checkpoint that cannot finish (a reader in the way) is simply left for later.
            let _ = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(writer)
                .await;
            Ok(freed as u64)
        })
        .await
    }

    /// The database at a glance.
    pub async fn stats(&self) -> Result<DbStats, StoreError> {
        let mut stats = on_reader!(self, |pool| {
            let scalar = |sql: &'static str| async move {
                sqlx::query_scalar::<_, i64>(sql)
                    .fetch_one(pool)
                    .await
                    .map(|n| n.max(0) as u64)
            };
            let mut stats = DbStats {
                held_games: scalar("SELECT count(*) FROM games WHERE held_at IS NOT NULL").await?,
                unsent: scalar(
                    "SELECT count(*) FROM outbox WHERE sent_at IS NULL AND dropped_at IS NULL",
                )
                .await?,
                sent_kept: scalar(
                    "SELECT count(*) FROM outbox \
                     WHERE sent_at IS NOT NULL OR dropped_at IS NOT NULL",
                )
                .await?,
                files: scalar("SELECT count(*) FROM files").await?,
                file_bytes: scalar("SELECT CAST(coalesce(sum(size), 0) AS BIGINT) FROM files")
                    .await?,
                inbound: scalar("SELECT count(*) FROM inbound").await?,
                web_messages: scalar("SELECT count(*) FROM web_messages").await?,
                ..DbStats::default()
            };
            stats.oldest_unsent = sqlx::query_scalar::<_, Option<i64>>(
                "SELECT min(created_at) FROM outbox WHERE sent_at IS NULL AND dropped_at IS NULL",
            )
            .fetch_one(pool)
            .await?
            .map(UnixMs);
            stats.games =
                sqlx::query("SELECT status, count(*) FROM games GROUP BY status ORDER BY 1")
                    .fetch_all(pool)
                    .await?
                    .iter()
                    .map(|row| Ok((row.try_get(0)?, row.try_get::<i64, _>(1)?.max(0) as u64)))
                    .collect::<Result<_, sqlx::Error>>()?;
            stats
        });
        match &self.engine {
            Engine::Lite(lite) => lite_sizes(lite, &mut stats).await?,
            Engine::Pg(pg) => pg_sizes(&pg.pool, &mut stats).await?,
        }
        Ok(stats)
    }
}

/// The sizes of a SQLite file: its pages, its free pages, its write-ahead log, its tables.
async fn lite_sizes(lite: &Lite, stats: &mut DbStats) -> Result<(), StoreError> {
    let scalar = |sql: &'static str| async move {
        sqlx::query_scalar::<_, i64>(sql)
            .fetch_one(&lite.reader)
            .await
            .map(|n| n.max(0) as u64)
    };
    let page = scalar("PRAGMA page_size").await?;
    stats.path = Some(lite.guard.path().to_path_buf());
    stats.bytes = scalar("PRAGMA page_count").await? * page;
    stats.free_bytes = scalar("PRAGMA freelist_count").await? * page;
    stats.wal_bytes = wal_bytes(lite.guard.path());
    stats.incremental_vacuum = scalar("PRAGMA auto_vacuum").await? == 2;
    // `dbstat` is compiled into the bundled SQLite; without it the sizes are left out.
    if let Ok(rows) = sqlx::query(
        "SELECT name, sum(pgsize) FROM dbstat WHERE name NOT LIKE 'sqlite_%' \
         GROUP BY name ORDER BY 2 DESC, 1",
    )
    .fetch_all(&lite.reader)
    .await
    {
        stats.tables = rows
            .iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get::<i64, _>(1)?.max(0) as u64)))
            .collect::<Result<_, sqlx::Error>>()?;
    }
    Ok(())
}

/// The sizes of a PostgreSQL database: the whole database and each table of the store's schema
/// with its indexes. The server reuses its free space itself: none is counted as free.
async fn pg_sizes(pool: &sqlx::PgPool, stats: &mut DbStats) -> Result<(), StoreError> {
    let bytes: i64 = sqlx::query_scalar("SELECT pg_database_size(current_database())")
        .fetch_one(pool)
        .await?;
    stats.bytes = bytes.max(0) as u64;
    stats.tables = sqlx::query(
        "SELECT c.relname::TEXT, pg_total_relation_size(c.oid) FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND c.relkind = 'r'
         ORDER BY 2 DESC, 1",
    )
    .fetch_all(pool)
    .await?
    .iter()
    .map(|row| Ok((row.try_get(0)?, row.try_get::<i64, _>(1)?.max(0) as u64)))
    .collect::<Result<_, sqlx::Error>>()?;
    Ok(())
}

/// Sent or given-up messages before `$1`, but those still needed.
const PRUNE_SENT: &str = "DELETE FROM outbox WHERE id IN (
    SELECT o.id FROM outbox o
    WHERE (o.sent_at IS NOT NULL OR o.dropped_at IS NOT NULL)
      AND coalesce(o.sent_at, o.dropped_at) < $1
      AND o.id < (SELECT max(id) FROM outbox)
      AND NOT (o.slot IS NOT NULL AND o.platform_message_id IS NOT NULL
        AND (o.game_id IS NULL OR EXISTS (
          SELECT 1 FROM games g WHERE g.id = o.game_id AND g.status NOT IN ('finished', 'aborted')))
        AND o.id = (SELECT max(s.id) FROM outbox s
          WHERE s.platform = o.platform AND s.target_kind = o.target_kind AND s.target = o.target
            AND s.slot = o.slot AND s.platform_message_id IS NOT NULL))
    LIMIT $2)";

const PRUNE_INBOUND: &str = "DELETE FROM inbound WHERE (platform, key) IN (SELECT platform, key FROM inbound WHERE at < $1 LIMIT $2)";

/// The web chat's history before `$1`, but its newest message: a page asks for what came after
/// the last revision it saw, and revisions must keep growing.
const PRUNE_WEB: &str = "DELETE FROM web_messages WHERE id IN (
    SELECT id FROM web_messages
    WHERE at < $1 AND rev < (SELECT max(rev) FROM web_messages)
    LIMIT $2)";

/// Files no kept message refers to.
const PRUNE_FILES: &str = "DELETE FROM files WHERE hash IN (
    SELECT f.hash FROM files f
    WHERE NOT EXISTS (SELECT 1 FROM outbox o WHERE o.picture = f.hash)
      AND NOT EXISTS (SELECT 1 FROM web_messages w WHERE w.picture_hash = f.hash)
    LIMIT $1)";

/// Runs a `DELETE … LIMIT` of [`BATCH`] rows until it deletes fewer; returns the rows deleted.
/// `before`, if given, is bound first, the batch's size last.
async fn batched(store: &Store, sql: &'static str, before: Option<i64>) -> Result<u64, StoreError> {
    let mut total = 0;
    loop {
        let done = on_writer!(store, |pool| {
            let mut query = sqlx::query(sql);
            if let Some(before) = before {
                query = query.bind(before);
            }
            query.bind(BATCH).execute(pool).await?.rows_affected()
        });
        total += done;
        if done < BATCH as u64 {
            return Ok(total);
        }
        // Let a commit waiting for the file's write lock go first.
        tokio::task::yield_now().await;
    }
}

fn wal_bytes(path: &std::path::Path) -> u64 {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    std::fs::metadata(wal).map_or(0, |m| m.len())
}
