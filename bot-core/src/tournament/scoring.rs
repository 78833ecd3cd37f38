//! Points per game: how a game's [`Outcome`] counts in a tournament.
//!
//! Each game declares the kinds of result its outcomes carry and what each is worth by default
//! ([`Results`], through the seam: [`Kind::results`](crate::session::game::Kind::results)); a
//! game that declares none counts like chess. A director may change any number with `key=value`
//! words, among the game's keys, `win` (what any other result is worth), `loss` and `bye`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::session::game::{Outcome, Results};

use super::render::number;

/// The points of each result. Serialized as plain numbers, every key of the game written out, so
/// a stored tournament reads back the same even if the defaults change. The default sets no key:
/// every result is then worth the game's default.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Scoring {
    /// The points of each of the game's keys (and `win`).
    #[serde(flatten)]
    pub points: BTreeMap<String, f64>,
    /// Whoever did not win or draw (a game scored by its seats' own scores excepted).
    pub loss: f64,
    /// A bye; `None` is worth a win of the game (see [`Scoring::win_points`]).
    pub bye: Option<f64>,
}

/// A scoring word a director wrote that cannot be read. The message says what to write instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoringError {
    /// A word without `=`.
    #[error("`{0}`: write a scoring rule as key=value, for example win=1")]
    NotKeyValue(String),
    /// A key the game's scoring has not.
    #[error("`{key}` is not a scoring key: write one of {keys}")]
    UnknownKey {
        /// The key as written.
        key: String,
        /// The game's keys, comma-separated.
        keys: String,
    },
    /// A value that is not a number.
    #[error("`{key}={value}`: write a number, for example {key}=1 or {key}=0.5")]
    NotANumber {
        /// The key as written.
        key: String,
        /// The value as written.
        value: String,
    },
    /// A key given twice in one command.
    #[error("`{0}` is given twice: write it once")]
    Twice(String),
}

impl Scoring {
    /// The game's defaults.
    pub fn new(results: &Results) -> Scoring {
        let mut points = BTreeMap::new();
        for key in results.keys() {
            if !matches!(key, "loss" | "bye") {
                points.insert(key.to_string(), results.default_points(key));
            }
        }
        Scoring {
            points,
            loss: 0.0,
            bye: None,
        }
    }

    /// The game's defaults with `words` (`win=2 loss=0 bye=1`) applied. `bye=win` makes a bye
    /// worth a win again; a decimal comma is read as a point.
    pub fn parse<S: AsRef<str>>(results: &Results, words: &[S]) -> Result<Scoring, ScoringError> {
        let mut scoring = Scoring::new(results);
        let mut seen: Vec<String> = Vec::new();
        for word in words {
            let key = scoring.set(results, word.as_ref())?;
            if seen.contains(&key) {
                return Err(ScoringError::Twice(key));
            }
            seen.push(key);
        }
        Ok(scoring)
    }

    /// Applies one `key=value` word; returns the key's canonical name.
    pub fn set(&mut self, results: &Results, word: &str) -> Result<String, ScoringError> {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| ScoringError::NotKeyValue(word.to_string()))?;
        let key = key.trim().to_lowercase();
        let name = results
            .canonical(&key)
            .ok_or_else(|| ScoringError::UnknownKey {
                key: key.clone(),
                keys: results.keys().join(", "),
            })?;
        if name == "bye" && value.trim().eq_ignore_ascii_case("win") {
            self.bye = None;
            return Ok(name);
        }
        let x = read_number(value).ok_or_else(|| ScoringError::NotANumber {
            key: key.clone(),
            value: value.to_string(),
        })?;
        match name.as_str() {
            "loss" => self.loss = x,
            "bye" => self.bye = Some(x),
            _ => {
                self.points.insert(name.clone(), x);
            }
        }
        Ok(name)
    }

    /// The points of a key: as set, else the game's default.
    fn value(&self, results: &Results, key: &str) -> f64 {
        (self.points.get(key).copied()).unwrap_or_else(|| results.default_points(key))
    }

    /// Each seat's points for `outcome`, by seat: first place gets what the outcome's kind is
    /// worth (a kind the game did not declare, a win), the others a loss; a kind scored by the
    /// seats' own scores gives each his score.
    pub fn points(&self, results: &Results, outcome: &Outcome) -> Vec<f64> {
        let declared = results.kinds.iter().find(|w| w.kind == outcome.kind);
        let first = match declared.map(|w| w.key.as_deref()) {
            Some(None) => return outcome.seats.iter().map(|s| s.score).collect(),
            Some(Some(key)) => self.value(results, key),
            None => self.value(results, "win"),
        };
        let per_seat = |place: u32| if place == 1 { first } else { self.loss };
        outcome.seats.iter().map(|s| per_seat(s.place)).collect()
    }

    /// What a forfeit win is worth: the game's best result.
    pub fn win_points(&self, results: &Results) -> f64 {
        let best = results.kinds.iter().find_map(|w| w.key.as_deref());
        self.value(results, best.unwrap_or("win"))
    }

    /// What a bye is worth: the `bye` key, or else a win.
    pub fn bye_points(&self, results: &Results) -> f64 {
        self.bye.unwrap_or_else(|| self.win_points(results))
    }

    /// The words that would set this scoring, as the director's status shows them.
    pub fn words(&self, results: &Results) -> String {
        let bye = self.bye.map_or_else(|| "win".to_string(), number);
        let words = results.keys().into_iter().map(|k| match k {
            "loss" => format!("loss={}", number(self.loss)),
            "bye" => format!("bye={bye}"),
            _ => format!("{k}={}", number(self.value(results, k))),
        });
        words.collect::<Vec<_>>().join(" ")
    }
}

/// A number as a director types it: `1`, `0.5`, `0,5`, `½`, `1/2`.
fn read_number(value: &str) -> Option<f64> {
    let v = value.trim().replace(',', ".");
    let x = match v.as_str() {
        "½" => 0.5,
        _ => match v.split_once('/') {
            Some((a, b)) => a.trim().parse::<f64>().ok()? / b.trim().parse::<f64>().ok()?,
            None => v.parse::<f64>().ok()?,
        },
    };
    x.is_finite().then_some(x)
}
