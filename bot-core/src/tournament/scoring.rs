//! Points per game: how a game's [`Outcome`] counts in a tournament.
//!
//! Defaults follow each game's own sense of a win: Labyrinth rewards carrying the true treasure
//! out above outlasting everyone, and both above a draw; Hive counts like chess; Saboteur counts
//! the gold itself. A director may change any number with `key=value` words.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::session::game::Outcome;

use super::render::number;

/// Which rule reads a game's outcome. A Labyrinth draw and a Hive draw share the kind `draw` but
/// not their worth, so the game, not the outcome alone, decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Labyrinth: treasure, last standing, draw.
    Labyrinth,
    /// A game of two: win, draw, loss (Hive).
    Duel,
    /// Saboteur: the gold each seat won.
    Gold,
}

impl Family {
    /// The family of the game `/newgame` calls `word`; any game not named here is scored as a duel.
    pub fn of_game(word: &str) -> Family {
        match word {
            "labyrinth" => Family::Labyrinth,
            "saboteur" => Family::Gold,
            _ => Family::Duel,
        }
    }
}

/// The points of each result. Serialized as plain numbers so a stored tournament reads back the
/// same even if the defaults change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scoring {
    /// Labyrinth: the winner who carried the true treasure out.
    pub treasure: f64,
    /// Labyrinth: the winner who was the last one standing.
    pub last: f64,
    /// Labyrinth: each seat sharing first place in a draw.
    pub draw: f64,
    /// A game of two: the winner.
    pub win: f64,
    /// A game of two: each side of a draw.
    pub half: f64,
    /// Whoever did not win or draw (Saboteur excepted: gold is its own score).
    pub loss: f64,
    /// A bye; `None` is worth a win of the game (see [`Scoring::win_points`]).
    pub bye: Option<f64>,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            treasure: 3.0,
            last: 2.0,
            draw: 1.0,
            win: 1.0,
            half: 0.5,
            loss: 0.0,
            bye: None,
        }
    }
}

/// A scoring word a director wrote that cannot be read. The message says what to write instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoringError {
    /// A word without `=`.
    #[error("`{0}`: write a scoring rule as key=value, for example treasure=3")]
    NotKeyValue(String),
    /// A key no rule has.
    #[error("`{0}` is not a scoring key: write one of {KEYS}")]
    UnknownKey(String),
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

/// The keys, as the error lists them.
const KEYS: &str = "treasure, last, draw, win, half, loss, bye";

impl Scoring {
    /// The defaults with `words` (`treasure=3 last=2 draw=1 win=1 half=0.5 loss=0 bye=1`) applied.
    /// `bye=win` makes a bye worth a win again; a decimal comma is read as a point.
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<Scoring, ScoringError> {
        let mut scoring = Scoring::default();
        let mut seen: Vec<&str> = Vec::new();
        for word in words {
            let key = scoring.set(word.as_ref())?;
            if seen.contains(&key) {
                return Err(ScoringError::Twice(key.to_string()));
            }
            seen.push(key);
        }
        Ok(scoring)
    }

    /// Applies one `key=value` word; returns the key's canonical name.
    pub fn set(&mut self, word: &str) -> Result<&'static str, ScoringError> {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| ScoringError::NotKeyValue(word.to_string()))?;
        let key = key.trim().to_lowercase();
        let name = canonical(&key).ok_or_else(|| ScoringError::UnknownKey(key.clone()))?;
        if name == "bye" && value.trim().eq_ignore_ascii_case("win") {
            self.bye = None;
            return Ok(name);
        }
        let x = read_number(value).ok_or_else(|| ScoringError::NotANumber {
            key: key.clone(),
            value: value.to_string(),
        })?;
        match name {
            "treasure" => self.treasure = x,
            "last" => self.last = x,
            "draw" => self.draw = x,
            "win" => self.win = x,
            "half" => self.half = x,
            "loss" => self.loss = x,
            _ => self.bye = Some(x),
        }
        Ok(name)
    }

    /// Each seat's points for `outcome`, by seat. Kinds: `treasure`, `last-standing`, `draw`,
    /// `gold` as the module says; `win` and any kind not known give the first place a win.
    pub fn points(&self, family: Family, outcome: &Outcome) -> Vec<f64> {
        let first = match (outcome.kind.as_str(), family) {
            ("gold", _) => return outcome.seats.iter().map(|s| s.score).collect(),
            ("treasure", _) => self.treasure,
            ("last-standing", _) => self.last,
            ("draw", Family::Labyrinth) => self.draw,
            ("draw", _) => self.half,
            _ => self.win,
        };
        let per_seat = |place: u32| if place == 1 { first } else { self.loss };
        outcome.seats.iter().map(|s| per_seat(s.place)).collect()
    }

    /// What a forfeit win is worth: the game's best result (the treasure in Labyrinth).
    pub fn win_points(&self, family: Family) -> f64 {
        match family {
            Family::Labyrinth => self.treasure,
            Family::Duel | Family::Gold => self.win,
        }
    }

    /// What a bye is worth: the `bye` key, or else a win.
    pub fn bye_points(&self, family: Family) -> f64 {
        self.bye.unwrap_or_else(|| self.win_points(family))
    }
}

/// The key's canonical name (`last-standing` is read as `last`), if it is one.
fn canonical(key: &str) -> Option<&'static str> {
    Some(match key {
        "treasure" => "treasure",
        "last" | "last-standing" => "last",
        "draw" => "draw",
        "win" => "win",
        "half" => "half",
        "loss" => "loss",
        "bye" => "bye",
        _ => return None,
    })
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

/// The words that would set this scoring, as the director's status shows it.
impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bye = self.bye.map_or_else(|| "win".to_string(), number);
        write!(
            f,
            "treasure={} last={} draw={} win={} half={} loss={} bye={bye}",
            number(self.treasure),
            number(self.last),
            number(self.draw),
            number(self.win),
            number(self.half),
            number(self.loss),
        )
    }
}
