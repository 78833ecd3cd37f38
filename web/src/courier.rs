//! Carries the session's outbox into the web chat: a delivered message is one shown in the history,
//! and the open pages are rung.

use bot_core::relay::{Courier, Delivered, Progress, Refusal};
use bot_core::session::chat::{Outbound, Platform, Target};

use crate::history::{Edit, History, NewMessage};
use crate::live::{Chat, Hub};

/// The web chat's courier.
pub struct WebCourier {
    history: History,
    hub: Hub,
}

impl WebCourier {
    /// A courier showing messages in `history` and ringing `hub`.
    pub fn new(history: History, hub: Hub) -> WebCourier {
        WebCourier { history, hub }
    }

    async fn show(&self, out: &Outbound) -> Result<Delivered, sqlx::Error> {
        let chat = match &out.to {
            Target::Chat(c) => Chat::Room(c.0.clone()),
            Target::User(u) => match u.0.parse() {
                Ok(id) => Chat::Private(id),
                // Not a web user's id: nobody can ever read it.
                Err(_) => return Ok(Delivered::default()),
            },
        };
        if let Some(id) = out.edit.as_deref().and_then(|e| e.parse().ok()) {
            let edit = Edit {
                text: out.text.clone(),
                buttons: out.buttons.clone(),
            };
            if self.history.edit(&chat, id, &edit).await? {
                self.hub.ring(chat);
                return Ok(Delivered {
                    message_id: Some(id.to_string()),
                    chat: None,
                });
            }
        }
        let id = self
            .history
            .show(
                &chat,
                NewMessage {
                    author: None,
                    text: out.text.clone(),
                    buttons: out.buttons.clone(),
                    picture: out.picture.clone(),
                    file: out.file.as_ref().map(|f| (f.name.clone(), f.text.clone())),
                    delivery: Some(format!("o{}", out.id)),
                    client_key: None,
                    at: now_ms(),
                    game: out.game,
                },
            )
            .await?;
        self.hub.ring(chat);
        Ok(Delivered {
            message_id: Some(id.to_string()),
            chat: None,
        })
    }
}

impl Courier for WebCourier {
    fn platform(&self) -> Platform {
        Platform::Web
    }

    async fn deliver(&self, out: &Outbound, _progress: &Progress) -> Result<Delivered, Refusal> {
        // The history is the platform: a failing disk is a passing failure, tried again.
        self.show(out)
            .await
            .map_err(|e| Refusal::Transient(e.to_string()))
    }
}

/// The time now, unix milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
