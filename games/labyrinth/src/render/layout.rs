//! Where everything of a maze's picture goes: the cell size, the levels' blocks, the bands for
//! exits and coordinates, the room the legend takes; and the colours of the page.

use tiny_skia::Point;

use bot_core::draw::{Rgb, pt, rgb};

use crate::geometry::{Coord, Dir, Size};

pub(super) const BACKGROUND: Rgb = rgb(0xFBFAF6);
pub(super) const COORDINATE: Rgb = rgb(0x5D5548);

/// Largest cell side: big enough for labels and items on a phone.
pub(super) const CELL_MAX: u32 = 80;
/// Smallest cell side: labels at font scale 2 and two rows of item badges still fit.
pub(super) const CELL_MIN: u32 = 64;
/// Pixels the cells of the longer side may take, so a 26x26 picture stays under ~2000 px.
pub(super) const CELLS_SPAN: u32 = 1664;
/// Smallest cell side of a 3-D maze: type letters and coordinates at font scale 2 still fit, item
/// badges shrink to scale 1. Only the biggest mazes come near it (26x26x9 gets 42).
pub(super) const CELL_MIN_3D: u32 = 36;
/// Pixels all the levels of a 3-D maze may take across and down, headings and bands included, so
/// that with its legend even a 26x26x9 picture stays under ~4000 px.
pub(super) const LEVELS_SPAN: f32 = 3700.0;
/// Band above each level of a 3-D maze for its heading (`LEVEL 2`).
pub(super) const HEADING: f32 = 36.0;
/// Space around and between the levels of a 3-D maze, so their panels stand apart.
pub(super) const LEVEL_GAP: f32 = 16.0;
/// Band for column letters above the maze.
pub(super) const TOP_LABELS: f32 = 28.0;
/// Band for row numbers left of the maze (two digits at scale 2).
pub(super) const LEFT_LABELS: f32 = 40.0;
/// Space right of and below the exit bands, so the tag of a player who left there is not cut off.
pub(super) const OUTER_PAD: f32 = 12.0;
/// Narrowest picture, so a tiny maze still has room for its legend.
pub(super) const MIN_WIDTH: u32 = 480;
/// Space around the legend.
pub(super) const LEGEND_PAD: f32 = 12.0;

/// Where everything goes: the cell side, the corner of cell A1 of each level and the picture's
/// size. A flat board is a single level with no heading and no margin around it.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    pub(super) size: Size,
    /// Side of a cell in pixels.
    pub(super) cs: f32,
    /// Band outside the outer wall, where exit arrows and the markers of players who left stand.
    pub(super) band: f32,
    /// Top-left corner of cell A1 of level 1.
    pub(super) x0: f32,
    pub(super) y0: f32,
    /// Levels side by side in a row of the grid of levels (1: one below the other).
    pub(super) columns: u8,
    /// From one level's cell A1 to that of the level right of it, and of the level below it.
    pub(super) step: (f32, f32),
    /// Band above each level for its heading (0 on a flat board, which has none).
    pub(super) heading: f32,
    pub(super) width: u32,
    pub(super) height: u32,
    /// Top of the legend.
    pub(super) legend_y: f32,
}

impl Layout {
    /// The layout of a board of `size`, before the legend is fitted in.
    pub(super) fn new(size: Size) -> Layout {
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
    pub(super) fn arranged(size: Size, cs: f32, columns: u8, heading: f32, gap: f32) -> Layout {
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

    /// The levels, from level 1.
    pub(super) fn levels(&self) -> std::ops::Range<u8> {
        0..self.size.levels
    }

    /// Top-left corner of cell A1 of a level: levels go in reading order through the grid.
    pub(super) fn origin(&self, level: u8) -> Point {
        let (across, down) = (level % self.columns, level / self.columns);
        pt(
            self.x0 + f32::from(across) * self.step.0,
            self.y0 + f32::from(down) * self.step.1,
        )
    }

    /// The area (x, y, w, h) of a level's picture: heading, coordinates, exit bands and cells.
    pub(super) fn level_area(&self, level: u8) -> (f32, f32, f32, f32) {
        let o = self.origin(level);
        let (w, h) = level_block(self.size, self.cs, self.heading);
        let x = o.x - self.band - LEFT_LABELS;
        let y = o.y - self.band - TOP_LABELS - self.heading;
        (x, y, w, h)
    }

    /// Top-left corner of a cell, on its level's picture.
    pub(super) fn corner(&self, c: Coord) -> Point {
        let o = self.origin(c.level);
        pt(
            o.x + f32::from(c.col) * self.cs,
            o.y + f32::from(c.row) * self.cs,
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
            // A floor has no edge on the picture (its stairs are markers in the cell): its midpoint
            // is the cell's centre.
            Dir::Higher | Dir::Lower => {
                let mid = pt(p.x + s / 2.0, p.y + s / 2.0);
                (mid, mid)
            }
        }
    }

    /// Midpoint of side `d` of cell `c`.
    pub(super) fn side_mid(&self, c: Coord, d: Dir) -> Point {
        let (a, b) = self.side(c, d);
        pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
    }
}

/// Width and height of one level's picture with cells of side `cs`: row numbers, exit band, cells,
/// exit band and room for the tags of players who left across; heading, column letters, bands and
/// cells down.
pub(super) fn level_block(size: Size, cs: f32, heading: f32) -> (f32, f32) {
    let band = (cs * 0.5).round();
    let w = LEFT_LABELS + band + f32::from(size.width) * cs + band + OUTER_PAD;
    let h = heading + TOP_LABELS + band + f32::from(size.height) * cs + band + OUTER_PAD;
    (w, h)
}

/// The cell side and the number of columns of levels for a 3-D maze: the biggest cells (at most
/// `flat_cs`, a level's side as a flat board of its size would have) with which all levels fit in
/// [`LEVELS_SPAN`] both ways; of equal cells, fewer columns, so levels go one below the other, as a
/// phone scrolls. Never below [`CELL_MIN_3D`].
pub(super) fn fit_levels(size: Size, flat_cs: u32) -> (u32, u8) {
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
pub(super) fn unit(d: Dir) -> (f32, f32) {
    let (dx, dy) = d.delta();
    (dx as f32, dy as f32)
}
