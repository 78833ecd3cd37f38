//! The outbox's messages out to Discord: channel messages, DMs, pictures, edits, buttons; and
//! Discord's errors classified for the relay (retry, wait for the user, or give up on the target).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bot_core::relay::{Courier, Delivered, Progress, Refusal, split_text};
use bot_core::session::chat::{Button, Outbound, Platform, Target};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateMessage, EditMessage, Http, HttpError, MessageId, UserId,
};

use crate::inbound::LINK_PREFIX;
use crate::interaction::Tokens;

/// Discord's longest message, in characters.
pub const MAX_TEXT: usize = 2000;
/// Buttons in one action row.
const ROW: usize = 5;
/// Action rows under one message.
const ROWS: usize = 5;
/// Discord's longest button label.
const MAX_LABEL: usize = 80;
/// Discord's longest custom id.
const MAX_CUSTOM_ID: usize = 100;
/// The name of a picture's attachment.
const PICTURE: &str = "maze.png";

/// Discord's JSON error codes this adapter acts on.
mod code {
    /// Unknown Channel.
    pub const UNKNOWN_CHANNEL: isize = 10003;
    /// Missing Access.
    pub const MISSING_ACCESS: isize = 50001;
    /// Cannot send messages to this user (closed DMs, blocked bot, no shared guild).
    pub const CANNOT_DM: isize = 50007;
    /// Missing Permissions.
    pub const MISSING_PERMISSIONS: isize = 50013;
}

/// Sends the outbox's messages through serenity's HTTP client (which waits out 429s itself).
pub struct DiscordCourier {
    http: Arc<Http>,
    /// The DM channel of each user, opened once.
    dms: Mutex<HashMap<String, ChannelId>>,
    /// Recent interactions, to tell a user with closed DMs ephemerally.
    tokens: Arc<Tokens>,
}

impl DiscordCourier {
    /// A courier over an HTTP client.
    pub fn new(http: Arc<Http>, tokens: Arc<Tokens>) -> DiscordCourier {
        DiscordCourier {
            http,
            dms: Mutex::new(HashMap::new()),
            tokens,
        }
    }

    /// The channel a target's messages go to: the channel itself, or the user's DM channel.
    async fn channel(&self, to: &Target) -> Result<ChannelId, Refusal> {
        match to {
            Target::Chat(c) => snowflake(&c.0).map(ChannelId::new),
            Target::User(u) => {
                if let Some(c) = self.dms.lock().unwrap_or_else(|e| e.into_inner()).get(&u.0) {
                    return Ok(*c);
                }
                let user = UserId::new(snowflake(&u.0)?);
                let dm = user
                    .create_dm_channel(&*self.http)
                    .await
                    .map_err(|e| classify(&e, true))?;
                self.dms
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(u.0.clone(), dm.id);
                Ok(dm.id)
            }
        }
    }

    /// Edits the bot's earlier message in place; `None` if it cannot be edited (send anew).
    async fn edit(
        &self,
        channel: ChannelId,
        mid: &str,
        out: &Outbound,
        private: bool,
    ) -> Result<Option<String>, Refusal> {
        let rows = action_rows(&out.buttons);
        let text = escape_markdown(&out.text);
        let fits = out.picture.is_none() && text.chars().count() <= MAX_TEXT && rows.len() <= 1;
        let Ok(mid) = mid.parse::<u64>() else {
            return Ok(None);
        };
        if !fits || mid == 0 {
            return Ok(None);
        }
        let rows = rows.into_iter().next().unwrap_or_default();
        let edit = EditMessage::new()
            .content(text)
            .components(rows)
            .allowed_mentions(CreateAllowedMentions::new());
        match channel
            .edit_message(&*self.http, MessageId::new(mid), edit)
            .await
        {
            Ok(m) => Ok(Some(m.id.to_string())),
            Err(e) => match classify(&e, private) {
                r @ (Refusal::RetryAfter(_) | Refusal::Transient(_)) => Err(r),
                // Deleted, too old, not ours: the text goes out as a new message instead.
                _ => Ok(None),
            },
        }
    }

    /// Sends a message, split into parts Discord accepts: the text in chunks of 2000 characters, the
    /// picture with the last chunk, buttons in groups of 5 rows of 5 (the first group with the last
    /// chunk, further groups as messages of their own). Returns the first part's id, unless it went
    /// out in an earlier attempt (then the outbox has it already). Should a part fail, a retry, even
    /// after a restart, resumes after the parts already sent: each is recorded with `progress`.
    async fn send(
        &self,
        channel: ChannelId,
        out: &Outbound,
        private: bool,
        progress: &Progress,
    ) -> Result<Option<String>, Refusal> {
        let parts = parts(out);
        let count = parts.len();
        let mut first = None;
        for (i, m) in parts.into_iter().enumerate().skip(out.parts_sent as usize) {
            let sent = channel
                .send_message(&*self.http, m)
                .await
                .map_err(|e| classify(&e, private))?;
            if i == 0 {
                first = Some(sent.id.to_string());
            }
            if i + 1 < count {
                progress.parts_sent(i as u32 + 1, first.as_deref()).await;
            }
        }
        Ok(first)
    }
}

/// The messages one outbound takes on Discord, in order.
fn parts(out: &Outbound) -> Vec<CreateMessage> {
    // The session's texts hold names and the players' own words: nobody gets pinged.
    let new = || CreateMessage::new().allowed_mentions(CreateAllowedMentions::new());
    let chunks = split_text(&escape_markdown(&out.text), MAX_TEXT);
    let mut groups = action_rows(&out.buttons).into_iter();
    let last = chunks.len().saturating_sub(1);
    let mut parts = vec![];
    for (i, chunk) in chunks.iter().enumerate() {
        let mut m = new();
        if !chunk.is_empty() {
            m = m.content(chunk);
        }
        if i == last {
            if let Some(png) = &out.picture {
                m = m.add_file(CreateAttachment::bytes(png.clone(), PICTURE));
            }
            if let Some(rows) = groups.next() {
                m = m.components(rows);
            }
        }
        parts.push(m);
    }
    parts.extend(groups.map(|rows| new().components(rows)));
    parts
}

impl Courier for DiscordCourier {
    fn platform(&self) -> Platform {
        Platform::Discord
    }

    async fn deliver(&self, out: &Outbound, progress: &Progress) -> Result<Delivered, Refusal> {
        let result = self.deliver_once(out, progress).await;
        if let (Err(Refusal::Blocked), Target::User(u)) = (&result, &out.to) {
            self.tokens.tell_dms_closed(&self.http, &u.0).await;
        }
        result
    }
}

impl DiscordCourier {
    async fn deliver_once(
        &self,
        out: &Outbound,
        progress: &Progress,
    ) -> Result<Delivered, Refusal> {
        let private = matches!(out.to, Target::User(_));
        let channel = self.channel(&out.to).await?;
        // A message whose first parts went out already is being sent anew, not edited in.
        if let Some(mid) = out.edit.as_ref().filter(|_| out.parts_sent == 0) {
            if let Some(id) = self.edit(channel, mid, out, private).await? {
                return Ok(Delivered {
                    message_id: Some(id),
                });
            }
        }
        let id = self.send(channel, out, private, progress).await?;
        Ok(Delivered { message_id: id })
    }
}

/// A snowflake from its text; a malformed one is a target that can never be reached.
fn snowflake(s: &str) -> Result<u64, Refusal> {
    s.parse()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| Refusal::Gone(format!("not a Discord id: {s}")))
}

/// What an error means for the outbox: Discord's JSON code first, then the status.
pub fn classify(e: &serenity::Error, private: bool) -> Refusal {
    let serenity::Error::Http(http) = e else {
        return Refusal::Transient(e.to_string());
    };
    let HttpError::UnsuccessfulRequest(res) = http else {
        // The network failed or the request could not be made: try again later.
        return Refusal::Transient(http.to_string());
    };
    let what = format!(
        "{} {}: {}",
        res.status_code.as_u16(),
        res.error.code,
        res.error.message
    );
    refusal(res.status_code.as_u16(), res.error.code, private, what)
}

/// What Discord's answer (HTTP status, JSON error code) means for a message to a user (`private`)
/// or to a channel.
fn refusal(status: u16, code: isize, private: bool, what: String) -> Refusal {
    match code {
        code::CANNOT_DM if private => return Refusal::Blocked,
        code::UNKNOWN_CHANNEL | code::MISSING_ACCESS | code::MISSING_PERMISSIONS if !private => {
            return Refusal::Gone(what);
        }
        _ => {}
    }
    match status {
        // serenity's rate limiter waits out 429s itself; one surfacing here (the limiter is off when
        // the bot talks to a test server) means wait a little.
        429 => Refusal::RetryAfter(Duration::from_secs(1)),
        500.. => Refusal::Transient(what),
        // Anything else would fail the same way forever; keeping it would hold back the target's
        // later messages.
        _ => Refusal::Gone(what),
    }
}

/// The text as Discord shows it, not as markdown: the session's texts are plain, and a revealed maze
/// (`+---+~~~+`, `| . |`) or a name with `_` must not turn into strike-through, tables or italics.
/// Discord drops a backslash before any punctuation, so escaped text reads exactly as written.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive('\n') {
        let body = line.trim_start_matches(' ');
        out.push_str(&line[..line.len() - body.len()]);
        // Quotes, headings and lists only start a line ("1. " too).
        if body.starts_with(['>', '#', '-', '+']) {
            out.push('\\');
        }
        let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        for (i, c) in body.char_indices() {
            let numbered = digits > 0 && i == digits && c == '.';
            if numbered
                || matches!(
                    c,
                    '\\' | '*' | '_' | '~' | '|' | '`' | '[' | ']' | '<' | '@'
                )
            {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out
}

/// The session's rows of buttons as Discord action rows: rows longer than 5 wrapped, grouped by 5
/// rows per message.
fn action_rows(rows: &[Vec<Button>]) -> Vec<Vec<CreateActionRow>> {
    let mut flat: Vec<Vec<CreateButton>> = vec![];
    for row in rows {
        for chunk in row.chunks(ROW) {
            flat.push(chunk.iter().map(button).collect());
        }
    }
    flat.chunks(ROWS)
        .map(|g| g.iter().cloned().map(CreateActionRow::Buttons).collect())
        .collect()
}

/// One button: its data as the custom id (a link button's marked so its press reaches the bot as
/// a private `/start`).
fn button(b: &Button) -> CreateButton {
    let id = if b.link {
        format!("{LINK_PREFIX}{}", b.data)
    } else {
        b.data.clone()
    };
    let id: String = id.chars().take(MAX_CUSTOM_ID).collect();
    let label: String = b.label.chars().take(MAX_LABEL).collect();
    let style = if b.link {
        ButtonStyle::Success
    } else {
        ButtonStyle::Secondary
    };
    CreateButton::new(id).label(label).style(style)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(w: usize, h: usize) -> Vec<Vec<Button>> {
        (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| Button {
                        label: format!("{c}{r}"),
                        data: format!("#1 {c}{r}"),
                        link: false,
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn large_grids_wrap_rows_and_spill_into_more_messages() {
        let groups = action_rows(&grid(5, 4));
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].len(), 4);
        // 8 wide: each row wraps into 5 + 3; 16 rows need 4 messages.
        let groups = action_rows(&grid(8, 8));
        assert_eq!(
            groups.iter().map(Vec::len).collect::<Vec<_>>(),
            vec![5, 5, 5, 1]
        );
    }

    #[test]
    fn discord_errors_classify_for_the_outbox() {
        let r = |status, code, private| refusal(status, code, private, String::new());
        assert_eq!(r(403, 50007, true), Refusal::Blocked);
        assert_eq!(r(404, 10003, false), Refusal::Gone(String::new()));
        assert_eq!(r(403, 50001, false), Refusal::Gone(String::new()));
        assert_eq!(
            r(429, 0, false),
            Refusal::RetryAfter(Duration::from_secs(1))
        );
        assert_eq!(r(502, 0, true), Refusal::Transient(String::new()));
        // A closed-DM code on a channel is no user to wait for.
        assert_eq!(r(403, 50007, false), Refusal::Gone(String::new()));
    }

    /// What Discord shows: a backslash before punctuation is dropped.
    fn rendered(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match chars.peek() {
                Some(n) if c == '\\' && n.is_ascii_punctuation() => {
                    out.push(*n);
                    chars.next();
                }
                _ => out.push(c),
            }
        }
        out
    }

    #[test]
    fn texts_show_exactly_as_written() {
        let maze =
            "+---+~~~+\n| .   a1|\n  - a list?\n> not a quote\n**bold** __u__ @everyone\n1. B2 \\+";
        let escaped = escape_markdown(maze);
        assert_eq!(rendered(&escaped), maze);
        assert!(escaped.contains("\\~\\~\\~") && escaped.contains("\\@everyone"));
        assert!(escaped.starts_with("\\+---+"));
        assert!(escaped.contains("\n  \\- a list?"));
        assert!(escaped.ends_with("\n1\\. B2 \\\\+"));
    }

    #[test]
    fn a_long_text_with_a_picture_and_a_big_grid_takes_several_parts() {
        let out = Outbound {
            id: 1,
            to: Target::Chat(bot_core::session::chat::ChatId("1".into())),
            text: format!("{}\n{}", "a".repeat(1500), "b".repeat(1500)),
            buttons: grid(8, 8),
            picture: Some(vec![1, 2, 3]),
            file: None,
            edit: None,
            attempts: 0,
            parts_sent: 0,
        };
        let parts: Vec<serde_json::Value> = parts(&out)
            .into_iter()
            .map(|m| serde_json::to_value(m).unwrap())
            .collect();
        // Two chunks of text, the second with the first 5 rows; then 3 messages of rows.
        assert_eq!(parts.len(), 5);
        assert_eq!(parts[0]["content"], "a".repeat(1500));
        assert!(parts[0]["components"].is_null());
        assert_eq!(parts[1]["content"], "b".repeat(1500));
        assert_eq!(parts[1]["components"].as_array().unwrap().len(), 5);
        assert!(parts[2..].iter().all(|p| p["content"].is_null()));
        assert_eq!(parts[4]["components"].as_array().unwrap().len(), 1);
        assert!(
            parts
                .iter()
                .all(|p| p["allowed_mentions"]["parse"] == serde_json::json!([]))
        );
    }

    #[test]
    fn link_buttons_are_marked() {
        let b = Button {
            label: "open".into(),
            data: "g12".into(),
            link: true,
        };
        let json = serde_json::to_value(button(&b)).unwrap();
        assert_eq!(json["custom_id"], format!("{LINK_PREFIX}g12"));
    }
}
