//! The players' paths over the maze at the end of a game: a coloured line through the centres of the
//! cells each visited, a ring where it started and a tag with its initials where it ended.

use std::collections::HashMap;

use tiny_skia::Point;

use super::layout::{Layout, unit};
use super::overlay::{Overlay, PlayerTrack};
use crate::board::{Board, Border, Side};
use crate::geometry::{Coord, Dir};
use bot_core::draw::text;
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb};

/// Player colours, in turn order: strong hues that differ from each other and from the cell fills.
const PLAYERS: [Rgb; 12] = [
    rgb(0xE53935),
    rgb(0x1E4FD8),
    rgb(0x2E9A3A),
    rgb(0xFF8F00),
    rgb(0x8E24AA),
    rgb(0x00B8D4),
    rgb(0xEC407A),
    rgb(0x6D4C41),
    rgb(0x212121),
    rgb(0x9E9D24),
    rgb(0x00897B),
    rgb(0x5C6BC0),
];
const HALO: Rgb = rgb(0xFFFFFF).alpha(220);
const TAG_INK: Rgb = rgb(0xFFFFFF);

/// The colour of the `i`-th player.
pub(crate) fn colour(i: usize) -> Rgb {
    PLAYERS[i % PLAYERS.len()]
}

/// Width of a path line.
fn line_width(cs: f32) -> f32 {
    (cs * 0.075).max(4.0)
}

/// Shift of the `i`-th of `n` paths from the cell centres, so paths along the same cells run side by
/// side instead of on top of each other.
fn offset(i: usize, n: usize, cs: f32) -> f32 {
    if n < 2 {
        return 0.0;
    }
    let step = (cs * 0.075).min(cs * 0.4 / n as f32);
    (i as f32 - (n - 1) as f32 / 2.0) * step
}

/// The cells of a track that lie on the board, without repeats of the same cell in a row (a bump
/// into a wall leaves the player where he was).
fn cells(board: &Board, track: &PlayerTrack) -> Vec<Coord> {
    let mut out: Vec<Coord> = Vec::with_capacity(track.path.len());
    for &c in track.path.iter().filter(|c| board.size().contains(**c)) {
        if out.last() != Some(&c) {
            out.push(c);
        }
    }
    out
}

/// The side a player who left the maze went out through: an open exit of his last cell, else a
/// closed one (he may have blown it open), else none.
fn exit_side(board: &Board, last: Coord) -> Option<Dir> {
    let border = |want: Border| {
        Dir::ALL
            .into_iter()
            .find(|&d| board.side(last, d) == Side::Border(want))
    };
    border(Border::Exit).or_else(|| border(Border::ClosedExit))
}

/// Whether going from `a` to `b` is a step to a neighbour on the same level, drawn as a straight
/// line across their common side. Anything else is a jump: a pit or a river carrying the player
/// on, and a climb to another level (the encyclopedia's modification 12), whose cells stand on
/// different level pictures, far apart, so a straight line would read as a walk across the cells
/// between them.
fn is_step(a: Coord, b: Coord) -> bool {
    a.level == b.level && a.col.abs_diff(b.col) + a.row.abs_diff(b.row) == 1
}

/// The points a player's line goes through, in order, with whether each leg was a jump (a pit, a
/// river carrying him on, a climb to another level) rather than a step to a neighbour.
struct Route {
    points: Vec<Point>,
    jumps: Vec<bool>,
    /// Where the end tag stands: the last point, or a spot outside the maze for a player who left.
    end: Option<Point>,
    end_key: Option<(Coord, Option<Dir>)>,
}

fn route(layout: &Layout, board: &Board, track: &PlayerTrack, shift: f32) -> Route {
    let cells = cells(board, track);
    let at = |c: Coord| {
        let p = layout.centre(c);
        pt(p.x + shift, p.y + shift)
    };
    let mut points: Vec<Point> = cells.iter().map(|&c| at(c)).collect();
    let mut jumps: Vec<bool> = cells.windows(2).map(|w| !is_step(w[0], w[1])).collect();
    let mut end_key = cells.last().map(|&c| (c, None));
    if let Some(&last) = cells.last().filter(|_| track.left_maze) {
        if let Some(d) = exit_side(board, last) {
            let (dx, dy) = unit(d);
            let mid = layout.side_mid(last, d);
            let along = (dy.abs() * shift, dx.abs() * shift);
            let reach = layout.band * 0.55;
            points.push(pt(
                mid.x + dx * reach + along.0,
                mid.y + dy * reach + along.1,
            ));
            jumps.push(false);
            end_key = Some((last, Some(d)));
        }
    }
    Route {
        end: points.last().copied(),
        points,
        jumps,
        end_key,
    }
}

/// Every player's line and start ring. Lines first with their white halos, so a later path
/// crossing an earlier one keeps its halo and both stay visible.
pub(super) fn draw_paths(canvas: &mut Canvas, layout: &Layout, board: &Board, overlay: &Overlay) {
    let n = overlay.players.len();
    let w = line_width(layout.cs);
    for (i, track) in overlay.players.iter().enumerate() {
        let r = route(layout, board, track, offset(i, n, layout.cs));
        legs(canvas, &r, &Pen::new(w + 4.0, HALO), layout.cs);
        legs(canvas, &r, &Pen::new(w, colour(i)), layout.cs);
    }
    for (i, track) in overlay.players.iter().enumerate() {
        let r = route(layout, board, track, offset(i, n, layout.cs));
        if let Some(&start) = r.points.first() {
            let radius = layout.cs * 0.15;
            canvas.disc(start, radius, rgb(0xFFFFFF));
            canvas.ring(start, radius, &Pen::new(w * 0.9, colour(i)));
        }
    }
}

/// The legs of a route: straight for a step, a dashed arc for a jump.
fn legs(canvas: &mut Canvas, r: &Route, pen: &Pen, cs: f32) {
    let walk = |pb: &mut tiny_skia::PathBuilder| {
        for (k, pair) in r.points.windows(2).enumerate() {
            if !r.jumps[k] {
                pb.move_to(pair[0].x, pair[0].y);
                pb.line_to(pair[1].x, pair[1].y);
            }
        }
    };
    canvas.stroke(pen, walk);
    let dashed = pen.clone().dashed(cs * 0.14, pen.width.max(cs * 0.1));
    canvas.stroke(&dashed, |pb| {
        for (k, pair) in r.points.windows(2).enumerate() {
            if r.jumps[k] {
                let (a, b) = (pair[0], pair[1]);
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                let ctrl = pt((a.x + b.x) / 2.0 - dy * 0.18, (a.y + b.y) / 2.0 + dx * 0.18);
                pb.move_to(a.x, a.y);
                pb.quad_to(ctrl.x, ctrl.y, b.x, b.y);
            }
        }
    });
}

/// The end tags, stacked where several players ended on the same spot.
pub(super) fn draw_ends(canvas: &mut Canvas, layout: &Layout, board: &Board, overlay: &Overlay) {
    let tags = tags(&overlay.players);
    let n = overlay.players.len();
    let mut routes = Vec::with_capacity(n);
    let mut crowd: HashMap<(Coord, Option<Dir>), usize> = HashMap::new();
    for (i, track) in overlay.players.iter().enumerate() {
        let r = route(layout, board, track, offset(i, n, layout.cs));
        if let Some(key) = r.end_key {
            *crowd.entry(key).or_default() += 1;
        }
        routes.push(r);
    }
    let mut placed: HashMap<(Coord, Option<Dir>), usize> = HashMap::new();
    for (i, r) in routes.iter().enumerate() {
        let (Some(end), Some(key)) = (r.end, r.end_key) else {
            continue;
        };
        let total = crowd.get(&key).copied().unwrap_or(1);
        let k = placed.entry(key).or_default();
        let h = tag_height();
        let dy = (*k as f32 - (total - 1) as f32 / 2.0) * (h + 2.0);
        *k += 1;
        let base = if total > 1 {
            stack_base(layout, key)
        } else {
            end
        };
        tag(canvas, &tags[i], pt(base.x, base.y + dy), colour(i));
    }
}

/// Where a stack of tags is centred: the cell centre, or the spot outside its exit.
fn stack_base(layout: &Layout, (c, out): (Coord, Option<Dir>)) -> Point {
    match out {
        None => layout.centre(c),
        Some(d) => {
            let (dx, dy) = unit(d);
            let mid = layout.side_mid(c, d);
            pt(
                mid.x + dx * layout.band * 0.55,
                mid.y + dy * layout.band * 0.55,
            )
        }
    }
}

/// Height of an end tag.
pub(crate) fn tag_height() -> f32 {
    text::height(2) + 8.0
}

/// Width of an end tag.
pub(crate) fn tag_width(label: &str) -> f32 {
    text::width(label, 2) + 10.0
}

/// A player's end tag centred on `c`: his colour, white edge, his initials.
pub(crate) fn tag(canvas: &mut Canvas, label: &str, c: Point, colour: Rgb) {
    let (w, h) = (tag_width(label), tag_height());
    let edge = Pen::new(2.0, rgb(0xFFFFFF));
    canvas.rounded(
        (c.x - w / 2.0, c.y - h / 2.0, w, h),
        h / 2.0,
        colour,
        Some(&edge),
    );
    text::draw_centred(canvas, label, (c.x, c.y), 2, TAG_INK, None);
}

/// The label of each player's end tag: his initials (up to two, as written), or his number when
/// his name gives none the font can show; initials two players share get the player's number added.
pub(crate) fn tags(players: &[PlayerTrack]) -> Vec<String> {
    let initials: Vec<String> = players
        .iter()
        .enumerate()
        .map(|(i, p)| initials_of(&p.name).unwrap_or_else(|| (i + 1).to_string()))
        .collect();
    initials
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if initials.iter().filter(|t| *t == s).count() > 1 {
                format!("{}{}", s.chars().next().unwrap_or('?'), i + 1)
            } else {
                s.clone()
            }
        })
        .collect()
}

fn initials_of(name: &str) -> Option<String> {
    let letters: String = name
        .split_whitespace()
        .filter_map(|word| {
            let first = word.chars().find(|c| c.is_alphanumeric())?;
            let shown = text::printable(&first.to_string());
            shown
                .chars()
                .next()
                .filter(|c| *c != '?')
                .map(|c| c.to_uppercase().next().unwrap_or(c))
        })
        .take(2)
        .collect();
    (!letters.is_empty()).then_some(letters)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track(name: &str) -> PlayerTrack {
        PlayerTrack {
            name: name.into(),
            ..PlayerTrack::default()
        }
    }

    #[test]
    fn tags_are_initials_or_numbers_and_never_repeat() {
        let players = [
            track("Анна Каренина"),
            track("bob"),
            track("李"),
            track(""),
            track("Борис"),
            track("Bill"),
        ];
        // Initials as written (the pictures' font has Cyrillic); "bob" and "Bill" share theirs.
        assert_eq!(tags(&players), ["АК", "B2", "3", "4", "Б", "B6"]);
    }

    #[test]
    fn paths_along_the_same_cells_are_shifted_apart() {
        assert_eq!(offset(0, 1, 80.0), 0.0);
        let shifts: Vec<f32> = (0..3).map(|i| offset(i, 3, 80.0)).collect();
        assert!(shifts[0] < shifts[1] && shifts[1] < shifts[2]);
        assert_eq!(shifts[1], 0.0);
    }
}
