//! The picture of a revealed cylinder maze (seed 004): the whole plan with walls, exits, cell types,
//! crocodiles, the treasure, pit links, the bear, the ghost with his path and, at the end of a game,
//! where every player ended. The bot sends it to the group with the plan text.
//!
//! It follows the flat Labyrinth's picture ([`crate::labyrinth::render`]): the same colours, fills,
//! pictograms, exit arrows, pit links and player tags, drawn with its helpers. What is new is the
//! seam: west of column A lies the last column ("квадрат 8х8 со склеенными западной и восточной
//! сторонами"). The picture shows it as a dashed edge on both sides (or a wall on both, where the
//! seam has one) and, beyond each edge, a faded half of the column across the seam, so that a
//! river, the ghost's path or a wall running over the seam reads on.
//!
//! The text on the picture is coordinates, the plan format's glyphs and player names: the bitmap
//! font has no Cyrillic, and the same picture goes to every chat.

mod cells;
mod legend;
mod marks;
mod walls;

use tiny_skia::{Pixmap, Point};

use super::CylPlan;
use crate::draw::text;
use crate::draw::{Canvas, Rgb, pt, rgb};
use crate::labyrinth::geometry::{Coord, Dir, Size};

use self::legend::Legend;

/// What to draw on top of the maze: where the players and the creatures are at the end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CylOverlay {
    /// Each player's name as the chat shows it (any script; drawn transliterated) and the cell he
    /// ended on, `None` once he walked out; a player's colour follows his place here.
    pub players: Vec<(String, Option<Coord>)>,
    /// The bear's cell; `None` draws him at the plan's start (if the maze has a bear).
    pub bear: Option<Coord>,
    /// The ghost's cell; `None` draws him at the plan's start (if the maze has a ghost).
    pub ghost: Option<Coord>,
}

/// The maze as a PNG file. Empty only if PNG encoding itself fails, which a valid pixmap never does.
pub fn render_png(plan: &CylPlan, overlay: &CylOverlay) -> Vec<u8> {
    render(plan, overlay).encode_png().unwrap_or_default()
}

/// The maze as a pixmap (tests read its pixels; [`render_png`] encodes it).
pub fn render(plan: &CylPlan, overlay: &CylOverlay) -> Pixmap {
    let (layout, legend) = plan_picture(plan, overlay);
    let pixmap = Pixmap::new(layout.width, layout.height)
        // At most 26 cells of at most CELL_MAX pixels each way, plus bands and the legend.
        .expect("picture size is bounded and non-zero");
    let mut canvas = Canvas { pixmap };
    canvas.clear(BACKGROUND);
    draw_maze(&mut canvas, &layout, plan, overlay);
    legend.draw(&mut canvas, &layout);
    canvas.pixmap
}

/// Where the maze and the legend go; the legend decides the final width and height.
fn plan_picture(plan: &CylPlan, overlay: &CylOverlay) -> (Layout, Legend) {
    let mut layout = Layout::new(plan.board.size());
    let legend = Legend::new(plan, overlay, layout.legend_room());
    layout.fit_legend(legend.width(), legend.height());
    (layout, legend)
}

fn draw_maze(canvas: &mut Canvas, layout: &Layout, plan: &CylPlan, overlay: &CylOverlay) {
    let board = &plan.board;
    cells::draw_strips(canvas, layout, board);
    cells::draw_fills(canvas, layout, board);
    walls::draw_grid(canvas, layout);
    cells::draw_pictograms(canvas, layout, plan);
    cells::draw_rivers(canvas, layout, board);
    walls::draw_pit_links(canvas, layout, board);
    walls::draw_walls(canvas, layout, board);
    walls::draw_seam(canvas, layout, board);
    marks::draw_ghost_path(canvas, layout, plan);
    cells::draw_labels(canvas, layout, plan);
    cells::draw_treasure(canvas, layout, plan.treasure);
    marks::draw_creatures(canvas, layout, plan, overlay);
    marks::draw_players(canvas, layout, overlay);
    draw_coordinates(canvas, layout);
}

/// Column letters above the maze and row numbers left of it, as players name cells (`B3`); over
/// the faded columns beyond the seam, their letters, faded too.
fn draw_coordinates(canvas: &mut Canvas, layout: &Layout) {
    let (w, h) = (layout.size.width, layout.size.height);
    let y = layout.y0 - layout.band - TOP_LABELS / 2.0;
    for col in 0..w {
        let x = layout.x0 + (f32::from(col) + 0.5) * layout.cs;
        text::draw_centred(canvas, &letter(col), (x, y), 2, COORDINATE, None);
    }
    let beyond = [
        (layout.x0 - layout.band / 2.0, w - 1),
        (layout.right() + layout.band / 2.0, 0),
    ];
    for (x, col) in beyond {
        text::draw_centred(canvas, &letter(col), (x, y), 2, COORDINATE.alpha(110), None);
    }
    for row in 0..h {
        let number = (u32::from(row) + 1).to_string();
        let x = layout.x0 - layout.band - LEFT_LABELS / 2.0;
        let y = layout.y0 + (f32::from(row) + 0.5) * layout.cs;
        text::draw_centred(canvas, &number, (x, y), 2, COORDINATE, None);
    }
}

/// The letter of a column: `A` for the first.
fn letter(col: u8) -> String {
    char::from(b'A' + col.min(25)).to_string()
}

const BACKGROUND: Rgb = rgb(0xFBFAF6);
const COORDINATE: Rgb = rgb(0x5D5548);

/// Largest cell side, as on the flat picture.
const CELL_MAX: u32 = 80;
/// Smallest cell side.
const CELL_MIN: u32 = 64;
/// Pixels the cells of the longer side may take.
const CELLS_SPAN: u32 = 1664;
/// Band for column letters above the maze.
const TOP_LABELS: f32 = 28.0;
/// Band for row numbers left of the maze (two digits at scale 2).
const LEFT_LABELS: f32 = 40.0;
/// Space right of and below the bands.
const OUTER_PAD: f32 = 12.0;
/// Narrowest picture, so a small maze still has room for its legend.
const MIN_WIDTH: u32 = 480;
/// Space around the legend.
const LEGEND_PAD: f32 = 12.0;

/// Where everything goes: the cell side, the corner of cell A1 and the picture's size.
#[derive(Clone, Debug)]
struct Layout {
    size: Size,
    /// Side of a cell in pixels.
    cs: f32,
    /// Half a cell: the exit bands north and south, and the faded half columns beyond the seam
    /// west and east.
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
    /// The layout of a board of `size`, before the legend is fitted in.
    fn new(size: Size) -> Layout {
        let longest = u32::from(size.width.max(size.height)).max(1);
        let cs = (CELLS_SPAN / longest).clamp(CELL_MIN, CELL_MAX) as f32;
        let band = (cs * 0.5).round();
        let (x0, y0) = (LEFT_LABELS + band, TOP_LABELS + band);
        let right = x0 + f32::from(size.width) * cs + band + OUTER_PAD;
        let bottom = y0 + f32::from(size.height) * cs + band + OUTER_PAD;
        Layout {
            size,
            cs,
            band,
            x0,
            y0,
            width: right.ceil() as u32,
            height: bottom.ceil() as u32,
            legend_y: bottom,
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

    /// The east edge of the last column: the seam's second drawing.
    fn right(&self) -> f32 {
        self.x0 + f32::from(self.size.width) * self.cs
    }

    /// The south edge of the last row.
    fn bottom(&self) -> f32 {
        self.y0 + f32::from(self.size.height) * self.cs
    }

    /// The width of the board: how far a point moves when it is drawn a turn round the cylinder.
    fn turn(&self) -> f32 {
        f32::from(self.size.width) * self.cs
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
            Dir::Higher | Dir::Lower => (self.centre(c), self.centre(c)),
        }
    }

    /// Midpoint of side `d` of cell `c`.
    fn side_mid(&self, c: Coord, d: Dir) -> Point {
        let (a, b) = self.side(c, d);
        pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
    }

    /// How far to shift a drawing made from `from` toward its neighbour `to` so that it shows on
    /// `to`'s side of the board: a turn of the cylinder when the step crosses the seam, else none.
    fn seam_shift(&self, from: Coord, to: Coord) -> Option<f32> {
        let last = self.size.width.saturating_sub(1);
        match (from.col, to.col) {
            (0, t) if t == last && last > 1 => Some(self.turn()),
            (f, 0) if f == last && last > 1 => Some(-self.turn()),
            _ => None,
        }
    }

    /// The shifts at which a drawing from `from` to its neighbour `to` is made: none, and a turn
    /// of the cylinder when the step crosses the seam, so that it shows at both edges.
    fn frames(&self, from: Coord, to: Coord) -> impl Iterator<Item = f32> {
        std::iter::once(0.0).chain(self.seam_shift(from, to))
    }

    /// The point moved into the board and its half columns beyond the seam, so that a line over
    /// the seam ends at the outer edge of the half column it runs into.
    fn clamp(&self, p: Point) -> Point {
        pt(
            p.x.clamp(self.x0 - self.band, self.right() + self.band),
            p.y,
        )
    }

    /// Where `to`, a neighbour of `from`, lies seen from `from`: beyond the seam's edge when the
    /// step crosses it (the faded half column there is `to`'s half).
    fn beside(&self, from: Coord, to: Coord) -> Point {
        let c = self.centre(to);
        match self.seam_shift(from, to) {
            Some(shift) => pt(c.x - shift, c.y),
            None => c,
        }
    }
}

/// A unit step in direction `d`, in picture coordinates (y grows downward, like rows).
fn unit(d: Dir) -> (f32, f32) {
    let (dx, dy) = d.delta();
    (dx as f32, dy as f32)
}

#[cfg(test)]
mod tests;
