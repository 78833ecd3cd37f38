//! The action cards' pictures: the three tools, the red sign of a broken tool, the green tick of a
//! mended one, a rockfall and a treasure map. Each draws in a square of side `s` around a centre.

use tiny_skia::Point;

use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb};

const INK: Rgb = rgb(0x2B2118);
const WOOD: Rgb = rgb(0xA8733C);
const STEEL: Rgb = rgb(0x9AA5AE);
const IRON: Rgb = rgb(0x4A4D52);
const GLASS: Rgb = rgb(0xFFD75E);
const GLOW: Rgb = rgb(0xFFE9A0).alpha(110);
const FLAME: Rgb = rgb(0xF0701B);
const CART: Rgb = rgb(0x7D6A5A);
const ORE: Rgb = rgb(0xF2C230);
/// The sign over a broken tool.
pub(super) const BROKEN: Rgb = rgb(0xD62828);
/// The badge of a mended tool.
pub(super) const MENDED: Rgb = rgb(0x2E9E48);
const WHITE: Rgb = rgb(0xFFFFFF);
const ROCK_GREY: Rgb = rgb(0x7E766D);
const ROCK_LIGHT: Rgb = rgb(0xA39A8F);
const DUST: Rgb = rgb(0x5C4A3A);
const PAPER: Rgb = rgb(0xF6EACB);
const PAPER_FOLD: Rgb = rgb(0xD8C393);
const ROUTE: Rgb = rgb(0xC0392B);

/// Draws tool `tool` (0 pick, 1 lamp, 2 cart); nothing for another number.
pub(super) fn tool(canvas: &mut Canvas, tool: u8, c: Point, s: f32) {
    match tool {
        0 => pick(canvas, c, s),
        1 => lamp(canvas, c, s),
        2 => cart(canvas, c, s),
        _ => {}
    }
}

/// A pickaxe: a wooden handle and a curved steel head.
fn pick(canvas: &mut Canvas, c: Point, s: f32) {
    let bottom = pt(c.x - 0.32 * s, c.y + 0.38 * s);
    let top = pt(c.x + 0.14 * s, c.y - 0.2 * s);
    canvas.line(bottom, top, &Pen::new(0.13 * s, INK));
    canvas.line(bottom, top, &Pen::new(0.08 * s, WOOD));
    // The head crosses the handle's top, perpendicular to it, bent back toward the handle.
    let (ux, uy) = unit(top.x - bottom.x, top.y - bottom.y);
    let (nx, ny) = (-uy, ux);
    let reach = 0.42 * s;
    let a = pt(
        top.x + nx * reach - ux * 0.14 * s,
        top.y + ny * reach - uy * 0.14 * s,
    );
    let b = pt(
        top.x - nx * reach - ux * 0.14 * s,
        top.y - ny * reach - uy * 0.14 * s,
    );
    let bulge = pt(top.x + ux * 0.2 * s, top.y + uy * 0.2 * s);
    for (colour, width) in [(INK, 0.15 * s), (STEEL, 0.09 * s)] {
        canvas.stroke(&Pen::new(width, colour), |pb| {
            pb.move_to(a.x, a.y);
            pb.quad_to(bulge.x, bulge.y, b.x, b.y);
        });
    }
}

/// A miner's lantern: glowing glass in an iron frame, with a ring to hang it by.
fn lamp(canvas: &mut Canvas, c: Point, s: f32) {
    canvas.disc(pt(c.x, c.y), 0.46 * s, GLOW);
    let thin = Pen::new(0.05 * s, IRON);
    canvas.ring(pt(c.x, c.y - 0.36 * s), 0.1 * s, &thin);
    // Cap.
    canvas.fill(IRON, |pb| {
        pb.move_to(c.x - 0.16 * s, c.y - 0.28 * s);
        pb.line_to(c.x + 0.16 * s, c.y - 0.28 * s);
        pb.line_to(c.x + 0.24 * s, c.y - 0.18 * s);
        pb.line_to(c.x - 0.24 * s, c.y - 0.18 * s);
        pb.close();
    });
    // Glass and flame.
    let glass = (c.x - 0.19 * s, c.y - 0.18 * s, 0.38 * s, 0.38 * s);
    canvas.rounded(glass, 0.03 * s, GLASS, Some(&thin));
    canvas.fill(FLAME, |pb| {
        pb.move_to(c.x, c.y - 0.1 * s);
        pb.quad_to(c.x + 0.1 * s, c.y + 0.04 * s, c.x, c.y + 0.1 * s);
        pb.quad_to(c.x - 0.1 * s, c.y + 0.04 * s, c.x, c.y - 0.1 * s);
        pb.close();
    });
    for x in [c.x - 0.19 * s, c.x + 0.19 * s] {
        canvas.line(pt(x, c.y - 0.18 * s), pt(x, c.y + 0.2 * s), &thin);
    }
    // Base.
    canvas.rounded(
        (c.x - 0.26 * s, c.y + 0.2 * s, 0.52 * s, 0.1 * s),
        0.02 * s,
        IRON,
        None,
    );
}

/// A mine cart full of ore on a rail.
fn cart(canvas: &mut Canvas, c: Point, s: f32) {
    for (dx, dy) in [
        (-0.16, -0.2),
        (0.0, -0.25),
        (0.16, -0.19),
        (-0.06, -0.17),
        (0.1, -0.15),
    ] {
        canvas.disc(pt(c.x + dx * s, c.y + dy * s), 0.09 * s, ORE);
    }
    let edge = Pen::new(0.04 * s, INK);
    canvas.fill(CART, |pb| {
        pb.move_to(c.x - 0.42 * s, c.y - 0.16 * s);
        pb.line_to(c.x + 0.42 * s, c.y - 0.16 * s);
        pb.line_to(c.x + 0.3 * s, c.y + 0.2 * s);
        pb.line_to(c.x - 0.3 * s, c.y + 0.2 * s);
        pb.close();
    });
    canvas.stroke(&edge, |pb| {
        pb.move_to(c.x - 0.42 * s, c.y - 0.16 * s);
        pb.line_to(c.x + 0.42 * s, c.y - 0.16 * s);
        pb.line_to(c.x + 0.3 * s, c.y + 0.2 * s);
        pb.line_to(c.x - 0.3 * s, c.y + 0.2 * s);
        pb.close();
    });
    canvas.line(
        pt(c.x - 0.45 * s, c.y + 0.4 * s),
        pt(c.x + 0.45 * s, c.y + 0.4 * s),
        &Pen::new(0.04 * s, IRON),
    );
    for dx in [-0.19, 0.19] {
        let w = pt(c.x + dx * s, c.y + 0.27 * s);
        canvas.disc(w, 0.11 * s, INK);
        canvas.disc(w, 0.04 * s, STEEL);
    }
}

/// A red "no" sign over a broken tool.
pub(super) fn broken(canvas: &mut Canvas, c: Point, s: f32) {
    let pen = Pen::new(0.08 * s, BROKEN);
    let r = 0.46 * s;
    canvas.ring(c, r, &pen);
    let d = r * std::f32::consts::FRAC_1_SQRT_2;
    canvas.line(pt(c.x - d, c.y - d), pt(c.x + d, c.y + d), &pen);
}

/// A green badge with a white tick: the tool is mended.
pub(super) fn mended(canvas: &mut Canvas, c: Point, r: f32) {
    canvas.disc(c, r, MENDED);
    canvas.stroke(&Pen::new(0.28 * r, WHITE), |pb| {
        pb.move_to(c.x - 0.45 * r, c.y + 0.02 * r);
        pb.line_to(c.x - 0.1 * r, c.y + 0.38 * r);
        pb.line_to(c.x + 0.5 * r, c.y - 0.35 * r);
    });
}

/// Rocks falling with streaks behind them onto a heap.
pub(super) fn rockfall(canvas: &mut Canvas, c: Point, s: f32) {
    let streak = Pen::new(0.035 * s, DUST);
    for (dx, dy, r) in [(-0.2, -0.22, 0.11), (0.17, -0.3, 0.09)] {
        let at = pt(c.x + dx * s, c.y + dy * s);
        for off in [-0.5, 0.5] {
            let x = at.x + off * r * s;
            canvas.line(
                pt(x, at.y - 2.4 * r * s),
                pt(x, at.y - 1.2 * r * s),
                &streak,
            );
        }
        rock(canvas, at, r * s);
    }
    for (dx, dy, r) in [
        (-0.26, 0.3, 0.15),
        (0.25, 0.3, 0.14),
        (0.0, 0.3, 0.17),
        (-0.12, 0.1, 0.14),
        (0.13, 0.11, 0.13),
    ] {
        rock(canvas, pt(c.x + dx * s, c.y + dy * s), r * s);
    }
}

/// A rough rock of radius about `r`.
fn rock(canvas: &mut Canvas, c: Point, r: f32) {
    let corners = [
        (-1.0, 0.3),
        (-0.6, -0.8),
        (0.3, -1.0),
        (1.0, -0.3),
        (0.8, 0.7),
        (-0.3, 0.9),
    ];
    let outline = |pb: &mut tiny_skia::PathBuilder| {
        for (i, (x, y)) in corners.iter().enumerate() {
            if i == 0 {
                pb.move_to(c.x + x * r, c.y + y * r);
            } else {
                pb.line_to(c.x + x * r, c.y + y * r);
            }
        }
        pb.close();
    };
    canvas.fill(ROCK_GREY, outline);
    canvas.stroke(&Pen::new((0.15 * r).max(1.0), INK), outline);
    canvas.disc(pt(c.x - 0.3 * r, c.y - 0.35 * r), 0.25 * r, ROCK_LIGHT);
}

/// A folded treasure map with a dotted route to a red cross.
pub(super) fn treasure_map(canvas: &mut Canvas, c: Point, s: f32) {
    let (left, top, bottom) = (c.x - 0.42 * s, c.y - 0.32 * s, c.y + 0.32 * s);
    let panel = 0.28 * s;
    let sag = 0.08 * s;
    let edge = Pen::new(0.03 * s, INK);
    for i in 0..3 {
        let (x0, x1) = (left + i as f32 * panel, left + (i + 1) as f32 * panel);
        let (d0, d1) = if i % 2 == 0 { (0.0, sag) } else { (sag, 0.0) };
        let outline = |pb: &mut tiny_skia::PathBuilder| {
            pb.move_to(x0, top + d0);
            pb.line_to(x1, top + d1);
            pb.line_to(x1, bottom + d1);
            pb.line_to(x0, bottom + d0);
            pb.close();
        };
        canvas.fill(if i % 2 == 0 { PAPER } else { PAPER_FOLD }, outline);
        canvas.stroke(&edge, outline);
    }
    let route = Pen::new(0.035 * s, ROUTE).dashed(0.06 * s, 0.05 * s);
    canvas.stroke(&route, |pb| {
        pb.move_to(c.x - 0.33 * s, c.y + 0.2 * s);
        pb.quad_to(
            c.x - 0.1 * s,
            c.y - 0.25 * s,
            c.x + 0.05 * s,
            c.y + 0.05 * s,
        );
        pb.quad_to(
            c.x + 0.15 * s,
            c.y + 0.2 * s,
            c.x + 0.22 * s,
            c.y - 0.08 * s,
        );
    });
    let cross = Pen::new(0.05 * s, ROUTE);
    let (x, y, d) = (c.x + 0.27 * s, c.y - 0.14 * s, 0.07 * s);
    canvas.line(pt(x - d, y - d), pt(x + d, y + d), &cross);
    canvas.line(pt(x - d, y + d), pt(x + d, y - d), &cross);
}

/// The unit vector along (dx, dy), or (0, 0) for a zero vector.
fn unit(dx: f32, dy: f32) -> (f32, f32) {
    let len = (dx * dx + dy * dy).sqrt();
    if len < f32::EPSILON {
        (0.0, 0.0)
    } else {
        (dx / len, dy / len)
    }
}
