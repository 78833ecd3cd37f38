//! The relay's courier for Telegram: one outbox message into `sendMessage`, `sendPhoto`,
//! `sendDocument` or `editMessageText`, and Telegram's refusals into the relay's [`Refusal`]s.
//!
//! A message Telegram cannot show as one goes out in parts, each recorded with the relay's
//! [`Progress`]: a text longer than 4096 UTF-16 units, a photo or a file whose text does not fit a
//! caption, and buttons beyond an inline keyboard's limits (8 to a row, 100 to a message: a
//! start-cell grid goes up to 26×26), which continue under further messages.
//!
//! A session chat may be a forum topic (`chat/thread`, see [`topic`](crate::topic)): its messages
//! carry the topic's thread id, and an outbox message that asks for a thread opens a topic instead
//! of saying anything.

use bot_core::relay::{Courier, Delivered, Progress, Refusal, split_text_by};
use bot_core::session::chat::{Button, Outbound, Platform, Target, ThreadOpen};
use bot_core::session::{Session, SessionError};
use bot_core::store::StoreError;
use teloxide::payloads::{
    EditMessageTextSetters, SendDocumentSetters, SendMessageSetters, SendPhotoSetters,
};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, InputFile, MessageId};
use teloxide::{ApiError, RequestError};

use crate::api::{Api, classify, description};
use crate::fence;
use crate::flood::Flood;
use crate::handler::move_group;
use crate::topic::{self, Place};

/// The longest text message, in UTF-16 code units as Telegram counts them.
pub const MAX_TEXT: usize = 4096;
/// The longest caption of a photo or a document.
pub const MAX_CAPTION: usize = 1024;
/// The most buttons in one row of an inline keyboard.
pub const MAX_ROW: usize = 8;
/// The most buttons under one message.
pub const MAX_BUTTONS: usize = 100;

/// Sends outbox messages to Telegram.
pub struct TelegramCourier {
    bot: Api,
    deep_link: url::Url,
    session: Session,
    flood: Flood,
}

/// One keyboard's rows of buttons, within Telegram's limits.
type Board = Vec<Vec<Button>>;

/// One Telegram message of an outbox message.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Part {
    body: Body,
    /// Which of the message's keyboards goes under it.
    keyboard: Option<usize>,
}

/// What one Telegram message shows.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Body {
    /// A photo, with its caption if the text fits one.
    Photo(Option<String>),
    /// The message's file as a document, with its caption if the text fits one.
    Document(Option<String>),
    /// A text message.
    Text(String),
}

impl TelegramCourier {
    /// A courier for the bot whose username is `username` (its deep links point there). It moves
    /// a group's games with `session` when Telegram says the group has a new id, and keeps to
    /// `flood`'s pauses, which it shares with the update handler.
    pub fn new(
        bot: Api,
        username: &str,
        session: Session,
        flood: Flood,
    ) -> Result<TelegramCourier, url::ParseError> {
        Ok(TelegramCourier {
            bot,
            deep_link: url::Url::parse(&format!("https://t.me/{username}"))?,
            session,
            flood,
        })
    }

    async fn try_edit(
        &self,
        place: Place,
        id: &str,
        out: &Outbound,
        board: Option<&Board>,
    ) -> Result<Option<String>, RequestError> {
        let Ok(message) = id.parse::<i32>() else {
            return Ok(None);
        };
        // A photo or a file cannot be edited into a text message: it goes anew.
        if out.picture.is_some()
            || out.file.is_some()
            || utf16_len(&out.text) > MAX_TEXT
            || out.text.trim().is_empty()
        {
            return Ok(None);
        }
        // Message ids are the supergroup's, topics or not: an edit needs no thread.
        let (text, entities) = fence::format(&out.text);
        let mut req = self
            .bot
            .edit_message_text(place.chat, MessageId(message), text);
        if !entities.is_empty() {
            req = req.entities(entities);
        }
        if let Some(b) = board {
            req = req.reply_markup(self.markup(b));
        }
        match req.await {
            Ok(_) => Ok(Some(id.to_string())),
            // It already shows exactly this (a retried edit that had gone through): delivered.
            Err(RequestError::Api(ApiError::MessageNotModified)) => Ok(Some(id.to_string())),
            // Too old, deleted, never ours: the text goes out as a new message instead. (A 5xx
            // is no refusal: the edit is tried again, or the message would show twice.)
            Err(RequestError::Api(e)) if is_bad_request(&e) => {
                tracing::debug!(error = %description(&e), "edit refused, sending anew");
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    async fn send_part(
        &self,
        place: Place,
        part: &Part,
        out: &Outbound,
        keyboard: Option<InlineKeyboardMarkup>,
    ) -> Result<MessageId, RequestError> {
        let message = match &part.body {
            Body::Photo(caption) => {
                let picture = out.picture.clone().unwrap_or_default();
                let file = InputFile::memory(picture).file_name("picture.png");
                let mut req = self.bot.send_photo(place.chat, file);
                if let Some(t) = place.thread {
                    req = req.message_thread_id(t);
                }
                if let Some(c) = caption {
                    let (c, entities) = fence::format(c);
                    req = req.caption(c);
                    if !entities.is_empty() {
                        req = req.caption_entities(entities);
                    }
                }
                if let Some(k) = keyboard {
                    req = req.reply_markup(k);
                }
                req.await?
            }
            Body::Document(caption) => {
                // A Document part exists only for a message with a file.
                let (name, bytes) = out
                    .file
                    .as_ref()
                    .map(|f| (f.name.clone(), f.text.clone().into_bytes()))
                    .unwrap_or_default();
                let mut req = self
                    .bot
                    .send_document(place.chat, InputFile::memory(bytes).file_name(name));
                if let Some(t) = place.thread {
                    req = req.message_thread_id(t);
                }
                if let Some(c) = caption {
                    let (c, entities) = fence::format(c);
                    req = req.caption(c);
                    if !entities.is_empty() {
                        req = req.caption_entities(entities);
                    }
                }
                if let Some(k) = keyboard {
                    req = req.reply_markup(k);
                }
                req.await?
            }
            Body::Text(text) => {
                let (mut text, entities) = fence::format(text);
                if text.trim().is_empty() {
                    // Only empty blocks: Telegram refuses an empty message.
                    text = "…".into();
                }
                let mut req = self.bot.send_message(place.chat, text);
                if !entities.is_empty() {
                    req = req.entities(entities);
                }
                if let Some(t) = place.thread {
                    req = req.message_thread_id(t);
                }
                if let Some(k) = keyboard {
                    req = req.reply_markup(k);
                }
                req.await?
            }
        };
        Ok(message.id)
    }

    /// Sends (or edits in) one outbox message to `place`, from the first part not yet out.
    async fn send(
        &self,
        place: Place,
        out: &Outbound,
        progress: &Progress,
        may_edit: bool,
    ) -> Result<Delivered, RequestError> {
        let boards = layout(&out.buttons);
        // A message whose first parts went out already is being sent anew, not edited in; so is
        // one that takes several messages.
        if may_edit
            && out.parts_sent == 0
            && boards.len() <= 1
            && let Some(id) = &out.edit
            && let Some(shown) = self.try_edit(place, id, out, boards.first()).await?
        {
            return Ok(Delivered {
                message_id: Some(shown),
                chat: None,
            });
        }
        let parts = parts(
            &out.text,
            out.picture.is_some(),
            out.file.is_some(),
            &boards,
        );
        let mut last = None;
        // A retry after a failure in the middle (maybe before a restart) sends only the rest, so
        // no part arrives twice.
        for (i, part) in parts.iter().enumerate().skip(out.parts_sent as usize) {
            let keyboard = part.keyboard.map(|k| self.markup(&boards[k]));
            let id = match self.send_part(place, part, out, keyboard.clone()).await {
                Ok(id) => id,
                // Buttons Telegram will not take must not cost the text, least of all a private
                // one: it goes without them (players can type what the buttons would have sent).
                Err(RequestError::Api(e)) if keyboard.is_some() && is_bad_request(&e) => {
                    tracing::warn!(error = %description(&e), "buttons refused; sending the text without them");
                    self.send_part(place, part, out, None).await?
                }
                Err(e) => return Err(e),
            };
            let id = id.0.to_string();
            if i + 1 < parts.len() {
                progress.parts_sent(i as u32 + 1, Some(&id)).await;
            }
            last = Some(id);
        }
        Ok(Delivered {
            message_id: last,
            chat: None,
        })
    }

    /// Opens the topic `open` asks for, in the forum its parent chat is in, and answers with the
    /// topic's chat key, where the session moves the messages waiting for it.
    async fn open_thread(&self, open: &ThreadOpen) -> Result<Delivered, Refusal> {
        // A game's thread opens beside the tournament's, in the same forum: a tournament run from
        // a topic has a topic for a parent, and topics do not nest.
        let parent = Place::parse(&open.parent.0)
            .ok_or_else(|| Refusal::Gone(format!("{:?} is not a Telegram chat", open.parent.0)))?;
        if let Some(left) = self.flood.left(parent.chat.0) {
            return Err(Refusal::RetryAfter(left));
        }
        match topic::open(&self.bot, parent.chat, &open.name).await {
            Ok(place) => Ok(Delivered {
                message_id: None,
                chat: Some(place.key()),
            }),
            // Not a forum, no right to manage topics, the bot gone: a 400 or 403, given up, and
            // the session plays the game in the tournament's chat instead.
            Err(e) => Err(self.refusal(&e, parent.chat, false)),
        }
    }

    /// A group became a supergroup with a new id: its games and unsent messages follow.
    async fn moved(&self, from: ChatId, to: ChatId) -> Result<(), Refusal> {
        match move_group(&self.session, from.0, to.0).await {
            Ok(_) => Ok(()),
            // The new chat runs a game of its own: this message has nowhere to go.
            Err(SessionError::Store(e @ StoreError::ChatBusy { .. })) => {
                Err(Refusal::Gone(format!("the group has a new id: {e}")))
            }
            Err(e) => Err(Refusal::Transient(format!(
                "cannot move the chat's games: {e}"
            ))),
        }
    }

    /// What a failed call means for the relay; a flood-control pause is kept for the chat.
    fn refusal(&self, e: &RequestError, chat: ChatId, private: bool) -> Refusal {
        let r = classify(e, private);
        if let Refusal::RetryAfter(d) = r {
            self.flood.hold(chat.0, d);
        }
        r
    }

    /// The inline keyboard of one board; link buttons open the private chat with the bot,
    /// passing their data as the `/start` payload.
    fn markup(&self, board: &Board) -> InlineKeyboardMarkup {
        InlineKeyboardMarkup::new(
            board
                .iter()
                .map(|r| r.iter().map(|b| self.button(b)).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
        )
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
        // Its target is the name of a thread not yet open, which no Telegram call may see.
        if let Some(open) = &out.thread {
            return self.open_thread(open).await;
        }
        let private = matches!(out.to, Target::User(_));
        let place = place_of(&out.to)?;
        let chat = place.chat;
        // Telegram's flood control is the chat's, its topics' calls included.
        if let Some(left) = self.flood.left(chat.0) {
            return Err(Refusal::RetryAfter(left));
        }
        match self.send(place, out, progress, true).await {
            Ok(d) => Ok(d),
            // Only a basic group migrates, and a basic group has no topics.
            Err(RequestError::MigrateToChatId(new))
                if !private && place.thread.is_none() && new != chat =>
            {
                self.moved(chat, new).await?;
                // This message was moved with the rest: it goes to the new id now, as a new
                // message (the old chat's messages cannot be edited there).
                self.send(Place::chat(new), out, progress, false)
                    .await
                    .map_err(|e| self.refusal(&e, new, private))
            }
            Err(e) => Err(self.refusal(&e, chat, private)),
        }
    }
}

/// The session's rows of buttons as Telegram keyboards: a row wider than [`MAX_ROW`] wrapped into
/// even lines, and rows grouped so that no keyboard holds more than [`MAX_BUTTONS`] (a row is
/// kept whole under one message where it fits).
fn layout(rows: &[Vec<Button>]) -> Vec<Board> {
    let mut boards = vec![];
    let mut board: Board = vec![];
    let mut count = 0;
    for row in rows.iter().filter(|r| !r.is_empty()) {
        if count + row.len() > MAX_BUTTONS && !board.is_empty() {
            boards.push(std::mem::take(&mut board));
            count = 0;
        }
        for line in wrap(row) {
            if count + line.len() > MAX_BUTTONS && !board.is_empty() {
                boards.push(std::mem::take(&mut board));
                count = 0;
            }
            count += line.len();
            board.push(line);
        }
    }
    if !board.is_empty() {
        boards.push(board);
    }
    boards
}

/// A row cut into the fewest lines of at most [`MAX_ROW`], as even as can be (26 → 7, 7, 6, 6).
fn wrap(row: &[Button]) -> Vec<Vec<Button>> {
    let lines = row.len().div_ceil(MAX_ROW).max(1);
    let (size, longer) = (row.len() / lines, row.len() % lines);
    let mut rest = row;
    (0..lines)
        .map(|i| {
            let (line, tail) = rest.split_at(size + usize::from(i < longer));
            rest = tail;
            line.to_vec()
        })
        .collect()
}

/// Whether Telegram refused the request as malformed (400), as opposed to the chat (or the topic)
/// refusing.
fn is_bad_request(e: &ApiError) -> bool {
    let d = description(e);
    d.starts_with("Bad Request") && !d.contains("chat not found") && !topic::is_gone(e)
}

/// A target's place in Telegram: a group's id (with its topic, for a topic's chat), or a user's
/// (his private chat has the same id). A name that is no Telegram chat is gone: the session's
/// name of a thread that never opened.
fn place_of(to: &Target) -> Result<Place, Refusal> {
    let (raw, place) = match to {
        Target::Chat(c) => (&c.0, Place::parse(&c.0)),
        // A user is never a topic.
        Target::User(u) => (&u.0, u.0.parse().ok().map(|id| Place::chat(ChatId(id)))),
    };
    place.ok_or_else(|| Refusal::Gone(format!("{raw:?} is not a Telegram chat id")))
}

/// The messages one outbox message becomes: a photo (captioned if the text fits) and the text in
/// pieces of at most [`MAX_TEXT`], split at line breaks; or, for a message with a file, the file
/// as a document captioned with the text, or the text's pieces first and the document after them
/// when it does not fit a caption (a photo beside a file, which the session never sends, goes
/// first, bare). The first keyboard goes under the last of them; then one message for each further
/// keyboard, saying which buttons it holds.
fn parts(text: &str, picture: bool, file: bool, boards: &[Board]) -> Vec<Part> {
    let fits = utf16_len(text) <= MAX_CAPTION;
    let caption = || (!text.trim().is_empty()).then(|| text.to_string());
    let texts = || texts(text).into_iter().map(Body::Text);
    let photo = picture.then_some(Body::Photo(None));
    let bodies: Vec<Body> = match (picture, file) {
        (false, false) => texts().collect(),
        (true, false) if fits => vec![Body::Photo(caption())],
        (true, false) => photo.into_iter().chain(texts()).collect(),
        (_, true) if fits => photo
            .into_iter()
            .chain([Body::Document(caption())])
            .collect(),
        (_, true) => photo
            .into_iter()
            .chain(texts())
            .chain([Body::Document(None)])
            .collect(),
    };
    let last = bodies.len() - 1;
    let mut parts: Vec<Part> = bodies
        .into_iter()
        .enumerate()
        .map(|(i, body)| Part {
            body,
            keyboard: (i == last && !boards.is_empty()).then_some(0),
        })
        .collect();
    for (k, board) in boards.iter().enumerate().skip(1) {
        parts.push(Part {
            body: Body::Text(spans(board)),
            keyboard: Some(k),
        });
    }
    parts
}

/// A text in pieces Telegram takes: at most [`MAX_TEXT`] UTF-16 units each, cut at line breaks,
/// each holding whole fenced blocks (see [`fence`]), none blank (Telegram refuses an empty message; a blank text still says something was meant).
fn texts(text: &str) -> Vec<String> {
    let pieces: Vec<String> = split_text_by(text, MAX_TEXT, char::len_utf16)
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .collect();
    let pieces = fence::balance(pieces);
    if pieces.is_empty() {
        vec!["…".to_string()]
    } else {
        pieces
    }
}

/// The text above a keyboard that continues the one before: its first and last buttons ("A9 …
/// Z12"), so a reader sees which part of a grid it is.
fn spans(board: &Board) -> String {
    let mut labels = board.iter().flatten().map(|b| b.label.trim());
    match (labels.next(), labels.next_back()) {
        (Some(first), Some(last)) => format!("{first} … {last}"),
        (Some(only), None) if !only.is_empty() => only.to_string(),
        _ => "…".to_string(),
    }
}

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::classify_api;

    #[test]
    fn a_topics_messages_go_to_its_forum_with_its_thread_and_a_thread_not_yet_open_nowhere() {
        use bot_core::session::chat::{ChatId as Key, UserId};
        use teloxide::types::ThreadId;
        let to = |k: &str| place_of(&Target::Chat(Key(k.into())));
        assert_eq!(
            to("-1001234/45"),
            Ok(Place {
                chat: ChatId(-1_001_234),
                thread: Some(ThreadId(MessageId(45)))
            })
        );
        assert_eq!(to("-1001234"), Ok(Place::chat(ChatId(-1_001_234))));
        assert!(matches!(to("-1001234/r1g2"), Err(Refusal::Gone(_))));
        assert!(matches!(to("group"), Err(Refusal::Gone(_))));
        let user = place_of(&Target::User(UserId("42".into())));
        assert_eq!(user, Ok(Place::chat(ChatId(42))));
        let odd = place_of(&Target::User(UserId("42/1".into())));
        assert!(matches!(odd, Err(Refusal::Gone(_))), "a user has no topics");
    }

    #[test]
    fn a_topic_that_is_gone_is_no_reason_to_drop_the_buttons() {
        assert!(!is_bad_request(&ApiError::Unknown(
            "Bad Request: message thread not found".into()
        )));
        assert!(is_bad_request(&ApiError::Unknown(
            "Bad Request: BUTTON_DATA_INVALID".into()
        )));
        assert!(matches!(
            classify_api("Bad Request: message thread not found", false),
            Refusal::Gone(_)
        ));
        for d in [
            "Bad Request: the chat is not a forum",
            "Bad Request: not enough rights to create a topic",
        ] {
            assert!(matches!(classify_api(d, false), Refusal::Gone(_)), "{d}");
        }
    }

    #[test]
    fn long_texts_split_at_line_breaks_within_the_limit_of_utf16_units() {
        // "😀" is one character but two UTF-16 units: 2100 of them are 4200 units, over 4096.
        let text = format!("{}\n{}", "😀".repeat(2100), "x".repeat(10));
        let pieces = texts(&text);
        assert!(pieces.iter().all(|p| utf16_len(p) <= MAX_TEXT));
        assert_eq!(pieces.len(), 2);
        assert_eq!(
            pieces.concat(),
            text,
            "cut between characters, nothing lost"
        );
        assert_eq!(texts(""), vec!["…".to_string()]);
        assert_eq!(texts(" \n "), vec!["…".to_string()]);
    }

    fn grid(w: usize, h: usize) -> Vec<Vec<Button>> {
        (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| {
                        let cell = format!("{}{}", (b'A' + c as u8) as char, r + 1);
                        Button::press(cell.clone(), format!("#1 {cell}"))
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_big_grid_keeps_to_telegrams_keyboard_limits_and_loses_no_cell() {
        for (w, h) in [(5, 5), (8, 8), (10, 10), (26, 26), (9, 1)] {
            let boards = layout(&grid(w, h));
            for b in &boards {
                assert!(
                    b.iter().all(|r| !r.is_empty() && r.len() <= MAX_ROW),
                    "{w}x{h}"
                );
                assert!(
                    b.iter().map(Vec::len).sum::<usize>() <= MAX_BUTTONS,
                    "{w}x{h}"
                );
            }
            let cells: Vec<String> = boards
                .iter()
                .flatten()
                .flatten()
                .map(|b| b.label.clone())
                .collect();
            let want: Vec<String> = grid(w, h).into_iter().flatten().map(|b| b.label).collect();
            assert_eq!(cells, want, "every cell once, in order ({w}x{h})");
        }
        // A 26-wide row wraps evenly, and whole rows share a message: 3 rows of 26 to a message.
        let boards = layout(&grid(26, 26));
        assert_eq!(
            boards[0][..4].iter().map(Vec::len).collect::<Vec<_>>(),
            [7, 7, 6, 6]
        );
        assert_eq!(boards.len(), 9);
        assert_eq!(layout(&grid(5, 5)).len(), 1);
    }

    #[test]
    fn further_keyboards_come_as_messages_of_their_own_after_the_text() {
        let boards = layout(&grid(26, 26));
        let p = parts("Which cell?", false, false, &boards);
        assert_eq!(p.len(), boards.len());
        assert_eq!(
            p[0],
            Part {
                body: Body::Text("Which cell?".into()),
                keyboard: Some(0)
            }
        );
        assert_eq!(
            p[1],
            Part {
                body: Body::Text("A4 … Z6".into()),
                keyboard: Some(1)
            }
        );
        assert_eq!(p.last().unwrap().keyboard, Some(boards.len() - 1));
        assert_eq!(
            parts("x", false, false, &[]),
            vec![Part {
                body: Body::Text("x".into()),
                keyboard: None
            }]
        );
    }

    #[test]
    fn a_long_caption_becomes_a_photo_then_the_text() {
        assert_eq!(
            parts("maze", true, false, &[]),
            vec![Part {
                body: Body::Photo(Some("maze".to_string())),
                keyboard: None
            }]
        );
        let long = "a\n".repeat(600);
        let p = parts(&long, true, false, &layout(&grid(2, 1)));
        assert_eq!(p[0].body, Body::Photo(None));
        assert!(matches!(&p[1].body, Body::Text(t) if t.starts_with("a\na")));
        assert_eq!(
            (p[0].keyboard, p[1].keyboard),
            (None, Some(0)),
            "buttons under the end"
        );
    }

    #[test]
    fn a_file_is_a_document_captioned_with_its_text_or_sent_after_it() {
        let buttons = layout(&grid(2, 1));
        assert_eq!(
            parts("Game #3 as a file.", false, true, &buttons),
            vec![Part {
                body: Body::Document(Some("Game #3 as a file.".into())),
                keyboard: Some(0)
            }]
        );
        assert_eq!(
            parts(" ", false, true, &[]),
            vec![Part {
                body: Body::Document(None),
                keyboard: None
            }],
            "no blank caption"
        );
        // 1025 UTF-16 units: one too many for a caption.
        let long = format!("{}\n{}", "😀".repeat(500), "x".repeat(24));
        assert_eq!(utf16_len(&long), MAX_CAPTION + 1);
        let p = parts(&long, false, true, &buttons);
        assert_eq!(
            p,
            vec![
                Part {
                    body: Body::Text(long.clone()),
                    keyboard: None
                },
                Part {
                    body: Body::Document(None),
                    keyboard: Some(0)
                },
            ],
            "the text first, whole; the file after it, with the buttons"
        );
        let huge = "a\n".repeat(3000);
        let p = parts(&huge, false, true, &[]);
        assert_eq!(p.len(), 3, "two pieces of text, then the file");
        assert_eq!(p[2].body, Body::Document(None));
        assert_eq!(
            parts("x", true, true, &[])
                .into_iter()
                .map(|p| p.body)
                .collect::<Vec<_>>(),
            vec![Body::Photo(None), Body::Document(Some("x".into()))],
            "a picture beside a file is not lost"
        );
    }
}
