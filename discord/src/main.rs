//! The Discord bot: `cargo run --release -p discord` with `DISCORD_TOKEN` set (or `token` in the
//! `[discord]` section of `config/default.toml`). Logs go to stderr through `tracing`
//! (`RUST_LOG=discord=debug` for more); they never hold the token or a private message's text.

use std::process::ExitCode;

use bot_core::session::Session;
use bot_core::store::Store;
use discord::config::{Config, MissingToken, Section};

/// How to get a token, and how to play without one.
const NO_TOKEN: &str = "\
No Discord token. To get one:
  1. https://discord.com/developers/applications -> New Application -> Bot -> Reset Token;
  2. on the same page enable the MESSAGE CONTENT intent (Privileged Gateway Intents), so the bot
     reads orders typed in the channel;
  3. OAuth2 -> URL Generator: scopes `bot` and `applications.commands`, permissions Send Messages,
     Attach Files, Read Message History; open the URL to invite the bot to your server.
Then: DISCORD_TOKEN=... cargo run --release -p discord
Meanwhile, play locally with gm script (chat messages in as JSON lines, the master's answers out):
  cargo run --release --bin gm -- script --help
The README's sections \"Playing locally\" and \"Discord\" say more.";

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(discord::logs::filter(
            std::env::var("RUST_LOG").ok().as_deref(),
        ))
        .with_writer(std::io::stderr)
        .init();
    match start().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::NoToken) => {
            eprintln!("{NO_TOKEN}");
            ExitCode::from(2)
        }
        Err(Failure::Other(why)) => {
            tracing::error!("{why}");
            ExitCode::FAILURE
        }
    }
}

/// Why the bot did not run.
enum Failure {
    NoToken,
    Other(String),
}

impl From<MissingToken> for Failure {
    fn from(_: MissingToken) -> Failure {
        Failure::NoToken
    }
}

async fn start() -> Result<(), Failure> {
    let settings = bot_core::settings::load().map_err(|e| Failure::Other(e.to_string()))?;
    let common = settings
        .common()
        .map_err(|e| Failure::Other(e.to_string()))?;
    let section: Section = settings
        .section("discord")
        .map_err(|e| Failure::Other(e.to_string()))?;
    let config = Config::resolve(section, settings.var("DISCORD_TOKEN").map(str::to_string))?;
    let store = Store::open(&common.database)
        .await
        .map_err(|e| Failure::Other(format!("the database {}: {e}", common.database.display())))?;
    let seed = common.session_seed();
    let session = Session::open(store, bot_core::cli::GAMES, seed, common.lang)
        .await
        .map_err(|e| Failure::Other(e.to_string()))?;
    tracing::info!(database = %common.database.display(), "starting the Discord bot");
    let shutdown = bot_core::shutdown::signal();
    discord::run(config, session, common.lang, shutdown)
        .await
        .map_err(|e| Failure::Other(e.to_string()))
}
