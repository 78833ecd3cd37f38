//! Moving an installation: every row of one store copied into another, empty one, whatever the
//! engines (`gm db copy --from sqlite://gm.sqlite --to postgres://…`).
//!
//! Rows keep their ids, so that what refers to them (a message to its game, a rating to its
//! tournament's players) still does; PostgreSQL's id sequences are then moved past the copied ids.
//! The copy runs table by table, parents first, in chunks of one transaction each: a copy cut off
//! halfway leaves a target that is not empty, and a second try refuses it rather than mixing two
//! copies.

use super::Engine;
use super::Store;
use super::engine::{Fetched, on_reader, on_writer};
use super::error::StoreError;

/// The kind of value a column holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Int,
    Text,
    Bytes,
}

use Kind::{Bytes, Int, Text};

/// Every table of the store with its columns, parents before the tables that refer to them. A
/// test holds it to the schema.
pub(crate) const TABLES: &[(&str, &[(&str, Kind)])] = &[
    (
        "games",
        &[
            ("id", Int),
            ("platform", Text),
            ("chat", Text),
            ("kind", Text),
            ("status", Text),
            ("state", Text),
            ("version", Int),
            ("created_at", Int),
            ("updated_at", Int),
            ("held_at", Int),
            ("held_why", Text),
        ],
    ),
    (
        "players",
        &[
            ("game_id", Int),
            ("seat", Int),
            ("platform", Text),
            ("user_id", Text),
            ("name", Text),
            ("lang", Text),
        ],
    ),
    (
        "orders",
        &[
            ("game_id", Int),
            ("seq", Int),
            ("user_id", Text),
            ("text", Text),
            ("at", Int),
        ],
    ),
    (
        "files",
        &[
            ("hash", Text),
            ("bytes", Bytes),
            ("size", Int),
            ("created_at", Int),
        ],
    ),
    (
        "outbox",
        &[
            ("id", Int),
            ("platform", Text),
            ("target_kind", Text),
            ("target", Text),
            ("game_id", Int),
            ("payload", Text),
            ("created_at", Int),
            ("sent_at", Int),
            ("platform_message_id", Text),
            ("dropped_at", Int),
            ("attempts", Int),
            ("next_attempt_at", Int),
            ("slot", Text),
            ("slot_edits", Int),
            ("blocked_at", Int),
            ("parts_sent", Int),
            ("picture", Text),
            ("leased_by", Text),
            ("leased_until", Int),
        ],
    ),
    ("inbound", &[("platform", Text), ("key", Text), ("at", Int)]),
    ("meta", &[("key", Text), ("value", Text)]),
    (
        "timers",
        &[
            ("game_id", Int),
            ("kind", Text),
            ("due_at", Int),
            ("payload", Text),
            ("claimed_by", Text),
            ("claimed_until", Int),
        ],
    ),
    (
        "tournaments",
        &[
            ("id", Int),
            ("platform", Text),
            ("chat", Text),
            ("status", Text),
            ("state", Text),
            ("version", Int),
            ("dirty", Int),
            ("created_at", Int),
            ("updated_at", Int),
        ],
    ),
    (
        "ratings",
        &[
            ("platform", Text),
            ("community", Text),
            ("game", Text),
            ("user_id", Text),
            ("name", Text),
            ("rating", Text),
            ("games", Int),
            ("updated_at", Int),
        ],
    ),
    (
        "held_inputs",
        &[
            ("id", Int),
            ("platform", Text),
            ("lane", Text),
            ("game_id", Int),
            ("input", Text),
            ("why", Text),
            ("attempts", Int),
            ("held_at", Int),
        ],
    ),
    (
        "web_users",
        &[
            ("id", Int),
            ("name", Text),
            ("name_key", Text),
            ("token_hash", Text),
            ("created_at", Int),
        ],
    ),
    (
        "web_room_admins",
        &[
            ("room", Text),
            ("game", Int),
            ("user_id", Int),
            ("named_by", Int),
            ("at", Int),
        ],
    ),
    (
        "web_messages",
        &[
            ("id", Int),
            ("rev", Int),
            ("chat_kind", Text),
            ("chat", Text),
            ("author", Int),
            ("text", Text),
            ("buttons", Text),
            ("picture", Bytes),
            ("file_name", Text),
            ("file_text", Text),
            ("delivery", Text),
            ("client_key", Text),
            ("at", Int),
            ("picture_hash", Text),
            ("game", Int),
        ],
    ),
];

/// Rows copied in one transaction.
const CHUNK: usize = 200;

/// How many of a table's first columns make its primary key.
fn key_len(table: &str) -> usize {
    match table {
        "players" | "orders" | "inbound" | "timers" => 2,
        "web_room_admins" => 3,
        "ratings" => 4,
        _ => 1,
    }
}

/// One value of a row being copied.
#[derive(Clone)]
enum Cell {
    Int(Option<i64>),
    Text(Option<String>),
    Bytes(Option<Vec<u8>>),
}

/// How many rows of each table were copied.
pub type Copied = Vec<(&'static str, u64)>;

impl Store {
    /// Copies every row of this store into `target`, which must hold no game, tournament,
    /// rating, message or setting yet; `progress` hears of each table copied. Safe while no bot
    /// writes to this store.
    pub async fn copy_to(
        &self,
        target: &Store,
        mut progress: impl FnMut(&str, u64),
    ) -> Result<Copied, StoreError> {
        // A new store already keeps a setting or two of its own (see `convert`): settings are
        // copied over them, and do not make a store count as used.
        for (table, _) in TABLES.iter().filter(|(table, _)| *table != "meta") {
            if target.rows(table).await? > 0 {
                return Err(StoreError::NotEmpty((*table).to_owned()));
            }
        }
        let mut copied = Vec::with_capacity(TABLES.len());
        for (table, columns) in TABLES {
            let mut done = 0;
            let mut after: Option<Vec<Cell>> = None;
            loop {
                let mut rows = self.read_chunk(table, columns, after.as_deref()).await?;
                let Some(last) = rows.last() else { break };
                after = Some(last[..key_len(table)].to_vec());
                done += rows.len() as u64;
                target
                    .write_chunk(table, columns, std::mem::take(&mut rows))
                    .await?;
            }
            progress(table, done);
            copied.push((*table, done));
        }
        if let Engine::Pg(pg) = &target.engine {
            for (table, columns) in TABLES {
                if columns[0] == ("id", Int) {
                    sqlx::query(&format!(
                        "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                         COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                    ))
                    .execute(&pg.pool)
                    .await?;
                }
            }
        }
        Ok(copied)
    }

    /// The rows of a table.
    async fn rows(&self, table: &str) -> Result<i64, StoreError> {
        let sql = format!("SELECT COUNT(*) FROM {table}");
        on_reader!(self, |pool| Ok(sqlx::query_scalar(&sql)
            .fetch_one(pool)
            .await?))
    }

    /// The next rows of a table in the order of its key, after the key `after` when given: each
    /// chunk found through the key's index, however far into the table (an offset would read every
    /// row before it again).
    async fn read_chunk(
        &self,
        table: &str,
        columns: &[(&str, Kind)],
        after: Option<&[Cell]>,
    ) -> Result<Vec<Vec<Cell>>, StoreError> {
        let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
        let key = names[..key_len(table)].join(", ");
        let mut sql = format!("SELECT {} FROM {table}", names.join(", "));
        if let Some(after) = after {
            let marks: Vec<String> = (1..=after.len()).map(|n| format!("${n}")).collect();
            sql.push_str(&format!(" WHERE ({key}) > ({})", marks.join(", ")));
        }
        sql.push_str(&format!(" ORDER BY {key} LIMIT {CHUNK}"));
        on_reader!(self, |pool| {
            let mut query = sqlx::query(&sql);
            for cell in after.unwrap_or_default() {
                query = match cell {
                    Cell::Int(v) => query.bind(*v),
                    Cell::Text(v) => query.bind(v.as_deref()),
                    Cell::Bytes(v) => query.bind(v.as_deref()),
                };
            }
            let rows = query.fetch_all(pool).await?;
            rows.iter()
                .map(|row| read_row(row, columns))
                .collect::<Result<_, sqlx::Error>>()
                .map_err(StoreError::from)
        })
    }

    /// Writes rows into a table, in one transaction.
    async fn write_chunk(
        &self,
        table: &str,
        columns: &[(&str, Kind)],
        rows: Vec<Vec<Cell>>,
    ) -> Result<(), StoreError> {
        let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
        let head = format!("INSERT INTO {table} ({}) ", names.join(", "));
        on_writer!(self, |pool| {
            let mut tx = pool.begin().await?;
            let mut insert = sqlx::QueryBuilder::new(head.as_str());
            insert.push_values(&rows, |mut values, row| {
                for cell in row {
                    match cell {
                        Cell::Int(v) => values.push_bind(*v),
                        Cell::Text(v) => values.push_bind(v.as_deref()),
                        Cell::Bytes(v) => values.push_bind(v.as_deref()),
                    };
                }
            });
            if table == "meta" {
                insert.push(" ON CONFLICT (key) DO UPDATE SET value = excluded.value");
            }
            insert.build().execute(&mut *tx).await?;
            tx.commit().await?;
            Ok(())
        })
    }
}

fn read_row<R: Fetched>(row: &R, columns: &[(&str, Kind)]) -> Result<Vec<Cell>, sqlx::Error> {
    columns
        .iter()
        .enumerate()
        .map(|(i, (_, kind))| {
            Ok(match kind {
                Int => Cell::Int(row.field(i)?),
                Text => Cell::Text(row.field(i)?),
                Bytes => Cell::Bytes(row.field(i)?),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::TempDb;
    use sqlx::Row;

    #[tokio::test]
    async fn the_copied_tables_are_the_whole_schema() {
        let db = TempDb::new("copy-tables");
        let store = Store::open(&db).await.unwrap();
        let Engine::Lite(lite) = &store.engine else {
            unreachable!("a SQLite file")
        };
        let rows = sqlx::query(
            "SELECT m.name, p.name, p.type FROM sqlite_master m JOIN pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
               AND m.name <> '_sqlx_migrations' ORDER BY m.name, p.cid",
        )
        .fetch_all(&lite.reader)
        .await
        .unwrap();
        let mut schema: Vec<(String, String, Kind)> = rows
            .iter()
            .map(|r| {
                let kind = match r.get::<&str, _>(2) {
                    "INTEGER" => Int,
                    "TEXT" => Text,
                    "BLOB" => Bytes,
                    other => panic!("a column of type {other}"),
                };
                (r.get(0), r.get(1), kind)
            })
            .collect();
        let mut listed: Vec<(String, String, Kind)> = TABLES
            .iter()
            .flat_map(|(t, cols)| cols.iter().map(|(c, k)| (t.to_string(), c.to_string(), *k)))
            .collect();
        // Each table's key is its first columns, as many as `key_len` says.
        let keys = sqlx::query(
            "SELECT m.name, p.cid, p.pk FROM sqlite_master m JOIN pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
               AND m.name <> '_sqlx_migrations' AND p.pk > 0",
        )
        .fetch_all(&lite.reader)
        .await
        .unwrap();
        for (table, _) in TABLES {
            let mut key: Vec<(i64, i64)> = keys
                .iter()
                .filter(|r| r.get::<&str, _>(0) == *table)
                .map(|r| (r.get::<i64, _>(2), r.get::<i64, _>(1)))
                .collect();
            key.sort();
            let first: Vec<i64> = (0..key_len(table) as i64).collect();
            let cids: Vec<i64> = key.iter().map(|(_, cid)| *cid).collect();
            assert_eq!(cids, first, "the key of {table}");
        }
        schema.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        listed.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        assert_eq!(listed, schema);
        store.close().await;
    }
}
