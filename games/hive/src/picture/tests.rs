//! Pixel tests of the Hive board picture. Run `cargo test -p hive --lib picture`;
//! `GM_SCREENSHOTS=docs` also writes the midgame sample to `docs/hive-board.png`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tiny_skia::{Pixmap, Point};

use super::bugs::{self, ANT, BEETLE, GRASSHOPPER, LADYBUG, MOSQUITO, PILLBUG, QUEEN, SPIDER};
use super::layout::{Layout, MAX_SIDE, RADIUS};
use super::render::{self, BACKGROUND, BAND_INK, LAST, MARK, MARK_INK};
use super::tile::{self, BADGE, BLACK_FACE, WHITE_FACE, WHITE_SIDE};
use super::*;
use crate::{Bug, Color};
use bot_core::draw::{Rgb, pt};

fn piece(name: &str) -> Piece {
    name.parse().expect("a piece name")
}

fn stack(q: i32, r: i32, names: &[&str]) -> (Hex, Vec<Piece>) {
    (Hex::new(q, r), names.iter().map(|n| piece(n)).collect())
}

/// A game well under way: a black beetle just climbed onto a white grasshopper, and White is
/// choosing where to move a beetle (two empty cells and two pieces to climb).
fn midgame() -> BoardView {
    BoardView {
        stacks: vec![
            stack(0, 0, &["wS1"]),
            stack(1, 0, &["bS1"]),
            stack(-1, 1, &["wQ"]),
            stack(2, -1, &["bQ"]),
            stack(0, 1, &["wA1"]),
            stack(1, -1, &["wG1", "bB1"]),
            stack(3, -1, &["bA1"]),
            stack(-1, 0, &["wB1"]),
            stack(-2, 1, &["wG2"]),
            stack(2, 0, &["bG1"]),
            stack(-1, 2, &["wA2"]),
            stack(3, -2, &["bA2"]),
            stack(1, 1, &["bS2"]),
        ],
        last: Some((Some(Hex::new(2, -2)), Hex::new(1, -1))),
        marks: vec![
            (Hex::new(0, -1), "a".into()),
            (Hex::new(-2, 0), "b".into()),
            (Hex::new(0, 0), "c".into()),
            (Hex::new(-1, 1), "d".into()),
        ],
        selected: Some(Hex::new(-1, 0)),
    }
}

fn px(pm: &Pixmap, p: Point) -> Rgb {
    let c = pm
        .pixel(p.x as u32, p.y as u32)
        .expect("point inside the picture")
        .demultiply();
    Rgb([c.red(), c.green(), c.blue(), c.alpha()])
}

/// Pixels of exactly `colour` in the square of half-side `half` around `c`.
fn count(pm: &Pixmap, colour: Rgb, c: Point, half: f32) -> usize {
    let xs = (c.x - half).max(0.0) as u32..((c.x + half) as u32).min(pm.width());
    let ys = (c.y - half).max(0.0) as u32..((c.y + half) as u32).min(pm.height());
    ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
        .filter(|&(x, y)| px(pm, pt(x as f32, y as f32)) == colour)
        .count()
}

fn decode(png: &[u8]) -> Pixmap {
    Pixmap::decode_png(png).expect("a valid PNG")
}

/// The picture of `view` and its layout.
fn picture(view: &BoardView) -> (Pixmap, Layout) {
    (decode(&board_png(view)), render::layout(view))
}

fn centre(layout: &Layout, q: i32, r: i32) -> Point {
    layout.centre(Hex::new(q, r)).expect("cell shown")
}

fn with_stacks(stacks: Vec<(Hex, Vec<Piece>)>) -> BoardView {
    BoardView {
        stacks,
        ..BoardView::default()
    }
}

fn one(q: i32, r: i32, name: &str) -> (Hex, Vec<Piece>) {
    stack(q, r, &[name])
}

/// Every piece of both sides, in a hive of 22 cells.
fn full() -> BoardView {
    let pieces: Vec<Piece> = Color::ALL.into_iter().flat_map(Piece::all).collect();
    let stacks = pieces
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let i = i as i32;
            (Hex::new(i % 6 - 3, i / 6 - 2), vec![p])
        })
        .collect();
    with_stacks(stacks)
}

#[test]
fn hive_picture_pngs_are_pngs() {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    for view in [
        BoardView::default(),
        with_stacks(vec![one(0, 0, "wQ")]),
        full(),
        midgame(),
    ] {
        let png = board_png(&view);
        assert!(png.starts_with(SIGNATURE));
        assert_eq!(decode(&png).data(), render::render(&view).data());
    }
    // An empty table is a small picture of nothing but the table.
    let empty = render::render(&BoardView::default());
    assert!(empty.width() < 200 && empty.height() < 200);
    let all = (0..empty.width()).flat_map(|x| (0..empty.height()).map(move |y| (x, y)));
    assert!(
        all.into_iter()
            .all(|(x, y)| px(&empty, pt(x as f32, y as f32)) == BACKGROUND)
    );
}

#[test]
fn hive_picture_grows_with_the_table_and_stays_capped() {
    let line = |n: i32| with_stacks((0..n).map(|q| one(q, 0, "wA1")).collect());
    let (one_pm, _) = picture(&line(1));
    let (five, _) = picture(&line(5));
    let (ten, layout) = picture(&line(10));
    assert!(one_pm.width() < five.width() && five.width() < ten.width());
    assert_eq!(five.height(), ten.height());
    assert_eq!(layout.radius, RADIUS, "a small table at full size");
    let column = with_stacks((0..6).map(|r| one(0, r, "wA1")).collect());
    assert!(picture(&column).0.height() > five.height());

    // A long line shrinks to fit, every cell still shown.
    let (long, layout) = picture(&line(40));
    assert!(long.width() as f32 <= MAX_SIDE && layout.radius < RADIUS);
    assert!(layout.centre(Hex::new(0, 0)).is_some() && layout.centre(Hex::new(39, 0)).is_some());
    assert_eq!(px(&long, centre(&layout, 39, 0)), ANT, "the last ant drawn");

    // Cells absurdly far apart: the picture is cut, not grown.
    let mut far = full();
    far.stacks.push(one(i32::MAX, i32::MIN, "bQ"));
    far.stacks.push(one(i32::MIN, 0, "bQ"));
    far.marks.push((Hex::new(0, i32::MAX), "z".into()));
    far.last = Some((
        Some(Hex::new(i32::MIN, i32::MIN)),
        Hex::new(i32::MAX, i32::MAX),
    ));
    let (pm, layout) = picture(&far);
    assert!(pm.width() as f32 <= MAX_SIDE && pm.height() as f32 <= MAX_SIDE);
    assert!(
        layout.centre(Hex::new(0, 0)).is_some(),
        "the middle of the hive stays"
    );
}

#[test]
fn hive_picture_sides_differ_and_bugs_wear_their_colours() {
    let view = with_stacks(vec![one(0, 0, "wA1"), one(1, 0, "bA1")]);
    let (pm, layout) = picture(&view);
    let (w, b) = (centre(&layout, 0, 0), centre(&layout, 1, 0));
    let s = layout.radius;
    let face = |c: Point| px(&pm, pt(c.x + 0.6 * s, c.y + 0.1 * s));
    assert_eq!(face(w), WHITE_FACE);
    assert_eq!(face(b), BLACK_FACE);
    // Each kind shows its colour on its tile, and no other kind's.
    let kinds = [
        ("wQ", Bug::Queen, QUEEN),
        ("bB1", Bug::Beetle, BEETLE),
        ("wG1", Bug::Grasshopper, GRASSHOPPER),
        ("bS1", Bug::Spider, SPIDER),
        ("wA1", Bug::Ant, ANT),
        ("bM", Bug::Mosquito, MOSQUITO),
        ("wL", Bug::Ladybug, LADYBUG),
        ("bP", Bug::Pillbug, PILLBUG),
    ];
    let view = with_stacks(
        kinds
            .iter()
            .enumerate()
            .map(|(i, (name, _, _))| one(2 * i as i32, 0, name))
            .collect(),
    );
    let (pm, layout) = picture(&view);
    for (i, (name, bug, colour)) in kinds.iter().enumerate() {
        assert_eq!(bugs::accent(*bug), *colour);
        let c = centre(&layout, 2 * i as i32, 0);
        assert!(count(&pm, *colour, c, 0.8 * s) > 20, "{name} in its colour");
        for (_, _, other) in kinds.iter().filter(|k| k.2 != *colour) {
            assert_eq!(count(&pm, *other, c, 0.8 * s), 0, "{name}");
        }
    }
}

#[test]
fn hive_picture_names_the_pieces_on_their_tiles() {
    assert_eq!(tile::short_name(piece("wQ")), "Q");
    assert_eq!(tile::short_name(piece("bA3")), "A3");
    // The name is ink under the bug: the tile's lower part holds ink on the face.
    let (pm, layout) = picture(&with_stacks(vec![one(0, 0, "wA1")]));
    let c = centre(&layout, 0, 0);
    let s = layout.radius;
    let name = pt(c.x, c.y + 0.44 * s);
    assert!(count(&pm, tile::WHITE_INK, name, 0.2 * s) > 30);
}

#[test]
fn hive_picture_offers_cells_with_labels() {
    let mut view = with_stacks(vec![one(0, 0, "wB1"), one(1, 0, "bQ")]);
    view.selected = Some(Hex::new(0, 0));
    view.marks = vec![(Hex::new(-1, 0), "a".into()), (Hex::new(1, 0), "b".into())];
    let (pm, layout) = picture(&view);
    let s = layout.radius;
    let empty = centre(&layout, -1, 0);
    assert!(count(&pm, MARK, empty, 0.8 * s) > 100, "the label's patch");
    assert!(count(&pm, MARK_INK, empty, 0.5 * s) > 20, "the label");
    // The beetle's destination on the queen: the label over the tile, the queen still shown.
    let queen = centre(&layout, 1, 0);
    assert!(count(&pm, MARK_INK, queen, 0.9 * s) > 10);
    assert!(count(&pm, QUEEN, queen, 0.8 * s) > 20);
    // The selected piece outlined in the marks' colour.
    assert!(count(&pm, MARK, centre(&layout, 0, 0), s) > 60);
    // An unoffered empty cell is bare table.
    let bare = layout.centre(Hex::new(0, 1)).expect("shown");
    assert!(count(&pm, BACKGROUND, bare, 0.3 * s) as f32 >= (0.6 * s - 1.0).powi(2));
    assert_eq!(count(&pm, MARK, bare, 0.5 * s), 0);
}

#[test]
fn hive_picture_outlines_the_last_move() {
    let mut view = with_stacks(vec![one(0, 0, "wQ"), one(1, 0, "bG1"), one(3, 0, "bA1")]);
    view.last = Some((Some(Hex::new(-1, 0)), Hex::new(1, 0)));
    let (pm, layout) = picture(&view);
    let s = layout.radius;
    let to = count(&pm, LAST, centre(&layout, 1, 0), s);
    let from = count(&pm, LAST, centre(&layout, -1, 0), s);
    assert!(to > 100, "a solid outline round the destination: {to}");
    assert!(
        from > 40 && from < to,
        "a dashed outline round the source: {from}"
    );
    assert_eq!(count(&pm, LAST, centre(&layout, 3, 0), 0.8 * s), 0);
    // A placement has no source; no last move, no outline.
    view.last = Some((None, Hex::new(3, 0)));
    let (pm, layout) = picture(&view);
    assert!(count(&pm, LAST, centre(&layout, 3, 0), s) > 100);
    assert_eq!(count(&pm, LAST, centre(&layout, 1, 0), 0.7 * s), 0);
    view.last = None;
    let (pm, layout) = picture(&view);
    assert_eq!(count(&pm, LAST, centre(&layout, 1, 0), 2.0 * s), 0);
}

#[test]
fn hive_picture_shows_what_lies_under_a_beetle() {
    let flat = with_stacks(vec![one(0, 0, "bB1"), one(1, 0, "wA1")]);
    let stacked = with_stacks(vec![stack(0, 0, &["wQ", "bB1"]), one(1, 0, "wA1")]);
    let (flat_pm, flat_layout) = picture(&flat);
    let (pm, layout) = picture(&stacked);
    let s = layout.radius;
    let c = centre(&layout, 0, 0);
    let top = tile::lifted(c, s, 2);
    assert!(count(&pm, BADGE, top, s) > 40, "a badge of the height");
    assert_eq!(count(&flat_pm, BADGE, centre(&flat_layout, 0, 0), s), 0);
    // The queen's edge shows in white and gold below the beetle's tile.
    let below = pt(c.x, c.y + 0.9 * s);
    let white =
        |pm: &Pixmap| count(pm, WHITE_FACE, below, 0.3 * s) + count(pm, WHITE_SIDE, below, 0.3 * s);
    assert!(white(&pm) > 10);
    assert!(count(&pm, QUEEN, below, 0.3 * s) > 5);
    assert_eq!(white(&flat_pm), 0);
    // And the band underneath names the stack.
    assert!(pm.height() > flat_pm.height());
    assert_eq!(flat_layout.board_height as u32, flat_pm.height());
    let band = pt(
        pm.width() as f32 / 2.0,
        (layout.board_height + pm.height() as f32) / 2.0,
    );
    assert!(count(&pm, BAND_INK, band, pm.width() as f32 / 2.0) > 50);
    let (three, lone) = ([piece("wQ"), piece("bB1"), piece("wB2")], [piece("wA1")]);
    let stacks = std::collections::BTreeMap::from([
        (Hex::new(0, 0), &three[..]),
        (Hex::new(1, 0), &lone[..]),
    ]);
    assert_eq!(
        render::band_lines(&stacks),
        vec![(3, "wB2 on bB1 on wQ".to_string())]
    );
}

#[test]
fn hive_picture_a_cell_given_twice_shows_its_later_stack() {
    let view = with_stacks(vec![
        one(0, 0, "wA1"),
        one(0, 0, "bQ"),
        one(1, 0, "wQ"),
        (Hex::new(1, 0), vec![]),
    ]);
    let (pm, layout) = picture(&view);
    let s = layout.radius;
    assert!(count(&pm, QUEEN, centre(&layout, 0, 0), 0.8 * s) > 20);
    assert_eq!(count(&pm, ANT, centre(&layout, 0, 0), 0.8 * s), 0);
    assert_eq!(px(&pm, centre(&layout, 1, 0)), BACKGROUND, "emptied");
}

#[test]
fn hive_picture_odd_labels_and_stacks_draw() {
    let mut view = midgame();
    view.marks = vec![
        (Hex::new(0, -1), "Z".repeat(500)),
        (Hex::new(-2, 0), "Жук\n🙂".into()),
        (Hex::new(-3, 0), String::new()),
        (Hex::new(0, 0), "   ".into()),
        (Hex::new(-1, 1), "\u{0}\u{7f}ab".into()),
    ];
    let tall: Vec<Piece> = (0..40)
        .map(|i| Piece::from_index(i % 22).expect("a piece"))
        .collect();
    view.stacks.push((Hex::new(5, 5), tall));
    for i in 0..30 {
        view.stacks.push(stack(-9 + i, 6, &["wB1", "bB2"]));
    }
    let pm = decode(&board_png(&view));
    assert!(pm.width() as f32 <= MAX_SIDE && pm.height() as f32 <= MAX_SIDE);
    let stacks =
        std::collections::BTreeMap::from_iter(view.stacks.iter().map(|(h, p)| (*h, p.as_slice())));
    let lines = render::band_lines(&stacks);
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[5], (0, "and 27 more stacks".to_string()));
    assert!(lines.iter().all(|(_, l)| l.is_ascii()));
}

#[test]
fn hive_picture_random_tables_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x41_56_45);
    let hex = |rng: &mut ChaCha8Rng| {
        if rng.random_bool(0.05) {
            Hex::new(rng.random(), rng.random())
        } else {
            Hex::new(rng.random_range(-12..=12), rng.random_range(-12..=12))
        }
    };
    for _ in 0..150 {
        let n = rng.random_range(0..30);
        let stacks = (0..n)
            .map(|_| {
                let h = hex(&mut rng);
                let height = rng.random_range(0..=6);
                let pieces = (0..height)
                    .map(|_| Piece::from_index(rng.random_range(0..22)).expect("a piece"))
                    .collect();
                (h, pieces)
            })
            .collect();
        let marks = (0..rng.random_range(0..8))
            .map(|_| {
                let len = rng.random_range(0..8);
                let label: String = (0..len).map(|_| rng.random::<char>()).collect();
                (hex(&mut rng), label)
            })
            .collect();
        let last = rng
            .random_bool(0.7)
            .then(|| (rng.random_bool(0.5).then(|| hex(&mut rng)), hex(&mut rng)));
        let selected = rng.random_bool(0.5).then(|| hex(&mut rng));
        let view = BoardView {
            stacks,
            last,
            marks,
            selected,
        };
        let pm = decode(&board_png(&view));
        assert!(pm.width() as f32 <= MAX_SIDE && pm.height() as f32 <= MAX_SIDE);
        assert!(pm.width() > 0 && pm.height() > 0);
    }
}

/// The midgame shows everything at once; `GM_SCREENSHOTS=docs` keeps it as `docs/hive-board.png`
/// (relative to the workspace) for the README and for a person to look at.
#[test]
fn hive_picture_midgame_sample() {
    let view = midgame();
    let png = board_png(&view);
    let (pm, layout) = picture(&view);
    let s = layout.radius;
    let beetle = centre(&layout, 1, -1);
    for colour in [LAST, BADGE, BEETLE] {
        assert!(count(&pm, colour, beetle, s) > 20, "{colour:?}");
    }
    assert!(
        count(&pm, MARK, centre(&layout, -1, 0), s) > 100,
        "the selected beetle"
    );
    for (h, _) in &view.marks {
        let c = layout.centre(*h).expect("shown");
        assert!(count(&pm, MARK_INK, c, 1.2 * s) > 10, "{h:?}");
    }
    if let Some(dir) = std::env::var("GM_SCREENSHOTS")
        .ok()
        .filter(|d| !d.is_empty())
    {
        // From the workspace's root, as the web chat's screenshots.
        let d = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(dir);
        std::fs::create_dir_all(&d).expect("the screenshots' directory");
        std::fs::write(d.join("hive-board.png"), &png).expect("write hive-board.png");
    }
}
