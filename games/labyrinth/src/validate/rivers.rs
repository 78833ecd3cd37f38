//! River systems (Kodex Б §4.5, Kodex В §4.5): every river ends in a mouth, no wall crosses a river,
//! no river runs in a circle, and every mouth has a river.

use super::rule::{CellKind, Rule};
use super::{Ctx, Finding};
use crate::board::{Cell, InnerWall, Side};
use crate::geometry::{Coord, Dir};
use crate::movement::Topology;

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    let board = ctx.board();
    for (c, cell) in board.cells() {
        match cell {
            Cell::River(dir) => check_flow(ctx, c, dir, out),
            Cell::Mouth if ctx.inflows(c) == 0 => out.push(Finding::at(c, Rule::MouthWithoutRiver)),
            _ => {}
        }
    }
    for (first, cells) in circles(ctx) {
        out.push(Finding::at(first, Rule::CircularRiver { cells }));
    }
}

/// One river cell's own flow: onto the board, through no wall, into a river or a mouth.
fn check_flow(ctx: &Ctx, c: Coord, dir: Dir, out: &mut Vec<Finding>) {
    let board = ctx.board();
    let Some(to) = board.neighbour(c, dir) else {
        out.push(Finding::at(c, Rule::RiverOffBoard { dir }));
        return;
    };
    if board.side(c, dir) != Side::Inner(InnerWall::Open) {
        out.push(Finding::at(c, Rule::RiverThroughWall { to }));
    }
    match board.cell(to) {
        Cell::River(_) | Cell::Mouth => {}
        other => out.push(Finding::at(
            c,
            Rule::RiverIntoNonMouth {
                to,
                into: CellKind::of(other),
            },
        )),
    }
}

/// Every circle of river cells, as its first cell in reading order and its length.
///
/// Each river has at most one next river, so following the current from every unvisited river and
/// marking the path finds each circle exactly once, in time linear in the board.
fn circles(ctx: &Ctx) -> Vec<(Coord, u32)> {
    #[derive(Copy, Clone, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let board = ctx.board();
    let size = board.size();
    let next = |c: Coord| Topology::downstream(board, c).filter(|&n| board.cell(n).is_river());
    let mut mark = vec![Mark::New; size.area()];
    let mut found = Vec::new();
    for start in size.cells().filter(|&c| board.cell(c).is_river()) {
        let mut path = Vec::new();
        let mut here = Some(start);
        while let Some(c) = here.filter(|&c| mark[size.index(c)] == Mark::New) {
            mark[size.index(c)] = Mark::OnPath;
            path.push(c);
            here = next(c);
        }
        if let Some(c) = here.filter(|&c| mark[size.index(c)] == Mark::OnPath) {
            let pos = path.iter().position(|&p| p == c).unwrap_or(0);
            let circle = &path[pos..];
            let first = circle.iter().copied().min_by_key(|&p| size.index(p));
            found.extend(first.map(|f| (f, circle.len() as u32)));
        }
        for c in path {
            mark[size.index(c)] = Mark::Done;
        }
    }
    found
}

/// The cells of the river system ending in each mouth: (mouth, river cells flowing to it).
pub(super) fn systems(ctx: &Ctx) -> Vec<(Coord, u32)> {
    let board = ctx.board();
    let size = board.size();
    let mut len = vec![0u32; size.area()];
    for c in size.cells().filter(|&c| board.cell(c).is_river()) {
        if let Some(end) = ctx.topology.river_end(c) {
            len[size.index(end)] += 1;
        }
    }
    board
        .cells()
        .filter(|&(_, cell)| cell == Cell::Mouth)
        .map(|(c, _)| (c, len[size.index(c)]))
        .collect()
}
