//! The Discord adapter (issue 6, not built yet). Until it exists this binary says how to play locally.

fn main() -> std::process::ExitCode {
    eprintln!(
        "The Discord bot is not built yet.\n\
         When it is, it will read its token from DISCORD_TOKEN (create an application and a bot at\n\
         https://discord.com/developers/applications).\n\
         Meanwhile, play locally with gm script (chat messages in as JSON lines, the master's answers out):\n  \
         cargo run --release --bin gm -- script --help\n\
         The README's section \"Playing locally\" has a whole example."
    );
    std::process::ExitCode::from(2)
}
