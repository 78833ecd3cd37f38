//! Answering interactions. Discord refuses an interaction's first answer after 3 s, and the session
//! may take longer (a busy database, a queue of events ahead), so every slash command and button
//! press is acknowledged as soon as it arrives, before the session sees it: a slash command with a
//! deferred ephemeral reply (type 5, "thinking…", which only its user sees), a press with a
//! deferred update (type 6, nothing shown). Once the session has handled it, the command's reply
//! is edited into that deferred one, and a press's popup comes as an ephemeral follow-up. The
//! interactions' tokens are kept a while for later ephemeral follow-ups.
//!
//! A token is a password for its interaction: it goes in request URLs only, never in a log line
//! or an error.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bot_core::i18n::{Lang, Messages};
use bot_core::session::chat::{Reply, Target};
use serenity::all::{
    ApplicationId, CreateAutocompleteResponse, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    InteractionId, LightMethod, Route,
};

use crate::markdown::escape_markdown;
use crate::rest::{ApiError, Call, Rest};

/// How long an interaction token may be used for follow-ups (Discord allows 15 minutes).
const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);
/// How long after an interaction arrives its acknowledgement may still be tried: Discord's limit
/// is 3 s from its creation, and the event took a moment to get here.
const ACK_WINDOW: Duration = Duration::from_millis(2_700);
/// The pause before trying again after a 5xx or a network failure.
const RETRY_PAUSE: Duration = Duration::from_millis(200);
/// Attempts at a reply or follow-up that meets passing failures.
const ATTEMPTS: u32 = 4;
/// Discord's code for an interaction acknowledged already.
const ALREADY_ACKNOWLEDGED: isize = 40060;

/// How an interaction's acknowledgement went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ack {
    /// Acknowledged now: its reply is ours to give.
    Done,
    /// Acknowledged before: a redelivered event, whose reply was given the first time.
    Already,
    /// Perhaps acknowledged: a try reached Discord and its answer never came back (a dropped
    /// connection, a 5xx), and no later try could tell. Its reply is given all the same: should
    /// the interaction not have been acknowledged, Discord refuses the reply and nothing is lost,
    /// while a "thinking…" left without one would stay for good.
    Unknown,
    /// Not acknowledged (Discord refused, or the 3 s ran out): there is nothing to reply to.
    Failed,
}

impl Ack {
    /// Whether the interaction's reply is ours to give.
    pub fn ours(self) -> bool {
        matches!(self, Ack::Done | Ack::Unknown)
    }
}

/// A short acknowledgement in the user's language, when the session had nothing for him alone.
pub fn done(lang: Lang) -> String {
    Messages::get(lang).text("discord-done", &[])
}

/// The longest quote of the channel's answer in a slash command's private reply, in characters.
const QUOTE: usize = 200;

/// A slash command's private reply, from what the session did with it: its answer for the user
/// alone if it had one; else what the command's channel (`chat`) was told, quoted (a refusal, a
/// question with buttons to answer it); else word that the answer went to his DMs; a plain
/// acknowledgement only when the command said nothing at all. Never "done" for a command that was
/// refused or only asked for a confirmation.
pub fn command_reply(lang: Lang, reply: &Reply, chat: &str) -> String {
    if let Some(popup) = &reply.popup {
        return popup.clone();
    }
    let in_channel = reply
        .outbound
        .iter()
        .find(|o| matches!(&o.to, Target::Chat(c) if c.0 == chat));
    let messages = Messages::get(lang);
    if let Some(out) = in_channel {
        let first = out
            .text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("");
        let mut text: String = first.chars().take(QUOTE).collect();
        if first.chars().count() > QUOTE {
            text.push('…');
        }
        let id = if out.buttons.is_empty() {
            "discord-said"
        } else {
            "discord-asked"
        };
        return messages.text(id, &[("text", text.into())]);
    }
    if reply
        .outbound
        .iter()
        .any(|o| matches!(o.to, Target::User(_)))
    {
        return messages.text("discord-said-privately", &[]);
    }
    done(lang)
}

/// The deferred answer to a slash command: "thinking…", to its user only.
pub fn deferred_command() -> CreateInteractionResponse {
    CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true))
}

/// The deferred answer to a button press: nothing shown, the press's effect shows in the channel.
pub fn deferred_press() -> CreateInteractionResponse {
    CreateInteractionResponse::Acknowledge
}

/// An ephemeral follow-up with a session text, escaped like every text the bot shows.
pub fn ephemeral(text: &str) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(escape_markdown(text))
        .ephemeral(true)
}

/// Acknowledges an interaction that arrived at `received`, trying again after a 429 (as long as
/// Discord says) or a passing failure while the 3 s last.
pub async fn acknowledge(
    rest: &Rest,
    id: InteractionId,
    token: &str,
    response: &CreateInteractionResponse,
    received: Instant,
) -> Ack {
    let deadline = received + ACK_WINDOW;
    // Whether a try may have reached Discord without its answer reaching us.
    let mut sent = false;
    loop {
        let req = Call::json(
            Route::InteractionResponse {
                interaction_id: id,
                token,
            },
            LightMethod::Post,
            response,
        );
        let e = match rest.call(req).await {
            Ok(_) => return Ack::Done,
            Err(e) => e,
        };
        if e.code() == Some(ALREADY_ACKNOWLEDGED) {
            if sent {
                // Our own earlier try went through; only its answer was lost.
                return Ack::Done;
            }
            tracing::debug!(interaction = %id, "acknowledged before: a redelivered interaction");
            return Ack::Already;
        }
        sent |= may_have_arrived(&e);
        let wait = pause(&e);
        match wait.filter(|w| Instant::now() + *w < deadline) {
            Some(w) => tokio::time::sleep(w).await,
            None if sent => {
                tracing::warn!(interaction = %id, error = %e, "an interaction's acknowledgement got no answer");
                return Ack::Unknown;
            }
            None => {
                tracing::warn!(interaction = %id, error = %e, "could not acknowledge an interaction");
                return Ack::Failed;
            }
        }
    }
}

/// Whether a failed request may have been carried out all the same: its answer was lost on the
/// way (a network failure) or broke after Discord took it (a 5xx). A 429 or a 4xx never was.
fn may_have_arrived(e: &ApiError) -> bool {
    e.status().is_none_or(|s| s >= 500)
}

/// How long to wait before trying a failed request again; `None` if it would fail again.
fn pause(e: &ApiError) -> Option<Duration> {
    e.passing().then(|| e.retry_after().unwrap_or(RETRY_PAUSE))
}

/// Retries `attempt` through 429s (as long as Discord says) and passing failures, a few times.
async fn persist<F, Fut>(what: &str, id: InteractionId, mut attempt: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<Vec<u8>, ApiError>>,
{
    for n in 1..=ATTEMPTS {
        let e = match attempt().await {
            Ok(_) => return,
            Err(e) => e,
        };
        match pause(&e).filter(|_| n < ATTEMPTS) {
            Some(w) => tokio::time::sleep(w).await,
            None => {
                tracing::warn!(interaction = %id, error = %e, "could not {what}");
                return;
            }
        }
    }
}

/// Gives a deferred slash command its reply: `text` in place of "thinking…".
pub async fn reply(rest: &Rest, app: ApplicationId, id: InteractionId, token: &str, text: &str) {
    let edit = EditInteractionResponse::new().content(escape_markdown(text));
    persist("reply to a slash command", id, || {
        rest.call(Call::json(
            Route::WebhookOriginalInteractionResponse {
                application_id: app,
                token,
            },
            LightMethod::Patch,
            &edit,
        ))
    })
    .await;
}

/// Sends an ephemeral follow-up to an acknowledged interaction.
pub async fn follow_up(
    rest: &Rest,
    app: ApplicationId,
    id: InteractionId,
    token: &str,
    text: &str,
) {
    let message = ephemeral(text);
    persist("follow an interaction up", id, || {
        rest.call(Call::json(
            Route::WebhookFollowupMessages {
                application_id: app,
                token,
            },
            LightMethod::Post,
            &message,
        ))
    })
    .await;
}

/// Answers an autocomplete request with suggestions (value shown as typed).
pub async fn answer_autocomplete(
    rest: &Rest,
    id: InteractionId,
    token: &str,
    choices: Vec<String>,
    received: Instant,
) {
    let mut r = CreateAutocompleteResponse::new();
    for c in choices {
        r = r.add_string_choice(c.clone(), c);
    }
    let response = CreateInteractionResponse::Autocomplete(r);
    acknowledge(rest, id, token, &response, received).await;
}

/// A user's latest interaction: its token and language, while it may still be followed up.
#[derive(Clone)]
struct Recent {
    app: ApplicationId,
    id: InteractionId,
    token: String,
    lang: Lang,
    at: Instant,
}

/// The latest interaction token of each user, in memory only: after a restart there are none, and
/// follow-ups are a courtesy that the outbox never depends on.
#[derive(Default)]
pub struct Tokens {
    by_user: Mutex<HashMap<String, Recent>>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.by_user.lock().map_or(0, |m| m.len());
        write!(f, "Tokens({n} users)")
    }
}

impl Tokens {
    /// Remembers a user's interaction, once it has been answered (so that a follow-up never
    /// takes the place of the deferred reply).
    pub fn remember(
        &self,
        user: &str,
        app: ApplicationId,
        id: InteractionId,
        token: &str,
        lang: Lang,
    ) {
        let mut map = self.by_user.lock().unwrap_or_else(|e| e.into_inner());
        map.retain(|_, r| r.at.elapsed() < TOKEN_LIFE);
        map.insert(
            user.to_string(),
            Recent {
                app,
                id,
                token: token.to_string(),
                lang,
                at: Instant::now(),
            },
        );
    }

    /// The language of a user's latest interaction, while it is remembered: a typed message
    /// carries none, and a file sent privately usually follows his `/import` by a few minutes.
    pub fn lang(&self, user: &str) -> Option<Lang> {
        let map = self.by_user.lock().unwrap_or_else(|e| e.into_inner());
        map.get(user)
            .filter(|r| r.at.elapsed() < TOKEN_LIFE)
            .map(|r| r.lang)
    }

    /// Tells a user whose DMs are closed, ephemerally in the channel where he last used the bot,
    /// that his private messages wait for him. Once per token: it is forgotten when used.
    pub async fn tell_dms_closed(&self, rest: &Rest, user: &str) {
        let recent = {
            let mut map = self.by_user.lock().unwrap_or_else(|e| e.into_inner());
            map.remove(user).filter(|r| r.at.elapsed() < TOKEN_LIFE)
        };
        let Some(r) = recent else {
            return;
        };
        let text = Messages::get(r.lang).text("discord-dm-closed", &[]);
        follow_up(rest, r.app, r.id, &r.token, &text).await;
    }
}

/// The meta key of the slash commands left "thinking…" (see [`Thinking`]).
pub const THINKING_KEY: &str = "discord:thinking";
/// How long an interaction's token may edit its reply: Discord's 15 minutes, less a margin.
const TOKEN_VALID_MS: i64 = 14 * 60 * 1000;
/// The pause between tries at recording the commands awaiting a reply while the database refuses.
const REWRITE_PAUSE: Duration = Duration::from_millis(500);

/// A slash command acknowledged with "thinking…" and not yet given its reply.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Left {
    id: u64,
    app: u64,
    /// The interaction's token: a password for 15 minutes, kept in the database beside the game's
    /// own secrets, never logged.
    token: String,
    /// When it was acknowledged, unix ms.
    at: i64,
    lang: Lang,
}

/// The slash commands acknowledged and not yet answered, kept in the database: a bot killed
/// between the two leaves its user a "thinking…" that would never end. After the restart each
/// is given its reply while its token is valid (15 minutes): that it was handled, and the channel
/// shows what came of it, if the session has it; else that the bot restarted before it could, and
/// the command is to be used again. The command is not played anew: minutes later it may no
/// longer be meant.
pub struct Thinking {
    store: bot_core::store::Store,
    list: tokio::sync::Mutex<Vec<Left>>,
    /// Whether the list in the database is behind this one (a write failed, the database
    /// locked): one task then writes it again until it is kept.
    behind: std::sync::atomic::AtomicBool,
}

impl std::fmt::Debug for Thinking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thinking").finish_non_exhaustive()
    }
}

impl Thinking {
    /// None left over yet: see [`Thinking::finish_left`] for those of an earlier run.
    pub fn new(store: bot_core::store::Store) -> Thinking {
        Thinking {
            store,
            list: tokio::sync::Mutex::new(vec![]),
            behind: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Notes a slash command acknowledged with "thinking…".
    pub async fn begin(
        self: &Arc<Self>,
        app: ApplicationId,
        id: InteractionId,
        token: &str,
        lang: Lang,
    ) {
        let mut list = self.list.lock().await;
        list.push(Left {
            id: id.get(),
            app: app.get(),
            token: token.to_string(),
            at: bot_core::relay::now_ms(),
            lang,
        });
        self.write(&list).await;
    }

    /// Notes a slash command answered.
    pub async fn end(self: &Arc<Self>, id: InteractionId) {
        let mut list = self.list.lock().await;
        let before = list.len();
        list.retain(|l| l.id != id.get());
        if list.len() != before {
            self.write(&list).await;
        }
    }

    /// Keeps `list` in the database; if the database refuses it now, keeps trying in the
    /// background, so that a command noted while the database was locked is still finished after
    /// a restart.
    async fn write(self: &Arc<Self>, list: &[Left]) {
        if self.write_once(list).await.is_ok() {
            return;
        }
        if self.behind.swap(true, Ordering::SeqCst) {
            return; // already being written again
        }
        let this = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(REWRITE_PAUSE).await;
                let list = this.list.lock().await;
                match this.write_once(&list).await {
                    Ok(()) => {
                        tracing::info!("recorded the slash commands awaiting a reply after all")
                    }
                    // The store was closed: the bot is stopping.
                    Err(bot_core::store::StoreError::Interrupted) => {}
                    Err(_) => continue,
                }
                this.behind.store(false, Ordering::SeqCst);
                return;
            }
        });
    }

    /// Writes the list's entries still in their token's life.
    async fn write_once(&self, list: &[Left]) -> Result<(), bot_core::store::StoreError> {
        let now = bot_core::relay::now_ms();
        let kept: Vec<&Left> = list
            .iter()
            .filter(|l| now - l.at < TOKEN_VALID_MS)
            .collect();
        let mut c = bot_core::store::Commit::at(bot_core::store::UnixMs(now));
        c.meta.push((
            THINKING_KEY.to_string(),
            serde_json::to_string(&kept).unwrap_or_else(|_| "[]".into()),
        ));
        let outcome = self.store.commit(c).await.map(drop);
        if let Err(e) = &outcome {
            tracing::warn!(error = %e, "could not record the slash commands awaiting a reply");
        }
        outcome
    }

    /// Gives every slash command an earlier run left "thinking…" its reply, while its token is
    /// valid, and forgets them. Call before any command of this run is noted.
    pub async fn finish_left(self: &Arc<Self>, rest: &Rest) {
        let stored = match self.store.meta(THINKING_KEY).await {
            Ok(s) => s.unwrap_or_default(),
            Err(e) => {
                tracing::warn!(error = %e, "could not read the slash commands left unanswered");
                return;
            }
        };
        let left: Vec<Left> = serde_json::from_str(&stored).unwrap_or_default();
        if left.is_empty() {
            return;
        }
        let now = bot_core::relay::now_ms();
        for l in left.iter().filter(|l| now - l.at < TOKEN_VALID_MS) {
            let key = bot_core::store::InboundKey::new(
                bot_core::store::Platform::Discord,
                l.id.to_string(),
            );
            let handled = self.store.is_processed(&key).await.unwrap_or(false);
            let id = if handled {
                "discord-answered-before-restart"
            } else {
                "discord-interrupted"
            };
            let text = Messages::get(l.lang).text(id, &[]);
            reply(
                rest,
                ApplicationId::new(l.app.max(1)),
                InteractionId::new(l.id.max(1)),
                &l.token,
                &text,
            )
            .await;
        }
        tracing::info!(
            left = left.len(),
            "answered the slash commands left unanswered by a stop"
        );
        let list = self.list.lock().await;
        self.write(&list).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acknowledgements_are_deferred_and_a_commands_is_private() {
        let json = serde_json::to_value(deferred_command()).unwrap();
        assert_eq!(json["type"], 5);
        assert_eq!(json["data"]["flags"], 64);
        let json = serde_json::to_value(deferred_press()).unwrap();
        assert_eq!(json["type"], 6);
    }

    #[test]
    fn follow_ups_are_private_and_escaped() {
        let json = serde_json::to_value(ephemeral("*you* _win_ @everyone")).unwrap();
        assert_eq!(json["flags"], 64);
        assert_eq!(json["content"], "\\*you\\* \\_win\\_ \\@everyone");
    }
}
