//! Discord traffic in, as the session's neutral [`Inbound`]: messages, slash commands and button
//! presses. No game logic here: what a text means is the session's business.

use bot_core::i18n::Lang;
use bot_core::session::Registry;
use bot_core::session::chat::{ChatId, Content, Inbound, Platform, TextFile, UserId};
use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, ComponentInteraction, Member,
    Message, PartialChannel, User,
};

/// The custom-id prefix of a "link" button: its press is a private `/start <data>` from the presser
/// (Discord has no deep links into a bot's DMs, so the bot answers the press by DM instead).
pub const LINK_PREFIX: &str = "gm-dm:";

/// A message written in a channel or privately; `None` for bots' messages and for messages without
/// text (a picture, a sticker, or any message when the MESSAGE CONTENT intent is not granted: Discord
/// then sends guild messages with empty content, which must not read as an empty order). Its
/// author is no admin here: a typed message carries no permissions, so the worker reads them for
/// an admin command (see [`is_admin_command`]).
/// `me` is the bot's own user id (0 before READY told it).
pub fn from_message(msg: &Message, me: u64) -> Option<Inbound> {
    if msg.author.bot || msg.content.trim().is_empty() {
        return None;
    }
    Some(of_message(msg, Content::Text(text_of(msg, me))))
}

/// A message's text as the session reads it. Words addressed to the bot in a server (beginning
/// with its mention, `<@id>`, or replying to one of its messages) are meant for the master, as
/// `/move` is: the game answers them even off the writer's turn, where it leaves the channel's
/// talk among players alone. They are also what Discord shows a bot without the MESSAGE CONTENT
/// intent (Discord: "Message Content Intent", content is given for messages that mention it).
fn text_of(msg: &Message, me: u64) -> String {
    let text = msg.content.trim();
    if msg.guild_id.is_none() || me == 0 {
        return text.to_string();
    }
    let mention = [format!("<@{me}>"), format!("<@!{me}>")]
        .into_iter()
        .find_map(|m| text.strip_prefix(m.as_str()));
    let replies = msg
        .referenced_message
        .as_ref()
        .is_some_and(|r| r.author.id.get() == me);
    let words = mention
        .map(|rest| rest.trim_start_matches([',', ':', ' ']).trim())
        .unwrap_or(text);
    match (mention.is_some() || replies) && !words.starts_with('/') {
        true => format!("/move {words}"),
        false => words.to_string(),
    }
}

/// A file sent privately (see [`crate::files`]), fetched, as the session's input: the session
/// imports it into the channel whose `/import` waits for it.
pub fn from_file(msg: &Message, file: TextFile) -> Inbound {
    of_message(msg, Content::File(file))
}

fn of_message(msg: &Message, content: Content) -> Inbound {
    Inbound {
        platform: Platform::Discord,
        chat: ChatId(msg.channel_id.to_string()),
        private: msg.guild_id.is_none(),
        user: UserId(msg.author.id.to_string()),
        name: name_in(
            msg.member.as_ref().and_then(|m| m.nick.as_deref()),
            &msg.author,
        ),
        content,
        message_id: msg.id.to_string(),
        // A message carries no client language; the session falls back on the player's or the game's.
        lang: None,
        is_admin: false,
        // A message does not say its channel's type nor its name: the worker reads them from
        // its cache of channels.
        threads: false,
        chat_title: None,
    }
}

/// A slash command, rebuilt as the text command the session reads (`/join`, `/newgame labyrinth
/// classic size=6x5`, `/move order:"go up"` as the order "go up").
pub fn from_command(registry: Registry, cmd: &CommandInteraction) -> Inbound {
    let options: Vec<(String, String)> = cmd.data.options.iter().filter_map(option_text).collect();
    Inbound {
        platform: Platform::Discord,
        chat: ChatId(cmd.channel_id.to_string()),
        private: cmd.guild_id.is_none(),
        user: UserId(cmd.user.id.to_string()),
        name: name_in(
            cmd.member.as_ref().and_then(|m| m.nick.as_deref()),
            &cmd.user,
        ),
        content: Content::Text(command_text(registry, &cmd.data.name, &options)),
        message_id: cmd.id.to_string(),
        lang: lang_of(&cmd.locale),
        is_admin: is_admin(cmd.member.as_deref()),
        threads: cmd.guild_id.is_some() && takes_threads(cmd.channel.as_ref()),
        chat_title: cmd.channel.as_ref().and_then(|c| c.name.clone()),
    }
}

/// A button press: its custom id back to the session, or for a link button a private `/start`.
pub fn from_component(press: &ComponentInteraction) -> Inbound {
    let id = &press.data.custom_id;
    let (private, chat, content) = match id.strip_prefix(LINK_PREFIX) {
        Some(data) => (
            true,
            press.user.id.to_string(),
            Content::Text(format!("/start {data}")),
        ),
        None => (
            press.guild_id.is_none(),
            press.channel_id.to_string(),
            Content::Button(id.clone()),
        ),
    };
    let threads = !private && takes_threads(press.channel.as_ref());
    Inbound {
        platform: Platform::Discord,
        chat: ChatId(chat),
        private,
        user: UserId(press.user.id.to_string()),
        name: name_in(
            press.member.as_ref().and_then(|m| m.nick.as_deref()),
            &press.user,
        ),
        content,
        message_id: press.id.to_string(),
        lang: lang_of(&press.locale),
        is_admin: is_admin(press.member.as_ref()),
        threads,
        chat_title: (!private)
            .then(|| press.channel.as_ref().and_then(|c| c.name.clone()))
            .flatten(),
    }
}

/// Whether an interaction's channel, as the interaction describes it, takes threads (see
/// [`crate::thread::takes_threads`]). An interaction without its channel's description is taken
/// for one from a channel without.
fn takes_threads(channel: Option<&PartialChannel>) -> bool {
    channel.is_some_and(|c| crate::thread::takes_threads(u8::from(c.kind).into()))
}

/// The text a slash command stands for, from its name and its options' values in order.
pub fn command_text(registry: Registry, name: &str, options: &[(String, String)]) -> String {
    let values: Vec<&str> = options
        .iter()
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
        .collect();
    match name {
        // The session reads a plain text in the channel as an order; `/move` is just a way to type it.
        "move" => values.join(" "),
        "newgame" => {
            let value = |key: &str| {
                options
                    .iter()
                    .find(|(k, _)| k == key)
                    .map_or("", |(_, v)| v.as_str())
            };
            registry.newgame_text(value("game"), value("ruleset"), value("options"))
        }
        _ => {
            let mut text = format!("/{name}");
            for v in values {
                text.push(' ');
                text.push_str(v);
            }
            text
        }
    }
}

/// Whether a typed text is an admin command (`/abort`, `/kick bob`), for which the author's
/// permissions are worth reading.
pub fn is_admin_command(text: &str) -> bool {
    let Some(rest) = text.trim_start().strip_prefix('/') else {
        return false;
    };
    let head = rest.split_whitespace().next().unwrap_or("");
    let name = head.split('@').next().unwrap_or(head).to_lowercase();
    bot_core::session::is_admin_command(&name)
}

/// An option's name and value as text; sub-commands and attachments are not used by this bot.
fn option_text(o: &CommandDataOption) -> Option<(String, String)> {
    let value = match &o.value {
        CommandDataOptionValue::String(s) => s.clone(),
        CommandDataOptionValue::Integer(n) => n.to_string(),
        CommandDataOptionValue::Number(n) => n.to_string(),
        CommandDataOptionValue::Boolean(b) => b.to_string(),
        CommandDataOptionValue::User(u) => u.to_string(),
        _ => return None,
    };
    Some((o.name.clone(), value))
}

/// The name a member goes by on the server: his server nickname (`member.nick`, which Discord
/// sends with guild messages and interactions), else his global display name, else his user name.
/// A message read from the channel's history carries no member: his global name then.
pub fn name_in(nick: Option<&str>, user: &User) -> String {
    nick.map(str::trim)
        .filter(|n| !n.is_empty())
        .map_or_else(|| display_name(user), str::to_string)
}

/// The name players see outside a server: the global display name, else the user name.
pub fn display_name(user: &User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

/// The language of a Discord client locale (`ru`, `en-US`, `en-GB`).
pub fn lang_of(locale: &str) -> Option<Lang> {
    let l = locale.to_ascii_lowercase();
    if l.starts_with("ru") {
        Some(Lang::Ru)
    } else if l.starts_with("en") {
        Some(Lang::En)
    } else {
        None
    }
}

/// Whether a member administers the channel: the permissions an interaction carries (his, in that
/// channel) include [`ADMIN`](crate::permissions::ADMIN).
pub fn is_admin(member: Option<&Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(crate::permissions::ADMIN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use registry::GAMES;

    fn opts(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn newgame_becomes_the_session_command() {
        let text = command_text(
            GAMES,
            "newgame",
            &opts(&[("ruleset", "classic"), ("options", "size=6x5 plan=own")]),
        );
        assert_eq!(text, "/newgame labyrinth classic size=6x5 plan=own");
        assert_eq!(
            command_text(GAMES, "newgame", &opts(&[("ruleset", "quantum")])),
            "/newgame labyrinth quantum"
        );
    }

    #[test]
    fn move_is_the_plain_order_and_others_keep_their_slash() {
        assert_eq!(
            command_text(GAMES, "move", &opts(&[("order", " go up ")])),
            "go up"
        );
        assert_eq!(command_text(GAMES, "join", &[]), "/join");
        assert_eq!(
            command_text(GAMES, "kick", &opts(&[("player", "bob")])),
            "/kick bob"
        );
    }

    #[test]
    fn typed_admin_commands_are_recognised() {
        assert!(is_admin_command("/abort"));
        assert!(is_admin_command(" /Kick@gm-bot bob"));
        assert!(!is_admin_command("/join"));
        assert!(!is_admin_command("abort"));
    }

    /// A message read by the bot whose user id is 99.
    fn read_msg(m: &Message) -> Option<Inbound> {
        from_message(m, 99)
    }

    #[test]
    fn words_addressed_to_the_bot_are_orders_and_talk_among_players_is_talk() {
        let text = |m: &Message| match read_msg(m).map(|i| i.content) {
            Some(Content::Text(t)) => t,
            other => panic!("not a text: {other:?}"),
        };
        assert_eq!(text(&message("go up", false, true)), "go up");
        assert_eq!(text(&message("<@99> go up", false, true)), "/move go up");
        assert_eq!(text(&message("<@!99>, go up", false, true)), "/move go up");
        assert_eq!(text(&message("<@99> /status", false, true)), "/status");
        assert_eq!(text(&message("<@12> go up", false, true)), "<@12> go up");
        // Privately everything is for the bot already.
        assert_eq!(text(&message("<@99> B2", false, false)), "<@99> B2");
        let reply = |author: &str| {
            let mut m = message("go up", false, true);
            let mut to: serde_json::Value =
                serde_json::to_value(message("Ann, your move.", true, true)).unwrap();
            to["author"]["id"] = author.into();
            m.referenced_message = Some(Box::new(serde_json::from_value(to).unwrap()));
            m
        };
        assert_eq!(text(&reply("99")), "/move go up");
        assert_eq!(text(&reply("12")), "go up", "a reply to a player is talk");
    }

    fn message(content: &str, bot: bool, guild: bool) -> Message {
        let mut v = serde_json::json!({
            "id": "11", "channel_id": "22", "content": content, "timestamp": "2026-01-01T00:00:00Z",
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
            "author": {"id": "33", "username": "ann", "global_name": "Ann", "discriminator": "0",
                       "avatar": null, "bot": bot},
        });
        if guild {
            v["guild_id"] = "44".into();
        }
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn messages_become_inbounds_with_their_snowflake() {
        let m = read_msg(&message("go up", false, true)).unwrap();
        assert_eq!(m.message_id, "11");
        assert_eq!(m.chat.0, "22");
        assert_eq!(m.user.0, "33");
        assert_eq!(m.name, "Ann");
        assert!(!m.private);
        assert!(read_msg(&message("B2", false, false)).unwrap().private);
    }

    #[test]
    fn a_server_nickname_comes_first() {
        let mut m = message("go up", false, true);
        m.member = serde_json::from_value(serde_json::json!({
            "roles": [], "joined_at": "2026-01-01T00:00:00Z", "deaf": false, "mute": false,
            "flags": 0, "nick": "Captain Ann"
        }))
        .unwrap();
        assert_eq!(read_msg(&m).unwrap().name, "Captain Ann");
        m.member.as_mut().unwrap().nick = None;
        assert_eq!(read_msg(&m).unwrap().name, "Ann");
        m.author.global_name = None;
        assert_eq!(read_msg(&m).unwrap().name, "ann");
    }

    #[test]
    fn bots_and_empty_messages_are_not_read() {
        assert!(read_msg(&message("go up", true, true)).is_none());
        assert!(read_msg(&message("  ", false, true)).is_none());
    }

    /// A slash command or a button press from a channel of this Discord type, in a guild or not.
    fn interaction(kind: u64, guild: bool, component: bool) -> serde_json::Value {
        let user = serde_json::json!({"id": "33", "username": "ann", "global_name": "Ann",
                                      "discriminator": "0", "avatar": null, "bot": false});
        let mut v = serde_json::json!({
            "id": "11", "application_id": "900", "type": 2, "token": "t", "version": 1,
            "channel_id": "22", "channel": {"id": "22", "type": kind}, "locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {}, "attachment_size_limit": 8388608,
            "data": {"id": "77", "name": "tournament", "type": 1, "options": []},
        });
        if component {
            v["type"] = 3.into();
            v["data"] = serde_json::json!({"custom_id": "/tournament join", "component_type": 2});
            v["message"] = serde_json::to_value(message("x", true, guild)).unwrap();
        }
        if guild {
            v["guild_id"] = "44".into();
            v["member"] = serde_json::json!({"user": user, "roles": [], "joined_at": "2026-01-01T00:00:00Z",
                                             "deaf": false, "mute": false, "flags": 0, "permissions": "3072"});
        } else {
            v["user"] = user;
        }
        v
    }

    #[test]
    fn only_a_servers_text_or_announcement_channel_lets_the_bot_open_threads() {
        let command = |kind, guild| {
            let c: CommandInteraction =
                serde_json::from_value(interaction(kind, guild, false)).unwrap();
            from_command(GAMES, &c).threads
        };
        let press = |kind, guild| {
            let c: ComponentInteraction =
                serde_json::from_value(interaction(kind, guild, true)).unwrap();
            from_component(&c).threads
        };
        for read in [command, press] {
            assert!(read(0, true), "a text channel");
            assert!(read(5, true), "an announcement channel");
            assert!(!read(11, true), "a thread");
            assert!(!read(1, false), "a DM");
        }
        // An interaction that does not describe its channel: none.
        let mut v = interaction(0, true, false);
        v.as_object_mut().unwrap().remove("channel");
        let c: CommandInteraction = serde_json::from_value(v).unwrap();
        assert!(!from_command(GAMES, &c).threads);
    }

    #[test]
    fn locales_map_to_languages() {
        assert_eq!(lang_of("ru"), Some(Lang::Ru));
        assert_eq!(lang_of("en-GB"), Some(Lang::En));
        assert_eq!(lang_of("de"), None);
    }
}
