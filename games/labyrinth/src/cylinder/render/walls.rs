//! Walls between cells, the north and south outer wall with its exits, the seam where west and
//! east are glued, and the pits' links.

use tiny_skia::Point;

use super::cells;
use super::layout::Layout;
use crate::cylinder::{Across, CylBoard, Ground, Rim};
use crate::geometry::{Coord, Dir};
use crate::render::walls as flat;
use bot_core::draw::{Canvas, Pen, Rgb, pt, rgb};

/// The seam where no wall stands on it: dashed, in a colour no wall or path has.
pub(super) const SEAM: Rgb = rgb(0x8E6CCF);
/// How strongly walls beyond the seam show (of 255).
const FADED: u8 = 90;

/// Thin lines on every cell boundary inside the board; walls are drawn over them.
pub(super) fn draw_grid(canvas: &mut Canvas, layout: &Layout) {
    let pen = Pen::new(1.0, flat::GRID).butt();
    let (w, h) = (layout.size.width, layout.size.height);
    for col in 1..w {
        let x = layout.x0 + f32::from(col) * layout.cs;
        canvas.line(pt(x, layout.y0), pt(x, layout.bottom()), &pen);
    }
    for row in 1..h {
        let y = layout.y0 + f32::from(row) * layout.cs;
        canvas.line(pt(layout.x0, y), pt(layout.right(), y), &pen);
    }
}

/// Whether a wall stands on side `d` of `c` (the seam included; not the rims).
fn wall(board: &CylBoard, c: Coord, d: Dir) -> bool {
    matches!(board.across(c, d), Across::Cell { wall: true, .. })
}

/// Inner walls, then the north and south edges: the outer wall, and exits as gaps with the flat
/// picture's green arrow pointing out ("Выход. Разрыв во внешней стене").
pub(super) fn draw_walls(canvas: &mut Canvas, layout: &Layout, board: &CylBoard) {
    let (w, h) = (layout.size.width, layout.size.height);
    let pen = flat::wall_pen(layout.cs);
    for c in layout.size.cells() {
        let inner = [(Dir::Right, c.col + 1 < w), (Dir::Down, c.row + 1 < h)];
        for (d, _) in inner
            .into_iter()
            .filter(|&(d, inside)| inside && wall(board, c, d))
        {
            let (a, b) = layout.side(c, d);
            canvas.line(a, b, &pen);
        }
    }
    let rims: Vec<(Coord, Dir, Rim)> = (0..w)
        .flat_map(|col| {
            [
                (Coord::new(col, 0), Dir::Up),
                (Coord::new(col, h - 1), Dir::Down),
            ]
        })
        .filter_map(|(c, d)| match board.across(c, d) {
            Across::Rim(rim) => Some((c, d, rim)),
            Across::Cell { .. } => None,
        })
        .collect();
    // The outer wall first, so the round ends of its pieces never cover an exit's arrow.
    for &(c, d, _) in rims.iter().filter(|r| r.2 == Rim::Wall) {
        let (a, b) = layout.side(c, d);
        canvas.line(a, b, &flat::outer_pen(layout.cs));
    }
    for &(c, d, _) in rims.iter().filter(|r| r.2 == Rim::Exit) {
        flat::exit_arrow(canvas, layout.side_mid(c, d), d, layout.band);
    }
}

/// The seam, drawn twice: as the west edge of column A and as the east edge of the last column.
/// Where no wall stands on it, a dashed line; where one does, the wall at both edges. Beyond each
/// edge the faded half column across the seam gets its walls and rim, faded too.
pub(super) fn draw_seam(canvas: &mut Canvas, layout: &Layout, board: &CylBoard) {
    let last = layout.size.width - 1;
    let open = seam_pen(layout.cs);
    let walled = flat::wall_pen(layout.cs);
    for row in 0..layout.size.height {
        let east = Coord::new(last, row);
        let pen = if wall(board, east, Dir::Right) {
            &walled
        } else {
            &open
        };
        let (top, bottom) = (layout.corner(east).y, layout.corner(east).y + layout.cs);
        for x in [layout.x0, layout.right()] {
            canvas.line(pt(x, top), pt(x, bottom), pen);
        }
    }
    strip_walls(canvas, layout, board, last, layout.x0 - layout.band);
    strip_walls(canvas, layout, board, 0, layout.right());
    let half = layout.band * 0.4;
    for x in [layout.x0, layout.right()] {
        for y in [
            layout.y0 - layout.band / 2.0,
            layout.bottom() + layout.band / 2.0,
        ] {
            seam_mark(canvas, pt(x, y), half);
        }
    }
}

/// The seam's sign, `half` wide each way from `c`: arrows out to both sides, for "what leaves here
/// comes back at the other edge".
pub(super) fn seam_mark(canvas: &mut Canvas, c: Point, half: f32) {
    let pen = Pen::new((half * 0.14).max(2.0), SEAM);
    let head = half * 0.45;
    canvas.line(pt(c.x - half + head, c.y), pt(c.x + half - head, c.y), &pen);
    for side in [-1.0, 1.0] {
        let tip = pt(c.x + side * half, c.y);
        canvas.arrow_head(pt(tip.x - side * head, c.y), tip, head * 0.75, SEAM);
    }
}

/// Pen of the seam where it has no wall.
pub(super) fn seam_pen(cs: f32) -> Pen {
    Pen::new((cs * 0.05).max(3.0), SEAM)
        .dashed(cs * 0.09, cs * 0.06)
        .butt()
}

/// The walls across column `col` and its outer wall, faded, over the half column from `x`.
fn strip_walls(canvas: &mut Canvas, layout: &Layout, board: &CylBoard, col: u8, x: f32) {
    let h = layout.size.height;
    let inner = flat::wall_pen(layout.cs);
    let inner = Pen::new(inner.width, inner.color.alpha(FADED)).butt();
    let outer = flat::outer_pen(layout.cs);
    let outer = Pen::new(outer.width, outer.color.alpha(FADED)).butt();
    let mut lines: Vec<(f32, &Pen)> = (0..h.saturating_sub(1))
        .filter(|&row| wall(board, Coord::new(col, row), Dir::Down))
        .map(|row| (layout.y0 + f32::from(row + 1) * layout.cs, &inner))
        .collect();
    for (row, d, y) in [(0, Dir::Up, layout.y0), (h - 1, Dir::Down, layout.bottom())] {
        if board.across(Coord::new(col, row), d) == Across::Rim(Rim::Wall) {
            lines.push((y, &outer));
        }
    }
    for (y, pen) in lines {
        canvas.line(pt(x, y), pt(x + layout.band, y), pen);
    }
}

/// A dashed curved arrow from each pit to the pit it leads to, in its cycle's colour, as the flat
/// picture links a pit cycle.
pub(super) fn draw_pit_links(canvas: &mut Canvas, layout: &Layout, board: &CylBoard) {
    let cycles = cells::pit_cycles(board);
    for (c, g) in board.cells() {
        let Ground::Pit { to } = g else {
            continue;
        };
        if to == c || !layout.size.contains(to) {
            continue;
        }
        let colour = crate::render::palette::cycle_colour(cycles.get(&c).copied().unwrap_or(0));
        flat::link(
            canvas,
            layout.centre(c),
            layout.centre(to),
            layout.cs,
            colour,
        );
    }
}
