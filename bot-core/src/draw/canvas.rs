//! Drawing primitives over a tiny-skia pixmap: colours, pens and the few shapes the games'
//! pictures are made of.
//!
//! Every call takes plain points and colours and silently draws nothing for a degenerate shape
//! (tiny-skia returns `None` for an empty path), so no input can make a picture panic.

use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Point, Rect, Stroke,
    StrokeDash, Transform,
};

/// An opaque colour from its `0xRRGGBB` value.
pub const fn rgb(hex: u32) -> Rgb {
    Rgb([(hex >> 16) as u8, (hex >> 8) as u8, hex as u8, 255])
}

/// A colour with alpha, kept as bytes so palettes can be constants and tests can compare pixels.
///
/// The bytes are red, green, blue, alpha (straight, not premultiplied).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rgb(pub [u8; 4]);

impl Rgb {
    /// The same colour with alpha `a` (0–255).
    pub const fn alpha(self, a: u8) -> Rgb {
        let [r, g, b, _] = self.0;
        Rgb([r, g, b, a])
    }

    fn color(self) -> Color {
        let [r, g, b, a] = self.0;
        Color::from_rgba8(r, g, b, a)
    }
}

/// How a line is drawn: width, colour and an optional dash pattern (on, off lengths).
#[derive(Clone, Debug)]
pub struct Pen {
    /// Line width in pixels.
    pub width: f32,
    /// Line colour.
    pub color: Rgb,
    /// Dash pattern: lengths of a drawn and a skipped piece, or `None` for a solid line.
    pub dash: Option<[f32; 2]>,
    /// Round ends look right for walls and paths; butt ends keep dashed borders inside their side.
    pub round: bool,
}

impl Pen {
    /// A solid pen with round ends.
    pub fn new(width: f32, color: Rgb) -> Pen {
        Pen {
            width,
            color,
            dash: None,
            round: true,
        }
    }

    /// The same pen, dashed.
    pub fn dashed(self, on: f32, off: f32) -> Pen {
        Pen {
            dash: Some([on, off]),
            ..self
        }
    }

    /// The same pen with flat ends.
    pub fn butt(self) -> Pen {
        Pen {
            round: false,
            ..self
        }
    }
}

/// A rectangle as (left, top, width, height).
pub type Area = (f32, f32, f32, f32);

/// The picture being drawn.
pub struct Canvas {
    /// The pixels; encode them with [`Pixmap::encode_png`] when the picture is done.
    pub pixmap: Pixmap,
}

fn paint(color: Rgb) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color.color());
    p.anti_alias = true;
    p
}

impl Canvas {
    /// Fills the whole picture.
    pub fn clear(&mut self, color: Rgb) {
        self.pixmap.fill(color.color());
    }

    /// Fills an axis-aligned rectangle, without anti-aliasing so cell edges stay crisp.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            let mut p = paint(color);
            p.anti_alias = false;
            self.pixmap.fill_rect(r, &p, Transform::identity(), None);
        }
    }

    /// Fills a path built by `build`.
    pub fn fill(&mut self, color: Rgb, build: impl FnOnce(&mut PathBuilder)) {
        if let Some(path) = built(build) {
            self.fill_path(&path, color);
        }
    }

    /// Strokes a path built by `build`.
    pub fn stroke(&mut self, pen: &Pen, build: impl FnOnce(&mut PathBuilder)) {
        if let Some(path) = built(build) {
            self.stroke_path(&path, pen);
        }
    }

    /// Fills a finished path.
    pub fn fill_path(&mut self, path: &Path, color: Rgb) {
        self.pixmap.fill_path(
            path,
            &paint(color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }

    /// Strokes a finished path.
    pub fn stroke_path(&mut self, path: &Path, pen: &Pen) {
        let (line_cap, line_join) = if pen.round {
            (LineCap::Round, LineJoin::Round)
        } else {
            (LineCap::Butt, LineJoin::Miter)
        };
        let stroke = Stroke {
            width: pen.width,
            line_cap,
            line_join,
            dash: pen
                .dash
                .and_then(|[on, off]| StrokeDash::new(vec![on, off], 0.0)),
            ..Stroke::default()
        };
        self.pixmap.stroke_path(
            path,
            &paint(pen.color),
            &stroke,
            Transform::identity(),
            None,
        );
    }

    /// A straight line.
    pub fn line(&mut self, a: Point, b: Point, pen: &Pen) {
        self.stroke(pen, |pb| {
            pb.move_to(a.x, a.y);
            pb.line_to(b.x, b.y);
        });
    }

    /// A filled disc.
    pub fn disc(&mut self, c: Point, r: f32, color: Rgb) {
        self.fill(color, |pb| pb.push_circle(c.x, c.y, r));
    }

    /// A circle outline.
    pub fn ring(&mut self, c: Point, r: f32, pen: &Pen) {
        self.stroke(pen, |pb| pb.push_circle(c.x, c.y, r));
    }

    /// A filled rectangle with rounded corners of radius `r`, outlined by `edge` if given.
    pub fn rounded(&mut self, (x, y, w, h): Area, r: f32, fill: Rgb, edge: Option<&Pen>) {
        let Some(path) = built(|pb| rounded_rect(pb, x, y, w, h, r)) else {
            return;
        };
        self.fill_path(&path, fill);
        if let Some(pen) = edge {
            self.stroke_path(&path, pen);
        }
    }

    /// A filled triangle pointing from `from` to `tip`, `half_width` wide on each side at its base.
    pub fn arrow_head(&mut self, from: Point, tip: Point, half_width: f32, color: Rgb) {
        let (dx, dy) = (tip.x - from.x, tip.y - from.y);
        let len = (dx * dx + dy * dy).sqrt();
        if len < f32::EPSILON {
            return;
        }
        let (nx, ny) = (-dy / len * half_width, dx / len * half_width);
        self.fill(color, |pb| {
            pb.move_to(tip.x, tip.y);
            pb.line_to(from.x + nx, from.y + ny);
            pb.line_to(from.x - nx, from.y - ny);
            pb.close();
        });
    }

    /// A five-pointed star centred on `c` with outer radius `r`, filled and outlined.
    pub fn star(&mut self, c: Point, r: f32, fill: Rgb, edge: &Pen) {
        let Some(path) = built(|pb| {
            for i in 0..10 {
                let radius = if i % 2 == 0 { r } else { r * 0.45 };
                let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
                let (x, y) = (c.x + radius * a.cos(), c.y + radius * a.sin());
                if i == 0 {
                    pb.move_to(x, y);
                } else {
                    pb.line_to(x, y);
                }
            }
            pb.close();
        }) else {
            return;
        };
        self.fill_path(&path, fill);
        self.stroke_path(&path, edge);
    }
}

/// Runs `build` on a fresh path builder; `None` when it drew nothing.
pub fn built(build: impl FnOnce(&mut PathBuilder)) -> Option<Path> {
    let mut pb = PathBuilder::new();
    build(&mut pb);
    pb.finish()
}

fn rounded_rect(pb: &mut PathBuilder, x: f32, y: f32, w: f32, h: f32, r: f32) {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    let (x1, y1) = (x + w, y + h);
    pb.move_to(x + r, y);
    pb.line_to(x1 - r, y);
    pb.quad_to(x1, y, x1, y + r);
    pb.line_to(x1, y1 - r);
    pb.quad_to(x1, y1, x1 - r, y1);
    pb.line_to(x + r, y1);
    pb.quad_to(x, y1, x, y1 - r);
    pb.line_to(x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
}

/// A point; shorter than `Point::from_xy` in geometry-heavy code.
pub fn pt(x: f32, y: f32) -> Point {
    Point::from_xy(x, y)
}
