//! How a game ends, and what its kinds of result are worth: the part of the seam a tournament
//! reads. A game reports an [`Outcome`] when it ends and declares its [`Results`]
//! ([`Kind::results`](super::game::Kind::results)); the session's tournaments count them.

use serde::{Deserialize, Serialize};

/// How a game ended, as a tournament scores it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// The kind of result: `win`, `draw`, or another the game declares ([`Kind::results`](super::game::Kind::results)).
    pub kind: String,
    /// Each seat's place (1 the best; equal places for a tie) and score, by seat.
    pub seats: Vec<Placing>,
}

/// One seat's result in an [`Outcome`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placing {
    /// 1 for the winner; seats that tie share a place.
    pub place: u32,
    /// What the game gives the seat (gold, or 1 for a win), before a tournament's own scoring.
    pub score: f64,
}

/// What one kind of result is worth, as a game declares it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Worth {
    /// The kind an outcome carries (`win`, `draw`).
    pub kind: String,
    /// The scoring key a director writes to change it (`half=0.5`); `None` when the seats' own
    /// scores are their points (a game scored in gold).
    pub key: Option<String>,
    /// Other spellings of the key.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// First place's points, unless the director says otherwise.
    pub points: f64,
}

impl Worth {
    /// A kind of result worth `points` to first place, changed by `key=…`.
    pub fn new(kind: &str, key: &str, points: f64) -> Worth {
        Worth {
            kind: kind.to_string(),
            key: Some(key.to_string()),
            aliases: vec![],
            points,
        }
    }

    /// A kind of result whose seats' own scores are their points.
    pub fn by_score(kind: &str) -> Worth {
        Worth {
            kind: kind.to_string(),
            key: None,
            aliases: vec![],
            points: 0.0,
        }
    }

    /// The same, also changed by `alias=…`.
    pub fn alias(mut self, alias: &str) -> Worth {
        self.aliases.push(alias.to_string());
        self
    }
}

/// How a game's outcomes count in a tournament, declared by the game and kept with the
/// tournament, so that a tournament counts as it was announced.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Results {
    /// The kinds of result, best first: the first is what a forfeit win is worth.
    pub kinds: Vec<Worth>,
    /// Rated as a duel (Glicko-2) rather than as a free-for-all of places (Weng–Lin).
    pub duel: bool,
}

impl Results {
    /// A game of two that counts like chess: a win 1, a draw half (`half=…`), a loss 0.
    pub fn duel() -> Results {
        Results {
            kinds: vec![
                Worth::new("win", "win", 1.0),
                Worth::new("draw", "half", 0.5),
            ],
            duel: true,
        }
    }

    /// The scoring keys a director may write, in the order the status shows them.
    pub fn keys(&self) -> Vec<&str> {
        let mut keys: Vec<&str> = self.kinds.iter().filter_map(|w| w.key.as_deref()).collect();
        for k in ["win", "loss", "bye"] {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
        keys
    }

    /// Every spelling of every key: the keys and their aliases.
    pub fn spellings(&self) -> Vec<&str> {
        let aliases = self
            .kinds
            .iter()
            .flat_map(|w| w.aliases.iter().map(String::as_str));
        self.keys().into_iter().chain(aliases).collect()
    }

    /// The key a written key (or another spelling of it) stands for, in any case.
    pub(crate) fn canonical(&self, written: &str) -> Option<String> {
        let written = written.to_lowercase();
        let declared = self
            .kinds
            .iter()
            .find(|w| w.key.as_deref() == Some(written.as_str()) || w.aliases.contains(&written));
        match declared.and_then(|w| w.key.clone()) {
            Some(k) => Some(k),
            None => ["win", "loss", "bye"]
                .contains(&written.as_str())
                .then_some(written),
        }
    }

    /// The default points of a key.
    pub(crate) fn default_points(&self, key: &str) -> f64 {
        let declared = self.kinds.iter().find(|w| w.key.as_deref() == Some(key));
        match (declared, key) {
            (Some(w), _) => w.points,
            (None, "win") => 1.0,
            _ => 0.0,
        }
    }
}
