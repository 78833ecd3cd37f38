//! Forum topics as the session's chats.
//!
//! A Telegram forum (a supergroup with topics) shows each topic as a conversation of its own, and
//! a tournament plays each game in a topic the bot opens. The session keys chats by strings, so
//! a topic is keyed `"{chat_id}/{message_thread_id}"` (`-1001234/45`): a key of its own, apart
//! from the forum's General topic, which keeps the plain chat id as every group does. Telegram
//! itself knows only the chat and the thread id, so every key goes back through [`Place::parse`]
//! before it reaches the API, and a key whose thread part is no number (the session's name of a
//! thread not yet open, `-1001234/r1g2`) is no Telegram chat at all.

use teloxide::prelude::*;
use teloxide::types::{MessageId, ThreadId};
use teloxide::{ApiError, RequestError};

use crate::api::Api;

/// Where a session chat is in Telegram: a chat, and in a forum maybe one of its topics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The chat: a group's id, or a user's (his private chat's id is his).
    pub chat: ChatId,
    /// The forum topic, for a chat keyed `chat/thread`; None for a whole chat (or General).
    pub thread: Option<ThreadId>,
}

impl Place {
    /// A whole chat, no topic.
    pub fn chat(chat: ChatId) -> Place {
        Place { chat, thread: None }
    }

    /// The place a session chat key names: `-100123` or `-100123/45`. None when it is not one:
    /// the session's name of a thread not yet open (`-100123/r1g2`) must never reach the API.
    pub fn parse(key: &str) -> Option<Place> {
        let (chat, thread) = match key.split_once('/') {
            Some((chat, thread)) => {
                // Telegram's thread ids are message ids: positive. Only digits, so that `+45` or
                // `045`, which would read as a number, cannot name the same topic twice.
                let plain = !thread.is_empty()
                    && !thread.starts_with('0')
                    && thread.bytes().all(|b| b.is_ascii_digit());
                let id = thread.parse::<i32>().ok().filter(|_| plain)?;
                (chat, Some(ThreadId(MessageId(id))))
            }
            None => (key, None),
        };
        Some(Place {
            chat: ChatId(chat.parse::<i64>().ok()?),
            thread,
        })
    }

    /// The session's key of this place: the chat id, with `/thread` for a topic.
    pub fn key(&self) -> String {
        match self.thread {
            Some(ThreadId(MessageId(t))) => format!("{}/{t}", self.chat.0),
            None => self.chat.0.to_string(),
        }
    }
}

/// Opens a topic named `name` in the forum `chat` (`createForumTopic`) and returns it. Telegram
/// refuses with a 400 a chat that is no forum and a bot without the right to manage topics; the
/// courier reads those as the chat refusing for good, so the session plays the game elsewhere.
pub async fn open(bot: &Api, chat: ChatId, name: &str) -> Result<Place, RequestError> {
    let topic = bot.create_forum_topic(chat, name).await?;
    Ok(Place {
        chat,
        thread: Some(topic.thread_id),
    })
}

/// Whether Telegram refused a message because its topic is gone (deleted by an admin): the
/// topic, like a chat that is not found, takes nothing more, with buttons or without.
pub fn is_gone(e: &ApiError) -> bool {
    crate::api::description(e).contains("message thread not found")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn topic(chat: i64, thread: i32) -> Place {
        Place {
            chat: ChatId(chat),
            thread: Some(ThreadId(MessageId(thread))),
        }
    }

    #[test]
    fn a_topic_key_is_its_chat_and_its_thread() {
        assert_eq!(Place::parse("-1001234/45"), Some(topic(-1_001_234, 45)));
        assert_eq!(
            Place::parse("-1001234"),
            Some(Place::chat(ChatId(-1_001_234)))
        );
        assert_eq!(Place::parse("42"), Some(Place::chat(ChatId(42))));
        for p in [
            topic(-1_001_234, 45),
            Place::chat(ChatId(-7)),
            Place::chat(ChatId(42)),
        ] {
            assert_eq!(Place::parse(&p.key()), Some(p), "{}", p.key());
        }
        assert_eq!(topic(-1_001_234, 45).key(), "-1001234/45");
    }

    #[test]
    fn a_thread_not_yet_open_or_anything_else_is_no_telegram_chat() {
        for key in [
            "-1001234/r1g2",
            "-1001234/45/r1g2",
            "-1001234/",
            "-1001234/-45",
            "-1001234/+45",
            "-1001234/045",
            "-1001234/99999999999",
            "/45",
            "group",
            "",
        ] {
            assert_eq!(Place::parse(key), None, "{key:?}");
        }
    }

    #[test]
    fn only_a_missing_thread_means_the_topic_is_gone() {
        let gone = ApiError::Unknown("Bad Request: message thread not found".into());
        assert!(is_gone(&gone));
        let other = ApiError::Unknown("Bad Request: BUTTON_DATA_INVALID".into());
        assert!(!is_gone(&other));
    }
}
