//! `gm game export | import`: moves a game, with its players, order log and timers, between
//! installations as one JSON document.

use std::io::Read;
use std::path::PathBuf;

use clap::Subcommand;

use bot_core::console::Outcome;
use bot_core::store::{GameId, Store, StoreError};

/// What `gm game` can do.
#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// Print a game as JSON.
    Export {
        /// The bot's database: its SQLite file, or a `sqlite://` or `postgres://` URL.
        #[arg(long)]
        db: String,
        /// The game's number.
        id: i64,
    },
    /// Read a game exported elsewhere (a file, or `-` for standard input) under a new number.
    Import {
        /// The bot's database: its SQLite file, or a `sqlite://` or `postgres://` URL.
        #[arg(long)]
        db: String,
        /// Bring the game into this chat (the platform's id of a group) instead of the one it was
        /// exported from, on the same platform.
        #[arg(long)]
        chat: Option<String>,
        /// The exported JSON.
        file: PathBuf,
    },
}

/// Runs one `gm game` command.
pub fn run(cmd: GameCommand) -> Outcome {
    let Some(runtime) = bot_core::console::runtime("game") else {
        return Outcome::Failed;
    };
    let result = runtime.block_on(async {
        match cmd {
            GameCommand::Export { db, id } => {
                let store = Store::connect(&db).await?;
                let json = store.export_game(GameId(id)).await;
                store.close().await;
                bot_core::console::println(&json?);
                Ok::<(), Failure>(())
            }
            GameCommand::Import { db, chat, file } => {
                let Some(text) = read(&file) else {
                    return Err(Failure::Unreadable(file));
                };
                // A file whose game would not load is refused before the database is opened.
                bot_core::session::check_game_export(crate::GAMES, &text)
                    .map_err(Failure::Refused)?;
                let store = Store::connect(&db).await?;
                let id = match chat {
                    Some(chat) => {
                        // The document says which platform; only the chat changes.
                        let platform = exported_platform(&text)?;
                        store.import_game_into(&text, Some((platform, chat))).await
                    }
                    None => store.import_game(&text).await,
                };
                store.close().await;
                bot_core::console::println(&id?.0.to_string());
                Ok(())
            }
        }
    });
    match result {
        Ok(()) => Outcome::Ok,
        Err(e @ Failure::Refused(_)) => {
            eprintln!("gm game: {e}");
            Outcome::Refused
        }
        Err(e) => {
            eprintln!("gm game: {e}");
            Outcome::Failed
        }
    }
}

/// Why `gm game` failed.
#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot read {}: check the path (or give - for standard input)", .0.display())]
    Unreadable(PathBuf),
    #[error("the file is refused, nothing was stored: {0}")]
    Refused(String),
}

/// The platform an export document says its game was played on.
fn exported_platform(text: &str) -> Result<bot_core::store::Platform, StoreError> {
    #[derive(serde::Deserialize)]
    struct Doc {
        game: Game,
    }
    #[derive(serde::Deserialize)]
    struct Game {
        platform: bot_core::store::Platform,
    }
    serde_json::from_str::<Doc>(text)
        .map(|d| d.game.platform)
        .map_err(|_| StoreError::BadExport("not a game exported by gm".into()))
}

pub(super) fn read(file: &PathBuf) -> Option<String> {
    if file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).ok()?;
        Some(s)
    } else {
        std::fs::read_to_string(file).ok()
    }
}
