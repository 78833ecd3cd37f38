//! The global slash commands: the session's commands with their Russian localizations, the options
//! Discord asks for, admin commands hidden from members without MANAGE_CHANNELS, and suggestions
//! while `/newgame`'s options are typed.

use bot_core::i18n::{Lang, Messages};
use bot_core::session::Registry;
use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

use crate::permissions::ADMIN;

/// Whether a command is hidden from members without MANAGE_CHANNELS by default (the session says
/// which: its admin commands but those of a game's lobby, which its opener gives).
fn restricted(name: &str) -> bool {
    bot_core::session::is_chat_admin_command(name)
}

/// Discord's longest command or option description.
const MAX_DESCRIPTION: usize = 100;

/// A localized word of this adapter.
fn word(lang: Lang, id: &str) -> String {
    clip(&Messages::get(lang).text(id, &[]))
}

fn clip(s: &str) -> String {
    s.chars().take(MAX_DESCRIPTION).collect()
}

/// The bot's global commands, English with Russian localizations.
pub fn all(registry: Registry) -> Vec<CreateCommand> {
    let en = bot_core::session::commands(Lang::En);
    let ru = bot_core::session::commands(Lang::Ru);
    en.iter()
        .map(|(name, d)| {
            let d_ru = ru
                .iter()
                .find(|(n, _)| n == name)
                .map_or_else(|| d.clone(), |(_, d)| d.clone());
            (*name, d, d_ru)
        })
        .filter(|(name, _, _)| valid_name(name))
        .map(|(name, en, ru)| command(registry, name, en, &ru))
        .collect()
}

/// Discord's rule for command names: 1 to 32 lower-case letters, digits, `-` or `_`.
fn valid_name(name: &str) -> bool {
    (1..=32).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

fn command(registry: Registry, name: &str, en: &str, ru: &str) -> CreateCommand {
    let mut c = CreateCommand::new(name)
        .description(clip(en))
        .description_localized("ru", clip(ru));
    for o in options(registry, name) {
        c = c.add_option(o);
    }
    if restricted(name) {
        c = c.default_member_permissions(ADMIN);
    }
    c
}

fn option(name: &str, id: &str, required: bool) -> CreateCommandOption {
    CreateCommandOption::new(CommandOptionType::String, name, word(Lang::En, id))
        .description_localized("ru", word(Lang::Ru, id))
        .required(required)
}

/// The options of a command, in the order [`crate::inbound::command_text`] joins them.
fn options(registry: Registry, name: &str) -> Vec<CreateCommandOption> {
    match name {
        "newgame" => {
            // Every option may be left out: the session then offers buttons of the games, or of
            // the game's rulesets, and a ruleset alone names its game.
            let mut ruleset = option("ruleset", "discord-opt-ruleset", false);
            for r in registry.rulesets() {
                ruleset = ruleset.add_string_choice(r, r);
            }
            let mut game = option("game", "discord-opt-game", false);
            for g in registry.words() {
                game = game.add_string_choice(g, g);
            }
            vec![
                ruleset,
                option("options", "discord-opt-options", false).set_autocomplete(true),
                game,
            ]
        }
        "move" => vec![option("order", "discord-opt-order", true)],
        "kick" => vec![option("player", "discord-opt-player", true)],
        "tournament" => vec![option("what", "discord-opt-tournament", false)],
        "rating" => vec![option("player", "discord-opt-player", false)],
        "leaderboard" => {
            let mut game = option("game", "discord-opt-game", true);
            for g in registry.words() {
                game = game.add_string_choice(g, g);
            }
            vec![game]
        }
        "vacation" => vec![option("time", "discord-opt-vacation", true)],
        "lang" => {
            let mut lang = option("language", "discord-opt-lang", true);
            for l in ["ru", "en"] {
                lang = lang.add_string_choice(l, l);
            }
            vec![lang]
        }
        _ => vec![],
    }
}

/// Suggestions for `/newgame`'s options field as typed so far: the words already there, completed
/// with each key not yet given whose example starts with the word being typed (at most 25).
pub fn suggest(registry: Registry, typed: &str) -> Vec<String> {
    let ends_open = typed.is_empty() || typed.ends_with(' ');
    let mut words: Vec<&str> = typed.split_whitespace().collect();
    let partial = if ends_open {
        ""
    } else {
        words.pop().unwrap_or("")
    };
    let used: Vec<&str> = words
        .iter()
        .filter_map(|w| w.split_once('=').map(|(k, _)| k))
        .collect();
    let head = words.join(" ");
    registry
        .option_examples()
        .iter()
        .filter(|h| h.starts_with(&partial.to_lowercase()))
        .filter(|h| !used.iter().any(|k| h.split('=').next() == Some(*k)))
        .map(|h| {
            if head.is_empty() {
                h.to_string()
            } else {
                format!("{head} {h}")
            }
        })
        .filter(|s| s.chars().count() <= MAX_DESCRIPTION)
        .take(25)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use registry::GAMES;

    #[test]
    fn suggestions_complete_the_word_being_typed() {
        let s = suggest(GAMES, "size=6x5 pl");
        assert_eq!(s, vec!["size=6x5 plan=generated", "size=6x5 plan=own"]);
    }

    #[test]
    fn suggestions_skip_keys_already_given() {
        let s = suggest(GAMES, "size=6x5 ");
        assert!(!s.is_empty());
        assert!(s.iter().all(|o| o.matches("size=").count() == 1), "{s:?}");
        assert!(suggest(GAMES, "").len() <= 25);
    }

    #[test]
    fn every_command_has_a_valid_name_and_admin_ones_are_restricted() {
        let json = serde_json::to_value(all(GAMES)).unwrap();
        let list = json.as_array().unwrap();
        assert!(list.len() > 5);
        for c in list {
            let name = c["name"].as_str().unwrap();
            assert!(valid_name(name), "{name}");
            let d = c["description"].as_str().unwrap();
            assert!(!d.is_empty() && d.chars().count() <= MAX_DESCRIPTION);
            assert!(c["description_localizations"]["ru"].is_string());
            let restricted = !c["default_member_permissions"].is_null();
            assert_eq!(restricted, super::restricted(name), "{name}");
        }
        let hidden = |n: &str| {
            list.iter()
                .any(|c| c["name"] == n && !c["default_member_permissions"].is_null())
        };
        assert!(hidden("abort") && hidden("kick"));
        // Moving a game is for the channel's managers: the export holds the maze.
        assert!(hidden("export") && hidden("import"));
        assert!(!hidden("begin") && !hidden("join"));
        let newgame = list.iter().find(|c| c["name"] == "newgame").unwrap();
        assert_eq!(newgame["options"][1]["autocomplete"], true);
        let choices: Vec<&str> = newgame["options"][0]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap())
            .collect();
        assert_eq!(choices, GAMES.rulesets());
        // /move is the session's, with its one option.
        let mv = list.iter().find(|c| c["name"] == "move").unwrap();
        assert_eq!(mv["options"][0]["name"], "order");
    }
}
