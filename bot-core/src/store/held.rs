//! What is set aside: games whose saved state no longer reads (or whose timers keep failing), and
//! inputs whose handling kept failing. Both are kept whole, never dropped, until an admin resumes
//! or aborts; meanwhile they hold back nothing else.

use std::fmt;

use sqlx::Row;

use super::engine::{Fetched, on_reader};
use super::script::Script;

use super::Store;
use super::error::StoreError;
use super::types::{GameId, Platform, UnixMs};

/// A game to set aside, and why (words that hold no secret: the kind of failure).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hold {
    /// The game.
    pub game: GameId,
    /// Why, for the log, `gm db stats` and the admin.
    pub why: String,
}

/// An input to set aside after its handling failed.
#[derive(Clone, PartialEq, Eq)]
pub struct NewHeldInput {
    /// Its platform.
    pub platform: Platform,
    /// The lane it came through: a group chat's id, or `@USER` for a private chat.
    pub lane: String,
    /// The chat's game when it was set aside, if any.
    pub game: Option<GameId>,
    /// The input (JSON), opaque to the store.
    pub input: String,
    /// Why its last attempt failed (no secret).
    pub why: String,
    /// How many attempts failed.
    pub attempts: u32,
}

/// An input set aside, as stored.
#[derive(Clone, PartialEq, Eq)]
pub struct HeldInput {
    /// Its number, in the order inputs were set aside.
    pub id: i64,
    /// Its platform.
    pub platform: Platform,
    /// The lane it came through.
    pub lane: String,
    /// The chat's game when it was set aside, if any.
    pub game: Option<GameId>,
    /// The input (JSON).
    pub input: String,
    /// Why its last attempt failed.
    pub why: String,
    /// Failed attempts so far.
    pub attempts: u32,
    /// When it was set aside.
    pub held_at: UnixMs,
}

/// Leaves the input out: it may be a player's secret order.
impl fmt::Debug for NewHeldInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NewHeldInput")
            .field("platform", &self.platform)
            .field("lane", &self.lane)
            .field("game", &self.game)
            .field("why", &self.why)
            .field("attempts", &self.attempts)
            .finish_non_exhaustive()
    }
}

/// Leaves the input out: it may be a player's secret order.
impl fmt::Debug for HeldInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HeldInput")
            .field("id", &self.id)
            .field("platform", &self.platform)
            .field("lane", &self.lane)
            .field("game", &self.game)
            .field("why", &self.why)
            .field("attempts", &self.attempts)
            .field("held_at", &self.held_at)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// The inputs set aside in a lane, oldest first.
    pub async fn held_inputs(
        &self,
        platform: Platform,
        lane: &str,
    ) -> Result<Vec<HeldInput>, StoreError> {
        on_reader!(self, |pool| {
            let rows = sqlx::query(
                "SELECT id, platform, lane, game_id, input, why, attempts, held_at FROM held_inputs
             WHERE platform = $1 AND lane = $2 ORDER BY id",
            )
            .bind(platform.as_str())
            .bind(lane)
            .fetch_all(pool)
            .await?;
            rows.iter().map(held_from_row).collect()
        })
    }

    /// The inputs set aside in any lane while a game ran in their chat (a player's private orders
    /// to it), oldest first.
    pub async fn held_inputs_of_game(
        &self,
        platform: Platform,
        game: GameId,
    ) -> Result<Vec<HeldInput>, StoreError> {
        on_reader!(self, |pool| {
            let rows = sqlx::query(
                "SELECT id, platform, lane, game_id, input, why, attempts, held_at FROM held_inputs
             WHERE platform = $1 AND game_id = $2 ORDER BY id",
            )
            .bind(platform.as_str())
            .bind(game.0)
            .fetch_all(pool)
            .await?;
            rows.iter().map(held_from_row).collect()
        })
    }

    /// The lanes that hold inputs set aside, with how many, for `gm db stats` and the log.
    pub async fn held_input_lanes(&self) -> Result<Vec<(Platform, String, i64)>, StoreError> {
        on_reader!(self, |pool| {
            let rows = sqlx::query(
                "SELECT platform, lane, COUNT(*) FROM held_inputs GROUP BY platform, lane
             ORDER BY MIN(id)",
            )
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|row| {
                    Ok((
                        super::read::parse(row, 0, "held_inputs.platform")?,
                        row.try_get(1)?,
                        row.try_get(2)?,
                    ))
                })
                .collect()
        })
    }

    /// The games set aside, with why, oldest first.
    pub async fn held_games(&self) -> Result<Vec<(GameId, Platform, String, String)>, StoreError> {
        on_reader!(self, |pool| {
            let rows = sqlx::query(
                "SELECT id, platform, chat, held_why FROM games
             WHERE held_why IS NOT NULL AND status NOT IN ('finished', 'aborted') ORDER BY id",
            )
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|row| {
                    Ok((
                        GameId(row.try_get(0)?),
                        super::read::parse(row, 1, "games.platform")?,
                        row.try_get(2)?,
                        row.try_get(3)?,
                    ))
                })
                .collect()
        })
    }
}

fn held_from_row<R: Fetched>(row: &R) -> Result<HeldInput, StoreError> {
    Ok(HeldInput {
        id: row.field(0)?,
        platform: super::read::parse(row, 1, "held_inputs.platform")?,
        lane: row.field(2)?,
        game: row.field::<Option<i64>>(3)?.map(GameId),
        input: row.field(4)?,
        why: row.field(5)?,
        attempts: u32::try_from(row.field::<i64>(6)?)
            .map_err(|_| StoreError::Corrupt("held_inputs.attempts"))?,
        held_at: UnixMs(row.field(7)?),
    })
}

/// The statements of a commit's holds and releases (see [`Commit`](super::Commit)).
pub(crate) fn push<'a>(script: &mut Script<'a>, c: &'a super::Commit) {
    if let Some(h) = &c.hold {
        // A game set aside waits for nothing: its timers go, and come back when it is resumed.
        script
            .push("UPDATE games SET held_at = ")
            .push_bind(c.at.0)
            .push(", held_why = ")
            .push_bind(h.why.as_str())
            .push(" WHERE id = ")
            .push_bind(h.game.0)
            .push("; DELETE FROM timers WHERE game_id = ")
            .push_bind(h.game.0)
            .push(";");
    }
    if let Some(id) = c.unhold {
        script
            .push("UPDATE games SET held_at = NULL, held_why = NULL WHERE id = ")
            .push_bind(id.0)
            .push(";");
    }
    if let Some(id) = c.abort_held {
        // Its state is not read: it is ended as it lies, a running game set aside and no other.
        script
            .push("UPDATE games SET status = 'aborted', version = version + 1, updated_at = ")
            .push_bind(c.at.0)
            .push(" WHERE id = ")
            .push_bind(id.0)
            .push(" AND held_why IS NOT NULL AND status NOT IN ('finished', 'aborted');");
        script.refuse_unless_changed();
        script
            .push("DELETE FROM timers WHERE game_id = ")
            .push_bind(id.0)
            .push(";");
    }
    if let Some(h) = &c.set_aside {
        script
            .push(
                "INSERT INTO held_inputs (platform, lane, game_id, input, why, attempts, held_at) \
                 VALUES (",
            )
            .push_bind(h.platform.as_str())
            .push(", ")
            .push_bind(h.lane.as_str())
            .push(", ")
            .push_bind(h.game.map(|g| g.0))
            .push(", ")
            .push_bind(h.input.as_str())
            .push(", ")
            .push_bind(h.why.as_str())
            .push(", ")
            .push_bind(i64::from(h.attempts.max(1)))
            .push(", ")
            .push_bind(c.at.0)
            .push(");");
    }
    if let Some(id) = c.resumed {
        script
            .push("DELETE FROM held_inputs WHERE id = ")
            .push_bind(id)
            .push(";");
    }
}
