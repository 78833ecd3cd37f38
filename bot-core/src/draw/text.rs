//! Text in the picture: DejaVu Sans Bold, embedded (45 KB, cut to the scripts players write in;
//! see `bot-core/assets/fonts/README.md`), its glyph outlines filled with anti-aliasing. Names read
//! as written, in Latin, Cyrillic or Greek, at every size a picture draws them; a character the font
//! lacks becomes `?`.

use std::sync::LazyLock;

use tiny_skia::PathBuilder;
use ttf_parser::{Face, GlyphId, OutlineBuilder};

use super::canvas::{Canvas, Pen, Rgb, built};

/// The typeface's file.
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

static FACE: LazyLock<Face<'static>> =
    LazyLock::new(|| Face::parse(FONT, 0).expect("the embedded font is a TrueType font"));

/// The em in pixels for each unit of `scale`: at scale 1 capitals stand about 7 px high, as the
/// 8×8 bitmap font's did, so the pictures' layouts keep their proportions.
const EM_PER_SCALE: f32 = 10.0;

/// Pixels per font unit at `scale`.
fn px(scale: u32) -> f32 {
    EM_PER_SCALE * scale as f32 / f32::from(FACE.units_per_em())
}

/// Text as the font can draw it: control characters as spaces, any character the font lacks as
/// `?`.
pub fn printable(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            c if c.is_control() => ' ',
            c if FACE.glyph_index(c).is_some() => c,
            _ => '?',
        })
        .collect()
}

/// Width in pixels of `text` (already [`printable`]) at `scale`: the sum of its glyphs' advances.
pub fn width(text: &str, scale: u32) -> f32 {
    let units: u32 = text.chars().map(|c| u32::from(advance(glyph(c)))).sum();
    units as f32 * px(scale)
}

/// Height in pixels of a line's capitals and digits at `scale`: what a label is centred on.
pub fn height(scale: u32) -> f32 {
    f32::from(FACE.capital_height().unwrap_or(1493)) * px(scale)
}

/// Draws `text` (already [`printable`]) with the top of its capitals at `y` and its left at `x`.
pub fn draw(canvas: &mut Canvas, text: &str, x: f32, y: f32, scale: u32, color: Rgb) {
    if let Some(path) = built(|pb| push_outlines(pb, text, x, y, scale)) {
        canvas.fill_path(&path, color);
    }
}

/// Draws `text` with a `halo`-coloured outline about one `scale` unit wide, so it stays readable
/// over paths and coloured cells.
pub fn draw_haloed(
    canvas: &mut Canvas,
    text: &str,
    (x, y): (f32, f32),
    scale: u32,
    color: Rgb,
    halo: Rgb,
) {
    if let Some(path) = built(|pb| push_outlines(pb, text, x, y, scale)) {
        canvas.stroke_path(&path, &Pen::new(2.0 * scale as f32, halo));
        canvas.fill_path(&path, color);
    }
}

/// Draws `text` centred on (cx, cy).
pub fn draw_centred(
    canvas: &mut Canvas,
    text: &str,
    (cx, cy): (f32, f32),
    scale: u32,
    color: Rgb,
    halo: Option<Rgb>,
) {
    let x = cx - width(text, scale) / 2.0;
    let y = cy - height(scale) / 2.0;
    match halo {
        Some(h) => draw_haloed(canvas, text, (x, y), scale, color, h),
        None => draw(canvas, text, x, y, scale, color),
    }
}

/// The glyph of `c`, or of `?` when the font lacks it.
fn glyph(c: char) -> GlyphId {
    (FACE.glyph_index(c))
        .or_else(|| FACE.glyph_index('?'))
        .unwrap_or(GlyphId(0))
}

fn advance(g: GlyphId) -> u16 {
    FACE.glyph_hor_advance(g).unwrap_or(0)
}

/// Adds the outlines of `text`'s glyphs, the top of its capitals at `top`.
fn push_outlines(pb: &mut PathBuilder, text: &str, x: f32, top: f32, scale: u32) {
    let k = px(scale);
    let mut pen = Outline {
        pb,
        x,
        baseline: top + height(scale),
        k,
    };
    for c in text.chars() {
        let g = glyph(c);
        FACE.outline_glyph(g, &mut pen);
        pen.x += f32::from(advance(g)) * k;
    }
}

/// A glyph's outline into a path: font units (y up, from the baseline) into pixels (y down).
struct Outline<'a> {
    pb: &'a mut PathBuilder,
    x: f32,
    baseline: f32,
    k: f32,
}

impl Outline<'_> {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.x + x * self.k, self.baseline - y * self.k)
    }
}

impl OutlineBuilder for Outline<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.pb.move_to(x, y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.pb.line_to(x, y);
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let ((x1, y1), (x, y)) = (self.at(x1, y1), self.at(x, y));
        self.pb.quad_to(x1, y1, x, y);
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let ((x1, y1), (x2, y2), (x, y)) = (self.at(x1, y1), self.at(x2, y2), self.at(x, y));
        self.pb.cubic_to(x1, y1, x2, y2, x, y);
    }

    fn close(&mut self) {
        self.pb.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::canvas::Canvas;

    #[test]
    fn names_keep_their_script() {
        // Issue 33: Cyrillic names were transliterated by the 8×8 bitmap font.
        assert_eq!(printable("Щука Ёж"), "Щука Ёж");
        assert_eq!(printable("Zoë Ψ"), "Zoë Ψ");
    }

    #[test]
    fn letters_the_font_lacks_become_question_marks() {
        assert_eq!(printable("李🎲x"), "??x");
        assert_eq!(printable("a\nb"), "a b");
    }

    #[test]
    fn width_follows_the_glyphs_and_grows_with_the_scale() {
        assert_eq!(width("", 2), 0.0);
        assert!(width("W", 1) > width("i", 1), "a proportional face");
        assert!((width("ab", 2) - 2.0 * width("ab", 1)).abs() < 1e-3);
        let cap = height(1);
        assert!(
            (6.5..8.0).contains(&cap),
            "capitals about 7 px high at scale 1: {cap}"
        );
    }

    #[test]
    fn a_label_inks_the_pixels_it_says_it_takes_and_no_others() {
        let mut canvas = Canvas {
            pixmap: tiny_skia::Pixmap::new(80, 40).expect("a pixmap"),
        };
        canvas.clear(Rgb([255, 255, 255, 255]));
        let ink = Rgb([0, 0, 0, 255]);
        draw(&mut canvas, "ЖУК", 10.0, 10.0, 2, ink);
        let (w, h) = (width("ЖУК", 2), height(2));
        let dark = |x: u32, y: u32| canvas.pixmap.pixel(x, y).is_some_and(|p| p.red() < 128);
        let inked: Vec<(u32, u32)> = (0..80)
            .flat_map(|x| (0..40).map(move |y| (x, y)))
            .filter(|&(x, y)| dark(x, y))
            .collect();
        assert!(
            inked.len() > 40,
            "the word is drawn: {} pixels",
            inked.len()
        );
        for (x, y) in inked {
            assert!(
                (9..=(11 + w as u32)).contains(&x) && (9..=(11 + h as u32)).contains(&y),
                "({x}, {y}) outside the label's box {w}×{h}"
            );
        }
    }
}
