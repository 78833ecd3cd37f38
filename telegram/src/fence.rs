//! Fenced blocks as Telegram shows them. The session writes a block to be shown in a monospace
//! font (the standings' table) between lines of three backticks, as Discord and the web chat show
//! it. Telegram sends text as written unless told otherwise, so a message would show the backticks
//! and lose the table's columns: here the fences are taken out and the block is marked with a
//! `pre` entity instead (Bot API, "MessageEntity": `pre`, offsets and lengths in UTF-16 units), which
//! needs no escaping of the rest of the text.

use teloxide::types::MessageEntity;

/// The fence that opens (with an optional language after it) and closes a block.
const FENCE: &str = "```";

/// A text with its fence lines taken out, and a `pre` entity over each block they held. A block
/// left open runs to the end of the text.
pub fn format(text: &str) -> (String, Vec<MessageEntity>) {
    let mut out = String::with_capacity(text.len());
    let mut entities = vec![];
    // The open block: its language and where its first line begins, in UTF-16 units.
    let mut open: Option<(Option<String>, usize)> = None;
    let mut units = 0;
    let mut first = true;
    for line in text.split('\n') {
        if let Some(after) = fence(line) {
            match open.take() {
                Some((language, start)) => pre(&mut entities, language, start, units),
                None => {
                    let language = (!after.is_empty()).then(|| after.to_string());
                    // The block's first line comes after the line break that joins it.
                    open = Some((language, if first { 0 } else { units + 1 }));
                }
            }
            continue;
        }
        if !first {
            out.push('\n');
            units += 1;
        }
        first = false;
        out.push_str(line);
        units += line.encode_utf16().count();
    }
    if let Some((language, start)) = open {
        pre(&mut entities, language, start, units);
    }
    (out, entities)
}

/// What follows the fence on a line that is one (a language, or nothing).
fn fence(line: &str) -> Option<&str> {
    let after = line.trim().strip_prefix(FENCE)?;
    (!after.contains('`') && !after.contains(char::is_whitespace)).then_some(after)
}

/// Marks `start..end` (UTF-16 units) as `pre`; an empty block is no entity.
fn pre(entities: &mut Vec<MessageEntity>, language: Option<String>, start: usize, end: usize) {
    if end > start {
        entities.push(MessageEntity::pre(language, start, end - start));
    }
}

/// The pieces of a text cut for sending, each holding whole blocks: a piece cut inside a block
/// closes it, and the next piece opens it again.
pub fn balance(pieces: Vec<String>) -> Vec<String> {
    let mut open = false;
    pieces
        .into_iter()
        .map(|piece| {
            let mut piece = if open {
                format!("{FENCE}\n{piece}")
            } else {
                piece
            };
            open = piece.split('\n').filter(|l| fence(l).is_some()).count() % 2 == 1;
            if open {
                piece.push('\n');
                piece.push_str(FENCE);
            }
            piece
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text an entity covers, counted in UTF-16 units as Telegram counts.
    fn covered(text: &str, e: &MessageEntity) -> String {
        let units: Vec<u16> = text.encode_utf16().collect();
        String::from_utf16(&units[e.offset..e.offset + e.length]).unwrap()
    }

    #[test]
    fn a_fenced_table_loses_its_fences_and_is_marked_pre() {
        let text = "Стандинги 🏆:\n```\n# Имя  Очки\n1 ann  2\n```\nдальше";
        let (shown, entities) = format(text);
        assert_eq!(shown, "Стандинги 🏆:\n# Имя  Очки\n1 ann  2\nдальше");
        assert_eq!(entities.len(), 1);
        assert_eq!(covered(&shown, &entities[0]), "# Имя  Очки\n1 ann  2");
        assert_eq!(
            entities[0].kind,
            teloxide::types::MessageEntityKind::Pre { language: None }
        );
    }

    #[test]
    fn a_block_at_the_start_with_a_language_and_one_left_open() {
        let (shown, entities) = format("```text\na b\n```\n```\nc");
        assert_eq!(shown, "a b\nc");
        assert_eq!(covered(&shown, &entities[0]), "a b");
        assert_eq!(
            entities[0].kind,
            teloxide::types::MessageEntityKind::Pre {
                language: Some("text".into())
            }
        );
        assert_eq!(covered(&shown, &entities[1]), "c");
    }

    #[test]
    fn text_without_fences_is_left_as_it_is() {
        let text = "go `up` and ``` then\n\n  two";
        assert_eq!(format(text), (text.to_string(), vec![]));
        assert_eq!(format("```\n```"), (String::new(), vec![]));
    }

    #[test]
    fn pieces_cut_inside_a_block_each_hold_it_whole() {
        let pieces = vec!["head\n```\nrow 1".to_string(), "row 2\n```\ntail".into()];
        let balanced = balance(pieces);
        assert_eq!(balanced, ["head\n```\nrow 1\n```", "```\nrow 2\n```\ntail"]);
        let (second, entities) = format(&balanced[1]);
        assert_eq!(covered(&second, &entities[0]), "row 2");
    }
}
