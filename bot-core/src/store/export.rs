//! A game as one JSON document — its row, players, order log and timers — to move it between
//! databases, keep it, or attach it to a bug report.

use std::fmt;

use super::Engine;
use super::engine::{Conn, on_conn};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::Store;
use super::commit::{NewGame, NewTimer, insert_game, set_timer, write_roster};
use super::error::{StoreError, is_unique_violation};
use super::read;
use super::types::{GameId, GameStatus, OrderRecord, Platform, Player, UnixMs};

/// The `format` of an export document.
const FORMAT: &str = "gm-game";
/// The version of the document's layout, raised when it changes incompatibly.
const FORMAT_VERSION: u32 = 1;

/// An exported game. It holds no ids of this database: importing gives the game a new one.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameExport {
    /// Always `gm-game`: tells the document from other JSON.
    pub format: String,
    /// The layout's version, 1.
    pub format_version: u32,
    /// The game itself.
    pub game: ExportedGame,
    /// Its players by seat.
    pub players: Vec<Player>,
    /// Its order log, oldest first.
    pub orders: Vec<OrderRecord>,
    /// Its timers.
    pub timers: Vec<ExportedTimer>,
}

/// The game's row in an export.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportedGame {
    /// Where it is played.
    pub platform: Platform,
    /// The platform's id of its chat.
    pub chat: String,
    /// Which game.
    pub kind: String,
    /// Where it is in its life.
    pub status: GameStatus,
    /// Its version, kept so that the log of writes reads on.
    pub version: i64,
    /// When it was created.
    pub created_at: UnixMs,
    /// When it was last written.
    pub updated_at: UnixMs,
    /// The engine's JSON, verbatim.
    pub state: Box<RawValue>,
}

/// Leaves the state out: it holds the game's secrets.
impl fmt::Debug for ExportedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExportedGame")
            .field("platform", &self.platform)
            .field("chat", &self.chat)
            .field("kind", &self.kind)
            .field("status", &self.status)
            .field("version", &self.version)
            .field("state_bytes", &self.state.get().len())
            .finish()
    }
}

/// A timer in an export.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportedTimer {
    /// What it is for.
    pub kind: String,
    /// When it fires.
    pub due_at: UnixMs,
    /// The engine's JSON, verbatim.
    pub payload: Box<RawValue>,
}

impl Store {
    /// The game as a JSON document (see [`GameExport`]), read in one consistent snapshot.
    pub async fn export_game(&self, id: GameId) -> Result<String, StoreError> {
        let export = match &self.engine {
            Engine::Lite(lite) => {
                let mut tx = lite.reader.begin().await?;
                let export = read_export(&mut Conn::from(&mut *tx), id).await?;
                tx.commit().await?;
                export
            }
            Engine::Pg(pg) => {
                // One snapshot for every table read, as SQLite's read transaction gives.
                let mut tx = pg
                    .pool
                    .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    .await?;
                let export = read_export(&mut Conn::from(&mut *tx), id).await?;
                tx.commit().await?;
                export
            }
        };
        serde_json::to_string_pretty(&export).map_err(|_| StoreError::Corrupt("games.state"))
    }

    /// Imports an exported game under a new id, with its players, order log and timers. A running
    /// game is refused with `ChatBusy` if its chat already has one.
    pub async fn import_game(&self, document: &str) -> Result<GameId, StoreError> {
        self.import_game_into(document, None).await
    }

    /// Imports an exported game as [`Store::import_game`] does, into another chat of the same
    /// platform if `chat` names one (a group moving to a new bot, or a new group): the players'
    /// ids belong to the platform, so another platform is refused.
    pub async fn import_game_into(
        &self,
        document: &str,
        chat: Option<(Platform, String)>,
    ) -> Result<GameId, StoreError> {
        let mut export: GameExport = serde_json::from_str(document).map_err(describe_json_error)?;
        if export.format != FORMAT || export.format_version != FORMAT_VERSION {
            return Err(StoreError::BadExport(format!(
                "expected format `{FORMAT}` version {FORMAT_VERSION}"
            )));
        }
        if let Some((platform, chat)) = chat {
            if export.game.platform != platform {
                return Err(StoreError::BadExport(format!(
                    "the game was played on {}, and its players are known there only",
                    export.game.platform
                )));
            }
            export.game.chat = chat;
        }
        self.detached(move |store| async move {
            let explain = |e| match e {
                StoreError::InvalidCommit(why) => StoreError::BadExport(why.to_string()),
                StoreError::Database(e) if is_unique_violation(&e) => {
                    StoreError::BadExport("an order number appears twice".into())
                }
                e => e,
            };
            match &store.engine {
                Engine::Lite(lite) => {
                    let mut tx = lite.writer.begin_with("BEGIN IMMEDIATE").await?;
                    let id = write_import(&mut Conn::from(&mut *tx), &export)
                        .await
                        .map_err(explain)?;
                    tx.commit().await?;
                    Ok(id)
                }
                Engine::Pg(pg) => {
                    let mut tx = pg.pool.begin().await?;
                    let id = write_import(&mut Conn::from(&mut *tx), &export)
                        .await
                        .map_err(explain)?;
                    tx.commit().await?;
                    Ok(id)
                }
            }
        })
        .await
    }
}

async fn read_export(conn: &mut Conn<'_>, id: GameId) -> Result<GameExport, StoreError> {
    let game = read::game_on(conn, id)
        .await?
        .ok_or(StoreError::GameNotFound(id))?;
    let timers = read::timers(conn, id)
        .await?
        .into_iter()
        .map(|t| {
            Ok(ExportedTimer {
                kind: t.kind,
                due_at: t.due_at,
                payload: json(t.payload, "timers.payload")?,
            })
        })
        .collect::<Result<_, StoreError>>()?;
    Ok(GameExport {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        players: read::players(conn, id).await?,
        orders: read::orders(conn, id).await?,
        timers,
        game: ExportedGame {
            platform: game.platform,
            chat: game.chat,
            kind: game.kind,
            status: game.status,
            version: game.version,
            created_at: game.created_at,
            updated_at: game.updated_at,
            state: json(game.state, "games.state")?,
        },
    })
}

/// Stored JSON text as a verbatim JSON value; the store never checked it, so it may not be JSON.
fn json(text: String, what: &'static str) -> Result<Box<RawValue>, StoreError> {
    RawValue::from_string(text).map_err(|_| StoreError::Corrupt(what))
}

async fn write_import(conn: &mut Conn<'_>, export: &GameExport) -> Result<GameId, StoreError> {
    let g = &export.game;
    if g.version < 1 {
        return Err(StoreError::InvalidCommit(
            "the game's version must be 1 or more",
        ));
    }
    let new = NewGame {
        platform: g.platform,
        chat: g.chat.clone(),
        kind: g.kind.clone(),
        status: g.status,
        state: g.state.get().to_string(),
    };
    let id = insert_game(conn, &new, g.version, (g.created_at, g.updated_at)).await?;
    write_roster(conn, id, &export.players).await?;
    for o in &export.orders {
        if o.seq < 1 {
            return Err(StoreError::InvalidCommit("order numbers start at 1"));
        }
        on_conn!(conn, |c| sqlx::query(
            "INSERT INTO orders (game_id, seq, user_id, text, at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id.0)
        .bind(o.seq)
        .bind(&o.user_id)
        .bind(&o.text)
        .bind(o.at.0)
        .execute(&mut **c)
        .await
        .map(drop))?;
    }
    // A game that ended has no timers, whatever the document says.
    let timers = if g.status.is_running() {
        &export.timers[..]
    } else {
        &[]
    };
    for t in timers {
        let timer = NewTimer {
            kind: t.kind.clone(),
            due_at: t.due_at,
            payload: t.payload.get().to_string(),
        };
        set_timer(conn, id, &timer).await?;
    }
    Ok(id)
}

/// Where a document fails to parse, without quoting it: it may hold a game's secrets.
fn describe_json_error(e: serde_json::Error) -> StoreError {
    use serde_json::error::Category;
    let what = match e.classify() {
        Category::Syntax => "malformed JSON",
        Category::Eof => "the document ends too early",
        Category::Data => "a field is missing, unknown or of the wrong type",
        Category::Io => "the document could not be read",
    };
    StoreError::BadExport(format!("{what} at line {} column {}", e.line(), e.column()))
}
