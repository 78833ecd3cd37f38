//! The `gm` command line: the game master without a chat platform.
//!
//! `gm plan …` composes, checks and draws mazes; `gm script` plays games from JSON lines; `gm hive perft`
//! checks Hive's move generator and `gm hive uhp` is a Universal Hive Protocol engine; `gm db`
//! shows and prunes the bot's database. The binary in `src/bin/gm.rs` only calls [`main`].

mod db;
mod game;
mod hive;
mod output;
mod plan;
pub mod script;
mod tournament;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::i18n::Lang;
use crate::session::Registry;

/// The games `gm` and the bots host, in the order `/newgame` offers them.
pub static GAMES: Registry = Registry::new(&[
    &crate::labyrinth::table::KIND,
    &crate::saboteur::table::KIND,
    &crate::hive::table::KIND,
]);

/// `gm`: the game master's tools on the command line.
#[derive(Debug, Parser)]
#[command(
    name = "gm",
    version,
    about = "The Labyrinth game master on the command line"
)]
pub struct Cli {
    /// Language of the master's words: en or ru.
    #[arg(long, global = true, default_value = "en", env = "GM_LANG")]
    pub lang: Lang,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Compose, check and draw Labyrinth plans (the master's secret maps).
    #[command(subcommand)]
    Plan(plan::PlanCommand),
    /// Export or import a game of the bot's database, with its order log.
    #[command(subcommand)]
    Game(game::GameCommand),
    /// What the bot's database holds (`gm db stats`), and pruning it now (`gm db prune`).
    #[command(subcommand)]
    Db(db::DbCommand),
    /// Export or import a tournament of the bot's database, with its games under way.
    #[command(subcommand)]
    Tournament(tournament::TournamentCommand),
    /// Hive's rules engine and bot: `gm hive perft N [--tournament]`, `gm hive uhp`.
    #[command(subcommand)]
    Hive(hive::HiveCommand),
    /// Play games from JSON lines on standard input, as a chat would (see script-harness.md).
    Script(script::ScriptArgs),
}

/// How a command ended, as the process exit code.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done.
    Ok,
    /// The input was examined and refused (a plan that breaks the rules).
    Refused,
    /// The command could not run (a missing file, bad arguments).
    Failed,
}

impl From<Outcome> for ExitCode {
    fn from(o: Outcome) -> ExitCode {
        match o {
            Outcome::Ok => ExitCode::SUCCESS,
            Outcome::Refused => ExitCode::from(1),
            Outcome::Failed => ExitCode::from(2),
        }
    }
}

/// The runtime a command's database work runs on, or `None` with the reason printed under the
/// command's name.
fn runtime(command: &str) -> Option<tokio::runtime::Runtime> {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => Some(r),
        Err(e) => {
            eprintln!("gm {command}: {e}");
            None
        }
    }
}

/// Runs `gm` with the process's arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    run(cli)
}

fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Plan(cmd) => plan::run(cmd, cli.lang).into(),
        Command::Script(args) => script::run(args, cli.lang),
        Command::Game(cmd) => game::run(cmd).into(),
        Command::Db(cmd) => db::run(cmd).into(),
        Command::Tournament(cmd) => tournament::run(cmd).into(),
        Command::Hive(cmd) => hive::run(cmd).into(),
    }
}
