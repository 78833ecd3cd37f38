//! What the bot does with one update: the dptree handler tree (messages, button presses), each
//! branch handing the session one [`Inbound`] and waking the relay to send what it queued.

use std::sync::Arc;

use bot_core::session::chat::Inbound;
use bot_core::session::{Session, SessionError};
use teloxide::dispatching::{UpdateFilterExt, UpdateHandler};
use teloxide::payloads::AnswerCallbackQuerySetters;
use teloxide::prelude::*;
use teloxide::types::{CallbackQuery, ChatId, Message, UserId};
use tokio::sync::Notify;

use bot_core::relay::now_ms;

use crate::courier::{Api, describe};
use crate::inbound::{self, Me};

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
}

/// The handler tree: a message, or a button press; any other update is ignored.
pub fn schema() -> UpdateHandler<SessionError> {
    dptree::entry()
        .branch(Update::filter_message().endpoint(on_message))
        .branch(Update::filter_callback_query().endpoint(on_callback))
}

async fn on_message(msg: Message, bridge: Bridge) -> Result<(), SessionError> {
    let Some(inbound) = inbound::from_message(&msg, &bridge.me) else {
        return Ok(());
    };
    bridge.respond(inbound).await.map(drop)
}

async fn on_callback(q: CallbackQuery, bridge: Bridge) -> Result<(), SessionError> {
    let popup = match inbound::from_callback(&q) {
        Some(inbound) => bridge.respond(inbound).await,
        None => Ok(None),
    };
    // Every press is answered, or the user's client shows a spinner until it gives up.
    let mut answer = bridge.bot.answer_callback_query(q.id.clone());
    if let Ok(Some(text)) = &popup {
        answer = answer.text(text.clone()).show_alert(true);
    }
    if let Err(e) = answer.await {
        tracing::warn!(error = %describe(&e), "answerCallbackQuery failed");
    }
    popup.map(drop)
}

impl Bridge {
    /// Hands the session one input and rings the relay; returns the popup for the presser.
    pub async fn respond(&self, mut msg: Inbound) -> Result<Option<String>, SessionError> {
        if inbound::needs_admin_check(&msg) {
            msg.is_admin = self.is_admin(&msg).await;
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

    /// Whether the sender administers the group, as Telegram says now; unknown counts as no.
    async fn is_admin(&self, msg: &Inbound) -> bool {
        let (Ok(chat), Ok(user)) = (msg.chat.0.parse::<i64>(), msg.user.0.parse::<u64>()) else {
            return false;
        };
        match self.bot.get_chat_member(ChatId(chat), UserId(user)).await {
            Ok(member) => member.is_privileged(),
            Err(e) => {
                tracing::warn!(error = %describe(&e), "getChatMember failed; not an admin");
                false
            }
        }
    }
}
