//! Coordinates, directions and board sizes (Kodex Б §1.4).
//!
//! Columns are letters A, B, C… from left to right, rows numbers 1, 2, 3… from top to bottom, as in
//! `shared/spec/labyrinth-plan.md`. "Up" is toward row 1.
//!
//! A 3-D maze (the encyclopedia's modification 12: "Лабиринт может быть трехмерный (команды «вверх»,
//! «вниз»)") stacks levels of the same width and height; level 1 is the lowest, and a cell above the
//! first is written `B3@2`. On a flat board every cell is on level 1 and written as before.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The largest width or height a board may have: columns are named by one letter A–Z.
pub const MAX_SIDE: u8 = 26;

/// The most levels a 3-D maze may have.
pub const MAX_LEVELS: u8 = 9;

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
    /// A level higher, in a 3-D maze (the encyclopedia's «вверх»).
    Higher,
    /// A level lower, in a 3-D maze (the encyclopedia's «вниз»).
    Lower,
}

impl Dir {
    /// The four directions on a level, in a fixed order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The six directions of a 3-D maze: the four on a level, then a level higher and lower.
    pub const SPATIAL: [Dir; 6] = [
        Dir::Up,
        Dir::Down,
        Dir::Left,
        Dir::Right,
        Dir::Higher,
        Dir::Lower,
    ];

    /// Whether the direction leads to another level.
    pub fn is_vertical(self) -> bool {
        matches!(self, Dir::Higher | Dir::Lower)
    }

    /// The direction pointing the other way.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
            Dir::Higher => Dir::Lower,
            Dir::Lower => Dir::Higher,
        }
    }

    /// Column and row offsets of one step on a level; a step to another level moves neither.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
            Dir::Higher | Dir::Lower => (0, 0),
        }
    }

    /// The level offset of one step.
    pub fn rise(self) -> i32 {
        match self {
            Dir::Higher => 1,
            Dir::Lower => -1,
            _ => 0,
        }
    }

    /// The English word for the direction, used in logs and tests.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
            Dir::Higher => "higher",
            Dir::Lower => "lower",
        }
    }
}

/// A cell of the board, zero-based internally, written `B3` (on a higher level of a 3-D maze
/// `B3@2`) for people — and in saved games, where it is the most frequent value (every step of every
/// path); an object `{"col": 1, "row": 2}`, as earlier versions saved it, is read too.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Zero-based column: 0 is `A`.
    pub col: u8,
    /// Zero-based row: 0 is `1`.
    pub row: u8,
    /// Zero-based level: 0 is level 1, the lowest, and the only one of a flat board.
    pub level: u8,
}

impl Coord {
    /// The cell at zero-based `col` and `row` on the first level.
    pub const fn new(col: u8, row: u8) -> Coord {
        Coord { col, row, level: 0 }
    }

    /// The cell at zero-based `col` and `row` on zero-based `level`.
    pub const fn at_level(col: u8, row: u8, level: u8) -> Coord {
        Coord { col, row, level }
    }

    /// The same column and row on zero-based `level`.
    pub const fn on_level(self, level: u8) -> Coord {
        Coord { level, ..self }
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name().as_str())
    }
}

impl Coord {
    /// The cell's name, `B3` or `B3@2`, in a buffer of its own: no allocation and no formatting
    /// machinery, for the hot path of saving a game (every step of every path is a cell).
    pub fn name(self) -> CellName {
        let mut name = CellName {
            bytes: [0u8; 6],
            len: 1,
        };
        name.bytes[0] = b'A' + self.col.min(MAX_SIDE - 1);
        name.push_number(self.row.min(MAX_SIDE - 1) + 1);
        if self.level > 0 {
            name.bytes[name.len] = b'@';
            name.len += 1;
            name.push_number(self.level.min(MAX_LEVELS - 1) + 1);
        }
        name
    }
}

/// A cell's name as [`Coord::name`] writes it.
#[derive(Copy, Clone, Debug)]
pub struct CellName {
    bytes: [u8; 6],
    len: usize,
}

impl CellName {
    /// Appends a number of one or two digits.
    fn push_number(&mut self, n: u8) {
        if n >= 10 {
            self.bytes[self.len] = b'0' + n / 10;
            self.len += 1;
        }
        self.bytes[self.len] = b'0' + n % 10;
        self.len += 1;
    }
}

impl CellName {
    /// The name as text.
    pub fn as_str(&self) -> &str {
        // A letter, digits and `@`: always ASCII.
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
        /// A name, or the fields, read in one pass (an untagged enum would buffer each first).
        struct Either;
        impl<'de> serde::de::Visitor<'de> for Either {
            type Value = Coord;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a cell name such as B3")
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Coord, E> {
                name.parse().map_err(E::custom)
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Coord, A::Error> {
                let f = Fields::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(Coord::new(f.col, f.row))
            }
        }
        d.deserialize_any(Either)
    }
}

/// Why a cell name such as `B3` could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a cell name such as B3 (or B3@2 on level 2)")]
pub struct BadCoord(pub String);

impl FromStr for Coord {
    type Err = BadCoord;

    /// Reads `B3` (or `b3`): a column letter, then a row number from 1; then, for a level above the
    /// first, `@` and the level's number (`B3@2`; `B3@1` is `B3`).
    fn from_str(s: &str) -> Result<Coord, BadCoord> {
        let bad = || BadCoord(s.to_string());
        let (cell, level) = match s.split_once('@') {
            None => (s, 0),
            Some((cell, level)) => {
                let ok = !level.is_empty()
                    && level.len() <= 2
                    && level.bytes().all(|b| b.is_ascii_digit());
                let level: u8 = level
                    .parse()
                    .ok()
                    .filter(|&l| ok && (1..=MAX_LEVELS).contains(&l))
                    .ok_or_else(bad)?;
                (cell, level - 1)
            }
        };
        let mut chars = cell.chars();
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
        Ok(Coord::at_level(letter as u8 - b'A', row - 1, level))
    }
}

/// The width and height of a rectangular board, and the number of its levels (1 but in a 3-D maze).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Size {
    /// Number of columns, 1..=26.
    pub width: u8,
    /// Number of rows, 1..=26.
    pub height: u8,
    /// Number of levels, 1..=9; a flat board has one, and saves nothing of it.
    #[serde(default = "one_level", skip_serializing_if = "is_one_level")]
    pub levels: u8,
}

fn one_level() -> u8 {
    1
}

fn is_one_level(levels: &u8) -> bool {
    *levels == 1
}

/// Why a size such as `6x5` could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a size such as 6x5 (width and height from 1 to 26), or 6x5x2 for a maze of 2 to 9 levels"
)]
pub struct BadSize(pub String);

impl Size {
    /// A flat size, or `None` when a side is 0 or over [`MAX_SIDE`].
    pub fn new(width: u8, height: u8) -> Option<Size> {
        Size::stacked(width, height, 1)
    }

    /// A size of `levels` levels, or `None` when a side is 0 or over [`MAX_SIDE`], or the levels
    /// are 0 or over [`MAX_LEVELS`].
    pub fn stacked(width: u8, height: u8, levels: u8) -> Option<Size> {
        let ok = |n: u8| (1..=MAX_SIDE).contains(&n);
        (ok(width) && ok(height) && (1..=MAX_LEVELS).contains(&levels)).then_some(Size {
            width,
            height,
            levels,
        })
    }

    /// Whether the maze has more than one level.
    pub fn is_3d(self) -> bool {
        self.levels > 1
    }

    /// The directions a step may take: four on a flat board, six in a 3-D maze.
    pub fn dirs(self) -> &'static [Dir] {
        if self.is_3d() {
            &Dir::SPATIAL
        } else {
            &Dir::ALL
        }
    }

    /// Number of cells of one level.
    pub fn level_area(self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// Number of cells, all levels together.
    pub fn area(self) -> usize {
        self.level_area() * usize::from(self.levels)
    }

    /// Whether the cell lies on the board.
    pub fn contains(self, c: Coord) -> bool {
        c.col < self.width && c.row < self.height && c.level < self.levels
    }

    /// Index of a cell on the board: level by level, each in reading order.
    pub fn index(self, c: Coord) -> usize {
        usize::from(c.level) * self.level_area()
            + usize::from(c.row) * usize::from(self.width)
            + usize::from(c.col)
    }

    /// The cell of an index.
    pub fn coord(self, index: usize) -> Coord {
        let w = usize::from(self.width);
        let on_level = index % self.level_area();
        Coord::at_level(
            (on_level % w) as u8,
            (on_level / w) as u8,
            (index / self.level_area()) as u8,
        )
    }

    /// Every cell in reading order: row 1 left to right, then row 2, …; level by level.
    pub fn cells(self) -> impl Iterator<Item = Coord> {
        (0..self.area()).map(move |i| self.coord(i))
    }

    /// The neighbour of `c` in direction `d`, or `None` past the border (or above the highest
    /// level, below the lowest).
    pub fn neighbour(self, c: Coord, d: Dir) -> Option<Coord> {
        let (dc, dr) = d.delta();
        let col = i32::from(c.col) + dc;
        let row = i32::from(c.row) + dr;
        let level = i32::from(c.level) + d.rise();
        let inside = (0..i32::from(self.width)).contains(&col)
            && (0..i32::from(self.height)).contains(&row)
            && (0..i32::from(self.levels)).contains(&level);
        inside.then(|| Coord::at_level(col as u8, row as u8, level as u8))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)?;
        if self.is_3d() {
            write!(f, "x{}", self.levels)?;
        }
        Ok(())
    }
}

impl FromStr for Size {
    type Err = BadSize;

    /// Reads `6x5` (also `6х5` with a Cyrillic х, as Russian players type it), and `6x5x2` for a
    /// maze of two levels.
    fn from_str(s: &str) -> Result<Size, BadSize> {
        let bad = || BadSize(s.to_string());
        let numbers: Vec<&str> = s.split(['x', 'X', 'х', 'Х', '×']).collect();
        let number = |i: usize| -> Result<u8, BadSize> {
            let n = numbers[i].trim();
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            n.parse().map_err(|_| bad())
        };
        match numbers.len() {
            2 => Size::new(number(0)?, number(1)?),
            3 => Size::stacked(number(0)?, number(1)?, number(2)?),
            _ => None,
        }
        .ok_or_else(bad)
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
        let size = Size::stacked(26, 26, MAX_LEVELS).unwrap();
        for c in size.cells() {
            assert_eq!(c.to_string().parse::<Coord>(), Ok(c));
        }
        assert_eq!("b3".parse::<Coord>(), Ok(Coord::new(1, 2)));
        // The encyclopedia's modification 12: a cell of level 2, and level 1 written out.
        assert_eq!("B3@2".parse::<Coord>(), Ok(Coord::at_level(1, 2, 1)));
        assert_eq!("B3@1".parse::<Coord>(), Ok(Coord::new(1, 2)));
        assert_eq!(Coord::at_level(25, 25, 8).to_string(), "Z26@9");
        for bad in [
            "", "3", "B", "B0", "B27", "ББ", "B3x", "B+3", "B3@", "B3@0", "B3@10", "B3@+2", "@2",
        ] {
            assert!(bad.parse::<Coord>().is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_parse_in_both_alphabets() {
        assert_eq!("6x5".parse::<Size>(), Ok(Size::new(6, 5).unwrap()));
        assert_eq!("6х5".parse::<Size>(), Ok(Size::new(6, 5).unwrap()));
        // The encyclopedia's modification 12: levels.
        assert_eq!("4x3x2".parse::<Size>(), Ok(Size::stacked(4, 3, 2).unwrap()));
        assert_eq!(Size::stacked(4, 3, 2).unwrap().to_string(), "4x3x2");
        assert_eq!(Size::new(4, 3).unwrap().to_string(), "4x3");
        assert!("4x3x0".parse::<Size>().is_err());
        assert!("4x3x10".parse::<Size>().is_err());
        assert!("4x3x2x2".parse::<Size>().is_err());
        assert!("4x+3".parse::<Size>().is_err());
        assert!("0x5".parse::<Size>().is_err());
        assert!("27x5".parse::<Size>().is_err());
    }

    #[test]
    fn levels_are_neighbours_above_and_below() {
        // The encyclopedia's modification 12: «вверх», «вниз».
        let s = Size::stacked(3, 2, 2).unwrap();
        let low = Coord::new(1, 1);
        assert_eq!(s.neighbour(low, Dir::Higher), Some(low.on_level(1)));
        assert_eq!(s.neighbour(low, Dir::Lower), None);
        assert_eq!(s.neighbour(low.on_level(1), Dir::Higher), None);
        assert_eq!(s.neighbour(low.on_level(1), Dir::Lower), Some(low));
        assert_eq!(Size::new(3, 2).unwrap().neighbour(low, Dir::Higher), None);
        assert_eq!(s.area(), 12);
        assert_eq!(s.cells().filter(|c| c.level == 1).count(), 6);
        for (i, c) in s.cells().enumerate() {
            assert_eq!(s.index(c), i);
        }
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
