//! Text in the picture: font8x8's public-domain 8x8 bitmap glyphs scaled by whole pixels, so the
//! picture needs no font files.
//!
//! Player names come from chat and may be in any script. The font knows Basic Latin, Latin-1, and
//! Greek; Cyrillic (most of our players) is transliterated to Latin; anything else becomes `?`.

use font8x8::{BASIC_FONTS, GREEK_FONTS, LATIN_FONTS, UnicodeFonts};
use tiny_skia::{PathBuilder, Rect};

use super::canvas::{Canvas, Rgb, built};

/// Side of a glyph cell in font pixels.
const GLYPH: u32 = 8;

/// Text as the font can draw it: Cyrillic transliterated, control characters as spaces, any other
/// character the font lacks as `?`.
pub fn printable(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() {
            out.push(' ');
        } else if let Some(latin) = cyrillic_to_latin(c) {
            out.push_str(&latin);
        } else if glyph(c).is_some() {
            out.push(c);
        } else {
            out.push('?');
        }
    }
    out
}

/// Width in pixels of `text` (already [`printable`]) at `scale`, without the blank column after the
/// last glyph.
pub fn width(text: &str, scale: u32) -> f32 {
    let n = text.chars().count() as u32;
    (n * GLYPH * scale).saturating_sub(scale) as f32
}

/// Height in pixels of a line of text at `scale` (the font's last row is blank for most glyphs).
pub fn height(scale: u32) -> f32 {
    ((GLYPH - 1) * scale) as f32
}

/// Draws `text` (already [`printable`]) with its top-left corner at (x, y), snapped to whole pixels.
pub fn draw(canvas: &mut Canvas, text: &str, x: f32, y: f32, scale: u32, color: Rgb) {
    let (x, y) = (x.round(), y.round());
    if let Some(path) = built(|pb| push_pixels(pb, text, x, y, scale, 0.0)) {
        canvas.fill_path(&path, color);
    }
}

/// Draws `text` with a `halo`-coloured outline one font pixel wide, so it stays readable over
/// paths and coloured cells.
pub fn draw_haloed(
    canvas: &mut Canvas,
    text: &str,
    (x, y): (f32, f32),
    scale: u32,
    color: Rgb,
    halo: Rgb,
) {
    let (x, y) = (x.round(), y.round());
    let grow = scale as f32;
    if let Some(path) = built(|pb| push_pixels(pb, text, x, y, scale, grow)) {
        canvas.fill_path(&path, halo);
    }
    draw(canvas, text, x, y, scale, color);
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

/// Adds one square per lit font pixel, each grown by `grow` on every side.
fn push_pixels(pb: &mut PathBuilder, text: &str, x: f32, y: f32, scale: u32, grow: f32) {
    let s = scale as f32;
    for (i, c) in text.chars().enumerate() {
        let rows = glyph(c).unwrap_or_else(question_mark);
        let gx = x + (i as u32 * GLYPH * scale) as f32;
        for (r, bits) in rows.iter().enumerate() {
            for col in 0..GLYPH {
                // font8x8 stores the leftmost pixel in the lowest bit.
                if bits >> col & 1 == 1 {
                    let px = gx + col as f32 * s - grow;
                    let py = y + r as f32 * s - grow;
                    if let Some(rect) = Rect::from_xywh(px, py, s + 2.0 * grow, s + 2.0 * grow) {
                        pb.push_rect(rect);
                    }
                }
            }
        }
    }
}

fn glyph(c: char) -> Option<[u8; 8]> {
    BASIC_FONTS
        .get(c)
        .or_else(|| LATIN_FONTS.get(c))
        .or_else(|| GREEK_FONTS.get(c))
}

fn question_mark() -> [u8; 8] {
    BASIC_FONTS.get('?').unwrap_or([0; 8])
}

/// Latin spelling of a Cyrillic letter (Russian, Ukrainian, Belarusian), capitalised like the
/// letter; `None` for anything else.
fn cyrillic_to_latin(c: char) -> Option<String> {
    let lower = c.to_lowercase().next().unwrap_or(c);
    let latin = match lower {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' | 'ґ' => "g",
        'д' => "d",
        'е' | 'ё' | 'э' => "e",
        'є' => "ye",
        'ж' => "zh",
        'з' => "z",
        'и' | 'і' => "i",
        'ї' => "yi",
        'й' | 'ы' => "y",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' | 'ў' => "u",
        'ф' => "f",
        'х' => "kh",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "shch",
        'ъ' | 'ь' => "",
        'ю' => "yu",
        'я' => "ya",
        _ => return None,
    };
    if lower == c {
        return Some(latin.to_string());
    }
    let mut chars = latin.chars();
    Some(match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_names_become_latin() {
        assert_eq!(printable("Щука Ёж"), "Shchuka Ezh");
        assert_eq!(printable("Подъезд"), "Podezd");
        assert_eq!(printable("Їжак"), "Yizhak");
    }

    #[test]
    fn letters_the_font_lacks_become_question_marks() {
        assert_eq!(printable("Zoë"), "Zoë", "Latin-1 is in the font");
        assert_eq!(printable("李🎲x"), "??x");
        assert_eq!(printable("a\nb"), "a b");
    }

    #[test]
    fn width_counts_glyphs_not_bytes() {
        assert_eq!(width("ab", 2), 30.0);
        assert_eq!(width("", 2), 0.0);
        assert_eq!(width(&printable("Ж"), 1), 15.0);
    }
}
