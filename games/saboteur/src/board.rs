//! The maze on the table: the start card, the three goals and the tunnel cards laid so far, with the
//! rule of where a path card may lie (Ход картой «путь») and of which goals the tunnel reaches
//! (Конец раунда).
//!
//! The start lies at `0,0` and the goals face down at `8,-2`, `8,0`, `8,2` (seven cards between the
//! start and the goals, one between goals); the maze may grow beyond that 5×9 area in any direction
//! (Подготовка), so the board is an open map of cells.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::card::{Dir, Path, serde_by_name};
use super::refusal::Refusal;

/// A cell of the table, `x` toward the goals, `y` downward; the start is `0,0`.
///
/// Named `x,y` (`8,-2`); ordered in reading order (by `y`, then `x`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Column: grows toward the goals.
    pub x: i32,
    /// Row: grows downward.
    pub y: i32,
}

impl Cell {
    /// The cell at `x,y`.
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    /// The neighbouring cell on side `d`.
    pub fn next(self, d: Dir) -> Cell {
        let (dx, dy) = d.step();
        Cell::new(self.x + dx, self.y + dy)
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Cell) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cell {
    fn cmp(&self, other: &Cell) -> std::cmp::Ordering {
        (self.y, self.x).cmp(&(other.y, other.x))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A cell name that is not `x,y`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a cell: name it as x,y, like 1,0 or 8,-2")]
pub struct BadCell(pub String);

impl FromStr for Cell {
    type Err = BadCell;

    /// Reads `x,y` (spaces around the numbers allowed).
    fn from_str(s: &str) -> Result<Cell, BadCell> {
        let bad = || BadCell(s.to_string());
        let (x, y) = s.split_once(',').ok_or_else(bad)?;
        let x = x.trim().parse().map_err(|_| bad())?;
        let y = y.trim().parse().map_err(|_| bad())?;
        Ok(Cell::new(x, y))
    }
}

serde_by_name!(Cell);

/// The start card's cell.
pub const START: Cell = Cell::new(0, 0);

/// The goal cards' cells, top to bottom.
pub const GOALS: [Cell; 3] = [Cell::new(8, -2), Cell::new(8, 0), Cell::new(8, 2)];

/// What lies on a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tile {
    /// The start card (a cross, the ladder), face up.
    Start,
    /// A goal card.
    Goal {
        /// The treasure (else stone).
        gold: bool,
        /// `None` while face down; once face up, the sides it lies with.
        revealed: Option<Path>,
    },
    /// A tunnel card, as it lies.
    Tunnel(Path),
}

impl Tile {
    /// The sides the card shows, if it is face up: the start is a cross; a face-down goal shows none.
    pub fn path(&self) -> Option<Path> {
        match *self {
            Tile::Start => Some(Path::CROSS),
            Tile::Goal { revealed, .. } => revealed,
            Tile::Tunnel(p) => Some(p),
        }
    }
}

/// The maze: every card on the table by cell, and the picture of each goal card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    tiles: BTreeMap<Cell, Tile>,
    /// The sides of each goal's picture upright, by [`GOALS`] index: the gold goal is a cross, the
    /// stones are corners. Hidden until the goal is turned face up.
    faces: [Path; 3],
}

impl Board {
    /// The start card's cell.
    pub const START: Cell = START;
    /// The goal cards' cells, top to bottom.
    pub const GOALS: [Cell; 3] = GOALS;

    /// A fresh maze: the start and three face-down goals, `goals[i]` telling whether the goal at
    /// `GOALS[i]` is the gold one. The gold goal is a cross; the first stone (top to bottom) a N-E
    /// corner, the second a N-W corner. [`Board::with_goals`] chooses the stones' pictures too.
    pub fn new(goals: [bool; 3]) -> Board {
        let mut stones = [Path::open(&[Dir::N, Dir::E]), Path::open(&[Dir::N, Dir::W])].into_iter();
        let faces = goals.map(|gold| {
            if gold {
                Path::CROSS
            } else {
                stones.next().unwrap_or(Path::open(&[Dir::N, Dir::W]))
            }
        });
        Board::with_goals([0, 1, 2].map(|i| (goals[i], faces[i])))
    }

    /// A fresh maze whose goal at `GOALS[i]` is `goals[i]`: whether it is gold, and the sides of its
    /// picture upright. The game shuffles the three goal cards, pictures and all, so that a stone's
    /// picture says nothing about where the gold lies.
    pub fn with_goals(goals: [(bool, Path); 3]) -> Board {
        let mut tiles = BTreeMap::new();
        tiles.insert(START, Tile::Start);
        for (cell, &(gold, _)) in GOALS.iter().zip(&goals) {
            tiles.insert(
                *cell,
                Tile::Goal {
                    gold,
                    revealed: None,
                },
            );
        }
        Board {
            tiles,
            faces: goals.map(|(_, face)| face),
        }
    }

    /// What lies on a cell.
    pub fn get(&self, cell: Cell) -> Option<&Tile> {
        self.tiles.get(&cell)
    }

    /// Every card on the table, in reading order of cells.
    pub fn tiles(&self) -> impl Iterator<Item = (Cell, &Tile)> {
        self.tiles.iter().map(|(&c, t)| (c, t))
    }

    /// The sides a face-up card shows on a cell; `None` for an empty cell or a face-down goal.
    pub fn path_at(&self, cell: Cell) -> Option<Path> {
        self.get(cell).and_then(Tile::path)
    }

    /// The picture of the goal at `cell` upright (the hidden truth), if a goal lies there.
    pub fn face(&self, cell: Cell) -> Option<Path> {
        GOALS.iter().position(|&g| g == cell).map(|i| self.faces[i])
    }

    /// The goal cells still face down.
    pub fn face_down(&self) -> Vec<Cell> {
        GOALS
            .into_iter()
            .filter(|&c| matches!(self.get(c), Some(Tile::Goal { revealed: None, .. })))
            .collect()
    }

    /// The cell of the gold goal.
    pub fn gold_cell(&self) -> Option<Cell> {
        self.tiles()
            .find(|(_, t)| matches!(t, Tile::Goal { gold: true, .. }))
            .map(|(c, _)| c)
    }

    /// The tunnel cards on the table (not the start nor the goals).
    pub fn tunnels(&self) -> impl Iterator<Item = (Cell, Path)> + '_ {
        self.tiles().filter_map(|(c, t)| match *t {
            Tile::Tunnel(p) => Some((c, p)),
            _ => None,
        })
    }

    /// The smallest and the largest `x` and `y` of any card, as two corner cells.
    pub fn bounds(&self) -> (Cell, Cell) {
        let mut lo = START;
        let mut hi = START;
        for (c, _) in self.tiles() {
            lo = Cell::new(lo.x.min(c.x), lo.y.min(c.y));
            hi = Cell::new(hi.x.max(c.x), hi.y.max(c.y));
        }
        (lo, hi)
    }

    /// The cells the tunnel reaches from the start: a face-up card is reached when an open side of a
    /// reached card whose middle connects meets an open side of it. A dead end is reached but carries
    /// the tunnel no further; a face-down goal is never reached (it is only touched, see
    /// [`Board::reveal`]).
    pub fn reached(&self) -> BTreeSet<Cell> {
        let mut reached = BTreeSet::from([START]);
        let mut queue = VecDeque::from([START]);
        while let Some(c) = queue.pop_front() {
            let Some(p) = self.path_at(c) else { continue };
            if p.dead {
                continue;
            }
            for d in p.sides.iter() {
                let n = c.next(d);
                if reached.contains(&n) {
                    continue;
                }
                if self.path_at(n).is_some_and(|q| q.sides.has(d.opposite())) {
                    reached.insert(n);
                    queue.push_back(n);
                }
            }
        }
        reached
    }

    /// The reached cards that carry the tunnel on: reached, and connected through the middle.
    fn carriers(&self) -> BTreeSet<Cell> {
        self.reached()
            .into_iter()
            .filter(|&c| self.path_at(c).is_some_and(|p| !p.dead))
            .collect()
    }

    /// Whether a card lying as `lies` fits `cell` (Ход картой «путь»): the cell is empty; every side
    /// meets its face-up neighbour's side alike, open to open and closed to closed (a face-down goal is
    /// not matched against); and an open side of it meets an open side of a card that carries the
    /// tunnel from the start.
    pub fn check(&self, cell: Cell, lies: Path) -> Result<(), Refusal> {
        self.check_with(cell, lies, &self.carriers())
    }

    fn check_with(&self, cell: Cell, lies: Path, carriers: &BTreeSet<Cell>) -> Result<(), Refusal> {
        if self.tiles.contains_key(&cell) {
            return Err(Refusal::Occupied);
        }
        for d in Dir::ALL {
            let clash = self
                .path_at(cell.next(d))
                .is_some_and(|q| q.sides.has(d.opposite()) != lies.sides.has(d));
            if clash {
                return Err(Refusal::DoesNotFit);
            }
        }
        let joins = lies.sides.iter().any(|d| {
            let n = cell.next(d);
            carriers.contains(&n) && self.path_at(n).is_some_and(|q| q.sides.has(d.opposite()))
        });
        if joins {
            Ok(())
        } else {
            Err(Refusal::NotConnected)
        }
    }

    /// Every cell and orientation where `card` (as a hand names it, or as any name) may lie:
    /// `(cell, rotated)`, in reading order of cells, upright before turned. A card whose two
    /// orientations are the same is listed once, upright.
    pub fn placements(&self, card: &Path) -> Vec<(Cell, bool)> {
        let carriers = self.carriers();
        let mut cells = BTreeSet::new();
        for &c in &carriers {
            for d in Dir::ALL {
                let n = c.next(d);
                if !self.tiles.contains_key(&n) {
                    cells.insert(n);
                }
            }
        }
        let turns: &[bool] = if card.symmetric() {
            &[false]
        } else {
            &[false, true]
        };
        let mut out = Vec::new();
        for cell in cells {
            for &rotated in turns {
                let lies = if rotated { card.rotated() } else { *card };
                if self.check_with(cell, lies, &carriers).is_ok() {
                    out.push((cell, rotated));
                }
            }
        }
        out
    }

    /// Lays a path card as `lies` on `cell`, if it fits ([`Board::check`]).
    pub fn place(&mut self, cell: Cell, lies: Path) -> Result<(), Refusal> {
        self.check(cell, lies)?;
        self.tiles.insert(cell, Tile::Tunnel(lies));
        Ok(())
    }

    /// Lays a tunnel card without any check: for tests that draw a maze.
    #[cfg(test)]
    pub(crate) fn put(&mut self, cell: Cell, lies: Path) {
        self.tiles.insert(cell, Tile::Tunnel(lies));
    }

    /// Takes a tunnel card off the table (a rockfall), giving it back as it lay. The start and the
    /// goals, face down or up, stay (Ход картой «действие»: «горный обвал»).
    pub fn remove(&mut self, cell: Cell) -> Result<Path, Refusal> {
        match self.tiles.get(&cell) {
            None => Err(Refusal::NothingThere),
            Some(Tile::Start | Tile::Goal { .. }) => Err(Refusal::CannotRemove),
            Some(&Tile::Tunnel(p)) => {
                self.tiles.remove(&cell);
                Ok(p)
            }
        }
    }

    /// Turns face up every face-down goal that the tunnel touches — an open side of a card that
    /// carries the tunnel from the start faces it — all at once (Конец раунда: two reached at once
    /// are both turned). Gives `(cell, gold, lies)` for each, top to bottom.
    ///
    /// A goal lies upright or turned, whichever matches all its face-up neighbours. Where neither does
    /// (the book's rare case, in which the player who laid the last card chooses), the engine
    /// chooses for him: the orientation that joins the card just laid at `placed`, then the one that
    /// matches more neighbours, then upright.
    pub fn reveal(&mut self, placed: Cell) -> Vec<(Cell, bool, Path)> {
        let mut out = Vec::new();
        loop {
            let carriers = self.carriers();
            let touched: Vec<Cell> = self
                .face_down()
                .into_iter()
                .filter(|&g| {
                    Dir::ALL.into_iter().any(|d| {
                        let n = g.next(d);
                        carriers.contains(&n)
                            && self.path_at(n).is_some_and(|p| p.sides.has(d.opposite()))
                    })
                })
                .collect();
            if touched.is_empty() {
                return out;
            }
            for g in touched {
                let lies = self.lie_goal(g, placed);
                if let Some(Tile::Goal { gold, revealed }) = self.tiles.get_mut(&g) {
                    *revealed = Some(lies);
                    out.push((g, *gold, lies));
                }
            }
        }
    }

    /// The orientation a goal turned face up lies with (see [`Board::reveal`]).
    fn lie_goal(&self, goal: Cell, placed: Cell) -> Path {
        let face = self.face(goal).unwrap_or(Path::CROSS);
        let score = |lies: Path| {
            let mut matched = 0usize;
            let mut all = true;
            let mut joins_placed = false;
            for d in Dir::ALL {
                let n = goal.next(d);
                let Some(q) = self.path_at(n) else { continue };
                let open = q.sides.has(d.opposite());
                if open == lies.sides.has(d) {
                    matched += 1;
                } else {
                    all = false;
                }
                if n == placed && open && lies.sides.has(d) {
                    joins_placed = true;
                }
            }
            (all, joins_placed, matched)
        };
        let turned = face.rotated();
        if score(turned) > score(face) {
            turned
        } else {
            face
        }
    }
}
