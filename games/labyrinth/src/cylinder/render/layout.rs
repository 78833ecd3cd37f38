//! Where everything of a cylinder's picture goes: the cell size, the bands for coordinates and
//! the seam, the room the legend takes; and the colours of the page.

use tiny_skia::Point;

use bot_core::draw::{Rgb, pt, rgb};

use crate::geometry::{Coord, Dir, Size};

pub(super) const BACKGROUND: Rgb = rgb(0xFBFAF6);
pub(super) const COORDINATE: Rgb = rgb(0x5D5548);

/// Largest cell side, as on the flat picture.
pub(super) const CELL_MAX: u32 = 80;
/// Smallest cell side.
pub(super) const CELL_MIN: u32 = 64;
/// Pixels the cells of the longer side may take.
pub(super) const CELLS_SPAN: u32 = 1664;
/// Band for column letters above the maze.
pub(super) const TOP_LABELS: f32 = 28.0;
/// Band for row numbers left of the maze (two digits at scale 2).
pub(super) const LEFT_LABELS: f32 = 40.0;
/// Space right of and below the bands.
pub(super) const OUTER_PAD: f32 = 12.0;
/// Narrowest picture, so a small maze still has room for its legend.
pub(super) const MIN_WIDTH: u32 = 480;
/// Space around the legend.
pub(super) const LEGEND_PAD: f32 = 12.0;

/// Where everything goes: the cell side, the corner of cell A1 and the picture's size.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    pub(super) size: Size,
    /// Side of a cell in pixels.
    pub(super) cs: f32,
    /// Half a cell: the exit bands north and south, and the faded half columns beyond the seam
    /// west and east.
    pub(super) band: f32,
    /// Top-left corner of cell A1.
    pub(super) x0: f32,
    pub(super) y0: f32,
    pub(super) width: u32,
    pub(super) height: u32,
    /// Top of the legend.
    pub(super) legend_y: f32,
}

impl Layout {
    /// The layout of a board of `size`, before the legend is fitted in.
    pub(super) fn new(size: Size) -> Layout {
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
    pub(super) fn legend_room(&self) -> f32 {
        self.width.max(MIN_WIDTH) as f32 - 2.0 * LEGEND_PAD
    }

    /// Makes room for the legend below the maze, centring the maze if the legend is wider.
    pub(super) fn fit_legend(&mut self, legend_width: f32, legend_height: f32) {
        let maze_width = self.width;
        let needed = (legend_width + 2.0 * LEGEND_PAD).ceil() as u32;
        self.width = maze_width.max(MIN_WIDTH).max(needed);
        self.x0 += ((self.width - maze_width) / 2) as f32;
        if legend_height > 0.0 {
            self.height = (self.legend_y + legend_height + LEGEND_PAD).ceil() as u32;
        }
    }

    /// The east edge of the last column: the seam's second drawing.
    pub(super) fn right(&self) -> f32 {
        self.x0 + f32::from(self.size.width) * self.cs
    }

    /// The south edge of the last row.
    pub(super) fn bottom(&self) -> f32 {
        self.y0 + f32::from(self.size.height) * self.cs
    }

    /// The width of the board: how far a point moves when it is drawn a turn round the cylinder.
    pub(super) fn turn(&self) -> f32 {
        f32::from(self.size.width) * self.cs
    }

    /// Top-left corner of a cell.
    pub(super) fn corner(&self, c: Coord) -> Point {
        pt(
            self.x0 + f32::from(c.col) * self.cs,
            self.y0 + f32::from(c.row) * self.cs,
        )
    }

    /// Centre of a cell.
    pub(super) fn centre(&self, c: Coord) -> Point {
        let p = self.corner(c);
        pt(p.x + self.cs / 2.0, p.y + self.cs / 2.0)
    }

    /// The two ends of side `d` of cell `c`.
    pub(super) fn side(&self, c: Coord, d: Dir) -> (Point, Point) {
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
    pub(super) fn side_mid(&self, c: Coord, d: Dir) -> Point {
        let (a, b) = self.side(c, d);
        pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
    }

    /// How far to shift a drawing made from `from` toward its neighbour `to` so that it shows on
    /// `to`'s side of the board: a turn of the cylinder when the step crosses the seam, else none.
    pub(super) fn seam_shift(&self, from: Coord, to: Coord) -> Option<f32> {
        let last = self.size.width.saturating_sub(1);
        match (from.col, to.col) {
            (0, t) if t == last && last > 1 => Some(self.turn()),
            (f, 0) if f == last && last > 1 => Some(-self.turn()),
            _ => None,
        }
    }

    /// The shifts at which a drawing from `from` to its neighbour `to` is made: none, and a turn
    /// of the cylinder when the step crosses the seam, so that it shows at both edges.
    pub(super) fn frames(&self, from: Coord, to: Coord) -> impl Iterator<Item = f32> {
        std::iter::once(0.0).chain(self.seam_shift(from, to))
    }

    /// The point moved into the board and its half columns beyond the seam, so that a line over
    /// the seam ends at the outer edge of the half column it runs into.
    pub(super) fn clamp(&self, p: Point) -> Point {
        pt(
            p.x.clamp(self.x0 - self.band, self.right() + self.band),
            p.y,
        )
    }

    /// Where `to`, a neighbour of `from`, lies seen from `from`: beyond the seam's edge when the
    /// step crosses it (the faded half column there is `to`'s half).
    pub(super) fn beside(&self, from: Coord, to: Coord) -> Point {
        let c = self.centre(to);
        match self.seam_shift(from, to) {
            Some(shift) => pt(c.x - shift, c.y),
            None => c,
        }
    }
}

/// A unit step in direction `d`, in picture coordinates (y grows downward, like rows).
pub(super) fn unit(d: Dir) -> (f32, f32) {
    let (dx, dy) = d.delta();
    (dx as f32, dy as f32)
}
