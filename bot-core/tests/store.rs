//! The session engine's storage on a real SQLite file: atomic commits, redelivered updates, the
//! outbox's order per target, restarts, two processes on one file, export and import.

use std::path::Path;
use std::task::Poll;

use bot_core::i18n::{Lang, Localize};
use bot_core::store::{
    Commit, CommitResult, Durability, GameId, GameRecord, GameStatus, GameUpdate, GameWrite,
    InboundKey, NewGame, NewOrder, NewOutgoing, NewTimer, OutboxId, Platform, Player, Store,
    StoreError, StoreOptions, Target, TimerChanges, UnixMs,
};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};

#[path = "../src/testkit/scratch.rs"]
mod support;
use support::{Raw, TempDb, engines};

/// A connection of our own to the file, to look at the tables behind the store's back.
async fn raw(db: &TempDb) -> SqlitePool {
    SqlitePool::connect_with(SqliteConnectOptions::new().filename(db.path()))
        .await
        .expect("raw connection")
}

/// Rows in each table, to prove a failed commit wrote nothing.
async fn counts(raw: &Raw) -> Vec<(&'static str, i64)> {
    let mut out = vec![];
    for table in [
        "games", "players", "orders", "outbox", "inbound", "meta", "timers",
    ] {
        out.push((table, raw.count(table).await));
    }
    out
}

const TG: Platform = Platform::Telegram;

fn player(seat: u32, user: &str) -> Player {
    Player {
        seat,
        user_id: user.into(),
        name: format!("Player {user}"),
        lang: Lang::Ru,
    }
}

fn say(target: Target, text: &str) -> NewOutgoing {
    NewOutgoing::new(target, serde_json::json!({ "text": text }).to_string())
}

/// A commit creating a running game in a chat with two players.
fn new_game(chat: &str, users: [&str; 2], at: i64) -> Commit {
    Commit {
        game: Some(GameWrite::Insert(NewGame {
            platform: TG,
            chat: chat.into(),
            kind: "labyrinth".into(),
            status: GameStatus::Playing,
            state: serde_json::json!({ "chat": chat, "turn": 0 }).to_string(),
        })),
        roster: Some(vec![player(0, users[0]), player(1, users[1])]),
        outbox: vec![say(Target::chat(TG, chat), "the game begins")],
        ..Commit::at(UnixMs(at))
    }
}

/// A commit of one accepted order to a game read at `game`'s version.
fn order(game: &GameRecord, update: &str, user: &str, text: &str, at: i64) -> Commit {
    Commit {
        inbound: Some(InboundKey::new(TG, update)),
        game: Some(GameWrite::Update(GameUpdate {
            id: game.id,
            expected_version: game.version,
            status: GameStatus::Playing,
            state: serde_json::json!({ "last": text }).to_string(),
        })),
        orders: vec![NewOrder {
            user_id: user.into(),
            text: text.into(),
        }],
        outbox: vec![
            say(Target::chat(TG, &game.chat), &format!("{user}: {text}")),
            say(Target::user(TG, user), "you see a wall"),
        ],
        ..Commit::at(UnixMs(at))
    }
}

async fn created(store: &Store, c: Commit) -> GameRecord {
    let id = store.commit(c).await.expect("commit").game.expect("game").0;
    store.game(id).await.expect("read").expect("game exists")
}

#[tokio::test]
async fn the_write_ahead_log_and_foreign_keys_are_really_on() {
    let db = TempDb::new("store-pragmas");
    let store = Store::open(db.path()).await.unwrap();
    let s = store.settings().await.unwrap().expect("a SQLite file");
    for c in [&s.writer, &s.reader] {
        assert_eq!(c.journal_mode, "wal");
        assert!(c.foreign_keys);
        assert_eq!(c.synchronous, 1, "NORMAL by default");
        assert_eq!(c.busy_timeout_ms, 5000);
    }
    store.close().await;

    let full = StoreOptions {
        durability: Durability::Full,
        ..StoreOptions::default()
    };
    let store = Store::open_with(db.path(), &full).await.unwrap();
    let s = store.settings().await.unwrap().expect("a SQLite file");
    assert_eq!(s.writer.synchronous, 2);
    // The file itself is in WAL mode, so another program opening it gets the log too.
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&raw(&db).await)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
}

#[tokio::test]
async fn foreign_keys_refuse_rows_of_a_missing_game() {
    let db = TempDb::new("store-fk");
    let store = Store::open(db.path()).await.unwrap();
    // Through the store, a roster of a game that does not exist is a version problem, not a row.
    let err = store
        .commit(Commit {
            game: Some(GameWrite::Update(GameUpdate {
                id: GameId(99),
                expected_version: 1,
                status: GameStatus::Playing,
                state: "{}".into(),
            })),
            roster: Some(vec![player(0, "1")]),
            ..Commit::at(UnixMs(1))
        })
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::GameNotFound(GameId(99))), "{err}");
    // And the schema itself refuses an orphan, on a connection with foreign keys on as the store's.
    let pool = SqlitePool::connect_with(
        SqliteConnectOptions::new()
            .filename(db.path())
            .foreign_keys(true),
    )
    .await
    .unwrap();
    let orphan = sqlx::query(
        "INSERT INTO orders (game_id, seq, user_id, text, at) VALUES (99, 1, 'u', 't', 0)",
    )
    .execute(&pool)
    .await;
    assert!(orphan.is_err());
}

#[tokio::test]
async fn an_accepted_order_is_stored_with_its_state_messages_and_key() {
    for db in engines("store-order").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let game = created(&store, new_game("-100", ["1", "2"], 1_000)).await;
        assert_eq!(game.version, 1);
        assert_eq!(game.created_at, UnixMs(1_000));

        let r = store
            .commit(order(&game, "u:10", "1", "вверх", 2_000))
            .await
            .unwrap();
        assert_eq!(r.game, Some((game.id, 2)));
        assert_eq!(r.order_seqs, vec![1]);
        assert_eq!(r.outbox_ids.len(), 2);
        assert!(r.outbox_ids[0] < r.outbox_ids[1]);
        let game = store.game(game.id).await.unwrap().unwrap();
        let r = store
            .commit(order(&game, "u:11", "2", "вниз", 3_000))
            .await
            .unwrap();
        assert_eq!(r.order_seqs, vec![2]);

        let game = store.game(game.id).await.unwrap().unwrap();
        assert_eq!(game.version, 3);
        assert_eq!(game.state, "{\"last\":\"вниз\"}");
        assert_eq!(game.updated_at, UnixMs(3_000));
        assert_eq!(game.created_at, UnixMs(1_000));
        let log = store.orders(game.id).await.unwrap();
        let texts: Vec<_> = log.iter().map(|o| (o.seq, o.text.as_str(), o.at)).collect();
        assert_eq!(
            texts,
            vec![(1, "вверх", UnixMs(2_000)), (2, "вниз", UnixMs(3_000))]
        );
        assert_eq!(store.players(game.id).await.unwrap()[1], player(1, "2"));
        assert!(
            store
                .is_processed(&InboundKey::new(TG, "u:10"))
                .await
                .unwrap()
        );
        assert!(
            !store
                .is_processed(&InboundKey::new(TG, "u:12"))
                .await
                .unwrap()
        );
    }
}

#[tokio::test]
async fn a_commit_refused_halfway_leaves_every_table_untouched() {
    for db in engines("store-atomic").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let pool = db.raw().await;
        let game = created(&store, new_game("-100", ["1", "2"], 1)).await;
        let before = counts(&pool).await;

        // Fails after the inbound key and the game's new version were written: a roster repeating a seat.
        let mut halfway = order(&game, "u:1", "1", "вверх", 2);
        halfway.roster = Some(vec![player(0, "1"), player(0, "2")]);
        halfway.timers.set.push(NewTimer {
            kind: "deadline".into(),
            due_at: UnixMs(99),
            payload: "{}".into(),
        });
        halfway.meta.push(("telegram.offset".into(), "2".into()));
        let err = store.commit(halfway).await.unwrap_err();
        assert!(matches!(err, StoreError::InvalidCommit(_)), "{err}");
        assert_eq!(counts(&pool).await, before);
        assert_eq!(store.game(game.id).await.unwrap().unwrap(), game);

        // A stale version.
        let mut stale = order(&game, "u:2", "1", "вверх", 3);
        if let Some(GameWrite::Update(u)) = &mut stale.game {
            u.expected_version = 7;
        }
        stale.meta.push(("telegram.offset".into(), "3".into()));
        let err = store.commit(stale).await.unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Conflict {
                    expected: 7,
                    found: 1,
                    ..
                }
            ),
            "{err}"
        );
        assert_eq!(counts(&pool).await, before);
        assert_eq!(store.meta("telegram.offset").await.unwrap(), None);
        assert!(
            !store
                .is_processed(&InboundKey::new(TG, "u:2"))
                .await
                .unwrap()
        );

        // Orders without a game to belong to.
        let orphan = Commit {
            inbound: Some(InboundKey::new(TG, "u:3")),
            orders: vec![NewOrder {
                user_id: "1".into(),
                text: "вверх".into(),
            }],
            ..Commit::at(UnixMs(4))
        };
        assert!(matches!(
            store.commit(orphan).await,
            Err(StoreError::InvalidCommit(_))
        ));
        assert_eq!(counts(&pool).await, before);

        // A state that is not JSON could not be exported again, so it is refused up front.
        let mut garbled = order(&game, "u:4", "1", "вверх", 5);
        if let Some(GameWrite::Update(u)) = &mut garbled.game {
            u.state = "{\"last\": вверх}".into();
        }
        let err = store.commit(garbled).await.unwrap_err();
        assert!(matches!(err, StoreError::InvalidCommit(_)), "{err}");
        assert!(!err.to_string().contains("вверх"));
        assert_eq!(counts(&pool).await, before);
    }
}

#[tokio::test]
async fn a_redelivered_update_does_nothing_twice() {
    for db in engines("store-dup").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let pool = db.raw().await;
        let game = created(&store, new_game("-100", ["1", "2"], 1)).await;
        store
            .commit(order(&game, "u:5", "1", "вверх", 2))
            .await
            .unwrap();
        let after_first = counts(&pool).await;
        let game = store.game(game.id).await.unwrap().unwrap();

        // The same update again, even against the current version, is refused whole.
        let err = store
            .commit(order(&game, "u:5", "1", "вверх", 3))
            .await
            .unwrap_err();
        assert!(
            matches!(&err, StoreError::Duplicate { key, .. } if key == "u:5"),
            "{err}"
        );
        assert_eq!(counts(&pool).await, after_first);
        assert_eq!(store.orders(game.id).await.unwrap().len(), 1);
        assert_eq!(store.game(game.id).await.unwrap().unwrap().version, 2);

        // The same key from another platform is another update.
        let mut discord = Commit::at(UnixMs(4));
        discord.inbound = Some(InboundKey::new(Platform::Discord, "u:5"));
        assert!(store.commit(discord).await.is_ok());
    }
}

/// The ids of the sendable Telegram messages at a time.
async fn sendable(store: &Store, now: i64) -> Vec<OutboxId> {
    store
        .sendable_outbox(TG, UnixMs(now), 100)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.id)
        .collect()
}

async fn enqueue(store: &Store, messages: Vec<NewOutgoing>) -> Vec<OutboxId> {
    let c = Commit {
        outbox: messages,
        ..Commit::at(UnixMs(0))
    };
    store.commit(c).await.unwrap().outbox_ids
}

#[tokio::test]
async fn the_outbox_keeps_the_order_of_each_target() {
    for db in engines("store-outbox").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let (a, b) = (Target::chat(TG, "A"), Target::chat(TG, "B"));
        let ids = enqueue(
            &store,
            vec![
                say(a.clone(), "1"),
                say(a.clone(), "2"),
                say(b.clone(), "3"),
            ],
        )
        .await;
        let (m1, m2, m3) = (ids[0], ids[1], ids[2]);
        enqueue(&store, vec![say(Target::chat(Platform::Discord, "A"), "d")]).await;

        assert_eq!(sendable(&store, 0).await, vec![m1, m3]);
        let first = &store.sendable_outbox(TG, UnixMs(0), 1).await.unwrap()[0];
        assert_eq!(first.payload, "{\"text\":\"1\"}");
        assert_eq!(first.target, a);

        store.mark_sent(m1, Some("501"), UnixMs(10)).await.unwrap();
        assert_eq!(sendable(&store, 10).await, vec![m2, m3]);
        // Marking again is harmless; an unknown id is not.
        store.mark_sent(m1, Some("501"), UnixMs(11)).await.unwrap();
        assert!(matches!(
            store.mark_sent(OutboxId(999), None, UnixMs(11)).await,
            Err(StoreError::OutgoingNotFound(OutboxId(999)))
        ));

        // A failed message holds back its target's later messages until its retry time.
        store.mark_failed(m2, UnixMs(1_000)).await.unwrap();
        let m4 = enqueue(&store, vec![say(a.clone(), "4")]).await[0];
        assert_eq!(sendable(&store, 999).await, vec![m3]);
        let retried = store.sendable_outbox(TG, UnixMs(1_000), 10).await.unwrap();
        assert_eq!(retried[0].id, m2);
        assert_eq!(retried[0].attempts, 1);
        assert_eq!(sendable(&store, 1_000).await, vec![m2, m3]);

        // A message given up on lets the next one through.
        store.mark_dropped(m2, UnixMs(1_001)).await.unwrap();
        assert_eq!(sendable(&store, 1_001).await, vec![m3, m4]);

        // The platform's message id is kept, and old sent messages can be pruned.
        let pid = db
            .raw()
            .await
            .text("SELECT platform_message_id FROM outbox WHERE id = $1", m1.0)
            .await;
        assert_eq!(pid.as_deref(), Some("501"));
        assert_eq!(store.prune_sent(UnixMs(2_000)).await.unwrap(), 2);
        assert_eq!(sendable(&store, 1_001).await, vec![m3, m4]);
        // Ids keep growing after the pruning, even when every message was sent and pruned.
        let m5 = enqueue(&store, vec![say(b, "5")]).await[0];
        assert!(m5 > m4);
        for m in [m3, m4, m5] {
            store.mark_sent(m, None, UnixMs(1_500)).await.unwrap();
        }
        assert_eq!(store.prune_sent(UnixMs(2_000)).await.unwrap(), 2);
        let m6 = enqueue(&store, vec![say(a, "6")]).await[0];
        assert!(m6 > m5);
    }
}

#[tokio::test]
async fn everything_is_there_after_a_restart() {
    for db in engines("store-reopen").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let mut c = new_game("-100", ["1", "2"], 1);
        c.timers.set.push(NewTimer {
            kind: "deadline".into(),
            due_at: UnixMs(86_400_000),
            payload: "{\"round\":1}".into(),
        });
        c.meta.push(("telegram.offset".into(), "41".into()));
        let game = created(&store, c).await;
        let r = store
            .commit(order(&game, "u:1", "1", "вверх", 2))
            .await
            .unwrap();
        store.close().await;

        let store = Store::connect(&db.url()).await.unwrap();
        let running = store.running_games().await.unwrap();
        assert_eq!(running.len(), 1);
        assert_eq!(running[0].version, 2);
        assert_eq!(store.players(game.id).await.unwrap().len(), 2);
        assert_eq!(store.orders(game.id).await.unwrap().len(), 1);
        assert_eq!(
            store.next_timer_due().await.unwrap(),
            Some(UnixMs(86_400_000))
        );
        assert_eq!(
            store.meta("telegram.offset").await.unwrap().as_deref(),
            Some("41")
        );
        assert!(
            store
                .is_processed(&InboundKey::new(TG, "u:1"))
                .await
                .unwrap()
        );
        // Nothing was marked sent: the greeting to the chat and the private message wait, one per target.
        let waiting = sendable(&store, 3).await;
        assert_eq!(waiting.len(), 2);
        assert!(waiting.contains(&r.outbox_ids[1]));
    }
}

#[tokio::test]
async fn two_handles_on_one_file_see_and_respect_each_other() {
    for db in engines("store-two").await {
        // Two processes starting at once on a new file: both get a working store.
        let url = db.url();
        let (a, b) = tokio::join!(Store::connect(&url), Store::connect(&url));
        let (telegram, discord) = (a.unwrap(), b.unwrap());

        let game = created(&telegram, new_game("-100", ["1", "2"], 1)).await;
        let seen = discord.running_game_in_chat(TG, "-100").await.unwrap();
        assert_eq!(seen.as_ref(), Some(&game));

        // Both read version 1; the second writer is told the game moved on.
        telegram
            .commit(order(&game, "u:1", "1", "вверх", 2))
            .await
            .unwrap();
        let err = discord
            .commit(order(&game, "u:2", "2", "вниз", 3))
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::Conflict { found: 2, .. }),
            "{err}"
        );

        // Writes from both at once all land.
        let busy = |store: Store, chat: &'static str| async move {
            for i in 0..50 {
                let mut c = Commit::at(UnixMs(i));
                c.inbound = Some(InboundKey::new(TG, format!("{chat}:{i}")));
                c.outbox.push(say(Target::chat(TG, chat), "tick"));
                store.commit(c).await?;
            }
            Ok::<_, StoreError>(())
        };
        let (x, y) = tokio::join!(
            tokio::spawn(busy(telegram.clone(), "X")),
            tokio::spawn(busy(discord.clone(), "Y"))
        );
        x.unwrap().unwrap();
        y.unwrap().unwrap();
        let inbound = db.raw().await.count("inbound").await;
        assert_eq!(inbound, 101);
    }
}

#[tokio::test]
async fn a_chat_has_one_running_game_and_a_user_many_chats() {
    for db in engines("store-running").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let first = created(&store, new_game("-100", ["1", "2"], 1)).await;

        let err = store
            .commit(new_game("-100", ["3", "4"], 2))
            .await
            .unwrap_err();
        assert!(
            matches!(&err, StoreError::ChatBusy { running, .. } if *running == first.id),
            "{err}"
        );
        assert!(err.localize(Lang::Ru).contains("игра"));
        assert_ne!(err.localize(Lang::En), err.localize(Lang::Ru));

        // The same chat id on another platform is another chat.
        let mut discord = new_game("-100", ["1", "5"], 3);
        if let Some(GameWrite::Insert(g)) = &mut discord.game {
            g.platform = Platform::Discord;
        }
        discord.outbox.clear();
        store.commit(discord).await.unwrap();

        let second = created(&store, new_game("-200", ["1", "3"], 4)).await;
        let ids: Vec<_> = store
            .running_games_of_user(TG, "1")
            .await
            .unwrap()
            .into_iter()
            .map(|g| g.id)
            .collect();
        assert_eq!(ids, vec![first.id, second.id]);

        // Finishing the first game frees its chat and drops it from the user's games.
        let finish = Commit {
            game: Some(GameWrite::Update(GameUpdate {
                id: first.id,
                expected_version: 1,
                status: GameStatus::Finished,
                state: "{}".into(),
            })),
            ..Commit::at(UnixMs(5))
        };
        store.commit(finish).await.unwrap();
        let ids: Vec<_> = store
            .running_games_of_user(TG, "1")
            .await
            .unwrap()
            .into_iter()
            .map(|g| g.id)
            .collect();
        assert_eq!(ids, vec![second.id]);
        let third = created(&store, new_game("-100", ["3", "4"], 6)).await;
        assert_eq!(
            store.running_game_in_chat(TG, "-100").await.unwrap(),
            Some(third.clone())
        );

        // Bringing the finished game back while the chat has another is refused.
        let revive = Commit {
            game: Some(GameWrite::Update(GameUpdate {
                id: first.id,
                expected_version: 2,
                status: GameStatus::Paused,
                state: "{}".into(),
            })),
            ..Commit::at(UnixMs(7))
        };
        let err = store.commit(revive).await.unwrap_err();
        assert!(
            matches!(&err, StoreError::ChatBusy { running, .. } if *running == third.id),
            "{err}"
        );
        assert_eq!(store.running_games().await.unwrap().len(), 3);
    }
}

fn timer(kind: &str, due: i64) -> NewTimer {
    NewTimer {
        kind: kind.into(),
        due_at: UnixMs(due),
        payload: serde_json::json!({ "kind": kind }).to_string(),
    }
}

fn set_timers(game: &GameRecord, timers: TimerChanges, status: GameStatus, at: i64) -> Commit {
    Commit {
        game: Some(GameWrite::Update(GameUpdate {
            id: game.id,
            expected_version: game.version,
            status,
            state: "{}".into(),
        })),
        timers,
        ..Commit::at(UnixMs(at))
    }
}

#[tokio::test]
async fn timers_come_due_in_order_and_end_with_their_game() {
    for db in engines("store-timers").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let g1 = created(&store, new_game("-1", ["1", "2"], 0)).await;
        let g2 = created(&store, new_game("-2", ["3", "4"], 0)).await;
        let changes = TimerChanges {
            set: vec![timer("deadline", 100), timer("reminder", 50)],
            ..TimerChanges::default()
        };
        store
            .commit(set_timers(&g1, changes, GameStatus::Playing, 1))
            .await
            .unwrap();
        let changes = TimerChanges {
            set: vec![timer("deadline", 200)],
            ..TimerChanges::default()
        };
        store
            .commit(set_timers(&g2, changes, GameStatus::Playing, 1))
            .await
            .unwrap();

        let due = store.due_timers(UnixMs(100), None, 100).await.unwrap();
        let due: Vec<_> = due
            .iter()
            .map(|t| (t.game_id, t.kind.as_str(), t.due_at))
            .collect();
        assert_eq!(
            due,
            vec![
                (g1.id, "reminder", UnixMs(50)),
                (g1.id, "deadline", UnixMs(100))
            ]
        );
        assert!(
            store
                .due_timers(UnixMs(49), None, 100)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(store.next_timer_due().await.unwrap(), Some(UnixMs(50)));

        // Setting a kind again moves it; clearing a kind removes only that one.
        let g1 = store.game(g1.id).await.unwrap().unwrap();
        let changes = TimerChanges {
            clear: vec!["reminder".into()],
            set: vec![timer("deadline", 300)],
            ..TimerChanges::default()
        };
        store
            .commit(set_timers(&g1, changes, GameStatus::Playing, 2))
            .await
            .unwrap();
        let left: Vec<_> = store
            .timers(g1.id)
            .await
            .unwrap()
            .into_iter()
            .map(|t| (t.kind, t.due_at))
            .collect();
        assert_eq!(left, vec![("deadline".to_string(), UnixMs(300))]);

        // An aborted game leaves no timer behind, even one it sets on the way out.
        let g2 = store.game(g2.id).await.unwrap().unwrap();
        let changes = TimerChanges {
            set: vec![timer("reminder", 250)],
            ..TimerChanges::default()
        };
        store
            .commit(set_timers(&g2, changes, GameStatus::Aborted, 3))
            .await
            .unwrap();
        assert!(store.timers(g2.id).await.unwrap().is_empty());
        assert_eq!(store.next_timer_due().await.unwrap(), Some(UnixMs(300)));
    }
}

#[tokio::test]
async fn due_timers_come_in_bounded_batches_each_after_the_last() {
    for db in engines("store-timer-batches").await {
        let store = Store::connect(&db.url()).await.unwrap();
        // Seven games, their deadlines at 10, 20, ... and a reminder each at the same time as the
        // deadline of the game before: ties are broken by game, then kind.
        let mut expected = vec![];
        for i in 0..7i64 {
            let g = created(&store, new_game(&format!("-{i}"), ["1", "2"], 0)).await;
            let changes = TimerChanges {
                set: vec![timer("deadline", 10 * (i + 1)), timer("reminder", 10 * i)],
                ..TimerChanges::default()
            };
            store
                .commit(set_timers(&g, changes, GameStatus::Playing, 1))
                .await
                .unwrap();
            expected.push((UnixMs(10 * (i + 1)), g.id, "deadline".to_string()));
            expected.push((UnixMs(10 * i), g.id, "reminder".to_string()));
        }
        expected.retain(|(due, _, _)| due.0 <= 60);
        expected.sort();
        let mut seen = vec![];
        let mut after = None;
        loop {
            let batch = store
                .due_timers(UnixMs(60), after.as_ref(), 3)
                .await
                .unwrap();
            assert!(batch.len() <= 3, "a batch holds at most its limit");
            let Some(last) = batch.last() else { break };
            after = Some(last.key());
            seen.extend(batch.into_iter().map(|t| (t.due_at, t.game_id, t.kind)));
        }
        assert_eq!(seen, expected, "every due timer once, in due order");
    }
}

#[tokio::test]
async fn an_exported_game_imports_equal_under_a_new_id() {
    for db in engines("store-export").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let mut c = new_game("-100", ["1", "2"], 1);
        c.timers.set.push(timer("deadline", 500));
        let game = created(&store, c).await;
        store
            .commit(order(&game, "u:1", "1", "вверх", 2))
            .await
            .unwrap();
        let game = store.game(game.id).await.unwrap().unwrap();
        store
            .commit(order(&game, "u:2", "2", "стоп \"кавычки\"", 3))
            .await
            .unwrap();
        let doc = store.export_game(game.id).await.unwrap();
        assert!(doc.contains("\"format\": \"gm-game\""));

        // Its chat still has the game running.
        let err = store.import_game(&doc).await.unwrap_err();
        assert!(matches!(err, StoreError::ChatBusy { .. }), "{err}");

        // Into another database, the game arrives whole.
        let other_db = db.sibling("store-import").await;
        let other = Store::connect(&other_db.url()).await.unwrap();
        let id = other.import_game(&doc).await.unwrap();
        assert_eq!(other.export_game(id).await.unwrap(), doc);
        let copy = other.game(id).await.unwrap().unwrap();
        let original = store.game(game.id).await.unwrap().unwrap();
        assert_eq!(
            (copy.state, copy.version, copy.status, copy.created_at),
            (
                original.state,
                original.version,
                original.status,
                original.created_at
            )
        );
        assert_eq!(
            other.orders(id).await.unwrap(),
            store.orders(game.id).await.unwrap()
        );
        assert_eq!(
            other.players(id).await.unwrap(),
            store.players(game.id).await.unwrap()
        );
        assert_eq!(other.timers(id).await.unwrap()[0].due_at, UnixMs(500));
        // The log goes on from where it was.
        let r = other
            .commit(order(
                &other.game(id).await.unwrap().unwrap(),
                "u:3",
                "1",
                "влево",
                4,
            ))
            .await
            .unwrap();
        assert_eq!(r.order_seqs, vec![3]);

        // Once the original is aborted, the chat is free for the copy in the same database too.
        let current = store.game(game.id).await.unwrap().unwrap();
        let abort = set_timers(&current, TimerChanges::default(), GameStatus::Aborted, 5);
        store.commit(abort).await.unwrap();
        let copy = store.import_game(&doc).await.unwrap();
        assert_ne!(copy, game.id);
        assert_eq!(store.export_game(copy).await.unwrap(), doc);
    }
}

#[tokio::test]
async fn a_bad_export_is_refused_without_quoting_it() {
    for db in engines("store-badexport").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let pool = db.raw().await;
        let before = counts(&pool).await;
        let secret_but_broken = r#"{"format":"gm-game","format_version":1,"game":{"state":{"treasure":"C3"},"chat":SECRET}}"#;
        let err = store.import_game(secret_but_broken).await.unwrap_err();
        assert!(matches!(err, StoreError::BadExport(_)), "{err}");
        let text = err.to_string();
        assert!(!text.contains("SECRET") && !text.contains("C3"), "{text}");

        let other_format = r#"{"format":"backup","format_version":1,"game":{"platform":"telegram","chat":"1","kind":"labyrinth","status":"lobby","version":1,"created_at":0,"updated_at":0,"state":{}},"players":[],"orders":[],"timers":[]}"#;
        assert!(matches!(
            store.import_game(other_format).await,
            Err(StoreError::BadExport(_))
        ));
        let twice = other_format
        .replace("backup", "gm-game")
        .replace(
            r#""orders":[]"#,
            r#""orders":[{"seq":1,"user_id":"1","text":"a","at":0},{"seq":1,"user_id":"1","text":"b","at":0}]"#,
        );
        let err = store.import_game(&twice).await.unwrap_err();
        assert!(matches!(err, StoreError::BadExport(_)), "{err}");
        assert_eq!(counts(&pool).await, before);
    }
}

#[tokio::test]
async fn a_commit_whose_caller_gives_up_lands_whole_or_not_at_all() {
    for db in engines("store-cancel").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let game = created(&store, new_game("-100", ["1", "2"], 1)).await;
        // Stop waiting for commits after ever more polls, at every step of their transaction.
        for i in 0..60 {
            let current = store.game(game.id).await.unwrap().unwrap();
            let c = order(&current, &format!("u:{i}"), "1", "вверх", 10 + i);
            let mut commit = std::pin::pin!(store.commit(c));
            for _ in 0..i {
                let polled = std::future::poll_fn(|cx| Poll::Ready(commit.as_mut().poll(cx))).await;
                if polled.is_ready() {
                    break;
                }
                tokio::task::yield_now().await;
            }
        }
        // The store goes on: a caller retrying on a conflict gets its order in.
        let mut landed = None;
        for attempt in 0..100 {
            let current = store.game(game.id).await.unwrap().unwrap();
            match store
                .commit(order(
                    &current,
                    &format!("last:{attempt}"),
                    "1",
                    "вниз",
                    100,
                ))
                .await
            {
                Ok(r) => {
                    landed = Some(r);
                    break;
                }
                Err(StoreError::Conflict { .. }) => tokio::task::yield_now().await,
                Err(e) => panic!("{e}"),
            }
        }
        let r: CommitResult = landed.expect("the store accepts commits again");
        // Every commit that landed did so whole: one key, one order and one version each.
        let keys = db.raw().await.count("inbound").await;
        assert_eq!(store.orders(game.id).await.unwrap().len() as i64, keys);
        assert_eq!(r.order_seqs, vec![keys]);
        assert_eq!(r.game.unwrap().1, keys + 1);
    }
}

#[tokio::test]
async fn commits_whose_callers_give_up_in_the_queue_still_land() {
    for db in engines("store-queued").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let mut games = vec![];
        for i in 0..12 {
            games.push(created(&store, new_game(&format!("-{i}"), ["1", "2"], 1)).await);
        }
        // Each caller queues his commit and gives up after one look: the first holds the connection,
        // the others were still waiting for it.
        for (i, g) in games.iter().enumerate() {
            let mut commit =
                std::pin::pin!(store.commit(order(g, &format!("q:{i}"), "1", "вверх", 5)));
            let _ = std::future::poll_fn(|cx| Poll::Ready(commit.as_mut().poll(cx))).await;
        }
        // With no later commit to carry them, they land all the same.
        let mut waited = 0;
        loop {
            let mut landed = 0;
            for g in &games {
                let now = store.game(g.id).await.unwrap().unwrap();
                landed += usize::from(now.version == g.version + 1);
            }
            if landed == games.len() {
                break;
            }
            waited += 1;
            assert!(waited < 1000, "{landed} of {} landed", games.len());
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        for g in &games {
            assert_eq!(store.orders(g.id).await.unwrap().len(), 1);
        }
    }
}

#[tokio::test]
async fn commits_arriving_together_succeed_or_fail_each_on_its_own() {
    for db in engines("store-group").await {
        let store = Store::connect(&db.url()).await.unwrap();
        // Thirty games created at once, as a busy bot would: they share transactions. Two are refused:
        // #10 repeats #5's update, #20 opens a game in #3's chat.
        let tasks: Vec<_> = (0..30)
            .map(|i| {
                let chat = if i == 20 {
                    "chat-3".to_string()
                } else {
                    format!("chat-{i}")
                };
                let update = if i == 10 { 5 } else { i };
                let mut c = new_game(&chat, ["1", "2"], i);
                c.inbound = Some(InboundKey::new(TG, format!("u:{update}")));
                tokio::spawn({
                    let store = store.clone();
                    async move { store.commit(c).await }
                })
            })
            .collect();
        let mut outcomes = vec![];
        for t in tasks {
            outcomes.push(t.await.unwrap());
        }
        // The tasks run at once, so which of a clashing pair lands first is not theirs to say:
        // one of each pair lands, the other is refused for the clash.
        let duplicate = |o: &Result<_, StoreError>| matches!(o, Err(StoreError::Duplicate { .. }));
        let busy = |o: &Result<_, StoreError>| matches!(o, Err(StoreError::ChatBusy { .. }));
        for (a, b, refused) in [(5, 10, &duplicate as &dyn Fn(&_) -> bool), (3, 20, &busy)] {
            let (oa, ob) = (&outcomes[a], &outcomes[b]);
            assert!(
                (oa.is_ok() && refused(ob)) || (ob.is_ok() && refused(oa)),
                "{a}: {oa:?}, {b}: {ob:?}"
            );
        }
        for (i, outcome) in outcomes.iter().enumerate() {
            if ![3, 5, 10, 20].contains(&i) {
                assert!(outcome.is_ok(), "{i}: {outcome:?}");
            }
        }
        let pool = db.raw().await;
        let c = counts(&pool).await;
        assert_eq!(c[0], ("games", 28));
        assert_eq!(c[1], ("players", 56));
        assert_eq!(c[3], ("outbox", 28));
        assert_eq!(c[4], ("inbound", 28));

        // An order for every game at once, none refused: each game moves on by exactly one version.
        let games = store.running_games().await.unwrap();
        let tasks: Vec<_> = games
            .iter()
            .map(|g| {
                let c = order(g, &format!("order:{}", g.id.0), "1", "вверх", 100);
                let store = store.clone();
                tokio::spawn(async move { store.commit(c).await })
            })
            .collect();
        for t in tasks {
            assert_eq!(t.await.unwrap().unwrap().order_seqs, vec![1]);
        }
        for g in store.running_games().await.unwrap() {
            assert_eq!(g.version, 2);
        }
        assert_eq!(counts(&pool).await[2], ("orders", 28));
    }
}

/// A reply decided on a game the commit does not write (a refusal, a status) names the version it
/// read: it lands while the game is still there, and is refused whole once another writer moved it.
#[tokio::test]
async fn a_reply_to_a_game_read_at_an_old_version_is_refused() {
    for db in engines("store-expect").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let pool = db.raw().await;
        let game = created(&store, new_game("-100", ["1", "2"], 1)).await;
        let reply = |update: &str, version: i64| Commit {
            inbound: Some(InboundKey::new(TG, update)),
            outbox: vec![say(Target::chat(TG, "-100"), "not your turn")],
            expect: Some((game.id, version)),
            ..Commit::at(UnixMs(2))
        };
        store.commit(reply("u:1", game.version)).await.unwrap();
        store
            .commit(order(&game, "u:2", "1", "вверх", 3))
            .await
            .unwrap();
        let before = counts(&pool).await;
        let err = store.commit(reply("u:3", game.version)).await.unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Conflict {
                    expected: 1,
                    found: 2,
                    ..
                }
            ),
            "{err}"
        );
        assert_eq!(counts(&pool).await, before);
        assert!(
            !store
                .is_processed(&InboundKey::new(TG, "u:3"))
                .await
                .unwrap()
        );
        store.commit(reply("u:3", 2)).await.unwrap();
    }
}

/// A file made by an earlier version (the schema before `0004_lean_writes`), holding a game with its
/// players, orders, timers and messages, is brought up to date with every row kept: rebuilding the
/// games table must not cascade to the rows that refer to it.
#[tokio::test]
async fn an_older_file_is_migrated_with_every_row_kept() {
    use sqlx::Connection;
    let db = TempDb::new("store-migrate");
    let mut earlier = sqlx::migrate::Migrator::new(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../migrations/sqlite"
    )))
    .await
    .unwrap();
    let before = earlier
        .migrations
        .iter()
        .position(|m| m.description == "lean writes")
        .expect("the migration under test");
    earlier.migrations = earlier.migrations[..before].to_vec().into();
    let mut conn = sqlx::SqliteConnection::connect_with(
        &SqliteConnectOptions::new()
            .filename(db.path())
            .create_if_missing(true),
    )
    .await
    .unwrap();
    earlier.run(&mut conn).await.unwrap();
    for sql in [
        "INSERT INTO games VALUES (7, 'telegram', '-100', 'labyrinth', 'playing', '{}', 3, 1, 2)",
        "INSERT INTO games VALUES (8, 'discord', '55', 'labyrinth', 'finished', '{}', 9, 1, 2)",
        "INSERT INTO players VALUES (7, 0, 'telegram', '11', 'ann', 'ru')",
        "INSERT INTO players VALUES (7, 1, 'telegram', '12', 'bob', 'en')",
        "INSERT INTO orders VALUES (7, 1, '11', 'иду вверх', 5)",
        "INSERT INTO orders VALUES (7, 2, '12', 'go left', 6)",
        "INSERT INTO timers VALUES (7, 'deadline', 100, '2')",
        "INSERT INTO outbox (id, platform, target_kind, target, game_id, payload, created_at,
           slot, slot_edits, parts_sent) VALUES (41, 'telegram', 'chat', '-100', 7, '{}', 5,
           'status:7', 1, 2)",
        "INSERT INTO inbound VALUES ('telegram', 'u1', 5)",
    ] {
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    }
    conn.close().await.unwrap();

    let store = Store::open(db.path()).await.unwrap();
    let pool = raw(&db).await;
    assert_eq!(
        counts(&Raw::Sqlite(pool.clone())).await,
        [
            ("games", 2),
            ("players", 2),
            ("orders", 2),
            ("outbox", 1),
            ("inbound", 1),
            // The store's own mark that the pictures of older versions are files now.
            ("meta", 1),
            ("timers", 1)
        ]
    );
    let game = store.game(GameId(7)).await.unwrap().unwrap();
    assert_eq!((game.version, game.chat.as_str()), (3, "-100"));
    let orders = store.orders(GameId(7)).await.unwrap();
    assert_eq!(orders.len(), 2);
    assert_eq!(orders[0].text, "иду вверх");
    assert_eq!(store.next_timer_due().await.unwrap(), Some(UnixMs(100)));
    let users = store
        .running_games_of_user(TG, "12")
        .await
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect::<Vec<_>>();
    assert_eq!(users, [GameId(7)]);
    // The schema after it: the checks still refuse what they refused, and the references hold.
    let bad = sqlx::query(
        "INSERT INTO games VALUES (9, 'icq', 'x', 'labyrinth', 'lobby', '{}', 1, 1, 1)",
    )
    .execute(&pool)
    .await;
    assert!(bad.is_err(), "an unknown platform is refused");
    let bad = sqlx::query("UPDATE games SET status = 'sleeping' WHERE id = 7")
        .execute(&pool)
        .await;
    assert!(bad.is_err(), "an unknown status is refused");
    let outbox = sendable(&store, 1_000).await;
    assert_eq!(outbox, [OutboxId(41)]);
    // A redelivered update is still known.
    let mut c = Commit::at(UnixMs(9));
    c.inbound = Some(InboundKey::new(TG, "u1"));
    assert!(matches!(
        store.commit(c).await,
        Err(StoreError::Duplicate { .. })
    ));
}

/// A test that fails with its database open leaves nothing behind: unwinding drops the guard,
/// which takes the database's directory with the file and its WAL companions.
#[test]
fn a_test_database_goes_with_its_wal_files_when_the_test_panics() {
    let mut seen = None;
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let db = TempDb::new("store-panic");
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let _store = rt.block_on(async {
            let store = Store::open(&db).await.unwrap();
            store
                .commit(Commit {
                    meta: vec![("k".into(), "v".into())],
                    ..Commit::at(UnixMs(1))
                })
                .await
                .unwrap();
            store
        });
        let files: Vec<_> = ["gm.db", "gm.db-wal", "gm.db-shm"]
            .iter()
            .map(|f| db.dir().join(f))
            .collect();
        assert!(files.iter().all(|f| f.exists()), "{files:?}");
        seen = Some(db.dir().to_path_buf());
        panic!("a test failing with its database open");
    }));
    assert!(outcome.is_err());
    let dir = seen.expect("the database was made");
    assert!(!dir.exists(), "{} was left behind", dir.display());
}

/// What one input changes in several games (a player's setting written into each of his games)
/// lands whole or not at all: one stale game refuses them all, and the inbound key with them.
#[tokio::test]
async fn several_commits_land_together_or_not_at_all() {
    for db in engines("store-commit-all").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let g1 = created(&store, new_game("-1", ["1", "2"], 0)).await;
        let g2 = created(&store, new_game("-2", ["1", "3"], 0)).await;
        let mut stale = g2.clone();
        stale.version -= 1;
        let first = order(&g1, "u1", "1", "go up", 10);
        let second = set_timers(&stale, TimerChanges::default(), GameStatus::Playing, 10);
        let refused = store.commit_all(vec![first, second]).await;
        assert!(
            matches!(refused, Err(StoreError::Conflict { game, .. }) if game == g2.id),
            "{refused:?}"
        );
        assert_eq!(
            store.game(g1.id).await.unwrap().unwrap().version,
            g1.version
        );
        assert!(store.orders(g1.id).await.unwrap().is_empty());
        assert!(
            !store
                .is_processed(&InboundKey::new(TG, "u1"))
                .await
                .unwrap()
        );

        let first = order(&g1, "u1", "1", "go up", 10);
        let second = set_timers(&g2, TimerChanges::default(), GameStatus::Playing, 10);
        let done = store.commit_all(vec![first, second]).await.unwrap();
        assert_eq!(done.len(), 2);
        assert_eq!(done[0].game, Some((g1.id, g1.version + 1)));
        assert_eq!(done[1].game, Some((g2.id, g2.version + 1)));
        assert_eq!(store.orders(g1.id).await.unwrap().len(), 1);
        store.close().await;
    }
}

/// The database file removed (or replaced) under a running store is noticed within seconds:
/// nothing more is written into a file that is gone, and `lost` says so.
#[tokio::test]
async fn a_database_file_removed_under_the_store_is_noticed() {
    for replaced in [false, true] {
        let db = TempDb::new("store-lost");
        let store = Store::open(db.path()).await.unwrap();
        let g = created(&store, new_game("-1", ["1", "2"], 0)).await;
        std::fs::remove_file(db.path()).unwrap();
        if replaced {
            std::fs::write(db.path(), b"").unwrap();
        }
        let lost = tokio::time::timeout(std::time::Duration::from_secs(20), store.lost()).await;
        assert_eq!(lost.expect("noticed").as_path(), db.path());
        assert!(store.is_lost());
        let refused = store.commit(order(&g, "u1", "1", "go up", 10)).await;
        assert!(
            matches!(refused, Err(StoreError::FileLost(_))),
            "{refused:?}"
        );
        let refused = store.mark_sent(OutboxId(1), None, UnixMs(10)).await;
        assert!(
            matches!(refused, Err(StoreError::FileLost(_))),
            "{refused:?}"
        );
        store.close().await;
    }
}

/// A store with a bit of everything: a running game with players, orders and a timer, a message
/// with a picture waiting to go, a handled update, a setting, a tournament and a rating.
async fn furnished(store: &Store) -> GameRecord {
    use bot_core::store::{Blob, RatingWrite, TournamentWrite};
    let game = created(store, new_game("-100", ["7", "8"], 1_000)).await;
    let mut c = order(&game, "u1", "7", "go up", 2_000);
    c.timers.set.push(NewTimer {
        kind: "deadline".into(),
        due_at: UnixMs(90_000),
        payload: "{\"turn\": 1}".into(),
    });
    let mut board = say(Target::chat(TG, "-100"), "the board");
    board.picture = Some(Blob::new(vec![137, 80, 78, 71, 0, 1, 2]));
    c.outbox.push(board);
    c.meta.push(("telegram.offset".into(), "42".into()));
    c.tournament = Some(TournamentWrite::Insert {
        platform: TG,
        chat: "-100".into(),
        status: "lobby".into(),
        state: "{\"round\": 0}".into(),
    });
    c.ratings.push(RatingWrite {
        platform: TG,
        community: "-100".into(),
        game: "labyrinth".into(),
        user_id: "7".into(),
        name: "Player 7".into(),
        rating: "{\"r\": 1500}".into(),
        games: 1,
    });
    store.commit(c).await.unwrap();
    game
}

/// Kodex-free plumbing: `gm db copy` moves an installation whole, ids and all, into an empty
/// database of either engine, and refuses one that is not empty.
#[tokio::test]
async fn a_store_copies_whole_into_an_empty_one_of_either_engine() {
    let from = TempDb::new("copy-from");
    let source = Store::open(from.path()).await.unwrap();
    let game = furnished(&source).await;
    // More handled updates than a chunk of the copy holds, under a key of two columns.
    for k in 0..450 {
        let c = Commit {
            inbound: Some(InboundKey::new(TG, format!("bulk{k:03}"))),
            ..Commit::at(UnixMs(5_000))
        };
        source.commit(c).await.unwrap();
    }
    for db in engines("copy-to").await {
        let target = Store::connect(&db.url()).await.unwrap();
        let mut told = vec![];
        source
            .copy_to(&target, |table, rows| told.push((table.to_owned(), rows)))
            .await
            .unwrap();
        assert!(told.contains(&("games".to_owned(), 1)), "{told:?}");
        assert!(told.contains(&("inbound".to_owned(), 451)), "{told:?}");
        assert_eq!(db.raw().await.count("inbound").await, 451);
        assert_eq!(
            target.export_game(game.id).await.unwrap(),
            source.export_game(game.id).await.unwrap(),
            "{}",
            db.engine()
        );
        assert_eq!(
            target.unsent_outbox(TG).await.unwrap(),
            source.unsent_outbox(TG).await.unwrap()
        );
        assert!(
            target
                .unsent_outbox(TG)
                .await
                .unwrap()
                .iter()
                .any(|m| m.picture.is_some())
        );
        assert_eq!(
            target.meta("telegram.offset").await.unwrap().as_deref(),
            Some("42")
        );
        assert!(
            target
                .is_processed(&InboundKey::new(TG, "u1"))
                .await
                .unwrap()
        );
        assert_eq!(
            target.tournament_in_chat(TG, "-100").await.unwrap(),
            source.tournament_in_chat(TG, "-100").await.unwrap()
        );
        assert_eq!(
            target.ratings(TG, "-100", "labyrinth").await.unwrap(),
            source.ratings(TG, "-100", "labyrinth").await.unwrap()
        );
        // New rows take ids after the copied ones.
        let next = created(&target, new_game("-200", ["7", "9"], 3_000)).await;
        assert!(
            next.id > game.id,
            "{}: {:?} after {:?}",
            db.engine(),
            next.id,
            game.id
        );
        // A second copy into the same database is refused, and changes nothing.
        let again = source.copy_to(&target, |_, _| {}).await.unwrap_err();
        assert!(matches!(again, StoreError::NotEmpty(_)), "{again:?}");
        assert_eq!(db.raw().await.count("games").await, 2);
        target.close().await;
    }
    source.close().await;
}

/// Two processes on one PostgreSQL database share the outbox: each message is leased to one of
/// them, the order per target holds across them, and a dead process's lease is taken over once it
/// runs out (its message then goes again: at least once). On SQLite one process sends.
#[tokio::test]
async fn several_senders_lease_messages_and_take_over_a_dead_ones() {
    for db in engines("store-lease").await {
        if db.engine() != "postgres" {
            continue;
        }
        let options = StoreOptions {
            lease: std::time::Duration::from_secs(60),
            ..StoreOptions::default()
        };
        let location = bot_core::store::Location::parse(&db.url());
        let a = Store::connect_with(&location, &options).await.unwrap();
        let b = Store::connect_with(&location, &options).await.unwrap();
        assert_ne!(a.owner(), b.owner());
        let (x, y) = (Target::chat(TG, "X"), Target::chat(TG, "Y"));
        let ids = enqueue(&a, vec![say(x.clone(), "x1"), say(x, "x2"), say(y, "y1")]).await;
        let (x1, x2, y1) = (ids[0], ids[1], ids[2]);
        assert_eq!(sendable(&a, 1_000).await, vec![x1, y1]);
        assert_eq!(sendable(&b, 1_000).await, vec![], "both are A's");
        // A sends x1: x2 may go, to whoever asks first; y1 stays A's.
        a.mark_sent(x1, Some("1"), UnixMs(1_001)).await.unwrap();
        assert_eq!(sendable(&b, 1_002).await, vec![x2]);
        assert_eq!(sendable(&a, 1_002).await, vec![y1], "x2 is B's now");
        // A dies holding y1: after the lease B takes it, and sends it again.
        drop(a);
        assert_eq!(sendable(&b, 2_000).await, vec![x2], "A's lease still runs");
        assert_eq!(sendable(&b, 1_002 + 60_000).await, vec![x2, y1]);
        // A failed delivery frees its message for anyone after the back-off.
        b.mark_failed(y1, UnixMs(70_000)).await.unwrap();
        let c = Store::connect_with(&location, &options).await.unwrap();
        assert_eq!(sendable(&c, 70_000).await, vec![y1]);
        // A process that stops hands back what it held at once.
        c.close().await;
        assert_eq!(sendable(&b, 70_001).await, vec![x2, y1]);
        b.close().await;
    }
}

/// Each due timer is fired by one process: a claim keeps the others off it until the commit that
/// fires it, or until the claim's lease runs out.
#[tokio::test]
async fn a_due_timer_is_claimed_by_one_process() {
    for db in engines("store-claim").await {
        let location = bot_core::store::Location::parse(&db.url());
        let a = Store::connect_with(&location, &StoreOptions::default())
            .await
            .unwrap();
        let mut c = new_game("-7", ["1", "2"], 1_000);
        c.timers.set.push(NewTimer {
            kind: "deadline".into(),
            due_at: UnixMs(5_000),
            payload: "{}".into(),
        });
        let game = created(&a, c).await;
        let due = a.due_timers(UnixMs(6_000), None, 10).await.unwrap();
        let keys: Vec<_> = due.iter().map(|t| t.key()).collect();
        assert_eq!(a.claim_timers(&keys, UnixMs(6_000)).await.unwrap(), keys);
        if db.engine() != "postgres" {
            // One process fires on a SQLite file: a claim is a formality.
            continue;
        }
        let b = Store::connect_with(&location, &StoreOptions::default())
            .await
            .unwrap();
        assert!(
            b.due_timers(UnixMs(6_000), None, 10)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            b.claim_timers(&keys, UnixMs(6_000))
                .await
                .unwrap()
                .is_empty()
        );
        // A dies before firing it: once the lease ran out, B may.
        drop(a);
        let later = UnixMs(6_000 + 60_000);
        assert_eq!(b.due_timers(later, None, 10).await.unwrap().len(), 1);
        assert_eq!(b.claim_timers(&keys, later).await.unwrap(), keys);
        // Set again by the commit that fires it, the timer is free again.
        let mut fire = Commit::at(later);
        fire.game = Some(GameWrite::Update(GameUpdate {
            id: game.id,
            expected_version: game.version,
            status: GameStatus::Playing,
            state: "{}".into(),
        }));
        fire.timers.set.push(NewTimer {
            kind: "deadline".into(),
            due_at: UnixMs(70_000),
            payload: "{}".into(),
        });
        b.commit(fire).await.unwrap();
        let c = Store::connect_with(&location, &StoreOptions::default())
            .await
            .unwrap();
        assert_eq!(
            c.due_timers(UnixMs(70_000), None, 10).await.unwrap().len(),
            1
        );
        b.close().await;
        c.close().await;
    }
}

/// Every running game comes back in order, whole, however many there are: a SQLite file hands
/// them over a thousand to a row, and a chat whose name would not split so is read row by row.
#[tokio::test]
async fn every_running_game_comes_back_whole_in_order() {
    for db in engines("running-games").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let game = |chat: String, status: GameStatus| Commit {
            game: Some(GameWrite::Insert(NewGame {
                platform: TG,
                state: serde_json::json!({ "chat": chat, "text": "a \"quoted\" line\n" })
                    .to_string(),
                chat,
                kind: "labyrinth".into(),
                status,
            })),
            ..Commit::at(UnixMs(5))
        };
        let mut expected = vec![];
        for batch in 0..7 {
            let commits = (0..300)
                .map(|i| {
                    let n = batch * 300 + i;
                    let status = if n % 7 == 3 {
                        GameStatus::Finished
                    } else {
                        GameStatus::Playing
                    };
                    game(format!("chat {n} «ы»"), status)
                })
                .collect();
            for (r, n) in store
                .commit_all(commits)
                .await
                .unwrap()
                .iter()
                .zip(batch * 300..)
            {
                if n % 7 != 3 {
                    expected.push((r.game.unwrap().0, format!("chat {n} «ы»")));
                }
            }
        }
        let check = |expected: &[(GameId, String)], running: &[GameRecord]| {
            let got: Vec<(GameId, String)> =
                running.iter().map(|g| (g.id, g.chat.clone())).collect();
            assert_eq!(got, expected);
            for g in running {
                let state: serde_json::Value = serde_json::from_str(&g.state).unwrap();
                assert_eq!(state["chat"], g.chat.as_str());
                assert_eq!(
                    (g.version, g.created_at, g.held.as_deref()),
                    (1, UnixMs(5), None)
                );
                assert_eq!(g.status, GameStatus::Playing);
            }
        };
        check(&expected, &store.running_games().await.unwrap());
        // One game in brief, without its state.
        let (id, chat) = expected[5].clone();
        let brief = store.game_brief(id).await.unwrap().expect("the game");
        assert_eq!(
            (
                brief.platform,
                brief.chat,
                brief.kind.as_str(),
                brief.status
            ),
            (TG, chat, "labyrinth", GameStatus::Playing)
        );
        assert_eq!(store.game_brief(GameId(999_999)).await.unwrap(), None);
        // A name holding the separators of the joined rows.
        let odd = "odd\u{1f}chat\u{1e}".to_string();
        let r = store
            .commit(game(odd.clone(), GameStatus::Playing))
            .await
            .unwrap();
        expected.push((r.game.unwrap().0, odd));
        check(&expected, &store.running_games().await.unwrap());
    }
}
