//! Why an update could not be handled now, and whether handling it again may succeed.

use std::time::Duration;

use bot_core::session::SessionError;

/// Why an update could not be handled now.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError {
    /// The session failed (the store).
    #[error(transparent)]
    Session(#[from] SessionError),
    /// Telegram could not answer what the update needs to know (whether the sender is an admin).
    #[error("Telegram: {0}")]
    Telegram(String),
    /// Telegram asked to wait this long first.
    #[error("Telegram asks to wait {0:?}")]
    RetryAfter(Duration),
}

impl UpdateError {
    /// Whether handling the update again can never succeed: a stored game that does not read
    /// back. Anything else (a locked or full disk, Telegram down) passes, and the update must
    /// be handled again rather than lose a move.
    pub fn is_permanent(&self) -> bool {
        matches!(self, UpdateError::Session(SessionError::Corrupt(_)))
    }

    /// How long Telegram asked to wait, if it did.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            UpdateError::RetryAfter(d) => Some(*d),
            _ => None,
        }
    }
}
