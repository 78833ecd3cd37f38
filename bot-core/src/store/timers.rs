//! Due timers, read in bounded batches in due order: firing a backlog of n timers costs
//! O(n log n) however many games wait, and a bot back from a long downtime works it off in slices
//! between deliveries instead of reading every due timer again after each one fires.

use super::Engine;
use super::engine::{Fetched, on_reader, on_writer};

use super::Store;
use super::error::StoreError;
use super::types::{GameId, Timer, UnixMs};

/// Where a timer stands in due order: by time, then game, then kind. A batch of due timers starts
/// after the last key of the batch before.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TimerKey {
    /// When it is due.
    pub due_at: UnixMs,
    /// Its game.
    pub game_id: GameId,
    /// Its kind.
    pub kind: String,
}

impl Timer {
    /// Its place in due order.
    pub fn key(&self) -> TimerKey {
        TimerKey {
            due_at: self.due_at,
            game_id: self.game_id,
            kind: self.kind.clone(),
        }
    }
}

impl Store {
    /// Claims timers about to fire for this process, so that no other fires them meanwhile;
    /// returns those it may fire (the others were fired or claimed elsewhere). A claim ends with
    /// the commit that fires the timer (which clears or sets it again), or after the lease
    /// (see [`StoreOptions::lease`](super::StoreOptions::lease)). A SQLite file has one process
    /// firing: every timer is its own.
    pub async fn claim_timers(
        &self,
        keys: &[TimerKey],
        now: UnixMs,
    ) -> Result<Vec<TimerKey>, StoreError> {
        let Engine::Pg(pg) = &self.engine else {
            return Ok(keys.to_vec());
        };
        if keys.is_empty() {
            return Ok(vec![]);
        }
        let owner = self.owner.as_ref();
        let until = now.0.saturating_add(self.lease_ms);
        // Rows another process is claiming this instant are skipped, not waited for.
        let mut claim =
            sqlx::QueryBuilder::<sqlx::Postgres>::new("UPDATE timers SET claimed_by = ");
        claim
            .push_bind(owner)
            .push(", claimed_until = ")
            .push_bind(until)
            .push(" WHERE (game_id, kind) IN (SELECT game_id, kind FROM timers WHERE due_at <= ")
            .push_bind(now.0)
            .push(" AND (claimed_until IS NULL OR claimed_until <= ")
            .push_bind(now.0)
            .push(" OR claimed_by = ")
            .push_bind(owner)
            .push(") AND (game_id, kind, due_at) IN (VALUES ");
        let mut values = claim.separated(", ");
        for key in keys {
            values
                .push("(")
                .push_bind_unseparated(key.game_id.0)
                .push_unseparated(", ")
                .push_bind_unseparated(key.kind.as_str())
                .push_unseparated(", ")
                .push_bind_unseparated(key.due_at.0)
                .push_unseparated(")");
        }
        claim.push(") FOR UPDATE SKIP LOCKED) RETURNING game_id, kind, due_at");
        let rows = claim.build().fetch_all(&pg.pool).await?;
        let claimed: Vec<TimerKey> = rows
            .iter()
            .map(|row| {
                Ok(TimerKey {
                    game_id: GameId(row.field(0)?),
                    kind: row.field(1)?,
                    due_at: UnixMs(row.field(2)?),
                })
            })
            .collect::<Result<_, StoreError>>()?;
        Ok(keys
            .iter()
            .filter(|k| claimed.contains(k))
            .cloned()
            .collect())
    }

    /// At most `limit` timers due at `now` (due at or before it), in due order, starting after
    /// `after` when given; those another process claimed to fire (see [`Store::claim_timers`])
    /// are passed by while its claim lasts. They stay until a commit clears or resets them, so a
    /// crash while handling one hands it out again. One index range scan: `timers_by_due`.
    pub async fn due_timers(
        &self,
        now: UnixMs,
        after: Option<&TimerKey>,
        limit: u32,
    ) -> Result<Vec<Timer>, StoreError> {
        on_reader!(self, |pool| {
            let rows = match after {
                None => {
                    sqlx::query(
                        "SELECT game_id, kind, due_at, payload FROM timers WHERE due_at <= $1
                     AND (claimed_until IS NULL OR claimed_until <= $1 OR claimed_by = $3)
                     ORDER BY due_at, game_id, kind LIMIT $2",
                    )
                    .bind(now.0)
                    .bind(i64::from(limit))
                    .bind(self.owner.as_ref())
                    .fetch_all(pool)
                    .await?
                }
                Some(k) => {
                    sqlx::query(
                        "SELECT game_id, kind, due_at, payload FROM timers
                     WHERE due_at <= $1 AND (due_at, game_id, kind) > ($2, $3, $4)
                     AND (claimed_until IS NULL OR claimed_until <= $1 OR claimed_by = $6)
                     ORDER BY due_at, game_id, kind LIMIT $5",
                    )
                    .bind(now.0)
                    .bind(k.due_at.0)
                    .bind(k.game_id.0)
                    .bind(&k.kind)
                    .bind(i64::from(limit))
                    .bind(self.owner.as_ref())
                    .fetch_all(pool)
                    .await?
                }
            };
            rows.iter().map(timer_from_row).collect()
        })
    }

    /// One timer of a game, if it is set: whether a timer read earlier is still the same before it
    /// fires (an input may have cleared or moved it meanwhile).
    pub async fn timer(&self, game: GameId, kind: &str) -> Result<Option<Timer>, StoreError> {
        on_reader!(self, |pool| {
            let row = sqlx::query(
            "SELECT game_id, kind, due_at, payload FROM timers WHERE game_id = $1 AND kind = $2",
        )
        .bind(game.0)
        .bind(kind)
        .fetch_optional(pool)
        .await?;
            row.as_ref().map(timer_from_row).transpose()
        })
    }

    /// When the next timer is due, if any: how long the engine may sleep.
    pub async fn next_timer_due(&self) -> Result<Option<UnixMs>, StoreError> {
        on_reader!(self, |pool| {
            let due: Option<i64> = sqlx::query_scalar("SELECT MIN(due_at) FROM timers")
                .fetch_one(pool)
                .await?;
            Ok(due.map(UnixMs))
        })
    }

    /// Moves a timer that failed to fire to a later time, unless it changed meanwhile: the rest of
    /// the backlog goes on, and this one is tried again after its pause.
    pub async fn postpone_timer(&self, timer: &Timer, to: UnixMs) -> Result<(), StoreError> {
        let timer = timer.clone();
        self.detached(move |store| async move {
            on_writer!(store, |pool| sqlx::query(
                "UPDATE timers SET due_at = $1, claimed_until = NULL
                 WHERE game_id = $2 AND kind = $3 AND due_at = $4",
            )
            .bind(to.0)
            .bind(timer.game_id.0)
            .bind(&timer.kind)
            .bind(timer.due_at.0)
            .execute(pool)
            .await
            .map(drop))?;
            Ok(())
        })
        .await
    }
}

pub(crate) fn timer_from_row<R: Fetched>(row: &R) -> Result<Timer, StoreError> {
    Ok(Timer {
        game_id: GameId(row.field(0)?),
        kind: row.field(1)?,
        due_at: UnixMs(row.field(2)?),
        payload: row.field(3)?,
    })
}
