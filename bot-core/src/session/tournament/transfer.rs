//! A tournament moved between installations (`gm tournament export | import`): the tournament
//! with its games under way, as one JSON document. Finished games need not travel: their results
//! are in the tournament itself.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::store::{
    Commit, GameId, Platform, Store, StoreError, TournamentId, TournamentWrite, UnixMs,
};
use crate::tournament::Status;

use super::{Held, SessionError};

/// What an exported tournament's `format` says.
const FORMAT: &str = "gm-tournament";
/// The layout's version.
const FORMAT_VERSION: u32 = 1;

/// An exported tournament.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    /// Always [`FORMAT`].
    format: String,
    /// Always [`FORMAT_VERSION`].
    format_version: u32,
    /// Where it was opened.
    platform: Platform,
    /// The chat it was opened in.
    chat: String,
    /// The session's part and the tournament, as stored.
    state: Value,
    /// Its games under way, each as `gm game export` writes it, with its number there.
    games: Vec<Exported>,
}

/// One game under way, and the number the tournament knows it by.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Exported {
    id: i64,
    export: Value,
}

/// The tournament as a JSON document.
pub async fn export_tournament(store: &Store, id: i64) -> Result<String, SessionError> {
    let rec = store.tournament(TournamentId(id)).await?;
    let rec = rec.ok_or(SessionError::NoTournament(id))?;
    let held = Held::read(rec.clone())?;
    let mut games = vec![];
    for (_, g) in held.cup.tournament.games() {
        if let Status::Running { game } = g.status {
            let export = store.export_game(GameId(game)).await?;
            games.push(Exported {
                id: game,
                export: serde_json::from_str(&export)?,
            });
        }
    }
    let doc = Document {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        platform: rec.platform,
        chat: rec.chat,
        state: serde_json::from_str(&rec.state)?,
        games,
    };
    Ok(serde_json::to_string_pretty(&doc)?)
}

/// Imports an exported tournament under a new number, into `chat` if given (on the same
/// platform), with its games under way; threads of the old chat follow it to the new one. It is
/// left with its work marked, so that the next tick opens what may open.
pub async fn import_tournament(
    store: &Store,
    text: &str,
    chat: Option<String>,
) -> Result<i64, SessionError> {
    let bad = SessionError::BadTournamentExport;
    let doc: Document = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    if doc.format != FORMAT || doc.format_version != FORMAT_VERSION {
        return Err(bad(format!(
            "expected format `{FORMAT}` version {FORMAT_VERSION}"
        )));
    }
    let to = chat.unwrap_or_else(|| doc.chat.clone());
    let insert = Commit {
        tournament: Some(TournamentWrite::Insert {
            platform: doc.platform,
            chat: to.clone(),
            status: "lobby".into(),
            state: doc.state.to_string(),
        }),
        ..Commit::at(UnixMs(0))
    };
    store.commit(insert).await?;
    let rec = store.tournament_in_chat(doc.platform, &to).await?;
    let mut held = Held::read(rec.ok_or(StoreError::Corrupt("tournaments"))?)?;
    for game in doc.games {
        let new = import_game(store, &held, &doc.chat, game.export).await?;
        renumber(&mut held, game.id, new);
    }
    let mut write = Commit::at(UnixMs(0));
    write.tournament = Some(held.write(true)?);
    store.commit(write).await?;
    Ok(held.id.0)
}

/// One game under way, naming the tournament's new number, in the chat that follows the
/// tournament's: its thread, or the tournament's chat itself; a host chat stays as it was.
async fn import_game(
    store: &Store,
    held: &Held,
    old_chat: &str,
    mut export: Value,
) -> Result<i64, SessionError> {
    export["game"]["state"]["tournament"]["id"] = Value::from(held.id.0);
    let chat = export["game"]["chat"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let moved = match chat.strip_prefix(old_chat) {
        Some("") => held.chat.clone(),
        Some(thread) if thread.starts_with('/') => format!("{}{thread}", held.chat),
        _ => chat,
    };
    let id = store
        .import_game_into(&export.to_string(), Some((held.platform, moved)))
        .await?;
    Ok(id.0)
}

/// The tournament's note of a game under way, moved to the game's new number.
fn renumber(held: &mut Held, old: i64, new: i64) {
    let games = held
        .cup
        .tournament
        .rounds
        .iter_mut()
        .flat_map(|r| &mut r.games);
    for g in games {
        if g.status == (Status::Running { game: old }) {
            g.status = Status::Running { game: new };
        }
    }
}
