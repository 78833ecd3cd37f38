//! Telegram updates into the session's neutral [`Inbound`] messages.
//!
//! Only translation happens here: who may do what is the session's decision. The one fact Telegram
//! does not put in an update, whether the sender administers the group, is asked for separately
//! ([`needs_admin_check`]) and only when it can matter.

use bot_core::i18n::Lang;
use bot_core::session::chat::{ChatId, Content, Inbound, Platform, UserId};
use teloxide::types::{CallbackQuery, Message, User};

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
/// sticker, a service message, a command for another bot). `is_admin` is left false.
pub fn from_message(msg: &Message, me: &Me) -> Option<Inbound> {
    let user = msg.from.as_ref().filter(|u| !u.is_bot)?;
    let raw = msg.text().or_else(|| msg.caption())?;
    if for_another_bot(raw, &me.username) {
        return None;
    }
    let private = msg.chat.is_private();
    Some(Inbound {
        platform: Platform::Telegram,
        chat: ChatId(msg.chat.id.0.to_string()),
        private,
        user: UserId(user.id.0.to_string()),
        name: display_name(user),
        content: Content::Text(clean_text(raw, &me.username)),
        // Message ids are per chat: the chat makes the key unique, and a redelivered update (after
        // a restart before its offset was saved) carries the same one.
        message_id: format!("m{}:{}", msg.chat.id.0, msg.id.0),
        lang: lang_of(user.language_code.as_deref()),
        is_admin: false,
    })
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
/// (an inline-mode message, which this bot never sends). `is_admin` is left false.
pub fn from_callback(q: &CallbackQuery) -> Option<Inbound> {
    let data = q.data.as_ref()?;
    let chat = q.message.as_ref()?.chat();
    Some(Inbound {
        platform: Platform::Telegram,
        chat: ChatId(chat.id.0.to_string()),
        private: chat.is_private(),
        user: UserId(q.from.id.0.to_string()),
        name: display_name(&q.from),
        content: Content::Button(data.clone()),
        message_id: format!("c{}", q.id.0),
        lang: lang_of(q.from.language_code.as_deref()),
        is_admin: false,
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
        assert_eq!(i.content, Content::Text("иду вверх".into()));
        assert_eq!(i.message_id, "m-100:5");
        assert_eq!((i.chat.0.as_str(), i.user.0.as_str()), ("-100", "42"));
        assert_eq!(i.name, "Ann Lee");
        assert_eq!(i.lang, Some(Lang::Ru));
        assert!(!i.private && !i.is_admin);
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
}
