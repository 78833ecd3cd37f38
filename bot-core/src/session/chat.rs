//! Neutral chat messages: what an adapter hands the session engine and what it gets back to send.
//! The engine never calls a platform; adapters translate their traffic to and from these.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
pub use crate::store::Platform;

/// A platform's id of a group chat (or, for a private message, of the private chat).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChatId(pub String);

/// A platform's id of a user.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserId(pub String);

/// What a user sent: text, or the callback data of a button he pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// A text message.
    Text(String),
    /// A button press: the button's `data`.
    Button(String),
}

/// One message (or button press) from a platform.
#[derive(Clone, Debug)]
pub struct Inbound {
    /// Where it came from.
    pub platform: Platform,
    /// The chat it was written in.
    pub chat: ChatId,
    /// Whether it was written to the bot privately.
    pub private: bool,
    /// Who wrote it.
    pub user: UserId,
    /// His display name.
    pub name: String,
    /// What he wrote.
    pub content: Content,
    /// The platform's id of the update, unique per platform: a redelivered one does nothing twice.
    pub message_id: String,
    /// The user's language as the platform knows it.
    pub lang: Option<Lang>,
    /// Whether the platform says he administers the chat (admins may pause, kick, abort).
    pub is_admin: bool,
}

/// Where an outgoing message goes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A group chat.
    Chat(ChatId),
    /// A user, privately.
    User(UserId),
}

/// A button under a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    /// What it says.
    pub label: String,
    /// What comes back as [`Content::Button`] when pressed.
    pub data: String,
}

/// A message to send, already durable in the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outbound {
    /// The outbox id: stable, to report back with `mark_sent`.
    pub id: u64,
    /// Where it goes.
    pub to: Target,
    /// The text.
    pub text: String,
    /// Rows of buttons.
    pub buttons: Vec<Vec<Button>>,
    /// A picture (PNG), sent with the text as its caption.
    pub picture: Option<Vec<u8>>,
}

/// The outbox payload: everything of an [`Outbound`] but its id and target.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Payload {
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Vec<Button>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<Vec<u8>>,
}
