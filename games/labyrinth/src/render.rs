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
mod layout;
mod legend;
mod levels;
mod overlay;
pub(crate) mod palette;
pub(crate) mod tracks;
pub(crate) mod walls;

use tiny_skia::Pixmap;

use bot_core::draw::Canvas;
use bot_core::draw::text;

use self::layout::{BACKGROUND, COORDINATE, LEFT_LABELS, Layout, TOP_LABELS};
use self::legend::Legend;
pub use self::overlay::{Overlay, PlayerTrack};
use super::board::Board;
use super::item::PlacedItem;

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

#[cfg(test)]
mod tests;
