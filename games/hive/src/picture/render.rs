//! The whole table: cells laid out, offered empty cells as ghost tiles, the stacks, the last
//! move's and the selected piece's outlines, the offered cells' labels, and the stacks' names in
//! a band underneath.

use std::collections::BTreeMap;

use tiny_skia::{Pixmap, Point};

use super::BoardView;
use super::layout::{Layout, MAX_SIDE, RADIUS};
use super::tile::{self, TILE};
use crate::{Hex, Piece};
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb, text};

/// The table under the tiles.
pub(super) const BACKGROUND: Rgb = rgb(0x4A5A52);
/// The band of stacks' names under the table, and its text.
pub(super) const BAND: Rgb = rgb(0x36423C);
pub(super) const BAND_INK: Rgb = rgb(0xEDE6D6);
/// The outline of the last move's cells.
pub(super) const LAST: Rgb = rgb(0xFF7A1A);
/// Offered cells' outlines and labels' patches, and the selected piece's outline.
pub(super) const MARK: Rgb = rgb(0x52E0F7);
/// An offered cell's label.
pub(super) const MARK_INK: Rgb = rgb(0x062A33);
/// An offered empty cell's ghost tile.
const GHOST: Rgb = rgb(0xFFFFFF).alpha(46);

/// Longest label of an offered cell drawn, in characters.
const MARK_CHARS: usize = 4;
/// The band's text scale, line height and padding.
const BAND_SCALE: u32 = 2;
const LINE: f32 = 22.0;
const BAND_PAD: f32 = 10.0;
/// Room before each line of the band for a badge of the stack's height.
const BAND_TEXT: f32 = 28.0;
/// Most lines in the band.
const BAND_LINES: usize = 6;

/// The stacks by cell; a cell given twice keeps its later stack, and empty stacks are dropped.
fn by_cell(view: &BoardView) -> BTreeMap<Hex, &[Piece]> {
    let mut cells = BTreeMap::new();
    for (hex, pieces) in &view.stacks {
        if pieces.is_empty() {
            cells.remove(hex);
        } else {
            cells.insert(*hex, pieces.as_slice());
        }
    }
    cells
}

/// The band's lines: each stack of two or more with its height and its pieces named from the top
/// down (`bB1 on wQ`), in reading order of their cells, cut to fit the widest picture; a last line
/// of height 0 counts the stacks left out.
pub(super) fn band_lines(stacks: &BTreeMap<Hex, &[Piece]>) -> Vec<(usize, String)> {
    let mut tall: Vec<(&Hex, &&[Piece])> = stacks.iter().filter(|(_, p)| p.len() > 1).collect();
    tall.sort_by_key(|(h, _)| (h.r, 2 * i64::from(h.q) + i64::from(h.r)));
    let room = ((MAX_SIDE - 2.0 * BAND_PAD - BAND_TEXT) / text::width("xx", BAND_SCALE) * 2.0)
        as usize
        - 1;
    let mut lines: Vec<(usize, String)> = tall
        .iter()
        .map(|(_, pieces)| {
            let names: Vec<String> = pieces.iter().rev().map(Piece::to_string).collect();
            let line = names.join(" on ");
            let line = if line.chars().count() > room {
                let cut: String = line.chars().take(room.saturating_sub(3)).collect();
                cut + "..."
            } else {
                line
            };
            (pieces.len(), line)
        })
        .collect();
    if lines.len() > BAND_LINES {
        let more = lines.len() - (BAND_LINES - 1);
        lines.truncate(BAND_LINES - 1);
        lines.push((0, format!("and {more} more stacks")));
    }
    lines
}

/// Every cell the picture must show.
fn cells(view: &BoardView, stacks: &BTreeMap<Hex, &[Piece]>) -> Vec<Hex> {
    let mut cells: Vec<Hex> = stacks.keys().copied().collect();
    cells.extend(view.marks.iter().map(|(h, _)| *h));
    if let Some((from, to)) = view.last {
        cells.extend(from);
        cells.push(to);
    }
    cells.extend(view.selected);
    cells
}

/// The layout of `view` (tests find cells with it).
#[cfg(test)]
pub(super) fn layout(view: &BoardView) -> Layout {
    let stacks = by_cell(view);
    layout_of(view, &stacks, &band_lines(&stacks))
}

fn layout_of(
    view: &BoardView,
    stacks: &BTreeMap<Hex, &[Piece]>,
    lines: &[(usize, String)],
) -> Layout {
    let band = if lines.is_empty() {
        (0.0, 0.0)
    } else {
        let widest = lines
            .iter()
            .map(|(_, l)| BAND_TEXT + text::width(l, BAND_SCALE))
            .fold(0.0, f32::max);
        (
            lines.len() as f32 * LINE + 2.0 * BAND_PAD - (LINE - text::height(BAND_SCALE)),
            widest + 2.0 * BAND_PAD,
        )
    };
    Layout::new(&cells(view, stacks), band)
}

/// The table as a pixmap (tests read its pixels; [`super::board_png`] encodes it).
pub(super) fn render(view: &BoardView) -> Pixmap {
    let stacks = by_cell(view);
    let lines = band_lines(&stacks);
    let layout = layout_of(view, &stacks, &lines);
    let pixmap = Pixmap::new(layout.width, layout.height)
        // Both sides are bounded by MAX_SIDE and at least a cell's size.
        .expect("picture size is bounded and non-zero");
    let mut canvas = Canvas { pixmap };
    canvas.clear(BACKGROUND);
    let s = layout.radius;
    let empty = |h: &Hex| !stacks.contains_key(h);

    if let Some(c) = view
        .last
        .and_then(|(from, _)| from)
        .filter(empty)
        .and_then(|h| layout.centre(h))
    {
        tile::fill_hex(&mut canvas, c, TILE * s, GHOST);
    }
    for (h, _) in view.marks.iter().filter(|(h, _)| empty(h)) {
        if let Some(c) = layout.centre(*h) {
            tile::fill_hex(&mut canvas, c, TILE * s, GHOST);
        }
    }
    // Lowest stacks first, each height row by row from the top: a tile's side shows over the row
    // below it, and a stack's lower pieces over its neighbours.
    let mut order: Vec<(&Hex, &&[Piece])> = stacks.iter().collect();
    order.sort_by_key(|(h, pieces)| (pieces.len(), h.r, h.q));
    for (h, pieces) in order {
        if let Some(c) = layout.centre(*h) {
            tile::stack(&mut canvas, c, s, pieces);
        }
    }

    // Outlines go round a stack's top tile.
    let height = |h: Hex| stacks.get(&h).map_or(1, |p| p.len());
    let top = |h: Hex| layout.centre(h).map(|c| tile::lifted(c, s, height(h)));
    let width = (0.09 * s).max(2.0);
    let ring = TILE * s + width / 2.0;
    if let Some((from, to)) = view.last {
        if let Some(c) = from.and_then(top) {
            let pen = Pen::new(width, LAST)
                .dashed(2.0 * width, 1.5 * width)
                .butt();
            tile::outline_hex(&mut canvas, c, ring, &pen);
        }
        if let Some(c) = top(to) {
            tile::outline_hex(&mut canvas, c, ring, &Pen::new(width, LAST));
        }
    }
    if let Some(c) = view.selected.and_then(top) {
        tile::outline_hex(&mut canvas, c, ring, &Pen::new(width * 2.2, MARK.alpha(90)));
        tile::outline_hex(&mut canvas, c, ring, &Pen::new(width, MARK));
    }
    for (h, pieces) in stacks.iter().filter(|(_, p)| p.len() > 1) {
        if let Some(c) = top(*h) {
            tile::badge(&mut canvas, c, s, pieces.len());
        }
    }
    for (h, label) in &view.marks {
        if let Some(c) = top(*h) {
            mark(&mut canvas, c, s, label, !empty(h));
        }
    }
    if !lines.is_empty() {
        band(&mut canvas, &layout, &lines);
    }
    canvas.pixmap
}

/// An offered cell: a dashed outline and its label on a patch, big in the middle of an empty
/// cell, smaller on the top corner of a tile so that the tile's bug and name stay visible.
fn mark(canvas: &mut Canvas, c: Point, s: f32, label: &str, taken: bool) {
    let width = (0.06 * s).max(1.5);
    let pen = Pen::new(width, MARK)
        .dashed(2.5 * width, 1.8 * width)
        .butt();
    tile::outline_hex(canvas, c, TILE * s - width / 2.0, &pen);
    let label: String = text::printable(label.trim())
        .chars()
        .take(MARK_CHARS)
        .collect();
    if label.is_empty() {
        return;
    }
    let (room, largest) = if taken { (1.0 * s, 2) } else { (1.55 * s, 3) };
    let scale = (1..=largest)
        .rev()
        .find(|&k| text::width(&label, k) + 2.0 * k as f32 <= room && text::height(k) <= 0.75 * s)
        .unwrap_or(1);
    let pad = scale as f32 + 1.0;
    let (w, h) = (
        text::width(&label, scale) + 2.0 * pad,
        text::height(scale) + 2.0 * pad,
    );
    // On a tile the label sits on its top corner, like a flag, clear of the bug and the name.
    let (cx, cy) = if taken {
        (c.x, c.y - 0.5 * s - h / 2.0)
    } else {
        (c.x, c.y)
    };
    let area = (cx - w / 2.0, cy - h / 2.0, w, h);
    canvas.rounded(area, pad, MARK, Some(&Pen::new(1.0, MARK_INK.alpha(120))));
    text::draw_centred(canvas, &label, (cx, cy), scale, MARK_INK, None);
}

/// The stacks' names under the table, each after a badge of its height like its tile's.
fn band(canvas: &mut Canvas, layout: &Layout, lines: &[(usize, String)]) {
    let top = layout.board_height;
    let (w, h) = (layout.width as f32, layout.height as f32 - top);
    canvas.rect(0.0, top, w, h, BAND);
    for (i, (height, line)) in lines.iter().enumerate() {
        let y = top + BAND_PAD + i as f32 * LINE;
        if *height > 0 {
            let c = pt(
                BAND_PAD + BAND_TEXT / 2.0 - 3.0,
                y + text::height(BAND_SCALE) / 2.0,
            );
            tile::badge_at(canvas, c, RADIUS, *height);
        }
        text::draw(canvas, line, BAND_PAD + BAND_TEXT, y, BAND_SCALE, BAND_INK);
    }
}
