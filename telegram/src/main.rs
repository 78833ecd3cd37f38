//! The Telegram adapter (issue 5, not built yet). Until it exists this binary says how to play locally.

fn main() -> std::process::ExitCode {
    eprintln!(
        "The Telegram bot is not built yet.\n\
         When it is, it will read its token from TELOXIDE_TOKEN (ask @BotFather in Telegram for one: /newbot).\n\
         Meanwhile, try the game master locally:\n  \
         cargo run --release --bin gm -- plan generate --size 6x5 --players 3 --rules classic --seed 7"
    );
    std::process::ExitCode::from(2)
}
