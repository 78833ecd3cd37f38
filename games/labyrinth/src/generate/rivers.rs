//! River systems (Kodex Б §4.5), grown upstream from their mouths.
//!
//! Growing from the mouth makes the mandatory rules hold by construction: every river cell flows into
//! the cell it grew from, so each system is a tree ending in its one mouth, with no circles. Rivers
//! are kept thin: a new river cell touches no river or mouth but the cell it flows into, so systems
//! never touch each other and every river cell keeps a bank to enter it from. Shapes like П or Н come
//! from mostly straight channels with tributaries. Each mouth keeps two dry neighbours whose sides stay
//! open: two ways out (Kodex Б §8 г), and a mouth is never next to another mouth.
//!
//! The limits of the encyclopedia's modification 10 ("реки текут только на юг …, река может быть только
//! прямая, реки не могут касаться") narrow where a channel may grow: with `rivers_south` a river cell
//! is only ever added above the cell it flows into, so it flows down; with `straight_rivers` a channel
//! only goes straight on and a system gets no tributaries. Systems never touch anyway (see above), so
//! `rivers_apart` needs nothing more.

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::board::Cell;
use crate::geometry::{Coord, Dir};
use crate::movement::Topology;
use crate::ruleset::RiverKind;

use super::draft::Draft;
use super::quota::Quota;
use super::reach::Graph;

/// Chance that a channel goes straight on where it can: long straight strokes make letter shapes.
const STRAIGHT: f64 = 0.6;
/// Chance that a mouth, or a turn of a channel, is put along the outer wall when it can be.
const ALONG_WALL: f64 = 0.4;
/// Mouths tried for one system before giving up on it.
const MOUTH_TRIES: u32 = 8;

/// Places up to `q.river_systems` systems of half `q.river_cells` to `q.river_cells` cells each.
///
/// A system is kept only if, with every wall open, every cell still reaches every other: a torrential
/// river from wall to wall, say, would cut the board in two, as it carries everyone to its mouth on
/// one side. The walls built later are then repaired toward that open board.
pub(super) fn place(d: &mut Draft, q: &Quota, kind: RiverKind, rng: &mut ChaCha8Rng) {
    if q.river_cells < 2 || q.inflows == 0 {
        return;
    }
    for _ in 0..q.river_systems {
        let cells = rng.random_range((q.river_cells / 2).max(2)..=q.river_cells);
        for _ in 0..MOUTH_TRIES {
            let saved = (d.board.clone(), d.dry.clone(), d.keep_open.len());
            if place_system(d, cells, q, rng) && open_board_connected(d, kind) {
                break;
            }
            (d.board, d.dry) = (saved.0, saved.1);
            d.keep_open.truncate(saved.2);
        }
    }
}

/// Whether every cell reaches every other on the draft's board, whose inner sides are all still open.
fn open_board_connected(d: &Draft, kind: RiverKind) -> bool {
    Graph::new(&d.board, &Topology::new(&d.board), kind).connected()
}

/// One system of at most `cells` cells; `false` if its mouth could not be fed.
fn place_system(d: &mut Draft, cells: u32, q: &Quota, rng: &mut ChaCha8Rng) -> bool {
    let Some(mouth) = pick_mouth(d, q.rivers_south, rng) else {
        return false;
    };
    let (ways_out, sides) = ways_out(d, mouth, q.rivers_south, rng);
    d.board.set_cell(mouth, Cell::Mouth);
    let straight = q.straight_rivers;
    // Modification 10: a straight river is the one river of its mouth.
    let cap = if straight { 1 } else { q.inflows };
    let mut system = System {
        mouth,
        mouth_cap: cap.min(sides - 2),
        inflows: q.inflows,
        rivers: vec![],
        south: q.rivers_south,
        straight,
    };
    let budget = cells - 1;
    // A straight system is its main channel alone, so it gets the whole budget.
    let main = if budget > 2 && !straight {
        rng.random_range(budget.div_ceil(2)..=budget)
    } else {
        budget
    };
    system.grow(d, mouth, main, rng);
    if !straight {
        system.branch(d, budget, rng);
    }
    if system.rivers.is_empty() {
        return false;
    }
    // Kodex Б §4.5: no wall across a flow; Kodex Б §8 г: the ways out stay open.
    for &r in &system.rivers {
        if let Cell::River(dir) = d.board.cell(r) {
            d.keep_open.push((r, dir));
        }
    }
    d.keep_open.extend(ways_out.iter().map(|&dir| (mouth, dir)));
    true
}

/// A spot for a mouth, often along the outer wall; with rivers flowing south, one fed from above.
fn pick_mouth(d: &Draft, south: bool, rng: &mut ChaCha8Rng) -> Option<Coord> {
    let fits = |d: &Draft, c: Coord| mouth_fits(d, c) && (!south || source_above(d, c));
    // Kodex Б §8 д: rivers along the outer wall are harder to make out.
    let wall = rng.random_bool(ALONG_WALL);
    d.pick(rng, |d, c| fits(d, c) && d.on_border(c) == wall)
        .or_else(|| d.pick(rng, fits))
}

/// Marks two neighbours of `mouth` dry as its ways out (Kodex Б §8 г); returns their directions and
/// how many neighbours the mouth has.
fn ways_out(d: &mut Draft, mouth: Coord, south: bool, rng: &mut ChaCha8Rng) -> (Vec<Dir>, u32) {
    let mut around: Vec<(Dir, Coord)> = d.neighbours(mouth).collect();
    around.shuffle(rng);
    // Dry neighbours first, as no river could flow from them anyway; a river flowing south must come
    // from above, so that side is never one (a constant key leaves the order as it was).
    around.sort_by_key(|&(dir, n)| (south && dir == Dir::Up, !d.dry[d.idx(n)]));
    let ways: Vec<Dir> = around[..2].iter().map(|&(dir, _)| dir).collect();
    for &(_, n) in &around[..2] {
        let i = d.idx(n);
        d.dry[i] = true;
    }
    (ways, around.len() as u32)
}

/// With rivers flowing south a mouth is fed from above only: that cell must be able to take a river.
fn source_above(d: &Draft, c: Coord) -> bool {
    d.size()
        .neighbour(c, Dir::Up)
        .is_some_and(|n| river_fits(d, n, c))
}

/// A mouth needs a plain spot: not in a corner (two ways out and an inflow need three neighbours),
/// and no river or mouth around it.
fn mouth_fits(d: &Draft, c: Coord) -> bool {
    d.is_free(c)
        && !d.dry[d.idx(c)]
        && d.neighbours(c).count() >= 3
        && d.neighbours(c)
            .all(|(_, n)| !matches!(d.board.cell(n), Cell::River(_) | Cell::Mouth))
}

/// A river system being grown.
struct System {
    mouth: Coord,
    /// Most rivers flowing into the mouth.
    mouth_cap: u32,
    /// Most rivers flowing into one cell (Kodex Б §7.1 tributaries).
    inflows: u32,
    /// River cells placed so far.
    rivers: Vec<Coord>,
    /// Every river flows south (modification 10).
    south: bool,
    /// The system is one straight line (modification 10).
    straight: bool,
}

impl System {
    /// Whether another river may flow into `c`. A river cell keeps at least one neighbour that is not
    /// river: its own downstream and a bank, so a corner cell can only be a source.
    fn has_room(&self, d: &Draft, c: Coord) -> bool {
        let cap = if c == self.mouth {
            self.mouth_cap
        } else {
            self.inflows
                .min((d.neighbours(c).count() as u32).saturating_sub(2))
        };
        inflow(d, c) < cap
    }

    /// Tributaries: up to six more channels forking off the system until it has `budget` river cells.
    fn branch(&mut self, d: &mut Draft, budget: u32, rng: &mut ChaCha8Rng) {
        for _ in 0..6 {
            let left = budget - self.rivers.len() as u32;
            if left == 0 {
                break;
            }
            let forks: Vec<Coord> = std::iter::once(self.mouth)
                .chain(self.rivers.iter().copied())
                .filter(|&c| self.has_room(d, c))
                .collect();
            let Some(&fork) = forks.get(rng.random_range(0..forks.len().max(1))) else {
                break;
            };
            let len = rng.random_range(1..=left);
            self.grow(d, fork, len, rng);
        }
    }

    /// Whether a river may enter `cur` from its side `dir` under the agreed limits (modification 10):
    /// flowing south it comes from above; running straight it goes on in the flow of `cur`.
    fn keeps_shape(&self, d: &Draft, cur: Coord, dir: Dir) -> bool {
        let south = !self.south || dir == Dir::Up;
        let straight = !self.straight
            || match d.board.cell(cur) {
                Cell::River(flow) => dir == flow.opposite(),
                _ => true,
            };
        south && straight
    }

    /// Grows a channel of up to `len` cells upstream from `from`.
    fn grow(&mut self, d: &mut Draft, from: Coord, len: u32, rng: &mut ChaCha8Rng) {
        let mut cur = from;
        for _ in 0..len {
            if !self.has_room(d, cur) {
                return;
            }
            let options: Vec<(Dir, Coord)> = d
                .neighbours(cur)
                .filter(|&(dir, n)| river_fits(d, n, cur) && self.keeps_shape(d, cur, dir))
                .collect();
            let straight = match d.board.cell(cur) {
                Cell::River(flow) => options.iter().find(|(dir, _)| *dir == flow.opposite()),
                _ => None,
            };
            let along: Vec<(Dir, Coord)> = options
                .iter()
                .copied()
                .filter(|&(_, n)| d.on_border(n))
                .collect();
            let next = match straight {
                Some(&s) if rng.random_bool(STRAIGHT) => s,
                _ if !along.is_empty() && rng.random_bool(ALONG_WALL) => {
                    along[rng.random_range(0..along.len())]
                }
                _ if options.is_empty() => return,
                _ => options[rng.random_range(0..options.len())],
            };
            let (dir, n) = next;
            d.board.set_cell(n, Cell::River(dir.opposite()));
            self.rivers.push(n);
            cur = n;
        }
    }
}

/// Whether `n` may become a river flowing into `into`: free, not dry, touching no other water.
fn river_fits(d: &Draft, n: Coord, into: Coord) -> bool {
    d.is_free(n)
        && !d.dry[d.idx(n)]
        && d.neighbours(n)
            .all(|(_, m)| m == into || !matches!(d.board.cell(m), Cell::River(_) | Cell::Mouth))
}

/// How many rivers flow into `c`.
fn inflow(d: &Draft, c: Coord) -> u32 {
    d.neighbours(c)
        .filter(|&(dir, n)| d.board.cell(n) == Cell::River(dir.opposite()))
        .count() as u32
}
