use super::*;
use crate::labyrinth::board::{Border, Cell, InnerWall, Side};
use crate::labyrinth::geometry::{Coord, Dir};
use crate::labyrinth::ruleset::RiverKind;

/// The plan drawn in the spec's format, for failure messages.
fn draw(plan: &Plan) -> String {
    let b = &plan.board;
    let s = b.size();
    let mut out = String::new();
    let seg = |side: Side, horiz: bool| -> &'static str {
        match (side, horiz) {
            (Side::Inner(InnerWall::Open) | Side::Border(Border::Exit), true) => "   ",
            (Side::Inner(InnerWall::Wall) | Side::Border(Border::Wall), true) => "---",
            (Side::Inner(InnerWall::Solid), true) => "###",
            (Side::Border(Border::ClosedExit), true) => "~~~",
            (Side::Inner(InnerWall::Open) | Side::Border(Border::Exit), false) => " ",
            (Side::Inner(InnerWall::Wall) | Side::Border(Border::Wall), false) => "|",
            (Side::Inner(InnerWall::Solid), false) => "#",
            (Side::Border(Border::ClosedExit), false) => "~",
        }
    };
    for row in 0..s.height {
        out.push('+');
        for col in 0..s.width {
            out.push_str(seg(b.side(Coord::new(col, row), Dir::Up), true));
            out.push('+');
        }
        out.push('\n');
        out.push_str(seg(b.side(Coord::new(0, row), Dir::Left), false));
        for col in 0..s.width {
            let c = Coord::new(col, row);
            let glyph = match b.cell(c) {
                Cell::Land => ".".to_string(),
                Cell::Hospital => "M".into(),
                Cell::Arsenal => "A".into(),
                Cell::Pit(id) => id.to_string(),
                Cell::River(Dir::Up) => "^".into(),
                Cell::River(Dir::Down) => "v".into(),
                Cell::River(Dir::Left) => "<".into(),
                Cell::River(Dir::Right) => ">".into(),
                Cell::Mouth => "U".into(),
                Cell::Encephalitis => "E".into(),
            };
            out.push_str(&format!("{glyph:^3}"));
            out.push_str(seg(b.side(c, Dir::Right), false));
        }
        out.push('\n');
    }
    out.push('+');
    for col in 0..s.width {
        out.push_str(seg(b.side(Coord::new(col, s.height - 1), Dir::Down), true));
        out.push('+');
    }
    out.push_str("\nitems:\n");
    for i in &plan.items {
        out.push_str(&format!("  {} {}\n", i.at, i.item.keyword()));
    }
    out
}

/// The three river kinds of Kodex Б §4.6 and §7.4.
const RIVERS: [RiverKind; 3] = [RiverKind::Deep, RiverKind::Shallow, RiverKind::Torrential];

/// A preset with the given river kind: case `k` alternates presets and river kinds.
fn rules_for(k: u64) -> Ruleset {
    let base = if k % 2 == 0 {
        Ruleset::classic()
    } else {
        Ruleset::quantum()
    };
    Ruleset {
        rivers: RIVERS[(k / 2 % 3) as usize],
        ..base
    }
}

fn size(w: u8, h: u8) -> Size {
    Size::new(w, h).unwrap()
}

/// Generates and checks one case: no problems ever; no warnings when `clean`.
fn assert_valid(size: Size, players: u32, rules: &Ruleset, seed: u64, clean: bool) -> Plan {
    let plan =
        generate(size, players, rules, seed).unwrap_or_else(|e| panic!("{size} seed {seed}: {e}"));
    let v = check::check(&plan, rules, players);
    let context = || {
        format!(
            "{size} {players} players, {:?} rivers, {:?} code, seed {seed}",
            rules.rivers, rules.code
        )
    };
    assert!(
        v.problems.is_empty(),
        "{}: {:?}\n{}",
        context(),
        v.problems,
        draw(&plan)
    );
    if clean {
        assert!(
            v.warnings.is_empty(),
            "{}: {:?}\n{}",
            context(),
            v.warnings,
            draw(&plan)
        );
    }
    plan
}

/// Case `k` of a sweep: a board between `lo` and `hi` on each side, 2 to 6 players.
fn sweep(cases: u64, lo: u8, hi: u8, salt: u64) {
    let span = u64::from(hi - lo + 1);
    for k in 0..cases {
        let w = lo + (k % span) as u8;
        let h = lo + (k / span % span) as u8;
        let players = 2 + (k % 5) as u32;
        let seed = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt;
        assert_valid(size(w, h), players, &rules_for(k / 7), seed, true);
    }
}

#[test]
fn mid_boards_are_valid_and_follow_the_recommendations() {
    // Kodex Б §8.1–8.6 mandatory, §8 а–е recommended: 3000 boards from 4x4 to 12x12.
    sweep(1500, 4, 12, 1);
}

#[test]
fn more_mid_boards_are_valid_and_follow_the_recommendations() {
    // Same as above on other seeds; split so the two halves run in parallel.
    sweep(1500, 4, 12, 2);
}

#[test]
fn big_boards_are_valid_and_follow_the_recommendations() {
    // Kodex Б §8 on 20x20 (a few hundred) and 26x26, the largest board.
    for k in 0..240 {
        assert_valid(size(20, 20), 2 + (k % 5) as u32, &rules_for(k), k, true);
    }
    for k in 0..6 {
        assert_valid(size(26, 26), 2 + (k % 5) as u32, &rules_for(k), k, true);
    }
}

#[test]
fn small_boards_are_valid_and_clean_from_the_clean_area() {
    // Kodex Б §7: the usual 4x4, 3x6, 4x5, 4x6, 5x5 and everything down to 3x3.
    for w in 3..=6u8 {
        for h in 3..=6u8 {
            let s = size(w, h);
            for k in 0..30u64 {
                let players = 1 + (k % 8) as u32;
                let clean = s.area() >= CLEAN_AREA && (2..=6).contains(&players);
                assert_valid(s, players, &rules_for(k), k * 31 + u64::from(w), clean);
            }
        }
    }
}

#[test]
fn same_inputs_give_the_same_plan_and_seeds_differ() {
    let rules = Ruleset::classic();
    let a = generate(size(8, 7), 3, &rules, 42).unwrap();
    assert_eq!(a, generate(size(8, 7), 3, &rules, 42).unwrap());
    let others: std::collections::HashSet<Plan> = (0..20)
        .map(|seed| generate(size(8, 7), 3, &rules, seed).unwrap())
        .collect();
    assert_eq!(
        others.len(),
        20,
        "20 seeds gave only {} plans",
        others.len()
    );
}

fn rules_with(base: Ruleset, rivers: RiverKind) -> Ruleset {
    Ruleset { rivers, ..base }
}

#[test]
#[ignore]
fn explore() {
    let mut warn = std::collections::BTreeMap::new();
    for w in 3..=8u8 {
        for h in 3..=8u8 {
            let size = Size::new(w, h).unwrap();
            for seed in 0..40 {
                for (k, rivers) in [RiverKind::Deep, RiverKind::Shallow, RiverKind::Torrential]
                    .into_iter()
                    .enumerate()
                {
                    let base = if seed % 2 == 0 {
                        Ruleset::classic()
                    } else {
                        Ruleset::quantum()
                    };
                    let rules = rules_with(base, rivers);
                    let players = 2 + (seed as u32 + k as u32) % 5;
                    let plan = generate(size, players, &rules, seed).unwrap();
                    let v = check::check(&plan, &rules, players);
                    assert!(
                        v.problems.is_empty(),
                        "{size} {seed}: {:?}\n{}",
                        v.problems,
                        draw(&plan)
                    );
                    for x in v.warnings {
                        let key = x.split_once(": ").map_or(x.clone(), |p| p.1.to_string());
                        *warn.entry((size.area().min(20), key)).or_insert(0) += 1;
                    }
                }
            }
        }
    }
    for (k, n) in warn {
        println!("{k:?}: {n}");
    }
    for (w, h) in [(4, 4), (6, 5), (10, 8), (20, 20)] {
        let t = std::time::Instant::now();
        let plan = generate(Size::new(w, h).unwrap(), 4, &Ruleset::classic(), 7).unwrap();
        let el = t.elapsed();
        let walls = plan
            .board
            .inner_sides()
            .filter(|s| s.2 != InnerWall::Open)
            .count();
        let sides = plan.board.inner_sides().count();
        println!(
            "{}{el:?} walls {walls}/{sides} {:?}",
            draw(&plan),
            plan.settings
        );
    }
}
