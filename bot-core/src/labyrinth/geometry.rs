//! Coordinates, directions and board sizes (Kodex Б §1.4).
//!
//! Columns are letters A, B, C… from left to right, rows numbers 1, 2, 3… from top to bottom, as in
//! `shared/spec/labyrinth-plan.md`. "Up" is toward row 1.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The largest width or height a board may have: columns are named by one letter A–Z.
pub const MAX_SIDE: u8 = 26;

/// One of the four directions of Kodex Б §2.1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// Toward row 1.
    Up,
    /// Toward the last row.
    Down,
    /// Toward column A.
    Left,
    /// Toward the last column.
    Right,
}

impl Dir {
    /// All four directions, in a fixed order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The direction pointing the other way.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// Column and row offsets of one step.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }

    /// The English word for the direction, used in logs and tests.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// A cell of the board, zero-based internally, written `B3` for people — and in saved games, where
/// it is the most frequent value (every step of every path); an object `{"col": 1, "row": 2}`, as
/// earlier versions saved it, is read too.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Zero-based column: 0 is `A`.
    pub col: u8,
    /// Zero-based row: 0 is `1`.
    pub row: u8,
}

impl Coord {
    /// The cell at zero-based `col` and `row`.
    pub const fn new(col: u8, row: u8) -> Coord {
        Coord { col, row }
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name().as_str())
    }
}

impl Coord {
    /// The cell's name, `B3`, in a buffer of its own: no allocation and no formatting machinery,
    /// for the hot path of saving a game (every step of every path is a cell).
    pub fn name(self) -> CellName {
        let mut bytes = [0u8; 3];
        bytes[0] = b'A' + self.col.min(MAX_SIDE - 1);
        let row = self.row.min(MAX_SIDE - 1) + 1;
        let len = if row < 10 {
            bytes[1] = b'0' + row;
            2
        } else {
            bytes[1] = b'0' + row / 10;
            bytes[2] = b'0' + row % 10;
            3
        };
        CellName { bytes, len }
    }
}

/// A cell's name as [`Coord::name`] writes it.
#[derive(Copy, Clone, Debug)]
pub struct CellName {
    bytes: [u8; 3],
    len: usize,
}

impl CellName {
    /// The name as text.
    pub fn as_str(&self) -> &str {
        // A letter and one or two digits: always ASCII.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("?")
    }
}

impl Serialize for Coord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name().as_str())
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Coord, D::Error> {
        /// The object form of earlier saved games.
        #[derive(Deserialize)]
        struct Fields {
            col: u8,
            row: u8,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Saved {
            Name(String),
            Fields(Fields),
        }
        match Saved::deserialize(d)? {
            Saved::Name(name) => name.parse().map_err(serde::de::Error::custom),
            Saved::Fields(f) => Ok(Coord::new(f.col, f.row)),
        }
    }
}

/// Why a cell name such as `B3` could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a cell name such as B3")]
pub struct BadCoord(pub String);

impl FromStr for Coord {
    type Err = BadCoord;

    /// Reads `B3` (or `b3`): a column letter, then a row number from 1.
    fn from_str(s: &str) -> Result<Coord, BadCoord> {
        let bad = || BadCoord(s.to_string());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: u8 = digits.parse().map_err(|_| bad())?;
        if row == 0 || row > MAX_SIDE {
            return Err(bad());
        }
        Ok(Coord::new(letter as u8 - b'A', row - 1))
    }
}

/// The width and height of a rectangular board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Size {
    /// Number of columns, 1..=26.
    pub width: u8,
    /// Number of rows, 1..=26.
    pub height: u8,
}

/// Why a size such as `6x5` could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a size such as 6x5 (width and height from 1 to 26)")]
pub struct BadSize(pub String);

impl Size {
    /// A size, or `None` when a side is 0 or over [`MAX_SIDE`].
    pub fn new(width: u8, height: u8) -> Option<Size> {
        let ok = |n: u8| (1..=MAX_SIDE).contains(&n);
        (ok(width) && ok(height)).then_some(Size { width, height })
    }

    /// Number of cells.
    pub fn area(self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// Whether the cell lies on the board.
    pub fn contains(self, c: Coord) -> bool {
        c.col < self.width && c.row < self.height
    }

    /// Row-major index of a cell on the board.
    pub fn index(self, c: Coord) -> usize {
        usize::from(c.row) * usize::from(self.width) + usize::from(c.col)
    }

    /// The cell of a row-major index.
    pub fn coord(self, index: usize) -> Coord {
        let w = usize::from(self.width);
        Coord::new((index % w) as u8, (index / w) as u8)
    }

    /// Every cell in reading order: row 1 left to right, then row 2, …
    pub fn cells(self) -> impl Iterator<Item = Coord> {
        (0..self.area()).map(move |i| self.coord(i))
    }

    /// The neighbour of `c` in direction `d`, or `None` past the border.
    pub fn neighbour(self, c: Coord, d: Dir) -> Option<Coord> {
        let (dc, dr) = d.delta();
        let col = i32::from(c.col) + dc;
        let row = i32::from(c.row) + dr;
        let inside =
            (0..i32::from(self.width)).contains(&col) && (0..i32::from(self.height)).contains(&row);
        inside.then(|| Coord::new(col as u8, row as u8))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Size {
    type Err = BadSize;

    /// Reads `6x5` (also `6х5` with a Cyrillic х, as Russian players type it).
    fn from_str(s: &str) -> Result<Size, BadSize> {
        let bad = || BadSize(s.to_string());
        let (w, h) = s.split_once(['x', 'X', 'х', 'Х', '×']).ok_or_else(bad)?;
        let w: u8 = w.trim().parse().map_err(|_| bad())?;
        let h: u8 = h.trim().parse().map_err(|_| bad())?;
        Size::new(w, h).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn cells_are_saved_by_name_and_read_in_either_form() {
        for c in [
            Coord::new(0, 0),
            Coord::new(1, 8),
            Coord::new(2, 9),
            Coord::new(25, 25),
        ] {
            let json = serde_json::to_string(&c).unwrap();
            assert_eq!(json, format!("\"{c}\""));
            assert_eq!(serde_json::from_str::<Coord>(&json).unwrap(), c);
            let earlier = format!(r#"{{"col":{},"row":{}}}"#, c.col, c.row);
            assert_eq!(serde_json::from_str::<Coord>(&earlier).unwrap(), c);
        }
        assert!(serde_json::from_str::<Coord>("\"A0\"").is_err());
        assert!(serde_json::from_str::<Coord>("\"b2\"").is_ok());
        assert!(serde_json::from_str::<Coord>("7").is_err());
    }

    use super::*;

    #[test]
    fn coord_names_read_back() {
        let size = Size::new(26, 26).unwrap();
        for c in size.cells() {
            assert_eq!(c.to_string().parse::<Coord>(), Ok(c));
        }
        assert_eq!("b3".parse::<Coord>(), Ok(Coord::new(1, 2)));
        for bad in ["", "3", "B", "B0", "B27", "ББ", "B3x", "B+3"] {
            assert!(bad.parse::<Coord>().is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_parse_in_both_alphabets() {
        assert_eq!(
            "6x5".parse::<Size>(),
            Ok(Size {
                width: 6,
                height: 5
            })
        );
        assert_eq!(
            "6х5".parse::<Size>(),
            Ok(Size {
                width: 6,
                height: 5
            })
        );
        assert!("0x5".parse::<Size>().is_err());
        assert!("27x5".parse::<Size>().is_err());
    }

    #[test]
    fn neighbours_stop_at_the_border() {
        let s = Size::new(3, 2).unwrap();
        assert_eq!(s.neighbour(Coord::new(0, 0), Dir::Up), None);
        assert_eq!(s.neighbour(Coord::new(0, 0), Dir::Left), None);
        assert_eq!(
            s.neighbour(Coord::new(0, 0), Dir::Right),
            Some(Coord::new(1, 0))
        );
        assert_eq!(s.neighbour(Coord::new(2, 1), Dir::Down), None);
        assert_eq!(
            s.neighbour(Coord::new(2, 1), Dir::Up),
            Some(Coord::new(2, 0))
        );
    }
}
