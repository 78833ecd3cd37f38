//! A saved part that is one text now (`"B2 B3 C3"`, a board's glyphs) and was a list in earlier
//! versions, read in one pass. serde's untagged enums would do the same by buffering every value
//! first, which costs a copy of each string in every game a restart reads back.

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::SeqAccessDeserializer;
use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// A part as saved now (a text) or by earlier versions (a list of values).
#[derive(Debug, PartialEq)]
pub enum TextOrList<T> {
    /// Saved as one text.
    Text(String),
    /// Saved as a list.
    List(Vec<T>),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for TextOrList<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TextOrList<T>, D::Error> {
        struct Either<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Either<T> {
            type Value = TextOrList<T>;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a text or a list")
            }

            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<TextOrList<T>, E> {
                Ok(TextOrList::Text(s.to_string()))
            }

            fn visit_string<E: serde::de::Error>(self, s: String) -> Result<TextOrList<T>, E> {
                Ok(TextOrList::Text(s))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<TextOrList<T>, A::Error> {
                Vec::deserialize(SeqAccessDeserializer::new(seq)).map(TextOrList::List)
            }
        }
        d.deserialize_any(Either(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_and_a_list_are_both_read_and_anything_else_refused() {
        let text: TextOrList<u8> = serde_json::from_str("\"a b\"").unwrap();
        assert_eq!(text, TextOrList::Text("a b".into()));
        let list: TextOrList<u8> = serde_json::from_str("[1, 2]").unwrap();
        assert_eq!(list, TextOrList::List(vec![1, 2]));
        assert!(serde_json::from_str::<TextOrList<u8>>("3").is_err());
        assert!(serde_json::from_str::<TextOrList<u8>>("[\"x\"]").is_err());
    }
}
