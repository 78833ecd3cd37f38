//! The game master: `cargo run --release`. One process on one database runs the Telegram bot and
//! the Discord bot whose tokens are set and, with no token at all (or `[web] enabled = "on"`), the
//! local web chat at <http://127.0.0.1:8080> (see the `bots` crate), hosting the bot's games.

fn main() -> std::process::ExitCode {
    bots::main(registry::GAMES)
}
