//! What the bot does with one update: the dptree handler tree (messages, button presses, a group's
//! move to a new id), each branch handing the session's [`Inlet`] one [`Inbound`] in its chat's
//! lane and returning what is left to do once the lane handled it ([`Pending`]: answer a press,
//! wake the relay).
//!
//! Handing an update in is quick, so polling takes the next updates while a slow or failing chat
//! is still busy with its own; the offset moves past an update only once its [`Pending`] is done
//! (polling) and the webhook answers 200 only then, so an update that failed comes again, and the
//! session's message ids make the second time harmless.

use std::future::Future;
use std::ops::ControlFlow;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use bot_core::i18n::Lang;
use bot_core::inlet::{Inlet, Lane, Preparing};
use bot_core::relay::{Refusal, now_ms};
use bot_core::session::chat::{Inbound, Platform};
use bot_core::session::{Session, SessionError};
use bot_core::store::{Moved, StoreError};
use teloxide::dispatching::{DpHandlerDescription, UpdateFilterExt};
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

/// Everything a handler needs: the session and its inlet, the bot, who the bot is, and the
/// relay's bell.
#[derive(Clone)]
pub struct Bridge {
    /// The session engine.
    pub session: Session,
    /// The session's inputs, by chat.
    pub inlet: Inlet,
    /// The bot (throttled).
    pub bot: Api,
    /// The bot's own identity.
    pub me: Me,
    /// Rung after every input, so what the session queued goes out at once.
    pub waker: Arc<Notify>,
    /// Telegram's flood-control pauses, shared with the courier.
    pub flood: Flood,
    /// The language of what the adapter says itself where no user's is known.
    pub lang: Lang,
}

/// What an update still has to do after it was handed in: done once its chat's lane handled it.
/// (Behind a lock only because dptree wants its handlers' output shareable between threads; it is
/// awaited once, by one task.)
pub struct Pending(std::sync::Mutex<Work>);

/// The work of a [`Pending`].
type Work = Pin<Box<dyn Future<Output = Result<(), UpdateError>> + Send>>;

impl Pending {
    fn new(work: impl Future<Output = Result<(), UpdateError>> + Send + 'static) -> Pending {
        Pending(std::sync::Mutex::new(Box::pin(work)))
    }

    /// Does what is left, once the update's lane handled it.
    pub async fn finish(self) -> Result<(), UpdateError> {
        let work = self.0.into_inner().unwrap_or_else(|e| e.into_inner());
        work.await
    }
}

/// The handler tree's type: each branch hands its update in and returns what is left.
pub type Tree = dptree::Handler<'static, Result<Pending, UpdateError>, DpHandlerDescription>;

/// Nothing left to do.
fn done() -> Pending {
    Pending::new(async { Ok(()) })
}

/// The handler tree: a message, or a button press; any other update is nothing to do (and not
/// logged: an update may hold a private message).
pub fn schema() -> Tree {
    dptree::entry()
        .branch(Update::filter_message().endpoint(on_message))
        .branch(Update::filter_callback_query().endpoint(on_callback))
}

/// Hands one update in through [`schema`]; what is left to do, done once everything it did is
/// committed.
pub async fn handle(
    handler: &Tree,
    bridge: &Bridge,
    update: Update,
) -> Result<Pending, UpdateError> {
    match handler
        .dispatch(dptree::deps![update, bridge.clone()])
        .await
    {
        ControlFlow::Break(result) => result,
        ControlFlow::Continue(_) => Ok(done()),
    }
}

/// Waits for a ticket, then rings the relay so that what the input queued goes out at once.
fn then_wake(ticket: bot_core::inlet::Ticket, waker: Arc<Notify>) -> Pending {
    Pending::new(async move {
        ticket.await?;
        waker.notify_one();
        Ok(())
    })
}

async fn on_message(msg: Message, bridge: Bridge) -> Result<Pending, UpdateError> {
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
        return Ok(done());
    }
    if let Some((chat, user, key)) = inbound::left_member(&msg) {
        // He keeps his seat until the deadline of his move (unless he comes back and writes). In
        // a forum he leaves its topics' games too: Telegram says it once, in the General topic.
        let chats = group_chats_of(&bridge.session, &chat, &user).await?;
        let (inlet, waker) = (bridge.inlet.clone(), bridge.waker.clone());
        return Ok(Pending::new(async move {
            for game_chat in chats {
                let key = if game_chat == chat {
                    key.clone()
                } else {
                    format!("{key}:{game_chat}")
                };
                let left = inlet.member_left(Platform::Telegram, &game_chat, &user, &key, now_ms());
                left.await?;
            }
            waker.notify_one();
            Ok(())
        }));
    }
    if let Some(doc) = inbound::private_document(&msg) {
        // Fetched in the sender's lane, anew if the update comes again: the session knows the
        // message and does nothing twice.
        let Some(user) = msg.from.as_ref() else {
            return Ok(done());
        };
        let lane = Lane::private(Platform::Telegram, &user.id.0.to_string());
        let bot = bridge.bot.clone();
        let prepare: Preparing = Box::pin(async move {
            let file = crate::fetch::document(&bot, &doc)
                .await
                .map_err(|e| SessionError::Platform(e.to_string()))?;
            Ok(inbound::from_document(&msg, file))
        });
        let ticket = bridge.inlet.submit_prepared(lane, prepare, now_ms());
        return Ok(then_wake(ticket, bridge.waker.clone()));
    }
    if inbound::is_anonymous_command(&msg, &bridge.me) {
        explain_anonymous(&bridge, &msg).await;
        return Ok(done());
    }
    let Some(inbound) = inbound::from_message(&msg, &bridge.me) else {
        return Ok(done());
    };
    Ok(then_wake(bridge.submit(inbound), bridge.waker.clone()))
}

/// Tells an anonymous admin (or a channel) that the bot cannot tell who sent a command, and how
/// to send it as himself. Said at once, in reply, and not kept: the command changed nothing, and
/// writing it again as himself is what helps.
async fn explain_anonymous(bridge: &Bridge, msg: &Message) {
    let text = bot_core::i18n::Messages::get(bridge.lang).text("telegram-anonymous", &[]);
    let mut req = bridge.bot.send_message(msg.chat.id, text);
    req = req.reply_parameters(teloxide::types::ReplyParameters::new(msg.id));
    if let Some(thread) = msg.thread_id.filter(|_| msg.is_topic_message) {
        req = req.message_thread_id(thread);
    }
    if let Err(e) = req.await {
        tracing::warn!(error = %crate::api::describe(&e), "telling an anonymous admin failed");
    }
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

async fn on_callback(q: CallbackQuery, bridge: Bridge) -> Result<Pending, UpdateError> {
    let Some(inbound) = inbound::from_callback(&q) else {
        // Every press is answered, or the user's client shows a spinner until it gives up.
        return Ok(Pending::new(async move {
            bridge.answer(&q, None).await;
            Ok(())
        }));
    };
    let ticket = bridge.submit(inbound);
    Ok(Pending::new(async move {
        // A press that failed is not answered: it is handled again, and answered then.
        let popup = ticket.await?.popup;
        bridge.waker.notify_one();
        bridge.answer(&q, popup).await;
        Ok(())
    }))
}

/// How many times a press's answer is tried: it is only worth showing within seconds.
const ANSWER_ATTEMPTS: u32 = 3;
/// The longest flood-control wait an answer waits out.
const ANSWER_MAX_WAIT: Duration = Duration::from_secs(5);
/// How many times an admin check is asked of Telegram before the input is given back to be
/// handled later.
const ADMIN_CHECK_ATTEMPTS: u32 = 3;

impl Bridge {
    /// Hands the session one input in its chat's lane. An input whose sender's rights the session
    /// may care about has Telegram asked first, in the lane, so that it keeps its place among its
    /// chat's inputs.
    pub fn submit(&self, msg: Inbound) -> bot_core::inlet::Ticket {
        tracing::debug!(
            chat = %msg.chat.0,
            private = msg.private,
            id = %msg.message_id,
            "inbound"
        );
        if !inbound::needs_admin_check(&msg) {
            return self.inlet.submit(msg, now_ms());
        }
        let lane = Lane::of(&msg);
        let bridge = self.clone();
        let prepare: Preparing = Box::pin(async move {
            let mut msg = msg;
            msg.is_admin = bridge.admin_with_patience(&msg).await?;
            Ok(Some(msg))
        });
        self.inlet.submit_prepared(lane, prepare, now_ms())
    }

    /// [`Bridge::is_admin`], waiting out a few passing failures and flood-control pauses.
    async fn admin_with_patience(&self, msg: &Inbound) -> Result<bool, SessionError> {
        let mut pause = Duration::from_millis(250);
        let mut attempt = 1;
        loop {
            match self.is_admin(msg).await {
                Ok(admin) => return Ok(admin),
                Err(e) if attempt >= ADMIN_CHECK_ATTEMPTS => {
                    return Err(SessionError::Platform(e.to_string()));
                }
                Err(e) => {
                    let wait = e.retry_after().unwrap_or(pause).min(ANSWER_MAX_WAIT);
                    tokio::time::sleep(wait).await;
                }
            }
            pause *= 2;
            attempt += 1;
        }
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
                Refusal::Gone(why) | Refusal::Rejected(why) => {
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
