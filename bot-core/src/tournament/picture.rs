//! The standings as a picture: the text table drawn in a monospace bitmap font, the header on a
//! band, rows striped, and the first three ranks marked gold, silver and bronze, for a chat where
//! a table of text wraps on a phone.

use tiny_skia::Pixmap;

use super::render::Labels;
use super::{Tournament, standings::Row};
use crate::draw::{Canvas, Rgb, rgb, text};

/// Pixels per font pixel.
const SCALE: u32 = 2;
/// Space around the table and inside a row, in pixels.
const PAD: f32 = 12.0;
/// Height of a row, in pixels.
const ROW: f32 = 28.0;
/// The most rows drawn; a longer table's picture ends with the rest left to the text.
const MAX_ROWS: usize = 64;

const BACKGROUND: Rgb = rgb(0xFAF7F0);
const HEADER: Rgb = rgb(0x2E4057);
const HEADER_TEXT: Rgb = rgb(0xFFFFFF);
const STRIPE: Rgb = rgb(0xECE6DA);
const INK: Rgb = rgb(0x222222);
const MEDALS: [Rgb; 3] = [rgb(0xE6B422), rgb(0xB8BEC4), rgb(0xC9824A)];

impl Tournament {
    /// The standings as a PNG picture under the caller's headings.
    pub fn standings_png(&self, labels: &Labels, name_width: usize) -> Vec<u8> {
        let rows = self.standings();
        let table = self.table(labels, name_width);
        render(&table, &rows)
            .and_then(|p| p.encode_png().ok())
            .unwrap_or_default()
    }
}

/// The table's lines (the header first, then one per row of `rows`) drawn as a picture.
fn render(table: &str, rows: &[Row]) -> Option<Pixmap> {
    let lines: Vec<String> = table
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(MAX_ROWS + 1)
        .map(text::printable)
        .collect();
    let widest = lines
        .iter()
        .map(|l| text::width(l, SCALE))
        .fold(0.0, f32::max);
    let width = (widest + 2.0 * PAD).ceil() as u32;
    let height = (lines.len() as f32 * ROW + 2.0 * PAD).ceil() as u32;
    let mut canvas = Canvas {
        pixmap: Pixmap::new(width.max(1), height.max(1))?,
    };
    canvas.clear(BACKGROUND);
    let inset = (ROW - text::height(SCALE)) / 2.0;
    for (i, line) in lines.iter().enumerate() {
        let top = PAD + i as f32 * ROW;
        let ink = match i {
            0 => {
                canvas.rect(0.0, top, width as f32, ROW, HEADER);
                HEADER_TEXT
            }
            _ => {
                if i % 2 == 0 {
                    canvas.rect(0.0, top, width as f32, ROW, STRIPE);
                }
                let rank = rows.get(i - 1).map_or(0, |r| r.rank);
                if let Some(&medal) = MEDALS.get(rank.wrapping_sub(1)) {
                    canvas.rect(0.0, top, PAD / 2.0, ROW, medal);
                }
                INK
            }
        };
        text::draw(&mut canvas, line, PAD, top + inset, SCALE, ink);
    }
    Some(canvas.pixmap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::game::{Outcome, Placing};
    use crate::tournament::{Format, GameRef, GameSpec, Scoring};

    fn hive_of(names: &[&str]) -> Tournament {
        let game = GameSpec {
            word: "hive".into(),
            ruleset: "base".into(),
            options: vec![],
            min_players: 2,
            max_players: 2,
            results: None,
        };
        let format = Format::RoundRobin { cycles: 1 };
        let mut t = Tournament::new(game, format, Scoring::default()).unwrap();
        for n in names {
            t.join(n, n).unwrap();
        }
        t.start(1).unwrap();
        t
    }

    #[test]
    fn the_picture_has_a_row_for_each_player_and_marks_the_leader() {
        let mut t = hive_of(&["ann", "bob"]);
        let at = GameRef { round: 0, game: 0 };
        t.begin_game(at, 1).unwrap();
        let won = Outcome {
            kind: "win".into(),
            seats: vec![
                Placing {
                    place: 1,
                    score: 1.0,
                },
                Placing {
                    place: 2,
                    score: 0.0,
                },
            ],
        };
        t.record(at, won).unwrap();
        let table = t.table(&Labels::default(), 10);
        let pixmap = render(&table, &t.standings()).expect("a picture");
        // A header and two rows.
        let expected = (3.0 * ROW + 2.0 * PAD).ceil() as u32;
        assert_eq!(pixmap.height(), expected);
        // The winner's row carries the gold mark at its left edge.
        let gold = pixmap.pixel(1, (PAD + ROW + ROW / 2.0) as u32).unwrap();
        assert_eq!((gold.red(), gold.green(), gold.blue()), (0xE6, 0xB4, 0x22));
        let png = t.standings_png(&Labels::default(), 10);
        assert!(png.starts_with(&[0x89, b'P', b'N', b'G']));
    }
}
