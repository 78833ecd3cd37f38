//! Inner walls: a random spanning-tree maze, loosened so it is not a perfect maze, with a few walls no
//! grenade breaks; then repaired until every cell reaches every other (Kodex Б §8.5).
//!
//! Opening a side only ever adds moves (a bump becomes a step; the current a bump gave is still there
//! as a move along the current), so repair by opening walls never undoes what it fixed, and it ends:
//! at worst with every wall open, where rivers and mouths are built to be reachable.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use crate::board::{Board, InnerWall};
use crate::geometry::{Coord, Dir, Size};
use crate::movement::Topology;
use crate::ruleset::RiverKind;

use super::draft::Draft;
use super::quota::Quota;
use super::reach::Graph;
use super::sets::Sets;

/// Builds the walls of a draft whose cell types are final.
pub(super) fn build(d: &mut Draft, q: &Quota, rng: &mut ChaCha8Rng) {
    let size = d.size();
    let mut sets = Sets::new(size.area());
    let mut forced = vec![false; SLOTS * size.area()];
    for &(c, dir) in &d.keep_open {
        let (c, dir) = canonical(size, c, dir);
        forced[slot(size, c, dir)] = true;
    }
    let mut sides: Vec<(Coord, Dir)> = d.board.inner_sides().map(|(c, dir, _)| (c, dir)).collect();
    // Forced sides join the tree first: rivers and chains are part of the maze's skeleton.
    sides.sort_by_key(|&(c, dir)| !forced[slot(size, c, dir)]);
    let forced_count = sides
        .iter()
        .filter(|&&(c, dir)| forced[slot(size, c, dir)])
        .count();
    sides[forced_count..].shuffle(rng);
    // Each level's own tree first, then floors join the levels: a few stairs, not one in two cells.
    // On a flat board this moves nothing.
    sides[forced_count..].sort_by_key(|&(_, dir)| dir.is_vertical());
    let mut walls = vec![];
    for (k, &(c, dir)) in sides.iter().enumerate() {
        let n = size.neighbour(c, dir).expect("an inner side has two cells");
        let tree = sets.join(size.index(c), size.index(n));
        if k < forced_count || tree {
            d.board.set_inner(c, dir, InnerWall::Open);
        } else {
            walls.push((c, dir));
        }
    }
    extra_stairs(d, &mut walls, rng);
    // The walls are in random order: knock out the first share, make a share of the rest solid.
    let open_share = rng.random_range(q.open_share.0..=q.open_share.1);
    let opened = (walls.len() as f64 * open_share).ceil() as usize;
    let solid = ((walls.len() - opened) as f64 * q.solid_share).round() as usize;
    for (k, &(c, dir)) in walls.iter().enumerate() {
        let wall = if k < opened {
            InnerWall::Open
        } else if k < opened + solid && !dir.is_vertical() {
            // A floor is a stair or a plain wall: the plan format has no other floor.
            InnerWall::Solid
        } else {
            InnerWall::Wall
        };
        d.board.set_inner(c, dir, wall);
    }
}

/// A 3-D maze's tree joins its levels by one stair each; as many more again, at random, give a
/// choice of ways up and down. A flat board draws nothing here.
fn extra_stairs(d: &mut Draft, walls: &mut Vec<(Coord, Dir)>, rng: &mut ChaCha8Rng) {
    let size = d.size();
    if !size.is_3d() {
        return;
    }
    let first_floor = walls.iter().position(|&(_, dir)| dir.is_vertical());
    let Some(first_floor) = first_floor else {
        return;
    };
    walls[first_floor..].shuffle(rng);
    let more = usize::from(size.levels - 1).min(walls.len() - first_floor);
    for (c, dir) in walls.drain(first_floor..first_floor + more) {
        d.board.set_inner(c, dir, InnerWall::Open);
    }
}

/// Opens walls on the edge of what a player can reach (or come back from) until every standable cell
/// reaches every other; `None` if even that does not connect the board.
pub(super) fn connect(
    board: &mut Board,
    topo: &Topology,
    rivers: RiverKind,
    rng: &mut ChaCha8Rng,
) -> Option<()> {
    loop {
        let graph = Graph::new(board, topo, rivers);
        if graph.connected() {
            return Some(());
        }
        let cl = graph.closure();
        let size = board.size();
        let i = |c: Coord| size.index(c);
        // A wall from a reached cell to an unreached one, or from a cell that cannot come back to one
        // that can: opening it adds a move across the gap.
        let gap = |a: Coord, b: Coord| {
            (graph.standable(a) && cl.reached[i(a)] && !cl.reached[i(b)])
                || (!cl.reaching[i(a)] && cl.reaching[i(b)])
        };
        let walls: Vec<(Coord, Dir)> = board
            .inner_sides()
            .filter(|&(_, _, w)| w != InnerWall::Open)
            .filter_map(|(c, dir, _)| {
                let n = size.neighbour(c, dir)?;
                (gap(c, n) || gap(n, c)).then_some((c, dir))
            })
            .collect();
        let &(c, dir) = walls.choose(rng)?;
        board.set_inner(c, dir, InnerWall::Open);
    }
}

/// Kodex Б §7.1: opens random walls until at most `max` remain.
pub(super) fn cap(board: &mut Board, max: Option<u32>, rng: &mut ChaCha8Rng) {
    let Some(max) = max else { return };
    let mut walls: Vec<(Coord, Dir)> = board
        .inner_sides()
        .filter(|&(_, _, w)| w != InnerWall::Open)
        .map(|(c, dir, _)| (c, dir))
        .collect();
    walls.shuffle(rng);
    let extra = walls.len().saturating_sub(max as usize);
    for &(c, dir) in &walls[..extra] {
        board.set_inner(c, dir, InnerWall::Open);
    }
}

/// The same side named from the cell on its left or top, facing right or down.
fn canonical(size: Size, c: Coord, dir: Dir) -> (Coord, Dir) {
    match dir {
        Dir::Up | Dir::Left => (
            size.neighbour(c, dir).expect("a kept-open side is inner"),
            dir.opposite(),
        ),
        Dir::Right | Dir::Down | Dir::Higher => (c, dir),
        Dir::Lower => (
            size.neighbour(c, dir).expect("a kept-open floor is inner"),
            Dir::Higher,
        ),
    }
}

/// Canonical sides per cell: right, down and (in a 3-D maze) the floor above.
const SLOTS: usize = 3;

/// An index for a canonical side.
fn slot(size: Size, c: Coord, dir: Dir) -> usize {
    let kind = match dir {
        Dir::Down => 1,
        Dir::Higher => 2,
        _ => 0,
    };
    SLOTS * size.index(c) + kind
}
