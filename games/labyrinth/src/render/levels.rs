//! The levels of a 3-D maze (the encyclopedia's modification 12: «вверх», «вниз»): a panel and a
//! heading for each level's picture, and the stairs between levels as markers in their cells.

use tiny_skia::Point;

use super::layout::{COORDINATE, Layout};
use crate::board::Board;
use crate::geometry::{Coord, Dir};
use bot_core::draw::text;
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb};

/// The backdrop of a level's picture, a shade off the background, so each level's coordinates and
/// exit bands are read as belonging to it.
const PANEL: Rgb = rgb(0xF0ECE1);
/// The sign of a way up: colours no cell, wall, cycle or player uses, so it is not read as one.
pub(super) const UP: Rgb = rgb(0x24577A);
/// The sign of a way down.
pub(super) const DOWN: Rgb = rgb(0x9C4A1A);
const ARROW: Rgb = rgb(0xFFFFFF);
/// Room on each side of a heading inside its panel.
const HEADING_PAD: f32 = 8.0;

/// A panel behind each level's picture; nothing on a flat board, whose picture has no levels.
pub(super) fn draw_panels(canvas: &mut Canvas, layout: &Layout) {
    if !layout.size.is_3d() {
        return;
    }
    for level in layout.levels() {
        canvas.rounded(layout.level_area(level), 8.0, PANEL, None);
    }
}

/// `LEVEL 1`, `LEVEL 2`, … above each level's column letters, as the plan heads its levels
/// (`level 2`); nothing on a flat board.
pub(super) fn draw_headings(canvas: &mut Canvas, layout: &Layout) {
    if !layout.size.is_3d() {
        return;
    }
    for level in layout.levels() {
        let (x, y, w, _) = layout.level_area(level);
        let room = w - 2.0 * HEADING_PAD;
        let long = format!("LEVEL {}", level + 1);
        // A level of one or two narrow columns is too narrow for the big heading.
        let (label, scale) = [(long.clone(), 3), (long, 2), (format!("L{}", level + 1), 2)]
            .into_iter()
            .find(|(t, s)| text::width(t, *s) <= room)
            .unwrap_or_else(|| (format!("{}", level + 1), 2));
        let top = y + (layout.heading - text::height(scale)) / 2.0 + 2.0;
        text::draw(canvas, &label, x + HEADING_PAD, top, scale, COORDINATE);
    }
}

/// Whether a player on `c` may climb to the level above: an open floor (or one open only upward).
pub(super) fn climbs(board: &Board, c: Coord) -> bool {
    !board.side(c, Dir::Higher).blocks(Dir::Higher)
}

/// Whether a player on `c` may go down to the level below.
pub(super) fn descends(board: &Board, c: Coord) -> bool {
    !board.side(c, Dir::Lower).blocks(Dir::Lower)
}

/// The stairs: an up sign in the top-right corner of a cell one climbs from, a down sign in the
/// bottom-left corner of the cell above it, where one comes back down; corners the type letter
/// and the first item badges leave free. A closed floor shows nothing, as an open side shows no
/// wall.
pub(super) fn draw_stairs(canvas: &mut Canvas, layout: &Layout, board: &Board) {
    if !layout.size.is_3d() {
        return;
    }
    let side = sign_side(layout.cs);
    // Clear of the walls, whose widest (the outer wall) takes 0.065 of a cell inside it.
    let pad = (layout.cs * 0.08).round();
    for c in layout.size.cells() {
        let p = layout.corner(c);
        if climbs(board, c) {
            let centre = pt(p.x + layout.cs - pad - side / 2.0, p.y + pad + side / 2.0);
            sign(canvas, centre, side, Dir::Higher);
        }
        if descends(board, c) {
            let centre = pt(p.x + pad + side / 2.0, p.y + layout.cs - pad - side / 2.0);
            sign(canvas, centre, side, Dir::Lower);
        }
    }
}

/// Side of a stair sign in a cell of side `cs`: big enough to see on a phone, small enough to leave
/// the pictogram in the middle free.
fn sign_side(cs: f32) -> f32 {
    (cs * 0.3).round().max(12.0)
}

/// A stair sign centred on `c`: a rounded square, blue with a white triangle pointing up for a
/// way up, rust with one pointing down for a way down (also drawn in the legend).
pub(super) fn sign(canvas: &mut Canvas, c: Point, side: f32, way: Dir) {
    let (colour, dir) = match way {
        Dir::Lower => (DOWN, 1.0),
        _ => (UP, -1.0),
    };
    let half = side / 2.0;
    canvas.rounded(
        (c.x - half, c.y - half, side, side),
        side * 0.2,
        colour,
        Some(&Pen::new((side * 0.08).max(1.0), ARROW)),
    );
    let base = pt(c.x, c.y - dir * side * 0.24);
    let tip = pt(c.x, c.y + dir * side * 0.3);
    canvas.arrow_head(base, tip, side * 0.3, ARROW);
}
