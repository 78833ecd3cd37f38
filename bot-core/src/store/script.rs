//! A commit's statements, written once and run by either engine.
//!
//! SQLite takes the whole script in one round trip to its thread, each refusal failing it before
//! its `COMMIT`; PostgreSQL takes prepared statements one at a time, each refusal checked as it
//! comes. A [`Script`] records the statements with their guards and the ids they hand back, and
//! each engine renders it its own way. Statements end at `;`, which no text of theirs holds
//! otherwise (values are always bound, never written into the SQL).

use sqlx::postgres::{PgConnection, PgRow};
use sqlx::{Postgres, QueryBuilder, Sqlite};

use super::engine::{Param, push_param};
use super::error::StoreError;

/// Statements to run in one transaction.
#[derive(Default)]
pub(crate) struct Script<'a> {
    pieces: Vec<Piece<'a>>,
}

enum Piece<'a> {
    /// SQL text; a `;` ends a statement.
    Sql(&'static str),
    /// A bound value.
    Bind(Param<'a>),
    /// The statement before must have changed exactly one row.
    Changed,
    /// The condition (an SQL expression) must hold.
    Holds(Script<'a>),
    /// The statement (an `INSERT`) hands back its new row's id, as the row `(tag, id)`.
    ReturningId(&'static str),
}

/// The text a failed guard of a SQLite script fails on.
const REFUSED: &str = "refused";

impl<'a> Script<'a> {
    /// An empty script.
    pub fn new() -> Script<'a> {
        Script::default()
    }

    /// Appends SQL text.
    pub fn push(&mut self, sql: &'static str) -> &mut Script<'a> {
        self.pieces.push(Piece::Sql(sql));
        self
    }

    /// Appends a bound value.
    pub fn push_bind(&mut self, value: impl Into<Param<'a>>) -> &mut Script<'a> {
        self.pieces.push(Piece::Bind(value.into()));
        self
    }

    /// Refuses the commit unless the statement before changed exactly one row.
    pub fn refuse_unless_changed(&mut self) {
        self.pieces.push(Piece::Changed);
    }

    /// Refuses the commit unless a condition, written by `condition`, holds.
    pub fn refuse_unless(&mut self, condition: impl FnOnce(&mut Script<'a>)) {
        let mut holds = Script::new();
        condition(&mut holds);
        self.pieces.push(Piece::Holds(holds));
    }

    /// Hands back the id of the row the `INSERT` being written adds, as the row `(tag, id)`;
    /// written before the statement's `;`.
    pub fn returning_id(&mut self, tag: &'static str) -> &mut Script<'a> {
        self.pieces.push(Piece::ReturningId(tag));
        self
    }

    /// Whether the script has no statement.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The script as one SQLite script, appended to `out`. A guard that fails makes `json()` fail
    /// on a text that is not JSON: SQLite raises errors on purpose only in triggers, but that
    /// call fails anywhere, and the CASE keeps it from being evaluated (or hoisted out as a
    /// constant) when the condition holds.
    pub fn render_sqlite(&self, out: &mut QueryBuilder<'a, Sqlite>) {
        for piece in &self.pieces {
            match piece {
                Piece::Sql(sql) => {
                    out.push(*sql);
                }
                Piece::Bind(value) => {
                    push_param!(out, *value);
                }
                Piece::Changed => {
                    out.push("SELECT NULL WHERE json(CASE WHEN changes() = 1 THEN '0' ELSE '")
                        .push(REFUSED)
                        .push("' END) IS NULL;");
                }
                Piece::Holds(condition) => {
                    out.push("SELECT NULL WHERE json(CASE WHEN ");
                    condition.render_sqlite(out);
                    out.push(" THEN '0' ELSE '")
                        .push(REFUSED)
                        .push("' END) IS NULL;");
                }
                Piece::ReturningId(tag) => {
                    out.push("; SELECT '")
                        .push(*tag)
                        .push("', last_insert_rowid()");
                }
            }
        }
    }

    /// Runs the script on PostgreSQL, a statement at a time, inside the caller's transaction;
    /// returns the rows the statements handed back. A failed guard is [`StoreError::Refused`].
    pub async fn run_postgres(&self, conn: &mut PgConnection) -> Result<Vec<PgRow>, StoreError> {
        let mut rows = Vec::new();
        let mut statement = Statement::default();
        let mut changed = None;
        for piece in &self.pieces {
            match piece {
                Piece::Sql(sql) => {
                    let mut parts = sql.split(';');
                    statement.push(parts.next().unwrap_or_default());
                    for part in parts {
                        if let Some(done) = statement.run(conn, &mut rows).await? {
                            changed = Some(done);
                        }
                        statement = Statement::default();
                        statement.push(part);
                    }
                }
                Piece::Bind(value) => statement.bind(*value),
                Piece::Changed => {
                    if let Some(done) = statement.run(conn, &mut rows).await? {
                        changed = Some(done);
                    }
                    statement = Statement::default();
                    if changed != Some(1) {
                        return Err(StoreError::Refused);
                    }
                }
                Piece::Holds(condition) => {
                    let mut check = QueryBuilder::<Postgres>::new("SELECT 1 WHERE ");
                    condition.render_condition_postgres(&mut check);
                    if check.build().fetch_optional(&mut *conn).await?.is_none() {
                        return Err(StoreError::Refused);
                    }
                }
                Piece::ReturningId(tag) => {
                    statement.returns = true;
                    statement.sql.push(" RETURNING '");
                    statement.sql.push(*tag);
                    statement.sql.push("', id");
                }
            }
        }
        statement.run(conn, &mut rows).await?;
        Ok(rows)
    }

    /// A guard's condition: SQL text and bound values only.
    fn render_condition_postgres(&self, out: &mut QueryBuilder<'a, Postgres>) {
        for piece in &self.pieces {
            match piece {
                Piece::Sql(sql) => {
                    out.push(*sql);
                }
                Piece::Bind(value) => {
                    push_param!(out, *value);
                }
                Piece::Changed | Piece::Holds(_) | Piece::ReturningId(_) => {
                    unreachable!("a guard's condition is an expression")
                }
            }
        }
    }
}

/// One PostgreSQL statement being written.
struct Statement<'a> {
    sql: QueryBuilder<'a, Postgres>,
    /// Whether it hands back rows.
    returns: bool,
    /// Whether it has more than white space.
    written: bool,
}

impl Default for Statement<'_> {
    fn default() -> Self {
        Statement {
            sql: QueryBuilder::new(""),
            returns: false,
            written: false,
        }
    }
}

impl<'a> Statement<'a> {
    fn push(&mut self, sql: &'static str) {
        if !sql.trim().is_empty() {
            self.written = true;
            if sql.trim_start().starts_with("SELECT") && !self.written_before() {
                self.returns = true;
            }
        }
        self.sql.push(sql);
    }

    /// Whether SQL text came before the text being pushed (a `SELECT` inside an `INSERT` does not
    /// make it hand back rows).
    fn written_before(&self) -> bool {
        !self.sql.sql().trim().is_empty()
    }

    fn bind(&mut self, value: Param<'a>) {
        push_param!(self.sql, value);
    }

    /// Runs the statement, if there is one; returns how many rows it changed, its rows gathered
    /// into `rows`.
    async fn run(
        &mut self,
        conn: &mut PgConnection,
        rows: &mut Vec<PgRow>,
    ) -> Result<Option<u64>, StoreError> {
        if !self.written {
            return Ok(None);
        }
        let query = self.sql.build();
        if self.returns {
            let got = query.fetch_all(&mut *conn).await?;
            let n = got.len() as u64;
            rows.extend(got);
            Ok(Some(n))
        } else {
            Ok(Some(query.execute(&mut *conn).await?.rows_affected()))
        }
    }
}
