//! The Telegram adapter (issue 5, not built yet). Until it exists this binary says how to play locally.

fn main() -> std::process::ExitCode {
    eprintln!(
        "The Telegram bot is not built yet.\n\
         When it is, it will read its token from TELOXIDE_TOKEN (ask @BotFather in Telegram for one: /newbot).\n\
         Meanwhile, play locally with gm script (chat messages in as JSON lines, the master's answers out):\n  \
         cargo run --release --bin gm -- script --help\n\
         The README's section \"Playing locally\" has a whole example."
    );
    std::process::ExitCode::from(2)
}
