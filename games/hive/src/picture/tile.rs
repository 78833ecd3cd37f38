//! One cell's drawings: a piece's tile (or a stack's, raised over the edges of the pieces under
//! it, with a badge of its height), and the hexagonal outlines of highlighted and offered cells.

use tiny_skia::{PathBuilder, Point};

use super::bugs;
use crate::{Color, Piece};
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb, text};

/// A White tile's face, its side and its ink.
pub(super) const WHITE_FACE: Rgb = rgb(0xF4ECDA);
pub(super) const WHITE_SIDE: Rgb = rgb(0xB8A988);
pub(super) const WHITE_INK: Rgb = rgb(0x2A2320);
/// A Black tile's face, its side and its ink.
pub(super) const BLACK_FACE: Rgb = rgb(0x34312F);
const BLACK_SIDE: Rgb = rgb(0x0F0E0D);
pub(super) const BLACK_INK: Rgb = rgb(0xF1EADB);
/// The badge of a stack's height.
pub(super) const BADGE: Rgb = rgb(0xD93A32);
const BADGE_INK: Rgb = rgb(0xFFFFFF);

/// A tile's radius as a share of its cell's: the rest is the gap between tiles.
pub(super) const TILE: f32 = 0.9;
/// How far down a tile's side shows under its face, as a share of the cell's radius.
const DEPTH: f32 = 0.09;
/// How far each piece under a stack's top shows below the one above it, as a share of the cell's
/// radius, and how many show at most.
const LAYER: f32 = 0.2;
const LAYERS: usize = 3;

/// A side's face, side and ink colours.
pub(super) fn colours(color: Color) -> (Rgb, Rgb, Rgb) {
    match color {
        Color::White => (WHITE_FACE, WHITE_SIDE, WHITE_INK),
        Color::Black => (BLACK_FACE, BLACK_SIDE, BLACK_INK),
    }
}

/// Adds a pointy-topped hexagon of radius `r` around `c` to `pb`, its corners rounded.
pub(super) fn hexagon(pb: &mut PathBuilder, c: Point, r: f32) {
    let corner = |i: usize| {
        let a = (60.0 * i as f32 - 90.0).to_radians();
        pt(c.x + r * a.cos(), c.y + r * a.sin())
    };
    let toward = |a: Point, b: Point, t: f32| pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
    const ROUND: f32 = 0.14;
    for i in 0..6 {
        let (prev, v, next) = (corner((i + 5) % 6), corner(i), corner((i + 1) % 6));
        let (a, b) = (toward(v, prev, ROUND), toward(v, next, ROUND));
        if i == 0 {
            pb.move_to(a.x, a.y);
        } else {
            pb.line_to(a.x, a.y);
        }
        pb.quad_to(v.x, v.y, b.x, b.y);
    }
    pb.close();
}

/// Fills a hexagon of radius `r` around `c`.
pub(super) fn fill_hex(canvas: &mut Canvas, c: Point, r: f32, colour: Rgb) {
    canvas.fill(colour, |pb| hexagon(pb, c, r));
}

/// Outlines a hexagon of radius `r` around `c`.
pub(super) fn outline_hex(canvas: &mut Canvas, c: Point, r: f32, pen: &Pen) {
    canvas.stroke(pen, |pb| hexagon(pb, c, r));
}

/// A blank tile of `color`'s side centred on `c` in a cell of radius `s`: its side showing below,
/// then its face.
fn blank(canvas: &mut Canvas, c: Point, s: f32, color: Color) {
    let (face, side, _) = colours(color);
    let r = TILE * s;
    fill_hex(canvas, pt(c.x, c.y + DEPTH * s), r, side);
    fill_hex(canvas, c, r, face);
    outline_hex(canvas, c, r, &Pen::new((0.03 * s).max(1.0), side));
}

/// A piece's name on its tile: its UHP name without the colour letter (`Q`, `A1`).
pub(super) fn short_name(piece: Piece) -> String {
    piece.to_string().chars().skip(1).collect()
}

/// Font scale of the names on tiles in a cell of radius `s`.
fn name_scale(s: f32) -> u32 {
    if s >= 24.0 { 2 } else { 1 }
}

/// Draws a stack (bottom to top; nothing if empty) in the cell centred on `c` of radius `s`: the
/// pieces under the top (three at most) each showing a band of its side's colour and its kind's
/// below the one above, the whole stack centred on the cell. The caller adds the badge of its
/// height ([`badge`]) over any outlines.
pub(super) fn stack(canvas: &mut Canvas, c: Point, s: f32, pieces: &[Piece]) {
    let Some((&top, under)) = pieces.split_last() else {
        return;
    };
    let shown = under.len().min(LAYERS);
    let top_c = lifted(c, s, pieces.len());
    let lift = c.y - top_c.y;
    for (k, piece) in under.iter().rev().take(shown).enumerate().rev() {
        let at = pt(c.x, c.y - lift + (k + 1) as f32 * LAYER * s);
        blank(canvas, at, s, piece.color);
        // The kind's colour along the edge that shows.
        let pen = Pen::new((0.06 * s).max(1.0), bugs::accent(piece.bug));
        let r = TILE * s * 0.93;
        canvas.stroke(&pen, |pb| {
            let p = |deg: f32| {
                let a = deg.to_radians();
                pt(at.x + r * a.cos(), at.y + r * a.sin())
            };
            let (a, b, d) = (p(30.0), p(90.0), p(150.0));
            pb.move_to(a.x, a.y);
            pb.line_to(b.x, b.y);
            pb.line_to(d.x, d.y);
        });
    }
    piece(canvas, top_c, s, top);
}

/// The centre of the top tile of a stack of `height` pieces in the cell centred on `c`: raised
/// over the bands of the pieces under it.
pub(super) fn lifted(c: Point, s: f32, height: usize) -> Point {
    let shown = height.saturating_sub(1).min(LAYERS);
    pt(c.x, c.y - shown as f32 * LAYER * s / 2.0)
}

/// One piece's tile: the blank tile, its bug and its name under the bug.
fn piece(canvas: &mut Canvas, c: Point, s: f32, piece: Piece) {
    blank(canvas, c, s, piece.color);
    let (_, _, ink) = colours(piece.color);
    bugs::draw(canvas, piece.bug, pt(c.x, c.y - 0.2 * s), 0.4 * s, ink);
    let name = short_name(piece);
    text::draw_centred(
        canvas,
        &name,
        (c.x, c.y + 0.44 * s),
        name_scale(s),
        ink,
        None,
    );
}

/// The height of a stack in a red disc at the upper right corner of its top tile centred on `c`.
pub(super) fn badge(canvas: &mut Canvas, c: Point, s: f32, height: usize) {
    badge_at(canvas, pt(c.x + 0.62 * s, c.y - 0.42 * s), s, height);
}

/// The badge of a stack's height centred on `at`, sized for a cell of radius `s`.
pub(super) fn badge_at(canvas: &mut Canvas, at: Point, s: f32, height: usize) {
    let label = height.min(99).to_string();
    let scale = name_scale(s);
    let r = (0.3 * s).max(text::width(&label, scale) / 2.0 + 2.0 * scale as f32);
    canvas.disc(at, r, BADGE);
    canvas.ring(at, r, &Pen::new((0.05 * s).max(1.0), BADGE_INK));
    text::draw_centred(canvas, &label, (at.x, at.y), scale, BADGE_INK, None);
}
