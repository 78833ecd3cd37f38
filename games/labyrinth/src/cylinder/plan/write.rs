//! Writing the canonical text of a cylinder plan.

use std::fmt::Write as _;

use super::glyphs::glyph;
use super::sections::dir_name;
use crate::cylinder::{Across, CylBoard, CylPlan, Ground, Rim};
use crate::geometry::{Coord, Dir};

/// The plan as text: header, drawing with trailing spaces trimmed, then the sections.
pub(super) fn to_text(plan: &CylPlan) -> String {
    let board = &plan.board;
    let size = board.size();
    let mut out = format!("cylinder {}x{}\n", size.width, size.height);
    for row in 0..size.height {
        push_line(&mut out, &wall_line(board, row, Dir::Up));
        push_line(&mut out, &cell_line(plan, row));
    }
    push_line(&mut out, &wall_line(board, size.height - 1, Dir::Down));
    let _ = writeln!(out, "items:\n  {} treasure", plan.treasure);
    write_pits(&mut out, board);
    if let Some(bear) = plan.bear {
        let _ = writeln!(out, "bear:\n  start {bear}");
    }
    if let Some(ghost) = &plan.ghost {
        let _ = writeln!(out, "ghost:\n  start {}", ghost.start);
        if !ghost.steps.is_empty() {
            let steps: Vec<&str> = ghost.steps.iter().map(|&d| dir_name(d)).collect();
            let _ = writeln!(out, "  path {}", steps.join(" "));
        }
    }
    out
}

/// `pits:`, a line per pit in reading order.
fn write_pits(out: &mut String, board: &CylBoard) {
    let pits: Vec<(Coord, Coord)> = board
        .cells()
        .filter_map(|(c, g)| match g {
            Ground::Pit { to } => Some((c, to)),
            _ => None,
        })
        .collect();
    if !pits.is_empty() {
        out.push_str("pits:\n");
    }
    for (from, to) in pits {
        let _ = writeln!(out, "  {from} {to}");
    }
}

fn push_line(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

/// Whether side `dir` of `c` is closed: a wall between cells, or the outer wall on a rim.
fn closed(board: &CylBoard, c: Coord, dir: Dir) -> bool {
    match board.across(c, dir) {
        Across::Cell { wall, .. } => wall,
        Across::Rim(rim) => rim == Rim::Wall,
    }
}

/// The wall line on side `dir` (up or down) of row `row`.
fn wall_line(board: &CylBoard, row: u8, dir: Dir) -> String {
    let mut line = String::from("+");
    for col in 0..board.size().width {
        let wall = closed(board, Coord::new(col, row), dir);
        line.push_str(if wall { "---" } else { "   " });
        line.push('+');
    }
    line
}

/// The cell line of row `row`, the seam at both ends.
fn cell_line(plan: &CylPlan, row: u8) -> String {
    let board = &plan.board;
    let side = |c: Coord, d: Dir| if closed(board, c, d) { '|' } else { ' ' };
    let mut line = String::new();
    line.push(side(Coord::new(0, row), Dir::Left));
    for col in 0..board.size().width {
        let at = Coord::new(col, row);
        let crocodile = plan.crocodiles.contains(&at) && board.ground(at) == Ground::Land;
        let g = glyph(board.ground(at), crocodile);
        // One character centred (` . `), two right-aligned (` *e`), as the flat format's pits.
        let _ = match g.len() {
            1 => write!(line, " {g} "),
            _ => write!(line, "{g:>3}"),
        };
        line.push(side(at, Dir::Right));
    }
    line
}
