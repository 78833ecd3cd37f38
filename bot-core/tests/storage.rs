//! Storage that stays small, on a real SQLite file: pictures kept once by their hash, pruning that
//! keeps exactly what the guarantees need, a file that shrinks, and a database of the previous
//! version converted in place.

use bot_core::store::{
    Blob, Commit, GameStatus, GameUpdate, GameWrite, InboundKey, NewGame, NewOutgoing, Platform,
    Retention, Slot, Store, Target, UnixMs, hash_of,
};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};

#[path = "../src/testkit/scratch.rs"]
mod support;
use support::{TempDb, engines};

const TG: Platform = Platform::Telegram;
const HOUR: i64 = 3_600_000;

async fn raw(db: &TempDb) -> SqlitePool {
    SqlitePool::connect_with(SqliteConnectOptions::new().filename(db.path()))
        .await
        .expect("raw connection")
}

async fn count(pool: &SqlitePool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.expect(sql)
}

fn text(target: Target, text: &str) -> NewOutgoing {
    NewOutgoing::new(target, serde_json::json!({ "text": text }).to_string())
}

fn pictured(target: Target, caption: &str, png: &[u8]) -> NewOutgoing {
    NewOutgoing {
        picture: Some(Blob::new(png.to_vec())),
        ..text(target, caption)
    }
}

/// Bytes that look like nothing in particular, `n` of them, differing by `seed`.
fn noise(n: usize, seed: u8) -> Vec<u8> {
    let mut x = u32::from(seed).wrapping_mul(2_654_435_761) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

fn game_in(chat: &str, at: i64) -> Commit {
    Commit {
        game: Some(GameWrite::Insert(NewGame {
            platform: TG,
            chat: chat.into(),
            kind: "labyrinth".into(),
            status: GameStatus::Playing,
            state: "{}".into(),
        })),
        ..Commit::at(UnixMs(at))
    }
}

#[tokio::test]
async fn a_picture_sent_to_five_players_is_stored_once_and_delivered_to_each() {
    for db in engines("storage-once").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let png = noise(20_000, 1);
        let mut c = Commit::at(UnixMs(1));
        for user in ["1", "2", "3", "4", "5"] {
            c.outbox
                .push(pictured(Target::user(TG, user), "the map", &png));
        }
        store.commit(c).await.unwrap();
        // The same picture again in a later commit (sent again after a restart, say).
        let mut again = Commit::at(UnixMs(2));
        again
            .outbox
            .push(pictured(Target::chat(TG, "-1"), "the map", &png));
        store.commit(again).await.unwrap();

        let pool = db.raw().await;
        assert_eq!(pool.int("SELECT count(*) FROM files").await, 1);
        assert_eq!(
            pool.int("SELECT CAST(sum(size) AS BIGINT) FROM files")
                .await,
            png.len() as i64
        );
        // The payloads hold no bytes, not even as numbers.
        let largest = pool
            .int("SELECT CAST(max(length(payload)) AS BIGINT) FROM outbox")
            .await;
        assert!(largest < 100, "a payload of {largest} bytes");

        let sendable = store.sendable_outbox(TG, UnixMs(3), 10).await.unwrap();
        assert_eq!(sendable.len(), 6);
        for m in &sendable {
            assert_eq!(m.picture.as_deref(), Some(&png[..]), "{m:?}");
        }
        assert_eq!(store.file(&hash_of(&png)).await.unwrap(), Some(png));
    }
}

#[tokio::test]
async fn pruning_keeps_unsent_messages_live_slots_and_recent_keys_and_deletes_the_rest() {
    for db in engines("storage-prune").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let keep = Retention::default();
        let chat = || Target::chat(TG, "-1");
        let status = |edits| Slot {
            name: "status:1".into(),
            edits,
        };

        // At 0: the game begins with a board picture and a status card, both sent; an update handled.
        let mut c = Commit {
            inbound: Some(InboundKey::new(TG, "old-update")),
            ..game_in("-1", 0)
        };
        c.outbox.push(pictured(chat(), "board 1", &noise(5_000, 1)));
        c.outbox.push(NewOutgoing {
            slot: Some(status(false)),
            ..text(chat(), "status 1")
        });
        let begun = store.commit(c).await.unwrap();
        let (game, ids) = (begun.game.unwrap(), begun.outbox_ids);
        store
            .mark_sent(ids[0], Some("100"), UnixMs(1))
            .await
            .unwrap();
        store
            .mark_sent(ids[1], Some("101"), UnixMs(1))
            .await
            .unwrap();

        // At 2 h: another board (sent) and one to a player who has not opened his chat (unsent).
        let mut c = Commit {
            inbound: Some(InboundKey::new(TG, "new-update")),
            ..Commit::at(UnixMs(2 * HOUR))
        };
        c.outbox.push(pictured(chat(), "board 2", &noise(5_000, 2)));
        c.outbox.push(pictured(
            Target::user(TG, "7"),
            "your hand",
            &noise(5_000, 3),
        ));
        let later = store.commit(c).await.unwrap().outbox_ids;
        store
            .mark_sent(later[0], Some("102"), UnixMs(2 * HOUR))
            .await
            .unwrap();

        let pool = db.raw().await;
        let pruned = store.prune(UnixMs(2 * HOUR + 1), &keep).await.unwrap();
        // The first board went more than an hour ago: deleted with its picture. The status card is
        // the slot's message of a running game, kept for its edits; the second board is recent; the
        // unsent hand waits whatever its age.
        assert_eq!(pruned.messages, 1, "{pruned:?}");
        assert_eq!(pruned.files, 1, "{pruned:?}");
        assert_eq!(pruned.inbound, 0, "a week is kept");
        let left = pool.ints("SELECT id FROM outbox ORDER BY id").await;
        assert_eq!(left, vec![ids[1].0, later[0].0, later[1].0]);
        let edit = store
            .sendable_outbox(TG, UnixMs(3 * HOUR), 10)
            .await
            .unwrap();
        assert_eq!(edit.len(), 1, "the hand");
        assert!(edit[0].picture.is_some());

        // A day on the game ends; a week on the keys go; the unsent hand still waits.
        let end = store.game(game.0).await.unwrap().unwrap();
        store
            .commit(Commit {
                game: Some(GameWrite::Update(GameUpdate {
                    id: end.id,
                    expected_version: end.version,
                    status: GameStatus::Finished,
                    state: "{}".into(),
                })),
                ..Commit::at(UnixMs(24 * HOUR))
            })
            .await
            .unwrap();
        let pruned = store.prune(UnixMs(8 * 24 * HOUR), &keep).await.unwrap();
        assert_eq!(pruned.inbound, 2);
        // The status card of a finished game is no longer needed; the newest message of all (the
        // unsent hand) stays, so ids keep growing.
        assert_eq!(pruned.messages, 2, "{pruned:?}");
        let left = pool.ints("SELECT id FROM outbox ORDER BY id").await;
        assert_eq!(left, vec![later[1].0]);
        assert_eq!(pool.int("SELECT count(*) FROM files").await, 1);
    }
}

#[tokio::test]
async fn a_redelivered_update_within_the_window_is_still_refused() {
    for db in engines("storage-window").await {
        let store = Store::connect(&db.url()).await.unwrap();
        let key = InboundKey::new(TG, "update-5");
        store
            .commit(Commit {
                inbound: Some(key.clone()),
                ..Commit::at(UnixMs(0))
            })
            .await
            .unwrap();
        let keep = Retention::default();
        store.prune(UnixMs(keep.inbound - 1), &keep).await.unwrap();
        assert!(store.is_processed(&key).await.unwrap());
        store.prune(UnixMs(keep.inbound + 1), &keep).await.unwrap();
        assert!(!store.is_processed(&key).await.unwrap());
    }
}

#[tokio::test]
async fn the_file_shrinks_after_pruning() {
    let db = TempDb::new("storage-shrink");
    let store = Store::open(db.path()).await.unwrap();
    for n in 0..40u8 {
        let mut c = Commit::at(UnixMs(0));
        c.outbox
            .push(pictured(Target::chat(TG, "-1"), "board", &noise(50_000, n)));
        let id = store.commit(c).await.unwrap().outbox_ids[0];
        store.mark_sent(id, None, UnixMs(0)).await.unwrap();
    }
    let full = store.stats().await.unwrap();
    assert!(full.incremental_vacuum);
    assert!(full.bytes > 40 * 50_000, "{full:?}");
    let pruned = store
        .prune(UnixMs(2 * HOUR), &Retention::default())
        .await
        .unwrap();
    assert_eq!(pruned.files, 39, "the newest message keeps its picture");
    let freed = store.shrink().await.unwrap();
    let small = store.stats().await.unwrap();
    assert!(freed > 30 * 50_000, "freed {freed}");
    assert!(
        small.bytes < full.bytes / 5,
        "{} -> {}",
        full.bytes,
        small.bytes
    );
    assert_eq!(small.free_bytes, 0);
}

/// `tests/fixtures/db-0007.sqlite` was written by the version before pictures became files: a
/// game of Hive through `gm script`, its board pictures in the outbox's payloads as arrays of
/// numbers (the last board and the prompt after it still unsent), and the web chat's history
/// with a picture BLOB of its own.
#[tokio::test]
async fn a_database_of_the_previous_version_is_converted_in_place() {
    let db = TempDb::new("storage-convert");
    std::fs::copy("tests/fixtures/db-0007.sqlite", db.path()).unwrap();
    let before = raw(&db).await;
    let old: String = sqlx::query_scalar("SELECT payload FROM outbox WHERE id = 9")
        .fetch_one(&before)
        .await
        .unwrap();
    let old: serde_json::Value = serde_json::from_str(&old).unwrap();
    let png: Vec<u8> = old["picture"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap() as u8)
        .collect();
    let web_png: Vec<u8> = sqlx::query_scalar("SELECT picture FROM web_messages WHERE id = 1")
        .fetch_one(&before)
        .await
        .unwrap();
    before.close().await;

    let store = Store::open(db.path()).await.unwrap();
    let pool = raw(&db).await;
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM outbox WHERE instr(payload, 'picture') > 0"
        )
        .await,
        0,
        "no payload keeps its picture"
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM outbox WHERE picture IS NOT NULL"
        )
        .await,
        3,
        "three boards"
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM web_messages WHERE picture IS NOT NULL"
        )
        .await,
        0
    );
    let hash: String = sqlx::query_scalar("SELECT picture_hash FROM web_messages WHERE id = 1")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(hash, hash_of(&web_png));
    assert_eq!(store.file(&hash).await.unwrap(), Some(web_png));
    // The unsent board goes out with its picture, its text unchanged.
    let pending = store.unsent_outbox(Platform::Script).await.unwrap();
    assert_eq!(pending.len(), 2);
    assert_eq!(pending[0].picture.as_deref(), Some(&png[..]));
    let payload: serde_json::Value = serde_json::from_str(&pending[0].payload).unwrap();
    assert_eq!(payload["text"], old["text"]);
    assert!(store.stats().await.unwrap().incremental_vacuum);
    // The game plays on: it reads back.
    assert_eq!(store.running_games().await.unwrap().len(), 1);
    store.close().await;

    // Opening again converts nothing twice.
    let store = Store::open(db.path()).await.unwrap();
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM outbox WHERE picture IS NOT NULL"
        )
        .await,
        3
    );
    assert_eq!(
        store.unsent_outbox(Platform::Script).await.unwrap().len(),
        2
    );
}
