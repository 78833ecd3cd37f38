//! Telegram updates into the session's neutral [`Inbound`] messages.
//!
//! Only translation happens here: who may do what is the session's decision. The one fact Telegram
//! does not put in an update, whether the sender administers the group, is asked for separately
//! ([`needs_admin_check`]) and only when it can matter. Nor does an update carry a document's
//! content: a document sent privately ([`private_document`]) is fetched first
//! ([`fetch`](crate::fetch)) and handed over with [`from_document`].
//!
//! A message written in a forum topic comes from the topic's chat (`chat/thread`, see
//! [`topic`](crate::topic)); the forum's General topic, and any other group, is the chat itself.

use bot_core::i18n::Lang;
use bot_core::session::chat::{ChatId, Content, Inbound, Platform, TextFile, UserId};
use teloxide::types::{
    CallbackQuery, Chat, ChatKind, FileId, MaybeInaccessibleMessage, Message, PublicChatKind, User,
};

use crate::topic::Place;

/// What the bot knows of itself: its username, for `/cmd@username` and deep links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Me {
    /// The bot's user id.
    pub id: u64,
    /// The bot's @username, without the `@`.
    pub username: String,
}

/// A user's language from his Telegram client's `language_code` ("ru", "ru-RU", "en-GB"...).
pub fn lang_of(code: Option<&str>) -> Option<Lang> {
    let code = code?.to_ascii_lowercase();
    Lang::ALL
        .into_iter()
        .find(|l| code == l.code() || code.starts_with(&format!("{}-", l.code())))
}

/// A message's text as the session reads it: a command's `@botname` suffix removed (Telegram adds
/// it in groups with several bots), and a leading `@botname` mention dropped (how players address
/// the bot when privacy mode hides other messages from it).
pub fn clean_text(text: &str, username: &str) -> String {
    let text = text.trim();
    let mention = format!("@{username}");
    if let Some(rest) = strip_prefix_ignore_case(text, &mention)
        && (rest.is_empty()
            || rest.starts_with(char::is_whitespace)
            || rest.starts_with([',', ':']))
    {
        return rest.trim_start_matches([',', ':']).trim().to_string();
    }
    if text.starts_with('/') {
        let (head, tail) = text.split_at(text.find(char::is_whitespace).unwrap_or(text.len()));
        if let Some((cmd, bot)) = head.split_once('@') {
            if bot.eq_ignore_ascii_case(username) {
                return format!("{cmd}{tail}");
            }
        }
    }
    text.to_string()
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// Whether a command is addressed to another bot (`/join@other_bot`): then it is not ours to read.
fn for_another_bot(text: &str, username: &str) -> bool {
    let head = text.split_whitespace().next().unwrap_or("");
    head.starts_with('/')
        && head
            .split_once('@')
            .is_some_and(|(_, bot)| !bot.eq_ignore_ascii_case(username))
}

/// A message as an inbound, or None when it is nothing for the session (a bot's message, a
/// sticker, a service message, a command for another bot) or not yet (a document sent privately,
/// read with [`from_document`] once fetched). `is_admin` is left false.
pub fn from_message(msg: &Message, me: &Me) -> Option<Inbound> {
    if msg.chat.is_private() && msg.document().is_some() {
        return None;
    }
    // A forwarded message in a group repeats someone else's words: a forwarded "go left" must
    // never move the forwarder (Bot API: `forward_origin`, "information about the original
    // message for forwarded messages"). Privately it is his own choice what he hands the bot.
    if !msg.chat.is_private() && msg.forward_origin().is_some() {
        return None;
    }
    // A document in a group is never read; its caption is a text like a photo's.
    let raw = msg.text().or_else(|| msg.caption())?;
    if for_another_bot(raw, &me.username) {
        return None;
    }
    let text = clean_text(raw, &me.username);
    let text = match addressed(msg, raw, me) && !text.starts_with('/') {
        // Words addressed to the master are meant for him, as `/move` is: the game answers them
        // even off the writer's turn, where it leaves the group's talk among players alone.
        true => format!("/move {text}"),
        false => text,
    };
    inbound(msg, Content::Text(text))
}

/// Whether a group message is addressed to the bot: it begins with the bot's @username, or it
/// replies to one of the bot's messages (the two ways, besides commands, that reach a bot in
/// privacy mode: Bot API, "Privacy mode").
fn addressed(msg: &Message, raw: &str, me: &Me) -> bool {
    if msg.chat.is_private() {
        return false;
    }
    let mentions = clean_text(raw, &me.username) != raw.trim() && !raw.trim().starts_with('/');
    // In a forum topic every message that replies to nothing "replies" to the topic's opening
    // service message, which the bot wrote when it opened the topic: that is no reply to it.
    let topic_root =
        |r: &Message| msg.is_topic_message && msg.thread_id.is_some_and(|t| t.0 == r.id);
    let replies = msg
        .reply_to_message()
        .filter(|r| !topic_root(r))
        .and_then(|r| r.from.as_ref())
        .is_some_and(|u| u.id.0 == me.id);
    mentions || replies
}

/// Whether a group message is a command for this bot sent on behalf of a chat: by an anonymous
/// group admin (Bot API: `sender_chat` is the group itself, `from` the placeholder
/// GroupAnonymousBot) or as a channel. Nobody can tell who wrote it, so it is not handed on; the
/// writer is told how to act as himself instead.
pub fn is_anonymous_command(msg: &Message, me: &Me) -> bool {
    if msg.chat.is_private() || msg.sender_chat.is_none() || msg.forward_origin().is_some() {
        return false;
    }
    let text = msg.text().unwrap_or("").trim_start();
    text.starts_with('/') && !for_another_bot(text, &me.username)
}

/// A document a person sent the bot privately, to fetch for the session: an exported game to
/// import, in practice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// Telegram's id of the file, for `getFile`.
    pub file_id: FileId,
    /// The file's name (`file` if the message gives none).
    pub name: String,
    /// Its size as the message states it, in bytes; None when it does not say.
    pub size: Option<u32>,
}

/// The document of a message, if it is one the session may read: sent to the bot privately by a
/// person. A document in a group is never read (nor fetched): the game files the bot reads hold
/// a whole maze, and come privately.
pub fn private_document(msg: &Message) -> Option<Document> {
    msg.from.as_ref().filter(|u| !u.is_bot)?;
    if !msg.chat.is_private() {
        return None;
    }
    let doc = msg.document()?;
    Some(Document {
        file_id: doc.file.id.clone(),
        name: doc
            .file_name
            .clone()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| "file".to_string()),
        // teloxide reads a missing `file_size` as u32::MAX.
        size: (doc.file.size != u32::MAX).then_some(doc.file.size),
    })
}

/// A privately sent document, fetched, as an inbound (None if it was not one, see
/// [`private_document`]).
pub fn from_document(msg: &Message, file: TextFile) -> Option<Inbound> {
    private_document(msg)?;
    inbound(msg, Content::File(file))
}

/// A person's message with what he sent.
fn inbound(msg: &Message, content: Content) -> Option<Inbound> {
    let user = msg.from.as_ref().filter(|u| !u.is_bot)?;
    Some(Inbound {
        platform: Platform::Telegram,
        chat: ChatId(chat_of(msg)),
        private: msg.chat.is_private(),
        user: UserId(user.id.0.to_string()),
        name: display_name(user),
        content,
        // Message ids are per chat, a forum's topics sharing its: the chat (without the topic)
        // makes the key unique, and a redelivered update (after a restart before its offset was
        // saved) carries the same one.
        message_id: format!("m{}:{}", msg.chat.id.0, msg.id.0),
        lang: lang_of(user.language_code.as_deref()),
        is_admin: false,
        threads: is_forum(&msg.chat),
        chat_title: msg.chat.title().map(str::to_string),
    })
}

/// The session's chat of a message: its topic's (`chat/thread`) when it was written in a forum
/// topic, else the chat's. Only `is_topic_message` says so: in a supergroup without topics a reply
/// carries a `message_thread_id` too, the thread of replies it belongs to, which is no chat.
pub fn chat_of(msg: &Message) -> String {
    let thread = if msg.is_topic_message {
        msg.thread_id
    } else {
        None
    };
    Place {
        chat: msg.chat.id,
        thread,
    }
    .key()
}

/// Whether a chat is a forum, a supergroup with topics: the bot may open topics there.
pub fn is_forum(chat: &Chat) -> bool {
    matches!(
        &chat.kind,
        ChatKind::Public(p) if matches!(&p.kind, PublicChatKind::Supergroup(s) if s.is_forum)
    )
}

/// A member who left (or was removed from) a group, as Telegram's service message says it: the
/// group's id, the member's id and the message's key, which a redelivered update repeats.
pub fn left_member(msg: &Message) -> Option<(String, String, String)> {
    let user = msg.left_chat_member().filter(|u| !u.is_bot)?;
    let chat = msg.chat.id.0;
    let key = format!("m{chat}:{}", msg.id.0);
    Some((chat.to_string(), user.id.0.to_string(), key))
}

/// A group's move to a new id, as Telegram reports it when a group becomes a supergroup: a
/// service message in the old chat (`migrate_to_chat_id`) and one in the new (`migrate_from_chat_id`).
/// Returns (old id, new id).
pub fn migration(msg: &Message) -> Option<(i64, i64)> {
    if let Some(to) = msg.migrate_to_chat_id() {
        return Some((msg.chat.id.0, to.0));
    }
    msg.migrate_from_chat_id()
        .map(|from| (from.0, msg.chat.id.0))
}

/// A button press as an inbound, or None when it carries no data or its message is unknown
/// (an inline-mode message, which this bot never sends), or its topic is (an inaccessible message
/// in a forum). `is_admin` is left false.
pub fn from_callback(q: &CallbackQuery) -> Option<Inbound> {
    let data = q.data.as_ref()?;
    let message = q.message.as_ref()?;
    let chat = message.chat();
    let key = match message {
        MaybeInaccessibleMessage::Regular(m) => chat_of(m),
        // Deleted or out of the bot's reach: Telegram then says not which topic the button was
        // in, and in a forum a press read as the General topic's could move another game.
        MaybeInaccessibleMessage::Inaccessible(_) if is_forum(chat) => return None,
        MaybeInaccessibleMessage::Inaccessible(_) => chat.id.0.to_string(),
    };
    Some(Inbound {
        platform: Platform::Telegram,
        chat: ChatId(key),
        private: chat.is_private(),
        user: UserId(q.from.id.0.to_string()),
        name: display_name(&q.from),
        content: Content::Button(data.clone()),
        message_id: format!("c{}", q.id.0),
        lang: lang_of(q.from.language_code.as_deref()),
        is_admin: false,
        threads: is_forum(chat),
        chat_title: chat.title().map(str::to_string),
    })
}

/// Whether the session could care that the sender is an admin: a command or a button press in a
/// group. Plain chatter does not cost a `getChatMember` call.
pub fn needs_admin_check(msg: &Inbound) -> bool {
    !msg.private
        && match &msg.content {
            Content::Text(t) => t.starts_with('/'),
            Content::Button(_) => true,
            Content::File(_) => false,
        }
}

/// How the session names a user: his first and last name as Telegram shows them.
pub fn display_name(user: &User) -> String {
    match &user.last_name {
        Some(last) if !last.trim().is_empty() => format!("{} {}", user.first_name, last),
        _ => user.first_name.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_languages_map_to_the_bots_languages() {
        assert_eq!(lang_of(Some("ru")), Some(Lang::Ru));
        assert_eq!(lang_of(Some("ru-RU")), Some(Lang::Ru));
        assert_eq!(lang_of(Some("en-GB")), Some(Lang::En));
        assert_eq!(lang_of(Some("de")), None);
        assert_eq!(lang_of(Some("rus")), None);
        assert_eq!(lang_of(None), None);
    }

    #[test]
    fn the_bot_suffix_and_mention_are_removed() {
        assert_eq!(clean_text("/join@gm_bot", "gm_bot"), "/join");
        assert_eq!(clean_text("/move@GM_bot up", "gm_bot"), "/move up");
        assert_eq!(clean_text("@gm_bot go up", "gm_bot"), "go up");
        assert_eq!(clean_text("@gm_bot, иду вверх", "gm_bot"), "иду вверх");
        assert_eq!(clean_text("@gm_botty go up", "gm_bot"), "@gm_botty go up");
        assert_eq!(clean_text("go up", "gm_bot"), "go up");
        assert_eq!(clean_text("/join@other_bot", "gm_bot"), "/join@other_bot");
    }

    /// A group message as the Bot API sends it, with `extra` fields added.
    fn group_message(extra: serde_json::Value) -> Message {
        let mut m = serde_json::json!({
            "message_id": 7,
            "date": 1_700_000_000,
            "chat": {"id": -100, "type": "supergroup", "title": "Maze"},
            "from": {"id": 11, "is_bot": false, "first_name": "Ann"},
            "text": "go left",
        });
        for (k, v) in extra.as_object().unwrap() {
            m[k] = v.clone();
        }
        serde_json::from_value(m).expect("a Bot API message")
    }

    #[test]
    fn a_forwarded_message_in_a_group_is_no_order() {
        let me = Me {
            id: 99,
            username: "gm_bot".into(),
        };
        // Issue 36: the forwarder's own words are orders, the words he forwards are not.
        assert!(from_message(&group_message(serde_json::json!({})), &me).is_some());
        let forwarded = group_message(serde_json::json!({
            "forward_origin": {
                "type": "user",
                "date": 1_699_999_000,
                "sender_user": {"id": 12, "is_bot": false, "first_name": "Bob"},
            },
        }));
        assert!(
            forwarded.forward_origin().is_some(),
            "the fixture is forwarded"
        );
        assert!(from_message(&forwarded, &me).is_none());
    }

    #[test]
    fn a_command_of_an_anonymous_admin_or_a_channel_is_told_apart() {
        let me = Me {
            id: 99,
            username: "gm_bot".into(),
        };
        // Issue 36: Telegram sends an anonymous admin's message with the group as `sender_chat`
        // and the placeholder GroupAnonymousBot as `from`.
        let anonymous = |text: &str| {
            group_message(serde_json::json!({
                "from": {"id": 1_087_968_824, "is_bot": true, "first_name": "Group",
                         "username": "GroupAnonymousBot"},
                "sender_chat": {"id": -100, "type": "supergroup", "title": "Maze"},
                "text": text,
            }))
        };
        assert!(is_anonymous_command(&anonymous("/abort"), &me));
        assert!(is_anonymous_command(&anonymous("/abort@gm_bot"), &me));
        assert!(!is_anonymous_command(&anonymous("/abort@other_bot"), &me));
        assert!(!is_anonymous_command(&anonymous("hello all"), &me));
        // Handed to the session it would be nobody's: it is not.
        assert!(from_message(&anonymous("/abort"), &me).is_none());
        let own = group_message(serde_json::json!({"text": "/abort"}));
        assert!(!is_anonymous_command(&own, &me));
    }

    #[test]
    fn commands_for_another_bot_are_not_ours() {
        assert!(for_another_bot("/join@other_bot", "gm_bot"));
        assert!(!for_another_bot("/join@gm_bot now", "gm_bot"));
        assert!(!for_another_bot("/join", "gm_bot"));
        assert!(!for_another_bot("mail me@example.org", "gm_bot"));
    }

    #[test]
    fn only_group_commands_and_presses_need_the_admin_check() {
        let mut m = Inbound {
            platform: Platform::Telegram,
            chat: ChatId("-1".into()),
            private: false,
            user: UserId("1".into()),
            name: "ann".into(),
            content: Content::Text("/abort".into()),
            message_id: "m-1:1".into(),
            lang: None,
            is_admin: false,
            threads: false,
            chat_title: None,
        };
        assert!(needs_admin_check(&m));
        m.content = Content::Text("go up".into());
        assert!(!needs_admin_check(&m));
        m.content = Content::Button("confirm".into());
        assert!(needs_admin_check(&m));
        m.private = true;
        assert!(!needs_admin_check(&m));
    }

    fn me() -> Me {
        Me {
            id: 777,
            username: "gm_bot".into(),
        }
    }

    fn message(json: serde_json::Value) -> Message {
        serde_json::from_value(json).expect("a Bot API message")
    }

    #[test]
    fn a_reply_to_the_bot_in_privacy_mode_is_an_order_like_any_other() {
        let m = message(serde_json::json!({
            "message_id": 5, "date": 0,
            "chat": {"id": -100, "type": "supergroup", "title": "g"},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann", "last_name": "Lee",
                     "language_code": "ru-RU"},
            "text": "иду вверх",
            "reply_to_message": {"message_id": 4, "date": 0,
                "chat": {"id": -100, "type": "supergroup", "title": "g"},
                "from": {"id": 777, "is_bot": true, "first_name": "gm", "username": "gm_bot"},
                "text": "Ann, your move."}
        }));
        let i = from_message(&m, &me()).expect("read");
        // Addressed to the master, so answered off the writer's turn too (issue 36).
        assert_eq!(i.content, Content::Text("/move иду вверх".into()));
        assert_eq!(i.message_id, "m-100:5");
        assert_eq!((i.chat.0.as_str(), i.user.0.as_str()), ("-100", "42"));
        assert_eq!(i.name, "Ann Lee");
        assert_eq!(i.lang, Some(Lang::Ru));
        assert!(!i.private && !i.is_admin);
    }

    #[test]
    fn words_addressed_to_the_bot_are_orders_and_talk_among_players_is_talk() {
        let text = |extra: serde_json::Value| match from_message(&group_message(extra), &me()) {
            Some(Inbound {
                content: Content::Text(t),
                ..
            }) => t,
            other => panic!("not a text: {other:?}"),
        };
        assert_eq!(text(serde_json::json!({})), "go left");
        assert_eq!(
            text(serde_json::json!({"text": "@gm_bot go left"})),
            "/move go left"
        );
        assert_eq!(
            text(serde_json::json!({"text": "@gm_bot /status"})),
            "/status"
        );
        let bot = serde_json::json!({"id": 777, "is_bot": true, "first_name": "gm"});
        let ann = serde_json::json!({"id": 12, "is_bot": false, "first_name": "Bo"});
        let reply_to = |from: &serde_json::Value| {
            serde_json::json!({"reply_to_message": {"message_id": 4, "date": 0,
                "chat": {"id": -100, "type": "supergroup", "title": "Maze"},
                "from": from, "text": "Ann, your move."}})
        };
        assert_eq!(text(reply_to(&bot)), "/move go left");
        assert_eq!(
            text(reply_to(&ann)),
            "go left",
            "a reply to a player is talk"
        );
        // Bot API: a message in a forum topic that replies to nothing carries the topic's opening
        // service message as `reply_to_message`; the bot opened the topic, yet nobody addressed it.
        let topic = serde_json::json!({
            "chat": forum(), "message_thread_id": 45, "is_topic_message": true,
            "reply_to_message": {"message_id": 45, "date": 0, "chat": forum(),
                "from": bot, "forum_topic_created": {"name": "R1", "icon_color": 7322096}}
        });
        assert_eq!(text(topic), "go left");
    }

    #[test]
    fn bots_and_other_bots_commands_are_ignored_and_start_payloads_kept() {
        let from_bot = message(serde_json::json!({
            "message_id": 1, "date": 0, "chat": {"id": -100, "type": "supergroup", "title": "g"},
            "from": {"id": 9, "is_bot": true, "first_name": "x"}, "text": "/join"
        }));
        assert!(from_message(&from_bot, &me()).is_none());
        let other = message(serde_json::json!({
            "message_id": 2, "date": 0, "chat": {"id": -100, "type": "supergroup", "title": "g"},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"}, "text": "/join@other_bot"
        }));
        assert!(from_message(&other, &me()).is_none());
        let start = message(serde_json::json!({
            "message_id": 3, "date": 0, "chat": {"id": 42, "type": "private", "first_name": "Ann"},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"}, "text": "/start j-100"
        }));
        let i = from_message(&start, &me()).expect("read");
        assert!(i.private);
        assert_eq!(i.content, Content::Text("/start j-100".into()));
    }

    #[test]
    fn a_press_is_a_button_keyed_by_its_query_id() {
        let q: CallbackQuery = serde_json::from_value(serde_json::json!({
            "id": "4242", "chat_instance": "c", "data": "!3 go up",
            "from": {"id": 42, "is_bot": false, "first_name": "Ann", "language_code": "en"},
            "message": {"message_id": 7, "date": 0,
                "chat": {"id": -100, "type": "supergroup", "title": "g"},
                "from": {"id": 777, "is_bot": true, "first_name": "gm"}, "text": "Ann, your move."}
        }))
        .expect("a callback query");
        let i = from_callback(&q).expect("read");
        assert_eq!(i.content, Content::Button("!3 go up".into()));
        assert_eq!(i.message_id, "c4242");
        assert_eq!(i.chat.0, "-100");
        assert_eq!(i.lang, Some(Lang::En));
    }

    fn forum() -> serde_json::Value {
        serde_json::json!({"id": -100, "type": "supergroup", "title": "g", "is_forum": true})
    }

    #[test]
    fn a_message_in_a_forum_topic_comes_from_the_topics_chat() {
        let m = message(serde_json::json!({
            "message_id": 50, "date": 0, "chat": forum(),
            "message_thread_id": 45, "is_topic_message": true,
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"}, "text": "/resign"
        }));
        let i = from_message(&m, &me()).expect("read");
        assert_eq!(i.chat.0, "-100/45");
        assert_eq!(i.message_id, "m-100:50", "message ids are the forum's");
        assert!(i.threads && !i.private);
    }

    #[test]
    fn the_general_topic_and_reply_threads_are_the_chat_itself() {
        let general = message(serde_json::json!({
            "message_id": 51, "date": 0, "chat": forum(),
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"}, "text": "/tournament new hive"
        }));
        let i = from_message(&general, &me()).expect("read");
        assert_eq!(i.chat.0, "-100");
        assert!(i.threads, "a forum lets the bot open topics");
        // A reply in a supergroup without topics names its thread of replies: no chat of its own.
        let reply = message(serde_json::json!({
            "message_id": 52, "date": 0,
            "chat": {"id": -100, "type": "supergroup", "title": "g"},
            "message_thread_id": 40,
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"}, "text": "go up",
            "reply_to_message": {"message_id": 40, "date": 0,
                "chat": {"id": -100, "type": "supergroup", "title": "g"},
                "from": {"id": 777, "is_bot": true, "first_name": "gm"}, "text": "Ann, your move."}
        }));
        let i = from_message(&reply, &me()).expect("read");
        assert_eq!(i.chat.0, "-100");
        assert!(!i.threads);
        let private = message(serde_json::json!({
            "message_id": 3, "date": 0, "chat": {"id": 42, "type": "private", "first_name": "Ann"},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"}, "text": "B2"
        }));
        let i = from_message(&private, &me()).expect("read");
        assert_eq!((i.chat.0.as_str(), i.threads), ("42", false));
    }

    #[test]
    fn a_press_in_a_topic_comes_from_the_topic_and_an_unknown_topic_from_nowhere() {
        let q: CallbackQuery = serde_json::from_value(serde_json::json!({
            "id": "7", "chat_instance": "c", "data": "!3 go up",
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"},
            "message": {"message_id": 60, "date": 1_767_225_600, "chat": forum(),
                "message_thread_id": 45, "is_topic_message": true,
                "from": {"id": 777, "is_bot": true, "first_name": "gm"}, "text": "Ann, your move."}
        }))
        .expect("a callback query");
        let i = from_callback(&q).expect("read");
        assert_eq!((i.chat.0.as_str(), i.threads), ("-100/45", true));
        // An inaccessible message (date 0) says nothing of its topic.
        let old: CallbackQuery = serde_json::from_value(serde_json::json!({
            "id": "8", "chat_instance": "c", "data": "!3 go up",
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"},
            "message": {"message_id": 60, "date": 0, "chat": forum()}
        }))
        .expect("a callback query");
        assert!(matches!(
            old.message,
            Some(MaybeInaccessibleMessage::Inaccessible(_))
        ));
        assert!(from_callback(&old).is_none());
        let old_group: CallbackQuery = serde_json::from_value(serde_json::json!({
            "id": "9", "chat_instance": "c", "data": "!3 go up",
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"},
            "message": {"message_id": 60, "date": 0,
                "chat": {"id": -100, "type": "supergroup", "title": "g"}}
        }))
        .expect("a callback query");
        assert_eq!(from_callback(&old_group).expect("read").chat.0, "-100");
    }

    #[test]
    fn both_service_messages_of_a_migration_name_the_old_and_the_new_id() {
        let to = message(serde_json::json!({
            "message_id": 9, "date": 0, "chat": {"id": -4001, "type": "group", "title": "g"},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"},
            "migrate_to_chat_id": -1_001_234_567_890_i64
        }));
        assert_eq!(migration(&to), Some((-4001, -1_001_234_567_890)));
        assert!(
            from_message(&to, &me()).is_none(),
            "not an input for the session"
        );
        let from = message(serde_json::json!({
            "message_id": 1, "date": 0,
            "chat": {"id": -1_001_234_567_890_i64, "type": "supergroup", "title": "g"},
            "from": {"id": 1_087_968_824, "is_bot": true, "first_name": "Group"},
            "migrate_from_chat_id": -4001
        }));
        assert_eq!(migration(&from), Some((-4001, -1_001_234_567_890)));
        let plain = message(serde_json::json!({
            "message_id": 2, "date": 0, "chat": {"id": -4001, "type": "group", "title": "g"},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"}, "text": "go up"
        }));
        assert_eq!(migration(&plain), None);
    }

    #[test]
    fn only_a_document_sent_privately_is_read_and_not_as_text() {
        let doc = serde_json::json!({"file_id": "f1", "file_unique_id": "u1",
            "file_name": "game-12.json", "mime_type": "application/json", "file_size": 2048});
        let private = message(serde_json::json!({
            "message_id": 4, "date": 0, "chat": {"id": 42, "type": "private", "first_name": "Ann"},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann", "language_code": "ru"},
            "document": doc, "caption": "/abort yes"
        }));
        let d = private_document(&private).expect("a document to fetch");
        assert_eq!(
            d,
            Document {
                file_id: FileId("f1".into()),
                name: "game-12.json".into(),
                size: Some(2048)
            }
        );
        assert!(
            from_message(&private, &me()).is_none(),
            "its caption is not an order"
        );
        let file = TextFile {
            name: d.name,
            text: "{}".into(),
        };
        let i = from_document(&private, file.clone()).expect("read");
        assert_eq!(i.content, Content::File(file.clone()));
        assert!(i.private && !needs_admin_check(&i));
        assert_eq!((i.message_id.as_str(), i.lang), ("m42:4", Some(Lang::Ru)));

        let unsized_doc = message(serde_json::json!({
            "message_id": 5, "date": 0, "chat": {"id": 42, "type": "private", "first_name": "Ann"},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"},
            "document": {"file_id": "f2", "file_unique_id": "u2"}
        }));
        let d = private_document(&unsized_doc).expect("a document to fetch");
        assert_eq!((d.name.as_str(), d.size), ("file", None));

        let in_group = message(serde_json::json!({
            "message_id": 6, "date": 0, "chat": {"id": -100, "type": "supergroup", "title": "g"},
            "from": {"id": 42, "is_bot": false, "first_name": "Ann"},
            "document": doc, "caption": "go up"
        }));
        assert_eq!(
            private_document(&in_group),
            None,
            "a group's files are not read"
        );
        assert!(from_document(&in_group, file).is_none());
        assert_eq!(
            from_message(&in_group, &me()).map(|i| i.content),
            Some(Content::Text("go up".into())),
            "the caption still is"
        );
    }
}
