//! Tournaments and ratings in the store: their rows, their reads, and the statements a commit adds
//! for them.
//!
//! A tournament is stored whole as JSON with a version, as a game is. A commit may write one
//! tournament (insert, or update at the version read), mark one `dirty` (the commit that ends one
//! of its games), and set ratings.

use std::fmt;

use sqlx::Row;

use super::engine::{Fetched, on_reader};
use super::script::Script;

use super::Store;
use super::error::StoreError;
use super::read::parse;
use super::types::{Platform, UnixMs};

/// A tournament's number in the store.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct TournamentId(pub i64);

/// A tournament as stored.
#[derive(Clone, PartialEq, Eq)]
pub struct TournamentRecord {
    /// Its number.
    pub id: TournamentId,
    /// Where it was opened.
    pub platform: Platform,
    /// The chat it was opened in.
    pub chat: String,
    /// `lobby`, `running`, `paused`, `finished` or `cancelled`.
    pub status: String,
    /// The whole tournament (JSON).
    pub state: String,
    /// Bumped by every write.
    pub version: i64,
    /// A game of it ended and its result is not recorded yet.
    pub dirty: bool,
}

/// Leaves the state out: it is long, and the games it names hold secrets of their own.
impl fmt::Debug for TournamentRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TournamentRecord")
            .field("id", &self.id)
            .field("chat", &self.chat)
            .field("status", &self.status)
            .field("version", &self.version)
            .field("dirty", &self.dirty)
            .finish()
    }
}

/// A tournament to create or write back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentWrite {
    /// A new tournament, at version 1.
    Insert {
        /// Where it is opened.
        platform: Platform,
        /// The chat it is opened in.
        chat: String,
        /// Its status.
        status: String,
        /// The whole tournament (JSON).
        state: String,
    },
    /// A tournament read before: refused unless it is still at the version read. It is no longer
    /// dirty unless `dirty` says so.
    Update {
        /// The tournament.
        id: TournamentId,
        /// The version it had when read.
        expected_version: i64,
        /// Its status now.
        status: String,
        /// The whole tournament now (JSON).
        state: String,
        /// Whether results remain to record.
        dirty: bool,
    },
}

/// A player's rating to set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingWrite {
    /// The platform.
    pub platform: Platform,
    /// The chat or server whose players are rated together.
    pub community: String,
    /// The game's word.
    pub game: String,
    /// The player.
    pub user_id: String,
    /// The name he played under.
    pub name: String,
    /// The rating system's numbers (JSON).
    pub rating: String,
    /// Rated games played, this one included.
    pub games: i64,
}

/// A player's rating as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingRecord {
    /// The player.
    pub user_id: String,
    /// The name he last played under.
    pub name: String,
    /// The rating system's numbers (JSON).
    pub rating: String,
    /// Rated games played.
    pub games: i64,
}

const COLUMNS: &str = "id, platform, chat, status, state, version, dirty";

fn from_row<R: Fetched>(row: &R) -> Result<TournamentRecord, StoreError> {
    Ok(TournamentRecord {
        id: TournamentId(row.field(0)?),
        platform: parse(row, 1, "tournaments.platform")?,
        chat: row.field(2)?,
        status: row.field(3)?,
        state: row.field(4)?,
        version: row.field(5)?,
        dirty: row.field::<i64>(6)? == 1,
    })
}

impl Store {
    /// A tournament by number.
    pub async fn tournament(
        &self,
        id: TournamentId,
    ) -> Result<Option<TournamentRecord>, StoreError> {
        on_reader!(self, |pool| {
            let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
            let row = sqlx::query(&sql).bind(id.0).fetch_optional(pool).await?;
            row.as_ref().map(from_row).transpose()
        })
    }

    /// The open tournament of a chat (at most one), else its latest one.
    pub async fn tournament_in_chat(
        &self,
        platform: Platform,
        chat: &str,
    ) -> Result<Option<TournamentRecord>, StoreError> {
        on_reader!(self, |pool| {
            let sql = format!(
                "SELECT {COLUMNS} FROM tournaments WHERE platform = $1 AND chat = $2
             ORDER BY status <> 'finished' AND status <> 'cancelled' DESC, id DESC LIMIT 1"
            );
            let row = sqlx::query(&sql)
                .bind(platform.as_str())
                .bind(chat)
                .fetch_optional(pool)
                .await?;
            row.as_ref().map(from_row).transpose()
        })
    }

    /// Tournaments with results to record, oldest first.
    pub async fn dirty_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        on_reader!(self, |pool| {
            let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE dirty = 1 ORDER BY id");
            let rows = sqlx::query(&sql).fetch_all(pool).await?;
            rows.iter().map(from_row).collect()
        })
    }

    /// The ratings of a community in a game, best first by the stored order of `games`, then name.
    pub async fn ratings(
        &self,
        platform: Platform,
        community: &str,
        game: &str,
    ) -> Result<Vec<RatingRecord>, StoreError> {
        on_reader!(self, |pool| {
            let rows = sqlx::query(
                "SELECT user_id, name, rating, games FROM ratings
             WHERE platform = $1 AND community = $2 AND game = $3 ORDER BY user_id",
            )
            .bind(platform.as_str())
            .bind(community)
            .bind(game)
            .fetch_all(pool)
            .await?;
            rows.iter()
                .map(|row| {
                    Ok(RatingRecord {
                        user_id: row.try_get(0)?,
                        name: row.try_get(1)?,
                        rating: row.try_get(2)?,
                        games: row.try_get(3)?,
                    })
                })
                .collect()
        })
    }
}

/// The statements of a commit's tournament write, its dirty mark and its ratings. An update not at
/// the version read fails the script.
pub(crate) fn push<'a>(
    script: &mut Script<'a>,
    write: Option<&'a TournamentWrite>,
    touch: Option<TournamentId>,
    ratings: &'a [RatingWrite],
    at: UnixMs,
) {
    match write {
        Some(TournamentWrite::Insert {
            platform,
            chat,
            status,
            state,
        }) => {
            script
                .push("INSERT INTO tournaments (platform, chat, status, state, version, dirty, created_at, updated_at) VALUES (")
                .push_bind(platform.as_str())
                .push(", ")
                .push_bind(chat.as_str())
                .push(", ")
                .push_bind(status.as_str())
                .push(", ")
                .push_bind(state.as_str())
                .push(", 1, 0, ")
                .push_bind(at.0)
                .push(", ")
                .push_bind(at.0)
                .push(");");
        }
        Some(TournamentWrite::Update {
            id,
            expected_version,
            status,
            state,
            dirty,
        }) => {
            script
                .push("UPDATE tournaments SET status = ")
                .push_bind(status.as_str())
                .push(", state = ")
                .push_bind(state.as_str())
                .push(", dirty = ")
                .push_bind(i64::from(*dirty))
                .push(", version = version + 1, updated_at = ")
                .push_bind(at.0)
                .push(" WHERE id = ")
                .push_bind(id.0)
                .push(" AND version = ")
                .push_bind(*expected_version)
                .push(";");
            script.refuse_unless_changed();
        }
        None => {}
    }
    // The mark moves the version too: a tournament step that read the tournament before this game
    // ended, and found nothing to record, must not clear the mark with its write.
    if let Some(id) = touch {
        script
            .push("UPDATE tournaments SET dirty = 1, version = version + 1 WHERE id = ")
            .push_bind(id.0)
            .push(";");
    }
    for r in ratings {
        script
            .push("INSERT INTO ratings (platform, community, game, user_id, name, rating, games, updated_at) VALUES (")
            .push_bind(r.platform.as_str())
            .push(", ")
            .push_bind(r.community.as_str())
            .push(", ")
            .push_bind(r.game.as_str())
            .push(", ")
            .push_bind(r.user_id.as_str())
            .push(", ")
            .push_bind(r.name.as_str())
            .push(", ")
            .push_bind(r.rating.as_str())
            .push(", ")
            .push_bind(r.games)
            .push(", ")
            .push_bind(at.0)
            .push(") ON CONFLICT (platform, community, game, user_id) DO UPDATE SET name = excluded.name, rating = excluded.rating, games = excluded.games, updated_at = excluded.updated_at;");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Commit;
    use crate::testkit::engines;

    fn insert(chat: &str) -> Commit {
        Commit {
            tournament: Some(TournamentWrite::Insert {
                platform: Platform::Script,
                chat: chat.into(),
                status: "lobby".into(),
                state: "{}".into(),
            }),
            ..Commit::at(UnixMs(1))
        }
    }

    fn update(id: TournamentId, version: i64, state: &str) -> Commit {
        Commit {
            tournament: Some(TournamentWrite::Update {
                id,
                expected_version: version,
                status: "running".into(),
                state: state.into(),
                dirty: false,
            }),
            ..Commit::at(UnixMs(2))
        }
    }

    #[tokio::test]
    async fn a_tournament_is_written_at_the_version_read_and_one_is_open_per_chat() {
        for db in engines("tournaments").await {
            let store = Store::connect(&db.url()).await.unwrap();
            store.commit(insert("club")).await.unwrap();
            let t = store
                .tournament_in_chat(Platform::Script, "club")
                .await
                .unwrap()
                .expect("the tournament");
            assert_eq!((t.version, t.status.as_str(), t.dirty), (1, "lobby", false));
            let busy = store.commit(insert("club")).await.unwrap_err();
            assert!(matches!(busy, StoreError::TournamentBusy), "{busy:?}");
            store.commit(update(t.id, 1, r#"{"a":1}"#)).await.unwrap();
            let stale = store.commit(update(t.id, 1, "{}")).await.unwrap_err();
            assert!(matches!(stale, StoreError::TournamentMoved(_)), "{stale:?}");
            let t = store.tournament(t.id).await.unwrap().unwrap();
            assert_eq!((t.version, t.state.as_str()), (2, r#"{"a":1}"#));
            // The commit that ends one of its games marks it; recording the result clears the mark.
            let touch = || Commit {
                touch: Some(t.id),
                ..Commit::at(UnixMs(3))
            };
            store.commit(touch()).await.unwrap();
            let dirty = store.dirty_tournaments().await.unwrap();
            assert_eq!(dirty.iter().map(|t| t.id).collect::<Vec<_>>(), [t.id]);
            store.commit(update(t.id, 3, "{}")).await.unwrap();
            assert!(store.dirty_tournaments().await.unwrap().is_empty());
            // A second game ends while a step works from the version before it: the step's write
            // is refused, so the mark of the game it did not see stays.
            let read = store.tournament(t.id).await.unwrap().unwrap();
            store.commit(touch()).await.unwrap();
            let stale = store.commit(update(t.id, read.version, "{}")).await;
            assert!(
                matches!(stale, Err(StoreError::TournamentMoved(_))),
                "{stale:?}"
            );
            assert_eq!(store.dirty_tournaments().await.unwrap().len(), 1);
        }
    }

    #[tokio::test]
    async fn ratings_are_set_per_game_and_community() {
        for db in engines("ratings").await {
            let store = Store::connect(&db.url()).await.unwrap();
            let rating = |user: &str, value: &str, games: i64| RatingWrite {
                platform: Platform::Script,
                community: "club".into(),
                game: "hive".into(),
                user_id: user.into(),
                name: user.to_uppercase(),
                rating: value.into(),
                games,
            };
            let c = Commit {
                ratings: vec![rating("ann", "1500", 1), rating("bob", "1400", 1)],
                ..Commit::at(UnixMs(1))
            };
            store.commit(c).await.unwrap();
            let c = Commit {
                ratings: vec![rating("ann", "1600", 2)],
                ..Commit::at(UnixMs(2))
            };
            store.commit(c).await.unwrap();
            let all = store
                .ratings(Platform::Script, "club", "hive")
                .await
                .unwrap();
            let got: Vec<(&str, &str, i64)> = all
                .iter()
                .map(|r| (r.user_id.as_str(), r.rating.as_str(), r.games))
                .collect();
            assert_eq!(got, [("ann", "1600", 2), ("bob", "1400", 1)]);
            let other = store
                .ratings(Platform::Script, "other", "hive")
                .await
                .unwrap();
            assert!(other.is_empty());
        }
    }
}
