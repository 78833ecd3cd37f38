//! The legend under the maze: each player's colour and tag with his name, then a key to the cell
//! types, walls, stairs and items this maze actually has, each next to its notation in the plan
//! format.

use tiny_skia::Point;

use super::layout::{LEGEND_PAD, Layout};
use super::overlay::Overlay;
use super::{cells, levels, tracks, walls};
use crate::board::{Board, Border, Cell, InnerWall, PitId};
use crate::geometry::Dir;
use crate::item::{Item, PlacedItem};
use bot_core::draw::text;
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb};

/// Side of a swatch.
const SWATCH: f32 = 26.0;
/// Height of a legend row.
const ROW: f32 = 34.0;
/// Space between a swatch and its text, and between entries.
const GAP: f32 = 8.0;
const ENTRY_GAP: f32 = 22.0;
/// Longest name shown, in glyphs.
const NAME_MAX: usize = 24;
const INK: Rgb = rgb(0x2B2620);
/// Cell side the wall swatches are drawn for, so their walls are as thick as on a big maze.
const WALL_SCALE: f32 = 72.0;

/// What an entry shows left of its text.
#[derive(Clone, Debug)]
enum Swatch {
    /// The `i`-th player's colour and end tag.
    Player(usize, String),
    Cell(Cell),
    Inner(InnerWall),
    Border(Border),
    /// A stair sign: `Higher` for a way up, `Lower` for a way down.
    Stairs(Dir),
    Item(Item),
}

#[derive(Clone, Debug)]
struct Entry {
    swatch: Swatch,
    text: String,
    /// Top-left corner, relative to the legend's.
    at: (f32, f32),
}

/// The entries laid out in rows within the legend's width.
pub(super) struct Legend {
    entries: Vec<Entry>,
    width: f32,
    height: f32,
}

impl Legend {
    /// The legend of this maze and overlay, flowed into the width `layout` leaves for it.
    pub(super) fn new(
        board: &Board,
        items: &[PlacedItem],
        overlay: &Overlay,
        layout: &Layout,
    ) -> Legend {
        let groups = [
            player_entries(overlay),
            cell_entries(board),
            wall_entries(board),
            stair_entries(board),
            item_entries(items),
        ];
        flow(groups, layout.legend_room())
    }

    /// Width the legend needs.
    pub(super) fn width(&self) -> f32 {
        self.width
    }

    /// Height the legend needs (0 when it has nothing to show).
    pub(super) fn height(&self) -> f32 {
        self.height
    }

    /// Draws the legend under the maze.
    pub(super) fn draw(&self, canvas: &mut Canvas, layout: &Layout) {
        let (x0, y0) = (LEGEND_PAD, layout.legend_y);
        for e in &self.entries {
            let (x, y) = (x0 + e.at.0, y0 + e.at.1);
            let sw = swatch_width(&e.swatch);
            swatch(canvas, &e.swatch, x, y + (ROW - SWATCH) / 2.0);
            let ty = y + (ROW - text::height(2)) / 2.0;
            text::draw(canvas, &e.text, x + sw + GAP, ty, 2, INK);
        }
    }
}

fn flow(groups: [Vec<(Swatch, String)>; 5], room: f32) -> Legend {
    let mut entries = Vec::new();
    let (mut x, mut y, mut width) = (0.0_f32, 0.0_f32, 0.0_f32);
    let mut any = false;
    for group in groups.into_iter().filter(|g| !g.is_empty()) {
        if any {
            x = 0.0;
            y += ROW;
        }
        any = true;
        for (swatch, text) in group {
            let w = entry_width(&swatch, &text);
            if x > 0.0 && x + w > room {
                x = 0.0;
                y += ROW;
            }
            entries.push(Entry {
                swatch,
                text,
                at: (x, y),
            });
            width = width.max(x + w);
            x += w + ENTRY_GAP;
        }
    }
    Legend {
        entries,
        width,
        height: if any { y + ROW } else { 0.0 },
    }
}

fn entry_width(swatch: &Swatch, label: &str) -> f32 {
    let t = text::width(label, 2);
    swatch_width(swatch) + if t > 0.0 { GAP + t } else { 0.0 }
}

fn swatch_width(swatch: &Swatch) -> f32 {
    match swatch {
        Swatch::Player(_, tag) => SWATCH + tracks::tag_width(tag),
        Swatch::Inner(_) | Swatch::Border(_) => SWATCH * 1.4,
        Swatch::Item(item) => cells::badge_width(*item, sample_count(*item), 2),
        Swatch::Cell(_) | Swatch::Stairs(_) => SWATCH,
    }
}

/// Players in turn order, names as written (`?` for what the font lacks) and cut to [`NAME_MAX`] glyphs.
fn player_entries(overlay: &Overlay) -> Vec<(Swatch, String)> {
    let tags = tracks::tags(&overlay.players);
    overlay
        .players
        .iter()
        .zip(tags)
        .enumerate()
        .map(|(i, (p, tag))| {
            let mut name: String = text::printable(p.name.trim())
                .chars()
                .take(NAME_MAX + 1)
                .collect();
            if name.chars().count() > NAME_MAX {
                name = name.chars().take(NAME_MAX - 2).collect::<String>() + "..";
            }
            (Swatch::Player(i, tag), name)
        })
        .collect()
}

/// The cell types present, in the order of the plan format's table, with their plan glyphs.
fn cell_entries(board: &Board) -> Vec<(Swatch, String)> {
    use std::mem::discriminant;
    let kinds = [
        (Cell::Land, "."),
        (Cell::Hospital, "M"),
        (Cell::Arsenal, "A"),
        (Cell::Pit(PitId { cycle: 0, place: 1 }), "a1"),
        (Cell::River(Dir::Right), "> < ^ v"),
        (Cell::Mouth, "U"),
        (Cell::Encephalitis, "E"),
        (Cell::Swamp, "S"),
        (Cell::Chute(1), "Y1"),
        (Cell::Outlet(1), "X1"),
    ];
    kinds
        .into_iter()
        // Any pit stands for all pits, any river for all rivers.
        .filter(|(kind, _)| {
            board
                .cells()
                .any(|(_, c)| discriminant(&c) == discriminant(kind))
        })
        .map(|(kind, glyph)| (Swatch::Cell(kind), glyph.to_string()))
        .collect()
}

/// The kinds of walls and exits present, with their plan glyphs. Floors between levels are not
/// walls on the picture (closed ones are not drawn at all), so they do not count.
fn wall_entries(board: &Board) -> Vec<(Swatch, String)> {
    let inner = |w: InnerWall| board.inner_sides().any(|s| !s.1.is_vertical() && s.2 == w);
    let border = |b: Border| board.border_sides().any(|s| s.2 == b);
    let mut out = Vec::new();
    if inner(InnerWall::Wall) {
        out.push((Swatch::Inner(InnerWall::Wall), "---".to_string()));
    }
    if inner(InnerWall::Solid) {
        out.push((Swatch::Inner(InnerWall::Solid), "###".to_string()));
    }
    let special = [(InnerWall::Window, ":::"), (InnerWall::Rubber, "ooo")];
    for (wall, glyph) in special {
        if inner(wall) {
            out.push((Swatch::Inner(wall), glyph.to_string()));
        }
    }
    let one_way = board
        .inner_sides()
        .any(|s| !s.1.is_vertical() && matches!(s.2, InnerWall::OneWay(_)));
    if one_way {
        out.push((
            Swatch::Inner(InnerWall::OneWay(Dir::Down)),
            "vvv ^^^ > <".to_string(),
        ));
    }
    if border(Border::ClosedExit) {
        out.push((Swatch::Border(Border::ClosedExit), "~~~".to_string()));
    }
    if border(Border::Exit) {
        out.push((Swatch::Border(Border::Exit), String::new()));
    }
    out
}

/// The encyclopedia's modification 12: the stair signs present, a way up and a way down, named
/// after the plan's `stairs:` section.
fn stair_entries(board: &Board) -> Vec<(Swatch, String)> {
    let cells = || board.size().cells();
    let ways = [
        (
            Dir::Higher,
            "stairs up",
            cells().any(|c| levels::climbs(board, c)),
        ),
        (
            Dir::Lower,
            "stairs down",
            cells().any(|c| levels::descends(board, c)),
        ),
    ];
    ways.into_iter()
        .filter(|w| w.2)
        .map(|(way, label, _)| (Swatch::Stairs(way), label.to_string()))
        .collect()
}

/// The item kinds present, with the plan format's keywords.
fn item_entries(items: &[PlacedItem]) -> Vec<(Swatch, String)> {
    Item::ALL
        .into_iter()
        .filter(|k| items.iter().any(|i| i.item == *k))
        .map(|k| (Swatch::Item(k), k.keyword().to_string()))
        .collect()
}

/// The count the legend's badge shows: ammunition needs one, other kinds show none.
fn sample_count(item: Item) -> u32 {
    if item.needs_count() { 3 } else { 1 }
}

fn swatch(canvas: &mut Canvas, swatch: &Swatch, x: f32, y: f32) {
    match swatch {
        Swatch::Player(i, tag) => player_swatch(canvas, *i, tag, x, y),
        Swatch::Cell(cell) => cell_swatch(canvas, *cell, x, y),
        Swatch::Inner(wall) => {
            let (a, b) = wall_ends(x, y, 0.0);
            walls::inner_wall(canvas, *wall, a, b, WALL_SCALE);
        }
        Swatch::Border(border) => border_swatch(canvas, *border, x, y),
        Swatch::Stairs(way) => {
            let c = pt(x + SWATCH / 2.0, y + SWATCH / 2.0);
            levels::sign(canvas, c, SWATCH * 0.8, *way);
        }
        Swatch::Item(item) => {
            let top = y + (SWATCH - cells::badge_height(2)) / 2.0;
            cells::badge(canvas, *item, sample_count(*item), pt(x, top), 2);
        }
    }
}

/// A bit of path with the start ring, then the player's end tag.
fn player_swatch(canvas: &mut Canvas, i: usize, tag: &str, x: f32, y: f32) {
    let colour = tracks::colour(i);
    let c = pt(x + SWATCH / 2.0, y + SWATCH / 2.0);
    canvas.line(c, pt(c.x + SWATCH, c.y), &Pen::new(5.0, colour));
    canvas.disc(c, 6.0, rgb(0xFFFFFF));
    canvas.ring(c, 6.0, &Pen::new(3.5, colour));
    let w = tracks::tag_width(tag);
    tracks::tag(canvas, tag, pt(x + SWATCH + w / 2.0, c.y), colour);
}

/// A small cell of the type, framed.
fn cell_swatch(canvas: &mut Canvas, cell: Cell, x: f32, y: f32) {
    cells::fill(canvas, cell, pt(x, y), SWATCH);
    cells::pictogram(
        canvas,
        cell,
        pt(x + SWATCH / 2.0, y + SWATCH / 2.0),
        SWATCH * 1.1,
    );
    canvas.stroke(&Pen::new(1.0, rgb(0x000000).alpha(90)).butt(), |pb| {
        if let Some(r) = tiny_skia::Rect::from_xywh(x, y, SWATCH, SWATCH) {
            pb.push_rect(r);
        }
    });
}

/// Ends of a horizontal bit of wall across a wall swatch, `drop` below its middle.
fn wall_ends(x: f32, y: f32, drop: f32) -> (Point, Point) {
    let (cx, cy) = (x + SWATCH * 0.7, y + SWATCH / 2.0 + drop);
    let half = SWATCH * 0.55;
    (pt(cx - half, cy), pt(cx + half, cy))
}

/// A bit of the border: an open exit as a gap between two stubs of outer wall with its arrow.
fn border_swatch(canvas: &mut Canvas, border: Border, x: f32, y: f32) {
    let (a, z) = wall_ends(x, y, 6.0);
    let stub = Pen::new(8.0, walls::OUTER);
    match border {
        Border::ClosedExit => walls::closed_exit(canvas, a, z, WALL_SCALE),
        Border::Exit => {
            canvas.line(pt(a.x - 4.0, a.y), pt(a.x + 6.0, a.y), &stub);
            canvas.line(pt(z.x - 6.0, z.y), pt(z.x + 4.0, z.y), &stub);
            walls::exit_arrow(canvas, pt((a.x + z.x) / 2.0, a.y), Dir::Up, SWATCH);
        }
        Border::Wall => canvas.line(a, z, &stub),
    }
}
