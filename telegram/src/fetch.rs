//! A document sent privately, fetched for the session: `getFile`, then the file route
//! (`<api_url>/file/bot<token>/<file_path>`), decoded as UTF-8 lossily (the session refuses a
//! garbled one).
//!
//! Nothing over the session's limit, [`MAX_FILE_BYTES`], is downloaded: not when the message says
//! the file is bigger, nor when `getFile` does, and a download that runs past the limit (a size
//! that was not stated, or wrong) stops there. Such a file is handed to the session as a stand-in
//! just over the limit ([`over_the_limit`]), so that the session answers it as it answers every
//! input it will not read, with its own "too long" reply, in the user's language, through the
//! outbox, and records the message as handled: the import ticket stays, and nothing else
//! changes. A file Telegram will not hand over (a Bad Request, a 4xx from the file route) is
//! handed over as unreadable ([`unreadable`]), which the session answers by asking for it again.
//! Anything that may pass (a network failure, a 5xx, flood control) is an error: the update is
//! handled again later, as any other.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use bot_core::relay::Refusal;
use bot_core::session::MAX_FILE_BYTES;
use bot_core::session::chat::TextFile;
use teloxide::RequestError;
use teloxide::errors::DownloadError;
use teloxide::net::Download;
use teloxide::prelude::*;
use tokio::io::AsyncWrite;

use crate::api::{Api, classify, describe, description};
use crate::inbound::Document;
use crate::update::UpdateError;

/// The file's content for the session, fetched within the limit.
pub async fn document(bot: &Api, doc: &Document) -> Result<TextFile, UpdateError> {
    if doc.size.is_some_and(too_big) {
        tracing::debug!(
            bytes = doc.size,
            "a document over the limit; not downloaded"
        );
        return Ok(over_the_limit(&doc.name));
    }
    let file = match bot.get_file(doc.file_id.clone()).await {
        Ok(f) => f,
        Err(RequestError::Api(e)) if description(&e).contains("file is too big") => {
            return Ok(over_the_limit(&doc.name));
        }
        Err(e) => {
            return match classify(&e, false) {
                Refusal::RetryAfter(d) => Err(UpdateError::RetryAfter(d)),
                Refusal::Transient(why) => Err(UpdateError::Telegram(why)),
                // Classified as about a group, a refusal is Gone, never Blocked.
                Refusal::Gone(_) | Refusal::Rejected(_) | Refusal::Blocked => {
                    tracing::warn!(error = %describe(&e), "getFile refused a document");
                    Ok(unreadable(&doc.name))
                }
            };
        }
    };
    // teloxide reads a missing `file_size` as u32::MAX: then only the download can tell.
    if file.meta.size != u32::MAX && too_big(file.meta.size) {
        return Ok(over_the_limit(&doc.name));
    }
    let mut dst = Capped::default();
    match bot.download_file(&file.path, &mut dst).await {
        Ok(()) => Ok(TextFile {
            name: doc.name.clone(),
            text: String::from_utf8_lossy(&dst.bytes).into_owned(),
        }),
        Err(DownloadError::Io(e)) if e.kind() == io::ErrorKind::FileTooLarge => {
            tracing::debug!("a document ran past the limit; download stopped");
            Ok(over_the_limit(&doc.name))
        }
        Err(DownloadError::Io(_)) => Err(UpdateError::Telegram(
            "the download could not be kept".to_string(),
        )),
        // The error's text holds the URL, and the URL the token: only its kind is told.
        Err(DownloadError::Network(e)) if e.status().is_some_and(|s| s.is_client_error()) => {
            tracing::warn!(status = ?e.status(), "the file route refused a document");
            Ok(unreadable(&doc.name))
        }
        Err(DownloadError::Network(e)) => Err(UpdateError::Telegram(
            if e.is_timeout() {
                "download: timed out"
            } else if e.is_connect() {
                "download: cannot connect"
            } else if e.status().is_some() {
                "download: the file route failed"
            } else {
                "download: the connection failed"
            }
            .to_string(),
        )),
    }
}

fn too_big(size: u32) -> bool {
    usize::try_from(size).map_or(true, |s| s > MAX_FILE_BYTES)
}

/// What the session is handed for a file over [`MAX_FILE_BYTES`], which is not downloaded: a text
/// one byte over the limit, which the session refuses unread, as it would the file itself. (A
/// truncated file would be read as a damaged game, and an empty one as none at all: neither says
/// what happened. The stand-in costs a megabyte for a moment, the download up to twenty.)
pub fn over_the_limit(name: &str) -> TextFile {
    TextFile {
        name: name.to_string(),
        text: " ".repeat(MAX_FILE_BYTES + 1),
    }
}

/// What the session is handed for a file Telegram will not hand over: what a lossy decoding makes
/// of bytes that cannot be read, which the session answers by asking for the file again.
pub fn unreadable(name: &str) -> TextFile {
    TextFile {
        name: name.to_string(),
        text: char::REPLACEMENT_CHARACTER.to_string(),
    }
}

/// A download's destination that keeps at most [`MAX_FILE_BYTES`]: a byte more ends the download
/// with [`io::ErrorKind::FileTooLarge`].
#[derive(Default)]
struct Capped {
    bytes: Vec<u8>,
}

impl AsyncWrite for Capped {
    fn poll_write(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.bytes.len() + buf.len() > MAX_FILE_BYTES {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                "over the session's limit",
            )));
        }
        self.bytes.extend_from_slice(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[tokio::test]
    async fn a_download_stops_one_byte_past_the_limit() {
        let mut dst = Capped::default();
        dst.write_all(&vec![b'x'; MAX_FILE_BYTES - 1])
            .await
            .unwrap();
        dst.write_all(b"y")
            .await
            .expect("exactly the limit is kept");
        let e = dst.write_all(b"z").await.expect_err("a byte more is not");
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(dst.bytes.len(), MAX_FILE_BYTES);
    }

    #[test]
    fn the_stand_ins_are_what_the_session_refuses_unread() {
        assert!(too_big(MAX_FILE_BYTES as u32 + 1) && !too_big(MAX_FILE_BYTES as u32));
        let over = over_the_limit("game-1.json");
        assert_eq!(over.name, "game-1.json");
        assert_eq!(over.text.len(), MAX_FILE_BYTES + 1);
        assert!(unreadable("x").text.contains(char::REPLACEMENT_CHARACTER));
    }
}
