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
        text.push_str(",\"");
        text.push_str(PLAY_KEY);
        text.push_str("\":");
        text.push_str(&own);
        text.push('}');
        Ok(text)
    }

    /// A table as [`Table::save`] wrote it, or as an earlier version did: the game's fields beside
    /// the session's, brought up to date by its kind. One pass splits the text: the game's part
    /// kept as the text it is, the session's few fields gathered to be read on their own, so the
    /// game's part (nearly all of it) is not skipped over twice at every restart.
    pub fn load(kind: &'static dyn Kind, saved: &str) -> Result<Table, serde_json::Error> {
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
