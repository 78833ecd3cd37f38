//! How a game is played: its [`Options`], among them its [`GameType`] — which expansion pieces it
//! has, named as UHP's GameTypeString names it: `Base`, `Base+M`, `Base+L`, `Base+P`, `Base+ML`,
//! `Base+MP`, `Base+LP`, `Base+MLP` (exactly Mzinga's eight spellings, the letters always in that
//! order).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::piece::{Bug, Color, Piece};

/// How the game is played.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(default)]
pub struct Options {
    /// Tournament opening: neither side may place its queen as its first piece (Mzinga always
    /// plays so). Off by default: the book lets the queen come first (Hive: «Выложить
    /// королеву»).
    pub tournament: bool,
    /// The expansion pieces in the box (none by default: the base game).
    pub game_type: GameType,
}

impl Options {
    /// The base game, tournament opening or not.
    pub fn base(tournament: bool) -> Options {
        Options {
            tournament,
            game_type: GameType::BASE,
        }
    }
}

/// The base game plus any of the Mosquito, the Ladybug and the Pillbug (Hive rules: each is an
/// optional addition to the base game, one piece a side). Saved as its UHP name (`Base+MLP`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(into = "String", try_from = "String")]
pub struct GameType {
    /// The Mosquito is in the box.
    pub mosquito: bool,
    /// The Ladybug is in the box.
    pub ladybug: bool,
    /// The Pillbug is in the box.
    pub pillbug: bool,
}

impl GameType {
    /// The base game alone.
    pub const BASE: GameType = GameType {
        mosquito: false,
        ladybug: false,
        pillbug: false,
    };

    /// All three expansion pieces: `Base+MLP`.
    pub const MLP: GameType = GameType {
        mosquito: true,
        ladybug: true,
        pillbug: true,
    };

    /// Whether a game of this type has pieces of kind `bug`: every base kind, an expansion kind
    /// when named.
    pub fn has(self, bug: Bug) -> bool {
        match bug {
            Bug::Mosquito => self.mosquito,
            Bug::Ladybug => self.ladybug,
            Bug::Pillbug => self.pillbug,
            _ => true,
        }
    }

    /// Whether no expansion piece is in the box: the base game.
    pub fn is_base(self) -> bool {
        self == GameType::BASE
    }

    /// A side's pieces in a game of this type, in UHP's order.
    pub fn pieces(self, color: Color) -> impl Iterator<Item = Piece> {
        Piece::all(color).filter(move |p| self.has(p.bug))
    }

    /// The pieces of both sides, one bit per [`Piece::index`].
    pub(crate) fn mask(self) -> u32 {
        Color::ALL
            .into_iter()
            .flat_map(|c| self.pieces(c))
            .fold(0, |m, p| m | 1 << p.index())
    }

    /// All eight types, the base game first and `Base+MLP` last.
    pub fn all() -> impl Iterator<Item = GameType> {
        (0..8u8).map(|bits| GameType {
            mosquito: bits & 1 != 0,
            ladybug: bits & 2 != 0,
            pillbug: bits & 4 != 0,
        })
    }
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Base")?;
        if !self.is_base() {
            f.write_str("+")?;
            for bug in Bug::EXPANSIONS.into_iter().filter(|&b| self.has(b)) {
                write!(f, "{}", bug.letter())?;
            }
        }
        Ok(())
    }
}

impl From<GameType> for String {
    fn from(t: GameType) -> String {
        t.to_string()
    }
}

impl TryFrom<String> for GameType {
    type Error = UnknownGameType;

    fn try_from(s: String) -> Result<GameType, UnknownGameType> {
        s.parse()
    }
}

/// A GameTypeString that is none of Mzinga's eight.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a game type: write Base, or Base+ with any of M (mosquito), L (ladybug), P (pillbug) in that order, like Base+MLP"
)]
pub struct UnknownGameType(pub String);

impl FromStr for GameType {
    type Err = UnknownGameType;

    /// Reads the type as Mzinga does: `Base`, or `Base+` and the letters in the order `MLP`.
    fn from_str(s: &str) -> Result<GameType, UnknownGameType> {
        GameType::all()
            .find(|t| t.to_string() == s)
            .ok_or_else(|| UnknownGameType(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mzingas_eight_types_read_back_and_others_are_refused() {
        let names: Vec<String> = GameType::all().map(|t| t.to_string()).collect();
        assert_eq!(
            names,
            [
                "Base", "Base+M", "Base+L", "Base+ML", "Base+P", "Base+MP", "Base+LP", "Base+MLP"
            ]
        );
        for t in GameType::all() {
            assert_eq!(t.to_string().parse::<GameType>(), Ok(t));
        }
        for bad in [
            "",
            "base",
            "Base+",
            "Base+LM",
            "Base+MM",
            "Base+X",
            "Base+MLPX",
        ] {
            assert!(bad.parse::<GameType>().is_err(), "{bad}");
        }
    }

    // Hive rules: each expansion adds one piece a side.
    #[test]
    fn a_type_has_the_base_pieces_and_the_expansions_it_names() {
        assert_eq!(GameType::BASE.pieces(Color::White).count(), 11);
        assert_eq!(GameType::MLP.pieces(Color::Black).count(), 14);
        let mp: GameType = "Base+MP".parse().unwrap();
        let names: Vec<String> = mp.pieces(Color::White).map(|p| p.to_string()).collect();
        assert_eq!(names.last().map(String::as_str), Some("wP"));
        assert!(names.contains(&"wM".to_string()) && !names.contains(&"wL".to_string()));
        assert_eq!(GameType::BASE.mask().count_ones(), 22);
        assert_eq!(GameType::MLP.mask(), (1 << 28) - 1);
    }
}
