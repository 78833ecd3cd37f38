//! The outbox's messages out to Discord: channel messages, DMs, pictures, files, edits, buttons,
//! and the threads a tournament's games play in (see [`crate::thread`]); what Discord's refusals
//! mean for the relay is [`crate::refusal`]'s.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bot_core::relay::{Courier, Delivered, Progress, Refusal, split_text};
use bot_core::session::chat::{Button, Outbound, Platform, Target};
use bot_core::store::{Commit, Store, StoreError, UnixMs};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateButton, CreateMessage,
    EditMessage, LightMethod, Message, Nonce, PrivateChannel, Route,
};

use crate::inbound::LINK_PREFIX;
use crate::interaction::Tokens;
use crate::markdown::escape_markdown;
use crate::names::Names;
use crate::refusal::classify;
use crate::rest::{Call, Rest};

/// Discord's longest message, in characters.
pub const MAX_TEXT: usize = 2000;
/// Buttons in one action row.
const ROW: usize = 5;
/// Action rows under one message.
const ROWS: usize = 5;
/// Discord's longest button label.
const MAX_LABEL: usize = 80;
/// Discord's longest custom id.
pub const MAX_CUSTOM_ID: usize = 100;
/// The name of a picture's attachment.
const PICTURE: &str = "picture.png";
/// The meta key of the database's nonce tag (see [`nonce_tag`]).
const NONCE_TAG_KEY: &str = "discord:nonce-tag";
/// The characters of a nonce tag.
const NONCE_TAG_LEN: usize = 4;

/// Sends the outbox's messages through Discord's REST API.
pub struct DiscordCourier {
    rest: Arc<Rest>,
    /// The DM channel of each user, opened once.
    dms: Mutex<HashMap<String, ChannelId>>,
    /// Recent interactions, to tell a user with closed DMs ephemerally.
    tokens: Arc<Tokens>,
    /// The database's nonce tag, from [`nonce_tag`].
    nonce_tag: String,
    /// Channels' names, for the buttons that name a game by its channel.
    names: Arc<Names>,
}

impl DiscordCourier {
    /// A courier over the REST API; `nonce_tag` is the database's, from [`nonce_tag`].
    pub fn new(
        rest: Arc<Rest>,
        tokens: Arc<Tokens>,
        nonce_tag: String,
        names: Arc<Names>,
    ) -> DiscordCourier {
        DiscordCourier {
            rest,
            dms: Mutex::new(HashMap::new()),
            tokens,
            nonce_tag,
            names,
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
                let user = snowflake(&u.0)?;
                let req = Call::json(
                    Route::UserMeDmChannels,
                    LightMethod::Post,
                    &serde_json::json!({ "recipient_id": user.to_string() }),
                );
                let dm: PrivateChannel =
                    self.rest.json(req).await.map_err(|e| classify(&e, true))?;
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
        let mut chunks = discord_chunks(&out.text);
        // An edit changes text and buttons only: a message with an upload is sent anew.
        let fits =
            out.picture.is_none() && out.file.is_none() && chunks.len() == 1 && rows.len() <= 1;
        let text = chunks.pop().unwrap_or_default();
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
        let req = Call::json(
            Route::ChannelMessage {
                channel_id: channel,
                message_id: serenity::all::MessageId::new(mid),
            },
            LightMethod::Patch,
            &edit,
        );
        match self.rest.json::<Message>(req).await {
            Ok(m) => Ok(Some(m.id.to_string())),
            Err(e) => match classify(&e, private) {
                r @ (Refusal::RetryAfter(_) | Refusal::Transient(_)) => Err(r),
                // Deleted, too old, not ours: the text goes out as a new message instead.
                _ => Ok(None),
            },
        }
    }

    /// Sends a message, split into parts Discord accepts: the text in chunks of 2000 characters, the
    /// picture or file (an attachment) with the last chunk, buttons in groups of 5 rows of 5 (the first group with the last
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
        let parts = parts(out, &self.nonce_tag);
        let count = parts.len();
        let mut first = None;
        for (i, part) in parts.into_iter().enumerate().skip(out.parts_sent as usize) {
            let body = serde_json::to_value(&part.message).unwrap_or_default();
            let req = Call::message(channel, body, part.upload);
            let sent: Message = self
                .rest
                .json(req)
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

/// One message of an outbound on Discord.
struct Part {
    message: CreateMessage,
    /// Its attachment: the bytes and the file name.
    upload: Option<(Vec<u8>, String)>,
}

/// An outbound's attachment: its picture, or its text file (an exported game) under the name the
/// session gave it. The session never sends both.
fn upload(out: &Outbound) -> Option<(Vec<u8>, String)> {
    if let Some(png) = &out.picture {
        return Some((png.clone(), PICTURE.to_string()));
    }
    out.file
        .as_ref()
        .map(|f| (f.text.clone().into_bytes(), f.name.clone()))
}

/// The nonce of part `part` of outbox message `id`. Discord, told `enforce_nonce`, answers a
/// message whose nonce the bot used within the past few minutes with the message it made then,
/// and makes none. A bot killed after Discord made a part and before the outbox recorded it sends
/// that part again after the restart, so the nonce follows from what the outbox keeps; each part
/// has its own, or a later part would be taken for the first. Outbox ids start at 1 in every
/// database, so the database's tag comes first: a fresh database under the same token (a move to
/// another machine by export and import) must not have its messages taken for the old one's.
/// Within Discord's 25 characters: a 4-character tag, at most 13 base-36 digits of the id, a dash
/// and at most 7 of the part.
fn nonce(tag: &str, id: u64, part: u32) -> String {
    format!("{tag}{}-{}", base36(id), base36(part.into()))
}

/// `n` in base 36, lower case.
fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = vec![];
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII digits")
}

/// The database's nonce tag: made at random the first time and kept in the database, so that a
/// restart sends a message again under the nonce of its first try. A stored tag that is not
/// [`NONCE_TAG_LEN`] base-36 characters (edited by hand) is replaced: a longer one would make
/// nonces Discord refuses, and every message would be given up.
pub async fn nonce_tag(store: &Store) -> Result<String, StoreError> {
    let usable = |t: &str| {
        t.len() == NONCE_TAG_LEN
            && t.bytes()
                .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
    };
    if let Some(tag) = store.meta(NONCE_TAG_KEY).await?.filter(|t| usable(t)) {
        return Ok(tag);
    }
    // std's hasher keys are random per process: randomness enough without a crate for it.
    let random =
        std::hash::BuildHasher::hash_one(&std::collections::hash_map::RandomState::new(), 0);
    let tag = format!(
        "{:0>width$}",
        base36(random % 36u64.pow(NONCE_TAG_LEN as u32)),
        width = NONCE_TAG_LEN
    );
    let mut c = Commit::at(UnixMs(0));
    c.meta.push((NONCE_TAG_KEY.to_string(), tag.clone()));
    store.commit(c).await?;
    Ok(tag)
}

/// The messages one outbound takes on Discord, in order, each with its nonce under `tag`.
fn parts(out: &Outbound, tag: &str) -> Vec<Part> {
    // The session's texts hold names and the players' own words: nobody gets pinged.
    let new = || CreateMessage::new().allowed_mentions(CreateAllowedMentions::new());
    let chunks = discord_chunks(&out.text);
    let mut groups = action_rows(&out.buttons).into_iter();
    let last = chunks.len().saturating_sub(1);
    let mut parts = vec![];
    for (i, chunk) in chunks.iter().enumerate() {
        let mut m = new();
        let mut attached = None;
        if !chunk.is_empty() {
            m = m.content(chunk);
        }
        if i == last {
            attached = upload(out);
            if let Some(rows) = groups.next() {
                m = m.components(rows);
            }
        }
        parts.push(Part {
            message: m,
            upload: attached,
        });
    }
    // Discord shows a message of buttons alone as if it came from nowhere: each carries the text's
    // first line, so a player sees what the buttons are for.
    let caption = spill_caption(&out.text);
    parts.extend(groups.map(|rows| Part {
        message: new().content(caption.clone()).components(rows),
        upload: None,
    }));
    for (i, part) in (0u32..).zip(parts.iter_mut()) {
        part.message = std::mem::take(&mut part.message)
            .nonce(Nonce::String(nonce(tag, out.id, i)))
            .enforce_nonce(true);
    }
    parts
}

impl Courier for DiscordCourier {
    fn platform(&self) -> Platform {
        Platform::Discord
    }

    async fn deliver(&self, out: &Outbound, progress: &Progress) -> Result<Delivered, Refusal> {
        let result = self.deliver_once(out, progress).await;
        if let (Err(Refusal::Blocked), Target::User(u)) = (&result, &out.to) {
            self.tokens.tell_dms_closed(&self.rest, &u.0).await;
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
        // Not a message: a thread to open. Its target is a name the session gave the game's chat
        // before the thread existed, no channel.
        if let Some(t) = &out.thread {
            return crate::thread::open(&self.rest, &self.names, t).await;
        }
        let private = matches!(out.to, Target::User(_));
        let channel = self.channel(&out.to).await?;
        // "Which game?" buttons name each game's channel by its snowflake: shown by its name.
        let relabelled;
        let out = match self.names.label_games(&out.buttons).await {
            Some(buttons) => {
                relabelled = Outbound {
                    buttons,
                    ..out.clone()
                };
                &relabelled
            }
            None => out,
        };
        // A message whose first parts went out already is being sent anew, not edited in.
        if let Some(mid) = out.edit.as_ref().filter(|_| out.parts_sent == 0) {
            if let Some(id) = self.edit(channel, mid, out, private).await? {
                return Ok(Delivered {
                    message_id: Some(id),
                    chat: None,
                });
            }
        }
        let id = self.send(channel, out, private, progress).await?;
        Ok(Delivered {
            message_id: id,
            chat: None,
        })
    }
}

/// A snowflake from its text; a malformed one is a target that can never be reached.
fn snowflake(s: &str) -> Result<u64, Refusal> {
    s.parse()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| Refusal::Gone(format!("not a Discord id: {s}")))
}

/// Whether a line is a wall row of a maze drawn in text: its corners and the walls between them
/// (`+---+   +~~~+###+`).
fn is_wall_row(line: &str) -> bool {
    let line = line.trim_end();
    line.len() >= 3
        && line.starts_with('+')
        && line
            .chars()
            .all(|c| matches!(c, '+' | '-' | '~' | '=' | '#' | ' '))
}

/// How many lines from the first make a maze's drawing: wall rows with a row of cells between
/// each two (a cell row may start with anything: `|` for a wall, a space for an exit or a seam,
/// `~` for water), ending on a wall row; 0 when the first line is no wall row or no row of cells
/// and wall follow it.
fn maze_run(lines: &[&str]) -> usize {
    if !lines.first().is_some_and(|l| is_wall_row(l)) {
        return 0;
    }
    let mut end = 1;
    while end + 1 < lines.len() && !lines[end].trim().is_empty() && is_wall_row(lines[end + 1]) {
        end += 2;
    }
    if end == 1 { 0 } else { end }
}

/// A line of a text, or a maze's drawing.
enum Piece {
    /// A plain line, escaped.
    Line(String),
    /// The rows of a maze, as written.
    Code(Vec<String>),
}

/// A text's lines as Discord is to show them: plain lines escaped (see [`escape_markdown`]), and
/// each drawing of a maze (see [`maze_run`]) and each block the session fenced itself (a table of
/// standings between lines of three backticks) apart, for a code block, whose monospace keeps its
/// columns in line. Code is shown as written, so it is not escaped.
fn pieces(text: &str) -> Vec<Piece> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = vec![];
    let mut i = 0;
    while i < lines.len() {
        let fenced = (lines[i].trim() == FENCE)
            .then(|| lines[i + 1..].iter().position(|l| l.trim() == FENCE))
            .flatten();
        if let Some(len) = fenced {
            let rows = &lines[i + 1..i + 1 + len];
            out.push(Piece::Code(
                rows.iter().map(|l| l.trim_end().to_string()).collect(),
            ));
            i += len + 2;
            continue;
        }
        let run = maze_run(&lines[i..]);
        if run > 0 {
            let rows = &lines[i..i + run];
            out.push(Piece::Code(
                rows.iter().map(|l| l.trim_end().to_string()).collect(),
            ));
            i += run;
        } else {
            out.push(Piece::Line(escape_markdown(lines[i])));
            i += 1;
        }
    }
    out
}

/// The text of a message that only carries more of an outbound's buttons: the outbound's first
/// line (escaped, at most 200 characters), or an ellipsis.
fn spill_caption(text: &str) -> String {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("…");
    let clipped: String = first.chars().take(200).collect();
    escape_markdown(&clipped)
}

/// The fence of a code block.
const FENCE: &str = "```";

/// A text as the messages Discord shows it in, each within [`MAX_TEXT`] characters: escaped, a
/// maze in a code block (see [`pieces`]), cut at line breaks, and a maze too long for one message
/// cut between its rows, each part in a code block of its own.
pub fn discord_chunks(text: &str) -> Vec<String> {
    let len = |s: &str| s.chars().count();
    let mut chunks: Vec<String> = vec![];
    let mut current = String::new();
    // Appends a line to the current chunk, or starts the next one.
    let push = |chunks: &mut Vec<String>, current: &mut String, line: &str| {
        let extra = len(line) + usize::from(!current.is_empty());
        if !current.is_empty() && len(current) + extra > MAX_TEXT {
            chunks.push(std::mem::take(current));
        }
        if !current.is_empty() {
            current.push('\n');
        }
        current.push_str(line);
    };
    for piece in pieces(text) {
        match piece {
            Piece::Line(line) if len(&line) > MAX_TEXT => {
                for part in split_text(&line, MAX_TEXT) {
                    push(&mut chunks, &mut current, &part);
                }
            }
            Piece::Line(line) => push(&mut chunks, &mut current, &line),
            Piece::Code(rows) => {
                // Rows packed into blocks that fit a message with their fences.
                let room = MAX_TEXT - 2 * (len(FENCE) + 1);
                let mut block: Vec<String> = vec![];
                let mut used = 0;
                let mut blocks = vec![];
                for row in rows {
                    let row: String = row.chars().take(room).collect();
                    if !block.is_empty() && used + 1 + len(&row) > room {
                        blocks.push(std::mem::take(&mut block));
                        used = 0;
                    }
                    used += len(&row) + usize::from(!block.is_empty());
                    block.push(row);
                }
                blocks.push(block);
                for b in blocks {
                    let fenced = format!("{FENCE}\n{}\n{FENCE}", b.join("\n"));
                    push(&mut chunks, &mut current, &fenced);
                }
            }
        }
    }
    if !current.is_empty() || chunks.is_empty() {
        chunks.push(current);
    }
    chunks
}

/// The session's rows of buttons as Discord action rows (Discord: at most 5 buttons a row, 5 rows
/// a message): a row longer than 5 split into even rows (6 into 3 and 3, not 5 and a lone one),
/// grouped by 5 rows per message. A button whose custom id Discord would not take is left out (see
/// [`button`]).
fn action_rows(rows: &[Vec<Button>]) -> Vec<Vec<CreateActionRow>> {
    let mut flat: Vec<Vec<CreateButton>> = vec![];
    for row in rows {
        let buttons: Vec<CreateButton> = row.iter().filter_map(button).collect();
        let mut rest = buttons.as_slice();
        let mut left = buttons.len().div_ceil(ROW);
        while left > 0 {
            let take = rest.len().div_ceil(left);
            let (row, after) = rest.split_at(take);
            flat.push(row.to_vec());
            rest = after;
            left -= 1;
        }
    }
    flat.chunks(ROWS)
        .map(|g| g.iter().cloned().map(CreateActionRow::Buttons).collect())
        .collect()
}

/// One button: its data as the custom id (a link button's marked so its press reaches the bot as
/// a private `/start`). A custom id longer than Discord's 100 characters is refused, loudly: cut
/// short it would come back as a different press.
fn button(b: &Button) -> Option<CreateButton> {
    let id = if b.link {
        format!("{LINK_PREFIX}{}", b.data)
    } else {
        b.data.clone()
    };
    if id.chars().count() > MAX_CUSTOM_ID {
        tracing::error!(
            len = id.chars().count(),
            "a button's data is longer than Discord's 100 characters; the button is left out"
        );
        return None;
    }
    let label: String = b.label.chars().take(MAX_LABEL).collect();
    let style = if b.link {
        ButtonStyle::Success
    } else {
        ButtonStyle::Secondary
    };
    Some(CreateButton::new(id).label(label).style(style))
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

    /// Issue 36: Hive's six destinations make two rows of three, not five and a lone one, and the
    /// row after them (↩ Back) stays a row of its own under the same message.
    #[test]
    fn rows_longer_than_five_are_split_evenly() {
        let mut rows = grid(6, 1);
        rows.push(vec![Button::press("↩ Back", "#1 back")]);
        let groups = action_rows(&rows);
        assert_eq!(groups.len(), 1);
        let json = serde_json::to_value(&groups[0]).unwrap();
        let widths: Vec<usize> = (json.as_array().unwrap().iter())
            .map(|r| r["components"].as_array().unwrap().len())
            .collect();
        assert_eq!(widths, [3, 3, 1]);
        let widths = |n: usize| -> Vec<usize> {
            let json = serde_json::to_value(&action_rows(&grid(n, 1))[0]).unwrap();
            (json.as_array().unwrap().iter())
                .map(|r| r["components"].as_array().unwrap().len())
                .collect()
        };
        assert_eq!(widths(5), [5]);
        assert_eq!(widths(7), [4, 3]);
        assert_eq!(widths(11), [4, 4, 3]);
    }

    #[test]
    fn a_custom_id_too_long_is_refused_not_cut() {
        let ok = Button::press("ok", "#1 !3 go up");
        let long = Button::press("long", format!("#1 {}", "x".repeat(MAX_CUSTOM_ID)));
        assert!(button(&long).is_none());
        let rows = action_rows(&[vec![ok.clone(), long.clone()], vec![long]]);
        let json = serde_json::to_value(&rows).unwrap();
        let ids: Vec<&str> = json[0]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["components"].as_array().unwrap())
            .map(|b| b["custom_id"].as_str().unwrap())
            .collect();
        // The long one is gone, and so is the row it alone made up.
        assert_eq!(ids, vec!["#1 !3 go up"]);
        assert_eq!(json[0].as_array().unwrap().len(), 1);
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
    fn a_maze_goes_in_a_code_block_as_written_and_the_rest_is_escaped() {
        let text = "The whole maze:\nlabyrinth 3x1\n+---+~~~+---+\n| .   a1  _ |\n+---+---+---+\nitems:\n  *B2* treasure";
        let chunks = discord_chunks(text);
        assert_eq!(chunks.len(), 1);
        assert_eq!(
            chunks[0],
            "The whole maze:\nlabyrinth 3x1\n```\n+---+~~~+---+\n| .   a1  _ |\n+---+---+---+\n```\nitems:\n  \\*B2\\* treasure"
        );
        // A lone line that looks like a wall, or a table of one row, is no maze.
        assert_eq!(discord_chunks("+---+"), vec!["\\+---+"]);
        assert_eq!(discord_chunks("| a |"), vec!["\\| a \\|"]);
    }

    /// Issue 36: rows with solid walls (`###`), and cell rows that start with a space (an exit, a
    /// cylinder's seam) or with water, stay in the one code block of the maze.
    #[test]
    fn the_whole_maze_is_one_code_block_whatever_its_rows_start_with() {
        let maze = [
            "+---+###+---+",
            "  .   a1  ~ |",
            "+   +---+~~~+",
            "~ .   .   . |",
            "+###+   +---+",
            "| .   .   .  ",
            "+---+---+   +",
        ];
        let text = format!("The whole maze:\ncylinder 3x3\n{}\nitems:", maze.join("\n"));
        let chunks = discord_chunks(&text);
        assert_eq!(chunks.len(), 1);
        let blocks: Vec<&str> = chunks[0].split(FENCE).skip(1).step_by(2).collect();
        assert_eq!(blocks.len(), 1, "{}", chunks[0]);
        let rows: Vec<&str> = blocks[0].trim_matches('\n').lines().collect();
        let whole: Vec<&str> = maze.iter().map(|r| r.trim_end()).collect();
        assert_eq!(rows, whole);
    }

    /// A block the session fenced itself (the standings' table) is shown as a code block, not as
    /// escaped backticks.
    #[test]
    fn a_fenced_block_is_a_code_block() {
        let text = "Standings:\n```\n# Player Pts\n1 ann_b   3\n```\n*done*";
        assert_eq!(
            discord_chunks(text),
            vec!["Standings:\n```\n# Player Pts\n1 ann_b   3\n```\n\\*done\\*"]
        );
    }

    #[test]
    fn a_maze_too_long_for_one_message_is_cut_between_rows_each_part_fenced() {
        let wall = format!("+{}", "---+".repeat(30));
        let cells = format!("|{}", " . |".repeat(30));
        let mut rows = vec![wall.clone()];
        for _ in 0..30 {
            rows.push(cells.clone());
            rows.push(wall.clone());
        }
        let text = format!("The whole maze:\n{}\nitems:", rows.join("\n"));
        let chunks = discord_chunks(&text);
        assert!(chunks.len() > 1, "{}", chunks.len());
        assert!(chunks.iter().all(|c| c.chars().count() <= MAX_TEXT));
        let mut shown = vec![];
        for c in &chunks {
            assert_eq!(c.matches(FENCE).count() % 2, 0, "fences in pairs: {c}");
            for block in c.split(FENCE).skip(1).step_by(2) {
                shown.extend(block.trim_matches('\n').lines().map(str::to_string));
            }
        }
        assert_eq!(shown, rows, "every row once, whole, in order");
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
            thread: None,
            game: None,
        };
        let parts = parts(&out, "t0g0");
        assert!(parts[..1].iter().all(|p| p.upload.is_none()));
        assert_eq!(
            parts[1].upload,
            Some((vec![1u8, 2, 3], PICTURE.to_string()))
        );
        let parts: Vec<serde_json::Value> = parts
            .into_iter()
            .map(|p| serde_json::to_value(p.message).unwrap())
            .collect();
        // Two chunks of text, the second with the first 5 rows; then 3 messages of rows.
        assert_eq!(parts.len(), 5);
        assert_eq!(parts[0]["content"], "a".repeat(1500));
        assert!(parts[0]["components"].is_null());
        assert_eq!(parts[1]["content"], "b".repeat(1500));
        assert_eq!(parts[1]["components"].as_array().unwrap().len(), 5);
        // Issue 36: a message of buttons alone carries the text's first line.
        assert!(parts[2..].iter().all(|p| p["content"] == "a".repeat(200)));
        assert_eq!(parts[4]["components"].as_array().unwrap().len(), 1);
        assert!(
            parts
                .iter()
                .all(|p| p["allowed_mentions"]["parse"] == serde_json::json!([]))
        );
    }

    #[test]
    fn every_part_has_a_nonce_of_its_own_within_discords_25_characters() {
        let out = Outbound {
            // SQLite's largest rowid: the longest outbox id there can be.
            id: i64::MAX as u64,
            to: Target::Chat(bot_core::session::chat::ChatId("1".into())),
            text: format!("{}\n{}", "a".repeat(1500), "b".repeat(1500)),
            buttons: grid(8, 8),
            picture: None,
            file: None,
            edit: None,
            attempts: 0,
            parts_sent: 0,
            thread: None,
            game: None,
        };
        let json: Vec<serde_json::Value> = parts(&out, "t0g0")
            .into_iter()
            .map(|p| serde_json::to_value(p.message).unwrap())
            .collect();
        let nonces: Vec<&str> = json.iter().map(|p| p["nonce"].as_str().unwrap()).collect();
        assert_eq!(nonces.len(), 5);
        assert!(nonces.iter().all(|n| n.chars().count() <= 25), "{nonces:?}");
        let mut distinct = nonces.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), nonces.len(), "{nonces:?}");
        assert!(json.iter().all(|p| p["enforce_nonce"] == true));
        // The longest there can be: a tag, the largest id and part numbers.
        let longest = nonce("zzzz", i64::MAX as u64, u32::MAX);
        assert!(longest.chars().count() <= 25, "{longest}");
        // Another database's message of the same id is another message to Discord.
        let other: Vec<serde_json::Value> = parts(&out, "k7q2")
            .into_iter()
            .map(|p| serde_json::to_value(p.message).unwrap()["nonce"].clone())
            .collect();
        assert!(other.iter().all(|n| !nonces.contains(&n.as_str().unwrap())));
    }

    #[tokio::test]
    async fn the_nonce_tag_is_kept_in_the_database_and_a_bad_one_replaced() {
        let dir = tempfile::Builder::new()
            .prefix("gm-discord-nonce-tag-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("gm.sqlite");
        let store = Store::open(&path).await.unwrap();
        let tag = nonce_tag(&store).await.unwrap();
        assert_eq!(tag.len(), NONCE_TAG_LEN);
        store.close().await;
        // After a restart, the same tag: a message sent again keeps its nonce.
        let store = Store::open(&path).await.unwrap();
        assert_eq!(nonce_tag(&store).await.unwrap(), tag);
        let mut c = Commit::at(UnixMs(0));
        c.meta
            .push((NONCE_TAG_KEY.into(), "a tag far too long".into()));
        store.commit(c).await.unwrap();
        let fixed = nonce_tag(&store).await.unwrap();
        assert_eq!(fixed.len(), NONCE_TAG_LEN, "{fixed}");
        assert_eq!(store.meta(NONCE_TAG_KEY).await.unwrap(), Some(fixed));
        store.close().await;
    }

    #[test]
    fn an_exported_game_goes_as_an_attachment_under_its_name_with_the_note() {
        let out = Outbound {
            id: 1,
            to: Target::User(bot_core::session::chat::UserId("7".into())),
            text: "Game #12 as a file.".into(),
            buttons: vec![],
            picture: None,
            file: Some(bot_core::session::chat::TextFile {
                name: "game-12.json".into(),
                text: "{\"format\": \"gm-game\"}".into(),
            }),
            edit: None,
            attempts: 0,
            parts_sent: 0,
            thread: None,
            game: None,
        };
        let parts = parts(&out, "t0g0");
        assert_eq!(parts.len(), 1, "the note and its file are one message");
        assert_eq!(
            parts[0].upload,
            Some((
                b"{\"format\": \"gm-game\"}".to_vec(),
                "game-12.json".to_string()
            ))
        );
        let json = serde_json::to_value(&parts[0].message).unwrap();
        assert_eq!(json["content"], "Game #12 as a file.");
    }

    #[test]
    fn link_buttons_are_marked() {
        let b = Button {
            label: "open".into(),
            data: "g12".into(),
            link: true,
        };
        let json = serde_json::to_value(button(&b).unwrap()).unwrap();
        assert_eq!(json["custom_id"], format!("{LINK_PREFIX}g12"));
    }
}
