//! `gm tournament export | import`: moves a tournament, with its games under way, between
//! installations as one JSON document.

use std::path::PathBuf;

use clap::Subcommand;

use super::Outcome;
use crate::session::{SessionError, export_tournament, import_tournament};
use crate::store::Store;

/// What `gm tournament` can do.
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Print a tournament, with its games under way, as JSON.
    Export {
        /// The bot's database file.
        #[arg(long)]
        db: PathBuf,
        /// The tournament's number (`/tournament` shows it).
        id: i64,
    },
    /// Read a tournament exported elsewhere (a file, or `-` for standard input) under a new
    /// number; prints it.
    Import {
        /// The bot's database file.
        #[arg(long)]
        db: PathBuf,
        /// Bring the tournament into this chat (the platform's id of a group) instead of the one it
        /// was exported from; its threads follow it.
        #[arg(long)]
        chat: Option<String>,
        /// The exported JSON.
        file: PathBuf,
    },
}

/// Runs one `gm tournament` command.
pub fn run(cmd: TournamentCommand) -> Outcome {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("gm tournament: {e}");
            return Outcome::Failed;
        }
    };
    let result = runtime.block_on(async {
        match cmd {
            TournamentCommand::Export { db, id } => {
                let store = Store::open(&db).await.map_err(SessionError::from)?;
                let json = export_tournament(&store, id).await;
                store.close().await;
                super::output::println(&json?);
                Ok::<(), Option<SessionError>>(())
            }
            TournamentCommand::Import { db, chat, file } => {
                let Some(text) = super::game::read(&file) else {
                    eprintln!(
                        "gm tournament: cannot read {}: check the path (or give - for standard input)",
                        file.display()
                    );
                    return Err(None);
                };
                let store = Store::open(&db).await.map_err(SessionError::from)?;
                let id = import_tournament(&store, &text, chat).await;
                store.close().await;
                super::output::println(&id?.to_string());
                Ok(())
            }
        }
    });
    match result {
        Ok(()) => Outcome::Ok,
        Err(Some(e)) => {
            eprintln!("gm tournament: {e}");
            Outcome::Failed
        }
        Err(None) => Outcome::Failed,
    }
}
