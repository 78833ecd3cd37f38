//! Pictures are checked by reading pixels at places the layout predicts, as the flat picture's
//! tests do.

use super::layout::*;
use super::*;
use crate::cylinder::{Across, GhostPath, Ground, Rim};
use crate::geometry::{Coord, Dir, Size};
use crate::render::{tracks, walls as flat_walls};
use bot_core::draw::{Rgb, pt};
use tiny_skia::Point;

const EXAMPLE: &str = include_str!("../../../tests/fixtures/plans/cylinder.plan");

fn example() -> CylPlan {
    CylPlan::parse(EXAMPLE).expect("the example plan reads")
}

fn at(name: &str) -> Coord {
    name.parse().expect("test cell names are valid")
}

/// The colour of the pixel under point `p`, as RGBA.
fn px(pm: &Pixmap, p: Point) -> Rgb {
    let c = pm
        .pixel(p.x.floor() as u32, p.y.floor() as u32)
        .expect("point inside the picture")
        .demultiply();
    Rgb([c.red(), c.green(), c.blue(), c.alpha()])
}

/// How many pixels inside `area` (x, y, w, h) have exactly colour `colour`.
fn count(pm: &Pixmap, colour: Rgb, (x, y, w, h): (f32, f32, f32, f32)) -> usize {
    let xs = (x.max(0.0) as u32)..((x + w) as u32).min(pm.width());
    let ys = (y.max(0.0) as u32)..((y + h) as u32).min(pm.height());
    ys.flat_map(|py| xs.clone().map(move |pxl| (pxl, py)))
        .filter(|&(pxl, py)| px(pm, pt(pxl as f32, py as f32)) == colour)
        .count()
}

fn cell_area(layout: &Layout, c: Coord) -> (f32, f32, f32, f32) {
    let p = layout.corner(c);
    (p.x, p.y, layout.cs, layout.cs)
}

/// The picture and the layout it was drawn with.
fn draw(plan: &CylPlan, overlay: &CylOverlay) -> (Pixmap, Layout) {
    (render(plan, overlay), plan_picture(plan, overlay).0)
}

/// A point inside a cell near its bottom-left corner, where only its fill shows.
fn fill_spot(layout: &Layout, c: Coord) -> Point {
    let p = layout.corner(c);
    pt(p.x + layout.cs * 0.12, p.y + layout.cs * 0.9)
}

/// Writes the example's picture for a person to look at:
/// `cargo test -p labyrinth --lib cylinder::render::tests::write_example -- --ignored`.
#[test]
#[ignore = "writes a file for a person to look at"]
fn write_example() {
    let overlay = CylOverlay {
        players: vec![
            ("Маша Петрова".into(), Some(at("D3"))),
            ("bob".into(), Some(at("D3"))),
            ("Ёжик".into(), None),
        ],
        bear: Some(at("B7")),
        ghost: Some(at("C2")),
    };
    std::fs::write("/tmp/cylinder.png", render_png(&example(), &overlay))
        .expect("/tmp is writable");
    let size = Size::new(12, 10).expect("a valid size");
    let generated = crate::cylinder::generate::generate(size, 3, 7).expect("generates");
    let png = render_png(&generated, &CylOverlay::default());
    std::fs::write("/tmp/cylinder-generated.png", png).expect("/tmp is writable");
}

#[test]
fn the_example_renders_at_a_phone_size() {
    let plan = example();
    let png = render_png(&plan, &CylOverlay::default());
    let pm = Pixmap::decode_png(&png).expect("a valid PNG");
    let cells = 8 * CELL_MAX;
    assert!(
        pm.width() > cells && pm.height() > cells,
        "{}x{}",
        pm.width(),
        pm.height()
    );
    assert!(pm.width() <= 2000 && pm.height() <= 2000);
    assert_eq!(pm.data(), render(&plan, &CylOverlay::default()).data());
}

// Seed 004: west and east are glued, so a wall on the seam is one wall, seen at both edges.
#[test]
fn a_wall_on_the_seam_shows_at_both_edges() {
    let plan = example();
    let (open, l) = draw(&plan, &CylOverlay::default());
    let (west, east) = (
        l.side_mid(at("A2"), Dir::Left),
        l.side_mid(at("H2"), Dir::Right),
    );
    let mut walled = plan.clone();
    assert!(walled.board.set_wall(at("H2"), Dir::Right, true));
    let (pm, _) = draw(&walled, &CylOverlay::default());
    for p in [west, east] {
        assert_ne!(px(&open, p), px(&pm, p));
        assert_eq!(px(&pm, p), flat_walls::WALL);
    }
    // Row 1 has a wall on the seam in the example, row 2 none: a dashed seam line there.
    assert_eq!(px(&open, l.side_mid(at("A1"), Dir::Left)), flat_walls::WALL);
    for x in [west.x, east.x] {
        assert!(count(&open, walls::SEAM, (x - 3.0, l.y0 + l.cs, 6.0, l.cs)) > 0);
    }
}

// Seed 004: "Выход. Разрыв во внешней стене".
#[test]
fn an_exit_is_a_gap_in_the_outer_wall() {
    let plan = example();
    assert_eq!(plan.board.across(at("D1"), Dir::Up), Across::Rim(Rim::Exit));
    let (pm, l) = draw(&plan, &CylOverlay::default());
    assert_eq!(px(&pm, l.side_mid(at("C1"), Dir::Up)), flat_walls::OUTER);
    let gap = l.side_mid(at("D1"), Dir::Up);
    assert_ne!(px(&pm, gap), flat_walls::OUTER);
    assert_eq!(px(&pm, pt(gap.x, gap.y - l.band * 0.3)), flat_walls::EXIT);
    let south = l.side_mid(at("G8"), Dir::Down);
    assert_eq!(
        px(&pm, pt(south.x, south.y + l.band * 0.3)),
        flat_walls::EXIT
    );
}

// Seed 004: "река. Течет из клетки на соседнюю, в которой может быть либо тоже река, либо болото".
#[test]
fn rivers_and_swamps_are_drawn_where_they_are() {
    let plan = example();
    assert_eq!(plan.board.ground(at("C1")), Ground::River(Dir::Down));
    assert_eq!(plan.board.ground(at("E5")), Ground::Swamp);
    let (pm, l) = draw(&plan, &CylOverlay::default());
    let river = cells::fill_colour(Ground::River(Dir::Down));
    let swamp = cells::fill_colour(Ground::Swamp);
    assert_ne!(river, swamp);
    assert_eq!(px(&pm, fill_spot(&l, at("C1"))), river);
    assert_eq!(px(&pm, fill_spot(&l, at("E5"))), swamp);
    assert_eq!(
        px(&pm, fill_spot(&l, at("A1"))),
        cells::fill_colour(Ground::Land)
    );
    // The flow's ink runs from C3 over its south side into C4.
    let ink = crate::render::cells::RIVER_INK;
    assert_eq!(px(&pm, l.side_mid(at("C3"), Dir::Down)), ink);
    // A6 flows west over the seam into the swamp H6: the join shows at both edges.
    assert_eq!(px(&pm, pt(l.x0 - 3.0, l.centre(at("A6")).y)), ink);
    assert_eq!(px(&pm, pt(l.right() + 3.0, l.centre(at("H6")).y)), ink);
}

#[test]
fn a_player_shows_his_tag_where_he_ended() {
    let plan = example();
    let cell = at("B2");
    let colour = tracks::colour(0);
    let (bare, l) = draw(&plan, &CylOverlay::default());
    assert_eq!(count(&bare, colour, cell_area(&l, cell)), 0);
    let overlay = CylOverlay {
        players: vec![("Маша".into(), Some(cell))],
        ..CylOverlay::default()
    };
    let (pm, l) = draw(&plan, &overlay);
    assert!(count(&pm, colour, cell_area(&l, cell)) > 50);
    assert!(pm.height() > bare.height(), "the legend names him");
}

#[test]
fn the_creatures_stand_where_the_overlay_puts_them() {
    let plan = example();
    let (start, l) = draw(&plan, &CylOverlay::default());
    let bear_at = plan.bear.expect("the example has a bear");
    assert!(count(&start, marks::BEAR, cell_area(&l, bear_at)) > 20);
    let moved = CylOverlay {
        bear: Some(at("B7")),
        ..CylOverlay::default()
    };
    let (pm, l) = draw(&plan, &moved);
    assert_eq!(count(&pm, marks::BEAR, cell_area(&l, bear_at)), 0);
    assert!(count(&pm, marks::BEAR, cell_area(&l, at("B7"))) > 20);
}

#[test]
fn the_ghost_walks_his_path_round() {
    let plan = example();
    let ghost = plan.ghost.as_ref().expect("the example has a ghost");
    let steps = marks::ghost_steps(&plan.board, ghost);
    // east east south west west north: six steps back to A1.
    assert_eq!(steps.len(), 6);
    assert_eq!(steps[0], (at("A1"), at("B1")));
    assert_eq!(steps[5], (at("A2"), at("A1")));
    // A path drifting east comes back after a round per column, over the seam.
    let mut drift = plan.clone();
    drift.ghost = Some(GhostPath {
        start: at("A3"),
        steps: vec![Dir::Right, Dir::Right, Dir::Right],
    });
    let steps = marks::ghost_steps(&drift.board, drift.ghost.as_ref().unwrap());
    assert_eq!(steps.len(), 8);
    assert!(steps.contains(&(at("H3"), at("A3"))));
}

#[test]
fn pits_fall_into_cycles() {
    let plan = example();
    let cycles = cells::pit_cycles(&plan.board);
    assert_eq!(cycles.len(), 2);
    assert_eq!(cycles.get(&at("E1")), cycles.get(&at("F7")));
}

#[test]
fn a_small_maze_without_creatures_still_draws() {
    let mut board = crate::cylinder::CylBoard::new(Size::new(3, 3).unwrap());
    board.set_ground(at("B2"), Ground::Morgue);
    let plan = CylPlan {
        board,
        treasure: at("A1"),
        crocodiles: vec![],
        bear: None,
        ghost: None,
    };
    let pm = render(&plan, &CylOverlay::default());
    assert!(pm.width() >= MIN_WIDTH);
}
