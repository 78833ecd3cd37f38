//! The Bot API as the adapter calls it: the throttled bot, and what Telegram's refusals mean for
//! the relay (retry, wait for the user, or give the target up), in words safe to log.

use bot_core::relay::Refusal;
use teloxide::adaptors::Throttle;
use teloxide::prelude::*;
use teloxide::{ApiError, RequestError};

/// The bot as the adapter uses it: every call goes through the throttle.
pub type Api = Throttle<Bot>;

/// Telegram's description of an API error, as it sent it.
pub(crate) fn description(e: &ApiError) -> String {
    match e {
        ApiError::Unknown(s) => s.clone(),
        e => e.to_string(),
    }
}

/// What a failed call means for the relay. A private message refused in any wording (Telegram's
/// 403 descriptions all start "Forbidden:"; older ones "Unauthorized: bot can't ...") means the
/// user must open the chat first; a group that refuses is gone; flood control says how long to
/// wait; anything else may pass on a later try. Never includes the request URL (it holds the token).
pub fn classify(e: &RequestError, private: bool) -> Refusal {
    match e {
        RequestError::RetryAfter(s) => Refusal::RetryAfter(s.duration()),
        RequestError::MigrateToChatId(to) => {
            Refusal::Gone(format!("the group became the supergroup {}", to.0))
        }
        RequestError::Network(n) => Refusal::Transient(if n.is_timeout() {
            "network: timed out".to_string()
        } else if n.is_connect() {
            "network: cannot connect".to_string()
        } else {
            "network: the connection failed".to_string()
        }),
        RequestError::InvalidJson { .. } => {
            Refusal::Transient("an answer that is not the Bot API's JSON".to_string())
        }
        RequestError::Io(_) => Refusal::Transient("an I/O error".to_string()),
        RequestError::Api(api) => classify_api(&description(api), private),
    }
}

/// A failed call in words safe to log: Telegram's description, or the kind of network failure,
/// never the request URL (it holds the token).
pub fn describe(e: &RequestError) -> String {
    match classify(e, false) {
        Refusal::RetryAfter(d) => format!("flood control: retry after {}s", d.as_secs()),
        Refusal::Transient(s) | Refusal::Gone(s) | Refusal::Rejected(s) => s,
        Refusal::Blocked => "refused".to_string(),
    }
}

pub(crate) fn classify_api(desc: &str, private: bool) -> Refusal {
    let refused = desc.starts_with("Forbidden")
        || desc.starts_with("Unauthorized: bot can't")
        || desc.contains("chat not found");
    // "Forbidden: bot was kicked from the group chat", "Unauthorized: bot was kicked from a chat".
    let kicked = desc.contains("bot was kicked") || desc.contains("bot is not a member");
    let bad = desc.starts_with("Bad Request");
    // A Bad Request about the chat (its rights, a topic closed or gone) rather than the message.
    let about_chat = [
        "rights",
        "CHAT_WRITE_FORBIDDEN",
        "CHAT_ADMIN_REQUIRED",
        "TOPIC_CLOSED",
        "TOPIC_DELETED",
        "thread not found",
        "not a forum",
    ]
    .iter()
    .any(|w| desc.contains(w));
    if private && refused {
        Refusal::Blocked
    } else if refused || kicked || (bad && about_chat) {
        // Sending it again cannot help; holding the chat's queue behind it would stop the game.
        Refusal::Gone(desc.to_string())
    } else if bad {
        // The message itself is refused ("message is too long", "can't parse entities"): the
        // same message would be refused again, and the reader's later ones would wait behind it.
        Refusal::Rejected(desc.to_string())
    } else {
        Refusal::Transient(desc.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_blocked(r: Refusal) -> bool {
        matches!(r, Refusal::Blocked)
    }

    #[test]
    fn a_refused_private_message_in_any_wording_is_blocked() {
        for d in [
            "Forbidden: bot can't initiate conversation with a user",
            "Forbidden: bot was blocked by the user",
            "Forbidden: user is deactivated",
            "Forbidden: some wording Telegram invents next year",
            "Unauthorized: bot can't initiate conversation with a user",
            "Bad Request: chat not found",
        ] {
            assert!(is_blocked(classify_api(d, true)), "{d}");
        }
        let known = RequestError::Api(ApiError::BotBlocked);
        assert!(is_blocked(classify(&known, true)));
    }

    #[test]
    fn a_group_that_refuses_or_kicked_the_bot_is_gone() {
        for d in [
            "Forbidden: bot was kicked from the supergroup chat",
            "Forbidden: bot was kicked from the group chat",
            "Unauthorized: bot was kicked from a chat",
            "Forbidden: bot is not a member of the supergroup chat",
            "Bad Request: chat not found",
            "Bad Request: have no rights to send a message",
        ] {
            assert!(matches!(classify_api(d, false), Refusal::Gone(_)), "{d}");
        }
        let known = RequestError::Api(ApiError::BotKicked);
        assert!(matches!(classify(&known, false), Refusal::Gone(_)));
    }

    #[test]
    fn a_message_refused_for_itself_is_rejected_in_private_and_in_groups() {
        for d in [
            "Bad Request: BUTTON_DATA_INVALID",
            "Bad Request: reply markup is too long",
            "Bad Request: message is too long",
            "Bad Request: can't parse entities: unsupported start tag",
        ] {
            for private in [true, false] {
                assert!(
                    matches!(classify_api(d, private), Refusal::Rejected(_)),
                    "{d}, private: {private}"
                );
            }
        }
    }

    #[test]
    fn a_bad_request_about_the_chat_gives_the_chat_up() {
        for d in [
            "Bad Request: not enough rights to send text messages to the chat",
            "Bad Request: TOPIC_CLOSED",
            "Bad Request: message thread not found",
        ] {
            assert!(matches!(classify_api(d, false), Refusal::Gone(_)), "{d}");
        }
    }

    #[test]
    fn flood_control_and_server_errors_are_retried() {
        let r = classify(
            &RequestError::RetryAfter(teloxide::types::Seconds::from_seconds(7)),
            false,
        );
        assert!(matches!(r, Refusal::RetryAfter(d) if d.as_secs() == 7));
        assert!(matches!(
            classify_api("Internal Server Error", true),
            Refusal::Transient(_)
        ));
        assert!(matches!(
            classify_api("Bad Gateway", false),
            Refusal::Transient(_)
        ));
    }
}
