//! Writing the canonical plan text: what the generator prints and the game reveals at the end.

use std::fmt::Write as _;

use super::Plan;
use super::glyphs::glyph;
use crate::board::{Board, Border, Cell, InnerWall, Side};
use crate::geometry::{Coord, Dir};

/// The plan as text: header, drawing with trailing spaces trimmed, then items if there are any.
pub(super) fn to_text(plan: &Plan) -> String {
    let board = &plan.board;
    let size = board.size();
    let mut out = format!("labyrinth {size}");
    if let Some(cure) = plan.settings.cure {
        let _ = write!(out, " cure={cure}");
    }
    if let Some(nstop) = plan.settings.nstop {
        let _ = write!(out, " nstop={nstop}");
    }
    out.push('\n');
    for level in 0..size.levels {
        if size.is_3d() {
            let _ = writeln!(out, "level {}", level + 1);
        }
        for row in 0..size.height {
            push_line(&mut out, &wall_line(board, row, level, Dir::Up));
            push_line(&mut out, &cell_line(board, row, level));
        }
        push_line(
            &mut out,
            &wall_line(board, size.height - 1, level, Dir::Down),
        );
    }
    let stairs: Vec<Coord> = board.stairs().collect();
    if !stairs.is_empty() {
        out.push_str("stairs:\n");
    }
    for line in stairs.chunks(STAIRS_PER_LINE) {
        out.push(' ');
        for at in line {
            let _ = write!(out, " {at}");
        }
        out.push('\n');
    }
    if !plan.items.is_empty() {
        out.push_str("items:\n");
    }
    for placed in &plan.items {
        let _ = write!(out, "  {} {}", placed.at, placed.item.keyword());
        if placed.item.needs_count() || placed.count != 1 {
            let _ = write!(out, " {}", placed.count);
        }
        out.push('\n');
    }
    if !plan.stocks.is_empty() {
        out.push_str("arsenals:\n");
    }
    for stock in &plan.stocks {
        let _ = write!(out, "  {}", stock.at);
        for s in &stock.supplies {
            let _ = write!(out, " {}", s.keyword());
        }
        out.push('\n');
    }
    if let Some(bear) = &plan.bear {
        let _ = writeln!(out, "bear:\n  den {}", bear.den);
        if !bear.path.is_empty() {
            out.push_str("  path");
            for d in &bear.path {
                let _ = write!(out, " {}", d.name());
            }
            out.push('\n');
        }
    }
    out
}

/// Stairs written on one line of `stairs:`, so a phone shows each line whole.
const STAIRS_PER_LINE: usize = 8;

fn push_line(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

/// The wall line on side `dir` (up or down) of row `row` of a level.
fn wall_line(board: &Board, row: u8, level: u8, dir: Dir) -> String {
    let mut line = String::from("+");
    for col in 0..board.size().width {
        line.push_str(segment(board.side(Coord::at_level(col, row, level), dir)));
        line.push('+');
    }
    line
}

fn segment(side: Side) -> &'static str {
    match side {
        Side::Inner(InnerWall::Wall) | Side::Border(Border::Wall) => "---",
        Side::Inner(InnerWall::Solid) => "###",
        Side::Inner(InnerWall::Window) => ":::",
        Side::Inner(InnerWall::Rubber) => "ooo",
        Side::Inner(InnerWall::OneWay(Dir::Up)) => "^^^",
        // A one-way wall across a row boundary opens up or down; `set_inner` keeps it so.
        Side::Inner(InnerWall::OneWay(_)) => "vvv",
        Side::Border(Border::ClosedExit) => "~~~",
        Side::Inner(InnerWall::Open) | Side::Border(Border::Exit) => "   ",
    }
}

fn side_char(side: Side) -> char {
    match side {
        Side::Inner(InnerWall::Wall) | Side::Border(Border::Wall) => '|',
        Side::Inner(InnerWall::Solid) => '#',
        Side::Inner(InnerWall::Window) => ':',
        Side::Inner(InnerWall::Rubber) => 'o',
        Side::Inner(InnerWall::OneWay(Dir::Left)) => '<',
        // A one-way wall between columns opens left or right; `set_inner` keeps it so.
        Side::Inner(InnerWall::OneWay(_)) => '>',
        Side::Border(Border::ClosedExit) => '~',
        Side::Inner(InnerWall::Open) | Side::Border(Border::Exit) => ' ',
    }
}

/// The cell line of row `row` of a level.
fn cell_line(board: &Board, row: u8, level: u8) -> String {
    let mut line = String::new();
    line.push(side_char(
        board.side(Coord::at_level(0, row, level), Dir::Left),
    ));
    for col in 0..board.size().width {
        let at = Coord::at_level(col, row, level);
        line.push_str(&cell_text(board.cell(at)));
        line.push(side_char(board.side(at, Dir::Right)));
    }
    line
}

/// A glyph in its 3 columns: one character centred (` . `), two right-aligned (` a1`), three filling.
fn cell_text(cell: Cell) -> String {
    let g = glyph(cell);
    match g.len() {
        1 => format!(" {g} "),
        2 => format!(" {g}"),
        _ => g,
    }
}
