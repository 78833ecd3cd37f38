//! What moves: the ghost's path as a dotted line, the bear and the ghost where they are, and each
//! player's tag (the flat picture's initials in his colour) where he ended.

use std::collections::HashMap;

use tiny_skia::{PathBuilder, Point};

use super::layout::Layout;
use super::overlay::CylOverlay;
use crate::cylinder::{CylBoard, CylPlan, GhostPath};
use crate::geometry::Coord;
use crate::render::PlayerTrack;
use crate::render::tracks;
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb};

/// The ghost and his path.
pub(super) const GHOST: Rgb = rgb(0x4F6D8A);
const GHOST_BODY: Rgb = rgb(0xFFFFFF);
/// The bear.
pub(super) const BEAR: Rgb = rgb(0x7A4E2D);
const BEAR_MUZZLE: Rgb = rgb(0xD9B88F);
const HALO: Rgb = rgb(0xFFFFFF).alpha(200);

/// Every step of the ghost's path, as cells from and to, each once: the path walked round and round
/// until he stands where he started at the end of a round ("Призрак движется по фиксированной
/// траектории"); a round that drifts along the rows comes back after at most a round per column.
pub(super) fn ghost_steps(board: &CylBoard, ghost: &GhostPath) -> Vec<(Coord, Coord)> {
    let mut steps: Vec<(Coord, Coord)> = Vec::new();
    let mut at = ghost.start;
    for _ in 0..board.size().width {
        for &d in &ghost.steps {
            let Some(to) = board.neighbour(at, d).filter(|c| board.size().contains(*c)) else {
                return steps;
            };
            if !steps.contains(&(at, to)) {
                steps.push((at, to));
            }
            at = to;
        }
        if at == ghost.start {
            break;
        }
    }
    steps
}

/// The ghost's path: dots from cell to cell (over the seam at both edges), a small arrow halfway
/// along each step, and a ring where he started.
pub(super) fn draw_ghost_path(canvas: &mut Canvas, layout: &Layout, plan: &CylPlan) {
    let Some(ghost) = plan
        .ghost
        .as_ref()
        .filter(|g| layout.size.contains(g.start))
    else {
        return;
    };
    let cs = layout.cs;
    let legs: Vec<(Point, Point)> = ghost_steps(&plan.board, ghost)
        .into_iter()
        .flat_map(|(from, to)| {
            let (a, b) = (
                on_path(layout.centre(from), cs),
                on_path(layout.beside(from, to), cs),
            );
            layout.frames(from, to).map(move |s| {
                (
                    layout.clamp(pt(a.x + s, a.y)),
                    layout.clamp(pt(b.x + s, b.y)),
                )
            })
        })
        .collect();
    let path = |pb: &mut PathBuilder| {
        for (a, b) in &legs {
            pb.move_to(a.x, a.y);
            pb.line_to(b.x, b.y);
        }
    };
    canvas.stroke(&dots(cs, HALO, 4.0), path);
    canvas.stroke(&dots(cs, GHOST, 0.0), path);
    for (a, b) in &legs {
        let mid = pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
        let tip = toward(mid, *b, cs * 0.09);
        canvas.arrow_head(toward(mid, *a, cs * 0.07), tip, cs * 0.08, GHOST);
    }
    let start = on_path(layout.centre(ghost.start), cs);
    canvas.ring(start, cs * 0.1, &Pen::new(cs * 0.04, GHOST));
}

/// Where the ghost's path passes a cell of centre `c`: toward its bottom-left corner, where he is
/// drawn, clear of the pictogram in the middle, the type letter and the treasure.
fn on_path(c: Point, cs: f32) -> Point {
    pt(c.x - cs * GHOST_SPOT, c.y + cs * GHOST_SPOT)
}

/// How far from a cell's centre, across and down, the ghost and his path stand (of a cell side).
const GHOST_SPOT: f32 = 0.25;

/// The dotted pen of the ghost's path, `grow` wider for its halo.
pub(super) fn dots(cs: f32, colour: Rgb, grow: f32) -> Pen {
    let width = (cs * 0.06).max(3.5) + grow;
    Pen::new(width, colour).dashed(0.1, cs * 0.12)
}

/// The point `dist` from `p` toward `q`.
fn toward(p: Point, q: Point, dist: f32) -> Point {
    let (dx, dy) = (q.x - p.x, q.y - p.y);
    let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
    pt(p.x + dx / len * dist, p.y + dy / len * dist)
}

/// The bear in the top-right corner of his cell and the ghost in the bottom-left of his, where the
/// overlay puts them, else where the plan starts them.
pub(super) fn draw_creatures(
    canvas: &mut Canvas,
    layout: &Layout,
    plan: &CylPlan,
    overlay: &CylOverlay,
) {
    let cs = layout.cs;
    if let Some(c) = overlay
        .bear
        .or(plan.bear)
        .filter(|c| layout.size.contains(*c))
    {
        let p = layout.corner(c);
        bear(canvas, pt(p.x + cs * 0.78, p.y + cs * 0.24), cs * 0.13);
    }
    let ghost_at = overlay.ghost.or(plan.ghost.as_ref().map(|g| g.start));
    if let Some(c) = ghost_at.filter(|c| layout.size.contains(*c)) {
        ghost(canvas, on_path(layout.centre(c), cs), cs * 0.13);
    }
}

/// A bear's head of radius `r` centred on `c`: ears, a light muzzle, a nose and eyes.
pub(super) fn bear(canvas: &mut Canvas, c: Point, r: f32) {
    for side in [-1.0, 1.0] {
        let ear = pt(c.x + side * r * 0.72, c.y - r * 0.72);
        canvas.disc(ear, r * 0.45, rgb(0xFFFFFF));
        canvas.disc(ear, r * 0.36, BEAR);
    }
    canvas.disc(c, r * 1.12, rgb(0xFFFFFF));
    canvas.disc(c, r, BEAR);
    canvas.disc(pt(c.x, c.y + r * 0.3), r * 0.45, BEAR_MUZZLE);
    canvas.disc(pt(c.x, c.y + r * 0.18), r * 0.16, rgb(0x000000));
    for side in [-1.0, 1.0] {
        canvas.disc(
            pt(c.x + side * r * 0.42, c.y - r * 0.25),
            r * 0.13,
            rgb(0x000000),
        );
    }
}

/// A ghost of half-width `r` centred on `c`: a white sheet with a wavy hem and two eyes.
pub(super) fn ghost(canvas: &mut Canvas, c: Point, r: f32) {
    let (top, hem) = (c.y - r * 0.3, c.y + r * 1.0);
    let sheet = |pb: &mut PathBuilder| {
        pb.move_to(c.x - r, hem);
        pb.line_to(c.x - r, top);
        pb.cubic_to(
            c.x - r,
            top - r * 1.35,
            c.x + r,
            top - r * 1.35,
            c.x + r,
            top,
        );
        pb.line_to(c.x + r, hem);
        let wave = r * 2.0 / 3.0;
        for i in 0..3 {
            let x = c.x + r - wave * (i as f32 + 1.0);
            pb.quad_to(x + wave / 2.0, hem - r * 0.4, x, hem);
        }
        pb.close();
    };
    canvas.stroke(&Pen::new(r * 0.3, GHOST), sheet);
    canvas.fill(GHOST_BODY, sheet);
    for side in [-1.0, 1.0] {
        canvas.disc(pt(c.x + side * r * 0.38, c.y - r * 0.25), r * 0.2, GHOST);
    }
}

/// The tag of each player (his initials in his colour) on the cell he ended on; tags of players
/// on the same cell stacked. Who walked out has no cell and shows in the legend only.
pub(super) fn draw_players(canvas: &mut Canvas, layout: &Layout, overlay: &CylOverlay) {
    let labels = tags(overlay);
    let ends: Vec<(usize, Coord)> = overlay
        .players
        .iter()
        .enumerate()
        .filter_map(|(i, (_, at))| at.filter(|c| layout.size.contains(*c)).map(|c| (i, c)))
        .collect();
    let mut crowd: HashMap<Coord, usize> = HashMap::new();
    for &(_, c) in &ends {
        *crowd.entry(c).or_default() += 1;
    }
    let mut placed: HashMap<Coord, usize> = HashMap::new();
    let h = tracks::tag_height() + 2.0;
    for (i, c) in ends {
        let total = crowd.get(&c).copied().unwrap_or(1);
        let k = placed.entry(c).or_default();
        let dy = (*k as f32 - (total - 1) as f32 / 2.0) * h;
        *k += 1;
        let centre = layout.centre(c);
        let spot = pt(centre.x, centre.y + dy);
        tracks::tag(canvas, &labels[i], spot, tracks::colour(i));
    }
}

/// Each player's tag label, as the flat picture makes it: initials, or his number.
pub(super) fn tags(overlay: &CylOverlay) -> Vec<String> {
    let players: Vec<PlayerTrack> = overlay
        .players
        .iter()
        .map(|(name, _)| PlayerTrack {
            name: name.clone(),
            ..PlayerTrack::default()
        })
        .collect();
    tracks::tags(&players)
}
