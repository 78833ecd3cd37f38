//! Pictures of a revealed maze: the whole plan with walls, exits, cell types, items, pit cycles and,
//! at the end of a game, every player's path. The bot sends it to the group as a photo; `gm plan
//! render` draws a plan with it.
//!
//! The picture is language-neutral: its text is coordinates, the plan format's glyphs and keywords
//! (`shared/spec/labyrinth-plan.md`) and player names, because the bitmap font has no Cyrillic and the
//! same picture goes to every chat.

mod cells;
mod legend;
mod tracks;
mod walls;

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
        // The layout bounds both sides by MAX_SIDE cells of at most CELL_MAX pixels.
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
    cells::draw_fills(canvas, layout, board);
    walls::draw_grid(canvas, layout);
    cells::draw_pictograms(canvas, layout, board);
    walls::draw_pit_links(canvas, layout, board);
    walls::draw_walls(canvas, layout, board);
    tracks::draw_paths(canvas, layout, board, overlay);
    cells::draw_labels(canvas, layout, board);
    cells::draw_items(canvas, layout, items);
    tracks::draw_ends(canvas, layout, board, overlay);
    draw_coordinates(canvas, layout);
}

/// Column letters above the maze and row numbers left of it, as players name cells (`B3`).
fn draw_coordinates(canvas: &mut Canvas, layout: &Layout) {
    for col in 0..layout.size.width {
        let letter = char::from(b'A' + col).to_string();
        let x = layout.x0 + (f32::from(col) + 0.5) * layout.cs;
        let y = layout.y0 - layout.band - TOP_LABELS / 2.0;
        text::draw_centred(canvas, &letter, (x, y), 2, COORDINATE, None);
    }
    for row in 0..layout.size.height {
        let number = (u32::from(row) + 1).to_string();
        let x = layout.x0 - layout.band - LEFT_LABELS / 2.0;
        let y = layout.y0 + (f32::from(row) + 0.5) * layout.cs;
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

/// Where everything goes: the cell side, the corner of cell A1 and the picture's size.
#[derive(Clone, Debug)]
struct Layout {
    size: Size,
    /// Side of a cell in pixels.
    cs: f32,
    /// Band outside the outer wall, where exit arrows and the markers of players who left stand.
    band: f32,
    /// Top-left corner of cell A1.
    x0: f32,
    y0: f32,
    width: u32,
    height: u32,
    /// Top of the legend.
    legend_y: f32,
}

impl Layout {
    fn new(size: Size) -> Layout {
        let longest = u32::from(size.width.max(size.height));
        let cs = (CELLS_SPAN / longest).clamp(CELL_MIN, CELL_MAX) as f32;
        let band = (cs * 0.5).round();
        let x0 = LEFT_LABELS + band;
        let y0 = TOP_LABELS + band;
        let maze_right = x0 + f32::from(size.width) * cs + band + OUTER_PAD;
        let maze_bottom = y0 + f32::from(size.height) * cs + band + OUTER_PAD;
        Layout {
            size,
            cs,
            band,
            x0,
            y0,
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

    /// Top-left corner of a cell.
    fn corner(&self, c: Coord) -> Point {
        pt(
            self.x0 + f32::from(c.col) * self.cs,
            self.y0 + f32::from(c.row) * self.cs,
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
        }
    }

    /// Midpoint of side `d` of cell `c`.
    fn side_mid(&self, c: Coord, d: Dir) -> Point {
        let (a, b) = self.side(c, d);
        pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
    }
}

/// A unit step in direction `d`, in picture coordinates (y grows downward, like rows).
fn unit(d: Dir) -> (f32, f32) {
    let (dx, dy) = d.delta();
    (dx as f32, dy as f32)
}

#[cfg(test)]
mod tests;
