//! A table as the session keeps it: the seats, the stage of its life, the turn clock and the
//! game's own part ([`Play`]). Saved whole as the store's game state, one JSON object with the
//! session's fields and the game's side by side, so that nothing lives only in memory.

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::game::{Kind, Play};
pub use super::seating::{
    DEFAULT_DEADLINE_MS, DEFAULT_EXTEND_MS, DEFAULT_EXTEND_TIMES, DEFAULT_MISSED, Link, Seat,
    Seating, Stage, VACATION_CAP_MS, mix,
};

/// One game in one chat: the session's part and the game's.
#[derive(Clone, Debug)]
pub struct Table {
    /// What kind of game it is.
    pub kind: &'static dyn Kind,
    /// The session's part.
    pub seating: Seating,
    /// The game's part.
    pub play: Box<dyn Play>,
}

/// Only the kind's word: the game's part holds its secrets.
impl std::fmt::Debug for dyn Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

impl Table {
    /// How many people this table seats: its game's count, or its own (a game against the bot).
    pub fn seat_range(&self) -> std::ops::RangeInclusive<usize> {
        self.play.seats().unwrap_or(self.kind.players())
    }

    /// The time the awaited seats have for this turn: the game's own clock, or the table's
    /// deadline (stretched for a player away).
    pub fn turn_time(&self, awaited: &[usize], now: i64) -> i64 {
        (self.play.turn_time(&self.seating, now))
            .unwrap_or_else(|| self.seating.turn_time(awaited, now))
    }

    /// The table as the store keeps it: one JSON object, the session's fields and the game's own
    /// under [`PLAY_KEY`] (so that no game's field can shadow one of the session's). Written
    /// straight as text: a game is saved after every order.
    pub fn save(&self) -> Result<String, serde_json::Error> {
        let mut text = serde_json::to_string(&self.seating)?;
        let own = self.play.save()?;
        // The seating is a JSON object: its closing brace makes room for the game's part.
        text.pop();
        text.push_str(PLAY_MARKER);
        text.push_str(&own);
        text.push('}');
        Ok(text)
    }

    /// A table as [`Table::save`] wrote it, or as an earlier version did: the game's fields beside
    /// the session's, brought up to date by its kind. One pass splits the text: the game's part
    /// kept as the text it is, the session's few fields gathered to be read on their own, so the
    /// game's part (nearly all of it) is not skipped over twice at every restart.
    pub fn load(kind: &'static dyn Kind, saved: &str) -> Result<Table, serde_json::Error> {
        if let Some(table) = Table::load_as_saved(kind, saved) {
            return Ok(table);
        }
        let Parts { seating, play } = serde_json::from_str(saved)?;
        let Some(play) = play else {
            return Table::load_flat(kind, saved);
        };
        Ok(Table {
            kind,
            seating: serde_json::from_str(&seating)?,
            play: kind.load(play.get())?,
        })
    }

    /// A table exactly as [`Table::save`] writes it, read without scanning the game's part twice:
    /// the session's object ends where the game's key begins, the game's part runs to the last
    /// brace. `None` when the text is not of that shape (then the general reading decides).
    ///
    /// The first `,"play":` in the text is where the game's part begins if the text before it is
    /// a whole object: outside strings that is the top level, and inside a string a quote is
    /// always escaped, so it cannot begin one there.
    fn load_as_saved(kind: &'static dyn Kind, saved: &str) -> Option<Table> {
        let at = saved.find(PLAY_MARKER)?;
        if !saved.ends_with('}') {
            return None;
        }
        let play = saved.get(at + PLAY_MARKER.len()..saved.len() - 1)?;
        let mut seating = String::with_capacity(at + 1);
        seating.push_str(&saved[..at]);
        seating.push('}');
        let seating = serde_json::from_str(&seating).ok()?;
        let play = kind.load(play).ok()?;
        Some(Table {
            kind,
            seating,
            play,
        })
    }

    /// A table saved before the game's part had a key of its own.
    fn load_flat(kind: &'static dyn Kind, saved: &str) -> Result<Table, serde_json::Error> {
        let mut object: Map<String, Value> = serde_json::from_str(saved)?;
        kind.upgrade(&mut object);
        let mut own = object.clone();
        for key in SEATING_KEYS {
            own.remove(*key);
        }
        let seating = serde_json::from_value(Value::Object(object))?;
        let play = kind.load(&serde_json::to_string(&own)?)?;
        Ok(Table {
            kind,
            seating,
            play,
        })
    }
}

/// The key of the game's own part in a saved table.
const PLAY_KEY: &str = "play";

/// What [`Table::save`] writes between the session's fields and the game's part.
const PLAY_MARKER: &str = ",\"play\":";

/// A saved table split in one pass: the session's fields as an object of their own, the game's
/// part as written.
struct Parts<'a> {
    seating: String,
    play: Option<&'a RawValue>,
}

impl<'de> Deserialize<'de> for Parts<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Parts<'de>, D::Error> {
        struct Split;
        impl<'de> serde::de::Visitor<'de> for Split {
            type Value = Parts<'de>;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a saved table, a JSON object")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Parts<'de>, A::Error> {
                let mut seating = String::from("{");
                let mut play = None;
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    let value: &'de RawValue = map.next_value()?;
                    if key == PLAY_KEY {
                        play = Some(value);
                        continue;
                    }
                    if seating.len() > 1 {
                        seating.push(',');
                    }
                    let key = serde_json::to_string(&key).map_err(serde::de::Error::custom)?;
                    seating.push_str(&key);
                    seating.push(':');
                    seating.push_str(value.get());
                }
                seating.push('}');
                Ok(Parts { seating, play })
            }
        }
        d.deserialize_map(Split)
    }
}

/// The keys of the session's part in a table saved before the game's part had a key of its own.
const SEATING_KEYS: &[&str] = &[
    "lang",
    "opener",
    "seats",
    "stage",
    "paused",
    "turn_no",
    "draws",
    "status_card",
    "turn_due_ms",
    "deadline_ms",
    "missed",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::session::seating::Seat;
    use crate::testkit::tiny;

    /// A table whose opener's name holds what the game's key looks like, saved.
    fn saved() -> String {
        let name = r#"ann,"play":{"stones":1}"#;
        let seating = Seating::new(Seat::new("1", name, Lang::En), true, Lang::En);
        let play = tiny::KIND.open("pile", &["stones=9"], Lang::En).unwrap();
        let table = Table {
            kind: &tiny::KIND,
            seating,
            play,
        };
        table.save().unwrap()
    }

    #[test]
    fn a_saved_table_reads_back_whole_whatever_its_names_hold() {
        let text = saved();
        assert!(Table::load_as_saved(&tiny::KIND, &text).is_some(), "{text}");
        let table = Table::load(&tiny::KIND, &text).unwrap();
        assert_eq!(table.seating.opener.name, r#"ann,"play":{"stones":1}"#);
        assert_eq!(table.save().unwrap(), text);
        assert!(table.play.save().unwrap().contains("\"stones\":9"));
    }

    #[test]
    fn a_table_written_in_another_order_reads_back_the_same() {
        let text = saved();
        // The game's part first, as another writer may put it: not the shape `save` writes.
        let value: serde_json::Map<String, Value> = serde_json::from_str(&text).unwrap();
        let mut turned = format!("{{\"play\":{}", value["play"]);
        for (key, v) in value.iter().filter(|(k, _)| *k != PLAY_KEY) {
            turned.push_str(&format!(",{}:{v}", serde_json::to_string(key).unwrap()));
        }
        turned.push('}');
        assert!(Table::load_as_saved(&tiny::KIND, &turned).is_none());
        let table = Table::load(&tiny::KIND, &turned).unwrap();
        assert_eq!(table.save().unwrap(), text);
    }
}
