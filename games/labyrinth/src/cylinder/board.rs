//! The cylinder's board (seed 004): "квадрат 8х8 со склеенными западной и восточной сторонами (т.е.
//! если пойти на запад из северо-западного угла квадрата, то попадешь в северо-восточный угол)".
//!
//! West and east are glued, so every row is a ring: each cell has a side to its east, the last
//! column's toward column A. Only the north and south edges are the outer wall, where exits are
//! gaps. Nothing breaks a wall in this game.

use serde::{Deserialize, Serialize};

use crate::geometry::{Coord, Dir, Size};

/// Where a spinner's needle points instead of north (seed 004: "на одних клетках стрелка может
/// показывать вместо севера на восток …, на других — на юг, на третьих — на запад").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Needle {
    /// North shows east: "east" leads south.
    East,
    /// North shows south: every way is turned around.
    South,
    /// North shows west: "east" leads north.
    West,
}

impl Needle {
    /// Every wrong needle, in a fixed order.
    pub const ALL: [Needle; 3] = [Needle::East, Needle::South, Needle::West];

    /// The way a player actually goes when he names `said` standing here. The needle turned
    /// clockwise by a quarter (north shows east) turns every named way clockwise by as much: he
    /// takes the needle's east for north, so his "east" is the true south.
    pub fn turn(self, said: Dir) -> Dir {
        let quarters = match self {
            Needle::East => 1,
            Needle::South => 2,
            Needle::West => 3,
        };
        (0..quarters).fold(said, |d, _| clockwise(d))
    }

    /// The plan format's letter: `e`, `s` or `w`.
    pub fn letter(self) -> char {
        match self {
            Needle::East => 'e',
            Needle::South => 's',
            Needle::West => 'w',
        }
    }
}

/// A quarter turn clockwise: north to east, east to south.
fn clockwise(d: Dir) -> Dir {
    match d {
        Dir::Up => Dir::Right,
        Dir::Right => Dir::Down,
        Dir::Down => Dir::Left,
        Dir::Left => Dir::Up,
        vertical => vertical,
    }
}

/// What a cell is (seed 004's list, less the creatures and the treasure, which move or are carried).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ground {
    /// Суша: nothing happens.
    Land,
    /// Вертушка: a wrong compass; told as land.
    Spinner(Needle),
    /// Река: flows to the neighbour in this direction, a river or a swamp.
    River(Dir),
    /// Болото: two moves in a row in swamps kill.
    Swamp,
    /// Яма: leads to this other pit.
    Pit {
        /// The pit one comes out of.
        to: Coord,
    },
    /// Арсенал: three bullets on entering; unlimited shots from inside.
    Arsenal,
    /// Морг: where the dead come back to life.
    Morgue,
}

/// A side on the north or south edge.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rim {
    /// The outer wall.
    Wall,
    /// Выход: a gap, closed to (and seen as a wall by) a player without the treasure.
    Exit,
}

/// What lies across a side of a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Across {
    /// A neighbour, with or without a wall between.
    Cell {
        /// The neighbour.
        to: Coord,
        /// Whether a wall stands between.
        wall: bool,
    },
    /// The north or south edge.
    Rim(Rim),
}

/// The cylinder's board: cells, walls between them (the seam included) and the rims.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CylBoard {
    size: Size,
    cells: Vec<Ground>,
    /// A wall below each cell of rows 1..H-1: index `row * W + col`.
    below: Vec<bool>,
    /// A wall east of each cell, the last column's on the seam: index `row * W + col`.
    east: Vec<bool>,
    /// The north edge, then the south edge, W sides each.
    rims: Vec<Rim>,
}

impl CylBoard {
    /// Land everywhere, no inner walls, the outer wall north and south. The size is flat.
    pub fn new(size: Size) -> CylBoard {
        let size = Size::new(size.width, size.height).unwrap_or(size);
        let (w, h) = (usize::from(size.width), usize::from(size.height));
        CylBoard {
            size,
            cells: vec![Ground::Land; w * h],
            below: vec![false; w * (h - 1)],
            east: vec![false; w * h],
            rims: vec![Rim::Wall; 2 * w],
        }
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// What a cell is. Panics off the board.
    pub fn ground(&self, c: Coord) -> Ground {
        self.cells[self.size.index(c)]
    }

    /// Sets what a cell is.
    pub fn set_ground(&mut self, c: Coord, ground: Ground) {
        let i = self.size.index(c);
        self.cells[i] = ground;
    }

    /// Every cell with what it is, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (Coord, Ground)> + '_ {
        self.size.cells().map(|c| (c, self.ground(c)))
    }

    /// The neighbour of `c` toward `d`: across the seam west of column A and east of the last
    /// column; `None` past the north or south edge.
    pub fn neighbour(&self, c: Coord, d: Dir) -> Option<Coord> {
        let w = self.size.width;
        match d {
            Dir::Left => Some(Coord::new((c.col + w - 1) % w, c.row)),
            Dir::Right => Some(Coord::new((c.col + 1) % w, c.row)),
            Dir::Up | Dir::Down => self.size.neighbour(c, d),
            Dir::Higher | Dir::Lower => None,
        }
    }

    /// What lies across side `d` of cell `c`.
    pub fn across(&self, c: Coord, d: Dir) -> Across {
        if let Some(to) = self.neighbour(c, d) {
            let wall = self.wall_slot(c, d).is_some_and(|(v, i)| self.vec(v)[i]);
            return Across::Cell { to, wall };
        }
        let col = usize::from(c.col);
        match d {
            Dir::Up => Across::Rim(self.rims[col]),
            Dir::Down => Across::Rim(self.rims[usize::from(self.size.width) + col]),
            // Above and below a flat board: the outer wall.
            _ => Across::Rim(Rim::Wall),
        }
    }

    /// Puts up (or takes down) the wall on side `d` of `c`; `false` on the rims, which are set by
    /// [`CylBoard::set_rim`].
    pub fn set_wall(&mut self, c: Coord, d: Dir, wall: bool) -> bool {
        match self.wall_slot(c, d) {
            Some((Walls::Below, i)) => self.below[i] = wall,
            Some((Walls::East, i)) => self.east[i] = wall,
            None => return false,
        }
        true
    }

    /// Sets the north (`Dir::Up`) or south (`Dir::Down`) side of `c` on the edge; `false` elsewhere.
    pub fn set_rim(&mut self, c: Coord, d: Dir, rim: Rim) -> bool {
        let w = usize::from(self.size.width);
        let col = usize::from(c.col);
        match d {
            Dir::Up if c.row == 0 => self.rims[col] = rim,
            Dir::Down if c.row + 1 == self.size.height => self.rims[w + col] = rim,
            _ => return false,
        }
        true
    }

    /// Every exit as its cell and the side out (`Dir::Up` north, `Dir::Down` south).
    pub fn exits(&self) -> impl Iterator<Item = (Coord, Dir)> + '_ {
        let (w, h) = (self.size.width, self.size.height);
        let north = (0..w).map(|col| (Coord::new(col, 0), Dir::Up));
        let south = (0..w).map(move |col| (Coord::new(col, h - 1), Dir::Down));
        north
            .chain(south)
            .filter(|&(c, d)| self.across(c, d) == Across::Rim(Rim::Exit))
    }

    fn vec(&self, v: Walls) -> &[bool] {
        match v {
            Walls::Below => &self.below,
            Walls::East => &self.east,
        }
    }

    /// Where the wall on side `d` of `c` is kept; `None` on the north and south edges.
    fn wall_slot(&self, c: Coord, d: Dir) -> Option<(Walls, usize)> {
        let w = usize::from(self.size.width);
        let (col, row) = (usize::from(c.col), usize::from(c.row));
        match d {
            Dir::Right => Some((Walls::East, row * w + col)),
            Dir::Left => Some((Walls::East, row * w + (col + w - 1) % w)),
            Dir::Down if row + 1 < usize::from(self.size.height) => {
                Some((Walls::Below, row * w + col))
            }
            Dir::Up if row > 0 => Some((Walls::Below, (row - 1) * w + col)),
            _ => None,
        }
    }
}

#[derive(Copy, Clone)]
enum Walls {
    Below,
    East,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }

    #[test]
    fn west_and_east_are_glued() {
        // Seed 004: "если пойти на запад из северо-западного угла квадрата, то попадешь в
        // северо-восточный угол".
        let mut b = CylBoard::new(Size::new(8, 8).unwrap());
        assert_eq!(b.neighbour(c("A1"), Dir::Left), Some(c("H1")));
        assert_eq!(b.neighbour(c("H5"), Dir::Right), Some(c("A5")));
        assert_eq!(b.neighbour(c("A1"), Dir::Up), None);
        assert_eq!(b.across(c("A1"), Dir::Up), Across::Rim(Rim::Wall));
        // The seam has a wall like any side, shared by both cells.
        assert!(b.set_wall(c("A3"), Dir::Left, true));
        assert_eq!(
            b.across(c("H3"), Dir::Right),
            Across::Cell {
                to: c("A3"),
                wall: true
            }
        );
        assert!(b.set_wall(c("B2"), Dir::Up, true));
        assert_eq!(
            b.across(c("B1"), Dir::Down),
            Across::Cell {
                to: c("B2"),
                wall: true
            }
        );
        assert!(!b.set_wall(c("B1"), Dir::Up, true));
        assert!(b.set_rim(c("C8"), Dir::Down, Rim::Exit));
        assert!(!b.set_rim(c("C7"), Dir::Down, Rim::Exit));
        assert_eq!(b.exits().collect::<Vec<_>>(), vec![(c("C8"), Dir::Down)]);
    }

    #[test]
    fn a_spinner_turns_every_way_by_its_needle() {
        // Seed 004: "стрелка может показывать вместо севера на восток (и тогда по команде "восток"
        // игрок пойдет на юг)".
        assert_eq!(Needle::East.turn(Dir::Right), Dir::Down);
        assert_eq!(Needle::East.turn(Dir::Up), Dir::Right);
        assert_eq!(Needle::South.turn(Dir::Up), Dir::Down);
        assert_eq!(Needle::South.turn(Dir::Left), Dir::Right);
        assert_eq!(Needle::West.turn(Dir::Up), Dir::Left);
        assert_eq!(Needle::West.turn(Dir::Right), Dir::Up);
    }
}
