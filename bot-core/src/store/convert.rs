//! Bringing a database written by an older version up to what this one reads where SQL alone
//! cannot (hashing needs code SQLite lacks), and moving the file into incremental auto-vacuum.
//!
//! Before migration 0008 a message's picture was kept inside its outbox payload as a JSON array
//! of byte numbers, and the web chat's history kept its own copy as a BLOB; both become files
//! addressed by their hash ([`files`](super::files)). Each step is idempotent and runs in short
//! transactions, so an interrupted conversion goes on at the next start.

use sqlx::sqlite::SqlitePool;
use sqlx::{Acquire, Row};

use super::error::StoreError;
use super::files::Blob;

/// Rows converted per transaction.
const BATCH: i64 = 64;

/// What the conversion did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Converted {
    /// Outbox payloads whose picture became a file.
    pub messages: u64,
    /// Web history messages whose picture became a file.
    pub web_messages: u64,
    /// Whether the file was vacuumed into incremental auto-vacuum.
    pub vacuumed: bool,
}

/// Converts what is left to convert on `pool` (one connection, before any other opens).
pub(super) async fn convert(pool: &SqlitePool) -> Result<Converted, StoreError> {
    let mut done = Converted {
        messages: outbox_pictures(pool).await?,
        web_messages: web_pictures(pool).await?,
        vacuumed: false,
    };
    let mode: i64 = sqlx::query_scalar("PRAGMA auto_vacuum")
        .fetch_one(pool)
        .await?;
    if mode != 2 {
        // Once per file: `auto_vacuum` of a file with tables changes only by a VACUUM, which
        // rewrites it whole (and needs its size free on the disk meanwhile).
        tracing::info!(
            "moving the database to incremental auto-vacuum (once; a large file takes a while)"
        );
        sqlx::query("PRAGMA auto_vacuum = INCREMENTAL")
            .execute(pool)
            .await?;
        match sqlx::query("VACUUM").execute(pool).await {
            Ok(_) => done.vacuumed = true,
            // Another process holding the file: tried again at the next start.
            Err(e) => tracing::warn!(error = %e, "the database could not be vacuumed now"),
        }
    }
    if done.messages > 0 || done.web_messages > 0 {
        tracing::info!(
            messages = done.messages,
            web_messages = done.web_messages,
            "pictures kept inside messages are now files of their own"
        );
    }
    Ok(done)
}

/// Outbox payloads holding `"picture": [bytes…]`.
async fn outbox_pictures(pool: &SqlitePool) -> Result<u64, StoreError> {
    let mut after = 0i64;
    let mut converted = 0;
    loop {
        let rows = sqlx::query(
            "SELECT id, payload, created_at FROM outbox
             WHERE id > $1 AND picture IS NULL AND instr(payload, '\"picture\":') > 0
             ORDER BY id LIMIT $2",
        )
        .bind(after)
        .bind(BATCH)
        .fetch_all(pool)
        .await?;
        let Some(last) = rows.last() else {
            return Ok(converted);
        };
        after = last.try_get(0)?;
        let mut conn = pool.acquire().await?;
        let mut tx = conn.begin().await?;
        for row in &rows {
            let (id, payload, at): (i64, String, i64) =
                (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
            let Some((payload, picture)) = split_picture(&payload) else {
                continue;
            };
            insert_file(&mut tx, &picture, at).await?;
            sqlx::query("UPDATE outbox SET payload = $1, picture = $2 WHERE id = $3")
                .bind(payload)
                .bind(picture.hash())
                .bind(id)
                .execute(&mut *tx)
                .await?;
            converted += 1;
        }
        tx.commit().await?;
    }
}

/// Web history messages with a picture BLOB of their own.
async fn web_pictures(pool: &SqlitePool) -> Result<u64, StoreError> {
    let mut converted = 0;
    loop {
        let rows = sqlx::query(
            "SELECT id, picture, at FROM web_messages WHERE picture IS NOT NULL ORDER BY id LIMIT $1",
        )
        .bind(BATCH)
        .fetch_all(pool)
        .await?;
        if rows.is_empty() {
            return Ok(converted);
        }
        let mut conn = pool.acquire().await?;
        let mut tx = conn.begin().await?;
        for row in &rows {
            let (id, bytes, at): (i64, Vec<u8>, i64) =
                (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
            let picture = Blob::new(bytes);
            insert_file(&mut tx, &picture, at).await?;
            sqlx::query("UPDATE web_messages SET picture = NULL, picture_hash = $1 WHERE id = $2")
                .bind(picture.hash())
                .bind(id)
                .execute(&mut *tx)
                .await?;
            converted += 1;
        }
        tx.commit().await?;
    }
}

async fn insert_file(
    tx: &mut sqlx::SqliteConnection,
    picture: &Blob,
    at: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO files (hash, bytes, size, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (hash) DO NOTHING",
    )
    .bind(picture.hash())
    .bind(picture.bytes())
    .bind(picture.bytes().len() as i64)
    .bind(at)
    .execute(tx)
    .await?;
    Ok(())
}

/// The payload without its `picture` array, and the picture; `None` if the payload holds no
/// such array (the words "picture": in a text, say) or is not JSON this can rewrite.
fn split_picture(payload: &str) -> Option<(String, Blob)> {
    let mut value: serde_json::Value = serde_json::from_str(payload).ok()?;
    let object = value.as_object_mut()?;
    let numbers = object.get("picture")?.as_array()?;
    let bytes = numbers
        .iter()
        .map(|n| n.as_u64().and_then(|n| u8::try_from(n).ok()))
        .collect::<Option<Vec<u8>>>()?;
    object.remove("picture");
    Some((value.to_string(), Blob::new(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_array_is_taken_out_of_a_payload() {
        let (rest, picture) =
            split_picture(r#"{"text":"board","picture":[137,80,78,71],"buttons":[]}"#).unwrap();
        assert_eq!(picture.bytes(), &[137, 80, 78, 71]);
        let rest: serde_json::Value = serde_json::from_str(&rest).unwrap();
        assert_eq!(rest, serde_json::json!({"text": "board", "buttons": []}));
    }

    #[test]
    fn a_payload_without_a_picture_array_is_left_alone() {
        assert!(split_picture(r#"{"text":"say \"picture\": [1]"}"#).is_none());
        assert!(split_picture(r#"{"text":"x","picture":[1,300]}"#).is_none());
        assert!(split_picture("not json").is_none());
    }
}
