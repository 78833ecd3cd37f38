//! The relay's courier for Telegram: one outbox message into `sendMessage`, `sendPhoto` or
//! `editMessageText`, and Telegram's refusals into the relay's [`Refusal`]s.

use bot_core::relay::{Courier, Delivered, Progress, Refusal};
use bot_core::session::chat::{Button, Outbound, Platform, Target};
use teloxide::adaptors::Throttle;
use teloxide::payloads::{EditMessageTextSetters, SendMessageSetters, SendPhotoSetters};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, InputFile, MessageId};
use teloxide::{ApiError, RequestError};

/// The bot as the adapter uses it: every call goes through the throttle.
pub type Api = Throttle<Bot>;

/// The longest text message, in UTF-16 code units as Telegram counts them.
pub const MAX_TEXT: usize = 4096;
/// The longest photo caption.
pub const MAX_CAPTION: usize = 1024;

/// Sends outbox messages to Telegram.
pub struct TelegramCourier {
    bot: Api,
    deep_link: url::Url,
}

/// One Telegram message of an outbox message.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// A photo, with its caption if the text fits one.
    Photo(Option<String>),
    /// A text message.
    Text(String),
}

impl TelegramCourier {
    /// A courier for the bot whose username is `username` (its deep links point there).
    pub fn new(bot: Api, username: &str) -> Result<TelegramCourier, url::ParseError> {
        Ok(TelegramCourier {
            bot,
            deep_link: url::Url::parse(&format!("https://t.me/{username}"))?,
        })
    }

    async fn try_edit(
        &self,
        chat: ChatId,
        id: &str,
        out: &Outbound,
    ) -> Result<Option<String>, RequestError> {
        let Ok(message) = id.parse::<i32>() else {
            return Ok(None);
        };
        if out.picture.is_some() || utf16_len(&out.text) > MAX_TEXT || out.text.is_empty() {
            return Ok(None);
        }
        let mut req = self
            .bot
            .edit_message_text(chat, MessageId(message), out.text.clone());
        if let Some(k) = self.keyboard(&out.buttons) {
            req = req.reply_markup(k);
        }
        match req.await {
            Ok(_) => Ok(Some(id.to_string())),
            // It already shows exactly this (a retried edit that had gone through): delivered.
            Err(RequestError::Api(ApiError::MessageNotModified)) => Ok(Some(id.to_string())),
            // Too old, deleted, never ours: the text goes out as a new message instead.
            Err(RequestError::Api(e)) => {
                tracing::debug!(error = %description(&e), "edit refused, sending anew");
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    async fn send_part(
        &self,
        chat: ChatId,
        part: &Part,
        picture: Option<&[u8]>,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> Result<MessageId, RequestError> {
        let message = match part {
            Part::Photo(caption) => {
                let file =
                    InputFile::memory(picture.unwrap_or_default().to_vec()).file_name("maze.png");
                let mut req = self.bot.send_photo(chat, file);
                if let Some(c) = caption {
                    req = req.caption(c.clone());
                }
                if let Some(k) = keyboard {
                    req = req.reply_markup(k);
                }
                req.await?
            }
            Part::Text(text) => {
                let mut req = self.bot.send_message(chat, text.clone());
                if let Some(k) = keyboard {
                    req = req.reply_markup(k);
                }
                req.await?
            }
        };
        Ok(message.id)
    }

    /// The inline keyboard of a message's buttons; link buttons open the private chat with the
    /// bot, passing their data as the `/start` payload.
    fn keyboard(&self, rows: &[Vec<Button>]) -> Option<InlineKeyboardMarkup> {
        let rows: Vec<Vec<InlineKeyboardButton>> = rows
            .iter()
            .filter(|r| !r.is_empty())
            .map(|r| r.iter().map(|b| self.button(b)).collect())
            .collect();
        (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows))
    }

    fn button(&self, b: &Button) -> InlineKeyboardButton {
        if b.link {
            let mut url = self.deep_link.clone();
            url.query_pairs_mut().append_pair("start", &b.data);
            InlineKeyboardButton::url(b.label.clone(), url)
        } else {
            InlineKeyboardButton::callback(b.label.clone(), b.data.clone())
        }
    }
}

impl Courier for TelegramCourier {
    fn platform(&self) -> Platform {
        Platform::Telegram
    }

    async fn deliver(&self, out: &Outbound, progress: &Progress) -> Result<Delivered, Refusal> {
        let private = matches!(out.to, Target::User(_));
        let chat = chat_id(&out.to)?;
        // A message whose first parts went out already is being sent anew, not edited in.
        if let Some(id) = out.edit.as_ref().filter(|_| out.parts_sent == 0)
            && let Some(shown) = self
                .try_edit(chat, id, out)
                .await
                .map_err(|e| classify(&e, private))?
        {
            return Ok(Delivered {
                message_id: Some(shown),
            });
        }
        let parts = parts(&out.text, out.picture.is_some());
        let mut last = None;
        // A retry after a failure in the middle (maybe before a restart) sends only the rest, so
        // no part arrives twice.
        for (i, part) in parts.iter().enumerate().skip(out.parts_sent as usize) {
            // The buttons go under the last part, where the reader ends up.
            let keyboard = if i + 1 == parts.len() {
                self.keyboard(&out.buttons)
            } else {
                None
            };
            match self
                .send_part(chat, part, out.picture.as_deref(), keyboard)
                .await
            {
                Ok(id) => {
                    let id = id.0.to_string();
                    if i + 1 < parts.len() {
                        progress.parts_sent(i as u32 + 1, Some(&id)).await;
                    }
                    last = Some(id);
                }
                Err(e) => return Err(classify(&e, private)),
            }
        }
        Ok(Delivered { message_id: last })
    }
}

/// A target's Telegram chat: a group's id, or a user's (his private chat has the same id).
fn chat_id(to: &Target) -> Result<ChatId, Refusal> {
    let raw = match to {
        Target::Chat(c) => &c.0,
        Target::User(u) => &u.0,
    };
    raw.parse::<i64>()
        .map(ChatId)
        .map_err(|_| Refusal::Gone(format!("{raw:?} is not a Telegram chat id")))
}

/// The messages one outbox message becomes: a photo (captioned if the text fits) and the text in
/// pieces of at most [`MAX_TEXT`], split at line breaks.
fn parts(text: &str, picture: bool) -> Vec<Part> {
    if picture {
        if utf16_len(text) <= MAX_CAPTION {
            let caption = (!text.is_empty()).then(|| text.to_string());
            return vec![Part::Photo(caption)];
        }
        let mut v = vec![Part::Photo(None)];
        v.extend(split_text(text, MAX_TEXT).into_iter().map(Part::Text));
        return v;
    }
    split_text(text, MAX_TEXT)
        .into_iter()
        .map(Part::Text)
        .collect()
}

/// A text in pieces of at most `max` UTF-16 code units, cut at line breaks where possible (a
/// single longer line is cut between characters). Never an empty piece.
pub fn split_text(text: &str, max: usize) -> Vec<String> {
    let mut pieces = vec![];
    let mut cur = String::new();
    for line in text.split_inclusive('\n') {
        if utf16_len(&cur) + utf16_len(line) > max && !cur.is_empty() {
            pieces.push(std::mem::take(&mut cur));
        }
        if utf16_len(line) > max {
            for ch in line.chars() {
                if utf16_len(&cur) + ch.len_utf16() > max {
                    pieces.push(std::mem::take(&mut cur));
                }
                cur.push(ch);
            }
        } else {
            cur.push_str(line);
        }
    }
    if !cur.is_empty() {
        pieces.push(cur);
    }
    let pieces: Vec<String> = pieces
        .into_iter()
        .map(|p| p.trim_end_matches('\n').to_string())
        .filter(|p| !p.trim().is_empty())
        .collect();
    if pieces.is_empty() {
        // Telegram refuses an empty message; a blank one still says something was meant.
        vec![if text.trim().is_empty() {
            "…".to_string()
        } else {
            text.to_string()
        }]
    } else {
        pieces
    }
}

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Telegram's description of an API error, as it sent it.
fn description(e: &ApiError) -> String {
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
        Refusal::Transient(s) | Refusal::Gone(s) => s,
        Refusal::Blocked => "refused".to_string(),
    }
}

fn classify_api(desc: &str, private: bool) -> Refusal {
    let refused = desc.starts_with("Forbidden")
        || desc.starts_with("Unauthorized: bot can't")
        || desc.contains("chat not found");
    let bad = desc.starts_with("Bad Request");
    match (refused, bad, private) {
        (true, _, true) => Refusal::Blocked,
        (true, _, false) => Refusal::Gone(desc.to_string()),
        // Sending it again cannot help; holding the chat's queue behind it would stop the game.
        (false, true, _) => Refusal::Gone(desc.to_string()),
        (false, false, _) => Refusal::Transient(desc.to_string()),
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
    fn a_group_that_refuses_is_gone() {
        for d in [
            "Forbidden: bot was kicked from the supergroup chat",
            "Bad Request: chat not found",
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

    #[test]
    fn long_texts_split_at_line_breaks_within_the_limit() {
        let line = "x".repeat(30);
        let text = [line.as_str(); 10].join("\n");
        let pieces = split_text(&text, 100);
        assert!(pieces.iter().all(|p| utf16_len(p) <= 100));
        assert_eq!(pieces[0], [line.as_str(); 3].join("\n"));
        assert_eq!(pieces.join("\n"), text);
    }

    #[test]
    fn one_overlong_line_is_cut_between_characters() {
        let text = "я".repeat(250);
        let pieces = split_text(&text, 100);
        assert_eq!(pieces.len(), 3);
        assert_eq!(pieces.concat(), text);
        assert_eq!(split_text("", 100), vec!["…".to_string()]);
    }

    #[test]
    fn a_long_caption_becomes_a_photo_then_the_text() {
        assert_eq!(
            parts("maze", true),
            vec![Part::Photo(Some("maze".to_string()))]
        );
        let long = "a\n".repeat(600);
        let p = parts(&long, true);
        assert_eq!(p[0], Part::Photo(None));
        assert!(matches!(&p[1], Part::Text(t) if t.starts_with("a\na")));
    }
}
