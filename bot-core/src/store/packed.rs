//! Many games in one row: how a SQLite file hands over every running game at once.
//!
//! sqlx runs SQLite on a thread of its own and passes each row to the async caller through a
//! channel, waking the caller for every row: for 10,000 games that ping-pong between two threads,
//! not SQLite, was most of the time the list took. SQLite joins a chunk of games into one text
//! instead (records apart by ASCII's record separator, fields by its unit separator, neither of
//! which JSON or any of the games' other columns holds), so a chunk costs one wake. A chunk that
//! does not split into whole records is read again row by row, as before.

use sqlx::SqlitePool;

use super::error::StoreError;
use super::types::{GameId, GameRecord, UnixMs};

/// Games joined into one row.
const CHUNK: i64 = 1_000;
/// Between two games.
const RECORD: char = '\u{1e}';
/// Between two fields of a game.
const UNIT: char = '\u{1f}';

/// Up to `$2` running games after game `$1`, joined. `held_why` is marked, so that an empty reason
/// and none are told apart.
const PACKED: &str = "SELECT count(*), group_concat(rec, char(30)) FROM (
    SELECT g.id || char(31) || g.platform || char(31) || g.chat || char(31) || g.kind || char(31)
        || g.status || char(31) || g.version || char(31) || g.created_at || char(31)
        || g.updated_at || char(31) || coalesce('!' || g.held_why, '') || char(31) || g.state AS rec
    FROM games g WHERE g.status NOT IN ('finished', 'aborted') AND g.id > $1
    ORDER BY g.id LIMIT $2)";

/// Every running game, oldest first, read a chunk at a time; `None` when a chunk does not split
/// into whole records (a chat's name holding a separator, say): the caller reads row by row.
pub(crate) async fn running_games(
    pool: &SqlitePool,
) -> Result<Option<Vec<GameRecord>>, StoreError> {
    let mut games = vec![];
    let mut after = 0;
    loop {
        let (count, joined): (i64, Option<String>) = sqlx::query_as(PACKED)
            .bind(after)
            .bind(CHUNK)
            .fetch_one(pool)
            .await?;
        let Some(chunk) = unpack(count, joined.as_deref().unwrap_or_default()) else {
            return Ok(None);
        };
        let Some(last) = chunk.iter().map(|g| g.id.0).max() else {
            break;
        };
        let full = count == CHUNK;
        games.extend(chunk);
        after = last;
        if !full {
            break;
        }
    }
    // group_concat's order is SQLite's to choose: the ids say it.
    games.sort_by_key(|g| g.id.0);
    Ok(Some(games))
}

/// The `count` games of one joined text; `None` unless it splits into exactly that many whole
/// records.
fn unpack(count: i64, joined: &str) -> Option<Vec<GameRecord>> {
    if count == 0 {
        return joined.is_empty().then(Vec::new);
    }
    let games: Option<Vec<GameRecord>> = joined.split(RECORD).map(record).collect();
    games.filter(|g| g.len() as i64 == count)
}

/// One game's fields.
fn record(text: &str) -> Option<GameRecord> {
    let mut f = text.split(UNIT);
    let mut next = || f.next();
    let game = GameRecord {
        id: GameId(next()?.parse().ok()?),
        platform: next()?.parse().ok()?,
        chat: next()?.to_string(),
        kind: next()?.to_string(),
        status: next()?.parse().ok()?,
        version: next()?.parse().ok()?,
        created_at: UnixMs(next()?.parse().ok()?),
        updated_at: UnixMs(next()?.parse().ok()?),
        held: match next()? {
            "" => None,
            marked => Some(marked.strip_prefix('!')?.to_string()),
        },
        state: next()?.to_string(),
    };
    // A separator inside a field leaves one over.
    f.next().is_none().then_some(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Commit, Engine, GameStatus, GameWrite, NewGame, Platform, Store};
    use crate::testkit::TempDb;

    #[tokio::test]
    async fn a_sqlite_file_hands_over_running_games_joined() {
        let db = TempDb::new("packed");
        let store = Store::open(&db).await.unwrap();
        let game = |chat: &str, status: GameStatus| Commit {
            game: Some(GameWrite::Insert(NewGame {
                platform: Platform::Script,
                chat: chat.into(),
                kind: "tiny".into(),
                status,
                state: serde_json::json!({ "chat": chat }).to_string(),
            })),
            ..Commit::at(UnixMs(1))
        };
        for (chat, status) in [
            ("a", GameStatus::Playing),
            ("b", GameStatus::Finished),
            ("c", GameStatus::Lobby),
        ] {
            store.commit(game(chat, status)).await.unwrap();
        }
        let Engine::Lite(lite) = &store.engine else {
            unreachable!("a file")
        };
        let games = running_games(&lite.reader).await.unwrap().expect("joined");
        let chats: Vec<&str> = games.iter().map(|g| g.chat.as_str()).collect();
        assert_eq!(chats, ["a", "c"]);
        assert_eq!(games[1].state, "{\"chat\":\"c\"}");
        store
            .commit(game("d\u{1f}", GameStatus::Playing))
            .await
            .unwrap();
        assert!(running_games(&lite.reader).await.unwrap().is_none());
        assert_eq!(store.running_games().await.unwrap().len(), 3, "row by row");
    }

    #[test]
    fn a_joined_chunk_splits_into_whole_games_or_not_at_all() {
        let one = [
            "7",
            "script",
            "g",
            "tiny",
            "playing",
            "3",
            "1",
            "2",
            "",
            "{\"a\":1}",
        ];
        let two = [
            "9", "web", "r", "hive", "lobby", "1", "5", "6", "!why", "{}",
        ];
        let join = |r: &[&str]| r.join("\u{1f}");
        let joined = format!("{}\u{1e}{}", join(&one), join(&two));
        let games = unpack(2, &joined).expect("two games");
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].id.0, games[0].held.as_deref()), (7, None));
        assert_eq!(games[0].state, "{\"a\":1}");
        assert_eq!((games[1].id.0, games[1].held.as_deref()), (9, Some("why")));
        assert_eq!(games[1].chat, "r");
        // A chat whose name holds a separator does not split: read row by row.
        let odd = [
            "8", "script", "a\u{1f}b", "tiny", "playing", "3", "1", "2", "", "{}",
        ];
        assert!(unpack(1, &join(&odd)).is_none());
        let odd = [
            "8", "script", "a\u{1e}b", "tiny", "playing", "3", "1", "2", "", "{}",
        ];
        assert!(unpack(1, &join(&odd)).is_none());
        assert_eq!(unpack(0, "").map(|g| g.len()), Some(0));
    }
}
