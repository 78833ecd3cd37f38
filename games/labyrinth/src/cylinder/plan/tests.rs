//! Tests of the cylinder's plan format: the example reads and writes back byte for byte, every kind
//! of problem comes from some broken text and reads in both languages, and no text makes the reader
//! panic.

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;

use super::errors::CylSection;
use super::*;
use crate::cylinder::{Across, CylBoard, GhostPath, Ground, Needle, Rim};
use crate::geometry::{Coord, Dir};
use bot_core::i18n::{Lang, Localize};

const EXAMPLE: &str = include_str!("../../../tests/fixtures/plans/cylinder.plan");

fn c(name: &str) -> Coord {
    name.parse().unwrap()
}

#[test]
fn the_example_reads_and_writes_back_byte_for_byte() {
    let plan = CylPlan::parse(EXAMPLE).unwrap();
    assert_eq!(plan.to_text(), EXAMPLE);
    let b = &plan.board;
    assert_eq!(b.size(), DEFAULT_CYL_SIZE);
    // Seed 004: "квадрат 8х8 со склеенными западной и восточной сторонами" — row 1's seam is a
    // wall, row 2's is open, and the river at A6 flows west across it into the swamp at H6.
    let seam = |row: &str| b.across(c(row), Dir::Left);
    assert_eq!(
        seam("A1"),
        Across::Cell {
            to: c("H1"),
            wall: true
        }
    );
    assert_eq!(
        seam("A2"),
        Across::Cell {
            to: c("H2"),
            wall: false
        }
    );
    assert_eq!(b.ground(c("A6")), Ground::River(Dir::Left));
    assert_eq!(b.ground(c("H6")), Ground::Swamp);
    assert_eq!(b.ground(c("B1")), Ground::Spinner(Needle::East));
    assert_eq!(b.ground(c("E1")), Ground::Pit { to: c("F7") });
    assert_eq!(b.ground(c("E2")), Ground::Land);
    assert_eq!(plan.crocodiles, vec![c("E2"), c("C7")]);
    assert_eq!(plan.treasure, c("C5"));
    assert_eq!(plan.bear, Some(c("F3")));
    let exits: Vec<(Coord, Dir)> = b.exits().collect();
    assert_eq!(exits, vec![(c("D1"), Dir::Up), (c("G8"), Dir::Down)]);
    let ghost = plan.ghost.unwrap();
    assert_eq!(ghost.start, c("A1"));
    assert_eq!(ghost.steps.len(), 6);
}

#[test]
fn a_chat_paste_reads_the_same() {
    let plan = CylPlan::parse(EXAMPLE).unwrap();
    let pasted = format!("```text\n{}```\n", EXAMPLE.replace("cylinder", "Cylinder"));
    assert_eq!(
        CylPlan::parse(&pasted.replace('\n', "\r\n")),
        Ok(plan.clone())
    );
    let spelled = EXAMPLE.replace("cylinder 8x8", "cylinder").replace(
        "east east south west west north",
        "right EAST down left west up",
    );
    assert_eq!(CylPlan::parse(&spelled), Ok(plan));
}

/// A broken text, and what one of its problems must be.
type Broken = (String, fn(&CylSyntaxKind) -> bool);

/// Each kind of problem, with a text that makes it: the example with one change.
fn broken_texts() -> Vec<Broken> {
    use CylSyntaxKind as K;
    let ex = |from: &str, to: &str| {
        assert!(EXAMPLE.contains(from), "{from}");
        EXAMPLE.replacen(from, to, 1)
    };
    let drawing_end = "+---+---+---+---+---+---+   +---+\n";
    let mut cases: Vec<Broken> = vec![
        (String::new(), |k| matches!(k, K::Empty)),
        ("x".repeat(MAX_CYL_PLAN_BYTES + 1), |k| {
            matches!(k, K::TooLong { .. })
        }),
        ("cylinder 8x8\n\u{1}".into(), |k| {
            matches!(k, K::ControlCharacter { .. })
        }),
        (ex("cylinder", "labyrinth"), |k| matches!(k, K::NoHeader)),
        (ex("8x8", "2x8"), |k| matches!(k, K::BadSize { .. })),
        (ex("8x8", "8x8x2"), |k| matches!(k, K::BadSize { .. })),
        (ex("8x8", "8x9"), |k| matches!(k, K::MissingLines { .. })),
        (ex(drawing_end, &format!("{drawing_end}+\n")), |k| {
            matches!(k, K::ExtraLine { .. })
        }),
        (ex("   . |\n", "   . | x\n"), |k| {
            matches!(k, K::LineTooLong { .. })
        }),
        (ex("| M", "\n| M"), |k| matches!(k, K::BlankLine)),
        (ex("| M", "|\tM"), |k| matches!(k, K::Tab)),
        (ex("+---+---+---+   +", "+—--+---+---+   +"), |k| {
            matches!(k, K::LongDash { .. })
        }),
        (
            ex(
                "| M   . | v   .   .   .   .   . |",
                "+---+---+---+---+---+---+---+---+",
            ),
            |k| matches!(k, K::NotACellLine),
        ),
        (ex("+---+   +   +   +   +---+", "  x   x   x"), |k| {
            matches!(k, K::NotAWallLine)
        }),
        (ex("+---+---+---+   +", "+---x---+---+   +"), |k| {
            matches!(k, K::BadCorner { .. })
        }),
        (ex("| M", "| é"), |k| matches!(k, K::NonAscii { .. })),
        (ex("| M", "| М"), |k| matches!(k, K::Cyrillic { .. })),
        (ex("+   +   +   +---+", "+   +   +   +###+"), |k| {
            matches!(k, K::SolidWall { .. })
        }),
        (ex("| M   . |", "| M   . #"), |k| {
            matches!(k, K::SolidWall { .. })
        }),
        (ex("+---+---+---+   +", "+---+---+---+~~~+"), |k| {
            matches!(k, K::ClosedExit { .. })
        }),
        (ex("| M", "~ M"), |k| matches!(k, K::ClosedExit { .. })),
        (ex("+   +   +   +---+", "+   +   +   +-=-+"), |k| {
            matches!(k, K::BadWall { .. })
        }),
        (ex("P | .", "P / ."), |k| matches!(k, K::BadSide { .. })),
        (ex("| M", "/ M"), |k| matches!(k, K::BadSide { .. })),
        (ex("+---+---+---+   +", "+-x-+---+---+   +"), |k| {
            matches!(k, K::BadRim { dir: Dir::Up, .. })
        }),
        (
            ex(drawing_end, "+---+---+---+---+---+---+ x +---+\n"),
            |k| matches!(k, K::BadRim { dir: Dir::Down, .. }),
        ),
        (ex("   A   . |", "   A   ."), |k| {
            matches!(
                k,
                K::SeamMismatch {
                    west_wall: true,
                    ..
                }
            )
        }),
        (ex("| .   *e", "  .   *e"), |k| {
            matches!(
                k,
                K::SeamMismatch {
                    west_wall: false,
                    ..
                }
            )
        }),
        (ex(" A ", "   "), |k| matches!(k, K::EmptyCell)),
        (ex(" A ", " Z "), |k| matches!(k, K::BadGlyph { .. })),
        (ex(" A ", " a "), |k| matches!(k, K::LowercaseGlyph { .. })),
        (ex("*e", "*n"), |k| matches!(k, K::BadSpinner { .. })),
        (format!("{EXAMPLE}monsters:\n"), |k| {
            matches!(k, K::UnknownSection { .. })
        }),
        (format!("{EXAMPLE}items:\n"), |k| {
            matches!(k, K::RepeatedSection { .. })
        }),
        (ex("items:\n  C5", "items: C5\n  C5"), |k| {
            matches!(k, K::LabelWithText { .. })
        }),
        (ex("C5 treasure", "Q0 treasure"), |k| {
            matches!(k, K::BadCell { .. })
        }),
        (ex("C5 treasure", "С5 treasure"), |k| {
            matches!(k, K::Cyrillic { .. })
        }),
        (ex("C5 treasure", "C9 treasure"), |k| {
            matches!(k, K::OffBoard { .. })
        }),
        (ex("C5 treasure", "C5"), |k| matches!(k, K::MissingItem)),
        (ex("C5 treasure", "C5 gold"), |k| {
            matches!(k, K::UnknownItem { .. })
        }),
        (ex("C5 treasure", "C5 treasure 2"), |k| {
            matches!(k, K::ExtraWords { .. })
        }),
        (ex("C5 treasure", "C5 treasure\n  D5 treasure"), |k| {
            matches!(k, K::SecondTreasure { .. })
        }),
        (ex("items:\n  C5 treasure\n", ""), |k| {
            matches!(k, K::NoTreasure)
        }),
        (ex("items:\n  C5 treasure\n", "items:\n"), |k| {
            matches!(k, K::NoTreasure)
        }),
        (ex("E1 F7", "E1"), |k| matches!(k, K::MissingTarget)),
        (ex("E1 F7", "E1 F7\n  A2 E1"), |k| matches!(k, K::NotAPit)),
        (ex("F7 E1", "E1 E1"), |k| {
            matches!(k, K::RepeatedPitLine { .. })
        }),
        (ex("  F7 E1\n", ""), |k| matches!(k, K::PitWithoutLine)),
        (ex("start F3", "den F3"), |k| {
            matches!(
                k,
                K::BadCreatureLine {
                    section: CylSection::Bear
                }
            )
        }),
        (ex("path east", "walk east"), |k| {
            matches!(
                k,
                K::BadCreatureLine {
                    section: CylSection::Ghost
                }
            )
        }),
        (ex("  start F3\n", ""), |k| {
            matches!(
                k,
                K::MissingStart {
                    section: CylSection::Bear
                }
            )
        }),
        (ex("  start A1\n", ""), |k| {
            matches!(
                k,
                K::MissingStart {
                    section: CylSection::Ghost
                }
            )
        }),
        (ex("start F3", "start F3\n  start F4"), |k| {
            matches!(
                k,
                K::RepeatedStart {
                    section: CylSection::Bear
                }
            )
        }),
        (ex("start A1", "start A1\n  start A2"), |k| {
            matches!(
                k,
                K::RepeatedStart {
                    section: CylSection::Ghost
                }
            )
        }),
        (ex("west north", "west nord"), |k| {
            matches!(k, K::BadDir { .. })
        }),
    ];
    cases.push((ex("start F3", "start F3 now"), |k| {
        matches!(k, K::ExtraWords { .. })
    }));
    cases
}

#[test]
fn every_broken_text_is_refused_with_its_problem() {
    for (text, expected) in broken_texts() {
        let errors = CylPlan::parse(&text).expect_err(&text);
        assert!(errors.kinds().into_iter().any(expected), "{text}\n{errors}");
    }
}

#[test]
fn problems_name_their_line_and_cell() {
    // The seam of row 1 (line 3) is drawn as a wall at the west end only.
    let text = EXAMPLE.replacen("   A   . |", "   A   .", 1);
    let errors = CylPlan::parse(&text).unwrap_err();
    assert_eq!(errors.errors.len(), 1, "{errors}");
    let e = &errors.errors[0];
    assert_eq!((e.line, e.cell), (3, Some(c("A1"))));
    assert_eq!(
        e.localize(Lang::En),
        "line 3: the line begins with | but ends with a space; both ends draw the same seam \
         between H1 and A1, so write | at both (a wall) or a space at both (no wall)"
    );
    // Several problems at once, in line order.
    let text = EXAMPLE
        .replacen(" A ", " Z ", 1)
        .replacen("E1 F7", "E1 F9", 1);
    let lines: Vec<usize> = CylPlan::parse(&text)
        .unwrap_err()
        .errors
        .iter()
        .map(|e| e.line)
        .collect();
    assert_eq!(lines, vec![3, 22]);
}

#[test]
fn every_problem_renders_all_its_arguments_in_both_languages() {
    for (text, _) in broken_texts() {
        for e in CylPlan::parse(&text).unwrap_err().errors {
            for lang in Lang::ALL {
                let words = e.localize(lang);
                // Fluent shows a missing message as [id] and a missing argument as {$name}.
                assert!(
                    !words.contains("[cylinder-") && !words.contains("{$"),
                    "{lang}: {words}"
                );
            }
        }
    }
}

#[test]
fn every_plan_message_is_used() {
    let mut used: Vec<&str> = vec!["cylinder-plan-at-line", "cylinder-plan-at-cell"];
    for (text, _) in broken_texts() {
        let errors = CylPlan::parse(&text).unwrap_err();
        used.extend(errors.errors.iter().map(|e| e.kind.message_id()));
    }
    let ftl = include_str!("../../../locales/en/cylinder.ftl");
    for line in ftl.lines().filter(|l| l.starts_with("cylinder-plan-")) {
        let id = line.split(' ').next().unwrap_or_default();
        assert!(used.contains(&id), "{id} is never shown");
    }
}

fn arb_ground(w: u8, h: u8) -> impl Strategy<Value = Ground> {
    prop_oneof![
        3 => Just(Ground::Land),
        1 => Just(Ground::Swamp),
        1 => Just(Ground::Arsenal),
        1 => Just(Ground::Morgue),
        1 => select(Needle::ALL.to_vec()).prop_map(Ground::Spinner),
        1 => select(Dir::ALL.to_vec()).prop_map(Ground::River),
        1 => (0..w, 0..h).prop_map(|(col, row)| Ground::Pit { to: Coord::new(col, row) }),
    ]
}

fn arb_cell(w: u8, h: u8) -> impl Strategy<Value = Coord> {
    (0..w, 0..h).prop_map(|(col, row)| Coord::new(col, row))
}

/// Any plan the reader could make: crocodiles on land in reading order, everything on the board.
fn arb_plan() -> impl Strategy<Value = CylPlan> {
    (MIN_CYL_SIDE..=8, MIN_CYL_SIDE..=8).prop_flat_map(|(w, h)| {
        let area = usize::from(w) * usize::from(h);
        let ghost = (arb_cell(w, h), vec(select(Dir::ALL.to_vec()), 0..8))
            .prop_map(|(start, steps)| GhostPath { start, steps });
        (
            vec(
                (
                    arb_ground(w, h),
                    any::<bool>(),
                    any::<bool>(),
                    any::<bool>(),
                ),
                area,
            ),
            vec(any::<bool>(), 2 * usize::from(w)),
            arb_cell(w, h),
            option::of(arb_cell(w, h)),
            option::of(ghost),
        )
            .prop_map(move |(cells, rims, treasure, bear, ghost)| {
                let mut board = CylBoard::new(Size::new(w, h).unwrap());
                let mut crocodiles = vec![];
                for (i, (ground, croc, east, below)) in cells.into_iter().enumerate() {
                    let at = board.size().coord(i);
                    board.set_ground(at, ground);
                    board.set_wall(at, Dir::Right, east);
                    if at.row + 1 < h {
                        board.set_wall(at, Dir::Down, below);
                    }
                    if croc && ground == Ground::Land {
                        crocodiles.push(at);
                    }
                }
                for (col, exit) in rims.into_iter().enumerate() {
                    let (col, rim) = (col as u8, if exit { Rim::Exit } else { Rim::Wall });
                    board.set_rim(Coord::new(col % w, 0), Dir::Up, rim);
                    board.set_rim(Coord::new(col % w, h - 1), Dir::Down, rim);
                }
                CylPlan {
                    board,
                    treasure,
                    crocodiles,
                    bear,
                    ghost,
                }
            })
    })
}

/// Characters a mangled plan may hold: the format's own, look-alikes and troublemakers.
fn arb_char() -> impl Strategy<Value = char> {
    select(
        " +-|#~.*eswSPAMK<>^v:C5\t\r\n`М—\u{a0}\u{0}é"
            .chars()
            .collect::<Vec<_>>(),
    )
}

proptest! {
    // The written text is canonical: writing is a fixed point of reading.
    #[test]
    fn every_plan_reads_back_from_its_text(plan in arb_plan()) {
        let text = plan.to_text();
        prop_assert_eq!(CylPlan::parse(&text), Ok(plan), "{}", text);
        prop_assert!(text.lines().all(|l| l == l.trim_end()));
    }

    // Nothing panics on bad input; every refusal names at least one problem.
    #[test]
    fn any_text_is_read_or_refused_without_panic(text in ".{0,400}") {
        if let Err(errors) = CylPlan::parse(&text) {
            prop_assert!(!errors.errors.is_empty());
        }
    }

    #[test]
    fn a_mangled_example_is_read_or_refused_without_panic(
        edits in vec((0usize..EXAMPLE.len(), arb_char(), 0u8..3), 1..6),
    ) {
        let mut chars: Vec<char> = EXAMPLE.chars().collect();
        for (pos, ch, op) in edits {
            let pos = pos % (chars.len() + 1);
            match op {
                0 if pos < chars.len() => chars[pos] = ch,
                1 if pos < chars.len() => { chars.remove(pos); }
                _ => chars.insert(pos, ch),
            }
        }
        let text: String = chars.into_iter().collect();
        match CylPlan::parse(&text) {
            Ok(plan) => prop_assert_eq!(CylPlan::parse(&plan.to_text()), Ok(plan)),
            Err(errors) => {
                prop_assert!(!errors.errors.is_empty());
                prop_assert!(errors.errors.windows(2).all(|w| w[0].line <= w[1].line));
                let unfilled = "{$";
                for e in &errors.errors {
                    prop_assert!(!e.localize(Lang::Ru).contains(unfilled));
                }
            }
        }
    }
}
