//! Walls and exits (Kodex Б §1.4) and the links of pit cycles (Kodex Б §4.4).

use tiny_skia::Point;

use super::layout::{Layout, unit};
use super::palette::{PAIR, cycle_colour};
use crate::board::{Board, Border, Cell, InnerWall};
use crate::geometry::{Coord, Dir};
use crate::movement::Topology;
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb};

/// Faint lines between cells with no wall.
pub(crate) const GRID: Rgb = rgb(0x000000).alpha(40);
/// A wall a grenade breaks (Kodex Б §5.4).
pub(crate) const WALL: Rgb = rgb(0x4A3B32);
/// A wall no grenade breaks (`###`).
pub(super) const SOLID: Rgb = rgb(0x000000);
const SOLID_HATCH: Rgb = rgb(0xC9C2B4);
/// The outer wall.
pub(crate) const OUTER: Rgb = rgb(0x1B1B1B);
/// A closed exit: the outer wall one grenade opens.
pub(super) const CLOSED_EXIT: Rgb = rgb(0xF28C00);
const CLOSED_EXIT_GAPS: Rgb = rgb(0xFFE2B0);
/// An open exit.
pub(crate) const EXIT: Rgb = rgb(0x1E9E46);
/// A window's pane (encyclopedia, modification 16).
const WINDOW: Rgb = rgb(0x8FD3FF);
/// A rubber wall (modification 4).
const RUBBER: Rgb = rgb(0xD6336C);
/// The arrow through a one-way wall (modification 5).
const ONE_WAY: Rgb = rgb(0x6A3FB5);

/// Thin lines on every cell boundary of every level; walls are drawn over them.
pub(super) fn draw_grid(canvas: &mut Canvas, layout: &Layout) {
    let pen = Pen::new(1.0, GRID).butt();
    let (w, h) = (layout.size.width, layout.size.height);
    for level in layout.levels() {
        let o = layout.origin(level);
        let (x1, y1) = (
            o.x + f32::from(w) * layout.cs,
            o.y + f32::from(h) * layout.cs,
        );
        for col in 1..w {
            let x = o.x + f32::from(col) * layout.cs;
            canvas.line(pt(x, o.y), pt(x, y1), &pen);
        }
        for row in 1..h {
            let y = o.y + f32::from(row) * layout.cs;
            canvas.line(pt(o.x, y), pt(x1, y), &pen);
        }
    }
}

/// Inner walls, then the border with its exits. Floors between levels are not lines on the
/// picture: the stairs' markers show where they are open.
pub(super) fn draw_walls(canvas: &mut Canvas, layout: &Layout, board: &Board) {
    for (c, d, wall) in board.inner_sides().filter(|s| !s.1.is_vertical()) {
        let (a, b) = layout.side(c, d);
        inner_wall(canvas, wall, a, b, layout.cs);
    }
    let sides: Vec<(Coord, Dir, Border)> = board.border_sides().collect();
    // Plain outer wall first, so the round ends of its segments never cover an exit's marks.
    for &(c, d, border) in &sides {
        if border == Border::Wall {
            let (a, b) = layout.side(c, d);
            canvas.line(a, b, &outer_pen(layout.cs));
        }
    }
    for &(c, d, border) in &sides {
        let (a, b) = layout.side(c, d);
        match border {
            Border::Wall => {}
            Border::ClosedExit => closed_exit(canvas, a, b, layout.cs),
            Border::Exit => exit_arrow(canvas, layout.side_mid(c, d), d, layout.band),
        }
    }
}

pub(crate) fn outer_pen(cs: f32) -> Pen {
    Pen::new((cs * 0.13).round(), OUTER)
}

/// Pen of a breakable inner wall.
pub(crate) fn wall_pen(cs: f32) -> Pen {
    Pen::new((cs * 0.1).round(), WALL)
}

/// An inner side: nothing for an open one (the grid shows it), a dark bar for a wall, a thicker
/// black bar hatched down the middle for a wall no grenade breaks.
pub(super) fn inner_wall(canvas: &mut Canvas, wall: InnerWall, a: Point, b: Point, cs: f32) {
    match wall {
        InnerWall::Open => {}
        // Kodex Б §1.4, §5.4: an inner wall, broken by one grenade.
        InnerWall::Wall => canvas.line(a, b, &wall_pen(cs)),
        // Plan format `###`: no grenade breaks it.
        InnerWall::Solid => {
            canvas.line(a, b, &Pen::new((cs * 0.15).round(), SOLID));
            let hatch = Pen::new((cs * 0.04).max(2.0), SOLID_HATCH)
                .dashed(cs * 0.07, cs * 0.07)
                .butt();
            canvas.line(a, b, &hatch);
        }
        // Encyclopedia, modification 16: a wall with a pane in its middle third, where shots pass.
        InnerWall::Window => {
            canvas.line(a, b, &wall_pen(cs));
            let third = |k: f32| pt(a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k);
            let pane = Pen::new((cs * 0.1).round(), WINDOW).butt();
            canvas.line(third(0.3), third(0.7), &pane);
        }
        // Modification 4: a rubber wall, pink and wavy-dashed.
        InnerWall::Rubber => {
            canvas.line(a, b, &Pen::new((cs * 0.1).round(), RUBBER));
            let dash = Pen::new((cs * 0.04).max(2.0), rgb(0xFFFFFF))
                .dashed(cs * 0.05, cs * 0.09)
                .butt();
            canvas.line(a, b, &dash);
        }
        // Modification 5: a wall with an arrow through it, pointing the way one may pass.
        InnerWall::OneWay(open) => {
            canvas.line(a, b, &wall_pen(cs).dashed(cs * 0.08, cs * 0.06).butt());
            let mid = pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
            let (dx, dy) = unit(open);
            let from = pt(mid.x - dx * cs * 0.14, mid.y - dy * cs * 0.14);
            let tip = pt(mid.x + dx * cs * 0.16, mid.y + dy * cs * 0.16);
            canvas.arrow_head(from, tip, cs * 0.11, ONE_WAY);
        }
    }
}

/// Kodex Б §1.4: a closed exit, the outer wall a grenade turns into an exit: orange dashes.
pub(super) fn closed_exit(canvas: &mut Canvas, a: Point, b: Point, cs: f32) {
    let width = (cs * 0.13).round();
    canvas.line(a, b, &Pen::new(width, CLOSED_EXIT_GAPS).butt());
    let dash = cs / 8.0;
    canvas.line(
        a,
        b,
        &Pen::new(width, CLOSED_EXIT).dashed(dash, dash * 0.6).butt(),
    );
}

/// Kodex Б §1.4: an open exit: a gap in the outer wall with a green arrow pointing out of the maze.
pub(crate) fn exit_arrow(canvas: &mut Canvas, mid: Point, out: Dir, band: f32) {
    let (dx, dy) = unit(out);
    let at = |k: f32| pt(mid.x + dx * band * k, mid.y + dy * band * k);
    let pen = Pen::new((band * 0.14).max(3.0), EXIT);
    canvas.line(at(0.12), at(0.5), &pen);
    canvas.arrow_head(at(0.45), at(0.92), band * 0.3, EXIT);
}

/// Kodex Б §4.4: a dashed curved arrow from each pit to the next of its cycle, in the cycle's colour.
pub(super) fn draw_pit_links(canvas: &mut Canvas, layout: &Layout, board: &Board) {
    let topology = Topology::new(board);
    for (c, cell) in board.cells() {
        let colour = match cell {
            Cell::Pit(id) => cycle_colour(id.cycle),
            // Modification 8: a pair's pit links to its exit.
            Cell::Chute(_) => PAIR,
            _ => continue,
        };
        match topology.next_pit(c) {
            Some(next) if next != c => {
                let (from, to) = (layout.centre(c), layout.centre(next));
                link(canvas, from, to, layout.cs, colour);
            }
            _ => {}
        }
    }
}

/// A curve bending to the left of its direction, so the two links between a pair of pits stay apart.
pub(crate) fn link(canvas: &mut Canvas, from: Point, to: Point, cs: f32, colour: Rgb) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let bend = 0.22;
    let ctrl = pt(
        (from.x + to.x) / 2.0 + dy * bend,
        (from.y + to.y) / 2.0 - dx * bend,
    );
    let r = cs * 0.3;
    let start = toward(from, ctrl, r);
    let end = toward(to, ctrl, r + cs * 0.05);
    let width = (cs * 0.045).max(2.5);
    let curve = |pb: &mut tiny_skia::PathBuilder| {
        pb.move_to(start.x, start.y);
        pb.quad_to(ctrl.x, ctrl.y, end.x, end.y);
    };
    canvas.stroke(&Pen::new(width + 3.0, rgb(0xFFFFFF).alpha(170)), curve);
    canvas.stroke(
        &Pen::new(width, colour).dashed(width * 2.5, width * 1.8),
        curve,
    );
    let head_base = toward(end, ctrl, cs * 0.16);
    canvas.arrow_head(
        head_base,
        toward(to, ctrl, r - cs * 0.02),
        cs * 0.09,
        colour,
    );
}

/// The point `dist` from `p` toward `q`.
fn toward(p: Point, q: Point, dist: f32) -> Point {
    let (dx, dy) = (q.x - p.x, q.y - p.y);
    let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
    pt(p.x + dx / len * dist, p.y + dy / len * dist)
}
