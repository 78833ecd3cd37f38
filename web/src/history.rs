//! The web chat's own records in the game database: its users, its rooms and every message shown
//! in a room or a private chat (tables of migration `0005_web.sql`, which the game store applies
//! when it opens the file).
//!
//! The web chat is the platform as well as its adapter, so it keeps what Telegram's servers keep
//! for a Telegram bot: without it a reloaded page would be blank and a restart would lose the chat.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use bot_core::session::chat::Button;
use bot_core::store::hash_of;
use serde::Serialize;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteRow};
use sqlx::{Row as _, SqlitePool};

use crate::live::Chat;

/// The most messages a page gets of one chat when it opens: the latest ones.
pub const BACKLOG: i64 = 500;

/// The web chat's records.
#[derive(Clone, Debug)]
pub struct History {
    pool: SqlitePool,
}

/// A person of the web chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct User {
    /// The user's id: his private chat's and the session's name for him.
    pub id: i64,
    /// His name, as shown.
    pub name: String,
}

/// A message shown in a chat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Message {
    /// Its id, for edits, pictures and button presses.
    pub id: i64,
    /// When it was last shown or edited, across all chats.
    pub rev: i64,
    /// `room` or `private`.
    pub chat: String,
    /// The writer's name, or `None` for the master.
    pub author: Option<String>,
    /// The writer's id, or `None` for the master.
    pub author_id: Option<i64>,
    /// The text (a picture's caption).
    pub text: String,
    /// Rows of buttons.
    pub buttons: Vec<Vec<Button>>,
    /// Whether it carries a picture, fetched apart.
    pub picture: bool,
    /// Which picture: its hash, for a URL that always means the same bytes (`inline` for one
    /// kept by an earlier version inside its message).
    pub picture_key: Option<String>,
    /// The name of the file it carries, fetched apart.
    pub file: Option<String>,
    /// When it was written, unix milliseconds.
    pub at: i64,
    /// The game the master's message is about, if any (see [`History::private_games`]).
    pub game: Option<i64>,
}

/// A message to show.
#[derive(Clone, Debug, Default)]
pub struct NewMessage {
    /// The writer, or `None` for the master.
    pub author: Option<i64>,
    /// The text.
    pub text: String,
    /// Rows of buttons.
    pub buttons: Vec<Vec<Button>>,
    /// A PNG picture.
    pub picture: Option<Vec<u8>>,
    /// A text file: its name and content.
    pub file: Option<(String, String)>,
    /// The outbox message it shows, so that a repeated delivery is shown once.
    pub delivery: Option<String>,
    /// The page's key of a user's message, so that a message sent again is shown once.
    pub client_key: Option<String>,
    /// When, unix milliseconds.
    pub at: i64,
    /// The game the master's message is about, if any.
    pub game: Option<i64>,
}

/// What the master shows in a message, for an edit.
#[derive(Clone, Debug)]
pub struct Edit {
    /// The new text.
    pub text: String,
    /// The new buttons.
    pub buttons: Vec<Vec<Button>>,
}

/// A name is someone else's already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken;

const COLUMNS: &str = "m.id, m.rev, m.chat_kind, m.author, u.name, m.text, m.buttons, \
     coalesce(m.picture_hash, CASE WHEN m.picture IS NOT NULL THEN 'inline' END), m.file_name, \
     m.at, m.game";

impl History {
    /// The records in the database at `path`, which the game store has opened (and migrated)
    /// already.
    pub async fn open(path: &Path) -> Result<History, sqlx::Error> {
        let options = SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))?
            .journal_mode(SqliteJournalMode::Wal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        Ok(History { pool })
    }

    /// Gives every name the key `key` makes of it now, once after the way of keying changed; how
    /// many changed. Two names that the new key finds alike both stay (the later keeps its old key,
    /// which is logged): a player is never locked out of his name.
    pub async fn rekey_names(&self, key: fn(&str) -> String) -> Result<usize, sqlx::Error> {
        let users: Vec<(i64, String, String)> =
            sqlx::query_as("SELECT id, name, name_key FROM web_users ORDER BY id")
                .fetch_all(&self.pool)
                .await?;
        let mut changed = 0;
        for (id, name, old) in users {
            let new = key(&name);
            if new == old {
                continue;
            }
            let done = sqlx::query(
                "UPDATE web_users SET name_key = ? WHERE id = ? \
                 AND NOT EXISTS (SELECT 1 FROM web_users WHERE name_key = ?)",
            )
            .bind(&new)
            .bind(id)
            .bind(&new)
            .execute(&self.pool)
            .await?;
            match done.rows_affected() {
                0 => tracing::warn!(user = id, "a name looks like an older one; both are kept"),
                _ => changed += 1,
            }
        }
        Ok(changed)
    }

    /// The user whose page holds the secret of this hash.
    pub async fn user_by_secret(&self, hash: &str) -> Result<Option<User>, sqlx::Error> {
        self.user_where("token_hash", hash).await
    }

    /// The user whose `column` (a unique one of `web_users`) holds `value`.
    async fn user_where(&self, column: &str, value: &str) -> Result<Option<User>, sqlx::Error> {
        let sql = format!("SELECT id, name FROM web_users WHERE {column} = ?");
        let row = sqlx::query(&sql)
            .bind(value)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(user))
    }

    /// Gives a free name to the page holding the secret of `hash`.
    pub async fn claim(
        &self,
        name: &str,
        key: &str,
        hash: &str,
        at: i64,
    ) -> Result<Result<User, Taken>, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO web_users (name, name_key, token_hash, created_at) VALUES (?, ?, ?, ?) \
             ON CONFLICT (name_key) DO NOTHING RETURNING id",
        )
        .bind(name)
        .bind(key)
        .bind(hash)
        .bind(at)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match done {
            Some(r) => Ok(User {
                id: r.get(0),
                name: name.to_string(),
            }),
            None => Err(Taken),
        })
    }

    /// Shows a message in a chat and returns its id; one shown before under the same delivery or
    /// page key is not shown again (its id is returned).
    pub async fn show(&self, chat: &Chat, m: NewMessage) -> Result<i64, sqlx::Error> {
        let buttons = (!m.buttons.is_empty())
            .then(|| serde_json::to_string(&m.buttons).expect("buttons serialise"));
        let (file_name, file_text) = m.file.unzip();
        // The picture is kept once among the store's files, by its hash. One transaction for
        // both: the store's pruning deletes files nothing refers to, and must not find this one
        // in between. The message is one statement, so revisions follow commits.
        let picture = m.picture.map(|bytes| (hash_of(&bytes), bytes));
        let mut tx = self.pool.begin().await?;
        if let Some((hash, bytes)) = &picture {
            sqlx::query(
                "INSERT INTO files (hash, bytes, size, created_at) VALUES (?, ?, ?, ?) \
                 ON CONFLICT (hash) DO NOTHING",
            )
            .bind(hash)
            .bind(bytes)
            .bind(bytes.len() as i64)
            .bind(m.at)
            .execute(&mut *tx)
            .await?;
        }
        let inserted = sqlx::query(
            "INSERT INTO web_messages (rev, chat_kind, chat, author, text, buttons, picture_hash, \
             file_name, file_text, delivery, client_key, at, game) \
             VALUES ((SELECT COALESCE(MAX(rev), 0) + 1 FROM web_messages), ?, ?, ?, ?, ?, ?, ?, ?, \
             ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
        )
        .bind(chat.kind())
        .bind(chat.key())
        .bind(m.author)
        .bind(&m.text)
        .bind(buttons)
        .bind(picture.as_ref().map(|(hash, _)| hash))
        .bind(file_name)
        .bind(file_text)
        .bind(&m.delivery)
        .bind(&m.client_key)
        .bind(m.at)
        .bind(m.game)
        .fetch_optional(&mut *tx)
        .await?;
        tx.commit().await?;
        if let Some(r) = inserted {
            return Ok(r.get(0));
        }
        sqlx::query_scalar(
            "SELECT id FROM web_messages WHERE delivery = ? OR client_key = ? ORDER BY id LIMIT 1",
        )
        .bind(&m.delivery)
        .bind(&m.client_key)
        .fetch_one(&self.pool)
        .await
    }

    /// Edits the master's message `id` in `chat`; false when there is none such.
    pub async fn edit(&self, chat: &Chat, id: i64, e: &Edit) -> Result<bool, sqlx::Error> {
        let buttons = (!e.buttons.is_empty())
            .then(|| serde_json::to_string(&e.buttons).expect("buttons serialise"));
        let done = sqlx::query(
            "UPDATE web_messages SET text = ?, buttons = ?, \
             rev = (SELECT MAX(rev) + 1 FROM web_messages) \
             WHERE id = ? AND chat_kind = ? AND chat = ? AND author IS NULL",
        )
        .bind(&e.text)
        .bind(buttons)
        .bind(id)
        .bind(chat.kind())
        .bind(chat.key())
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The messages of `chats` shown or edited after revision `after`, oldest first: at most the
    /// latest [`BACKLOG`] of each chat.
    pub async fn since(&self, chats: &[Chat], after: i64) -> Result<Vec<Message>, sqlx::Error> {
        let mut all = vec![];
        for chat in chats {
            let rows = sqlx::query(&format!(
                "SELECT {COLUMNS} FROM web_messages m LEFT JOIN web_users u ON u.id = m.author \
                 WHERE m.chat_kind = ? AND m.chat = ? AND m.rev > ? ORDER BY m.rev DESC LIMIT ?"
            ))
            .bind(chat.kind())
            .bind(chat.key())
            .bind(after)
            .bind(BACKLOG)
            .fetch_all(&self.pool)
            .await?;
            all.extend(rows.iter().map(message));
        }
        all.sort_by_key(|m| m.rev);
        Ok(all)
    }

    /// A message by id, if it is in one of `chats`.
    pub async fn message_in(
        &self,
        id: i64,
        chats: &[Chat],
    ) -> Result<Option<Message>, sqlx::Error> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS}, m.chat FROM web_messages m LEFT JOIN web_users u ON u.id = m.author \
             WHERE m.id = ?"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.filter(|r| in_chats(r, chats)).map(|r| message(&r)))
    }

    /// The rooms written in most recently, newest first, at most `limit`.
    pub async fn active_rooms(&self, limit: usize) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT chat FROM web_messages WHERE chat_kind = 'room' \
             GROUP BY chat ORDER BY max(id) DESC LIMIT ?",
        )
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await
    }

    /// The games a user's private chat has messages of, the latest first, at most `limit`: what
    /// his page groups that chat by.
    pub async fn private_games(&self, user: i64, limit: usize) -> Result<Vec<i64>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT game FROM web_messages WHERE chat_kind = 'private' AND chat = ? \
             AND game IS NOT NULL GROUP BY game ORDER BY max(id) DESC LIMIT ?",
        )
        .bind(user.to_string())
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await
    }

    /// The user whose name reads as `key` ([`crate::auth::name_key`]).
    pub async fn user_by_key(&self, key: &str) -> Result<Option<User>, sqlx::Error> {
        self.user_where("name_key", key).await
    }

    /// Names `user` an admin of the game `game` of `room`, by `by`; false if he was one already.
    pub async fn name_admin(
        &self,
        room: &str,
        game: i64,
        user: i64,
        by: i64,
        at: i64,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO web_room_admins (room, game, user_id, named_by, at) VALUES (?, ?, ?, ?, ?) \
             ON CONFLICT DO NOTHING",
        )
        .bind(room)
        .bind(game)
        .bind(user)
        .bind(by)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Takes back what [`History::name_admin`] gave; false if he was no admin.
    pub async fn unname_admin(
        &self,
        room: &str,
        game: i64,
        user: i64,
    ) -> Result<bool, sqlx::Error> {
        let done =
            sqlx::query("DELETE FROM web_room_admins WHERE room = ? AND game = ? AND user_id = ?")
                .bind(room)
                .bind(game)
                .bind(user)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Whether the opener of `room`'s game `game` named `user` its admin.
    pub async fn is_admin(&self, room: &str, game: i64, user: i64) -> Result<bool, sqlx::Error> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT 1 FROM web_room_admins WHERE room = ? AND game = ? AND user_id = ?",
        )
        .bind(room)
        .bind(game)
        .bind(user)
        .fetch_optional(&self.pool)
        .await?;
        Ok(found.is_some())
    }

    /// Whom the opener of `room`'s game `game` named its admins, in the order named.
    pub async fn admins(&self, room: &str, game: i64) -> Result<Vec<User>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT u.id, u.name FROM web_room_admins a JOIN web_users u ON u.id = a.user_id \
             WHERE a.room = ? AND a.game = ? ORDER BY a.at, u.id",
        )
        .bind(room)
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(user).collect())
    }

    /// The room a message is in, if it is in a room.
    pub async fn room_of(&self, id: i64) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT chat FROM web_messages WHERE id = ? AND chat_kind = 'room'")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// A message's picture and its key (see [`Message::picture_key`]), if it has one and is in
    /// one of `chats`.
    pub async fn picture(
        &self,
        id: i64,
        chats: &[Chat],
    ) -> Result<Option<(Vec<u8>, String)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT coalesce(f.bytes, m.picture), m.chat_kind, m.chat, \
             coalesce(f.hash, 'inline') FROM web_messages m \
             LEFT JOIN files f ON f.hash = m.picture_hash \
             WHERE m.id = ? AND (f.bytes IS NOT NULL OR m.picture IS NOT NULL)",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row
            .filter(|r| in_chats_at(r, 1, chats))
            .map(|r| (r.get::<Vec<u8>, _>(0), r.get::<String, _>(3))))
    }

    /// A message's file (name and text), if it has one and is in one of `chats`.
    pub async fn file(
        &self,
        id: i64,
        chats: &[Chat],
    ) -> Result<Option<(String, String)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT file_name, file_text, chat_kind, chat FROM web_messages \
             WHERE id = ? AND file_name IS NOT NULL",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row
            .filter(|r| in_chats_at(r, 2, chats))
            .map(|r| (r.get(0), r.get(1))))
    }

    /// Closes the connections.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// A user from a row whose first columns are his id and name.
fn user(r: &SqliteRow) -> User {
    User {
        id: r.get(0),
        name: r.get(1),
    }
}

fn message(r: &SqliteRow) -> Message {
    let buttons: Option<String> = r.get(6);
    let picture_key: Option<String> = r.get(7);
    Message {
        id: r.get(0),
        rev: r.get(1),
        chat: r.get(2),
        author_id: r.get(3),
        author: r.get(4),
        text: r.get(5),
        buttons: buttons
            .and_then(|b| serde_json::from_str(&b).ok())
            .unwrap_or_default(),
        picture: picture_key.is_some(),
        picture_key,
        file: r.get(8),
        at: r.get(9),
        game: r.get(10),
    }
}

/// Whether a row of [`COLUMNS`] and `m.chat` is in one of `chats`.
fn in_chats(r: &SqliteRow, chats: &[Chat]) -> bool {
    let (kind, key): (String, String) = (r.get(2), r.get(11));
    chats.iter().any(|c| c.kind() == kind && c.key() == key)
}

/// Whether a row whose kind and chat stand at `at` and `at + 1` is in one of `chats`.
fn in_chats_at(r: &SqliteRow, at: usize, chats: &[Chat]) -> bool {
    let (kind, key): (String, String) = (r.get(at), r.get(at + 1));
    chats.iter().any(|c| c.kind() == kind && c.key() == key)
}
