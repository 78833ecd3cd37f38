//! Files sent to the bot privately: an exported game, which an admin sends after `/import` in the
//! channel where it is to go on. The session reads it as [`Content::File`]; this module finds it in
//! a DM and fetches it.
//!
//! - Only a DM's file counts: attachments in guild channels are never fetched (a channel must never
//!   see an exported game, and a guild message's text is read as before).
//! - The file is the DM's first attachment that is not a picture, a video or a sound; the text
//!   written beside it is not read.
//! - A file over [`MAX_FILE_BYTES`] (1 MiB; an exported game is far smaller) is not downloaded:
//!   Discord's attachment object tells its `size`, and a download that runs past the limit anyway
//!   is dropped there. The sender is told so in the DM ([`Unread::TooBig`]) and nothing changes: the
//!   session never sees the message, so an open `/import` still waits for the right file.
//! - A file that cannot be fetched after a few tries is the same: he is asked to send it again.
//!
//! These answers go straight to the DM, not through the outbox: they are worth something only now,
//! and should Discord replay the event, the sender reads the answer twice.
//!
//! The download goes through the same HTTP client as every request, without the bot's token, and
//! its URL (whose query holds Discord's signature) reaches no log.

use std::time::Duration;

use bot_core::i18n::{Lang, Messages};
use bot_core::session::MAX_FILE_BYTES;
use bot_core::session::chat::TextFile;
use serenity::all::{Attachment, ChannelId, CreateAllowedMentions, CreateMessage, Message};

use crate::rest::{Call, Download, Rest};

/// Tries to fetch a file before the sender is asked to send it again.
const ATTEMPTS: u32 = 3;
/// The pause after a failed try, times the tries so far.
const PAUSE: Duration = Duration::from_millis(300);

/// Why a file sent privately was not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unread {
    /// It is over [`MAX_FILE_BYTES`].
    TooBig,
    /// It could not be fetched from Discord.
    Failed,
}

impl Unread {
    /// What the sender is told, in `lang`.
    pub fn text(self, lang: Lang) -> String {
        let m = Messages::get(lang);
        match self {
            Unread::TooBig => m.text(
                "discord-file-too-big",
                bot_core::args![("limit", format!("{} MiB", MAX_FILE_BYTES >> 20))],
            ),
            Unread::Failed => m.text("discord-file-unread", &[]),
        }
    }
}

/// The file of a private message: its first attachment that is not a picture, a video or a sound.
/// `None` for a guild message, a bot's, or a DM without such an attachment.
pub fn attachment(msg: &Message) -> Option<&Attachment> {
    if msg.guild_id.is_some() || msg.author.bot {
        return None;
    }
    msg.attachments.iter().find(|a| {
        let kind = a.content_type.as_deref().unwrap_or("");
        !["image/", "video/", "audio/"]
            .iter()
            .any(|media| kind.starts_with(media))
    })
}

/// Fetches an attachment as a text file (its name, its bytes as UTF-8, decoded lossily: the session
/// refuses a garbled one). One over [`MAX_FILE_BYTES`] is not downloaded.
pub async fn fetch(rest: &Rest, a: &Attachment) -> Result<TextFile, Unread> {
    if a.size as usize > MAX_FILE_BYTES {
        return Err(Unread::TooBig);
    }
    let mut tries = 0;
    let bytes = loop {
        tries += 1;
        match rest.download(&a.url, MAX_FILE_BYTES).await {
            Ok(bytes) => break bytes,
            Err(Download::TooBig) => return Err(Unread::TooBig),
            Err(Download::Failed(e)) => {
                // The error names no URL; the attachment's id is enough to find it again.
                tracing::warn!(attachment = %a.id, tries, error = %e, "could not fetch a file sent privately");
                if tries >= ATTEMPTS || !e.passing() {
                    return Err(Unread::Failed);
                }
                tokio::time::sleep(PAUSE * tries).await;
            }
        }
    };
    Ok(TextFile {
        name: a.filename.clone(),
        text: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

/// Tells the sender of a DM why his file was not read, in that DM.
pub async fn tell(rest: &Rest, channel: ChannelId, why: Unread, lang: Lang) {
    say(rest, channel, &why.text(lang)).await;
}

/// Says something in a channel at once, outside the outbox: for what the bot could not hand to
/// the session (a file not read, an input the database would not take).
pub async fn say(rest: &Rest, channel: ChannelId, text: &str) {
    let message = CreateMessage::new()
        .content(crate::markdown::escape_markdown(text))
        .allowed_mentions(CreateAllowedMentions::new());
    let body = serde_json::to_value(&message).unwrap_or_default();
    if let Err(e) = rest.call(Call::message(channel, body, None)).await {
        tracing::warn!(error = %e, "could not tell a user his input was not taken");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(guild: bool, attachments: serde_json::Value) -> Message {
        let mut v = serde_json::json!({
            "id": "11", "channel_id": "22", "content": "", "timestamp": "2026-01-01T00:00:00Z",
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": attachments, "embeds": [], "pinned": false,
            "type": 0,
            "author": {"id": "33", "username": "ann", "global_name": "Ann", "discriminator": "0",
                       "avatar": null, "bot": false},
        });
        if guild {
            v["guild_id"] = "44".into();
        }
        serde_json::from_value(v).unwrap()
    }

    fn file(id: u64, name: &str, kind: Option<&str>) -> serde_json::Value {
        serde_json::json!({
            "id": id.to_string(), "filename": name, "size": 10, "content_type": kind,
            "url": format!("https://cdn.example/{name}?hm=sig"), "proxy_url": "https://media.example/x",
        })
    }

    #[test]
    fn only_a_dms_first_file_that_is_no_picture_is_read() {
        let both = serde_json::json!([
            file(1, "maze.png", Some("image/png")),
            file(2, "game-12.json", Some("application/json; charset=utf-8")),
            file(3, "notes.txt", None),
        ]);
        let dm = message(false, both.clone());
        assert_eq!(attachment(&dm).unwrap().filename, "game-12.json");
        assert!(
            attachment(&message(true, both)).is_none(),
            "a guild channel's file"
        );
        let pictures = serde_json::json!([file(1, "a.png", Some("image/png"))]);
        assert!(attachment(&message(false, pictures)).is_none());
        assert!(attachment(&message(false, serde_json::json!([]))).is_none());
    }

    #[test]
    fn the_sender_is_told_in_his_language() {
        assert!(Unread::TooBig.text(Lang::En).contains("1 MiB"));
        assert!(Unread::TooBig.text(Lang::Ru).contains("1 MiB"));
        assert_ne!(Unread::Failed.text(Lang::En), Unread::Failed.text(Lang::Ru));
    }
}
