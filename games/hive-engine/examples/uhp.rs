//! The Universal Hive Protocol engine alone, without the chat bot around it: the same engine as
//! `gm hive uhp`, built in seconds, for matches against other engines while the bot is tuned.
//!
//!     cargo run --release -p hive-engine --example uhp

fn main() -> std::io::Result<()> {
    hive_engine::uhp::run(std::io::stdin().lock(), std::io::stdout().lock())
}
