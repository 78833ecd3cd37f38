//! Moving a chat's games to a new chat id. Telegram gives a group a new id when it becomes a
//! supergroup (which happens by itself when an admin changes some settings): the games, the
//! messages still to send and the chat's metadata must follow, or the game would go on talking to a
//! chat that no longer exists.

use super::Store;
use super::engine::on_writer;
use super::error::{StoreError, is_unique_violation};
use super::types::{GameId, OutboxId, Platform, UnixMs};

/// A chat that got a new id, and what moves with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatMove {
    /// The chat's platform.
    pub platform: Platform,
    /// The chat's old id.
    pub from: String,
    /// Its new id.
    pub to: String,
    /// Metadata keyed by the chat, renamed with it: (old key, new key). A new key that exists
    /// already takes the old key's value.
    pub meta: Vec<(String, String)>,
    /// The message whose sending made the new chat (a thread the bot opened for the old name):
    /// marked sent in the same transaction, so that a crash leaves either both done or neither.
    pub opened_by: Option<(OutboxId, UnixMs)>,
}

/// What a move changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moved {
    /// Games now filed under the new id (running and finished alike).
    pub games: u64,
    /// Unsent messages now addressed to the new id.
    pub messages: u64,
}

impl Store {
    /// Moves everything filed under a chat id to another, in one transaction: its games (each
    /// game's version is bumped, so that a writer that read the game under its old chat is refused
    /// with a conflict and reads it again), the messages to it not yet sent or given up (sent ones
    /// keep their old id: they are history, and a message that edits one of them is sent anew), and
    /// the given metadata. Moving a chat that has nothing, or to itself, changes nothing, so a
    /// move reported twice is harmless. Refused with [`StoreError::ChatBusy`], changing nothing,
    /// if both chats have a running game.
    pub async fn move_chat(&self, m: &ChatMove) -> Result<Moved, StoreError> {
        if m.from == m.to {
            return Ok(Moved::default());
        }
        let m = m.clone();
        self.detached(move |store| async move {
            on_writer!(store, |pool| {
                let mut tx = pool.begin().await?;
                if let Some((id, at)) = m.opened_by {
                    sqlx::query("UPDATE outbox SET sent_at = $1 WHERE id = $2 AND sent_at IS NULL")
                        .bind(at.0)
                        .bind(id.0)
                        .execute(&mut *tx)
                        .await?;
                }
                let games = sqlx::query(
                    "UPDATE games SET chat = $1, version = version + 1
                 WHERE platform = $2 AND chat = $3",
                )
                .bind(&m.to)
                .bind(m.platform.as_str())
                .bind(&m.from)
                .execute(&mut *tx)
                .await;
                let games = match games {
                    Ok(done) => done.rows_affected(),
                    Err(e) if is_unique_violation(&e) => {
                        // The transaction is spoilt on PostgreSQL: ask outside it.
                        tx.rollback().await?;
                        let running: Option<i64> = sqlx::query_scalar(
                            "SELECT id FROM games WHERE platform = $1 AND chat = $2
                           AND status NOT IN ('finished', 'aborted')",
                        )
                        .bind(m.platform.as_str())
                        .bind(&m.to)
                        .fetch_optional(pool)
                        .await?;
                        return Err(StoreError::ChatBusy {
                            platform: m.platform,
                            chat: m.to.clone(),
                            running: GameId(running.unwrap_or(0)),
                        });
                    }
                    Err(e) => return Err(e.into()),
                };
                let messages = sqlx::query(
                    "UPDATE outbox SET target = $1
                 WHERE platform = $2 AND target_kind = 'chat' AND target = $3
                   AND sent_at IS NULL AND dropped_at IS NULL",
                )
                .bind(&m.to)
                .bind(m.platform.as_str())
                .bind(&m.from)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                for (old, new) in &m.meta {
                    sqlx::query(
                        "INSERT INTO meta (key, value) SELECT $2, value FROM meta WHERE key = $1
                     ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    )
                    .bind(old)
                    .bind(new)
                    .execute(&mut *tx)
                    .await?;
                    sqlx::query("DELETE FROM meta WHERE key = $1")
                        .bind(old)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                Ok(Moved { games, messages })
            })
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{
        Commit, GameStatus, GameWrite, NewGame, NewOutgoing, OutboxId, Player, Target, UnixMs,
    };
    use crate::testkit::engines;

    const TG: Platform = Platform::Telegram;

    fn say(target: Target, text: &str) -> NewOutgoing {
        NewOutgoing::new(target, serde_json::json!({ "text": text }).to_string())
    }

    /// Creates a game in `chat` with one message to the chat and one to its player.
    async fn game(store: &Store, chat: &str, status: GameStatus) -> GameId {
        let c = Commit {
            game: Some(GameWrite::Insert(NewGame {
                platform: TG,
                chat: chat.into(),
                kind: "labyrinth".into(),
                status,
                state: "{}".into(),
            })),
            roster: Some(vec![Player {
                seat: 0,
                user_id: "42".into(),
                name: "Ann".into(),
                lang: crate::i18n::Lang::En,
            }]),
            outbox: vec![
                say(Target::chat(TG, chat), "hello"),
                say(Target::user(TG, "42"), "psst"),
            ],
            ..Commit::at(UnixMs(1))
        };
        store.commit(c).await.unwrap().game.unwrap().0
    }

    fn move_of(from: &str, to: &str) -> ChatMove {
        ChatMove {
            platform: TG,
            from: from.into(),
            to: to.into(),
            meta: vec![(format!("last:{from}"), format!("last:{to}"))],
            opened_by: None,
        }
    }

    #[tokio::test]
    async fn a_chat_moves_with_its_games_unsent_messages_and_meta() {
        for db in engines("rekey-move").await {
            let store = Store::connect(&db.url()).await.unwrap();
            let old_game = game(&store, "-1", GameStatus::Finished).await;
            let sent = store.sendable_outbox(TG, UnixMs(2), 10).await.unwrap();
            for o in &sent {
                store.mark_sent(o.id, Some("7"), UnixMs(2)).await.unwrap();
            }
            let running = game(&store, "-1", GameStatus::Playing).await;
            let mut c = Commit::at(UnixMs(3));
            c.meta.push(("last:-1".into(), running.0.to_string()));
            store.commit(c).await.unwrap();
            let version = store.game(running).await.unwrap().unwrap().version;
            // Another game elsewhere, and a user whose id happens to be the chat's: neither moves.
            let other = game(&store, "-5", GameStatus::Playing).await;
            store
                .commit(Commit {
                    outbox: vec![say(Target::user(TG, "-1"), "a user, not the chat")],
                    ..Commit::at(UnixMs(4))
                })
                .await
                .unwrap();

            let moved = store.move_chat(&move_of("-1", "-100777")).await.unwrap();
            assert_eq!(
                moved,
                Moved {
                    games: 2,
                    messages: 1
                }
            );

            let now = store
                .running_game_in_chat(TG, "-100777")
                .await
                .unwrap()
                .unwrap();
            assert_eq!(now.id, running);
            assert_eq!(now.version, version + 1, "a stale writer must conflict");
            assert!(
                store
                    .running_game_in_chat(TG, "-1")
                    .await
                    .unwrap()
                    .is_none()
            );
            assert_eq!(store.game(old_game).await.unwrap().unwrap().chat, "-100777");
            assert_eq!(store.game(other).await.unwrap().unwrap().chat, "-5");
            assert_eq!(store.meta("last:-1").await.unwrap(), None);
            assert_eq!(
                store.meta("last:-100777").await.unwrap(),
                Some(running.0.to_string())
            );
            let pending = store.sendable_outbox(TG, UnixMs(5), 10).await.unwrap();
            let targets: Vec<(String, String)> = pending
                .iter()
                .map(|o| (o.target.kind.as_str().to_string(), o.target.id.clone()))
                .collect();
            assert!(
                targets.contains(&("chat".into(), "-100777".into())),
                "{targets:?}"
            );
            assert!(
                targets.contains(&("user".into(), "-1".into())),
                "{targets:?}"
            );
            assert!(
                !targets.contains(&("chat".into(), "-1".into())),
                "{targets:?}"
            );
            // The message already sent stays where it was shown.
            let first = store
                .outgoing(OutboxId(sent[0].id.0))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(first.target.id, "-1");

            // Reported again (the service message, then the API error): nothing more to move.
            let again = store.move_chat(&move_of("-1", "-100777")).await.unwrap();
            assert_eq!(again, Moved::default());
            assert_eq!(
                store.meta("last:-100777").await.unwrap(),
                Some(running.0.to_string())
            );
            store.close().await;
        }
    }

    #[tokio::test]
    async fn a_move_onto_a_chat_with_its_own_running_game_changes_nothing() {
        for db in engines("rekey-busy").await {
            let store = Store::connect(&db.url()).await.unwrap();
            let a = game(&store, "-1", GameStatus::Playing).await;
            let b = game(&store, "-2", GameStatus::Lobby).await;
            let e = store.move_chat(&move_of("-1", "-2")).await.unwrap_err();
            assert!(
                matches!(&e, StoreError::ChatBusy { chat, running, .. } if chat == "-2" && *running == b),
                "{e}"
            );
            assert_eq!(store.game(a).await.unwrap().unwrap().chat, "-1");
            let to_old = store.sendable_outbox(TG, UnixMs(5), 10).await.unwrap();
            assert!(to_old.iter().any(|o| o.target.id == "-1"));
            store.close().await;
        }
    }

    #[tokio::test]
    async fn a_thread_opened_takes_its_name_messages_and_is_marked_sent_with_them() {
        for db in engines("rekey-thread").await {
            let store = Store::connect(&db.url()).await.unwrap();
            let name = "-100/r1g1";
            store
                .commit(Commit {
                    outbox: vec![
                        say(Target::chat(TG, name), "(open the thread)"),
                        say(Target::chat(TG, name), "the board"),
                    ],
                    ..Commit::at(UnixMs(1))
                })
                .await
                .unwrap();
            // Only the opener may go: the board waits behind it.
            let due = store.sendable_outbox(TG, UnixMs(2), 10).await.unwrap();
            assert_eq!(due.len(), 1);
            let opener = due[0].id;
            let m = ChatMove {
                opened_by: Some((opener, UnixMs(3))),
                ..move_of(name, "-100/77")
            };
            let moved = store.move_chat(&m).await.unwrap();
            assert_eq!(moved.messages, 1, "the opener is sent, not moved");
            let opened = store.outgoing(opener).await.unwrap().unwrap();
            assert_eq!(opened.target.id, name);
            let due = store.sendable_outbox(TG, UnixMs(4), 10).await.unwrap();
            let targets: Vec<&str> = due.iter().map(|o| o.target.id.as_str()).collect();
            assert_eq!(targets, vec!["-100/77"]);
            store.close().await;
        }
    }
}
