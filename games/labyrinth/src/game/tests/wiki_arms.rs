//! The encyclopedia's modifications that add to the arsenal: cement (11) and the boomerang (15).

use super::kit::*;
use crate::board::{InnerWall, Side};
use crate::game::Refusal;
use crate::game::event::{Cannot, Event};
use crate::game::order::{Action, Order};
use crate::game::state::Health;

/// Land, an arsenal, then three cells of land.
const ROW: &str = "
labyrinth 5x1 nstop=30
+---+---+---+---+---+
| .   A   .   .   . |
+---+---+---+---+---+
";

/// An arsenal, a river cell B1 flowing into the mouth C1, and a row of land below.
const RIVER_ROW: &str = "
labyrinth 3x2 nstop=30
+---+---+---+
| A   >   U |
+   +   +   +
| .   .   . |
+---+---+---+
";

/// An arsenal beside a mouth, fed by the river cell below it.
const INFLOW: &str = "
labyrinth 2x2 nstop=30
+---+---+
| A   U |
+   +   +
| .   ^ |
+---+---+
";

#[test]
fn cement_builds_a_wall_where_there_was_none() {
    // Encyclopedia, modification 11: "В арсенале также может храниться цемент. У игрока появится
    // ещё один тип хода: поставить стену в указанном направлении."
    let mut g = game(ROW, wiki(&["cement=yes"]), &["B1", "C1"]);
    assert_eq!(
        g.status(P0).unwrap().cement,
        3,
        "the arsenal gave him cement"
    );
    let evs = go(&mut g, P0, &[Action::Build(Right)]);
    assert_eq!(
        evs[0],
        Event::Built {
            result: None,
            cement: 3
        },
        "the arsenal makes it up at once"
    );
    assert_eq!(g.board.side(c("B1"), Right), Side::Inner(InnerWall::Wall));
    let evs = go(&mut g, P1, &[step(Left)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
}

#[test]
fn cement_against_a_wall_or_across_a_river_is_spent_for_nothing() {
    // Modification 11 read with Б §5.4 and §8.3: the outer wall is the master's, and no wall may
    // stand across a river; the cement is spent, as a grenade against a wall no grenade breaks.
    let rules = wiki(&["cement=yes", "blast_report=yes"]);
    let mut g = game(RIVER_ROW, rules, &["A1", "A2"]);
    go(&mut g, P0, &[step(Down)]);
    go(&mut g, P1, &[Action::Skip]);
    assert_eq!(g.status(P0).unwrap().cement, 3);
    let evs = go(&mut g, P0, &[Action::Build(Left)]);
    assert_eq!(
        evs[0],
        Event::Built {
            result: Some(false),
            cement: 2
        }
    );
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[Action::Skip]);
    // From B2 up is the river's B1, which flows right: no current crosses B1–B2, so a wall stands.
    let evs = go(&mut g, P0, &[Action::Build(Up)]);
    assert_eq!(
        evs[0],
        Event::Built {
            result: Some(true),
            cement: 1
        }
    );
    // A current crossing the side takes no wall: B2 flows up into the mouth B1.
    let mut g = game(
        INFLOW,
        wiki(&["cement=yes", "blast_report=yes"]),
        &["A1", "A2"],
    );
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[Action::Build(Down)]);
    assert_eq!(
        evs[0],
        Event::Built {
            result: Some(false),
            cement: 2
        }
    );
    assert_eq!(g.board.side(c("B1"), Down), Side::Inner(InnerWall::Open));
}

#[test]
fn no_cement_no_wall() {
    // Modification 11: cement comes from the arsenal; without it there is nothing to build with,
    // and without the group's agreement there is no cement at all.
    let mut g = game(ROW, wiki(&["cement=yes"]), &["A1", "C1"]);
    let evs = go(&mut g, P0, &[Action::Build(Right)]);
    assert_eq!(evs[0], Event::Cannot(Cannot::NoCement));
    assert_eq!(g.board.side(c("A1"), Right), Side::Inner(InnerWall::Open));
    let mut g = game(ROW, wiki(&[]), &["B1", "C1"]);
    let before = g.clone();
    assert_eq!(
        g.play(P0, &Order::of([Action::Build(Right)])),
        Err(Refusal::NoCementRule)
    );
    assert_eq!(g, before);
}

#[test]
fn the_boomerang_hits_within_its_range_and_comes_back() {
    // Encyclopedia, modification 15: "Бумеранг летит на определённое ведущим расстояние, но
    // направление его полёта должен указывать игрок."
    let mut g = game(ROW, wiki(&["boomerang=2"]), &["B1", "D1", "E1"]);
    assert!(g.status(P0).unwrap().boomerang, "the arsenal gave him one");
    let evs = go(&mut g, P0, &[Action::Boomerang(Right)]);
    assert_eq!(
        evs[0],
        Event::Boomerang {
            scream: true,
            back: true
        }
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!(g.pl(P2).health, Health::Healthy);
    // Out of range: E1 is three cells away.
    let mut g = game(ROW, wiki(&["boomerang=2"]), &["B1", "E1"]);
    let evs = go(&mut g, P0, &[Action::Boomerang(Right)]);
    assert_eq!(
        evs[0],
        Event::Boomerang {
            scream: false,
            back: true
        }
    );
    assert_eq!(g.pl(P1).health, Health::Healthy);
    assert!(g.status(P0).unwrap().boomerang);
}

#[test]
fn a_boomerang_that_meets_a_wall_breaks() {
    // Modification 15: "Если бумеранг попал в стену, он ломается и не возвращался к игроку."
    let mut g = game(ROW, wiki(&["boomerang=3"]), &["B1", "E1"]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[Action::Boomerang(Left)]);
    assert_eq!(
        evs[0],
        Event::Boomerang {
            scream: false,
            back: false
        }
    );
    assert!(!g.status(P0).unwrap().boomerang);
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[Action::Boomerang(Right)]);
    assert_eq!(evs[0], Event::Cannot(Cannot::NoBoomerang));
}

#[test]
fn a_boomerang_flies_through_a_window() {
    // Modification 16: "Пули и бумеранг пролетают через них, будто там нет стены".
    let text = ROW.replace("| .   A   .   .   . |", "| .   A : .   .   . |");
    let rules = wiki(&["boomerang=2", "windows=yes"]);
    let mut g = game(&text, rules, &["B1", "C1"]);
    let evs = go(&mut g, P0, &[Action::Boomerang(Right)]);
    assert_eq!(
        evs[0],
        Event::Boomerang {
            scream: true,
            back: true
        }
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
}

#[test]
fn boomerangs_need_the_groups_agreement() {
    // Modification 15 is an option; with it, the wounded throw no boomerang ("Раненый игрок не может
    // применять оружие").
    let mut g = game(ROW, wiki(&[]), &["B1", "C1"]);
    assert_eq!(
        g.play(P0, &Order::of([Action::Boomerang(Right)])),
        Err(Refusal::NoBoomerangRule)
    );
    let mut g = game(ROW, wiki(&["boomerang=2"]), &["B1", "B1"]);
    go(&mut g, P0, &[Action::Stab]);
    let evs = go(&mut g, P1, &[Action::Boomerang(Right)]);
    assert_eq!(evs[0], Event::Cannot(Cannot::TooWeak));
}

/// Two arsenals of different kinds, land between.
const KINDS: &str = "
labyrinth 3x1 nstop=30
+---+---+---+
| A   .   A |
+---+---+---+
arsenals:
  A1 bullets
  C1 bombs knives
";

#[test]
fn each_kind_of_arsenal_gives_only_its_own() {
    // Encyclopedia, modification 13: "Может быть несколько типов Арсеналов — с патронами, со
    // взрывчаткой и т. п."
    let mut g = game(KINDS, wiki(&["arsenal_kinds=yes"]), &["A1", "C1"]);
    let s = g.status(P0).unwrap();
    assert_eq!((s.bullets, s.grenades, s.knives), (3, 0, 0));
    let s = g.status(P1).unwrap();
    assert_eq!((s.bullets, s.grenades, s.knives), (0, 3, 3));
    // Walking into the other kind fills up what that one gives.
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(
        evs.contains(&Event::Refilled {
            bullets: 3,
            grenades: 3,
            knives: Some(3)
        }),
        "{evs:?}"
    );
}

#[test]
fn kinds_of_arsenal_need_the_groups_agreement() {
    use crate::validate::{CellKind, Feature, Rule};
    let off = problems(KINDS, &wiki(&["arsenals=2"]));
    assert!(off.contains(&Rule::NotAgreed {
        feature: Feature::ArsenalKinds
    }));
    let on = problems(KINDS, &wiki(&["arsenal_kinds=yes", "arsenals=2"]));
    assert!(
        !on.iter().any(|r| matches!(r, Rule::NotAgreed { .. })),
        "{on:?}"
    );
    // Only arsenals have a kind.
    let land = KINDS.replace("A1 bullets", "B1 bullets");
    let found = problems(&land, &wiki(&["arsenal_kinds=yes", "arsenals=2"]));
    assert!(
        found.contains(&Rule::StockOffArsenal { on: CellKind::Land }),
        "{found:?}"
    );
}
