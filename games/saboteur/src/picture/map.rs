//! The tunnel map: a grid of card-sized cells around every card, cell names on all four edges, the
//! cards, the last one played outlined, and the cells offered to the player as labelled dashed
//! outlines.

use std::collections::BTreeMap;

use tiny_skia::Pixmap;

use super::card::{self, BACKGROUND, LABEL};
use super::{Face, MapView};
use bot_core::draw::{Area, Canvas, Pen, Rgb, rgb, text};

/// A cell's width and height at full size: a portrait card with a thin gap around it.
const CELL_W: f32 = 56.0;
const CELL_H: f32 = 72.0;
/// How far a map that grew may shrink its cells before it is cut instead.
const MIN_FACTOR: f32 = 0.5;
/// Largest width and height of the whole picture.
const MAX_SIDE: f32 = 1400.0;
/// Space around the cell names.
const LABEL_PAD: f32 = 6.0;
/// Font scale of the cell names (and of the marks' labels when they fit).
const LABEL_SCALE: u32 = 2;
/// Longest label of an offered cell, in characters.
const MARK_CHARS: usize = 6;

/// An empty cell's slot, a shade lighter than the background.
pub(super) const SLOT: Rgb = rgb(0x36291F);
/// The outline of the card played last.
pub(super) const HIGHLIGHT: Rgb = rgb(0x3FD8F2);
/// An offered cell's dashed outline and the patch under its label.
pub(super) const MARK: Rgb = rgb(0xF6EDD6);
/// An offered cell's label.
pub(super) const MARK_INK: Rgb = rgb(0x1A120C);

/// The cells the map always shows: the start, the goals and the cards between them.
const CORE_X: (i64, i64) = (0, 8);
const CORE_Y: (i64, i64) = (-2, 2);

/// Where the cells go.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// The first column and row shown, and how many.
    x0: i64,
    y0: i64,
    cols: i64,
    rows: i64,
    /// A cell's size in pixels.
    cw: f32,
    ch: f32,
    /// Width of the bands left and right of the grid, and height of those above and below.
    side: f32,
    band: f32,
    pub(super) width: u32,
    pub(super) height: u32,
}

impl Layout {
    /// The cells around every card and offered cell (and always the start and goals), cut to a
    /// window around the start and goals if even small cells would not fit.
    pub(super) fn new(cards: &BTreeMap<(i32, i32), Face>, view: &MapView) -> Layout {
        let mut xs = CORE_X;
        let mut ys = CORE_Y;
        let mut grow = |x: i32, y: i32, margin: i64| {
            let (x, y) = (i64::from(x), i64::from(y));
            xs = (xs.0.min(x - margin), xs.1.max(x + margin));
            ys = (ys.0.min(y - margin), ys.1.max(y + margin));
        };
        for &(x, y) in cards.keys() {
            grow(x, y, 1);
        }
        for &((x, y), _) in &view.marks {
            grow(x, y, 0);
        }
        if let Some((x, y)) = view.last {
            grow(x, y, 0);
        }
        // Whole pixels, so that the cells' edges stay crisp whatever the labels measure.
        let band = (text::height(LABEL_SCALE) + 2.0 * LABEL_PAD).ceil();
        let widest = |(lo, hi): (i64, i64)| {
            text::width(&lo.to_string(), LABEL_SCALE).max(text::width(&hi.to_string(), LABEL_SCALE))
        };
        // The side bands fit the row names of the whole range, which can only shrink below.
        let side = (widest(ys) + 2.0 * LABEL_PAD).ceil();
        let room_w = MAX_SIDE - 2.0 * side;
        let room_h = MAX_SIDE - 2.0 * band;
        let (x0, cols) = window(xs, CORE_X, (room_w / (CELL_W * MIN_FACTOR)) as i64);
        let (y0, rows) = window(ys, CORE_Y, (room_h / (CELL_H * MIN_FACTOR)) as i64);
        let factor = (room_w / (cols as f32 * CELL_W))
            .min(room_h / (rows as f32 * CELL_H))
            .clamp(MIN_FACTOR, 1.0);
        let (cw, ch) = ((CELL_W * factor).floor(), (CELL_H * factor).floor());
        Layout {
            x0,
            y0,
            cols,
            rows,
            cw,
            ch,
            side,
            band,
            width: (2.0 * side + cols as f32 * cw).ceil() as u32,
            height: (2.0 * band + rows as f32 * ch).ceil() as u32,
        }
    }

    /// Whether cell (x, y) is in the picture.
    fn shows(&self, x: i64, y: i64) -> bool {
        (self.x0..self.x0 + self.cols).contains(&x) && (self.y0..self.y0 + self.rows).contains(&y)
    }

    /// The whole cell (x, y), or `None` if it is outside the picture.
    pub(super) fn cell(&self, x: i64, y: i64) -> Option<Area> {
        self.shows(x, y).then(|| {
            (
                self.side + (x - self.x0) as f32 * self.cw,
                self.band + (y - self.y0) as f32 * self.ch,
                self.cw,
                self.ch,
            )
        })
    }

    /// The card in cell (x, y): the cell less a thin gap.
    pub(super) fn card(&self, x: i64, y: i64) -> Option<Area> {
        self.cell(x, y).map(|a| card::inset(a, self.gap()))
    }

    /// Half the gap between neighbouring cards.
    fn gap(&self) -> f32 {
        (self.cw * 0.05).round().max(2.0)
    }

    fn columns(&self) -> impl Iterator<Item = i64> {
        self.x0..self.x0 + self.cols
    }

    fn rows(&self) -> impl Iterator<Item = i64> {
        self.y0..self.y0 + self.rows
    }
}

/// The first of at most `max` cells of range `lo..=hi` (i64 so that a margin never overflows),
/// and how many: all of them if they fit, else a window around `core` as near its middle as the
/// range allows.
fn window((lo, hi): (i64, i64), core: (i64, i64), max: i64) -> (i64, i64) {
    let n = hi - lo + 1;
    let max = max.max(core.1 - core.0 + 1);
    if n <= max {
        return (lo, n);
    }
    let start = (core.0 + core.1) / 2 - max / 2;
    (start.clamp(lo, hi - max + 1), max)
}

/// The cards by cell; a cell given twice keeps its later card.
pub(super) fn by_cell(view: &MapView) -> BTreeMap<(i32, i32), Face> {
    view.cards.iter().copied().collect()
}

/// The map as a pixmap (tests read its pixels; [`super::map_png`] encodes it).
pub(super) fn render(view: &MapView) -> Pixmap {
    let cards = by_cell(view);
    let layout = Layout::new(&cards, view);
    let pixmap = Pixmap::new(layout.width, layout.height)
        // Both sides are bounded by MAX_SIDE and at least one cell plus the bands.
        .expect("picture size is bounded and non-zero");
    let mut canvas = Canvas { pixmap };
    canvas.clear(BACKGROUND);
    for x in layout.columns() {
        for y in layout.rows() {
            if let Some(area) = layout.card(x, y) {
                canvas.rounded(area, card::corner_radius(area.2), SLOT, None);
            }
        }
    }
    for (&(x, y), face) in &cards {
        if let Some(area) = layout.card(x.into(), y.into()) {
            card::face(&mut canvas, area, face);
        }
    }
    if let Some(area) = view.last.and_then(|(x, y)| layout.card(x.into(), y.into())) {
        let pen = Pen::new((layout.cw * 0.06).max(2.0), HIGHLIGHT);
        let around = card::inset(area, -pen.width / 2.0);
        let r = card::corner_radius(area.2) + pen.width / 2.0;
        canvas.rounded(around, r, Rgb([0; 4]), Some(&pen));
    }
    for ((x, y), label) in &view.marks {
        let taken = cards.contains_key(&(*x, *y));
        draw_mark(&mut canvas, &layout, (*x, *y), label, taken);
    }
    draw_names(&mut canvas, &layout);
    canvas.pixmap
}

/// An offered cell: a dashed outline round it and its label on a light patch, at the centre of an
/// empty cell or low on a card so the card's centre stays visible.
fn draw_mark(canvas: &mut Canvas, layout: &Layout, (x, y): (i32, i32), label: &str, taken: bool) {
    let Some(cell) = layout.cell(x.into(), y.into()) else {
        return;
    };
    let area = card::inset(cell, 1.5);
    let pen = Pen::new(2.0, MARK).dashed(6.0, 4.0).butt();
    canvas.rounded(area, card::corner_radius(area.2), Rgb([0; 4]), Some(&pen));
    let label: String = text::printable(label.trim())
        .chars()
        .take(MARK_CHARS)
        .collect();
    if label.is_empty() {
        return;
    }
    let fits = |scale: u32| text::width(&label, scale) + 4.0 * scale as f32 <= cell.2;
    let scale = if fits(LABEL_SCALE) { LABEL_SCALE } else { 1 };
    let pad = 2.0 * scale as f32;
    let (w, h) = (
        text::width(&label, scale) + 2.0 * pad,
        text::height(scale) + 2.0 * pad,
    );
    let c = card::centre(cell);
    let cy = if taken { cell.1 + cell.3 * 0.78 } else { c.y };
    canvas.rounded((c.x - w / 2.0, cy - h / 2.0, w, h), pad, MARK, None);
    text::draw_centred(canvas, &label, (c.x, cy), scale, MARK_INK, None);
}

/// Column numbers above and below the grid, row numbers left and right of it.
fn draw_names(canvas: &mut Canvas, layout: &Layout) {
    let grid_w = layout.cols as f32 * layout.cw;
    let grid_h = layout.rows as f32 * layout.ch;
    for x in layout.columns() {
        let name = x.to_string();
        // Scale 1 only when neighbouring names would run together.
        let scale = if text::width(&name, LABEL_SCALE) <= layout.cw - 6.0 {
            LABEL_SCALE
        } else {
            1
        };
        let cx = layout.side + ((x - layout.x0) as f32 + 0.5) * layout.cw;
        for cy in [layout.band / 2.0, layout.band + grid_h + layout.band / 2.0] {
            text::draw_centred(canvas, &name, (cx, cy), scale, LABEL, None);
        }
    }
    for y in layout.rows() {
        let name = y.to_string();
        let cy = layout.band + ((y - layout.y0) as f32 + 0.5) * layout.ch;
        for cx in [layout.side / 2.0, layout.side + grid_w + layout.side / 2.0] {
            text::draw_centred(canvas, &name, (cx, cy), LABEL_SCALE, LABEL, None);
        }
    }
}

/// The centre of cell (x, y) in the picture, for tests.
#[cfg(test)]
pub(super) fn centre_of(layout: &Layout, x: i64, y: i64) -> Option<tiny_skia::Point> {
    layout.cell(x, y).map(card::centre)
}
