//! `gm game export | import`: moves a game, with its players, order log and timers, between
//! installations as one JSON document.

use std::io::Read;
use std::path::PathBuf;

use clap::Subcommand;

use super::Outcome;
use crate::store::{GameId, Store, StoreError};

/// What `gm game` can do.
#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// Print a game as JSON.
    Export {
        /// The bot's database file.
        #[arg(long)]
        db: PathBuf,
        /// The game's number.
        id: i64,
    },
    /// Read a game exported elsewhere (a file, or `-` for standard input) under a new number.
    Import {
        /// The bot's database file.
        #[arg(long)]
        db: PathBuf,
        /// The exported JSON.
        file: PathBuf,
    },
}

/// Runs one `gm game` command.
pub fn run(cmd: GameCommand) -> Outcome {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("gm game: {e}");
            return Outcome::Failed;
        }
    };
    let result = runtime.block_on(async {
        match cmd {
            GameCommand::Export { db, id } => {
                let store = Store::open(&db).await?;
                let json = store.export_game(GameId(id)).await;
                store.close().await;
                println!("{}", json?);
                Ok::<(), StoreError>(())
            }
            GameCommand::Import { db, file } => {
                let Some(text) = read(&file) else {
                    eprintln!("gm game: cannot read {}", file.display());
                    return Ok(());
                };
                let store = Store::open(&db).await?;
                let id = store.import_game(&text).await;
                store.close().await;
                println!("{}", id?.0);
                Ok(())
            }
        }
    });
    match result {
        Ok(()) => Outcome::Ok,
        Err(e) => {
            eprintln!("gm game: {e}");
            Outcome::Failed
        }
    }
}

fn read(file: &PathBuf) -> Option<String> {
    if file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).ok()?;
        Some(s)
    } else {
        std::fs::read_to_string(file).ok()
    }
}
