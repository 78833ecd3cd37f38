//! The two engines' schemas are one: every table, column, kind of value, nullability and named
//! index of the SQLite migrations is in the PostgreSQL ones, and the other way round, and both
//! folders end at the same migration number (see `migrations/README.md`).

use std::collections::BTreeSet;
use std::path::Path;

use bot_core::store::Store;
use sqlx::Row;

#[path = "../src/testkit/scratch.rs"]
mod support;
use support::{Raw, ScratchDb, engines};

/// A column as both engines can tell it: table, column, kind of value, whether it may be NULL.
type Column = (String, String, &'static str, bool);

/// The kind of value a declared type holds, in words common to both engines.
fn kind(declared: &str) -> &'static str {
    match declared.to_ascii_lowercase().as_str() {
        "integer" | "bigint" => "integer",
        "text" => "text",
        "blob" | "bytea" => "bytes",
        other => panic!("a column type neither engine should have: {other}"),
    }
}

async fn columns(raw: &Raw) -> BTreeSet<Column> {
    match raw {
        Raw::Sqlite(pool) => sqlx::query(
            "SELECT m.name, p.name, p.type, p.\"notnull\", p.pk FROM sqlite_master m
             JOIN pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
               AND m.name <> '_sqlx_migrations'",
        )
        .fetch_all(pool)
        .await
        .unwrap()
        .iter()
        .map(|r| {
            // SQLite lets a TEXT primary key hold NULL unless told; PostgreSQL never does. The
            // store never writes one, so a key column counts as NOT NULL on both.
            let not_null = r.get::<i64, _>(3) == 1 || r.get::<i64, _>(4) > 0;
            (r.get(0), r.get(1), kind(r.get::<&str, _>(2)), !not_null)
        })
        .collect(),
        Raw::Postgres(pool) => sqlx::query(
            "SELECT table_name::TEXT, column_name::TEXT, data_type::TEXT, is_nullable::TEXT
             FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name <> '_sqlx_migrations'
               AND table_name <> 'gm_schema_lock'",
        )
        .fetch_all(pool)
        .await
        .unwrap()
        .iter()
        .map(|r| {
            (
                r.get(0),
                r.get(1),
                kind(r.get::<&str, _>(2)),
                r.get::<&str, _>(3) == "YES",
            )
        })
        .collect(),
    }
}

/// The indexes the migrations name (not those that keys and UNIQUE columns make by themselves).
async fn indexes(raw: &Raw) -> BTreeSet<String> {
    match raw {
        Raw::Sqlite(pool) => sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
        )
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .collect(),
        Raw::Postgres(pool) => sqlx::query_scalar(
            "SELECT i.relname::TEXT FROM pg_index x
             JOIN pg_class i ON i.oid = x.indexrelid
             JOIN pg_namespace n ON n.oid = i.relnamespace
             WHERE n.nspname = current_schema()
               AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)",
        )
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .filter(|name: &String| !name.starts_with("_sqlx") && !name.starts_with("gm_schema_lock"))
        .collect(),
    }
}

#[tokio::test]
async fn both_engines_have_one_schema() {
    let dbs = engines("schemas").await;
    let mut seen: Vec<(&ScratchDb, BTreeSet<Column>, BTreeSet<String>)> = vec![];
    for db in &dbs {
        let store = Store::connect(&db.url()).await.unwrap();
        let raw = db.raw().await;
        seen.push((db, columns(&raw).await, indexes(&raw).await));
        store.close().await;
    }
    let (_, lite_columns, lite_indexes) = &seen[0];
    assert!(
        lite_columns.len() > 50,
        "the schema was read: {lite_columns:?}"
    );
    assert!(lite_indexes.contains("games_running_per_chat"));
    for (db, columns, indexes) in &seen[1..] {
        let engine = db.engine();
        let only_lite: Vec<_> = lite_columns.difference(columns).collect();
        let only_other: Vec<_> = columns.difference(lite_columns).collect();
        assert!(
            only_lite.is_empty() && only_other.is_empty(),
            "columns only in SQLite: {only_lite:?}; only in {engine}: {only_other:?}"
        );
        assert_eq!(
            lite_indexes, indexes,
            "the named indexes of SQLite and {engine}"
        );
    }
}

/// The numbers of a migrations folder's files.
fn numbers(folder: &str) -> Vec<u32> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../migrations")
        .join(folder);
    let mut numbers: Vec<u32> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".sql")?.split('_').next()?.parse().ok()
        })
        .collect();
    numbers.sort();
    numbers
}

#[test]
fn both_migration_folders_end_at_the_same_number() {
    let lite = numbers("sqlite");
    let pg = numbers("postgres");
    assert_eq!(lite.last(), pg.last(), "sqlite {lite:?}, postgres {pg:?}");
    // After the PostgreSQL folder's first file (the whole schema up to then), every migration
    // has its twin.
    let first = pg[0];
    let later: Vec<u32> = lite.into_iter().filter(|&n| n > first).collect();
    assert_eq!(later, pg[1..].to_vec());
}
