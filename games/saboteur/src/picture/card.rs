//! One card's face, at any size: rock with broad tunnels, the start's ladder, a goal's back or its
//! gold or stone. The map and the hand both draw cards with these.

use tiny_skia::Point;

use super::Face;
use bot_core::draw::{Area, Canvas, Pen, Rgb, pt, rgb};

/// The picture's background: dark earth.
pub(super) const BACKGROUND: Rgb = rgb(0x2A1F17);
/// Light text on the background: cell names, card numbers.
pub(super) const LABEL: Rgb = rgb(0xE2D2B0);
/// A path card's rock.
pub(super) const ROCK: Rgb = rgb(0x8A5A34);
/// A card's edge.
pub(super) const CARD_EDGE: Rgb = rgb(0x4E311B);
/// A tunnel's floor.
pub(super) const TUNNEL: Rgb = rgb(0xEBD3A0);
/// The darker lining along a tunnel's sides.
const TUNNEL_EDGE: Rgb = rgb(0x5A3920);
/// The boulder closing a dead end.
pub(super) const BOULDER: Rgb = rgb(0x3A3633);
const BOULDER_LIGHT: Rgb = rgb(0x6E6862);
/// The start's shaft and its ladder.
pub(super) const SHAFT: Rgb = rgb(0x1E1611);
pub(super) const LADDER: Rgb = rgb(0xE0A85A);
/// A goal card's back.
pub(super) const GOAL_BACK: Rgb = rgb(0x2F4A5C);
const GOAL_BACK_LINE: Rgb = rgb(0x7FA3B8);
/// The gold.
pub(super) const GOLD: Rgb = rgb(0xF7C62F);
const GOLD_EDGE: Rgb = rgb(0x8A6400);
const GOLD_SHINE: Rgb = rgb(0xFFF1B8);
/// A stone goal's rock.
pub(super) const STONE: Rgb = rgb(0x8F8C86);
const STONE_EDGE: Rgb = rgb(0x4F4C48);

/// Unit steps toward the north, east, south and west sides (y grows downward).
pub(super) const SIDES: [(f32, f32); 4] = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)];

/// Centre of an area.
pub(super) fn centre((x, y, w, h): Area) -> Point {
    pt(x + w / 2.0, y + h / 2.0)
}

/// Corner radius of a card `w` wide.
pub(super) fn corner_radius(w: f32) -> f32 {
    (w * 0.09).max(2.0)
}

/// Draws a card's face filling `area`.
pub(super) fn face(canvas: &mut Canvas, area: Area, face: &Face) {
    match *face {
        Face::Start => {
            blank(canvas, area, ROCK);
            tunnels(canvas, area, [true; 4], false);
            ladder(canvas, area);
        }
        Face::GoalHidden => back(canvas, area),
        Face::Goal { gold: true, sides } => {
            blank(canvas, area, ROCK);
            tunnels(canvas, area, sides, false);
            nugget(canvas, area);
            let edge = Pen::new((area.2 * 0.05).max(1.5), GOLD);
            let r = corner_radius(area.2);
            canvas.rounded(inset(area, edge.width / 2.0), r, Rgb([0; 4]), Some(&edge));
        }
        Face::Goal { gold: false, sides } => {
            blank(canvas, area, STONE);
            tunnels(canvas, area, sides, false);
            stone(canvas, area, sides);
        }
        Face::Tunnel { sides, dead } => {
            blank(canvas, area, ROCK);
            tunnels(canvas, area, sides, dead);
        }
    }
}

/// A card with nothing on it yet: a rounded rectangle of `fill` with a dark edge.
pub(super) fn blank(canvas: &mut Canvas, area: Area, fill: Rgb) {
    let edge = Pen::new((area.2 * 0.03).max(1.0), CARD_EDGE);
    canvas.rounded(area, corner_radius(area.2), fill, Some(&edge));
}

/// `area` shrunk by `d` on every side.
pub(super) fn inset((x, y, w, h): Area, d: f32) -> Area {
    (x + d, y + d, (w - 2.0 * d).max(0.0), (h - 2.0 * d).max(0.0))
}

/// Width of the tunnels on a card `w` wide.
pub(super) fn tunnel_width(w: f32) -> f32 {
    w * 0.3
}

/// Broad tunnels from the midpoints of the open sides to the centre; for a dead end they stop well
/// short of it, at a boulder, so that they plainly do not meet.
fn tunnels(canvas: &mut Canvas, area: Area, sides: [bool; 4], dead: bool) {
    let (_, _, w, h) = area;
    let c = centre(area);
    let tw = tunnel_width(w);
    let lining = (w * 0.04).max(1.0);
    // A dead end's boulder, and the rock left between it and the tunnels.
    let (boulder_r, gap) = (w * 0.18, w * 0.09);
    let arms: Vec<(Point, Point)> = SIDES
        .iter()
        .zip(sides)
        .filter(|&(_, open)| open)
        .map(|(&(dx, dy), _)| {
            let half = if dx != 0.0 { w / 2.0 } else { h / 2.0 };
            let edge = pt(c.x + dx * half, c.y + dy * half);
            let reach = if dead {
                // The visible end (with its round cap) stops well before the boulder.
                (half - boulder_r - gap - tw / 2.0).max(0.0)
            } else {
                half
            };
            (edge, pt(edge.x - dx * reach, edge.y - dy * reach))
        })
        .collect();
    for (colour, width) in [(TUNNEL_EDGE, tw + 2.0 * lining), (TUNNEL, tw)] {
        let pen = Pen::new(width, colour).butt();
        for &(edge, end) in &arms {
            canvas.line(edge, end, &pen);
            // A round end: the join at the centre, or the blind end of a dead end.
            canvas.disc(end, width / 2.0, colour);
        }
    }
    if dead {
        boulder(canvas, c, boulder_r);
    }
}

/// A grey boulder with a lighter top.
fn boulder(canvas: &mut Canvas, c: Point, r: f32) {
    canvas.disc(c, r, BOULDER);
    canvas.disc(pt(c.x - r * 0.3, c.y - r * 0.3), r * 0.4, BOULDER_LIGHT);
}

/// The start: a dark shaft at the crossing with a ladder standing in it.
fn ladder(canvas: &mut Canvas, area: Area) {
    let (_, _, w, _) = area;
    let c = centre(area);
    let tw = tunnel_width(w);
    canvas.disc(c, tw * 1.05, SHAFT);
    let (half_w, half_h) = (tw * 0.42, tw * 1.5);
    let rail = Pen::new((w * 0.05).max(1.5), LADDER);
    let rung = Pen::new((w * 0.04).max(1.0), LADDER).butt();
    for side in [-1.0, 1.0] {
        let x = c.x + side * half_w;
        canvas.line(pt(x, c.y - half_h), pt(x, c.y + half_h), &rail);
    }
    for i in 0..4 {
        let y = c.y - half_h + (i as f32 + 0.5) * (2.0 * half_h / 4.0);
        canvas.line(pt(c.x - half_w, y), pt(c.x + half_w, y), &rung);
    }
}

/// A face-down goal: the card back, a framed diamond.
fn back(canvas: &mut Canvas, area: Area) {
    let (_, _, w, h) = area;
    blank(canvas, area, GOAL_BACK);
    let line = Pen::new((w * 0.04).max(1.0), GOAL_BACK_LINE);
    let frame = inset(area, w * 0.12);
    canvas.rounded(frame, corner_radius(w) * 0.6, GOAL_BACK, Some(&line));
    let c = centre(area);
    let (dx, dy) = (w * 0.2, h * 0.2);
    canvas.fill(GOAL_BACK_LINE, |pb| {
        pb.move_to(c.x, c.y - dy);
        pb.line_to(c.x + dx, c.y);
        pb.line_to(c.x, c.y + dy);
        pb.line_to(c.x - dx, c.y);
        pb.close();
    });
    canvas.disc(c, w * 0.06, GOAL_BACK);
}

/// The gold: a big shining nugget at the centre.
fn nugget(canvas: &mut Canvas, area: Area) {
    let (_, _, w, _) = area;
    let c = centre(area);
    let r = w * 0.36;
    canvas.star(c, r, GOLD, &Pen::new((w * 0.03).max(1.0), GOLD_EDGE));
    canvas.disc(c, r * 0.42, GOLD);
    canvas.disc(pt(c.x - r * 0.15, c.y - r * 0.15), r * 0.16, GOLD_SHINE);
}

/// A stone goal's stone, in the corner its tunnels leave free.
fn stone(canvas: &mut Canvas, area: Area, sides: [bool; 4]) {
    let (_, _, w, h) = area;
    let c = centre(area);
    // Away from the open sides: opposite the sum of their directions.
    let (sx, sy) = SIDES
        .iter()
        .zip(sides)
        .filter(|&(_, open)| open)
        .fold((0.0, 0.0), |(x, y), (&(dx, dy), _)| (x - dx, y - dy));
    let at = pt(c.x + toward(sx) * w * 0.25, c.y + toward(sy) * h * 0.25);
    let r = w * 0.14;
    canvas.fill(STONE_EDGE, |pb| {
        pb.move_to(at.x - r, at.y + r * 0.6);
        pb.line_to(at.x - r * 0.7, at.y - r * 0.5);
        pb.line_to(at.x, at.y - r);
        pb.line_to(at.x + r * 0.9, at.y - r * 0.4);
        pb.line_to(at.x + r, at.y + r * 0.6);
        pb.close();
    });
    canvas.disc(pt(at.x - r * 0.2, at.y - r * 0.2), r * 0.3, BOULDER_LIGHT);
}

/// The sign of `v` as a step, taking the south-east corner when the tunnels balance out.
fn toward(v: f32) -> f32 {
    if v < 0.0 { -1.0 } else { 1.0 }
}
