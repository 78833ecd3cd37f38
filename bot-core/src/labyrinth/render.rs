//! Pictures of a revealed maze: the whole plan with walls, exits, cell types, items, pit cycles and,
//! at the end of a game, every player's path. The bot sends it to the group as a photo; `gm plan
//! render` draws a plan with it.
//!
//! The picture is language-neutral: its text is coordinates, the plan format's glyphs and keywords
//! (`shared/spec/labyrinth-plan.md`) and player names, because the bitmap font has no Cyrillic and the
//! same picture goes to every chat.
//!
//! A 3-D maze (the encyclopedia's modification 12) is drawn a picture per level: each level with its
//! heading, coordinates and exit band, one below the other (or in a grid of columns when many levels
//! would make a too tall picture), with markers where stairs lead up and down.

pub(crate) mod cells;
mod legend;
mod levels;
pub(crate) mod tracks;
pub(crate) mod walls;

use tiny_skia::{Pixmap, Point};

use crate::draw::text;
use crate::draw::{Canvas, Rgb, pt, rgb};

use self::legend::Legend;
use super::board::Board;
use super::geometry::{Coord, Dir, Size};
use super::item::PlacedItem;

/// What to draw on top of the maze: players' paths and final positions.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    /// One track per player, in turn order; a player's colour follows its place here.
    pub players: Vec<PlayerTrack>,
}

/// Where one player went during a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerTrack {
    /// The player's name as the chat shows it (any script; drawn transliterated).
    pub name: String,
    /// Cells visited in order; the last is where the player ended (or stood before leaving).
    pub path: Vec<Coord>,
    /// Whether the player walked out of the maze through an exit after the last cell.
    pub left_maze: bool,
}

/// The maze as a PNG file. Empty only if PNG encoding itself fails, which a valid pixmap never does.
pub fn render_png(board: &Board, items: &[PlacedItem], overlay: &Overlay) -> Vec<u8> {
    render(board, items, overlay)
        .encode_png()
        .unwrap_or_default()
}

/// The maze as a pixmap (tests read its pixels; [`render_png`] encodes it).
pub fn render(board: &Board, items: &[PlacedItem], overlay: &Overlay) -> Pixmap {
    let (layout, legend) = plan_picture(board, items, overlay);
    let pixmap = Pixmap::new(layout.width, layout.height)
        // The layout bounds both sides: MAX_SIDE cells of at most CELL_MAX pixels on a flat board,
        // LEVELS_SPAN for the levels of a 3-D maze; the legend adds a few rows.
        .expect("picture size is bounded and non-zero");
    let mut canvas = Canvas { pixmap };
    canvas.clear(BACKGROUND);
    draw_maze(&mut canvas, &layout, board, items, overlay);
    legend.draw(&mut canvas, &layout);
    canvas.pixmap
}

/// Where the maze and the legend go; the legend decides the final width and height.
fn plan_picture(board: &Board, items: &[PlacedItem], overlay: &Overlay) -> (Layout, Legend) {
    let mut layout = Layout::new(board.size());
    let legend = Legend::new(board, items, overlay, &layout);
    layout.fit_legend(legend.width(), legend.height());
    (layout, legend)
}

fn draw_maze(
    canvas: &mut Canvas,
    layout: &Layout,
    board: &Board,
    items: &[PlacedItem],
    overlay: &Overlay,
) {
    levels::draw_panels(canvas, layout);
    cells::draw_fills(canvas, layout, board);
    walls::draw_grid(canvas, layout);
    cells::draw_pictograms(canvas, layout, board);
    walls::draw_pit_links(canvas, layout, board);
    walls::draw_walls(canvas, layout, board);
    tracks::draw_paths(canvas, layout, board, overlay);
    // Over the paths, which often pass by the stairs, so the way up or down stays clear.
    levels::draw_stairs(canvas, layout, board);
    cells::draw_labels(canvas, layout, board);
    cells::draw_items(canvas, layout, items);
    tracks::draw_ends(canvas, layout, board, overlay);
    for level in layout.levels() {
        draw_coordinates(canvas, layout, level);
    }
    levels::draw_headings(canvas, layout);
}

/// Column letters above a level and row numbers left of it, as players name cells (`B3`): every
/// level has its own, so a cell of any level is read without counting from another.
fn draw_coordinates(canvas: &mut Canvas, layout: &Layout, level: u8) {
    let origin = layout.origin(level);
    for col in 0..layout.size.width {
        let letter = char::from(b'A' + col).to_string();
        let x = origin.x + (f32::from(col) + 0.5) * layout.cs;
        let y = origin.y - layout.band - TOP_LABELS / 2.0;
        text::draw_centred(canvas, &letter, (x, y), 2, COORDINATE, None);
    }
    for row in 0..layout.size.height {
        let number = (u32::from(row) + 1).to_string();
        let x = origin.x - layout.band - LEFT_LABELS / 2.0;
        let y = origin.y + (f32::from(row) + 0.5) * layout.cs;
        text::draw_centred(canvas, &number, (x, y), 2, COORDINATE, None);
    }
}

const BACKGROUND: Rgb = rgb(0xFBFAF6);
const COORDINATE: Rgb = rgb(0x5D5548);

/// Largest cell side: big enough for labels and items on a phone.
const CELL_MAX: u32 = 80;
/// Smallest cell side: labels at font scale 2 and two rows of item badges still fit.
const CELL_MIN: u32 = 64;
/// Pixels the cells of the longer side may take, so a 26x26 picture stays under ~2000 px.
const CELLS_SPAN: u32 = 1664;
/// Smallest cell side of a 3-D maze: type letters and coordinates at font scale 2 still fit, item
/// badges shrink to scale 1. Only the biggest mazes come near it (26x26x9 gets 42).
const CELL_MIN_3D: u32 = 36;
/// Pixels all the levels of a 3-D maze may take across and down, headings and bands included, so
/// that with its legend even a 26x26x9 picture stays under ~4000 px.
const LEVELS_SPAN: f32 = 3700.0;
/// Band above each level of a 3-D maze for its heading (`LEVEL 2`).
const HEADING: f32 = 36.0;
/// Space around and between the levels of a 3-D maze, so their panels stand apart.
const LEVEL_GAP: f32 = 16.0;
/// Band for column letters above the maze.
const TOP_LABELS: f32 = 28.0;
/// Band for row numbers left of the maze (two digits at scale 2).
const LEFT_LABELS: f32 = 40.0;
/// Space right of and below the exit bands, so the tag of a player who left there is not cut off.
const OUTER_PAD: f32 = 12.0;
/// Narrowest picture, so a tiny maze still has room for its legend.
const MIN_WIDTH: u32 = 480;
/// Space around the legend.
const LEGEND_PAD: f32 = 12.0;

/// Where everything goes: the cell side, the corner of cell A1 of each level and the picture's
/// size. A flat board is a single level with no heading and no margin around it.
#[derive(Clone, Debug)]
struct Layout {
    size: Size,
    /// Side of a cell in pixels.
    cs: f32,
    /// Band outside the outer wall, where exit arrows and the markers of players who left stand.
    band: f32,
    /// Top-left corner of cell A1 of level 1.
    x0: f32,
    y0: f32,
    /// Levels side by side in a row of the grid of levels (1: one below the other).
    columns: u8,
    /// From one level's cell A1 to that of the level right of it, and of the level below it.
    step: (f32, f32),
    /// Band above each level for its heading (0 on a flat board, which has none).
    heading: f32,
    width: u32,
    height: u32,
    /// Top of the legend.
    legend_y: f32,
}

impl Layout {
    /// The layout of a board of `size`, before the legend is fitted in.
    fn new(size: Size) -> Layout {
        let longest = u32::from(size.width.max(size.height));
        let cs = (CELLS_SPAN / longest).clamp(CELL_MIN, CELL_MAX);
        if !size.is_3d() {
            return Layout::arranged(size, cs as f32, 1, 0.0, 0.0);
        }
        // The encyclopedia's modification 12: every level gets a picture of its own.
        let (cs, columns) = fit_levels(size, cs);
        Layout::arranged(size, cs as f32, columns, HEADING, LEVEL_GAP)
    }

    /// The levels in a grid of `columns` with cells of side `cs`, each under a `heading` band, with
    /// `gap` around and between them.
    fn arranged(size: Size, cs: f32, columns: u8, heading: f32, gap: f32) -> Layout {
        let band = (cs * 0.5).round();
        let (block_w, block_h) = level_block(size, cs, heading);
        let rows = size.levels.div_ceil(columns);
        let step = (block_w + gap, block_h + gap);
        // With no gap and one level these add up as a flat board's always did, pixel for pixel.
        let maze_right = gap + f32::from(columns) * step.0;
        let maze_bottom = gap + f32::from(rows) * step.1;
        Layout {
            size,
            cs,
            band,
            x0: gap + LEFT_LABELS + band,
            y0: gap + heading + TOP_LABELS + band,
            columns,
            step,
            heading,
            width: maze_right.ceil() as u32,
            height: maze_bottom.ceil() as u32,
            legend_y: maze_bottom,
        }
    }

    /// The width the legend may use.
    fn legend_room(&self) -> f32 {
        self.width.max(MIN_WIDTH) as f32 - 2.0 * LEGEND_PAD
    }

    /// Makes room for the legend below the maze, centring the maze if the legend is wider.
    fn fit_legend(&mut self, legend_width: f32, legend_height: f32) {
        let maze_width = self.width;
        let needed = (legend_width + 2.0 * LEGEND_PAD).ceil() as u32;
        self.width = maze_width.max(MIN_WIDTH).max(needed);
        self.x0 += ((self.width - maze_width) / 2) as f32;
        if legend_height > 0.0 {
            self.height = (self.legend_y + legend_height + LEGEND_PAD).ceil() as u32;
        }
    }

    /// The levels, from level 1.
    fn levels(&self) -> std::ops::Range<u8> {
        0..self.size.levels
    }

    /// Top-left corner of cell A1 of a level: levels go in reading order through the grid.
    fn origin(&self, level: u8) -> Point {
        let (across, down) = (level % self.columns, level / self.columns);
        pt(
            self.x0 + f32::from(across) * self.step.0,
            self.y0 + f32::from(down) * self.step.1,
        )
    }

    /// The area (x, y, w, h) of a level's picture: heading, coordinates, exit bands and cells.
    fn level_area(&self, level: u8) -> (f32, f32, f32, f32) {
        let o = self.origin(level);
        let (w, h) = level_block(self.size, self.cs, self.heading);
        let x = o.x - self.band - LEFT_LABELS;
        let y = o.y - self.band - TOP_LABELS - self.heading;
        (x, y, w, h)
    }

    /// Top-left corner of a cell, on its level's picture.
    fn corner(&self, c: Coord) -> Point {
        let o = self.origin(c.level);
        pt(
            o.x + f32::from(c.col) * self.cs,
            o.y + f32::from(c.row) * self.cs,
        )
    }

    /// Centre of a cell.
    fn centre(&self, c: Coord) -> Point {
        let p = self.corner(c);
        pt(p.x + self.cs / 2.0, p.y + self.cs / 2.0)
    }

    /// The two ends of side `d` of cell `c`.
    fn side(&self, c: Coord, d: Dir) -> (Point, Point) {
        let p = self.corner(c);
        let s = self.cs;
        match d {
            Dir::Up => (p, pt(p.x + s, p.y)),
            Dir::Down => (pt(p.x, p.y + s), pt(p.x + s, p.y + s)),
            Dir::Left => (p, pt(p.x, p.y + s)),
            Dir::Right => (pt(p.x + s, p.y), pt(p.x + s, p.y + s)),
            // A floor has no edge on the picture (its stairs are markers in the cell): its midpoint
            // is the cell's centre.
            Dir::Higher | Dir::Lower => {
                let mid = pt(p.x + s / 2.0, p.y + s / 2.0);
                (mid, mid)
            }
        }
    }

    /// Midpoint of side `d` of cell `c`.
    fn side_mid(&self, c: Coord, d: Dir) -> Point {
        let (a, b) = self.side(c, d);
        pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
    }
}

/// Width and height of one level's picture with cells of side `cs`: row numbers, exit band, cells,
/// exit band and room for the tags of players who left across; heading, column letters, bands and
/// cells down.
fn level_block(size: Size, cs: f32, heading: f32) -> (f32, f32) {
    let band = (cs * 0.5).round();
    let w = LEFT_LABELS + band + f32::from(size.width) * cs + band + OUTER_PAD;
    let h = heading + TOP_LABELS + band + f32::from(size.height) * cs + band + OUTER_PAD;
    (w, h)
}

/// The cell side and the number of columns of levels for a 3-D maze: the biggest cells (at most
/// `flat_cs`, a level's side as a flat board of its size would have) with which all levels fit in
/// [`LEVELS_SPAN`] both ways; of equal cells, fewer columns, so levels go one below the other, as a
/// phone scrolls. Never below [`CELL_MIN_3D`].
fn fit_levels(size: Size, flat_cs: u32) -> (u32, u8) {
    let fits = |cs: u32, columns: u8| {
        let (w, h) = level_block(size, cs as f32, HEADING);
        let rows = size.levels.div_ceil(columns);
        let across = LEVEL_GAP + f32::from(columns) * (w + LEVEL_GAP);
        let down = LEVEL_GAP + f32::from(rows) * (h + LEVEL_GAP);
        across <= LEVELS_SPAN && down <= LEVELS_SPAN
    };
    let mut best: Option<(u32, u8)> = None;
    for columns in 1..=size.levels {
        let biggest = (CELL_MIN_3D..=flat_cs.max(CELL_MIN_3D))
            .rev()
            .find(|&cs| fits(cs, columns));
        if let Some(cs) = biggest
            && best.is_none_or(|(b, _)| cs > b)
        {
            best = Some((cs, columns));
        }
    }
    // No board up to MAX_SIDE x MAX_SIDE x MAX_LEVELS gets here; were one to, the grid that keeps
    // its longer side shortest.
    best.unwrap_or_else(|| {
        let longer = |columns: u8| {
            let (w, h) = level_block(size, CELL_MIN_3D as f32, HEADING);
            let rows = size.levels.div_ceil(columns);
            (f32::from(columns) * w).max(f32::from(rows) * h)
        };
        let columns = (1..=size.levels)
            .min_by(|&a, &b| longer(a).total_cmp(&longer(b)))
            .unwrap_or(1);
        (CELL_MIN_3D, columns)
    })
}

/// A unit step in direction `d`, in picture coordinates (y grows downward, like rows).
fn unit(d: Dir) -> (f32, f32) {
    let (dx, dy) = d.delta();
    (dx as f32, dy as f32)
}

#[cfg(test)]
mod tests;
