//! Rivers (seed 004: "Течет из клетки на соседнюю, в которой может быть либо тоже река, либо
//! болото. Каждая река в конечном итоге впадает в болото"): every river flows into a neighbouring
//! river or swamp, across the seam too, through no wall and never in a circle; so every river ends
//! in a swamp.

use super::CylFinding;
use super::rule::CylRule;
use crate::cylinder::{Across, CylBoard, Ground};
use crate::geometry::{Coord, Dir};

pub(super) fn check(board: &CylBoard, out: &mut Vec<CylFinding>) {
    for (c, ground) in board.cells() {
        if let Ground::River(dir) = ground {
            flow(board, c, dir, out);
        }
    }
    for (first, cells) in circles(board) {
        out.push(CylFinding::at(first, CylRule::CircularRiver { cells }));
    }
}

/// One river cell's own flow: onto the board, through no wall, into a river or a swamp.
fn flow(board: &CylBoard, c: Coord, dir: Dir, out: &mut Vec<CylFinding>) {
    let Across::Cell { to, wall } = board.across(c, dir) else {
        return out.push(CylFinding::at(c, CylRule::RiverOffBoard { dir }));
    };
    if wall {
        out.push(CylFinding::at(c, CylRule::RiverThroughWall { to }));
    }
    match board.ground(to) {
        Ground::River(_) | Ground::Swamp => {}
        into => out.push(CylFinding::at(c, CylRule::RiverIntoNonSwamp { to, into })),
    }
}

/// The river cell a river flows into, if it flows into one.
fn next_river(board: &CylBoard, c: Coord) -> Option<Coord> {
    let Ground::River(dir) = board.ground(c) else {
        return None;
    };
    let to = board.neighbour(c, dir)?;
    matches!(board.ground(to), Ground::River(_)).then_some(to)
}

/// Every circle of river cells, as its first cell in reading order and its length.
///
/// Each river has at most one next river, so following the current from every unvisited river and
/// marking the path finds each circle once, in time linear in the board.
fn circles(board: &CylBoard) -> Vec<(Coord, u32)> {
    #[derive(Copy, Clone, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let size = board.size();
    let mut mark = vec![Mark::New; size.area()];
    let mut found = vec![];
    for start in size.cells() {
        let mut path = vec![];
        let mut at = Some(start);
        while let Some(c) = at.filter(|&c| mark[size.index(c)] == Mark::New) {
            mark[size.index(c)] = Mark::OnPath;
            path.push(c);
            at = next_river(board, c);
        }
        if let Some(c) = at.filter(|&c| mark[size.index(c)] == Mark::OnPath) {
            let circle = &path[path.iter().position(|&p| p == c).unwrap_or(0)..];
            let first = circle.iter().min_by_key(|p| (p.row, p.col)).unwrap_or(&c);
            found.push((*first, circle.len() as u32));
        }
        for c in path {
            mark[size.index(c)] = Mark::Done;
        }
    }
    found
}
