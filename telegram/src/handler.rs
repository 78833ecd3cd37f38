//! What the bot does with one update: the dptree handler tree (messages, button presses, a group's
//! move to a new id), each branch handing the session one [`Inbound`] and waking the relay to send
//! what it queued.
//!
//! Polling and the webhook both call [`handle`], and only move on (advance the offset, answer 200)
//! once it returned `Ok`: an update that failed comes again, and the session's message ids make the
//! second time harmless.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use bot_core::relay::{Refusal, now_ms};
use bot_core::session::chat::{Inbound, Platform};
use bot_core::session::{Session, SessionError};
use bot_core::store::{Moved, StoreError};
use teloxide::dispatching::{UpdateFilterExt, UpdateHandler};
use teloxide::dptree;
use teloxide::payloads::AnswerCallbackQuerySetters;
use teloxide::prelude::*;
use teloxide::types::{CallbackQuery, ChatId, Message, UserId};
use tokio::sync::Notify;

use crate::api::{Api, classify, describe};
use crate::flood::Flood;
use crate::inbound::{self, Me};
use crate::topic::Place;
use crate::update::UpdateError;

/// Everything a handler needs: the session, the bot, who the bot is, and the relay's bell.
#[derive(Clone)]
pub struct Bridge {
    /// The session engine.
    pub session: Session,
    /// The bot (throttled).
    pub bot: Api,
    /// The bot's own identity.
    pub me: Me,
    /// Rung after every input, so what the session queued goes out at once.
    pub waker: Arc<Notify>,
    /// Telegram's flood-control pauses, shared with the courier.
    pub flood: Flood,
}

/// The handler tree: a message, or a button press; any other update is nothing to do (and not
/// logged: an update may hold a private message).
pub fn schema() -> UpdateHandler<UpdateError> {
    dptree::entry()
        .branch(Update::filter_message().endpoint(on_message))
        .branch(Update::filter_callback_query().endpoint(on_callback))
}

/// Handles one update through [`schema`]; `Ok` once everything it did is committed.
pub async fn handle(
    handler: &UpdateHandler<UpdateError>,
    bridge: &Bridge,
    update: Update,
) -> Result<(), UpdateError> {
    match handler
        .dispatch(dptree::deps![update, bridge.clone()])
        .await
    {
        ControlFlow::Break(result) => result,
        ControlFlow::Continue(_) => Ok(()),
    }
}

async fn on_message(msg: Message, bridge: Bridge) -> Result<(), UpdateError> {
    if let Some((from, to)) = inbound::migration(&msg) {
        // Telegram says so in both chats; the move is idempotent.
        match move_group(&bridge.session, from, to).await {
            Ok(_) => bridge.waker.notify_one(),
            // Both chats have a game running: nothing to move them to, now or later; the old
            // chat's game stays where it was (it ends by its deadlines or an admin's /abort).
            Err(SessionError::Store(e @ StoreError::ChatBusy { .. })) => {
                tracing::error!(error = %e, "the group's game cannot follow it to its new id");
            }
            Err(e) => return Err(e.into()),
        }
        return Ok(());
    }
    if let Some((chat, user, key)) = inbound::left_member(&msg) {
        // He keeps his seat until the deadline of his move (unless he comes back and writes). In
        // a forum he leaves its topics' games too: Telegram says it once, in the General topic.
        for game_chat in group_chats_of(&bridge.session, &chat, &user).await? {
            let key = if game_chat == chat {
                key.clone()
            } else {
                format!("{key}:{game_chat}")
            };
            let left =
                bridge
                    .session
                    .member_left(Platform::Telegram, &game_chat, &user, &key, now_ms());
            left.await?;
        }
        bridge.waker.notify_one();
        return Ok(());
    }
    if let Some(doc) = inbound::private_document(&msg) {
        // Fetched anew if the update comes again: the session knows the message and does nothing twice.
        let file = crate::fetch::document(&bridge.bot, &doc).await?;
        let Some(inbound) = inbound::from_document(&msg, file) else {
            return Ok(());
        };
        return bridge.respond(inbound).await.map(drop);
    }
    let Some(inbound) = inbound::from_message(&msg, &bridge.me) else {
        return Ok(());
    };
    bridge.respond(inbound).await.map(drop)
}

/// The chats of a group where a user may sit at a game: the group, and each forum topic of it
/// where a game of his runs.
async fn group_chats_of(
    session: &Session,
    group: &str,
    user: &str,
) -> Result<Vec<String>, SessionError> {
    let topics = format!("{group}/");
    let games = session
        .store()
        .running_games_of_user(Platform::Telegram, user)
        .await?;
    let mut chats = vec![group.to_string()];
    chats.extend(
        games
            .into_iter()
            .map(|g| g.chat)
            .filter(|c| c.starts_with(&topics)),
    );
    Ok(chats)
}

/// A group became a supergroup with a new id (an update says so, or Telegram's answer to a
/// message for it): its games and unsent messages follow it. Moving it again changes nothing.
pub(crate) async fn move_group(
    session: &Session,
    from: i64,
    to: i64,
) -> Result<Moved, SessionError> {
    tracing::info!(from, to, "the group has a new id; moving its games");
    session
        .move_chat(Platform::Telegram, &from.to_string(), &to.to_string())
        .await
}

async fn on_callback(q: CallbackQuery, bridge: Bridge) -> Result<(), UpdateError> {
    let popup = match inbound::from_callback(&q) {
        Some(inbound) => bridge.respond(inbound).await?,
        None => None,
    };
    // Every press is answered, or the user's client shows a spinner until it gives up. A press
    // that failed is not answered: it is handled again, and answered then.
    bridge.answer(&q, popup).await;
    Ok(())
}

/// How many times a press's answer is tried: it is only worth showing within seconds.
const ANSWER_ATTEMPTS: u32 = 3;
/// The longest flood-control wait an answer waits out.
const ANSWER_MAX_WAIT: Duration = Duration::from_secs(5);

impl Bridge {
    /// Hands the session one input and rings the relay; returns the popup for the presser.
    pub async fn respond(&self, mut msg: Inbound) -> Result<Option<String>, UpdateError> {
        if inbound::needs_admin_check(&msg) {
            msg.is_admin = self.is_admin(&msg).await?;
        }
        tracing::debug!(
            chat = %msg.chat.0,
            private = msg.private,
            id = %msg.message_id,
            "inbound"
        );
        let reply = self.session.respond(msg, now_ms()).await?;
        self.waker.notify_one();
        Ok(reply.popup)
    }

    /// Whether the sender administers the group, as Telegram says now. A sender Telegram does not
    /// know in the chat is no admin; Telegram failing is an error, so the update is handled again
    /// later rather than taking an admin for a player.
    async fn is_admin(&self, msg: &Inbound) -> Result<bool, UpdateError> {
        // A topic's admins are its forum's: Telegram knows members by chat only.
        let (Some(place), Ok(user)) = (Place::parse(&msg.chat.0), msg.user.0.parse::<u64>()) else {
            return Ok(false);
        };
        let chat = place.chat.0;
        self.flood.wait(chat).await;
        match self.bot.get_chat_member(ChatId(chat), UserId(user)).await {
            Ok(member) => Ok(member.is_privileged()),
            Err(e) => match classify(&e, false) {
                Refusal::RetryAfter(d) => {
                    self.flood.hold(chat, d);
                    Err(UpdateError::RetryAfter(d))
                }
                Refusal::Transient(why) => Err(UpdateError::Telegram(why)),
                Refusal::Gone(why) => {
                    tracing::debug!(error = %why, "getChatMember refused; not an admin");
                    Ok(false)
                }
                Refusal::Blocked => Ok(false),
            },
        }
    }

    /// Answers a press, with its popup if any; a passing failure is tried again, briefly.
    async fn answer(&self, q: &CallbackQuery, popup: Option<String>) {
        let mut wait = Duration::from_millis(250);
        for attempt in 1..=ANSWER_ATTEMPTS {
            let mut answer = self.bot.answer_callback_query(q.id.clone());
            if let Some(text) = &popup {
                answer = answer.text(text.clone()).show_alert(true);
            }
            let e = match answer.await {
                Ok(_) => return,
                Err(e) => e,
            };
            let pause = match classify(&e, false) {
                Refusal::RetryAfter(d) if d <= ANSWER_MAX_WAIT => d,
                Refusal::Transient(_) => wait,
                _ => ANSWER_MAX_WAIT + Duration::from_secs(1),
            };
            if attempt == ANSWER_ATTEMPTS || pause > ANSWER_MAX_WAIT {
                tracing::warn!(error = %describe(&e), "answerCallbackQuery failed");
                return;
            }
            tracing::debug!(error = %describe(&e), attempt, "answerCallbackQuery failed; again");
            tokio::time::sleep(pause).await;
            wait *= 2;
        }
    }
}
