//! `gm db stats | prune`: what the bot's database holds, and pruning it now rather than at the
//! running bot's next round of housekeeping (see [`bot_core::upkeep`]).

use clap::Subcommand;

use bot_core::console::Outcome;
use bot_core::relay::now_ms;
use bot_core::store::{DbStats, Location, Retention, Store, StoreError, StoreOptions, UnixMs};

/// What `gm db` can do.
#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Sizes by table, games by status, the oldest unsent message, the pictures stored.
    Stats {
        /// The bot's database: its SQLite file, or a `sqlite://` or `postgres://` URL.
        #[arg(long)]
        db: String,
    },
    /// Delete what the bot no longer needs (sent messages after an hour, handled updates after a
    /// week, the web chat's history after 30 days, pictures nothing shows) and shrink the file.
    /// Safe while the bot runs.
    Prune {
        /// The bot's database: its SQLite file, or a `sqlite://` or `postgres://` URL.
        #[arg(long)]
        db: String,
    },
    /// Copy every game, tournament, rating, pending message and setting into a new, empty
    /// database (SQLite to PostgreSQL, or back). Stop the bot first; start it on the new one.
    Copy {
        /// The database to copy: a SQLite file, or a `sqlite://` or `postgres://` URL.
        #[arg(long)]
        from: String,
        /// The empty database to copy into (a `postgres://` URL, or a new SQLite file).
        #[arg(long)]
        to: String,
    },
}

/// Runs one `gm db` command.
pub fn run(cmd: DbCommand) -> Outcome {
    let Some(runtime) = bot_core::console::runtime("db") else {
        return Outcome::Failed;
    };
    let source = match &cmd {
        DbCommand::Stats { db } | DbCommand::Prune { db } => Location::parse(db),
        DbCommand::Copy { from, .. } => Location::parse(from),
    };
    // Opening creates a missing file: a mistyped path must not leave an empty database behind.
    if let Location::Sqlite(path) = &source
        && !path.is_file()
    {
        eprintln!(
            "gm db: there is no database at {}: give the bot's file (GM_BOT_DATABASE, gm.sqlite by default) or its URL",
            path.display()
        );
        return Outcome::Failed;
    }
    let result = runtime.block_on(async {
        let store = Store::connect_with(&source, &StoreOptions::default()).await?;
        let now = UnixMs(now_ms());
        let text = match cmd {
            DbCommand::Stats { .. } => store.stats().await.map(|s| stats_text(&s, &source, now)),
            DbCommand::Prune { .. } => {
                let before = store.stats().await?;
                let done = bot_core::upkeep::tidy(&store, now, &Retention::default()).await?;
                let after = store.stats().await?;
                Ok(format!(
                    "deleted: {} sent messages, {} handled updates, {} web chat messages, {} pictures\n\
                     file: {} -> {} ({} given back)",
                    done.pruned.messages,
                    done.pruned.inbound,
                    done.pruned.web_messages,
                    done.pruned.files,
                    size(before.bytes + before.wal_bytes),
                    size(after.bytes + after.wal_bytes),
                    size(done.freed),
                ))
            }
            DbCommand::Copy { to, .. } => copy(&store, &Location::parse(&to)).await,
        };
        store.close().await;
        text
    });
    match result {
        Ok(text) => {
            bot_core::console::println(&text);
            Outcome::Ok
        }
        Err(e) => {
            eprintln!("gm db: {e}");
            Outcome::Failed
        }
    }
}

/// Copies a store into the empty database at `to`, telling each table as it is done.
async fn copy(store: &Store, to: &Location) -> Result<String, StoreError> {
    let target = Store::connect_with(to, &StoreOptions::default()).await?;
    let copied = store
        .copy_to(&target, |table, rows| {
            eprintln!("gm db copy: {table}: {rows} rows");
        })
        .await;
    target.close().await;
    let copied = copied?;
    let rows: u64 = copied.iter().map(|(_, n)| n).sum();
    Ok(format!(
        "copied {rows} rows of {} tables into {}: point the bot's database.url (GM_DATABASE_URL) \
         at it and start it",
        copied.len(),
        to.shown(),
    ))
}

/// The stats as an admin reads them.
fn stats_text(s: &DbStats, at: &Location, now: UnixMs) -> String {
    let mut out = String::new();
    match at {
        Location::Sqlite(_) => out.push_str(&format!(
            "database {}: {} ({} free), write-ahead log {}; auto-vacuum {}\n",
            at.shown(),
            size(s.bytes),
            size(s.free_bytes),
            size(s.wal_bytes),
            if s.incremental_vacuum {
                "incremental"
            } else {
                "off"
            },
        )),
        // The server reuses the space of deleted rows itself: there is no file to shrink.
        Location::Postgres(_) => out.push_str(&format!(
            "database {} (PostgreSQL): {}\n",
            at.shown(),
            size(s.bytes),
        )),
    }
    let games: Vec<String> = s.games.iter().map(|(k, n)| format!("{n} {k}")).collect();
    out.push_str(&format!(
        "games: {}{}\n",
        if games.is_empty() {
            "none".to_string()
        } else {
            games.join(", ")
        },
        if s.held_games > 0 {
            format!(" ({} set aside)", s.held_games)
        } else {
            String::new()
        },
    ));
    let oldest = s.oldest_unsent.map_or(String::new(), |at| {
        format!(", the oldest made {} ago", age(now.0 - at.0))
    });
    out.push_str(&format!(
        "messages: {} unsent{oldest}; {} sent kept\n",
        s.unsent, s.sent_kept
    ));
    out.push_str(&format!(
        "pictures: {} stored, {}\n",
        s.files,
        size(s.file_bytes)
    ));
    out.push_str(&format!(
        "handled updates remembered: {}; web chat messages: {}\n",
        s.inbound, s.web_messages
    ));
    // The tables and indexes of more than one page, largest first; the rest in one line.
    let page = s.tables.iter().map(|(_, b)| *b).min().unwrap_or(0);
    let (large, small): (Vec<_>, Vec<_>) = s.tables.iter().partition(|(_, b)| *b > page);
    if !large.is_empty() {
        out.push_str("by table and index:\n");
        for (name, bytes) in large {
            out.push_str(&format!("  {name:<28} {:>10}\n", size(*bytes)));
        }
    }
    if !small.is_empty() {
        out.push_str(&format!("{} more of {} each\n", small.len(), size(page)));
    }
    out.trim_end().to_string()
}

/// Bytes in the unit that reads best.
fn size(bytes: u64) -> String {
    const K: f64 = 1024.0;
    let b = bytes as f64;
    if b < K {
        format!("{bytes} B")
    } else if b < K * K {
        format!("{:.1} KB", b / K)
    } else if b < K * K * K {
        format!("{:.1} MB", b / K / K)
    } else {
        format!("{:.2} GB", b / K / K / K)
    }
}

/// A duration in milliseconds, roughly.
fn age(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min", s / 60),
        3600..86_400 => format!("{} h", s / 3600),
        _ => format!("{} d", s / 86_400),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_ages_read_well() {
        assert_eq!(size(512), "512 B");
        assert_eq!(size(2048), "2.0 KB");
        assert_eq!(size(3 * 1024 * 1024 + 512 * 1024), "3.5 MB");
        assert_eq!(age(59_000), "59 s");
        assert_eq!(age(2 * 3_600_000 + 5), "2 h");
        assert_eq!(age(3 * 86_400_000), "3 d");
    }
}
