//! Pictures are checked by decoding them and reading pixels at places the layout predicts.

use super::layout::*;
use super::*;
use crate::board::{Border, Cell, InnerWall, PitId};
use crate::geometry::{Coord, Dir, Size};
use crate::item::Item;
use bot_core::draw::{Rgb, pt, rgb};
use tiny_skia::Point;

fn size(w: u8, h: u8) -> Size {
    Size::new(w, h).expect("test sizes are valid")
}

fn at(name: &str) -> Coord {
    name.parse().expect("test cell names are valid")
}

fn pit(letter: char, place: u16) -> Cell {
    Cell::Pit(PitId {
        cycle: letter as u8 - b'a',
        place,
    })
}

fn item(cell: &str, item: Item, count: u32) -> PlacedItem {
    PlacedItem {
        at: at(cell),
        item,
        count,
    }
}

/// The example plan of `shared/spec/labyrinth-plan.md`, built with the board API.
pub(super) fn spec_example() -> (Board, Vec<PlacedItem>) {
    let mut b = Board::new(size(5, 4));
    let cells = [
        ("C1", Cell::Arsenal),
        ("E1", Cell::Hospital),
        ("A2", Cell::River(Dir::Right)),
        ("B2", Cell::River(Dir::Right)),
        ("C2", Cell::Mouth),
        ("D2", pit('a', 1)),
        ("A3", pit('a', 2)),
        ("D3", Cell::Encephalitis),
        ("E3", Cell::River(Dir::Down)),
        ("A4", Cell::Hospital),
        ("C4", Cell::Mouth),
        ("D4", Cell::River(Dir::Left)),
        ("E4", Cell::River(Dir::Left)),
    ];
    for (c, cell) in cells {
        b.set_cell(at(c), cell);
    }
    for (c, d, w) in [
        ("C1", Dir::Right, InnerWall::Wall),
        ("B1", Dir::Down, InnerWall::Wall),
        ("A2", Dir::Down, InnerWall::Solid),
        ("C2", Dir::Down, InnerWall::Wall),
        ("E2", Dir::Down, InnerWall::Wall),
    ] {
        b.set_inner(at(c), d, w);
    }
    b.set_border(at("E2"), Dir::Right, Border::Exit);
    b.set_border(at("A3"), Dir::Left, Border::Exit);
    b.set_border(at("B4"), Dir::Down, Border::ClosedExit);
    let items = vec![
        item("C3", Item::Treasure, 1),
        item("B3", Item::Fake, 1),
        item("D1", Item::Fake, 1),
    ];
    (b, items)
}

/// A 12x10 maze with every cell type, wall kind and item, and five players, for looking at.
pub(super) fn busy() -> (Board, Vec<PlacedItem>, Overlay) {
    let mut b = Board::new(size(12, 10));
    // A deterministic scatter of walls: about a third of the inner sides.
    let mut seed: u32 = 7;
    let mut next = || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (seed >> 16) % 100
    };
    let sides: Vec<(Coord, Dir)> = b.inner_sides().map(|(c, d, _)| (c, d)).collect();
    for (c, d) in sides {
        let wall = match next() {
            0..=24 => InnerWall::Wall,
            25..=29 => InnerWall::Solid,
            _ => InnerWall::Open,
        };
        b.set_inner(c, d, wall);
    }
    let river = [
        ("B7", Dir::Right),
        ("C7", Dir::Right),
        ("D7", Dir::Down),
        ("D8", Dir::Right),
        ("E8", Dir::Right),
        ("F8", Dir::Up),
    ];
    for (c, d) in river {
        b.set_cell(at(c), Cell::River(d));
    }
    for (c, d) in [
        ("B7", Dir::Right),
        ("C7", Dir::Right),
        ("D7", Dir::Down),
        ("D8", Dir::Right),
        ("E8", Dir::Right),
        ("F8", Dir::Up),
        ("J3", Dir::Left),
        ("K3", Dir::Up),
    ] {
        b.set_inner(at(c), d, InnerWall::Open);
    }
    b.set_cell(at("F7"), Cell::Mouth);
    b.set_cell(at("K3"), Cell::River(Dir::Up));
    b.set_cell(at("K2"), Cell::Mouth);
    b.set_cell(at("J3"), Cell::River(Dir::Right));
    for (c, cell) in [
        ("B2", Cell::Hospital),
        ("H9", Cell::Hospital),
        ("E4", Cell::Arsenal),
        ("L10", Cell::Arsenal),
        ("G5", Cell::Encephalitis),
        ("A10", Cell::Encephalitis),
        ("C3", pit('a', 1)),
        ("I6", pit('a', 2)),
        ("F2", pit('a', 3)),
        ("K8", pit('b', 1)),
        ("B9", pit('b', 2)),
        ("H2", pit('c', 1)),
        ("L5", pit('c', 2)),
    ] {
        b.set_cell(at(c), cell);
    }
    b.set_border(at("A4"), Dir::Left, Border::Exit);
    b.set_border(at("L7"), Dir::Right, Border::Exit);
    b.set_border(at("G1"), Dir::Up, Border::ClosedExit);
    b.set_border(at("E10"), Dir::Down, Border::ClosedExit);
    b.set_border(at("J10"), Dir::Down, Border::Exit);
    let items = vec![
        item("D5", Item::Treasure, 1),
        item("J5", Item::Fake, 1),
        item("H7", Item::Fake, 1),
        item("D5", Item::Bullets, 2),
        item("I9", Item::Mine, 1),
        item("C5", Item::ArmedMine, 1),
        item("K6", Item::Grenades, 3),
        item("K6", Item::Bullets, 1),
        item("K6", Item::Corpse, 1),
        item("A1", Item::Mine, 2),
        item("A1", Item::Grenades, 1),
        item("A1", Item::Fake, 1),
        item("A1", Item::Corpse, 1),
    ];
    let path = |cells: &[&str]| cells.iter().map(|c| at(c)).collect::<Vec<_>>();
    let overlay = Overlay {
        players: vec![
            PlayerTrack {
                name: "Алиса".into(),
                path: path(&["B4", "C4", "D4", "D5", "E5", "F5", "F4", "G4", "H4"]),
                left_maze: false,
            },
            PlayerTrack {
                name: "bob the builder".into(),
                path: path(&[
                    "H4", "G4", "F4", "F5", "E5", "D5", "D6", "C6", "C5", "C4", "B4", "A4",
                ]),
                left_maze: true,
            },
            PlayerTrack {
                name: "李小龙".into(),
                path: path(&["C2", "C3", "I6", "I7", "J7", "K7", "L7"]),
                left_maze: true,
            },
            PlayerTrack {
                name: "Ёжик в тумане".into(),
                path: path(&["F9", "F8", "F7", "G7", "H7"]),
                left_maze: false,
            },
            PlayerTrack {
                name: "Zoë".into(),
                path: path(&["H7", "H8"]),
                left_maze: false,
            },
        ],
    };
    (b, items, overlay)
}

/// A 6x6 maze of three levels with stairs, a one-way floor, rooms on every level, a pit cycle
/// across levels and two players climbing, for looking at and for the tests of levels.
pub(super) fn levels_sample() -> (Board, Vec<PlacedItem>, Overlay) {
    let mut b = Board::new(Size::stacked(6, 6, 3).expect("a valid size"));
    let mut seed: u32 = 11;
    let mut next = || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (seed >> 16) % 100
    };
    let sides: Vec<(Coord, Dir)> = b
        .inner_sides()
        .filter(|s| !s.1.is_vertical())
        .map(|(c, d, _)| (c, d))
        .collect();
    for (c, d) in sides {
        if next() < 30 {
            b.set_inner(c, d, InnerWall::Wall);
        }
    }
    for c in ["B2", "E5", "C3@2", "F1@2"] {
        b.set_inner(at(c), Dir::Higher, InnerWall::Open);
    }
    b.set_inner(at("A6"), Dir::Higher, InnerWall::OneWay(Dir::Higher));
    for (c, cell) in [
        ("D2", Cell::Arsenal),
        ("B4@2", Cell::Hospital),
        ("E2@2", Cell::Encephalitis),
        ("A1@3", Cell::Swamp),
        ("F6", pit('a', 1)),
        ("D4@3", pit('a', 2)),
    ] {
        b.set_cell(at(c), cell);
    }
    b.set_border(at("A3"), Dir::Left, Border::Exit);
    b.set_border(at("F4@3"), Dir::Right, Border::ClosedExit);
    let items = vec![
        item("E6@3", Item::Treasure, 1),
        item("C5@2", Item::Fake, 1),
        item("B2", Item::Bullets, 2),
    ];
    let path = |cells: &[&str]| cells.iter().map(|c| at(c)).collect::<Vec<_>>();
    let overlay = Overlay {
        players: vec![
            PlayerTrack {
                name: "Алиса".into(),
                path: path(&["A2", "B2", "B2@2", "B3@2", "C3@2", "C3@3", "D3@3"]),
                left_maze: false,
            },
            PlayerTrack {
                name: "Bob".into(),
                path: path(&["C3@2", "C3", "B3", "A3"]),
                left_maze: true,
            },
        ],
    };
    (b, items, overlay)
}

/// Writes the sample pictures to the temporary directory for a person to look at:
/// `cargo test -p labyrinth render::tests::write_samples -- --ignored`.
#[test]
#[ignore = "writes files for a person to look at"]
fn write_samples() {
    let dir = std::env::temp_dir();
    let (board, items) = spec_example();
    let walk = Overlay {
        players: vec![PlayerTrack {
            name: "Маша".into(),
            path: vec![at("A1"), at("B1"), at("C1"), at("C2")],
            left_maze: false,
        }],
    };
    let files = [
        (
            "maze-spec.png",
            render_png(&board, &items, &Overlay::default()),
        ),
        ("maze-spec-walk.png", render_png(&board, &items, &walk)),
        ("maze-busy.png", {
            let (b, i, o) = busy();
            render_png(&b, &i, &o)
        }),
        ("maze-3d.png", {
            let (b, i, o) = levels_sample();
            render_png(&b, &i, &o)
        }),
        (
            "maze-1x1.png",
            render_png(&Board::new(size(1, 1)), &[], &Overlay::default()),
        ),
        ("maze-26.png", {
            let all: Vec<PlacedItem> = Item::ALL.map(|k| item("B2", k, 2)).to_vec();
            let few: Vec<PlacedItem> = Item::ALL[..4].iter().map(|&k| item("D2", k, 1)).collect();
            let mut b = Board::new(size(26, 26));
            b.set_cell(at("F2"), pit('q', 12));
            render_png(&b, &[all, few].concat(), &busy().2)
        }),
    ];
    for (name, png) in files {
        std::fs::write(dir.join(name), png).expect("temporary directory is writable");
    }
}

/// The colour of the pixel under point `p` of a picture, as RGBA.
fn px(pm: &Pixmap, p: Point) -> Rgb {
    let c = pm
        .pixel(p.x.floor() as u32, p.y.floor() as u32)
        .expect("point inside the picture")
        .demultiply();
    Rgb([c.red(), c.green(), c.blue(), c.alpha()])
}

/// How many pixels of the picture inside `area` (x, y, w, h) have exactly colour `colour`.
fn count(pm: &Pixmap, colour: Rgb, area: (f32, f32, f32, f32)) -> usize {
    let (x, y, w, h) = area;
    let mut n = 0;
    for py in (y.max(0.0) as u32)..((y + h) as u32).min(pm.height()) {
        for pxl in (x.max(0.0) as u32)..((x + w) as u32).min(pm.width()) {
            if px(pm, pt(pxl as f32, py as f32)) == colour {
                n += 1;
            }
        }
    }
    n
}

fn whole(pm: &Pixmap) -> (f32, f32, f32, f32) {
    (0.0, 0.0, pm.width() as f32, pm.height() as f32)
}

fn cell_area(layout: &Layout, c: Coord) -> (f32, f32, f32, f32) {
    let p = layout.corner(c);
    (p.x, p.y, layout.cs, layout.cs)
}

/// The picture and the layout it was drawn with.
fn draw(board: &Board, items: &[PlacedItem], overlay: &Overlay) -> (Pixmap, Layout) {
    let pm = render(board, items, overlay);
    (pm, plan_picture(board, items, overlay).0)
}

#[test]
fn the_png_decodes_to_the_drawn_picture() {
    let (board, items) = spec_example();
    let png = render_png(&board, &items, &Overlay::default());
    let decoded = Pixmap::decode_png(&png).expect("a valid PNG");
    let drawn = render(&board, &items, &Overlay::default());
    assert_eq!(
        (decoded.width(), decoded.height()),
        (drawn.width(), drawn.height())
    );
    assert_eq!(decoded.data(), drawn.data());
}

#[test]
fn each_column_and_row_adds_one_cell_side_until_the_picture_would_be_too_big() {
    let dims = |w: u8, h: u8| {
        let png = render_png(&Board::new(size(w, h)), &[], &Overlay::default());
        let pm = Pixmap::decode_png(&png).expect("a valid PNG");
        (pm.width(), pm.height())
    };
    let (w12, h10) = dims(12, 10);
    assert_eq!(dims(13, 10).0 - w12, CELL_MAX);
    assert_eq!(dims(12, 11).1 - h10, CELL_MAX);
    assert!(w12 >= 12 * CELL_MAX && h10 >= 10 * CELL_MAX);
    for (w, h) in [(26, 26), (26, 1), (1, 26), (20, 20)] {
        let (pw, ph) = dims(w, h);
        assert!(pw <= 2000 && ph <= 2000, "{w}x{h} gives {pw}x{ph}");
        assert!(pw >= u32::from(w) * CELL_MIN && ph >= u32::from(h) * CELL_MIN);
    }
    let (pw, ph) = dims(1, 1);
    assert!(
        pw >= MIN_WIDTH && ph > CELL_MAX,
        "a 1x1 maze still has room for labels"
    );
}

// Kodex Б §1.4: inner walls, open sides, the outer wall and its exits look different.
#[test]
fn walls_and_open_sides_are_told_apart() {
    let (board, items) = spec_example();
    let (pm, l) = draw(&board, &items, &Overlay::default());
    // C1|D1 and B1/B2 are walls a grenade breaks; B1|C1 and A1/A2 are open.
    assert_eq!(px(&pm, l.side_mid(at("C1"), Dir::Right)), walls::WALL);
    assert_eq!(px(&pm, l.side_mid(at("B1"), Dir::Down)), walls::WALL);
    for (c, d) in [("B1", Dir::Right), ("A1", Dir::Down), ("D3", Dir::Down)] {
        let colour = px(&pm, l.side_mid(at(c), d));
        assert_ne!(colour, walls::WALL, "{c} {}", d.name());
        assert_ne!(colour, walls::SOLID, "{c} {}", d.name());
    }
    // A2/A3 is `###`: black, and wider than a breakable wall.
    let wall_half = walls::wall_pen(l.cs).width / 2.0;
    let beside = |c: &str, d: Dir| {
        let m = l.side_mid(at(c), d);
        px(&pm, pt(m.x + l.cs * 0.25, m.y + wall_half + 1.0))
    };
    assert_eq!(beside("A2", Dir::Down), walls::SOLID);
    assert_ne!(beside("C2", Dir::Down), walls::WALL);
    assert_eq!(px(&pm, l.side_mid(at("A1"), Dir::Up)), walls::OUTER);
}

// Kodex Б §1.4: a closed exit is an outer wall that a grenade opens, an open exit a gap.
#[test]
fn exits_differ_from_the_outer_wall() {
    let (board, items) = spec_example();
    let (pm, l) = draw(&board, &items, &Overlay::default());
    let closed = px(&pm, l.side_mid(at("B4"), Dir::Down));
    assert_ne!(closed, walls::OUTER);
    assert_eq!(closed, walls::CLOSED_EXIT);
    assert_eq!(px(&pm, l.side_mid(at("C4"), Dir::Down)), walls::OUTER);
    // E2's right side is open: no wall there, a green arrow outside.
    let gap = l.side_mid(at("E2"), Dir::Right);
    assert_ne!(px(&pm, gap), walls::OUTER);
    assert_eq!(px(&pm, pt(gap.x + l.band * 0.3, gap.y)), walls::EXIT);
    assert_eq!(count(&pm, walls::EXIT, cell_area(&l, at("E1"))), 0);
}

// Kodex Б §4: every cell type has its own fill.
#[test]
fn cell_types_have_their_own_colours() {
    let (board, items) = spec_example();
    let (pm, l) = draw(&board, &items, &Overlay::default());
    let fill = |c: &str| {
        let p = l.corner(at(c));
        px(&pm, pt(p.x + l.cs * 0.15, p.y + l.cs * 0.85))
    };
    // Kodex Б §4.5: the river is blue.
    let Rgb([r, g, b, _]) = fill("A2");
    assert!(
        b > r.saturating_add(60) && b > g,
        "river fill {r},{g},{b} is not blue"
    );
    let samples = ["A1", "E1", "C1", "D2", "A2", "C2", "D3"].map(fill);
    for (i, a) in samples.iter().enumerate() {
        for bcol in &samples[i + 1..] {
            assert_ne!(a, bcol, "two cell types share a colour");
        }
    }
    assert_eq!(fill("A1"), cells::LAND);
    assert_eq!(fill("B2"), cells::RIVER);
}

// Kodex Б §4.5: the arrow in a river cell points where the current flows.
#[test]
fn river_arrows_point_downstream() {
    let mut board = Board::new(size(3, 1));
    board.set_cell(at("A1"), Cell::River(Dir::Right));
    board.set_cell(at("B1"), Cell::River(Dir::Left));
    board.set_cell(at("C1"), Cell::Mouth);
    let (pm, l) = draw(&board, &[], &Overlay::default());
    let ink = |c: &str, dx: f32| {
        let m = l.centre(at(c));
        // Off the shaft, where only the head's wings reach.
        px(&pm, pt(m.x + dx * l.cs * 0.16, m.y - l.cs * 0.08))
    };
    assert_eq!(ink("A1", 1.0), cells::RIVER_INK, "head on the right");
    assert_eq!(ink("A1", -1.0), cells::RIVER, "tail on the left");
    assert_eq!(ink("B1", -1.0), cells::RIVER_INK, "head on the left");
    assert_eq!(ink("B1", 1.0), cells::RIVER, "tail on the right");
}

// Kodex Б §4.4: pits are linked to the next pit of their cycle, in the cycle's colour.
#[test]
fn pit_cycles_are_linked_in_their_colour() {
    let mut board = Board::new(size(4, 3));
    board.set_cell(at("A1"), pit('a', 1));
    board.set_cell(at("D3"), pit('a', 2));
    let (pm, l) = draw(&board, &[], &Overlay::default());
    let colour = palette::cycle_colour(0);
    let between = (
        l.centre(at("B1")).x,
        l.corner(at("A1")).y,
        l.cs * 2.0,
        l.cs * 3.0,
    );
    assert!(count(&pm, colour, between) > 50, "the links cross B–C");
    let plain = render(&Board::new(size(4, 3)), &[], &Overlay::default());
    assert_eq!(count(&plain, colour, whole(&plain)), 0);
}

// Kodex Б §3.1, §5: items are drawn in their cells; an armed mine (§5.7) is ringed in red.
#[test]
fn items_lie_in_their_cells() {
    let board = Board::new(size(3, 2));
    let items = [
        item("A1", Item::Treasure, 1),
        item("B2", Item::ArmedMine, 1),
        item("C2", Item::Mine, 1),
        item("C1", Item::Bullets, 3),
        item("C1", Item::Grenades, 2),
        item("C1", Item::Corpse, 1),
        item("C1", Item::Fake, 1),
    ];
    let (pm, l) = draw(&board, &items, &Overlay::default());
    assert!(count(&pm, cells::GOLD, cell_area(&l, at("A1"))) > 20);
    assert_eq!(count(&pm, cells::GOLD, cell_area(&l, at("B1"))), 0);
    assert!(count(&pm, cells::ARMED, cell_area(&l, at("B2"))) > 10);
    assert_eq!(count(&pm, cells::ARMED, cell_area(&l, at("C2"))), 0);
    assert!(count(&pm, cells::MINE, cell_area(&l, at("C2"))) > 10);
    // Four kinds on C1 all get a badge.
    for colour in [cells::BULLETS, cells::GRENADES, cells::CORPSE, cells::FAKE] {
        assert!(
            count(&pm, colour, cell_area(&l, at("C1"))) > 10,
            "{colour:?}"
        );
    }
}

// Kodex Б §2.1–2.2: each move ends on a cell; the path joins those cells in order.
#[test]
fn a_path_passes_the_centres_of_its_cells() {
    let board = Board::new(size(5, 3));
    let path = ["A1", "B1", "C1", "C2", "D2", "E2"].map(at).to_vec();
    let overlay = Overlay {
        players: vec![PlayerTrack {
            name: "Пётр".into(),
            path,
            left_maze: false,
        }],
    };
    let (pm, l) = draw(&board, &[], &overlay);
    let colour = tracks::colour(0);
    for c in ["B1", "C1", "C2", "D2"] {
        assert_eq!(px(&pm, l.centre(at(c))), colour, "{c}");
    }
    for c in ["A2", "B3", "E1"] {
        assert_ne!(px(&pm, l.centre(at(c))), colour, "{c}");
    }
    // Between two cells of the path, the line crosses their common side.
    assert_eq!(px(&pm, l.side_mid(at("C1"), Dir::Down)), colour);
    // The legend below the maze shows the player's colour.
    let legend = (
        0.0,
        l.legend_y,
        pm.width() as f32,
        pm.height() as f32 - l.legend_y,
    );
    assert!(count(&pm, colour, legend) > 20);
}

#[test]
fn paths_along_the_same_cells_both_stay_visible() {
    let board = Board::new(size(4, 1));
    let path = ["A1", "B1", "C1", "D1"].map(at).to_vec();
    let track = |name: &str| PlayerTrack {
        name: name.into(),
        path: path.clone(),
        left_maze: false,
    };
    let overlay = Overlay {
        players: vec![track("Ann"), track("Bo")],
    };
    let (pm, l) = draw(&board, &[], &overlay);
    let area = cell_area(&l, at("B1"));
    for i in 0..2 {
        assert!(count(&pm, tracks::colour(i), area) > 50, "player {i}");
    }
}

// Kodex Б §3.2: a player leaves the maze through an exit.
#[test]
fn a_player_who_left_is_tagged_outside_his_exit() {
    let (board, items) = spec_example();
    let overlay = Overlay {
        players: vec![PlayerTrack {
            name: "Ёж".into(),
            path: vec![at("D2"), at("E2")],
            left_maze: true,
        }],
    };
    let (pm, l) = draw(&board, &items, &overlay);
    let gap = l.side_mid(at("E2"), Dir::Right);
    let outside = (gap.x + 2.0, gap.y - l.cs / 2.0, l.band + OUTER_PAD, l.cs);
    assert!(count(&pm, tracks::colour(0), outside) > 50);
}

#[test]
fn odd_input_draws_without_panicking() {
    let weird = Overlay {
        players: vec![
            PlayerTrack::default(),
            PlayerTrack {
                name: "🐉 Змей Горыныч 李 \u{0}\n".repeat(20),
                path: vec![
                    Coord::new(25, 25),
                    Coord::new(40, 3),
                    Coord::new(0, 0),
                    Coord::at_level(0, 0, 8),
                    Coord::at_level(0, 0, 12),
                ],
                left_maze: true,
            },
            PlayerTrack {
                name: "x".into(),
                path: vec![Coord::new(0, 0); 3],
                left_maze: true,
            },
        ],
    };
    let off_board = [PlacedItem {
        at: Coord::new(30, 30),
        item: Item::Treasure,
        count: u32::MAX,
    }];
    for (w, h, levels) in [
        (1, 1, 1),
        (26, 26, 1),
        (26, 1, 1),
        (2, 9, 1),
        (2, 9, 3),
        (1, 1, 9),
    ] {
        let board = Board::new(Size::stacked(w, h, levels).expect("a valid size"));
        for overlay in [&Overlay::default(), &weird] {
            let png = render_png(&board, &off_board, overlay);
            assert!(Pixmap::decode_png(&png).is_ok(), "{w}x{h}");
        }
    }
}

#[test]
fn many_items_on_one_cell_all_get_a_badge() {
    let board = Board::new(size(1, 1));
    let items: Vec<PlacedItem> = Item::ALL
        .into_iter()
        .map(|kind| item("A1", kind, 3))
        .collect();
    let (pm, l) = draw(&board, &items, &Overlay::default());
    for colour in [
        cells::GOLD,
        cells::FAKE,
        cells::ARMED,
        cells::BULLETS,
        cells::GRENADES,
        cells::CORPSE,
    ] {
        assert!(
            count(&pm, colour, cell_area(&l, at("A1"))) > 5,
            "{colour:?}"
        );
    }
}

// Encyclopedia, modifications 4, 5, 8, 16, 17: swamps, pit–exit pairs and the special walls each
// look like themselves, and the legend names their plan glyphs.
#[test]
fn the_encyclopedias_cells_and_walls_are_drawn() {
    let mut board = Board::new(size(4, 2));
    board.set_cell(at("A1"), Cell::Swamp);
    board.set_cell(at("B1"), Cell::Chute(1));
    board.set_cell(at("D2"), Cell::Outlet(1));
    board.set_inner(at("A1"), Dir::Down, InnerWall::Window);
    board.set_inner(at("B1"), Dir::Down, InnerWall::Rubber);
    board.set_inner(at("C1"), Dir::Down, InnerWall::OneWay(Dir::Up));
    board.set_inner(at("C1"), Dir::Right, InnerWall::Wall);
    let (pm, l) = draw(&board, &[], &Overlay::default());
    let fill = |c: &str| {
        let p = l.corner(at(c));
        px(&pm, pt(p.x + l.cs * 0.15, p.y + l.cs * 0.85))
    };
    assert_ne!(fill("A1"), cells::LAND, "the swamp has a fill of its own");
    // A window's pane is not the wall's colour; a rubber wall is neither a wall nor open.
    let window = px(&pm, l.side_mid(at("A1"), Dir::Down));
    let rubber = px(&pm, l.side_mid(at("B1"), Dir::Down));
    let plain = px(&pm, l.side_mid(at("C1"), Dir::Right));
    assert_eq!(plain, walls::WALL);
    assert_ne!(window, walls::WALL);
    assert_ne!(rubber, walls::WALL);
    assert_ne!(window, rubber);
    // The pair's pit and its exit wear the pairs' colour.
    assert!(count(&pm, palette::PAIR, cell_area(&l, at("B1"))) > 0);
    assert!(count(&pm, palette::PAIR, cell_area(&l, at("D2"))) > 0);
    assert_eq!(count(&pm, palette::PAIR, cell_area(&l, at("A2"))), 0);
}

// The encyclopedia's modification 12: 3-D mazes, a picture per level.
#[test]
fn every_level_of_a_maze_of_levels_is_drawn() {
    let mut board = Board::new(Size::stacked(4, 3, 2).expect("a valid size"));
    board.set_cell(at("B2@2"), Cell::Hospital);
    let (pm, l) = draw(&board, &[], &Overlay::default());
    // Level 2 stands below level 1, with cells as big as a flat board's.
    assert!(l.corner(at("B2@2")).y > l.corner(at("B3")).y + l.cs);
    assert_eq!(l.corner(at("B2@2")).x, l.corner(at("B2")).x);
    assert_eq!(l.cs, CELL_MAX as f32);
    let fill = |c: &str| {
        let p = l.corner(at(c));
        px(&pm, pt(p.x + l.cs * 0.15, p.y + l.cs * 0.85))
    };
    assert_eq!(fill("B2"), cells::LAND);
    assert_eq!(fill("B2@2"), rgb(0xFFFFFF), "the hospital's fill");
    let cross = |c: &str| count(&pm, rgb(0xD62828), cell_area(&l, at(c)));
    assert!(cross("B2@2") > 100, "the hospital's cross on level 2");
    assert_eq!(cross("B2"), 0);
    // Each level has its walls, coordinates and heading.
    assert_eq!(px(&pm, l.side_mid(at("A1@2"), Dir::Up)), walls::OUTER);
    let (x, y, w, _) = l.level_area(1);
    let heading = (x, y, w, l.heading);
    assert!(count(&pm, COORDINATE, heading) > 50, "LEVEL 2");
    let letters = (x, y + l.heading, w, TOP_LABELS);
    assert!(count(&pm, COORDINATE, letters) > 50, "A B C D over level 2");
    let flat = render(&Board::new(size(4, 3)), &[], &Overlay::default());
    assert!(pm.height() > flat.height() + 3 * CELL_MAX);
    // A flat board has no panels, headings or stairs.
    for colour in [levels::UP, levels::DOWN, rgb(0xF0ECE1)] {
        assert_eq!(count(&flat, colour, whole(&flat)), 0, "{colour:?}");
    }
}

// The encyclopedia's modification 12: «вверх», «вниз» where the floor is open.
#[test]
fn stairs_are_marked_on_both_levels() {
    let mut board = Board::new(Size::stacked(3, 2, 2).expect("a valid size"));
    board.set_inner(at("B1"), Dir::Higher, InnerWall::Open);
    board.set_inner(at("C2"), Dir::Higher, InnerWall::OneWay(Dir::Higher));
    let (pm, l) = draw(&board, &[], &Overlay::default());
    let signs = |c: &str| {
        let area = cell_area(&l, at(c));
        (count(&pm, levels::UP, area), count(&pm, levels::DOWN, area))
    };
    let (up, down) = signs("B1");
    assert!(up > 20 && down == 0, "a way up from B1: {up} {down}");
    let (up, down) = signs("B1@2");
    assert!(up == 0 && down > 20, "a way down to B1: {up} {down}");
    // A closed floor shows nothing; a one-way floor only the way it lets one go.
    assert_eq!(signs("A1"), (0, 0));
    assert_eq!(signs("A1@2"), (0, 0));
    assert!(signs("C2").0 > 20);
    assert_eq!(signs("C2@2"), (0, 0));
    // The legend explains both signs.
    let legend = (
        0.0,
        l.legend_y,
        pm.width() as f32,
        pm.height() as f32 - l.legend_y,
    );
    assert!(count(&pm, levels::UP, legend) > 20);
    assert!(count(&pm, levels::DOWN, legend) > 20);
    // Closed floors are no walls: the legend lists none.
    let plain = Board::new(Size::stacked(3, 2, 2).expect("a valid size"));
    let (pm, l) = draw(&plain, &[], &Overlay::default());
    let legend = (
        0.0,
        l.legend_y,
        pm.width() as f32,
        pm.height() as f32 - l.legend_y,
    );
    assert_eq!(count(&pm, walls::WALL, legend), 0);
    assert_eq!(count(&pm, levels::UP, whole(&pm)), 0);
}

// The encyclopedia's modification 12: a climb joins cells on two level pictures, so it is drawn as
// a jump, not a line across the cells between them.
#[test]
fn a_climb_is_drawn_as_a_jump() {
    let mut board = Board::new(Size::stacked(3, 3, 2).expect("a valid size"));
    board.set_inner(at("B1"), Dir::Higher, InnerWall::Open);
    let overlay = Overlay {
        players: vec![PlayerTrack {
            name: "Пётр".into(),
            path: ["A1", "B1", "B1@2", "C1@2"].map(at).to_vec(),
            left_maze: false,
        }],
    };
    let (pm, l) = draw(&board, &[], &overlay);
    let colour = tracks::colour(0);
    assert_eq!(px(&pm, l.side_mid(at("A1"), Dir::Right)), colour);
    assert_eq!(px(&pm, l.side_mid(at("B1@2"), Dir::Right)), colour);
    // A straight line from B1 to B1@2 would cross B2 and B3.
    for c in ["B2", "B3"] {
        assert_ne!(px(&pm, l.centre(at(c))), colour, "{c}");
    }
    let (from, to) = (l.centre(at("B1")), l.centre(at("B1@2")));
    let mid = pt((from.x + to.x) / 2.0, (from.y + to.y) / 2.0);
    assert_ne!(px(&pm, mid), colour);
    // The jump's arc bends aside, left of the way down.
    let beside = (
        mid.x - l.cs * 1.5,
        from.y + l.cs,
        l.cs * 1.5 - 1.0,
        to.y - from.y - 2.0 * l.cs,
    );
    assert!(count(&pm, colour, beside) > 20);
}

// The encyclopedia's modification 12: even the biggest maze of levels makes a picture a chat takes,
// and a small one keeps a flat board's cells, one level below the other.
#[test]
fn pictures_of_levels_stay_bounded() {
    let dims = |w: u8, h: u8, levels: u8| {
        let board = Board::new(Size::stacked(w, h, levels).expect("a valid size"));
        let l = plan_picture(&board, &[], &Overlay::default()).0;
        (l.width, l.height, l.cs, l.columns)
    };
    for (w, h, n) in [
        (26, 26, 9),
        (26, 1, 9),
        (1, 26, 9),
        (26, 26, 2),
        (20, 26, 5),
        (9, 9, 9),
    ] {
        let (pw, ph, cs, _) = dims(w, h, n);
        assert!(pw <= 4000 && ph <= 4000, "{w}x{h}x{n} gives {pw}x{ph}");
        assert!(cs >= CELL_MIN_3D as f32, "{w}x{h}x{n} has cells of {cs}");
    }
    for n in [2, 3] {
        let (pw, ph, cs, columns) = dims(6, 6, n);
        assert_eq!((cs, columns), (CELL_MAX as f32, 1), "6x6x{n}");
        assert!(ph > pw, "6x6x{n} is one level below the other");
    }
    let (board, items, overlay) = levels_sample();
    let png = render_png(&board, &items, &overlay);
    assert!(Pixmap::decode_png(&png).is_ok());
}
