//! The board: cell types (Kodex Б §4) and the walls between and around cells (Kodex Б §1.4).
//!
//! Inner sides and border sides are different types, so a closed exit cannot stand between two cells
//! and an unbreakable inner wall cannot stand on the border.

use serde::{Deserialize, Serialize};

use super::geometry::{Coord, Dir, Size};

/// A pit's identity in a plan: its cycle's letter and its place in the cycle (Kodex Б §4.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PitId {
    /// The cycle, 0 for `a` … 25 for `z`.
    pub cycle: u8,
    /// Place in the cycle, from 1.
    pub place: u16,
}

impl PitId {
    /// The cycle's letter as written in plans: `a`…`z`.
    pub fn letter(self) -> char {
        (b'a' + self.cycle) as char
    }
}

impl std::fmt::Display for PitId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.letter(), self.place)
    }
}

/// The type of a cell (Kodex Б §4). A cell has exactly one type (Kodex Б §8.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    /// Суша, §4.1: nothing happens.
    Land,
    /// Медсанбат, §4.2: heals; no shooting from or through it.
    Hospital,
    /// Арсенал, §4.3: refills bullets and grenades.
    Arsenal,
    /// Яма, §4.4: moves whoever enters to the next pit of its cycle.
    Pit(PitId),
    /// Река, §4.5: flows toward the neighbour in this direction.
    River(Dir),
    /// Устье, §4.5: where a river system ends.
    Mouth,
    /// Энцефалит, §4.7: the tick.
    Encephalitis,
    /// Болото, the encyclopedia's modification 17: whoever enters loses his next move (`swamps=yes`).
    Swamp,
    /// A pit of a pit–exit pair (the encyclopedia's modification 8, `Y1`): whoever enters comes out
    /// at once on the pair's exit.
    Chute(u8),
    /// The exit of a pit–exit pair (modification 8, `X1`): where the pair's pit brings one out.
    Outlet(u8),
}

impl Cell {
    /// Whether the cell is a river (not a mouth).
    pub fn is_river(self) -> bool {
        matches!(self, Cell::River(_))
    }
}

/// A side between two cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum InnerWall {
    /// No wall: one may pass.
    Open,
    /// A wall one grenade destroys (§5.4).
    Wall,
    /// A wall no grenade breaks (an extension of the plan format: `###`).
    Solid,
    /// A wall with a window (the encyclopedia's modification 16, `:::`): bullets and boomerangs fly
    /// through, players are told "wall". A grenade breaks it.
    Window,
    /// A rubber wall (modification 4, `ooo`): the player is told he went, and stays. A grenade
    /// breaks it.
    Rubber,
    /// A one-way wall (modification 5, `vvv` `^^^` `>` `<`): open toward this direction, a wall the
    /// other way, for players and bullets alike. A grenade breaks it.
    OneWay(Dir),
}

impl InnerWall {
    /// Whether a player stepping across it toward `toward` is stopped.
    pub fn stops_walker(self, toward: Dir) -> bool {
        match self {
            InnerWall::Open => false,
            InnerWall::OneWay(open) => open != toward,
            InnerWall::Wall | InnerWall::Solid | InnerWall::Window | InnerWall::Rubber => true,
        }
    }

    /// Whether a bullet or a boomerang flying across it toward `toward` is stopped.
    pub fn stops_shot(self, toward: Dir) -> bool {
        match self {
            InnerWall::Window => false,
            wall => wall.stops_walker(toward),
        }
    }

    /// Whether one grenade turns it into an open side (Kodex Б §5.4; `###` holds).
    pub fn breakable(self) -> bool {
        !matches!(self, InnerWall::Open | InnerWall::Solid)
    }
}

/// A side on the border of the maze (Kodex Б §1.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Border {
    /// The outer wall, which no grenade breaks.
    Wall,
    /// A closed exit: an outer wall one grenade turns into an open exit.
    ClosedExit,
    /// An open exit: a step through it leaves the maze.
    Exit,
}

/// One side of a cell, inner or on the border.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// A side shared with a neighbour.
    Inner(InnerWall),
    /// A side on the border.
    Border(Border),
}

impl Side {
    /// Whether a step across this side toward `toward` is stopped (an open exit lets one out of the
    /// maze).
    pub fn blocks(self, toward: Dir) -> bool {
        match self {
            Side::Inner(wall) => wall.stops_walker(toward),
            Side::Border(border) => border != Border::Exit,
        }
    }

    /// Whether a bullet or boomerang flying across this side toward `toward` is stopped.
    pub fn blocks_shot(self, toward: Dir) -> bool {
        match self {
            Side::Inner(wall) => wall.stops_shot(toward),
            Side::Border(border) => border != Border::Exit,
        }
    }
}

mod saved;

/// A rectangular Labyrinth board of one level or more: cell types and walls, without items or
/// players. Saved in a compact form of its own (see `board/saved.rs`).
///
/// Each level keeps its sides as a flat board does, one level after the other; the floors between
/// levels (the encyclopedia's modification 12) are inner sides of their own. Below the lowest level
/// and above the highest lies the outer wall, with no exit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: Size,
    cells: Vec<Cell>,
    /// Sides below each cell of rows 1..H-1: index `level * W * (H-1) + row * W + col`.
    below: Vec<InnerWall>,
    /// Sides right of each cell of columns A..W-1: index `level * (W-1) * H + row * (W-1) + col`.
    right: Vec<InnerWall>,
    /// Border sides of each level: top row (W), bottom row (W), left column (H), right column (H).
    border: Vec<Border>,
    /// The floor above each cell of levels 1..L-1: index `level * W * H + row * W + col`. Empty on a
    /// flat board.
    floors: Vec<InnerWall>,
}

impl Board {
    /// A board of land with no inner walls on its levels, closed by the outer wall all round; the
    /// floors between levels are walls (a maze is climbed where its plan opens them).
    pub fn new(size: Size) -> Board {
        let (w, h) = (usize::from(size.width), usize::from(size.height));
        let levels = usize::from(size.levels);
        Board {
            size,
            cells: vec![Cell::Land; size.area()],
            below: vec![InnerWall::Open; w * (h - 1) * levels],
            right: vec![InnerWall::Open; (w - 1) * h * levels],
            border: vec![Border::Wall; (2 * w + 2 * h) * levels],
            floors: vec![InnerWall::Wall; size.level_area() * (levels - 1)],
        }
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The type of a cell. Panics if the cell is not on the board.
    pub fn cell(&self, c: Coord) -> Cell {
        self.cells[self.size.index(c)]
    }

    /// Sets the type of a cell. A river flows on its level: one flowing to another level is not
    /// set, and `false` says so.
    pub fn set_cell(&mut self, c: Coord, cell: Cell) -> bool {
        if let Cell::River(d) = cell
            && d.is_vertical()
        {
            return false;
        }
        let i = self.size.index(c);
        self.cells[i] = cell;
        true
    }

    /// Every cell with its type, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (Coord, Cell)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, &cell)| (self.size.coord(i), cell))
    }

    /// The side of cell `c` facing `d`.
    pub fn side(&self, c: Coord, d: Dir) -> Side {
        match self.slot(c, d) {
            Slot::Inner(v, i) => Side::Inner(self.inner_vec(v)[i]),
            Slot::Border(i) => Side::Border(self.border[i]),
            Slot::Roof => Side::Border(Border::Wall),
        }
    }

    /// Sets the inner side of `c` facing `d`. Returns `false` (and changes nothing) on the border,
    /// and for a one-way wall whose way does not cross this side.
    pub fn set_inner(&mut self, c: Coord, d: Dir, wall: InnerWall) -> bool {
        if let InnerWall::OneWay(open) = wall
            && open != d
            && open != d.opposite()
        {
            return false;
        }
        match self.slot(c, d) {
            Slot::Inner(InnerVec::Below, i) => self.below[i] = wall,
            Slot::Inner(InnerVec::Right, i) => self.right[i] = wall,
            Slot::Inner(InnerVec::Floor, i) => self.floors[i] = wall,
            Slot::Border(_) | Slot::Roof => return false,
        }
        true
    }

    /// Sets the border side of `c` facing `d`. Returns `false` (and changes nothing) inside, and
    /// above the highest level or below the lowest, which have no exit.
    pub fn set_border(&mut self, c: Coord, d: Dir, border: Border) -> bool {
        match self.slot(c, d) {
            Slot::Border(i) => self.border[i] = border,
            Slot::Inner(..) | Slot::Roof => return false,
        }
        true
    }

    /// Every border side of each level as (cell, direction out of the maze, kind), clockwise from
    /// the top-left corner, level by level.
    pub fn border_sides(&self) -> impl Iterator<Item = (Coord, Dir, Border)> + '_ {
        (0..self.size.levels).flat_map(move |l| self.border_sides_of(l))
    }

    fn border_sides_of(&self, l: u8) -> impl Iterator<Item = (Coord, Dir, Border)> + '_ {
        let (w, h) = (self.size.width, self.size.height);
        let top = (0..w).map(move |c| (Coord::at_level(c, 0, l), Dir::Up));
        let right = (0..h).map(move |r| (Coord::at_level(w - 1, r, l), Dir::Right));
        let bottom = (0..w)
            .rev()
            .map(move |c| (Coord::at_level(c, h - 1, l), Dir::Down));
        let left = (0..h)
            .rev()
            .map(move |r| (Coord::at_level(0, r, l), Dir::Left));
        top.chain(right)
            .chain(bottom)
            .chain(left)
            .map(|(c, d)| match self.side(c, d) {
                Side::Border(b) => (c, d, b),
                Side::Inner(_) => unreachable!("border iteration reached an inner side"),
            })
    }

    /// Every inner side once, as (cell, direction `Right`, `Down` or `Higher`, wall), in reading
    /// order.
    pub fn inner_sides(&self) -> impl Iterator<Item = (Coord, Dir, InnerWall)> + '_ {
        self.size.cells().flat_map(move |c| {
            [Dir::Right, Dir::Down, Dir::Higher]
                .into_iter()
                .filter_map(move |d| match self.side(c, d) {
                    Side::Inner(w) => Some((c, d, w)),
                    Side::Border(_) => None,
                })
        })
    }

    /// Every cell whose floor above is open: where one climbs to the level above (the plan's
    /// `stairs:`).
    pub fn stairs(&self) -> impl Iterator<Item = Coord> + '_ {
        self.size
            .cells()
            .filter(move |&c| self.side(c, Dir::Higher) == Side::Inner(InnerWall::Open))
    }

    /// The neighbour one step from `c` toward `d`, or `None` past the border.
    pub fn neighbour(&self, c: Coord, d: Dir) -> Option<Coord> {
        self.size.neighbour(c, d)
    }

    fn inner_vec(&self, v: InnerVec) -> &[InnerWall] {
        match v {
            InnerVec::Below => &self.below,
            InnerVec::Right => &self.right,
            InnerVec::Floor => &self.floors,
        }
    }

    fn slot(&self, c: Coord, d: Dir) -> Slot {
        let (w, h) = (usize::from(self.size.width), usize::from(self.size.height));
        let (col, row, level) = (usize::from(c.col), usize::from(c.row), usize::from(c.level));
        assert!(self.size.contains(c), "{c} is off the {} board", self.size);
        let below = level * w * (h - 1);
        let right = level * (w - 1) * h;
        let border = level * (2 * w + 2 * h);
        let floor = |l: usize| l * w * h + row * w + col;
        match d {
            Dir::Up if row == 0 => Slot::Border(border + col),
            Dir::Up => Slot::Inner(InnerVec::Below, below + (row - 1) * w + col),
            Dir::Down if row + 1 == h => Slot::Border(border + w + col),
            Dir::Down => Slot::Inner(InnerVec::Below, below + row * w + col),
            Dir::Left if col == 0 => Slot::Border(border + 2 * w + row),
            Dir::Left => Slot::Inner(InnerVec::Right, right + row * (w - 1) + col - 1),
            Dir::Right if col + 1 == w => Slot::Border(border + 2 * w + h + row),
            Dir::Right => Slot::Inner(InnerVec::Right, right + row * (w - 1) + col),
            Dir::Higher if level + 1 == usize::from(self.size.levels) => Slot::Roof,
            Dir::Higher => Slot::Inner(InnerVec::Floor, floor(level)),
            Dir::Lower if level == 0 => Slot::Roof,
            Dir::Lower => Slot::Inner(InnerVec::Floor, floor(level - 1)),
        }
    }
}

#[derive(Copy, Clone)]
enum InnerVec {
    Below,
    Right,
    Floor,
}

#[derive(Copy, Clone)]
enum Slot {
    Inner(InnerVec, usize),
    Border(usize),
    /// Above the highest level or below the lowest: the outer wall, with no exit.
    Roof,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_shared_by_both_neighbours() {
        let size = Size::new(4, 3).unwrap();
        let mut b = Board::new(size);
        let c = Coord::new(1, 1);
        assert!(b.set_inner(c, Dir::Right, InnerWall::Solid));
        assert!(b.set_inner(c, Dir::Up, InnerWall::Wall));
        assert_eq!(
            b.side(Coord::new(2, 1), Dir::Left),
            Side::Inner(InnerWall::Solid)
        );
        assert_eq!(
            b.side(Coord::new(1, 0), Dir::Down),
            Side::Inner(InnerWall::Wall)
        );
        assert_eq!(b.side(c, Dir::Down), Side::Inner(InnerWall::Open));
    }

    #[test]
    fn border_and_inner_sides_do_not_mix() {
        let mut b = Board::new(Size::new(2, 2).unwrap());
        assert!(!b.set_inner(Coord::new(0, 0), Dir::Up, InnerWall::Open));
        assert!(!b.set_border(Coord::new(0, 0), Dir::Right, Border::Exit));
        assert!(b.set_border(Coord::new(1, 1), Dir::Down, Border::ClosedExit));
        assert_eq!(
            b.side(Coord::new(1, 1), Dir::Down),
            Side::Border(Border::ClosedExit)
        );
        assert_eq!(b.border_sides().count(), 8);
        assert_eq!(
            b.border_sides()
                .filter(|s| s.2 == Border::ClosedExit)
                .count(),
            1
        );
        assert_eq!(b.inner_sides().count(), 4);
    }
    #[test]
    fn floors_join_levels_and_roofs_close_them() {
        // The encyclopedia's modification 12: «вверх», «вниз» between levels.
        let mut b = Board::new(Size::stacked(3, 2, 3).unwrap());
        let c = Coord::at_level(1, 1, 1);
        assert_eq!(b.side(c, Dir::Higher), Side::Inner(InnerWall::Wall));
        assert!(b.set_inner(c, Dir::Higher, InnerWall::Open));
        assert_eq!(
            b.side(c.on_level(2), Dir::Lower),
            Side::Inner(InnerWall::Open)
        );
        assert_eq!(
            b.side(c.on_level(0), Dir::Higher),
            Side::Inner(InnerWall::Wall)
        );
        assert_eq!(
            b.side(c.on_level(0), Dir::Lower),
            Side::Border(Border::Wall)
        );
        assert_eq!(
            b.side(c.on_level(2), Dir::Higher),
            Side::Border(Border::Wall)
        );
        assert!(!b.set_border(c.on_level(2), Dir::Higher, Border::Exit));
        assert_eq!(b.stairs().collect::<Vec<_>>(), vec![c]);
        // Each level has its own sides.
        assert!(b.set_inner(c, Dir::Right, InnerWall::Solid));
        assert_eq!(
            b.side(c.on_level(0), Dir::Right),
            Side::Inner(InnerWall::Open)
        );
        assert!(b.set_border(c.on_level(2), Dir::Down, Border::Exit));
        assert_eq!(b.side(c, Dir::Down), Side::Border(Border::Wall));
        assert_eq!(b.border_sides().count(), 3 * 10);
        assert_eq!(b.inner_sides().count(), 3 * 7 + 2 * 6);
        // A river flows on its level.
        assert!(!b.set_cell(c, Cell::River(Dir::Higher)));
        assert_eq!(b.cell(c), Cell::Land);
    }

    #[test]
    fn boards_survive_serialisation() {
        // Saved games keep their board (walls blown in play included).
        let mut b = Board::new(Size::new(3, 2).unwrap());
        b.set_cell(Coord::new(1, 0), Cell::Pit(PitId { cycle: 2, place: 1 }));
        b.set_cell(Coord::new(2, 1), Cell::River(Dir::Left));
        b.set_inner(Coord::new(0, 0), Dir::Down, InnerWall::Solid);
        b.set_border(Coord::new(0, 1), Dir::Left, Border::ClosedExit);
        let text = toml::to_string(&b).unwrap();
        assert_eq!(toml::from_str::<Board>(&text).unwrap(), b);
    }
}
