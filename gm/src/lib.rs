//! `gm`, the game master on the command line, and the registry of the games the bot hosts.
//!
//! [`GAMES`] (the `registry` crate's) is the one list of games: `gm` and `gm-bot` hand it to the
//! session. The command line: `gm plan …` composes, checks and draws mazes
//! (the Labyrinth's); `gm script` plays games from JSON lines; `gm hive perft` checks Hive's move
//! generator and `gm hive uhp` is a Universal Hive Protocol engine; `gm db` shows and prunes the
//! bot's database; `gm game` and `gm tournament` export and import. The binary in `src/main.rs`
//! only calls [`main`].

mod db;
mod game;
mod tournament;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use bot_core::i18n::Lang;

pub use registry::GAMES;

/// `gm`: the game master's tools on the command line.
#[derive(Debug, Parser)]
#[command(
    name = "gm",
    version,
    about = "The game master on the command line: Labyrinth plans, scripts, databases, Hive's UHP engine"
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
    Plan(labyrinth::cli::PlanCommand),
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
    Hive(hive::cli::HiveCommand),
    /// Play games from JSON lines on standard input, as a chat would (see script-harness.md).
    Script(bot_core::script::ScriptArgs),
}

/// Runs `gm` with the process's arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    run(cli)
}

fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Plan(cmd) => labyrinth::cli::run(cmd, cli.lang).into(),
        Command::Script(args) => bot_core::script::run(args, cli.lang, GAMES),
        Command::Game(cmd) => game::run(cmd).into(),
        Command::Db(cmd) => db::run(cmd).into(),
        Command::Tournament(cmd) => tournament::run(cmd).into(),
        Command::Hive(cmd) => hive::cli::run(cmd).into(),
    }
}
