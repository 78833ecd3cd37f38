//! Cell types (Kodex Б §4) as fills, pictograms and small labels, and the items lying on cells
//! (Kodex Б §5) as badges in a cell's corners.

use std::collections::BTreeMap;

use tiny_skia::Point;

use super::layout::{Layout, unit};
use super::palette::{PAIR, cycle_colour};
use crate::board::{Board, Cell};
use crate::geometry::Coord;
use crate::item::{Item, PlacedItem};
use bot_core::draw::text;
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb};

/// Kodex Б §4.1: land, the plain cell.
pub(super) const LAND: Rgb = rgb(0xF3E4BF);
/// Kodex Б §4.2: the hospital.
const HOSPITAL: Rgb = rgb(0xFFFFFF);
const HOSPITAL_CROSS: Rgb = rgb(0xD62828);
/// Kodex Б §4.3: the arsenal.
const ARSENAL: Rgb = rgb(0xBDBD94);
const ARSENAL_INK: Rgb = rgb(0x4F4F2C);
/// Kodex Б §4.4: a pit.
const PIT_GROUND: Rgb = rgb(0xE2CDA6);
pub(crate) const PIT: Rgb = rgb(0x4E3423);
/// Kodex Б §4.5: a river and its mouth.
pub(super) const RIVER: Rgb = rgb(0x9BD3F5);
pub(crate) const RIVER_INK: Rgb = rgb(0x1D5FA8);
const MOUTH: Rgb = rgb(0x2F7FCB);
const MOUTH_INK: Rgb = rgb(0xFFFFFF);
/// Kodex Б §4.7: encephalitis, the tick.
const TICK_GROUND: Rgb = rgb(0xA9D98C);
const TICK_INK: Rgb = rgb(0x2C5A1A);
const TICK: Rgb = rgb(0x3A2414);
/// The swamp (encyclopedia, modification 17): a murky green with reeds.
const SWAMP: Rgb = rgb(0x8A9A5B);
const SWAMP_INK: Rgb = rgb(0x2F3A17);

/// Fills every cell with its type's colour.
pub(super) fn draw_fills(canvas: &mut Canvas, layout: &Layout, board: &Board) {
    for (c, cell) in board.cells() {
        let p = layout.corner(c);
        fill(canvas, cell, p, layout.cs);
    }
}

/// A cell's background.
pub(super) fn fill(canvas: &mut Canvas, cell: Cell, corner: Point, cs: f32) {
    canvas.rect(corner.x, corner.y, cs, cs, fill_colour(cell));
}

pub(crate) fn fill_colour(cell: Cell) -> Rgb {
    match cell {
        Cell::Land => LAND,
        Cell::Hospital => HOSPITAL,
        Cell::Arsenal => ARSENAL,
        Cell::Pit(_) | Cell::Chute(_) | Cell::Outlet(_) => PIT_GROUND,
        Cell::River(_) => RIVER,
        Cell::Mouth => MOUTH,
        Cell::Encephalitis => TICK_GROUND,
        Cell::Swamp => SWAMP,
    }
}

/// Draws each cell type's picture in the middle of its cells.
pub(super) fn draw_pictograms(canvas: &mut Canvas, layout: &Layout, board: &Board) {
    for (c, cell) in board.cells() {
        pictogram(canvas, cell, layout.centre(c), layout.cs);
    }
}

/// The picture of a cell type centred on `c` in a cell of side `cs` (also used, small, in the legend).
pub(crate) fn pictogram(canvas: &mut Canvas, cell: Cell, c: Point, cs: f32) {
    match cell {
        Cell::Land => {}
        // Kodex Б §4.2: the hospital heals.
        Cell::Hospital => {
            let (long, thick) = (cs * 0.46, cs * 0.15);
            canvas.rect(
                c.x - long / 2.0,
                c.y - thick / 2.0,
                long,
                thick,
                HOSPITAL_CROSS,
            );
            canvas.rect(
                c.x - thick / 2.0,
                c.y - long / 2.0,
                thick,
                long,
                HOSPITAL_CROSS,
            );
        }
        // Kodex Б §4.3: the arsenal refills bullets and grenades.
        Cell::Arsenal => bullets(canvas, c, cs),
        // Kodex Б §4.4: a pit; its ring has its cycle's colour, like the links of the cycle.
        Cell::Pit(id) => {
            canvas.disc(c, cs * 0.27, PIT);
            canvas.ring(c, cs * 0.27, &Pen::new(cs * 0.06, cycle_colour(id.cycle)));
        }
        // Kodex Б §4.5: river flow direction.
        Cell::River(d) => {
            let (dx, dy) = unit(d);
            let reach = cs * 0.34;
            let tail = pt(c.x - dx * reach, c.y - dy * reach);
            let tip = pt(c.x + dx * reach, c.y + dy * reach);
            let neck = pt(tip.x - dx * cs * 0.24, tip.y - dy * cs * 0.24);
            canvas.line(tail, neck, &Pen::new(cs * 0.09, RIVER_INK));
            canvas.arrow_head(neck, tip, cs * 0.17, RIVER_INK);
        }
        // Kodex Б §4.5: the mouth, where a river system ends.
        Cell::Mouth => {
            let ripple = Pen::new(cs * 0.035, MOUTH_INK.alpha(150));
            canvas.ring(c, cs * 0.13, &ripple);
            canvas.ring(c, cs * 0.27, &ripple);
        }
        // Kodex Б §4.7: encephalitis, the tick.
        Cell::Encephalitis => tick(canvas, c, cs),
        // Encyclopedia, modification 17: the swamp, where one loses a move.
        Cell::Swamp => reeds(canvas, c, cs),
        // Modification 8: a pair's pit, dark like any pit, ringed in the pairs' colour.
        Cell::Chute(_) => {
            canvas.disc(c, cs * 0.27, PIT);
            canvas.ring(c, cs * 0.27, &Pen::new(cs * 0.06, PAIR));
        }
        // Its exit: an open ring where one comes out.
        Cell::Outlet(_) => canvas.ring(c, cs * 0.27, &Pen::new(cs * 0.06, PAIR)),
    }
}

/// Three reeds over two strokes of water.
fn reeds(canvas: &mut Canvas, c: Point, cs: f32) {
    let water = Pen::new(cs * 0.04, SWAMP_INK.alpha(160));
    for (dy, half) in [(0.2, 0.3), (0.3, 0.2)] {
        let y = c.y + cs * dy;
        canvas.line(pt(c.x - cs * half, y), pt(c.x + cs * half, y), &water);
    }
    let stem = Pen::new(cs * 0.045, SWAMP_INK);
    for (dx, top) in [(-0.14, -0.18), (0.0, -0.3), (0.14, -0.12)] {
        let x = c.x + cs * dx;
        canvas.line(pt(x, c.y + cs * 0.14), pt(x, c.y + cs * top), &stem);
        canvas.disc(pt(x, c.y + cs * top), cs * 0.045, SWAMP_INK);
    }
}

fn bullets(canvas: &mut Canvas, c: Point, cs: f32) {
    let (w, h) = (cs * 0.11, cs * 0.36);
    for i in [-1.0, 0.0, 1.0] {
        let x = c.x + i * cs * 0.16 - w / 2.0;
        canvas.rounded((x, c.y - h / 2.0, w, h), w / 2.0, ARSENAL_INK, None);
        canvas.rect(x, c.y + h * 0.18, w, h * 0.32, ARSENAL_INK);
        canvas.rect(x, c.y + h * 0.08, w, h * 0.06, ARSENAL);
    }
}

fn tick(canvas: &mut Canvas, c: Point, cs: f32) {
    let legs = Pen::new(cs * 0.03, TICK);
    for i in 0..4 {
        let y = c.y - cs * 0.06 + i as f32 * cs * 0.07;
        let spread = cs * (0.2 + 0.02 * (i as f32 - 1.5).abs());
        let bend = if i < 2 { -cs * 0.07 } else { cs * 0.07 };
        for side in [-1.0, 1.0] {
            canvas.line(pt(c.x, y), pt(c.x + side * spread, y + bend), &legs);
        }
    }
    canvas.fill(TICK, |pb| {
        if let Some(r) =
            tiny_skia::Rect::from_xywh(c.x - cs * 0.11, c.y - cs * 0.1, cs * 0.22, cs * 0.3)
        {
            pb.push_oval(r);
        }
    });
    canvas.disc(pt(c.x, c.y - cs * 0.15), cs * 0.06, TICK);
}

/// Writes the type letters (as the plan writes them) in the top-left corner of the cells, and the
/// pits' names in their circles. Drawn over the players' paths so they stay readable.
pub(super) fn draw_labels(canvas: &mut Canvas, layout: &Layout, board: &Board) {
    for (c, cell) in board.cells() {
        let p = layout.corner(c);
        let corner = (p.x + layout.cs * 0.08, p.y + layout.cs * 0.08);
        let letter = |canvas: &mut Canvas, s: &str, ink: Rgb| {
            text::draw_haloed(canvas, s, corner, 2, ink, fill_colour(cell));
        };
        match cell {
            Cell::Land | Cell::River(_) => {}
            Cell::Hospital => letter(canvas, "M", HOSPITAL_CROSS),
            Cell::Arsenal => letter(canvas, "A", ARSENAL_INK),
            Cell::Mouth => letter(canvas, "U", MOUTH_INK),
            Cell::Encephalitis => letter(canvas, "E", TICK_INK),
            Cell::Swamp => letter(canvas, "S", SWAMP_INK),
            // Modification 8: the pair's name, as the plan writes it.
            Cell::Chute(_) | Cell::Outlet(_) => {
                let name = crate::plan::glyph(cell);
                let c = layout.centre(c);
                let (ink, halo) = match cell {
                    Cell::Chute(_) => (MOUTH_INK, Some(PIT)),
                    _ => (PIT, None),
                };
                text::draw_centred(canvas, &name, (c.x, c.y), 2, ink, halo);
            }
            // Kodex Б §4.4: the pit's cycle letter and place, as the plan names it.
            Cell::Pit(id) => {
                let name = id.to_string();
                let scale = if text::width(&name, 2) <= layout.cs * 0.5 {
                    2
                } else {
                    1
                };
                let c = layout.centre(c);
                text::draw_centred(canvas, &name, (c.x, c.y), scale, MOUTH_INK, Some(PIT));
            }
        }
    }
}

/// Kodex Б §5: the items lying on each cell, as badges from the bottom-right corner.
pub(super) fn draw_items(canvas: &mut Canvas, layout: &Layout, items: &[PlacedItem]) {
    for (c, kinds) in by_cell(layout, items) {
        let p = layout.corner(c);
        place_badges(canvas, p, layout.cs, &kinds);
    }
}

/// Items grouped by cell and kind, counts added up; cells off the board are skipped.
fn by_cell(layout: &Layout, items: &[PlacedItem]) -> BTreeMap<Coord, BTreeMap<Item, u32>> {
    let mut cells: BTreeMap<Coord, BTreeMap<Item, u32>> = BTreeMap::new();
    for it in items.iter().filter(|it| layout.size.contains(it.at)) {
        let count = cells.entry(it.at).or_default().entry(it.item).or_default();
        *count = count.saturating_add(it.count);
    }
    cells
}

/// Height of an item badge at font scale `scale`.
pub(crate) fn badge_height(scale: u32) -> f32 {
    text::height(scale) + 2.0 * scale as f32
}

/// Lays the badges out in rows from the bottom-right corner: along the bottom, then along the top
/// right of the type letter, then across the middle; if they do not fit at font scale 2, smaller
/// and in as many rows as the cell holds.
fn place_badges(canvas: &mut Canvas, corner: Point, cs: f32, kinds: &BTreeMap<Item, u32>) {
    let badges: Vec<(Item, u32)> = kinds.iter().map(|(&i, &n)| (i, n)).collect();
    let (scale, spots) = match fit(&rows(cs, 2, 3), cs, &badges, 2) {
        Some(spots) => (2, spots),
        None => (1, fit_somehow(&rows(cs, 1, usize::MAX), cs, &badges, 1)),
    };
    for ((item, count), (x, y)) in badges.iter().zip(spots) {
        badge(canvas, *item, *count, pt(corner.x + x, corner.y + y), scale);
    }
}

/// Space kept clear along a cell's edge (walls cover part of it).
fn cell_pad(cs: f32) -> f32 {
    (cs * 0.07).round()
}

/// Up to `most` rows for badges of font scale `scale`, in the order they fill, as (top, leftmost x a
/// badge may start at): the bottom, the top (right of the type letter), then upward from the bottom.
fn rows(cs: f32, scale: u32, most: usize) -> Vec<(f32, f32)> {
    let pad = cell_pad(cs);
    let h = badge_height(scale);
    let label_right = pad + text::width("M", 2) + 4.0;
    let label_bottom = pad + text::height(2);
    let left = |top: f32| if top < label_bottom { label_right } else { pad };
    let bottom = cs - pad - h;
    let mut rows = vec![(bottom, pad), (pad, left(pad))];
    let mut top = bottom - h - 1.0;
    while top >= pad + h + 1.0 {
        rows.push((top, left(top)));
        top -= h + 1.0;
    }
    rows.truncate(most);
    rows
}

/// Top-left corners (relative to the cell) of the badges, or `None` if they do not all fit.
fn fit(
    rows: &[(f32, f32)],
    cs: f32,
    badges: &[(Item, u32)],
    scale: u32,
) -> Option<Vec<(f32, f32)>> {
    let right_edge = cs - cell_pad(cs);
    let mut spots = Vec::with_capacity(badges.len());
    let mut row = 0;
    let mut right = right_edge;
    for &(item, count) in badges {
        let w = badge_width(item, count, scale);
        while right - w < rows.get(row)?.1 {
            row += 1;
            right = right_edge;
        }
        right -= w;
        spots.push((right, rows[row].0));
        right -= 2.0;
    }
    Some(spots)
}

/// Like [`fit`], but badges that find no room go one per row over the top rows, so every item is
/// still drawn (overlapping) rather than lost.
fn fit_somehow(
    rows: &[(f32, f32)],
    cs: f32,
    badges: &[(Item, u32)],
    scale: u32,
) -> Vec<(f32, f32)> {
    if let Some(spots) = fit(rows, cs, badges, scale) {
        return spots;
    }
    let pad = cell_pad(cs);
    badges
        .iter()
        .enumerate()
        .map(|(i, _)| {
            let top = rows.get(i % rows.len().max(1)).map_or(pad, |r| r.0);
            (pad, top)
        })
        .collect()
}

/// The text on a badge, if it has text: counts for ammunition, the count for several of a kind.
/// Counts over 99 show as `99+`: no game needs more, and a long number would not fit a cell.
fn badge_text(item: Item, count: u32) -> Option<String> {
    let n = if count > 99 {
        "99+".to_string()
    } else {
        count.to_string()
    };
    match item {
        Item::Bullets => Some(format!("b{n}")),
        Item::Grenades => Some(format!("g{n}")),
        _ if count > 1 => Some(n),
        _ => None,
    }
}

/// Width of a badge: a square icon, followed by its count for several items of an iconic kind.
pub(super) fn badge_width(item: Item, count: u32, scale: u32) -> f32 {
    let h = badge_height(scale);
    match (item, badge_text(item, count)) {
        (Item::Bullets | Item::Grenades, Some(t)) => {
            text::width(&t, scale) + 2.0 * scale as f32 + 4.0
        }
        (_, Some(t)) => h + 1.0 + text::width(&t, scale),
        (_, None) => h,
    }
}

pub(super) const GOLD: Rgb = rgb(0xFFC21A);
const GOLD_EDGE: Rgb = rgb(0x8A5A00);
pub(super) const FAKE: Rgb = rgb(0xD3D0C8);
const FAKE_EDGE: Rgb = rgb(0x6F6A60);
pub(super) const MINE: Rgb = rgb(0x1E1E1E);
pub(super) const ARMED: Rgb = rgb(0xE8202A);
pub(super) const BULLETS: Rgb = rgb(0xE8ECEF);
const BULLETS_INK: Rgb = rgb(0x263238);
pub(super) const GRENADES: Rgb = rgb(0xC8D99E);
const GRENADES_INK: Rgb = rgb(0x2F3D14);
pub(super) const CORPSE: Rgb = rgb(0xE4D8F0);
const CORPSE_INK: Rgb = rgb(0x4A3566);
const BADGE_HALO: Rgb = rgb(0xFFFFFF);

/// One badge with its top-left corner at `p`.
pub(crate) fn badge(canvas: &mut Canvas, item: Item, count: u32, p: Point, scale: u32) {
    let h = badge_height(scale);
    let s = scale as f32;
    let centre = pt(p.x + h / 2.0, p.y + h / 2.0);
    let count_text = badge_text(item, count);
    match item {
        // Kodex Б §3.1: the one true treasure, gold.
        Item::Treasure => canvas.star(centre, h * 0.58, GOLD, &Pen::new(s, GOLD_EDGE)),
        // Kodex Б §3.1, §3.4: a false treasure, a grey star (too small for a readable letter).
        Item::Fake => canvas.star(centre, h * 0.58, FAKE, &Pen::new(s, FAKE_EDGE)),
        // Kodex Б §5.7: a mine; an armed one ringed in red.
        Item::Mine | Item::ArmedMine => mine(canvas, centre, h, item == Item::ArmedMine),
        // Kodex Б §5.5, §5.4: bullets and grenades with their counts.
        Item::Bullets | Item::Grenades => {
            let (bg, ink) = if item == Item::Bullets {
                (BULLETS, BULLETS_INK)
            } else {
                (GRENADES, GRENADES_INK)
            };
            let t = count_text.unwrap_or_default();
            let w = badge_width(item, count, scale);
            canvas.rounded(
                (p.x, p.y, w, h),
                s * 2.0,
                bg,
                Some(&Pen::new(s * 0.75, ink)),
            );
            text::draw(canvas, &t, p.x + s + 2.0, p.y + s, scale, ink);
            return;
        }
        // Kodex Б §5.6: a corpse, a grave cross.
        Item::Corpse => {
            canvas.rounded(
                (p.x, p.y, h, h),
                s * 2.0,
                CORPSE,
                Some(&Pen::new(s * 0.75, CORPSE_INK)),
            );
            let bar = s * 1.6;
            canvas.rect(
                centre.x - bar / 2.0,
                p.y + h * 0.15,
                bar,
                h * 0.7,
                CORPSE_INK,
            );
            canvas.rect(p.x + h * 0.25, p.y + h * 0.33, h * 0.5, bar, CORPSE_INK);
        }
    }
    if let Some(t) = count_text {
        text::draw_haloed(
            canvas,
            &t,
            (p.x + h + 1.0, p.y + s),
            scale,
            MINE,
            BADGE_HALO,
        );
    }
}

fn mine(canvas: &mut Canvas, c: Point, h: f32, armed: bool) {
    let r = h * 0.28;
    let spikes = Pen::new(h * 0.1, MINE);
    for (dx, dy) in [(1.0, 0.0), (0.0, 1.0), (0.7, 0.7), (0.7, -0.7)] {
        let (ox, oy) = (dx * r * 1.5, dy * r * 1.5);
        canvas.line(pt(c.x - ox, c.y - oy), pt(c.x + ox, c.y + oy), &spikes);
    }
    canvas.disc(c, r, MINE);
    if armed {
        canvas.ring(c, h * 0.47, &Pen::new((h * 0.12).max(2.0), ARMED));
    }
}
