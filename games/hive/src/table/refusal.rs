//! The engine's refusals and notation errors in the players' words: each rule's id
//! (`Refusal::id`) is a message `hive-refusal-ID` in the locale files.

use crate::{NotationError, Piece, Refusal};
use bot_core::i18n::Lang;

/// Why the rules refuse a move, in the player's words.
pub fn refusal(r: &Refusal, lang: Lang) -> String {
    crate::locale::messages(lang).text(&format!("hive-refusal-{}", r.id()), &[])
}

/// What is wrong with a typed move, in the player's words; the GameString's errors, which only
/// `gm hive uhp` meets, as the engine says them.
pub fn notation_error(e: &NotationError, lang: Lang) -> String {
    {
        let text = |id: &str, piece: Option<&Piece>| {
            let piece = piece.map(ToString::to_string).unwrap_or_default();
            crate::locale::messages(lang).text(id, bot_core::args![("piece", piece)])
        };
        match e {
            NotationError::BadMove(_) => text("hive-notation-bad-move", None),
            NotationError::UnknownPiece(_) => text("hive-notation-unknown-piece", None),
            NotationError::NotOnTable(p) => text("hive-notation-not-on-table", Some(p)),
            NotationError::NotInGame(p) => text("hive-notation-not-in-game", Some(p)),
            NotationError::NoReference(p) => text("hive-notation-no-reference", Some(p)),
            NotationError::Occupied { piece, top } => crate::locale::messages(lang).text(
                "hive-notation-occupied",
                bot_core::args![("piece", piece.to_string()), ("top", top.to_string())],
            ),
            _ => e.to_string(),
        }
    }
}
