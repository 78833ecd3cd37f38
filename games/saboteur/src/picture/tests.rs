//! Pixel tests of the Saboteur pictures. Run `cargo test -p saboteur --lib picture`; the
//! ignored `saboteur_picture_samples` writes `/tmp/sab-map.png` and `/tmp/sab-hand.png` to look at.

use tiny_skia::{Pixmap, Point};

use super::card::{self, BOULDER, GOAL_BACK, GOLD, LADDER, ROCK, SHAFT, STONE, TUNNEL};
use super::map::{self, HIGHLIGHT, Layout, MARK_INK, SLOT, by_cell, centre_of};
use super::*;
use super::{hand, icons};
use bot_core::draw::{Rgb, pt};

const CROSS: Face = Face::Tunnel {
    sides: [true; 4],
    dead: false,
};
const DEAD_CROSS: Face = Face::Tunnel {
    sides: [true; 4],
    dead: true,
};
const GOALS: [(i32, i32); 3] = [(8, -2), (8, 0), (8, 2)];

fn px(pm: &Pixmap, p: Point) -> Rgb {
    let c = pm
        .pixel(p.x as u32, p.y as u32)
        .expect("point inside the picture")
        .demultiply();
    Rgb([c.red(), c.green(), c.blue(), c.alpha()])
}

/// Pixels of exactly `colour` in the rectangle (x, y, w, h).
fn count(pm: &Pixmap, colour: Rgb, (x, y, w, h): (f32, f32, f32, f32)) -> usize {
    let xs = x.max(0.0) as u32..((x + w) as u32).min(pm.width());
    let ys = y.max(0.0) as u32..((y + h) as u32).min(pm.height());
    ys.flat_map(|yy| xs.clone().map(move |xx| (xx, yy)))
        .filter(|&(xx, yy)| px(pm, pt(xx as f32, yy as f32)) == colour)
        .count()
}

fn decode(png: &[u8]) -> Pixmap {
    Pixmap::decode_png(png).expect("a valid PNG")
}

/// A table at the start of a round: the start and three face-down goals.
fn opening() -> Vec<((i32, i32), Face)> {
    let mut cards = vec![((0, 0), Face::Start)];
    cards.extend(GOALS.map(|g| (g, Face::GoalHidden)));
    cards
}

/// A game well under way, with every kind of face.
fn midgame() -> MapView {
    let mut cards = opening();
    let tunnel = |n, e, s, w, dead| Face::Tunnel {
        sides: [n, e, s, w],
        dead,
    };
    cards.extend([
        ((1, 0), tunnel(false, true, false, true, false)),
        ((2, 0), CROSS),
        ((3, 0), tunnel(false, true, true, true, false)),
        ((2, -1), tunnel(true, false, true, false, true)),
        ((3, 1), tunnel(true, true, false, false, false)),
        ((4, 1), tunnel(false, true, false, true, false)),
        ((5, 1), tunnel(true, false, true, true, false)),
        ((5, 2), tunnel(true, true, false, false, true)),
        ((4, 0), DEAD_CROSS),
        ((-1, 0), tunnel(false, true, true, false, false)),
        ((-1, 1), tunnel(true, false, false, true, false)),
        ((5, 0), tunnel(true, false, true, false, false)),
        ((5, -1), tunnel(false, true, true, false, false)),
        ((6, -1), tunnel(false, true, false, true, false)),
        ((7, -1), tunnel(true, true, false, true, false)),
        ((7, -2), tunnel(false, true, true, false, false)),
        (
            (8, -2),
            Face::Goal {
                gold: false,
                sides: [false, false, true, true],
            },
        ),
        (
            (8, 2),
            Face::Goal {
                gold: true,
                sides: [true; 4],
            },
        ),
    ]);
    MapView {
        cards,
        last: Some((5, 2)),
        marks: vec![
            ((6, 1), "A".into()),
            ((5, 3), "B".into()),
            ((-2, 1), "C".into()),
            ((4, -1), "12".into()),
            ((2, 1), "-1,-2".into()),
            ((4, 1), "R".into()),
        ],
    }
}

fn full_hand() -> Vec<HandCard> {
    vec![
        HandCard::Tunnel {
            sides: [true, true, false, true],
            dead: false,
        },
        HandCard::Tunnel {
            sides: [true, false, true, false],
            dead: true,
        },
        HandCard::Break(0),
        HandCard::Break(1),
        HandCard::Break(2),
        HandCard::Fix(vec![0]),
        HandCard::Fix(vec![1, 2]),
        HandCard::Rockfall,
        HandCard::Map,
    ]
}

fn layout_of(view: &MapView) -> Layout {
    Layout::new(&by_cell(view), view)
}

#[test]
#[ignore = "writes sample pictures to /tmp for a person to look at"]
fn saboteur_picture_samples() {
    std::fs::write("/tmp/sab-map.png", map_png(&midgame())).expect("write /tmp/sab-map.png");
    std::fs::write("/tmp/sab-hand.png", hand_png(&full_hand())).expect("write /tmp/sab-hand.png");
    let opening = MapView {
        cards: opening(),
        ..MapView::default()
    };
    std::fs::write("/tmp/sab-map-opening.png", map_png(&opening)).expect("write");
    // A map that grew far: its cells shrink.
    let mut wide = midgame();
    wide.cards.extend((-14..0).map(|x| ((x, 1), CROSS)));
    wide.cards.extend((-6..8).map(|y| ((-14, y), DEAD_CROSS)));
    wide.last = Some((-14, 7));
    std::fs::write("/tmp/sab-map-wide.png", map_png(&wide)).expect("write");
}

/// The map of `view` with its layout.
fn map(view: &MapView) -> (Pixmap, Layout) {
    (map::render(view), layout_of(view))
}

fn centre(layout: &Layout, x: i64, y: i64) -> Point {
    centre_of(layout, x, y).expect("cell shown")
}

fn cell(layout: &Layout, x: i64, y: i64) -> (f32, f32, f32, f32) {
    layout.cell(x, y).expect("cell shown")
}

fn with_cards(cards: Vec<((i32, i32), Face)>) -> MapView {
    MapView {
        cards,
        ..MapView::default()
    }
}

#[test]
fn saboteur_picture_pngs_are_pngs() {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    assert!(map_png(&midgame()).starts_with(SIGNATURE));
    assert!(map_png(&MapView::default()).starts_with(SIGNATURE));
    assert!(hand_png(&full_hand()).starts_with(SIGNATURE));
    assert!(hand_png(&[]).starts_with(SIGNATURE));
    let pm = decode(&map_png(&midgame()));
    assert_eq!(pm.data(), map::render(&midgame()).data());
}

#[test]
fn saboteur_picture_a_crossing_meets_in_the_middle_and_a_dead_end_does_not() {
    let view = with_cards(vec![((1, 0), CROSS), ((2, 0), DEAD_CROSS)]);
    let (pm, layout) = map(&view);
    assert_eq!(px(&pm, centre(&layout, 1, 0)), TUNNEL);
    let dead = centre(&layout, 2, 0);
    assert_ne!(px(&pm, dead), TUNNEL);
    assert_eq!(px(&pm, dead), BOULDER);
    // Along the row through the dead end: tunnel at both edges, rock between them and the boulder.
    let (x, _, w, _) = cell(&layout, 2, 0);
    let along: Vec<Rgb> = (x as u32..(x + w) as u32)
        .map(|xx| px(&pm, pt(xx as f32, dead.y)))
        .collect();
    let first_tunnel = along.iter().position(|&c| c == TUNNEL).expect("west arm");
    let last_tunnel = along.iter().rposition(|&c| c == TUNNEL).expect("east arm");
    let boulder = along.iter().position(|&c| c == BOULDER).expect("boulder");
    assert!(
        along[first_tunnel..boulder].contains(&ROCK),
        "rock between the west arm and the boulder"
    );
    assert!(
        along[boulder..last_tunnel].contains(&ROCK),
        "rock between the boulder and the east arm"
    );
    // Up the column of the crossing, the tunnel runs unbroken from edge to edge of the card.
    let c = centre(&layout, 1, 0);
    let card = layout.card(1, 0).expect("card shown");
    let gap = (card.1 + 3.0) as u32..(card.1 + card.3 - 3.0) as u32;
    assert!(
        gap.into_iter()
            .all(|yy| px(&pm, pt(c.x, yy as f32)) == TUNNEL)
    );
}

#[test]
fn saboteur_picture_shows_the_start_and_goals_as_they_are() {
    let mut cards = opening();
    cards.push((
        (8, 2),
        Face::Goal {
            gold: true,
            sides: [true; 4],
        },
    ));
    cards.push((
        (8, -2),
        Face::Goal {
            gold: false,
            sides: [false, false, true, true],
        },
    ));
    let (pm, layout) = map(&with_cards(cards));
    assert_eq!(px(&pm, centre(&layout, 0, 0)), SHAFT, "the start's shaft");
    let start = layout.card(0, 0).expect("start shown");
    assert!(count(&pm, LADDER, start) > 40, "the start's ladder");
    let hidden = layout.card(8, 0).expect("goal shown");
    assert!(
        count(&pm, GOAL_BACK, hidden) > 100,
        "a face-down goal shows its back"
    );
    assert_eq!(px(&pm, centre(&layout, 8, 2)), GOLD);
    let stone = layout.card(8, -2).expect("goal shown");
    assert!(count(&pm, STONE, stone) > 100, "a stone goal is grey");
    assert_eq!(count(&pm, GOLD, stone), 0);
    assert_eq!(count(&pm, STONE, layout.card(8, 2).expect("goal shown")), 0);
}

#[test]
fn saboteur_picture_outlines_the_last_card() {
    let mut view = midgame();
    let (pm, layout) = map(&view);
    let around = |(x, y, w, h): (f32, f32, f32, f32)| count(&pm, HIGHLIGHT, (x, y, w, h));
    assert!(
        around(cell(&layout, 5, 2)) > 50,
        "outline round the last card"
    );
    assert_eq!(around(cell(&layout, 5, 1)), 0);
    assert_eq!(around(cell(&layout, 8, 2)), 0);
    view.last = None;
    let (pm, _) = map(&view);
    assert_eq!(count(&pm, HIGHLIGHT, (0.0, 0.0, 9999.0, 9999.0)), 0);
}

#[test]
fn saboteur_picture_labels_offered_cells_only() {
    let (pm, layout) = map(&midgame());
    for (x, y) in [(6, 1), (5, 3), (-2, 1), (4, -1), (2, 1), (4, 1)] {
        assert!(
            count(&pm, MARK_INK, cell(&layout, x, y)) > 5,
            "label in {x},{y}"
        );
    }
    for (x, y) in [(6, 2), (0, 2), (8, 0), (5, 1)] {
        assert_eq!(
            count(&pm, MARK_INK, cell(&layout, x, y)),
            0,
            "nothing in {x},{y}"
        );
    }
    // An empty offered cell keeps its slot colour around the label; an unoffered one is all slot.
    let empty = layout.card(6, 2).expect("shown");
    let (_, _, w, h) = empty;
    assert!(count(&pm, SLOT, empty) as f32 > w * h * 0.8);
}

#[test]
fn saboteur_picture_grows_toward_a_card_far_left() {
    let (small, small_layout) = map(&with_cards(opening()));
    let mut cards = opening();
    cards.push(((-3, 0), CROSS));
    let (big, big_layout) = map(&with_cards(cards));
    assert!(big.width() > small.width());
    assert_eq!(big.height(), small.height());
    assert!(
        small_layout.cell(-1, 0).is_some() && small_layout.cell(-2, 0).is_none(),
        "one cell of margin left of the start"
    );
    assert!(
        big_layout.cell(-4, 0).is_some(),
        "a cell of margin left of the card"
    );
    assert!(big_layout.cell(-5, 0).is_none());
    assert_eq!(px(&big, centre(&big_layout, -3, 0)), TUNNEL);
}

#[test]
fn saboteur_picture_always_shows_the_start_and_goals() {
    let (pm, layout) = map(&MapView::default());
    for x in 0..=8 {
        for y in -2..=2 {
            assert!(layout.cell(x, y).is_some(), "{x},{y}");
        }
    }
    assert!(layout.cell(-1, 0).is_none() && layout.cell(9, 0).is_none());
    assert!(layout.cell(0, -3).is_none() && layout.cell(0, 3).is_none());
    assert!(
        pm.width() < 800 && pm.height() < 600,
        "{}x{}",
        pm.width(),
        pm.height()
    );
}

#[test]
fn saboteur_picture_of_a_far_flung_map_stays_small() {
    let mut cards = opening();
    for i in 0..300_i32 {
        let far = i.wrapping_mul(7_919_113).wrapping_sub(i32::MAX / 3);
        cards.push(((far, i - 150), CROSS));
        cards.push(((i - 150, far), DEAD_CROSS));
    }
    cards.push(((i32::MAX, i32::MIN), CROSS));
    cards.push(((i32::MIN, i32::MAX), CROSS));
    let view = MapView {
        cards,
        last: Some((i32::MAX, i32::MAX)),
        marks: vec![((i32::MIN, 0), "Z".repeat(500)), ((3, 3), "Жук\n🙂".into())],
    };
    let pm = decode(&map_png(&view));
    assert!(
        pm.width() <= 1400 && pm.height() <= 1400,
        "{}x{}",
        pm.width(),
        pm.height()
    );
    let layout = layout_of(&view);
    assert!(
        layout.cell(0, 0).is_some() && layout.cell(8, 2).is_some(),
        "start and goals stay"
    );
    // A merely large map is shrunk, not cut.
    let wide: Vec<_> = (-10..=30).map(|x| ((x, 0), CROSS)).collect();
    let view = with_cards(wide);
    let pm = decode(&map_png(&view));
    let layout = layout_of(&view);
    assert!(pm.width() <= 1400);
    assert!(layout.cell(-11, 0).is_some() && layout.cell(31, 0).is_some());
}

#[test]
fn saboteur_picture_a_cell_given_twice_shows_its_later_card() {
    let view = with_cards(vec![
        ((2, 0), CROSS),
        ((2, 0), DEAD_CROSS),
        ((3, 0), DEAD_CROSS),
        ((3, 0), CROSS),
    ]);
    let (pm, layout) = map(&view);
    assert_eq!(px(&pm, centre(&layout, 2, 0)), BOULDER);
    assert_eq!(px(&pm, centre(&layout, 3, 0)), TUNNEL);
}

#[test]
fn saboteur_picture_hand_is_a_numbered_row() {
    let one = decode(&hand_png(&full_hand()[..1]));
    let three = decode(&hand_png(&full_hand()[..3]));
    let all = decode(&hand_png(&full_hand()));
    assert!(one.width() < three.width() && three.width() < all.width());
    assert_eq!(one.height(), all.height());
    let empty = decode(&hand_png(&[]));
    assert!(empty.width() > 0 && empty.width() <= one.width());
    // Numbers under the cards, in the label colour.
    let (x, y, w, h) = hand::card_area(8);
    assert!(
        count(&all, card::LABEL, (x, y + h, w, 40.0)) > 20,
        "a number under card 9"
    );
    assert_eq!(count(&all, card::LABEL, (x, y, w, h)), 0);
}

#[test]
fn saboteur_picture_hand_cards_show_what_they_do() {
    let pm = hand::render(&full_hand());
    let area = hand::card_area;
    assert_eq!(
        px(&pm, card::centre(area(0))),
        TUNNEL,
        "a crossing tunnel card"
    );
    assert_eq!(px(&pm, card::centre(area(1))), BOULDER, "a dead end");
    for i in 2..=4 {
        assert!(
            count(&pm, icons::BROKEN, area(i)) > 100,
            "card {} breaks",
            i + 1
        );
        assert_eq!(count(&pm, icons::MENDED, area(i)), 0);
    }
    for i in 5..=6 {
        assert!(
            count(&pm, icons::MENDED, area(i)) > 100,
            "card {} mends",
            i + 1
        );
        assert_eq!(count(&pm, icons::BROKEN, area(i)), 0);
    }
    for i in 2..=8 {
        assert!(
            count(&pm, hand::ACTION, area(i)) > 500,
            "card {} is an action",
            i + 1
        );
    }
    assert_eq!(count(&pm, hand::ACTION, area(0)), 0);
}

#[test]
fn saboteur_picture_odd_hands_draw() {
    let odd = vec![
        HandCard::Break(200),
        HandCard::Fix(vec![]),
        HandCard::Fix(vec![0, 1, 2, 3, 9]),
        HandCard::Tunnel {
            sides: [false; 4],
            dead: true,
        },
        HandCard::Tunnel {
            sides: [false; 4],
            dead: false,
        },
    ];
    assert!(!hand_png(&odd).is_empty());
    let many: Vec<HandCard> = (0..500).map(|_| HandCard::Map).collect();
    let pm = decode(&hand_png(&many));
    assert!(
        pm.width() <= 1200 && pm.height() <= 1400,
        "{}x{}",
        pm.width(),
        pm.height()
    );
    let twelve = decode(&hand_png(&many[..12]));
    assert!(
        twelve.height() > decode(&hand_png(&many[..10])).height(),
        "a second row"
    );
}
