//! The command menu: `setMyCommands` in each language the bot speaks, from the session's list.

use bot_core::i18n::Lang;
use teloxide::prelude::*;
use teloxide::types::BotCommand;

use crate::api::Api;

/// The menu for one language, trimmed to what Telegram accepts (a command is 1–32 characters of
/// a–z, 0–9 and `_`; a description 1–256 characters).
pub fn menu(lang: Lang) -> Vec<BotCommand> {
    bot_core::session::commands(lang)
        .into_iter()
        .filter(|(name, _)| {
            (1..=32).contains(&name.len())
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        })
        .map(|(name, about)| {
            let about: String = about.chars().take(256).collect();
            let about = if about.trim().is_empty() {
                name.to_string()
            } else {
                about
            };
            BotCommand::new(name, about)
        })
        .collect()
}

/// Registers the menu for every language (shown to users whose client speaks it) and, for
/// everyone else, in the bot's default language. A failure is logged, not fatal: the commands
/// work without the menu.
pub async fn register(bot: &Api, default: Lang) {
    for lang in Lang::ALL {
        if let Err(e) = bot
            .set_my_commands(menu(lang))
            .language_code(lang.code())
            .await
        {
            tracing::warn!(lang = lang.code(), error = %crate::api::describe(&e), "setMyCommands failed");
        }
    }
    if let Err(e) = bot.set_my_commands(menu(default)).await {
        tracing::warn!(error = %crate::api::describe(&e), "setMyCommands failed");
    }
}
