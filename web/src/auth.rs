//! Who writes: a name chosen on the page, and the secret the page holds for it.
//!
//! Choosing a free name gives the page a random secret; the page sends it with every request
//! (`Authorization: Bearer …`). Only its SHA-256 is stored, so the database does not let anyone
//! write as someone else. Each browser tab keeps its own secret, so several players can share one
//! machine, one tab each.

use rand::RngCore;
use sha2::{Digest, Sha256};

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// A new secret for a page: 32 random bytes, in hex.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

/// The stored form of a secret.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The secret of a request's `Authorization: Bearer …` header.
pub fn bearer(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// Why a name is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadName {
    /// Nothing but spaces.
    Empty,
    /// Longer than [`MAX_NAME_CHARS`].
    Long,
    /// A control character (a line break, a NUL): names are one line of text.
    Control,
    /// A character that shows nothing (a zero-width space or joiner, a direction override, a
    /// byte-order mark): two names that look the same must not be two players.
    Invisible,
}

/// A name as it will be shown: trimmed and checked. Any other character is allowed, HTML's
/// included: the page shows names as text, never as markup.
pub fn clean_name(raw: &str) -> Result<String, BadName> {
    let name = raw.trim();
    if name.is_empty() {
        Err(BadName::Empty)
    } else if name.chars().count() > MAX_NAME_CHARS {
        Err(BadName::Long)
    } else if name.chars().any(char::is_control) {
        Err(BadName::Control)
    } else if name.chars().any(is_invisible) {
        Err(BadName::Invisible)
    } else {
        Ok(name.to_string())
    }
}

/// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15): what renders
/// as nothing — the soft hyphen, zero-width spaces and joiners, the bidirectional marks, embeddings,
/// overrides and isolates, variation selectors, the byte-order mark, Hangul fillers, tags.
fn is_invisible(c: char) -> bool {
    matches!(
        u32::from(c),
        0x00AD
            | 0x034F
            | 0x061C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// The form two names that read as one person share: "Ann" and "aNN", "bob" and "bоb" with a
/// Cyrillic о, "BOB" and "ВОВ" in Cyrillic capitals, "ﬁsh" and "fish". Compatibility forms folded
/// (NFKC), then Unicode TR39's confusable skeleton, which maps each look-alike to one prototype, of
/// the name in capitals: capitals are where more letters of different scripts look alike, and a
/// key taken over them errs towards refusing a look-alike ("lan" is taken while "Ian" plays).
pub fn name_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let capitals = name.nfkc().collect::<String>().to_uppercase();
    let skeleton: String = unicode_security::skeleton(&capitals).collect();
    skeleton.to_lowercase()
}

/// A room's name as typed (`/room Tables-2`) in its stored form, or `None` when it is not one:
/// 1 to 32 letters, digits, `-` and `_`, folded to lower case.
pub fn room_name(raw: &str) -> Option<String> {
    let name = raw.trim().to_lowercase();
    let ok = (1..=32).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    ok.then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_new_each_time_and_only_its_hash_is_kept() {
        let (a, b) = (new_secret(), new_secret());
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(hash(&a), hash(&a));
        assert_ne!(hash(&a), a);
        assert_eq!(hash(&a).len(), 64);
    }

    #[test]
    fn names_are_one_trimmed_line_of_any_characters() {
        assert_eq!(clean_name("  <b>Ann</b> "), Ok("<b>Ann</b>".to_string()));
        assert_eq!(clean_name("Аня"), Ok("Аня".to_string()));
        assert_eq!(clean_name("   "), Err(BadName::Empty));
        assert_eq!(clean_name("a\nb"), Err(BadName::Control));
        assert_eq!(clean_name(&"x".repeat(33)), Err(BadName::Long));
        assert_eq!(name_key("Ann"), name_key("aNN"));
    }

    #[test]
    fn look_alike_names_share_a_key_and_invisible_characters_are_refused() {
        // Issue 33: while bob plays, nobody may take a name that reads as his.
        let bob = name_key("bob");
        assert_eq!(name_key("bоb"), bob, "a Cyrillic о");
        assert_eq!(name_key("ВОВ"), name_key("BOB"), "Cyrillic capitals");
        assert_eq!(name_key("ｂｏｂ"), bob, "fullwidth letters (NFKC)");
        assert_eq!(name_key("ﬁsh"), name_key("fish"), "a ligature");
        assert_ne!(name_key("bob"), name_key("rob"));
        assert_ne!(name_key("Аня"), name_key("Ann"));
        for sneaky in [
            "bob\u{200B}",
            "\u{FEFF}bob",
            "\u{202E}bob",
            "b\u{200D}ob",
            "bob\u{2066}",
        ] {
            assert_eq!(clean_name(sneaky), Err(BadName::Invisible), "{sneaky:?}");
        }
        assert_eq!(clean_name("Аня-2"), Ok("Аня-2".to_string()));
    }

    #[test]
    fn room_names_are_short_words() {
        assert_eq!(room_name("Tables-2"), Some("tables-2".into()));
        assert_eq!(room_name("комната"), Some("комната".into()));
        assert_eq!(room_name("a b"), None);
        assert_eq!(room_name("<script>"), None);
        assert_eq!(room_name(""), None);
        assert_eq!(room_name(&"r".repeat(33)), None);
    }
}
