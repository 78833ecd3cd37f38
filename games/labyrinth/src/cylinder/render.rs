//! The picture of a revealed cylinder maze (seed 004): the whole plan with walls, exits, cell types,
//! crocodiles, the treasure, pit links, the bear, the ghost with his path and, at the end of a game,
//! where every player ended. The bot sends it to the group with the plan text.
//!
//! It follows the flat Labyrinth's picture ([`crate::render`]): the same colours, fills,
//! pictograms, exit arrows, pit links and player tags, drawn with its helpers. What is new is the
//! seam: west of column A lies the last column ("квадрат 8х8 со склеенными западной и восточной
//! сторонами"). The picture shows it as a dashed edge on both sides (or a wall on both, where the
//! seam has one) and, beyond each edge, a faded half of the column across the seam, so that a
//! river, the ghost's path or a wall running over the seam reads on.
//!
//! The text on the picture is coordinates, the plan format's glyphs and player names: the bitmap
//! font has no Cyrillic, and the same picture goes to every chat.

mod cells;
mod layout;
mod legend;
mod marks;
mod overlay;
mod walls;

use tiny_skia::Pixmap;

use super::CylPlan;
use bot_core::draw::Canvas;
use bot_core::draw::text;

use self::layout::{BACKGROUND, COORDINATE, LEFT_LABELS, Layout, TOP_LABELS};
use self::legend::Legend;
pub use self::overlay::CylOverlay;

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

#[cfg(test)]
mod tests;
