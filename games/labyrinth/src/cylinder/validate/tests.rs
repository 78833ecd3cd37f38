//! Tests of the cylinder's validator: the example is valid, every rule is broken by some plan and
//! reads in both languages, and no plan makes the validator panic.

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;

use super::text::message;
use super::*;
use crate::cylinder::{CylBoard, GhostPath, Ground, Needle, Rim};
use crate::geometry::{Dir, Size};
use bot_core::i18n::{Lang, Localize};

const EXAMPLE: &str = include_str!("../../../tests/fixtures/plans/cylinder.plan");

fn c(name: &str) -> Coord {
    name.parse().unwrap()
}

fn example() -> CylPlan {
    CylPlan::parse(EXAMPLE).unwrap()
}

/// The example with one change of its text.
fn edited(from: &str, to: &str) -> CylPlan {
    assert!(EXAMPLE.contains(from), "{from}");
    CylPlan::parse(&EXAMPLE.replacen(from, to, 1)).unwrap()
}

fn rules(report: &CylReport) -> Vec<(Option<Coord>, CylRule)> {
    let all = report.problems.iter().chain(&report.warnings);
    all.map(|f| (f.cell, f.rule)).collect()
}

#[test]
fn the_example_is_valid_without_warnings() {
    let report = validate(&example(), Some(4));
    assert_eq!(
        report,
        CylReport::default(),
        "{}",
        report.localize(Lang::En)
    );
    assert_eq!(report.localize(Lang::Ru), "План принят.");
}

/// A broken plan, the players it is judged for, and a finding it must give.
type Broken = (CylPlan, Option<u32>, Option<Coord>, CylRule);

/// Plans that break each rule, with a finding each must give.
fn broken_plans() -> Vec<Broken> {
    let mut cases = vec![];
    let mut push = |plan: CylPlan, cell: Option<&str>, rule: CylRule| {
        cases.push((plan, None, cell.map(c), rule));
    };
    push(edited("| M", "| ."), None, CylRule::NoMorgue);
    let first = c("G1");
    push(
        edited(" A ", " M "),
        Some("A3"),
        CylRule::SecondMorgue { first },
    );
    push(
        edited("C5 treasure", "C2 treasure"),
        Some("C2"),
        CylRule::TreasureInRiver,
    );
    let no_exit = EXAMPLE
        .replacen("+---+---+---+   +", "+---+---+---+---+", 1)
        .replacen("+---+---+   +---+", "+---+---+---+---+", 1);
    push(CylPlan::parse(&no_exit).unwrap(), None, CylRule::NoExit);
    // Both exits in swamps walled in: nobody gets there.
    let shut_out = EXAMPLE
        .replacen("| .   *e  v   .   P |", "| .   *e  v | S | P |", 1)
        .replacen(
            "| .   .   .   *e  . | .   .   . |",
            "| .   .   .   *e  . | . | S | . |",
            1,
        )
        .replacen(
            "\n+   +---+   +   +   +   +   +   +\n| .   .   .",
            "\n+   +---+   +   +   +   +---+   +\n| .   .   .",
            1,
        );
    let goal = Goal::Exit;
    push(
        CylPlan::parse(&shut_out).unwrap(),
        None,
        CylRule::CutOffEverywhere { goal },
    );
    // Seed 004: "Течет из клетки на соседнюю, в которой может быть либо тоже река, либо болото".
    let dir = Dir::Up;
    push(
        edited("*e  v", "*e  ^"),
        Some("C1"),
        CylRule::RiverOffBoard { dir },
    );
    let dir = Dir::Down;
    push(
        edited("*e  . |", "*e  v |"),
        Some("E8"),
        CylRule::RiverOffBoard { dir },
    );
    let walled = "+   +   +---+   +   +   +---+   +";
    let to = c("C4");
    push(
        edited("+   +   +   +   +   +   +---+   +", walled),
        Some("C3"),
        CylRule::RiverThroughWall { to },
    );
    let (to, into) = (c("E5"), Ground::Land);
    push(
        edited(" S   .   S", " .   .   S"),
        Some("E4"),
        CylRule::RiverIntoNonSwamp { to, into },
    );
    push(edited("E1 F7", "E1 E1"), Some("E1"), CylRule::PitToItself);
    let (to, into) = (c("F6"), Ground::Land);
    push(
        edited("E1 F7", "E1 F6"),
        Some("E1"),
        CylRule::PitIntoNonPit { to, into },
    );
    push(edited("E1 F7", "E1 F6"), Some("F7"), CylRule::PitNotEntered);
    let three =
        EXAMPLE
            .replacen("| .   .   K", "| P   .   K", 1)
            .replacen("F7 E1", "F7 E1\n  A7 E1", 1);
    let count = 2;
    push(
        CylPlan::parse(&three).unwrap(),
        Some("E1"),
        CylRule::PitEnteredSeveral { count },
    );
    let creature = Creature::Bear;
    push(
        edited("start F3", "start C2"),
        Some("C2"),
        CylRule::StartsInRiver { creature },
    );
    let creature = Creature::Ghost;
    push(
        edited("start A1", "start C1"),
        Some("C1"),
        CylRule::StartsInRiver { creature },
    );
    push(
        edited("  path east east south west west north\n", ""),
        Some("A1"),
        CylRule::GhostWithoutPath,
    );
    let (step, dir) = (1, Dir::Up);
    push(
        edited("path east", "path north east"),
        Some("A1"),
        CylRule::GhostLeaves { step, dir },
    );
    // Round and round, "south east" drifts him south off the board.
    let (step, dir) = (1, Dir::Down);
    let drift = edited("east east south west west north", "south east");
    push(drift, Some("H8"), CylRule::GhostLeaves { step, dir });
    // H8 walled in on every side: from there neither the treasure nor an exit.
    let boxed = EXAMPLE.replacen(
        "+   +---+   +   +   +   +   +   +\n| .   .   .   *e  . | .   .   .",
        "+   +---+   +   +   +   +   +---+\n| .   .   .   *e  . | .   . | .",
        1,
    );
    let boxed = CylPlan::parse(&boxed).unwrap();
    let goal = Goal::Treasure;
    push(boxed.clone(), Some("H8"), CylRule::CutOff { goal });
    let goal = Goal::Exit;
    push(boxed, Some("H8"), CylRule::CutOff { goal });
    // C5 walled in: the treasure cannot be reached, nor left.
    let shut = EXAMPLE.replacen(
        "+   +---+   +   +   +   +   +   +\n  .   *w  .   .",
        "+   +---+---+   +   +   +   +   +\n  .   *w| . | .",
        1,
    );
    let shut = CylPlan::parse(&shut).unwrap();
    let goal = Goal::Treasure;
    push(shut.clone(), Some("C5"), CylRule::CutOffEverywhere { goal });
    push(shut, Some("C5"), CylRule::NoWayOut);
    let mut plain = example();
    for at in plain.board.size().cells() {
        if matches!(
            plain.board.ground(at),
            Ground::Spinner(_) | Ground::River(_)
        ) {
            plain.board.set_ground(at, Ground::Land);
        }
    }
    plain.crocodiles.clear();
    push(plain.clone(), None, CylRule::NoSpinner);
    push(plain.clone(), None, CylRule::NoCrocodile);
    push(plain, None, CylRule::NoRiver);
    cases.extend(built_plans());
    cases
}

/// Plans only code can make: things off the board, crocodiles off land, circles of rivers.
fn built_plans() -> Vec<Broken> {
    let far = Coord::new(20, 20);
    let mut cases = vec![];
    let mut off = |thing: Thing, edit: fn(&mut CylPlan, Coord)| {
        let mut plan = example();
        edit(&mut plan, far);
        cases.push((plan, None, None, CylRule::OffBoard { thing, at: far }));
    };
    off(Thing::Treasure, |p, at| p.treasure = at);
    off(Thing::Crocodile, |p, at| p.crocodiles.push(at));
    off(Thing::Bear, |p, at| p.bear = Some(at));
    off(Thing::Ghost, |p, at| {
        p.ghost = Some(GhostPath {
            start: at,
            steps: vec![Dir::Up],
        })
    });
    let mut plan = example();
    plan.board.set_ground(c("E1"), Ground::Pit { to: far });
    let pit = CylRule::OffBoard {
        thing: Thing::PitTarget,
        at: far,
    };
    cases.push((plan, None, Some(c("E1")), pit));
    let mut plan = example();
    plan.crocodiles.push(c("G1"));
    let on = Ground::Arsenal;
    cases.push((plan, None, Some(c("G1")), CylRule::CrocodileOffLand { on }));
    // A whole row of rivers flowing east runs round the cylinder through the seam.
    let mut plan = example();
    for col in 0..8 {
        plan.board
            .set_ground(Coord::new(col, 7), Ground::River(Dir::Right));
    }
    let cells = 8;
    cases.push((plan, None, Some(c("A8")), CylRule::CircularRiver { cells }));
    let (count, needed) = (44, 100);
    let few = CylRule::FewStarts { count, needed };
    cases.push((example(), Some(100), None, few));
    cases
}

#[test]
fn every_broken_plan_is_refused_with_its_finding() {
    for (plan, players, cell, rule) in broken_plans() {
        let report = validate(&plan, players);
        let text = report.localize(Lang::En);
        assert!(rules(&report).contains(&(cell, rule)), "{rule:?}\n{text}");
        assert_eq!(report.is_valid(), rule.is_warning(), "{text}");
    }
}

#[test]
fn every_finding_renders_all_its_arguments_in_both_languages() {
    for (plan, players, _, _) in broken_plans() {
        let report = validate(&plan, players);
        for lang in Lang::ALL {
            let text = report.localize(lang);
            for broken in ["[cylinder-", "{$", "{ $"] {
                assert!(!text.contains(broken), "{lang}: {text}");
            }
        }
    }
}

#[test]
fn every_check_message_is_used() {
    let mut used = vec![
        "cylinder-check-at",
        "cylinder-check-valid",
        "cylinder-check-refused",
        "cylinder-check-problems",
        "cylinder-check-warnings",
    ];
    for (_, _, _, rule) in broken_plans() {
        used.push(message(rule).0);
    }
    let ftl = include_str!("../../../locales/en/cylinder.ftl");
    for line in ftl.lines().filter(|l| l.starts_with("cylinder-check-")) {
        let id = line.split(' ').next().unwrap_or_default();
        assert!(used.contains(&id), "{id} is never shown");
    }
}

#[test]
fn the_seam_joins_the_rows_for_reachability() {
    // A2 is walled in but for its west side, which is the seam: its way out is C2.
    let open = "cylinder 3x3
+---+---+---+
| M | .   . |
+---+   +   +
  . | .   S
+---+   +   +
| S | .   . |
+---+---+   +
items:
  B1 treasure
";
    let report = validate(&CylPlan::parse(open).unwrap(), Some(5));
    assert!(report.is_valid(), "{}", report.localize(Lang::En));
    let shut = open.replace("  . | .   S", "| . | .   S |");
    let report = validate(&CylPlan::parse(&shut).unwrap(), None);
    let cut: Vec<_> = rules(&report)
        .into_iter()
        .filter(|(_, r)| matches!(r, CylRule::CutOff { .. }))
        .collect();
    let (treasure, exit) = (Goal::Treasure, Goal::Exit);
    assert_eq!(
        cut,
        vec![
            (Some(c("A2")), CylRule::CutOff { goal: treasure }),
            (Some(c("A2")), CylRule::CutOff { goal: exit }),
        ]
    );
    assert_eq!(
        report.problems[0].localize(Lang::Ru),
        "A2: с этой начальной клетки не дойти до клада"
    );
}

#[test]
fn a_river_carries_three_cells_or_to_its_swamp() {
    // Seed 004: "смещается на 3 клетки по течению (или до болота … если оно оказалось ближе)". In
    // the example, stepping into C1 carries one to C4; the only way into the south-east is the
    // river from C4 on, and the treasure in the swamp at E5 is reached through it.
    let plan = edited("C5 treasure", "E5 treasure");
    assert!(validate(&plan, None).is_valid());
    // Walls around E5 but for the river's mouth from E4: reached only through the river, and a
    // trap, since the only way out is back into the river, which brings one back.
    let walled = EXAMPLE
        .replacen("  .   *w  .   .   S   .", "  .   *w  .   . | S | .", 1)
        .replacen(
            "\n+   +   +---+   +   +   +   +   +\n",
            "\n+   +   +---+   +---+   +   +   +\n",
            1,
        )
        .replacen("C5 treasure", "E5 treasure", 1);
    let report = validate(&CylPlan::parse(&walled).unwrap(), None);
    assert_eq!(
        rules(&report),
        vec![(Some(c("E5")), CylRule::NoWayOut)],
        "{}",
        report.localize(Lang::En)
    );
}

fn arb_coord() -> impl Strategy<Value = Coord> {
    (0u8..12, 0u8..12).prop_map(|(col, row)| Coord::new(col, row))
}

fn arb_ground() -> impl Strategy<Value = Ground> {
    prop_oneof![
        Just(Ground::Land),
        Just(Ground::Swamp),
        Just(Ground::Arsenal),
        Just(Ground::Morgue),
        select(Needle::ALL.to_vec()).prop_map(Ground::Spinner),
        select(Dir::SPATIAL.to_vec()).prop_map(Ground::River),
        arb_coord().prop_map(|to| Ground::Pit { to }),
    ]
}

/// Any plan code could build, things off the board included.
fn arb_plan() -> impl Strategy<Value = CylPlan> {
    (1u8..=9, 1u8..=9).prop_flat_map(|(w, h)| {
        let area = usize::from(w) * usize::from(h);
        let ghost = (arb_coord(), vec(select(Dir::SPATIAL.to_vec()), 0..6))
            .prop_map(|(start, steps)| GhostPath { start, steps });
        (
            vec((arb_ground(), any::<bool>(), any::<bool>()), area),
            vec(any::<bool>(), usize::from(w)),
            arb_coord(),
            vec(arb_coord(), 0..4),
            option::of(arb_coord()),
            option::of(ghost),
        )
            .prop_map(move |(cells, rims, treasure, crocodiles, bear, ghost)| {
                let mut board = CylBoard::new(Size::new(w, h).unwrap());
                for (i, (ground, east, below)) in cells.into_iter().enumerate() {
                    let at = board.size().coord(i);
                    board.set_ground(at, ground);
                    board.set_wall(at, Dir::Right, east);
                    board.set_wall(at, Dir::Down, below);
                }
                for (col, exit) in rims.into_iter().enumerate() {
                    let rim = if exit { Rim::Exit } else { Rim::Wall };
                    board.set_rim(Coord::new(col as u8, 0), Dir::Up, rim);
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

proptest! {
    // No plan, however built, makes the validator panic, and every finding has its words.
    #[test]
    fn any_plan_is_judged_without_panic(plan in arb_plan(), players in option::of(0u32..50)) {
        let report = validate(&plan, players);
        let unfilled = "{$";
        prop_assert!(!report.localize(Lang::En).contains(unfilled));
    }
}
