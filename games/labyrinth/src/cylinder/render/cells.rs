//! Cells (seed 004's list) as fills, pictograms and type letters, the rivers' flow joined from cell
//! to cell (over the seam too), the crocodiles and the treasure. Land, rivers, swamps, pits and the
//! arsenal look as on the flat picture, whose helpers draw them.

use std::collections::HashMap;

use tiny_skia::{PathBuilder, Point, Rect};

use super::layout::{Layout, unit};
use crate::board::{Cell, PitId};
use crate::cylinder::{Across, CylBoard, CylPlan, Ground, Needle};
use crate::geometry::Coord;
use crate::item::Item;
use crate::render::cells as flat;
use bot_core::draw::text;
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb};

/// A spinner: land with a wrong compass, lilac so it stands out from plain land.
pub(super) const SPINNER: Rgb = rgb(0xE6DAF5);
const SPINNER_INK: Rgb = rgb(0x5B3E96);
/// The compass needle's point.
const NEEDLE: Rgb = rgb(0xD62828);
/// The morgue: a pale grey-blue with a grave stone.
pub(super) const MORGUE: Rgb = rgb(0xDCE3E8);
const MORGUE_STONE: Rgb = rgb(0x9AABB5);
const MORGUE_INK: Rgb = rgb(0x37474F);
/// A crocodile.
pub(super) const CROCODILE: Rgb = rgb(0x3F8F3A);
const CROCODILE_INK: Rgb = rgb(0x1B4D1B);
/// Letters on the flat picture's swamp and arsenal.
const SWAMP_INK: Rgb = rgb(0x2F3A17);
const ARSENAL_INK: Rgb = rgb(0x4F4F2C);
/// How strongly the columns beyond the seam show (of 255).
const FADED: u8 = 105;

/// The flat Labyrinth's cell that looks like `g`, if one does: pits are drawn in their cycle's
/// colour.
fn flat_cell(g: Ground, cycle: u8) -> Option<Cell> {
    match g {
        Ground::Land => Some(Cell::Land),
        Ground::River(d) => Some(Cell::River(d)),
        Ground::Swamp => Some(Cell::Swamp),
        Ground::Pit { .. } => Some(Cell::Pit(PitId { cycle, place: 1 })),
        Ground::Arsenal => Some(Cell::Arsenal),
        Ground::Spinner(_) | Ground::Morgue => None,
    }
}

/// A cell's background.
pub(super) fn fill_colour(g: Ground) -> Rgb {
    match flat_cell(g, 0) {
        Some(cell) => flat::fill_colour(cell),
        None if g == Ground::Morgue => MORGUE,
        None => SPINNER,
    }
}

/// The pits' cycles, numbered in reading order of their first pit: each pit leads to one pit and
/// one pit leads into each ("каждая яма ведет в конкретную другую яму, в каждую яму ведет ровно
/// одна"), so the pits fall into cycles, drawn each in a colour of its own.
pub(super) fn pit_cycles(board: &CylBoard) -> HashMap<Coord, u8> {
    let mut cycles = HashMap::new();
    let mut next: u8 = 0;
    for (start, _) in board
        .cells()
        .filter(|(_, g)| matches!(g, Ground::Pit { .. }))
    {
        let mut c = start;
        while let (true, false) = (board.size().contains(c), cycles.contains_key(&c)) {
            let Ground::Pit { to } = board.ground(c) else {
                break;
            };
            cycles.insert(c, next);
            c = to;
        }
        if cycles.get(&start) == Some(&next) {
            next = next.wrapping_add(1);
        }
    }
    cycles
}

/// Beyond each edge of the seam, half of the column across it, faded: the last column's east half
/// west of column A, column A's west half east of the last column.
pub(super) fn draw_strips(canvas: &mut Canvas, layout: &Layout, board: &CylBoard) {
    let last = layout.size.width - 1;
    for row in 0..layout.size.height {
        let y = layout.y0 + f32::from(row) * layout.cs;
        let beyond = [
            (layout.x0 - layout.band, Coord::new(last, row)),
            (layout.right(), Coord::new(0, row)),
        ];
        for (x, c) in beyond {
            let colour = fill_colour(board.ground(c)).alpha(FADED);
            canvas.rect(x, y, layout.band, layout.cs, colour);
        }
    }
}

/// Fills every cell with its type's colour.
pub(super) fn draw_fills(canvas: &mut Canvas, layout: &Layout, board: &CylBoard) {
    for (c, g) in board.cells() {
        let p = layout.corner(c);
        canvas.rect(p.x, p.y, layout.cs, layout.cs, fill_colour(g));
    }
}

/// Each cell type's picture in the middle of its cells, and the crocodiles on theirs.
pub(super) fn draw_pictograms(canvas: &mut Canvas, layout: &Layout, plan: &CylPlan) {
    let cycles = pit_cycles(&plan.board);
    for (c, g) in plan.board.cells() {
        let cycle = cycles.get(&c).copied().unwrap_or(0);
        pictogram(canvas, g, cycle, layout.centre(c), layout.cs);
    }
    for &c in plan.crocodiles.iter().filter(|c| layout.size.contains(**c)) {
        crocodile(canvas, layout.centre(c), layout.cs);
    }
}

/// The picture of a cell type centred on `c` in a cell of side `cs` (also used, small, in the
/// legend); a pit's ring in its cycle's colour.
pub(super) fn pictogram(canvas: &mut Canvas, g: Ground, cycle: u8, c: Point, cs: f32) {
    match g {
        Ground::Spinner(needle) => compass(canvas, needle, c, cs),
        Ground::Morgue => grave(canvas, c, cs),
        _ => {
            if let Some(cell) = flat_cell(g, cycle) {
                flat::pictogram(canvas, cell, c, cs);
            }
        }
    }
}

/// A spinner's compass: the needle's red point shows where north is shown ("стрелка может
/// показывать вместо севера на восток").
fn compass(canvas: &mut Canvas, needle: Needle, c: Point, cs: f32) {
    canvas.ring(c, cs * 0.3, &Pen::new(cs * 0.03, SPINNER_INK.alpha(130)));
    let shows = needle.turn(crate::geometry::Dir::Up);
    let (dx, dy) = unit(shows);
    let (nx, ny) = (-dy * cs * 0.08, dx * cs * 0.08);
    let reach = cs * 0.3;
    for (sign, colour) in [(1.0, NEEDLE), (-1.0, SPINNER_INK)] {
        let tip = pt(c.x + sign * dx * reach, c.y + sign * dy * reach);
        canvas.fill(colour, |pb| {
            pb.move_to(tip.x, tip.y);
            pb.line_to(c.x + nx, c.y + ny);
            pb.line_to(c.x - nx, c.y - ny);
            pb.close();
        });
    }
    canvas.disc(c, cs * 0.035, rgb(0xFFFFFF));
}

/// The morgue: a grave stone with a cross on a strip of ground.
fn grave(canvas: &mut Canvas, c: Point, cs: f32) {
    let (half, top, foot) = (cs * 0.15, c.y - cs * 0.08, c.y + cs * 0.24);
    let stone = |pb: &mut PathBuilder| {
        pb.move_to(c.x - half, foot);
        pb.line_to(c.x - half, top);
        pb.quad_to(c.x - half, top - half * 1.3, c.x, top - half * 1.3);
        pb.quad_to(c.x + half, top - half * 1.3, c.x + half, top);
        pb.line_to(c.x + half, foot);
        pb.close();
    };
    canvas.fill(MORGUE_STONE, stone);
    canvas.stroke(&Pen::new(cs * 0.03, MORGUE_INK), stone);
    let bar = cs * 0.045;
    canvas.rect(c.x - bar / 2.0, top - cs * 0.06, bar, cs * 0.24, MORGUE_INK);
    canvas.rect(c.x - cs * 0.08, top - bar / 2.0, cs * 0.16, bar, MORGUE_INK);
    let ground = Pen::new(cs * 0.035, MORGUE_INK);
    canvas.line(pt(c.x - cs * 0.3, foot), pt(c.x + cs * 0.3, foot), &ground);
}

/// A crocodile lying on land, snout east: "крокодил. Съедает игрока, наступившего на него".
pub(super) fn crocodile(canvas: &mut Canvas, c: Point, cs: f32) {
    let legs = Pen::new(cs * 0.05, CROCODILE_INK);
    for (x, y) in [(-0.12, -0.15), (0.1, -0.15), (-0.12, 0.15), (0.1, 0.15)] {
        let foot = pt(c.x + cs * (x - 0.04), c.y + cs * y);
        canvas.line(pt(c.x + cs * x, c.y), foot, &legs);
    }
    let shape = |pb: &mut PathBuilder| crocodile_shape(pb, c, cs);
    canvas.stroke(&Pen::new(cs * 0.05, CROCODILE_INK), shape);
    canvas.fill(CROCODILE, shape);
    let teeth = Pen::new(cs * 0.02, rgb(0xFFFFFF)).butt();
    canvas.stroke(&teeth, |pb| {
        pb.move_to(c.x + cs * 0.2, c.y + cs * 0.02);
        for i in 1..=6 {
            let x = c.x + cs * (0.2 + 0.035 * i as f32);
            let y = c.y + cs * if i % 2 == 1 { 0.05 } else { 0.02 };
            pb.line_to(x, y);
        }
    });
    let eye = pt(c.x + cs * 0.19, c.y - cs * 0.07);
    canvas.disc(eye, cs * 0.04, rgb(0xFFFFFF));
    canvas.disc(eye, cs * 0.02, rgb(0x000000));
}

/// The crocodile's outline: tail, body and long snout.
fn crocodile_shape(pb: &mut PathBuilder, c: Point, cs: f32) {
    pb.move_to(c.x - cs * 0.2, c.y - cs * 0.07);
    pb.line_to(c.x - cs * 0.44, c.y + cs * 0.03);
    pb.line_to(c.x - cs * 0.2, c.y + cs * 0.08);
    pb.close();
    if let Some(r) = Rect::from_xywh(c.x - cs * 0.26, c.y - cs * 0.1, cs * 0.5, cs * 0.2) {
        pb.push_oval(r);
    }
    if let Some(r) = Rect::from_xywh(c.x + cs * 0.12, c.y - cs * 0.1, cs * 0.32, cs * 0.13) {
        pb.push_oval(r);
    }
}

/// The rivers' flow joined up: from the point of each river's arrow across its side into the next
/// cell, to the next river's middle or a little into the swamp it falls into; a join over the seam
/// shows at both edges.
pub(super) fn draw_rivers(canvas: &mut Canvas, layout: &Layout, board: &CylBoard) {
    let pen = Pen::new(layout.cs * 0.09, flat::RIVER_INK);
    for (c, g) in board.cells() {
        let Ground::River(d) = g else {
            continue;
        };
        let Across::Cell { to, wall: false } = board.across(c, d) else {
            continue;
        };
        let (dx, dy) = unit(d);
        let centre = layout.centre(c);
        let tip = pt(
            centre.x + dx * layout.cs * 0.3,
            centre.y + dy * layout.cs * 0.3,
        );
        let there = layout.beside(c, to);
        let back = match board.ground(to) {
            Ground::River(_) => 0.0,
            _ => layout.cs * 0.3,
        };
        let end = pt(there.x - dx * back, there.y - dy * back);
        for shift in layout.frames(c, to) {
            canvas.line(pt(tip.x + shift, tip.y), pt(end.x + shift, end.y), &pen);
        }
    }
}

/// The type letters (as the plan writes them) in the top-left corner of the cells, a crocodile's
/// `K`, and in each pit's hole the cell it leads to.
pub(super) fn draw_labels(canvas: &mut Canvas, layout: &Layout, plan: &CylPlan) {
    for (c, g) in plan.board.cells() {
        let p = layout.corner(c);
        let corner = (p.x + layout.cs * 0.08, p.y + layout.cs * 0.08);
        let crocodile = plan.crocodiles.contains(&c);
        if let Some((glyph, ink)) = label(g, crocodile) {
            text::draw_haloed(canvas, &glyph, corner, 2, ink, fill_colour(g));
        }
        if let Ground::Pit { to } = g {
            pit_target(canvas, layout, c, to);
        }
    }
}

/// A cell's letter and its colour, if it has one.
pub(super) fn label(g: Ground, crocodile: bool) -> Option<(String, Rgb)> {
    let (glyph, ink) = match g {
        Ground::Land if crocodile => ("K".to_string(), CROCODILE_INK),
        Ground::Land | Ground::River(_) => return None,
        Ground::Spinner(n) => (format!("*{}", n.letter()), SPINNER_INK),
        Ground::Swamp => ("S".to_string(), SWAMP_INK),
        Ground::Pit { .. } => ("P".to_string(), flat::PIT),
        Ground::Arsenal => ("A".to_string(), ARSENAL_INK),
        Ground::Morgue => ("M".to_string(), MORGUE_INK),
    };
    Some((glyph, ink))
}

/// The cell a pit leads to, written in its hole.
fn pit_target(canvas: &mut Canvas, layout: &Layout, c: Coord, to: Coord) {
    let name = to.to_string();
    // A name of three characters overflows the hole a little at scale 2; its halo keeps it readable.
    let scale = if text::width(&name, 2) <= layout.cs * 0.6 {
        2
    } else {
        1
    };
    let p = layout.centre(c);
    let ink = rgb(0xFFFFFF);
    text::draw_centred(canvas, &name, (p.x, p.y), scale, ink, Some(flat::PIT));
}

/// The treasure, the flat picture's gold star, in the bottom-right corner of its cell.
pub(super) fn draw_treasure(canvas: &mut Canvas, layout: &Layout, at: Coord) {
    if !layout.size.contains(at) {
        return;
    }
    let p = layout.corner(at);
    let h = flat::badge_height(2);
    let pad = (layout.cs * 0.07).round();
    let spot = pt(p.x + layout.cs - pad - h, p.y + layout.cs - pad - h);
    flat::badge(canvas, Item::Treasure, 1, spot, 2);
}
