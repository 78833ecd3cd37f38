//! The two database engines under one store: SQLite in a file (the default, embedded) and
//! PostgreSQL (a server that several bot processes share).
//!
//! Most of the store's SQL reads the same on both, so it is written once: [`on_reader!`],
//! [`on_writer!`] and [`on_conn!`] expand one body for each engine's own connection type, and rows
//! are read through [`Fetched`], values bound through [`Param`], whatever the engine. What differs
//! (SQLite's pragmas and file, PostgreSQL's statements one at a time) lives beside the engine it
//! belongs to.

use sqlx::postgres::{PgConnection, PgRow};
use sqlx::sqlite::{SqliteConnection, SqliteRow};
use sqlx::{Decode, Postgres, Row, Sqlite, Type};

/// A connection of either engine, for helpers that run inside a transaction.
pub(crate) enum Conn<'c> {
    Lite(&'c mut SqliteConnection),
    Pg(&'c mut PgConnection),
}

impl<'c> From<&'c mut SqliteConnection> for Conn<'c> {
    fn from(c: &'c mut SqliteConnection) -> Conn<'c> {
        Conn::Lite(c)
    }
}

impl<'c> From<&'c mut PgConnection> for Conn<'c> {
    fn from(c: &'c mut PgConnection) -> Conn<'c> {
        Conn::Pg(c)
    }
}

/// `on_reader!(store, |pool| body)`: the body, once for each engine, with `pool` the engine's pool
/// for reads.
macro_rules! on_reader {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.engine {
            $crate::store::Engine::Lite(e) => {
                let $pool = &e.reader;
                $body
            }
            $crate::store::Engine::Pg(e) => {
                let $pool = &e.pool;
                $body
            }
        }
    };
}

/// `on_writer!(store, |pool| body)`: as [`on_reader!`], with the pool for writes other than
/// commits.
macro_rules! on_writer {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.engine {
            $crate::store::Engine::Lite(e) => {
                let $pool = &e.writer;
                $body
            }
            $crate::store::Engine::Pg(e) => {
                let $pool = &e.pool;
                $body
            }
        }
    };
}

/// `on_conn!(conn, |c| body)`: the body, once for each engine, with `c` the engine's own
/// connection (`&mut SqliteConnection` or `&mut PgConnection`) taken from a [`Conn`].
macro_rules! on_conn {
    ($conn:expr, |$c:ident| $body:expr) => {
        match &mut *$conn {
            $crate::store::engine::Conn::Lite($c) => $body,
            $crate::store::engine::Conn::Pg($c) => $body,
        }
    };
}

pub(crate) use {on_conn, on_reader, on_writer};

/// A value that both engines read from a column.
pub(crate) trait Value<'r>:
    Decode<'r, Sqlite> + Type<Sqlite> + Decode<'r, Postgres> + Type<Postgres>
{
}

impl<'r, T> Value<'r> for T where
    T: Decode<'r, Sqlite> + Type<Sqlite> + Decode<'r, Postgres> + Type<Postgres>
{
}

/// A row of either engine, read by column number.
pub(crate) trait Fetched {
    /// The value of a column.
    fn field<'r, T: Value<'r>>(&'r self, column: usize) -> Result<T, sqlx::Error>;
}

impl Fetched for SqliteRow {
    fn field<'r, T: Value<'r>>(&'r self, column: usize) -> Result<T, sqlx::Error> {
        self.try_get(column)
    }
}

impl Fetched for PgRow {
    fn field<'r, T: Value<'r>>(&'r self, column: usize) -> Result<T, sqlx::Error> {
        self.try_get(column)
    }
}

/// A value bound to a statement, whatever the engine: what the store's statements bind.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Param<'a> {
    Int(i64),
    OptInt(Option<i64>),
    Text(&'a str),
    OptText(Option<&'a str>),
    Bytes(&'a [u8]),
}

impl From<i64> for Param<'_> {
    fn from(v: i64) -> Self {
        Param::Int(v)
    }
}

impl From<Option<i64>> for Param<'_> {
    fn from(v: Option<i64>) -> Self {
        Param::OptInt(v)
    }
}

/// Flags are integers in both schemas.
impl From<bool> for Param<'_> {
    fn from(v: bool) -> Self {
        Param::Int(i64::from(v))
    }
}

impl<'a> From<&'a str> for Param<'a> {
    fn from(v: &'a str) -> Self {
        Param::Text(v)
    }
}

impl<'a> From<Option<&'a str>> for Param<'a> {
    fn from(v: Option<&'a str>) -> Self {
        Param::OptText(v)
    }
}

impl<'a> From<&'a [u8]> for Param<'a> {
    fn from(v: &'a [u8]) -> Self {
        Param::Bytes(v)
    }
}

/// Binds a [`Param`] to a query builder of an engine.
macro_rules! push_param {
    ($builder:expr, $param:expr) => {
        match $param {
            Param::Int(v) => $builder.push_bind(v),
            Param::OptInt(v) => $builder.push_bind(v),
            Param::Text(v) => $builder.push_bind(v),
            Param::OptText(v) => $builder.push_bind(v),
            Param::Bytes(v) => $builder.push_bind(v),
        }
    };
}

pub(crate) use push_param;
