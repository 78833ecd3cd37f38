//! The engine's refusals and notation errors in the players' words: each rule's id
//! (`Refusal::id`) is a message `hive-refusal-ID` in the locale files.

use crate::hive::{NotationError, Piece, Refusal};
use crate::i18n::{Lang, Localize, Messages};

impl Localize for Refusal {
    fn localize(&self, lang: Lang) -> String {
        Messages::get(lang).text(&format!("hive-refusal-{}", self.id()), &[])
    }
}

impl Localize for NotationError {
    /// What is wrong with a typed move, in the player's words; the GameString's errors, which
    /// only `gm hive uhp` meets, as the engine says them.
    fn localize(&self, lang: Lang) -> String {
        let text = |id: &str, piece: Option<&Piece>| {
            let piece = piece.map(ToString::to_string).unwrap_or_default();
            Messages::get(lang).text(id, crate::args![("piece", piece)])
        };
        match self {
            NotationError::BadMove(_) => text("hive-notation-bad-move", None),
            NotationError::UnknownPiece(_) => text("hive-notation-unknown-piece", None),
            NotationError::NotOnTable(p) => text("hive-notation-not-on-table", Some(p)),
            NotationError::NotInGame(p) => text("hive-notation-not-in-game", Some(p)),
            NotationError::NoReference(p) => text("hive-notation-no-reference", Some(p)),
            NotationError::Occupied { piece, top } => Messages::get(lang).text(
                "hive-notation-occupied",
                crate::args![("piece", piece.to_string()), ("top", top.to_string())],
            ),
            _ => self.to_string(),
        }
    }
}
