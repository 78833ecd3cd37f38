//! What PostgreSQL does its own way: commits, a statement at a time in one transaction.
//!
//! SQLite's single writer groups commits (see `writer`); a PostgreSQL server runs transactions side
//! by side, so each caller's commits get a transaction of their own, on a connection of the pool.
//! Several processes may write at once: a game's version check and the inbound key's primary key
//! refuse the loser as they refuse a stale or repeated input on SQLite.

use sqlx::PgPool;

use super::commit::{self, Commit, CommitResult};
use super::engine::Conn;
use super::error::StoreError;

/// Applies the commits in one transaction, all of them or none, and explains a refusal (see
/// [`commit::explain`]). The work runs in a task of its own: a caller who stops waiting cannot
/// cut it off halfway.
pub(crate) async fn submit(
    pool: &PgPool,
    commits: Vec<Commit>,
) -> Result<Vec<CommitResult>, StoreError> {
    let pool = pool.clone();
    tokio::spawn(async move {
        let mut tx = pool.begin().await?;
        let mut results = Vec::with_capacity(commits.len());
        let mut failed = None;
        for c in &commits {
            match commit::apply(&mut Conn::from(&mut *tx), c).await {
                Ok(result) => results.push(result),
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        let Some(e) = failed else {
            tx.commit().await?;
            return Ok(results);
        };
        tx.rollback().await?;
        let mut conn = pool.acquire().await?;
        let refs: Vec<&Commit> = commits.iter().collect();
        Err(commit::explain(&mut Conn::from(&mut *conn), &refs, e).await)
    })
    .await
    .map_err(|_| StoreError::Interrupted)?
}
