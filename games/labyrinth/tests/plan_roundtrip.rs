//! Property tests of the plan format (`shared/spec/labyrinth-plan.md`): every board reads back from
//! its canonical text, and no text, however mangled, makes the reader panic.

use labyrinth::{
    Board, Border, Cell, Coord, Dir, InnerWall, Item, PitId, PlacedItem, Plan, PlanSettings, Size,
};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;

const EXAMPLE: &str = include_str!("fixtures/plans/example.plan");

// Kodex Б §4: every cell type, pits a1…z99 (plan spec: "at most 3 characters")
fn arb_cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        Just(Cell::Land),
        Just(Cell::Hospital),
        Just(Cell::Arsenal),
        Just(Cell::Mouth),
        Just(Cell::Encephalitis),
        Just(Cell::Swamp),
        (1u8..=99).prop_map(Cell::Chute),
        (1u8..=99).prop_map(Cell::Outlet),
        select(Dir::ALL.to_vec()).prop_map(Cell::River),
        (0u8..26, 1u16..=99).prop_map(|(cycle, place)| Cell::Pit(PitId { cycle, place })),
    ]
}

fn arb_item(size: Size) -> impl Strategy<Value = PlacedItem> {
    (
        0..size.width,
        0..size.height,
        0..size.levels,
        select(Item::ALL.to_vec()),
        prop_oneof![Just(1u32), 1u32..=u32::MAX],
    )
        .prop_map(|(col, row, level, item, count)| PlacedItem {
            at: Coord::at_level(col, row, level),
            item,
            count,
        })
}

fn arb_plan() -> impl Strategy<Value = Plan> {
    // A third of them 3-D (the encyclopedia's modification 12).
    (1u8..=8, 1u8..=8, prop_oneof![2 => Just(1u8), 1 => 2u8..=3]).prop_flat_map(|(w, h, l)| {
        let size = Size::stacked(w, h, l).expect("sides 1..=8, levels 1..=3");
        let (wi, hi, li) = (usize::from(w), usize::from(h), usize::from(l));
        let inner = (wi * (hi - 1) + (wi - 1) * hi) * li + wi * hi * (li - 1);
        // The encyclopedia's windows, rubber and one-way walls too; `OneWay(Up)` stands for "open
        // the way the side is named", `OneWay(Down)` for the way back, fitted to each side below.
        let walls = select(vec![
            InnerWall::Open,
            InnerWall::Wall,
            InnerWall::Solid,
            InnerWall::Window,
            InnerWall::Rubber,
            InnerWall::OneWay(Dir::Up),
            InnerWall::OneWay(Dir::Down),
        ]);
        let borders = select(vec![Border::Wall, Border::ClosedExit, Border::Exit]);
        (
            vec(arb_cell(), size.area()),
            vec(walls, inner),
            vec(borders, 2 * (wi + hi) * li),
            vec(arb_item(size), 0..6),
            option::of(1u32..=u32::MAX),
            option::of(1u32..=u32::MAX),
        )
            .prop_map(move |(cells, inner, border, items, cure, nstop)| {
                let mut board = Board::new(size);
                for ((at, _), cell) in Board::new(size).cells().zip(cells) {
                    board.set_cell(at, cell);
                }
                let sides: Vec<_> = board.inner_sides().map(|(c, d, _)| (c, d)).collect();
                for ((c, d), wall) in sides.into_iter().zip(inner) {
                    let wall = match wall {
                        // A floor is a stair or a wall in the plan format.
                        InnerWall::Open => InnerWall::Open,
                        _ if d.is_vertical() => InnerWall::Wall,
                        InnerWall::OneWay(Dir::Up) => InnerWall::OneWay(d),
                        InnerWall::OneWay(_) => InnerWall::OneWay(d.opposite()),
                        w => w,
                    };
                    assert!(board.set_inner(c, d, wall));
                }
                let sides: Vec<_> = board.border_sides().map(|(c, d, _)| (c, d)).collect();
                for ((c, d), b) in sides.into_iter().zip(border) {
                    board.set_border(c, d, b);
                }
                Plan {
                    board,
                    settings: PlanSettings { cure, nstop },
                    items,
                    stocks: vec![],
                    bear: None,
                }
            })
    })
}

/// Characters a mangled plan may hold: the format's own, look-alikes and troublemakers.
fn arb_char() -> impl Strategy<Value = char> {
    select(
        " +-|#~.MAUESXY<>^voax019\t\r\n=:`Ж—М\u{a0}\u{0}é"
            .chars()
            .collect::<Vec<_>>(),
    )
}

proptest! {
    // plan spec: Example — the written text is canonical, so writing is a fixed point of reading
    #[test]
    fn every_plan_reads_back_from_its_text(plan in arb_plan()) {
        let text = plan.to_text();
        let read = Plan::parse(&text);
        prop_assert_eq!(read.as_ref(), Ok(&plan), "{}", text);
        prop_assert_eq!(read.map(|p| p.to_text()), Ok(text.clone()));
        prop_assert!(text.lines().all(|l| l == l.trim_end()));
    }

    // Chat clients trim trailing spaces, swap line ends and wrap the plan in a code block.
    #[test]
    fn pasting_through_a_chat_changes_nothing(plan in arb_plan(), crlf: bool, fence: bool) {
        let mut text = plan.to_text();
        if fence {
            text = format!("```text\n{text}```\n");
        }
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        prop_assert_eq!(Plan::parse(&text), Ok(plan));
    }

    // Nothing panics on bad input (common brief); every refusal names at least one problem.
    #[test]
    fn any_text_is_read_or_refused_without_panic(text in ".{0,400}") {
        if let Err(errors) = Plan::parse(&text) {
            prop_assert!(!errors.errors.is_empty());
        }
    }

    #[test]
    fn a_mangled_example_is_read_or_refused_without_panic(
        edits in vec((0usize..EXAMPLE.len(), arb_char(), 0u8..3), 1..6),
    ) {
        let mut chars: Vec<char> = EXAMPLE.chars().collect();
        for (pos, c, op) in edits {
            let pos = pos % (chars.len() + 1);
            match op {
                0 if pos < chars.len() => chars[pos] = c,
                1 if pos < chars.len() => { chars.remove(pos); }
                _ => chars.insert(pos, c),
            }
        }
        let text: String = chars.into_iter().collect();
        match Plan::parse(&text) {
            Ok(plan) => prop_assert_eq!(Plan::parse(&plan.to_text()), Ok(plan)),
            Err(errors) => {
                prop_assert!(!errors.errors.is_empty());
                prop_assert!(errors.errors.windows(2).all(|w| w[0].line <= w[1].line));
            }
        }
    }
}
