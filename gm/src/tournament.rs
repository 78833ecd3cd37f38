//! `gm tournament export | import`: moves a tournament, with its games under way, between
//! installations as one JSON document.

use std::path::PathBuf;

use clap::Subcommand;

use bot_core::console::Outcome;
use bot_core::session::{Landing, SessionError, export_tournament, import_tournament};
use bot_core::store::Store;

/// What `gm tournament` can do.
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Print a tournament, with its games under way, as JSON.
    Export {
        /// The bot's database: its SQLite file, or a `sqlite://` or `postgres://` URL.
        #[arg(long)]
        db: String,
        /// The tournament's number (`/tournament` shows it).
        id: i64,
    },
    /// Read a tournament exported elsewhere (a file, or `-` for standard input) under a new
    /// number; prints it.
    Import {
        /// The bot's database: its SQLite file, or a `sqlite://` or `postgres://` URL.
        #[arg(long)]
        db: String,
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
    // The document is read first: a wrong path is told as such, before the database is opened.
    let document = match &cmd {
        TournamentCommand::Import { file, .. } => match super::game::read(file) {
            Some(text) => Some(text),
            None => {
                eprintln!(
                    "gm tournament: cannot read {}: check the path (or give - for standard input)",
                    file.display()
                );
                return Outcome::Failed;
            }
        },
        TournamentCommand::Export { .. } => None,
    };
    let Some(runtime) = bot_core::console::runtime("tournament") else {
        return Outcome::Failed;
    };
    let result = runtime.block_on(async {
        match cmd {
            TournamentCommand::Export { db, id } => {
                let store = Store::connect(&db).await?;
                let json = export_tournament(&store, id).await;
                store.close().await;
                Ok(json?)
            }
            TournamentCommand::Import { db, chat, .. } => {
                let text = document.unwrap_or_default();
                let store = Store::connect(&db).await?;
                let to = Landing {
                    chat,
                    ..Landing::default()
                };
                let id = import_tournament(crate::GAMES, &store, &text, to).await;
                store.close().await;
                Ok(id?.to_string())
            }
        }
    });
    match result {
        Ok(text) => {
            bot_core::console::println(&text);
            Outcome::Ok
        }
        Err(e) => {
            let e: SessionError = e;
            eprintln!("gm tournament: {e}");
            Outcome::Failed
        }
    }
}
