//! The sending side of the outbox: what may be sent now, and what became of it.

use super::Engine;
use super::engine::{Fetched, on_reader, on_writer};

use super::Store;
use super::error::StoreError;
use super::read::parse;
use super::types::{GameId, OutboxId, Outgoing, Platform, Target, UnixMs};

/// The columns of a message to send, with the id of the message its slot edits and its picture,
/// in the order `outgoing_from_row` reads them.
macro_rules! sendable_columns {
    () => {
        "SELECT o.id, o.target_kind, o.target, o.game_id, o.payload, o.created_at, o.attempts,
           o.parts_sent, CASE WHEN o.slot_edits = 1 THEN (
             SELECT s.platform_message_id FROM outbox s
             WHERE s.platform = o.platform AND s.target_kind = o.target_kind
               AND s.target = o.target AND s.slot = o.slot
               AND s.platform_message_id IS NOT NULL AND s.id < o.id
             ORDER BY s.id DESC LIMIT 1) END, f.bytes
         FROM outbox o LEFT JOIN files f ON f.hash = o.picture"
    };
}

/// The messages of platform `$1` that may go at `$2`: unsent, past their back-off, and the oldest
/// unsent of their target.
macro_rules! sendable_where {
    () => {
        " WHERE o.platform = $1 AND o.sent_at IS NULL AND o.dropped_at IS NULL
           AND o.next_attempt_at <= $2
           AND NOT EXISTS (
             SELECT 1 FROM outbox e
             WHERE e.platform = o.platform AND e.target_kind = o.target_kind
               AND e.target = o.target AND e.sent_at IS NULL AND e.dropped_at IS NULL
               AND e.id < o.id)"
    };
}

/// PostgreSQL: leases the sendable messages to process `$4` until `$5`, skipping those another
/// process holds (a live lease, or a row it is leasing this instant).
const LEASE: &str = concat!(
    "UPDATE outbox SET leased_by = $4, leased_until = $5 WHERE id IN (SELECT o.id FROM outbox o",
    sendable_where!(),
    " AND (o.leased_until IS NULL OR o.leased_until <= $2 OR o.leased_by = $4)
     ORDER BY o.id LIMIT $3 FOR UPDATE OF o SKIP LOCKED) RETURNING id"
);

impl Store {
    /// Messages of a platform that may be sent now, oldest first: for each target only its oldest
    /// unsent message, and only once its back-off (`next_attempt_at`) has passed. A message thus
    /// holds back every later message to its target until it is sent or dropped, and messages to
    /// different targets may be sent side by side.
    ///
    /// On PostgreSQL, where several processes may send, the messages are leased to this store
    /// (see [`StoreOptions::lease`](super::StoreOptions::lease)): another process passes them by
    /// until they are marked, or until the lease runs out because this one died. On a SQLite file
    /// one process per platform sends, and nothing is leased.
    pub async fn sendable_outbox(
        &self,
        platform: Platform,
        now: UnixMs,
        limit: u32,
    ) -> Result<Vec<Outgoing>, StoreError> {
        let pg = match &self.engine {
            Engine::Lite(lite) => {
                let rows = sqlx::query(concat!(
                    sendable_columns!(),
                    sendable_where!(),
                    " ORDER BY o.id LIMIT $3"
                ))
                .bind(platform.as_str())
                .bind(now.0)
                .bind(i64::from(limit))
                .fetch_all(&lite.reader)
                .await?;
                return rows
                    .iter()
                    .map(|row| outgoing_from_row(platform, row))
                    .collect();
            }
            Engine::Pg(pg) => pg,
        };
        let leased: Vec<i64> = sqlx::query_scalar(LEASE)
            .bind(platform.as_str())
            .bind(now.0)
            .bind(i64::from(limit))
            .bind(self.owner.as_ref())
            .bind(now.0.saturating_add(self.lease_ms))
            .fetch_all(&pg.pool)
            .await?;
        if leased.is_empty() {
            return Ok(vec![]);
        }
        let rows = sqlx::query(concat!(
            sendable_columns!(),
            " WHERE o.id = ANY($1) ORDER BY o.id"
        ))
        .bind(leased)
        .fetch_all(&pg.pool)
        .await?;
        rows.iter()
            .map(|row| outgoing_from_row(platform, row))
            .collect()
    }

    /// Every unsent message of a platform, oldest first, whatever it waits for: for a sender that
    /// delivers them all at once and in order (`gm script` prints them).
    pub async fn unsent_outbox(&self, platform: Platform) -> Result<Vec<Outgoing>, StoreError> {
        on_reader!(self, |pool| {
            let rows = sqlx::query(
            "SELECT o.id, o.target_kind, o.target, o.game_id, o.payload, o.created_at, o.attempts,
               o.parts_sent, NULL, f.bytes
             FROM outbox o LEFT JOIN files f ON f.hash = o.picture
             WHERE o.platform = $1 AND o.sent_at IS NULL AND o.dropped_at IS NULL
             ORDER BY o.id",
        )
        .bind(platform.as_str())
        .fetch_all(pool)
        .await?;
            rows.iter()
                .map(|row| outgoing_from_row(platform, row))
                .collect()
        })
    }

    /// Records that the platform accepted a message, with the platform's id of it (for later edits).
    /// Marking a sent message again changes nothing.
    pub async fn mark_sent(
        &self,
        id: OutboxId,
        platform_message_id: Option<&str>,
        at: UnixMs,
    ) -> Result<(), StoreError> {
        let platform_message_id = platform_message_id.map(str::to_owned);
        self.detached(move |store| async move {
            let done = on_writer!(store, |pool| sqlx::query(
                "UPDATE outbox SET sent_at = $1,
                   platform_message_id = COALESCE($2, platform_message_id)
                 WHERE id = $3 AND sent_at IS NULL",
            )
            .bind(at.0)
            .bind(platform_message_id)
            .bind(id.0)
            .execute(pool)
            .await
            .map(|d| d.rows_affected()))?;
            store.changed_or_exists(id, done).await
        })
        .await
    }

    /// Records that the first `parts` parts of a message the platform shows as several are out,
    /// so that the rest follows without repeating them, even after a restart. The platform's id of
    /// the last part sent, if given, is kept for later edits. Changes nothing once the message is
    /// sent.
    pub async fn mark_parts_sent(
        &self,
        id: OutboxId,
        parts: u32,
        platform_message_id: Option<&str>,
    ) -> Result<(), StoreError> {
        let platform_message_id = platform_message_id.map(str::to_owned);
        self.detached(move |store| async move {
            let done = on_writer!(store, |pool| sqlx::query(
                "UPDATE outbox SET parts_sent = CASE WHEN parts_sent > $1 THEN parts_sent ELSE $1 END,
                   platform_message_id = COALESCE($2, platform_message_id)
                 WHERE id = $3 AND sent_at IS NULL",
            )
            .bind(i64::from(parts))
            .bind(platform_message_id)
            .bind(id.0)
            .execute(pool)
            .await.map(|d| d.rows_affected()))?;
            store.changed_or_exists(id, done).await
        })
        .await
    }

    /// Records a failed attempt: the message (and every later one to its target) waits until
    /// `retry_at`, e.g. a 429's retry_after or a back-off.
    pub async fn mark_failed(&self, id: OutboxId, retry_at: UnixMs) -> Result<(), StoreError> {
        self.detached(move |store| async move {
            let done = on_writer!(store, |pool| sqlx::query(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1,
                   leased_until = NULL
                 WHERE id = $2 AND sent_at IS NULL",
            )
            .bind(retry_at.0)
            .bind(id.0)
            .execute(pool)
            .await
            .map(|d| d.rows_affected()))?;
            store.changed_or_exists(id, done).await
        })
        .await
    }

    /// One message of the outbox, sent or not, if it is still kept.
    pub async fn outgoing(&self, id: OutboxId) -> Result<Option<Outgoing>, StoreError> {
        on_reader!(self, |pool| {
            let row = sqlx::query(
            "SELECT o.id, o.target_kind, o.target, o.game_id, o.payload, o.created_at, o.attempts,
               o.parts_sent, NULL, f.bytes, o.platform
             FROM outbox o LEFT JOIN files f ON f.hash = o.picture WHERE o.id = $1",
        )
        .bind(id.0)
        .fetch_optional(pool)
        .await?;
            row.map(|row| {
                let platform = parse(&row, 10, "outbox.platform")?;
                outgoing_from_row(platform, &row)
            })
            .transpose()
        })
    }

    /// Records that the platform refused a private message because the user has not opened a chat
    /// with the bot (or blocked it). The message is not given up: it waits until `retry_at`, or until
    /// the user writes to the bot privately (a commit's `release`), holding back later messages to
    /// him so they keep their order. Returns whether this is news — the message was not waiting so
    /// already — so that the user is asked only once to open the chat.
    pub async fn mark_blocked(
        &self,
        id: OutboxId,
        retry_at: UnixMs,
        at: UnixMs,
    ) -> Result<bool, StoreError> {
        self.detached(move |store| async move {
            // Whether this refusal is the first: the flag is an integer on both engines.
            let first: Option<i64> = on_writer!(store, |pool| sqlx::query_scalar(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1,
                   blocked_at = COALESCE(blocked_at, $2), leased_until = NULL
                 WHERE id = $3 AND sent_at IS NULL AND target_kind = 'user'
                 RETURNING CAST(CASE WHEN blocked_at = $2 THEN 1 ELSE 0 END AS BIGINT)",
            )
            .bind(retry_at.0)
            .bind(at.0)
            .bind(id.0)
            .fetch_optional(pool)
            .await)?;
            match first {
                Some(first) => Ok(first == 1),
                None => store.changed_or_exists(id, 0).await.map(|()| false),
            }
        })
        .await
    }

    /// Gives a message up for good (e.g. a user who blocked the bot): it is never handed out again
    /// and no longer holds back later messages to its target.
    pub async fn mark_dropped(&self, id: OutboxId, at: UnixMs) -> Result<(), StoreError> {
        self.detached(move |store| async move {
            let done = on_writer!(store, |pool| sqlx::query(
                "UPDATE outbox SET dropped_at = $1
                 WHERE id = $2 AND sent_at IS NULL AND dropped_at IS NULL",
            )
            .bind(at.0)
            .bind(id.0)
            .execute(pool)
            .await
            .map(|d| d.rows_affected()))?;
            store.changed_or_exists(id, done).await
        })
        .await
    }

    /// Gives up every message not yet sent to a target that will never exist (a thread the
    /// platform would not open); returns how many.
    pub async fn drop_unsent_to(&self, target: &Target, at: UnixMs) -> Result<u64, StoreError> {
        let target = target.clone();
        self.detached(move |store| async move {
            let done = on_writer!(store, |pool| sqlx::query(
                "UPDATE outbox SET dropped_at = $1
                 WHERE platform = $2 AND target_kind = $3 AND target = $4
                   AND sent_at IS NULL AND dropped_at IS NULL",
            )
            .bind(at.0)
            .bind(target.platform.as_str())
            .bind(target.kind.as_str())
            .bind(&target.id)
            .execute(pool)
            .await
            .map(|d| d.rows_affected()))?;
            Ok(done)
        })
        .await
    }

    /// Success if an update changed the message or the message exists (already past that state).
    async fn changed_or_exists(&self, id: OutboxId, changed: u64) -> Result<(), StoreError> {
        on_writer!(self, |pool| {
            if changed > 0 {
                return Ok(());
            }
            let exists: Option<i32> = sqlx::query_scalar("SELECT 1 FROM outbox WHERE id = $1")
                .bind(id.0)
                .fetch_optional(pool)
                .await?;
            match exists {
                Some(_) => Ok(()),
                None => Err(StoreError::OutgoingNotFound(id)),
            }
        })
    }
}

fn outgoing_from_row<R: Fetched>(platform: Platform, row: &R) -> Result<Outgoing, StoreError> {
    Ok(Outgoing {
        id: OutboxId(row.field(0)?),
        target: Target {
            platform,
            kind: parse(row, 1, "outbox.target_kind")?,
            id: row.field(2)?,
        },
        game_id: row.field::<Option<i64>>(3)?.map(GameId),
        payload: row.field(4)?,
        created_at: UnixMs(row.field(5)?),
        attempts: u32::try_from(row.field::<i64>(6)?)
            .map_err(|_| StoreError::Corrupt("outbox.attempts"))?,
        parts_sent: u32::try_from(row.field::<i64>(7)?)
            .map_err(|_| StoreError::Corrupt("outbox.parts_sent"))?,
        edit: row.field(8)?,
        picture: row.field(9)?,
    })
}
