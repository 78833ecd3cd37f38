//! Answering interactions: every slash command and button press is acknowledged at once (Discord
//! drops those not answered within 3 s), with the session's popup as an ephemeral reply only the
//! presser sees. The interactions' tokens are kept a while for ephemeral follow-ups.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bot_core::i18n::{Lang, Messages};

use crate::courier::escape_markdown;
use serenity::all::{
    CommandInteraction, ComponentInteraction, CreateAutocompleteResponse,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    Http,
};

/// How long an interaction token may be used for follow-ups (Discord allows 15 minutes).
const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);

/// A short acknowledgement in the user's language, when the session had nothing for him alone.
pub fn done(lang: Lang) -> String {
    Messages::get(lang).text("discord-done", &[])
}

/// Answers a slash command: the popup, or "✓", visible to its user only. The session's real answer
/// goes to the channel (or by DM) through the outbox.
pub async fn answer_command(
    http: &Http,
    cmd: &CommandInteraction,
    popup: Option<String>,
    lang: Lang,
) {
    let text = popup.unwrap_or_else(|| done(lang));
    let msg = CreateInteractionResponseMessage::new()
        .content(escape_markdown(&text))
        .ephemeral(true);
    if let Err(e) = cmd
        .create_response(http, CreateInteractionResponse::Message(msg))
        .await
    {
        tracing::warn!(interaction = %cmd.id, error = %e, "could not answer a slash command");
    }
}

/// Answers a button press: the popup as an ephemeral message, or a silent acknowledgement (the
/// press's effect shows in the channel).
pub async fn answer_press(http: &Http, press: &ComponentInteraction, popup: Option<String>) {
    let response = match popup {
        Some(text) => CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .content(escape_markdown(&text))
                .ephemeral(true),
        ),
        None => CreateInteractionResponse::Acknowledge,
    };
    if let Err(e) = press.create_response(http, response).await {
        tracing::warn!(interaction = %press.id, error = %e, "could not answer a button press");
    }
}

/// Answers an autocomplete request with suggestions (value shown as typed).
pub async fn answer_autocomplete(http: &Http, cmd: &CommandInteraction, choices: Vec<String>) {
    let mut r = CreateAutocompleteResponse::new();
    for c in choices {
        r = r.add_string_choice(c.clone(), c);
    }
    if let Err(e) = cmd
        .create_response(http, CreateInteractionResponse::Autocomplete(r))
        .await
    {
        tracing::warn!(interaction = %cmd.id, error = %e, "could not answer an autocomplete");
    }
}

/// A user's latest interaction: its token and language, while it may still be followed up.
#[derive(Clone, Debug)]
struct Recent {
    token: String,
    lang: Lang,
    at: Instant,
}

/// The latest interaction token of each user, in memory only: after a restart there are none, and
/// follow-ups are a courtesy that the outbox never depends on.
#[derive(Debug, Default)]
pub struct Tokens {
    by_user: Mutex<HashMap<String, Recent>>,
}

impl Tokens {
    /// Remembers a user's interaction.
    pub fn remember(&self, user: &str, token: &str, lang: Lang) {
        let mut map = self.by_user.lock().unwrap_or_else(|e| e.into_inner());
        map.retain(|_, r| r.at.elapsed() < TOKEN_LIFE);
        map.insert(
            user.to_string(),
            Recent {
                token: token.to_string(),
                lang,
                at: Instant::now(),
            },
        );
    }

    /// Tells a user whose DMs are closed, ephemerally in the channel where he last used the bot,
    /// that his private messages wait for him. Once per token: it is forgotten when used.
    pub async fn tell_dms_closed(&self, http: &Http, user: &str) {
        let recent = {
            let mut map = self.by_user.lock().unwrap_or_else(|e| e.into_inner());
            map.remove(user).filter(|r| r.at.elapsed() < TOKEN_LIFE)
        };
        let Some(r) = recent else {
            return;
        };
        let text = Messages::get(r.lang).text("discord-dm-closed", &[]);
        let followup = CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(true);
        if let Err(e) = http
            .create_followup_message(&r.token, &followup, vec![])
            .await
        {
            tracing::info!(error = %e, "could not tell a user his DMs are closed");
        }
    }
}
