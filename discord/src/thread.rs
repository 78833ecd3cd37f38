//! Threads the bot opens for a tournament's games. A tournament started in a server's text channel
//! plays each game in a public thread of that channel, so that games side by side do not mix their
//! boards and orders. The session names each game's chat before the thread exists and asks for it
//! with the first message to that name ([`ThreadOpen`]); the courier opens the thread here, with
//! Discord's "start thread without message", and answers with the thread's channel id, where the
//! game's messages then go. A thread is a channel of its own for the session: orders written in it
//! arrive with its id.
//!
//! See <https://discord.com/developers/docs/resources/channel#start-thread-without-message>.

use bot_core::relay::{Delivered, Refusal};
use bot_core::session::chat::ThreadOpen;
use serenity::all::{ChannelId, LightMethod, Route};

use crate::names::{Channel, Names};
use crate::refusal::classify;
use crate::rest::{Call, Rest};

/// Discord's channel types that take threads: a server's text channel and an announcement
/// channel. Not a thread (threads do not nest), a DM, a forum (whose threads need a first post) or
/// a voice channel.
const PARENTS: [u64; 2] = [TEXT, ANNOUNCEMENT];
/// A server's text channel.
const TEXT: u64 = 0;
/// An announcement channel: its threads are announcement threads.
const ANNOUNCEMENT: u64 = 5;
/// An announcement channel's thread.
const ANNOUNCEMENT_THREAD: u64 = 10;
/// A public thread: anyone who sees the channel sees the game, as in the channel itself.
const PUBLIC_THREAD: u64 = 11;
/// Minutes of silence before Discord archives the thread: a week, the longest it takes. A game
/// with a deadline of a day or more may be quiet for that long, and an archived thread drops out
/// of the channel's list; a message posted in it brings it back, but players would look for it.
pub const ARCHIVE_AFTER: u64 = 10080;
/// Discord's longest thread name, in characters.
pub const MAX_NAME: usize = 100;

/// Whether the bot may open threads in a channel of this Discord type (see [`PARENTS`]).
pub fn takes_threads(kind: u64) -> bool {
    PARENTS.contains(&kind)
}

/// The body of `POST /channels/{parent}/threads` for a thread titled as asked, in a parent of
/// Discord type `parent_kind` (if known). Discord makes a private thread when no type is given,
/// which the players could not see: the type is always said.
pub fn body(t: &ThreadOpen, parent_kind: Option<u64>) -> serde_json::Value {
    let kind = match parent_kind {
        Some(ANNOUNCEMENT) => ANNOUNCEMENT_THREAD,
        _ => PUBLIC_THREAD,
    };
    // The session cuts titles to this already; a title read back from an older outbox is cut too,
    // as Discord refuses a longer one outright.
    let name: String = t.name.chars().take(MAX_NAME).collect();
    serde_json::json!({
        "name": name,
        "type": kind,
        "auto_archive_duration": ARCHIVE_AFTER,
    })
}

/// Opens the thread `t` asks for and answers with its channel id as the chat the game moves to.
/// Discord's refusals that would only repeat (no permission to create threads, a parent that is
/// not a text channel or is gone) are [`Refusal::Gone`]: the session then plays the game in the
/// tournament's channel. A 429 or a 5xx is tried again as any message.
///
/// Discord takes no nonce here: an answer lost after Discord made the thread (a dropped
/// connection) makes the retry open a second one, and the first stays empty.
pub async fn open(rest: &Rest, names: &Names, t: &ThreadOpen) -> Result<Delivered, Refusal> {
    // A name the session gave a chat is no channel: it must never reach the API as one.
    let parent = t
        .parent
        .0
        .parse::<u64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| Refusal::Gone(format!("not a Discord channel: {}", t.parent.0)))?;
    // Known from the messages written there, most likely: no request. Unknown, a public thread.
    let parent_kind = names.channel(parent).await.map(|c| c.kind);
    let req = Call::json(
        Route::ChannelThreads {
            channel_id: ChannelId::new(parent),
        },
        LightMethod::Post,
        &body(t, parent_kind),
    );
    // Discord answers with the thread's channel object.
    let thread: serde_json::Value = rest.json(req).await.map_err(|e| classify(&e, false))?;
    let Some(id) = thread["id"].as_str().and_then(|s| s.parse::<u64>().ok()) else {
        return Err(Refusal::Transient("a thread opened without an id".into()));
    };
    // Learnt now rather than from THREAD_CREATE, which may come later: the first order in the
    // thread must find it known as a thread of its channel.
    names.learn(id, Channel::of(&thread));
    tracing::info!(thread = id, parent, "opened a thread for a game");
    Ok(Delivered {
        message_id: None,
        chat: Some(id.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_core::session::chat::ChatId;

    #[test]
    fn text_and_announcement_channels_take_threads_and_nothing_else() {
        assert!(takes_threads(0));
        assert!(takes_threads(5));
        // A DM, a voice channel, a category, the three kinds of thread, a forum.
        for kind in [1, 2, 4, 10, 11, 12, 15] {
            assert!(!takes_threads(kind), "{kind}");
        }
    }

    #[test]
    fn a_thread_is_public_archives_after_a_week_and_has_a_name_discord_takes() {
        let t = ThreadOpen::new("600", "R1 G2: ann — bob");
        let b = body(&t, Some(0));
        assert_eq!(
            b,
            serde_json::json!({"name": "R1 G2: ann — bob", "type": 11, "auto_archive_duration": 10080})
        );
        // Unknown parent: a public thread all the same.
        assert_eq!(body(&t, None)["type"], 11);
        // An announcement channel's threads are of their own type.
        assert_eq!(body(&t, Some(5))["type"], 10);
        // A name longer than Discord's 100 characters, as from an older outbox, is cut.
        let long = ThreadOpen {
            parent: ChatId("600".into()),
            name: "é".repeat(150),
        };
        let name = body(&long, None)["name"].as_str().unwrap().to_string();
        assert_eq!(name.chars().count(), MAX_NAME);
    }

    #[test]
    fn discords_lasting_refusals_give_the_game_back_and_passing_ones_are_tried_again() {
        let refused = |status, code| {
            classify(
                &crate::rest::ApiError::Refused {
                    status,
                    code,
                    message: String::new(),
                    retry_after: Some(std::time::Duration::from_secs(1)),
                    global: false,
                },
                false,
            )
        };
        // Missing Permissions, Missing Access, a thread or a DM as the parent, an unknown channel.
        for (status, code) in [(403, 50013), (403, 50001), (400, 50024), (404, 10003)] {
            let r = refused(status, code);
            assert!(matches!(r, Refusal::Gone(_)), "{status} {code}: {r:?}");
        }
        assert!(matches!(refused(429, 0), Refusal::RetryAfter(_)));
        assert!(matches!(refused(502, 0), Refusal::Transient(_)));
    }

    #[tokio::test]
    async fn a_parent_that_is_no_snowflake_never_reaches_the_api() {
        let token = crate::config::Token::new("t");
        // Nothing listens there: a request would fail as Transient, not as Gone.
        let rest = std::sync::Arc::new(Rest::new(&token, Some("http://127.0.0.1:9")));
        let names = Names::new(rest.clone());
        for parent in ["600/r1g2", "", "0", "-5"] {
            let t = ThreadOpen {
                parent: ChatId(parent.into()),
                name: "R1 G1".into(),
            };
            let r = open(&rest, &names, &t).await;
            assert!(matches!(r, Err(Refusal::Gone(_))), "{parent}: {r:?}");
        }
    }
}
