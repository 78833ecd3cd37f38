//! The legend under the maze, as on the flat picture: each player's colour and tag with his name,
//! then a key to what this maze has — cell types with their plan glyphs, the treasure, the
//! creatures, walls, exits and the seam.

use super::layout::{LEGEND_PAD, Layout};
use super::overlay::CylOverlay;
use super::{cells, marks, walls};
use crate::cylinder::{Across, CylPlan, Ground, Needle};
use crate::geometry::{Coord, Dir};
use crate::item::Item;
use crate::render::cells as flat_cells;
use crate::render::tracks;
use crate::render::walls as flat_walls;
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
/// Cell side the wall swatches are drawn for, so their walls are as thick as on the maze.
const WALL_SCALE: f32 = 72.0;

/// What an entry shows left of its text.
#[derive(Clone, Debug)]
enum Swatch {
    /// The `i`-th player's colour and tag.
    Player(usize, String),
    /// A cell type.
    Cell(Ground),
    Crocodile,
    Treasure,
    Bear,
    Ghost,
    Wall,
    Exit,
    Seam,
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
    /// The legend of this maze and overlay, flowed into `room` pixels across.
    pub(super) fn new(plan: &CylPlan, overlay: &CylOverlay, room: f32) -> Legend {
        let groups = [
            player_entries(overlay),
            cell_entries(plan),
            thing_entries(plan, overlay),
            wall_entries(plan),
        ];
        flow(groups, room)
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
            swatch(canvas, &e.swatch, x, y + (ROW - SWATCH) / 2.0);
            let ty = y + (ROW - text::height(2)) / 2.0;
            let tx = x + swatch_width(&e.swatch) + GAP;
            text::draw(canvas, &e.text, tx, ty, 2, INK);
        }
    }
}

/// The groups' entries in rows: each group on a new row, entries wrapping at `room`.
fn flow(groups: [Vec<(Swatch, String)>; 4], room: f32) -> Legend {
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
        Swatch::Player(_, tag) => tracks::tag_width(tag),
        Swatch::Wall | Swatch::Exit => SWATCH * 1.4,
        _ => SWATCH,
    }
}

/// Players in their order, names as written (`?` for what the font lacks) and cut to [`NAME_MAX`] glyphs; who walked out
/// marked so.
fn player_entries(overlay: &CylOverlay) -> Vec<(Swatch, String)> {
    let tags = marks::tags(overlay);
    overlay
        .players
        .iter()
        .zip(tags)
        .enumerate()
        .map(|(i, ((name, at), tag))| {
            let mut name: String = text::printable(name.trim())
                .chars()
                .take(NAME_MAX + 1)
                .collect();
            if name.chars().count() > NAME_MAX {
                name = name.chars().take(NAME_MAX - 2).collect::<String>() + "..";
            }
            if at.is_none() {
                name.push_str(" (out)");
            }
            (Swatch::Player(i, tag), name)
        })
        .collect()
}

/// The cell types present, in the order of the plan format's table, with their plan glyphs.
fn cell_entries(plan: &CylPlan) -> Vec<(Swatch, String)> {
    let needles: Vec<Needle> = Needle::ALL
        .into_iter()
        .filter(|n| plan.board.cells().any(|(_, g)| g == Ground::Spinner(*n)))
        .collect();
    let mut out = Vec::new();
    if plan.board.cells().any(|(_, g)| g == Ground::Land) {
        out.push((Swatch::Cell(Ground::Land), ".".to_string()));
    }
    if let Some(&first) = needles.first() {
        let glyphs: Vec<String> = needles.iter().map(|n| format!("*{}", n.letter())).collect();
        out.push((Swatch::Cell(Ground::Spinner(first)), glyphs.join(" ")));
    }
    let others = [
        (Ground::River(Dir::Right), "> < ^ v"),
        (Ground::Swamp, "S"),
        (
            Ground::Pit {
                to: Coord::new(0, 0),
            },
            "P",
        ),
        (Ground::Arsenal, "A"),
        (Ground::Morgue, "M"),
    ];
    for (kind, glyph) in others {
        let same = std::mem::discriminant(&kind);
        if plan
            .board
            .cells()
            .any(|(_, g)| std::mem::discriminant(&g) == same)
        {
            out.push((Swatch::Cell(kind), glyph.to_string()));
        }
    }
    if !plan.crocodiles.is_empty() {
        out.push((Swatch::Crocodile, "K".to_string()));
    }
    out
}

/// The treasure and the creatures the maze has, with the plan format's keywords.
fn thing_entries(plan: &CylPlan, overlay: &CylOverlay) -> Vec<(Swatch, String)> {
    let mut out = vec![(Swatch::Treasure, "treasure".to_string())];
    if plan.bear.is_some() || overlay.bear.is_some() {
        out.push((Swatch::Bear, "bear".to_string()));
    }
    if plan.ghost.is_some() || overlay.ghost.is_some() {
        out.push((Swatch::Ghost, "ghost".to_string()));
    }
    out
}

/// Walls, exits and the seam.
fn wall_entries(plan: &CylPlan) -> Vec<(Swatch, String)> {
    let board = &plan.board;
    let walled = board.size().cells().any(|c| {
        [Dir::Right, Dir::Down]
            .into_iter()
            .any(|d| matches!(board.across(c, d), Across::Cell { wall: true, .. }))
    });
    let mut out = Vec::new();
    if walled {
        out.push((Swatch::Wall, "---".to_string()));
    }
    if board.exits().next().is_some() {
        out.push((Swatch::Exit, String::new()));
    }
    out.push((Swatch::Seam, "seam".to_string()));
    out
}

fn swatch(canvas: &mut Canvas, swatch: &Swatch, x: f32, y: f32) {
    let c = pt(x + SWATCH / 2.0, y + SWATCH / 2.0);
    match swatch {
        Swatch::Player(i, tag) => {
            let w = tracks::tag_width(tag);
            tracks::tag(canvas, tag, pt(x + w / 2.0, c.y), tracks::colour(*i));
        }
        Swatch::Cell(g) => cell_swatch(canvas, *g, x, y),
        Swatch::Crocodile => {
            cell_swatch(canvas, Ground::Land, x, y);
            cells::crocodile(canvas, c, SWATCH * 1.1);
        }
        Swatch::Treasure => {
            let h = flat_cells::badge_height(2);
            let top = pt(c.x - h / 2.0, c.y - h / 2.0);
            flat_cells::badge(canvas, Item::Treasure, 1, top, 2);
        }
        Swatch::Bear => marks::bear(canvas, pt(c.x, c.y + 2.0), SWATCH * 0.36),
        Swatch::Ghost => marks::ghost(canvas, c, SWATCH * 0.36),
        Swatch::Wall => {
            let (a, b) = wall_ends(x, y, 0.0);
            canvas.line(a, b, &flat_walls::wall_pen(WALL_SCALE));
        }
        Swatch::Exit => exit_swatch(canvas, x, y),
        Swatch::Seam => seam_swatch(canvas, c),
    }
}

/// A small cell of the type, framed.
fn cell_swatch(canvas: &mut Canvas, g: Ground, x: f32, y: f32) {
    canvas.rect(x, y, SWATCH, SWATCH, cells::fill_colour(g));
    let c = pt(x + SWATCH / 2.0, y + SWATCH / 2.0);
    cells::pictogram(canvas, g, 0, c, SWATCH * 1.1);
    canvas.stroke(&Pen::new(1.0, rgb(0x000000).alpha(90)).butt(), |pb| {
        if let Some(r) = tiny_skia::Rect::from_xywh(x, y, SWATCH, SWATCH) {
            pb.push_rect(r);
        }
    });
}

/// Ends of a horizontal bit of wall across a wall swatch, `drop` below its middle.
fn wall_ends(x: f32, y: f32, drop: f32) -> (tiny_skia::Point, tiny_skia::Point) {
    let (cx, cy) = (x + SWATCH * 0.7, y + SWATCH / 2.0 + drop);
    let half = SWATCH * 0.55;
    (pt(cx - half, cy), pt(cx + half, cy))
}

/// An exit: a gap between two stubs of outer wall with its arrow, as on the flat legend.
fn exit_swatch(canvas: &mut Canvas, x: f32, y: f32) {
    let (a, z) = wall_ends(x, y, 6.0);
    let stub = Pen::new(8.0, flat_walls::OUTER);
    canvas.line(pt(a.x - 4.0, a.y), pt(a.x + 6.0, a.y), &stub);
    canvas.line(pt(z.x - 6.0, z.y), pt(z.x + 4.0, z.y), &stub);
    flat_walls::exit_arrow(canvas, pt((a.x + z.x) / 2.0, a.y), Dir::Up, SWATCH);
}

/// The seam: its dashed edge under its sign.
fn seam_swatch(canvas: &mut Canvas, c: tiny_skia::Point) {
    let half = SWATCH / 2.0;
    canvas.line(
        pt(c.x, c.y - half),
        pt(c.x, c.y + half),
        &walls::seam_pen(WALL_SCALE * 0.6),
    );
    walls::seam_mark(canvas, c, half);
}
