//! Colours, bugs and pieces, named as the Universal Hive Protocol names them (`wQ`, `bA2`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A side: White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The letter a piece's name starts with: `w` or `b`.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side's name in UHP's TurnString (`White`, `Black`).
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The kinds of creature: the base game's five (Hive: «Состав игры») and the three expansion
/// pieces, each an option of a game (Hive rules, "Mosquito", "Ladybug", "Pillbug").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Bug {
    Queen,
    Beetle,
    Grasshopper,
    Spider,
    Ant,
    /// Moves as the creatures it touches (Hive rules, "Mosquito").
    Mosquito,
    /// Two steps on top of the hive, then one down (Hive rules, "Ladybug").
    Ladybug,
    /// One step, or moves a neighbour over itself (Hive rules, "Pillbug").
    Pillbug,
}

impl Bug {
    /// Every kind, in the order UHP lists a side's pieces.
    pub const ALL: [Bug; 8] = [
        Bug::Queen,
        Bug::Spider,
        Bug::Beetle,
        Bug::Grasshopper,
        Bug::Ant,
        Bug::Mosquito,
        Bug::Ladybug,
        Bug::Pillbug,
    ];

    /// The expansion pieces, in the order a UHP game type names them (`Base+MLP`).
    pub const EXPANSIONS: [Bug; 3] = [Bug::Mosquito, Bug::Ladybug, Bug::Pillbug];

    /// The letter UHP names the kind by: `Q`, `B`, `G`, `S`, `A`, `M`, `L`, `P`.
    pub fn letter(self) -> char {
        match self {
            Bug::Queen => 'Q',
            Bug::Beetle => 'B',
            Bug::Grasshopper => 'G',
            Bug::Spider => 'S',
            Bug::Ant => 'A',
            Bug::Mosquito => 'M',
            Bug::Ladybug => 'L',
            Bug::Pillbug => 'P',
        }
    }

    /// Whether the kind is an expansion piece, in the box only when the game type names it.
    pub fn is_expansion(self) -> bool {
        Bug::EXPANSIONS.contains(&self)
    }

    /// The kind a UHP letter names.
    pub fn from_letter(c: char) -> Option<Bug> {
        Bug::ALL.into_iter().find(|b| b.letter() == c)
    }

    /// How many of the kind each side has: 1 queen, 2 beetles, 3 grasshoppers, 2 spiders,
    /// 3 ants (Hive: «Состав игры»), one of each expansion piece.
    pub fn count(self) -> u8 {
        match self {
            Bug::Queen | Bug::Mosquito | Bug::Ladybug | Bug::Pillbug => 1,
            Bug::Beetle | Bug::Spider => 2,
            Bug::Grasshopper | Bug::Ant => 3,
        }
    }
}

/// One piece: a side's bug and its number among its kind (1 for the only queen, whose name has
/// no number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub bug: Bug,
    /// 1-based; pieces of a kind come into play in this order (`wA1` before `wA2`).
    pub n: u8,
}

impl Piece {
    /// A piece, if the box has it.
    pub fn new(color: Color, bug: Bug, n: u8) -> Option<Piece> {
        (1..=bug.count())
            .contains(&n)
            .then_some(Piece { color, bug, n })
    }

    /// A side's queen.
    pub fn queen(color: Color) -> Piece {
        Piece {
            color,
            bug: Bug::Queen,
            n: 1,
        }
    }

    /// All 14 pieces a side may have, in UHP's order (`wQ`, `wS1`, `wS2`, `wB1`, …, `wA3`, `wM`,
    /// `wL`, `wP`): the base game's 11 and the expansion pieces (see [`GameType::has`] for
    /// which a game has).
    ///
    /// [`GameType::has`]: super::game_type::GameType::has
    pub fn all(color: Color) -> impl Iterator<Item = Piece> {
        Bug::ALL
            .into_iter()
            .flat_map(move |bug| (1..=bug.count()).map(move |n| Piece { color, bug, n }))
    }

    /// The number of pieces a side may have, expansions included.
    pub const PER_SIDE: usize = 14;

    /// The number of pieces both sides may have.
    pub const COUNT: usize = 2 * Piece::PER_SIDE;

    /// A dense index, 0..28: White's pieces in [`Piece::all`]'s order, then Black's.
    pub fn index(self) -> usize {
        // The kinds' first places in [`Piece::all`]'s order: Q, S1 S2, B1 B2, G1 G2 G3, A1 A2 A3,
        // M, L, P.
        let first = match self.bug {
            Bug::Queen => 0,
            Bug::Spider => 1,
            Bug::Beetle => 3,
            Bug::Grasshopper => 5,
            Bug::Ant => 8,
            Bug::Mosquito => 11,
            Bug::Ladybug => 12,
            Bug::Pillbug => 13,
        };
        self.color.index() * Piece::PER_SIDE + first + usize::from(self.n) - 1
    }

    /// The piece at a dense index (see [`Piece::index`]).
    pub fn from_index(i: usize) -> Option<Piece> {
        // A side's pieces in [`Piece::all`]'s order (the search asks this at every leaf).
        const KIND: [(Bug, u8); Piece::PER_SIDE] = [
            (Bug::Queen, 1),
            (Bug::Spider, 1),
            (Bug::Spider, 2),
            (Bug::Beetle, 1),
            (Bug::Beetle, 2),
            (Bug::Grasshopper, 1),
            (Bug::Grasshopper, 2),
            (Bug::Grasshopper, 3),
            (Bug::Ant, 1),
            (Bug::Ant, 2),
            (Bug::Ant, 3),
            (Bug::Mosquito, 1),
            (Bug::Ladybug, 1),
            (Bug::Pillbug, 1),
        ];
        let color = *Color::ALL.get(i / Piece::PER_SIDE)?;
        let (bug, n) = KIND[i % Piece::PER_SIDE];
        Some(Piece { color, bug, n })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.letter(), self.bug.letter())?;
        if self.bug.count() > 1 {
            write!(f, "{}", self.n)?;
        }
        Ok(())
    }
}

/// A name that is no piece.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a piece: pieces are named like wQ, bA1, wB2, bG3, wS1, wM, bL, wP")]
pub struct UnknownPiece(pub String);

impl FromStr for Piece {
    type Err = UnknownPiece;

    /// Reads `wQ`, `bA1`, `wM`…; a single piece also as `wQ1`, `wM1`, as some tools write it.
    fn from_str(s: &str) -> Result<Piece, UnknownPiece> {
        let bad = || UnknownPiece(s.to_string());
        let mut chars = s.chars();
        let color = match chars.next() {
            Some('w') => Color::White,
            Some('b') => Color::Black,
            _ => return Err(bad()),
        };
        let bug = chars.next().and_then(Bug::from_letter).ok_or_else(bad)?;
        let rest = chars.as_str();
        let n = match (rest, bug.count()) {
            ("", 1) => 1,
            (digits, _) if digits.len() == 1 => digits.parse().map_err(|_| bad())?,
            _ => return Err(bad()),
        };
        Piece::new(color, bug, n).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Hive: «Состав игры» — 11 pieces a side; Hive rules: one Mosquito, one Ladybug and one Pillbug
    // a side with the expansions.
    #[test]
    fn names_read_back_and_index_densely() {
        let all: Vec<Piece> = Color::ALL.into_iter().flat_map(Piece::all).collect();
        assert_eq!(all.len(), Piece::COUNT);
        for (i, p) in all.iter().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(Piece::from_index(i), Some(*p));
            assert_eq!(p.to_string().parse::<Piece>(), Ok(*p));
        }
        assert_eq!(all[0].to_string(), "wQ");
        assert_eq!(all[24].to_string(), "bA3");
        assert_eq!(all[11].to_string(), "wM");
        assert_eq!(all[26].to_string(), "bL");
        assert_eq!(all[27].to_string(), "bP");
        assert_eq!("wQ1".parse::<Piece>(), Ok(Piece::queen(Color::White)));
        assert_eq!("bP".parse::<Piece>().map(|p| p.bug), Ok(Bug::Pillbug));
    }

    #[test]
    fn names_outside_the_box_are_refused() {
        for bad in [
            "", "w", "xQ", "wQ2", "wA4", "wA0", "bS3", "wB12", "WQ", "wL2", "bM0", "wX",
        ] {
            assert!(bad.parse::<Piece>().is_err(), "{bad}");
        }
    }
}
