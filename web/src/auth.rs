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
    } else {
        Ok(name.to_string())
    }
}

/// The form two names that are one person share: "Ann" and "ann".
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
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
    fn room_names_are_short_words() {
        assert_eq!(room_name("Tables-2"), Some("tables-2".into()));
        assert_eq!(room_name("комната"), Some("комната".into()));
        assert_eq!(room_name("a b"), None);
        assert_eq!(room_name("<script>"), None);
        assert_eq!(room_name(""), None);
        assert_eq!(room_name(&"r".repeat(33)), None);
    }
}
