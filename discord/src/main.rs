//! The Discord adapter (issue 6, not built yet). Until it exists this binary says how to play locally.

fn main() -> std::process::ExitCode {
    eprintln!(
        "The Discord bot is not built yet.\n\
         When it is, it will read its token from DISCORD_TOKEN (create an application and a bot at\n\
         https://discord.com/developers/applications).\n\
         Meanwhile, try the game master locally:\n  \
         cargo run --release --bin gm -- plan generate --size 6x5 --players 3 --rules classic --seed 7"
    );
    std::process::ExitCode::from(2)
}
