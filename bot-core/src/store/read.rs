//! Reads: games, players, the order log, timers, metadata and processed inbound keys.

use std::str::FromStr;

use sqlx::{Row, SqliteConnection};

use super::Engine;
use super::engine::{Conn, Fetched, on_conn, on_reader};

use super::Store;
use super::error::StoreError;
use super::timers::timer_from_row;
use super::types::{
    GameBrief, GameId, GameRecord, InboundKey, OrderRecord, Platform, Player, Timer, UnixMs,
};

/// The columns of a game, in the order `game_from_row` reads them.
macro_rules! game_columns {
    () => {
        "g.id, g.platform, g.chat, g.kind, g.status, g.state, g.version, g.created_at, g.updated_at, \
         g.held_why"
    };
}

/// How one connection is set up, as SQLite reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectionSettings {
    /// `wal` when the write-ahead log is on.
    pub journal_mode: String,
    /// Whether foreign keys are enforced.
    pub foreign_keys: bool,
    /// 1 for NORMAL, 2 for FULL.
    pub synchronous: i64,
    /// How long a statement waits for another process's lock, in milliseconds.
    pub busy_timeout_ms: i64,
}

/// How the store's connections are set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The connection that writes.
    pub writer: ConnectionSettings,
    /// A connection that reads.
    pub reader: ConnectionSettings,
}

impl Store {
    /// A game by id.
    pub async fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        on_reader!(self, |pool| {
            let row = sqlx::query(concat!(
                "SELECT ",
                game_columns!(),
                " FROM games g WHERE g.id = $1"
            ))
            .bind(id.0)
            .fetch_optional(pool)
            .await?;
            row.as_ref().map(game_from_row).transpose()
        })
    }

    /// A timer with its game, in one read: what firing it needs.
    pub async fn timer_with_game(
        &self,
        game: GameId,
        kind: &str,
    ) -> Result<Option<(Timer, GameRecord)>, StoreError> {
        on_reader!(self, |pool| {
            let row = sqlx::query(concat!(
                "SELECT ",
                game_columns!(),
                ", t.kind, t.due_at, t.payload FROM timers t JOIN games g ON g.id = t.game_id \
             WHERE t.game_id = $1 AND t.kind = $2"
            ))
            .bind(game.0)
            .bind(kind)
            .fetch_optional(pool)
            .await?;
            row.as_ref().map(timer_and_game).transpose()
        })
    }

    /// Several timers with their games, in one read: a slice of a backlog that fires together.
    /// Those no longer set are left out; the order is the store's, not the keys'.
    pub async fn timers_with_games(
        &self,
        keys: &[super::TimerKey],
    ) -> Result<Vec<(Timer, GameRecord)>, StoreError> {
        on_reader!(self, |pool| {
            if keys.is_empty() {
                return Ok(vec![]);
            }
            let mut query = sqlx::QueryBuilder::new(concat!(
                "SELECT ",
                game_columns!(),
                ", t.kind, t.due_at, t.payload FROM timers t JOIN games g ON g.id = t.game_id \
             WHERE (t.game_id, t.kind) IN (VALUES "
            ));
            let mut values = query.separated(", ");
            for key in keys {
                values
                    .push("(")
                    .push_bind_unseparated(key.game_id.0)
                    .push_unseparated(", ")
                    .push_bind_unseparated(key.kind.as_str())
                    .push_unseparated(")");
            }
            query.push(")");
            let rows = query.build().fetch_all(pool).await?;
            rows.iter().map(timer_and_game).collect()
        })
    }

    /// The running game of a chat, if any (at most one exists).
    pub async fn running_game_in_chat(
        &self,
        platform: Platform,
        chat: &str,
    ) -> Result<Option<GameRecord>, StoreError> {
        let sql = concat!(
            "SELECT ",
            game_columns!(),
            " FROM games g WHERE g.platform = $1 AND g.chat = $2
              AND g.status NOT IN ('finished', 'aborted')"
        );
        self.game_in_chat(sql, platform, chat).await
    }

    /// A chat's newest game, running or not: what `gm script`'s peek shows once a game ended.
    /// Scans the games newest first; meant for a look now and then, not for every input.
    pub async fn latest_game_in_chat(
        &self,
        platform: Platform,
        chat: &str,
    ) -> Result<Option<GameRecord>, StoreError> {
        let sql = concat!(
            "SELECT ",
            game_columns!(),
            " FROM games g WHERE g.platform = $1 AND g.chat = $2 ORDER BY g.id DESC LIMIT 1"
        );
        self.game_in_chat(sql, platform, chat).await
    }

    /// The game a query of a chat's games (`$1` the platform, `$2` the chat) finds, if any.
    async fn game_in_chat(
        &self,
        sql: &'static str,
        platform: Platform,
        chat: &str,
    ) -> Result<Option<GameRecord>, StoreError> {
        on_reader!(self, |pool| {
            let row = sqlx::query(sql)
                .bind(platform.as_str())
                .bind(chat)
                .fetch_optional(pool)
                .await?;
            row.as_ref().map(game_from_row).transpose()
        })
    }

    /// The running games a user plays in, in any chat: where their private messages belong.
    pub async fn running_games_of_user(
        &self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Vec<GameRecord>, StoreError> {
        on_reader!(self, |pool| {
            let rows = sqlx::query(concat!(
                "SELECT ",
                game_columns!(),
                " FROM games g JOIN players p ON p.game_id = g.id
              WHERE p.platform = $1 AND p.user_id = $2
              AND g.status NOT IN ('finished', 'aborted')
              ORDER BY g.id"
            ))
            .bind(platform.as_str())
            .bind(user_id)
            .fetch_all(pool)
            .await?;
            rows.iter().map(game_from_row).collect()
        })
    }

    /// A game by id, without its state: what a list of games shows.
    pub async fn game_brief(&self, id: GameId) -> Result<Option<GameBrief>, StoreError> {
        on_reader!(self, |pool| {
            let row = sqlx::query(
                "SELECT g.id, g.platform, g.chat, g.kind, g.status FROM games g WHERE g.id = $1",
            )
            .bind(id.0)
            .fetch_optional(pool)
            .await?;
            row.as_ref()
                .map(|r| {
                    Ok(GameBrief {
                        id: GameId(r.field(0)?),
                        platform: parse(r, 1, "games.platform")?,
                        chat: r.field(2)?,
                        kind: r.field(3)?,
                        status: parse(r, 4, "games.status")?,
                    })
                })
                .transpose()
        })
    }

    /// Every running game, oldest first: what to resume after a restart.
    pub async fn running_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        if let Engine::Lite(lite) = &self.engine
            && let Some(games) = super::packed::running_games(&lite.reader).await?
        {
            return Ok(games);
        }
        on_reader!(self, |pool| {
            let rows = sqlx::query(concat!(
                "SELECT ",
                game_columns!(),
                " FROM games g WHERE g.status NOT IN ('finished', 'aborted') ORDER BY g.id"
            ))
            .fetch_all(pool)
            .await?;
            rows.iter().map(game_from_row).collect()
        })
    }

    /// A game's players by seat.
    pub async fn players(&self, game: GameId) -> Result<Vec<Player>, StoreError> {
        on_reader!(self, |pool| {
            let mut conn = pool.acquire().await?;
            players(&mut Conn::from(&mut *conn), game).await
        })
    }

    /// A game's order log, oldest first.
    pub async fn orders(&self, game: GameId) -> Result<Vec<OrderRecord>, StoreError> {
        on_reader!(self, |pool| {
            let mut conn = pool.acquire().await?;
            orders(&mut Conn::from(&mut *conn), game).await
        })
    }

    /// A game's timers, soonest first.
    pub async fn timers(&self, game: GameId) -> Result<Vec<Timer>, StoreError> {
        on_reader!(self, |pool| {
            let mut conn = pool.acquire().await?;
            timers(&mut Conn::from(&mut *conn), game).await
        })
    }

    /// A metadata value.
    pub async fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        on_reader!(self, |pool| {
            Ok(sqlx::query_scalar("SELECT value FROM meta WHERE key = $1")
                .bind(key)
                .fetch_optional(pool)
                .await?)
        })
    }

    /// Whether an inbound update was processed: a cheap check before running the rules. The commit
    /// checks again, atomically.
    pub async fn is_processed(&self, key: &InboundKey) -> Result<bool, StoreError> {
        on_reader!(self, |pool| {
            let found: Option<i32> =
                sqlx::query_scalar("SELECT 1 FROM inbound WHERE platform = $1 AND key = $2")
                    .bind(key.platform.as_str())
                    .bind(&key.key)
                    .fetch_optional(pool)
                    .await?;
            Ok(found.is_some())
        })
    }

    /// How the connections are set up, as SQLite reports it: to check that the write-ahead log and
    /// foreign keys are really on. `None` on PostgreSQL, whose server keeps its own settings.
    pub async fn settings(&self) -> Result<Option<Settings>, StoreError> {
        let Engine::Lite(lite) = &self.engine else {
            return Ok(None);
        };
        let mut writer = lite.writer.acquire().await?;
        let mut reader = lite.reader.acquire().await?;
        Ok(Some(Settings {
            writer: connection_settings(&mut writer).await?,
            reader: connection_settings(&mut reader).await?,
        }))
    }
}

async fn connection_settings(
    conn: &mut SqliteConnection,
) -> Result<ConnectionSettings, StoreError> {
    Ok(ConnectionSettings {
        journal_mode: sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(&mut *conn)
            .await?,
        foreign_keys: sqlx::query_scalar::<_, i64>("PRAGMA foreign_keys")
            .fetch_one(&mut *conn)
            .await?
            == 1,
        synchronous: sqlx::query_scalar("PRAGMA synchronous")
            .fetch_one(&mut *conn)
            .await?,
        busy_timeout_ms: sqlx::query_scalar("PRAGMA busy_timeout")
            .fetch_one(&mut *conn)
            .await?,
    })
}

/// A game's players by seat.
pub(crate) async fn players(conn: &mut Conn<'_>, game: GameId) -> Result<Vec<Player>, StoreError> {
    on_conn!(conn, |c| {
        let rows = sqlx::query(
            "SELECT seat, user_id, name, lang FROM players WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game.0)
        .fetch_all(&mut **c)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(Player {
                    seat: u32::try_from(row.try_get::<i64, _>(0)?)
                        .map_err(|_| StoreError::Corrupt("players.seat"))?,
                    user_id: row.try_get(1)?,
                    name: row.try_get(2)?,
                    lang: parse(row, 3, "players.lang")?,
                })
            })
            .collect()
    })
}

/// A game's order log, oldest first.
pub(crate) async fn orders(
    conn: &mut Conn<'_>,
    game: GameId,
) -> Result<Vec<OrderRecord>, StoreError> {
    on_conn!(conn, |c| {
        let rows = sqlx::query(
            "SELECT seq, user_id, text, at FROM orders WHERE game_id = $1 ORDER BY seq",
        )
        .bind(game.0)
        .fetch_all(&mut **c)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(OrderRecord {
                    seq: row.try_get(0)?,
                    user_id: row.try_get(1)?,
                    text: row.try_get(2)?,
                    at: UnixMs(row.try_get(3)?),
                })
            })
            .collect()
    })
}

/// A game's timers, soonest first.
pub(crate) async fn timers(conn: &mut Conn<'_>, game: GameId) -> Result<Vec<Timer>, StoreError> {
    on_conn!(conn, |c| {
        let rows = sqlx::query(
            "SELECT game_id, kind, due_at, payload FROM timers WHERE game_id = $1
         ORDER BY due_at, kind",
        )
        .bind(game.0)
        .fetch_all(&mut **c)
        .await?;
        rows.iter().map(timer_from_row).collect()
    })
}

/// A game by id, on a given connection (inside a transaction, for a consistent export).
pub(crate) async fn game_on(
    conn: &mut Conn<'_>,
    id: GameId,
) -> Result<Option<GameRecord>, StoreError> {
    on_conn!(conn, |c| {
        let row = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games g WHERE g.id = $1"
        ))
        .bind(id.0)
        .fetch_optional(&mut **c)
        .await?;
        row.as_ref().map(game_from_row).transpose()
    })
}

/// A timer and its game, as [`Store::timer_with_game`] reads them: the game's columns first.
fn timer_and_game<R: Fetched>(row: &R) -> Result<(Timer, GameRecord), StoreError> {
    let game = game_from_row(row)?;
    let timer = Timer {
        game_id: game.id,
        kind: row.field(10)?,
        due_at: UnixMs(row.field(11)?),
        payload: row.field(12)?,
    };
    Ok((timer, game))
}

fn game_from_row<R: Fetched>(row: &R) -> Result<GameRecord, StoreError> {
    Ok(GameRecord {
        id: GameId(row.field(0)?),
        platform: parse(row, 1, "games.platform")?,
        chat: row.field(2)?,
        kind: row.field(3)?,
        status: parse(row, 4, "games.status")?,
        state: row.field(5)?,
        version: row.field(6)?,
        created_at: UnixMs(row.field(7)?),
        updated_at: UnixMs(row.field(8)?),
        held: row.field(9)?,
    })
}

/// A text column holding one of an enumeration's names.
pub(crate) fn parse<T: FromStr, R: Fetched>(
    row: &R,
    column: usize,
    what: &'static str,
) -> Result<T, StoreError> {
    row.field::<&str>(column)?
        .parse()
        .map_err(|_| StoreError::Corrupt(what))
}
