//! A player's hand: the cards side by side, each numbered underneath as the player names it.

use tiny_skia::Pixmap;

use super::card::{self, BACKGROUND, LABEL};
use super::{Face, HandCard, icons};
use bot_core::draw::{Area, Canvas, Rgb, pt, rgb, text};

/// A card's size in the hand: larger than on the map, the same portrait shape.
pub(super) const CARD_W: f32 = 84.0;
pub(super) const CARD_H: f32 = 112.0;
/// Space between cards and around the picture.
pub(super) const GAP: f32 = 14.0;
const MARGIN: f32 = 16.0;
/// Font scale of the numbers under the cards.
const NUMBER_SCALE: u32 = 3;
/// Cards in a row before the next row starts, and the most cards drawn (a real hand has six).
pub(super) const PER_ROW: usize = 10;
const MAX_CARDS: usize = 60;

/// An action card's face.
pub(super) const ACTION: Rgb = rgb(0xC8B089);

/// Height of the band under a card for its number.
fn number_band() -> f32 {
    text::height(NUMBER_SCALE) + 2.0 * 8.0
}

/// Where card `i` (from 0) goes.
pub(super) fn card_area(i: usize) -> Area {
    let (row, col) = (i / PER_ROW, i % PER_ROW);
    (
        MARGIN + col as f32 * (CARD_W + GAP),
        MARGIN + row as f32 * (CARD_H + number_band() + GAP),
        CARD_W,
        CARD_H,
    )
}

/// The hand as a pixmap (tests read its pixels; [`super::hand_png`] encodes it).
pub(super) fn render(cards: &[HandCard]) -> Pixmap {
    let cards = &cards[..cards.len().min(MAX_CARDS)];
    let across = cards.len().clamp(1, PER_ROW);
    let rows = cards.len().div_ceil(PER_ROW).max(1);
    let width = 2.0 * MARGIN + across as f32 * (CARD_W + GAP) - GAP;
    let height = 2.0 * MARGIN + rows as f32 * (CARD_H + number_band() + GAP) - GAP;
    let pixmap = Pixmap::new(width.ceil() as u32, height.ceil() as u32)
        // At most PER_ROW cards across and MAX_CARDS / PER_ROW rows.
        .expect("picture size is bounded and non-zero");
    let mut canvas = Canvas { pixmap };
    canvas.clear(BACKGROUND);
    for (i, c) in cards.iter().enumerate() {
        let area = card_area(i);
        draw_card(&mut canvas, area, c);
        let (x, y, w, h) = area;
        let number = (i + 1).to_string();
        let centre = (x + w / 2.0, y + h + number_band() / 2.0);
        text::draw_centred(&mut canvas, &number, centre, NUMBER_SCALE, LABEL, None);
    }
    canvas.pixmap
}

/// One card of the hand.
fn draw_card(canvas: &mut Canvas, area: Area, c: &HandCard) {
    let (x, y, w, h) = area;
    let centre = card::centre(area);
    let s = w * 0.8;
    match c {
        HandCard::Tunnel { sides, dead } => {
            let face = Face::Tunnel {
                sides: *sides,
                dead: *dead,
            };
            card::face(canvas, area, &face);
        }
        HandCard::Break(tool) => {
            card::blank(canvas, area, ACTION);
            icons::tool(canvas, *tool, centre, s * 0.8);
            icons::broken(canvas, centre, s);
        }
        HandCard::Fix(tools) => {
            card::blank(canvas, area, ACTION);
            let tools = &tools[..tools.len().min(3)];
            let n = tools.len() as f32;
            // One above the other, sharing the card's height.
            let step = (h * 0.8 / n.max(1.0)).min(s);
            for (i, &tool) in tools.iter().enumerate() {
                let cy = centre.y + (i as f32 - (n - 1.0) / 2.0) * step;
                icons::tool(canvas, tool, pt(centre.x, cy), step.min(s) * 0.9);
            }
            let r = w * 0.15;
            icons::mended(canvas, pt(x + w - r - 3.0, y + h - r - 3.0), r);
        }
        HandCard::Rockfall => {
            card::blank(canvas, area, ACTION);
            icons::rockfall(canvas, centre, s * 1.15);
        }
        HandCard::Map => {
            card::blank(canvas, area, ACTION);
            icons::treasure_map(canvas, centre, s);
        }
    }
}
