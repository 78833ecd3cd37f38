//! The bugs on the tiles, drawn with paths: each filled in its kind's colour (as the physical
//! game prints them) and outlined in the tile's ink, head up, in a square of side `2u` around a
//! centre.

use tiny_skia::{PathBuilder, Point, Rect, Transform};

use crate::Bug;
use bot_core::draw::{Canvas, Pen, Rgb, built, pt, rgb};

/// The queen's gold.
pub(super) const QUEEN: Rgb = rgb(0xF5B21B);
/// The beetle's purple.
pub(super) const BEETLE: Rgb = rgb(0x9A5BD6);
/// The grasshopper's green.
pub(super) const GRASSHOPPER: Rgb = rgb(0x4DB552);
/// The spider's brown.
pub(super) const SPIDER: Rgb = rgb(0xB06A36);
/// The ant's blue.
pub(super) const ANT: Rgb = rgb(0x3A8DEB);
/// The mosquito's grey.
pub(super) const MOSQUITO: Rgb = rgb(0x8A9BB0);
/// The ladybug's red.
pub(super) const LADYBUG: Rgb = rgb(0xE0302A);
/// The pillbug's teal.
pub(super) const PILLBUG: Rgb = rgb(0x2E9C95);
/// The queen's dark stripes and the bee's wings.
const STRIPE: Rgb = rgb(0x2B2118);
const WING: Rgb = rgb(0xDDF1FF);

/// A kind's colour.
pub(super) fn accent(bug: Bug) -> Rgb {
    match bug {
        Bug::Queen => QUEEN,
        Bug::Beetle => BEETLE,
        Bug::Grasshopper => GRASSHOPPER,
        Bug::Spider => SPIDER,
        Bug::Ant => ANT,
        Bug::Mosquito => MOSQUITO,
        Bug::Ladybug => LADYBUG,
        Bug::Pillbug => PILLBUG,
    }
}

/// Draws `bug` around `c`, `u` pixels from the centre to the edge of its square, outlined in
/// `ink`.
pub(super) fn draw(canvas: &mut Canvas, bug: Bug, c: Point, u: f32, ink: Rgb) {
    let mut b = Brush { canvas, c, u, ink };
    match bug {
        Bug::Queen => b.queen(),
        Bug::Beetle => b.beetle(),
        Bug::Grasshopper => b.grasshopper(),
        Bug::Spider => b.spider(),
        Bug::Ant => b.ant(),
        Bug::Mosquito => b.mosquito(),
        Bug::Ladybug => b.ladybug(),
        Bug::Pillbug => b.pillbug(),
    }
}

/// Draws in a bug's own units: (0, 0) its centre, ±1 the edges of its square, y downward.
struct Brush<'a> {
    canvas: &'a mut Canvas,
    c: Point,
    u: f32,
    ink: Rgb,
}

impl Brush<'_> {
    fn at(&self, (x, y): (f32, f32)) -> Point {
        pt(self.c.x + x * self.u, self.c.y + y * self.u)
    }

    /// The outline's width.
    fn edge(&self) -> Pen {
        Pen::new((0.09 * self.u).max(1.0), self.ink)
    }

    /// An ellipse centred on `centre` with half-axes `rx`, `ry`, turned `degrees` clockwise,
    /// filled and outlined.
    fn oval(&mut self, centre: (f32, f32), (rx, ry): (f32, f32), degrees: f32, fill: Rgb) {
        let (u, c) = (self.u, self.at(centre));
        let Some(rect) = Rect::from_xywh(-rx * u, -ry * u, 2.0 * rx * u, 2.0 * ry * u) else {
            return;
        };
        let Some(path) = built(|pb| pb.push_oval(rect))
            .and_then(|p| p.transform(Transform::from_rotate(degrees).post_translate(c.x, c.y)))
        else {
            return;
        };
        let edge = self.edge();
        self.canvas.fill_path(&path, fill);
        self.canvas.stroke_path(&path, &edge);
    }

    /// A line through `points` in `width` (in units) of `colour`, round at the ends and joints.
    fn limb(&mut self, points: &[(f32, f32)], width: f32, colour: Rgb) {
        let pts: Vec<Point> = points.iter().map(|&p| self.at(p)).collect();
        let pen = Pen::new((width * self.u).max(1.0), colour);
        self.canvas.stroke(&pen, |pb| polyline(pb, &pts));
    }

    /// A limb in ink, and its mirror image on the other side.
    fn pair(&mut self, points: &[(f32, f32)], width: f32) {
        let ink = self.ink;
        self.limb(points, width, ink);
        let mirrored: Vec<(f32, f32)> = points.iter().map(|&(x, y)| (-x, y)).collect();
        self.limb(&mirrored, width, ink);
    }

    /// A filled polygon outlined in ink.
    fn polygon(&mut self, points: &[(f32, f32)], fill: Rgb) {
        let pts: Vec<Point> = points.iter().map(|&p| self.at(p)).collect();
        let Some(path) = built(|pb| {
            polyline(pb, &pts);
            pb.close();
        }) else {
            return;
        };
        let edge = self.edge();
        self.canvas.fill_path(&path, fill);
        self.canvas.stroke_path(&path, &edge);
    }

    /// The queen: a bee with wings, a striped golden body and a crown.
    fn queen(&mut self) {
        self.pair(&[(0.12, -0.62), (0.3, -0.86)], 0.08);
        self.pair(&[(0.15, -0.2), (0.55, 0.05), (0.62, 0.3)], 0.09);
        self.oval((0.42, -0.12), (0.36, 0.2), -35.0, WING.alpha(235));
        self.oval((-0.42, -0.12), (0.36, 0.2), 35.0, WING.alpha(235));
        self.oval((0.0, 0.36), (0.38, 0.55), 0.0, QUEEN);
        // Stripes across the abdomen, each as wide as the body at its height.
        for y in [0.2_f32, 0.5] {
            let half = 0.38 * (1.0 - ((y - 0.36) / 0.55).powi(2)).max(0.0).sqrt() - 0.04;
            self.limb(&[(-half, y), (half, y)], 0.13, STRIPE);
        }
        self.oval((0.0, -0.25), (0.24, 0.22), 0.0, QUEEN);
        self.oval((0.0, -0.6), (0.16, 0.15), 0.0, STRIPE);
        self.polygon(
            &[
                (-0.3, -0.72),
                (-0.34, -1.02),
                (-0.15, -0.86),
                (0.0, -1.08),
                (0.15, -0.86),
                (0.34, -1.02),
                (0.3, -0.72),
            ],
            QUEEN,
        );
    }

    /// The beetle: a round purple shell split down the middle, a head with short horns.
    fn beetle(&mut self) {
        for y in [-0.2_f32, 0.15, 0.5] {
            self.pair(&[(0.3, y), (0.78, y - 0.1), (0.88, y + 0.22)], 0.1);
        }
        self.pair(&[(0.08, -0.72), (0.3, -0.98)], 0.09);
        self.oval((0.0, -0.62), (0.26, 0.2), 0.0, BEETLE);
        self.oval((0.0, 0.18), (0.62, 0.7), 0.0, BEETLE);
        let ink = self.ink;
        self.limb(&[(0.0, -0.5), (0.0, 0.86)], 0.08, ink);
        // A shine on the shell.
        let (c, u) = (self.at((-0.3, -0.12)), self.u);
        self.canvas.disc(c, 0.1 * u, rgb(0xFFFFFF).alpha(150));
    }

    /// The grasshopper: a long green body with big bent hind legs and long antennae.
    fn grasshopper(&mut self) {
        self.pair(&[(0.06, -0.82), (0.22, -1.05), (0.55, -1.0)], 0.07);
        self.pair(&[(0.12, -0.38), (0.4, -0.52), (0.5, -0.3)], 0.08);
        self.pair(&[(0.12, -0.15), (0.42, -0.1), (0.48, 0.12)], 0.08);
        // The hind legs: a thick thigh up to a high knee, then a thin shin far down and out.
        let ink = self.ink;
        for side in [1.0_f32, -1.0] {
            self.limb(&[(0.66 * side, -0.5), (0.8 * side, 0.92)], 0.1, ink);
            self.oval((0.42 * side, -0.18), (0.16, 0.38), 38.0 * side, GRASSHOPPER);
        }
        self.oval((0.0, 0.18), (0.24, 0.74), 0.0, GRASSHOPPER);
        self.oval((0.0, -0.66), (0.21, 0.23), 0.0, GRASSHOPPER);
        for y in [0.3_f32, 0.52, 0.74] {
            let half = 0.24 * (1.0 - ((y - 0.18) / 0.74).powi(2)).max(0.0).sqrt() - 0.05;
            self.limb(&[(-half, y), (half, y)], 0.06, ink);
        }
    }

    /// The spider: eight bent legs round a small head and a round brown body.
    fn spider(&mut self) {
        let legs = [
            [(0.1, -0.35), (0.45, -0.78), (0.72, -1.0)],
            [(0.12, -0.25), (0.68, -0.45), (0.98, -0.62)],
            [(0.12, -0.15), (0.68, 0.0), (0.98, 0.22)],
            [(0.1, -0.05), (0.5, 0.35), (0.76, 0.82)],
        ];
        for leg in &legs {
            self.pair(leg, 0.1);
        }
        self.oval((0.0, -0.3), (0.24, 0.25), 0.0, SPIDER);
        self.oval((0.0, 0.32), (0.36, 0.44), 0.0, SPIDER);
        let ink = self.ink;
        let (c, u) = (self.at((0.0, 0.3)), self.u);
        self.canvas.disc(c, 0.09 * u, ink);
        self.canvas.disc(self.at((0.0, 0.08)), 0.06 * u, ink);
    }

    /// The ant: head, thorax and abdomen in a row, six legs and elbowed antennae.
    fn ant(&mut self) {
        self.pair(&[(0.08, -0.75), (0.22, -0.98), (0.45, -0.95)], 0.07);
        self.pair(&[(0.08, -0.18), (0.45, -0.42), (0.62, -0.72)], 0.09);
        self.pair(&[(0.1, -0.05), (0.55, 0.0), (0.85, 0.12)], 0.09);
        self.pair(&[(0.08, 0.08), (0.45, 0.32), (0.68, 0.7)], 0.09);
        self.oval((0.0, 0.5), (0.3, 0.4), 0.0, ANT);
        self.oval((0.0, -0.08), (0.15, 0.24), 0.0, ANT);
        self.oval((0.0, -0.6), (0.22, 0.2), 0.0, ANT);
    }

    /// The mosquito: a slender grey body, long narrow wings, long thin legs and a long
    /// proboscis pointing down from its head.
    fn mosquito(&mut self) {
        let ink = self.ink;
        self.pair(&[(0.08, -0.2), (0.5, -0.55), (0.9, -0.45)], 0.06);
        self.pair(&[(0.1, -0.08), (0.55, 0.15), (0.95, 0.05)], 0.06);
        self.pair(&[(0.08, 0.05), (0.4, 0.5), (0.62, 0.98)], 0.06);
        self.oval((0.3, 0.05), (0.44, 0.13), 20.0, WING.alpha(235));
        self.oval((-0.3, 0.05), (0.44, 0.13), -20.0, WING.alpha(235));
        self.oval((0.0, 0.4), (0.2, 0.52), 0.0, MOSQUITO);
        self.oval((0.0, -0.16), (0.25, 0.22), 0.0, MOSQUITO);
        self.oval((0.0, -0.54), (0.17, 0.15), 0.0, MOSQUITO);
        // The proboscis, long and straight: what tells it from the other flyer, the queen.
        self.limb(&[(0.0, -0.66), (0.0, -1.04)], 0.07, ink);
        self.pair(&[(0.07, -0.64), (0.28, -0.88)], 0.05);
        for y in [0.3_f32, 0.62] {
            let half = 0.2 * (1.0 - ((y - 0.4) / 0.52).powi(2)).max(0.0).sqrt() - 0.04;
            self.limb(&[(-half, y), (half, y)], 0.04, ink);
        }
    }

    /// The ladybug: a round red shell split down the middle with black spots, a black head
    /// with short antennae.
    fn ladybug(&mut self) {
        for y in [-0.15_f32, 0.2, 0.55] {
            self.pair(&[(0.4, y), (0.8, y + 0.08)], 0.09);
        }
        self.pair(&[(0.1, -0.7), (0.28, -0.92)], 0.07);
        let ink = self.ink;
        self.oval((0.0, -0.58), (0.3, 0.2), 0.0, STRIPE);
        self.oval((0.0, 0.16), (0.66, 0.66), 0.0, LADYBUG);
        self.limb(&[(0.0, -0.48), (0.0, 0.8)], 0.07, ink);
        let u = self.u;
        for (x, y, r) in [
            (0.3, -0.12, 0.12),
            (0.36, 0.36, 0.13),
            (0.14, 0.62, 0.09),
            (0.14, 0.1, 0.08),
        ] {
            for side in [1.0_f32, -1.0] {
                let c = self.at((x * side, y));
                self.canvas.disc(c, r * u, STRIPE);
            }
        }
        // Two white spots on the head.
        for side in [1.0_f32, -1.0] {
            let c = self.at((0.14 * side, -0.6));
            self.canvas.disc(c, 0.05 * u, rgb(0xFFFFFF));
        }
    }

    /// The pillbug: an oval of overlapping teal plates across its back, a small head with
    /// bent antennae and rows of short legs.
    fn pillbug(&mut self) {
        for y in [-0.35_f32, -0.05, 0.25, 0.55] {
            self.pair(&[(0.45, y), (0.72, y + 0.1)], 0.07);
        }
        self.pair(&[(0.12, -0.8), (0.3, -1.0), (0.5, -0.94)], 0.07);
        self.oval((0.0, 0.1), (0.55, 0.82), 0.0, PILLBUG);
        let ink = self.ink;
        // The plates: a line across the back for each, as wide as the body at its height.
        for y in [-0.46_f32, -0.22, 0.02, 0.26, 0.5, 0.72] {
            let half = 0.55 * (1.0 - ((y - 0.1) / 0.82).powi(2)).max(0.0).sqrt() - 0.03;
            self.limb(&[(-half, y), (half, y)], 0.06, ink);
        }
        self.oval((0.0, -0.72), (0.22, 0.12), 0.0, PILLBUG);
    }
}

/// Adds a line through `points` to `pb`.
fn polyline(pb: &mut PathBuilder, points: &[Point]) {
    for (i, p) in points.iter().enumerate() {
        if i == 0 {
            pb.move_to(p.x, p.y);
        } else {
            pb.line_to(p.x, p.y);
        }
    }
}
