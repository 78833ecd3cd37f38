//! The encyclopedia's modifications that put new things in the maze (seed 003, "Модификации
//! правил"): swamps (17), windows (16), one-way walls (5) and rubber walls (4).

use super::kit::*;
use crate::board::{InnerWall, Side};
use crate::game::event::{Arrival, Blast, CellSeen, Event, Idle};
use crate::game::order::Action;
use crate::game::state::{Health, Place};
use crate::validate::{Feature, Rule};

/// Land, a swamp, land.
const SWAMP: &str = "
labyrinth 3x1 nstop=30
+---+---+---+
| .   S   . |
+---+---+---+
";

/// Three cells of land, a window between B1 and C1.
const WINDOW: &str = "
labyrinth 3x1 nstop=30
+---+---+---+
| .   . : . |
+---+---+---+
";

/// Two cells of land, a wall between them open only toward the right.
const ONE_WAY: &str = "
labyrinth 3x1 nstop=30
+---+---+---+
| . > .   . |
+---+---+---+
";

/// A rubber room at B2: rubber above, left and right of it, open below.
const RUBBER: &str = "
labyrinth 3x3 nstop=30
+---+---+---+
| .   .   . |
+   +ooo+   +
| . o . o . |
+   +   +   +
| .   .   . |
+---+---+---+
";

fn walked(cell: CellSeen) -> Event {
    Event::Arrived {
        how: Arrival::Walked,
        cell,
    }
}

#[test]
fn a_swamp_costs_the_next_move() {
    // Encyclopedia, modification 17: "Клетка «болото». Попав в неё игрок теряет ход."
    let mut g = game(SWAMP, wiki(&["swamps=yes"]), &["A1", "C1"]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(evs[0], walked(CellSeen::Swamp));
    let evs = go(&mut g, P1, &[Action::Skip]);
    assert!(evs.contains(&Event::SitsOut(P0, Idle::Swamp)), "{evs:?}");
    assert_eq!(g.current(), Some(P1), "his move was lost");
    go(&mut g, P1, &[Action::Skip]);
    // One move only: the next one is his, out of the swamp.
    assert_eq!(g.current(), Some(P0));
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(evs[0], walked(CellSeen::Land));
    assert_eq!(g.current(), Some(P1));
}

#[test]
fn a_swamp_needs_the_groups_agreement() {
    // Modification 17 is an option: a plan with a swamp is refused in a game opened without it.
    let agreed = Rule::NotAgreed {
        feature: Feature::Swamps,
    };
    assert!(problems(SWAMP, &wiki(&[])).contains(&agreed));
    assert!(!problems(SWAMP, &wiki(&["swamps=yes"])).contains(&agreed));
    // Any ruleset may take it.
    assert!(!problems(SWAMP, &classic(&["swamps=yes"])).contains(&agreed));
}

#[test]
fn bullets_fly_through_a_window_and_players_do_not() {
    // Encyclopedia, modification 16: "Пули и бумеранг пролетают через них, будто там нет стены, но
    // игрок пройти не может, ибо для него была информация, что на его пути — стена."
    let mut g = game(WINDOW, classic(&["windows=yes"]), &["A1", "C1", "B1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(g.pl(P2).health, Health::Wounded, "B1 stands in the way");
    let mut g = game(WINDOW, classic(&["windows=yes"]), &["A1", "C1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(g.pl(P1).health, Health::Wounded, "through the window");
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    assert_eq!(g.pl(P0).place, Place::In(c("B1")));
}

#[test]
fn a_grenade_breaks_a_window() {
    // Modification 16 and Б §5.4: a window is a wall, and one grenade breaks an inner wall.
    let mut g = game(WINDOW, classic(&["windows=yes"]), &["B1", "A1"]);
    let evs = go(&mut g, P0, &[Action::Blow(Right), step(Up)]);
    assert!(
        evs.iter().any(|e| matches!(
            e,
            Event::Blown {
                result: None | Some(Blast::Broke),
                ..
            }
        )),
        "{evs:?}"
    );
    assert_eq!(g.board.side(c("B1"), Right), Side::Inner(InnerWall::Open));
}

#[test]
fn a_one_way_wall_lets_one_through_one_way_only() {
    // Encyclopedia, modification 5: "Некоторые стены делаются полупрозрачными. В одну сторону проход
    // есть, в обратную — прохода нет."
    let mut g = game(ONE_WAY, wiki(&["one_way_walls=yes"]), &["A1", "C1"]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(evs[..2], [Event::OneWay, walked(CellSeen::Land)]);
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    assert_eq!(g.pl(P0).place, Place::In(c("B1")));
}

#[test]
fn passing_a_one_way_wall_may_go_untold() {
    // Modification 5: "При этом игроку может не объявляться о том что он проходит полупрозрачную
    // стену."
    let rules = wiki(&["one_way_walls=yes", "one_way_silent=yes"]);
    let mut g = game(ONE_WAY, rules, &["A1", "C1"]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(evs[0], walked(CellSeen::Land));
    assert!(!evs.contains(&Event::OneWay));
}

#[test]
fn a_one_way_wall_stops_bullets_the_other_way() {
    // Modification 5 read for bullets: the wall is a wall against its way, for a bullet as for a
    // player (windows, modification 16, are what bullets pass).
    let mut g = game(ONE_WAY, classic(&["one_way_walls=yes"]), &["B1", "A1"]);
    go(&mut g, P0, &[shoot(Left), step(Up)]);
    assert_eq!(g.pl(P1).health, Health::Healthy);
    let mut g = game(ONE_WAY, classic(&["one_way_walls=yes"]), &["A1", "B1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(g.pl(P1).health, Health::Wounded);
}

#[test]
fn a_rubber_wall_says_went_and_keeps_him_there() {
    // Encyclopedia, modification 4: "Если игрок упирается в резиновую стену ему говорится, что он
    // прошел, хотя он остается на месте. Когда игрок поменяет направление движения, и в новом
    // направлении не будет резиновой стены, то ему сообщается, что до этого была резиновая стена."
    let mut g = game(RUBBER, wiki(&["rubber_walls=yes"]), &["B2", "A1"]);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(evs[0], walked(CellSeen::Land));
    assert_eq!(g.pl(P0).place, Place::In(c("B2")));
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Down)]);
    assert_eq!(
        evs[..2],
        [Event::WasRubber { room: false }, walked(CellSeen::Land)]
    );
    assert_eq!(g.pl(P0).place, Place::In(c("B3")));
    go(&mut g, P1, &[Action::Skip]);
    // Told once: the next move is plain.
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(evs[0], walked(CellSeen::Land));
}

#[test]
fn three_rubber_walls_are_a_rubber_room() {
    // Modification 4: "Если резиновая стена была в трех направлениях, то после выхода из «резиновой
    // комнаты» игроку говорят, что он был в резиновой комнате."
    let mut g = game(RUBBER, wiki(&["rubber_walls=yes"]), &["B2", "A1"]);
    for d in [Up, Left, Right] {
        let evs = go(&mut g, P0, &[step(d)]);
        assert_eq!(evs[0], walked(CellSeen::Land), "{d:?}");
        go(&mut g, P1, &[Action::Skip]);
    }
    let evs = go(&mut g, P0, &[step(Down)]);
    assert_eq!(
        evs[..2],
        [Event::WasRubber { room: true }, walked(CellSeen::Land)]
    );
}

#[test]
fn a_rubber_wall_is_told_when_a_real_wall_stops_him_next() {
    // Modification 4: he "changes direction" and there is no rubber that way — here a plain wall,
    // so he is told of the rubber and of the wall, and stays.
    let mut g = game(RUBBER, wiki(&["rubber_walls=yes"]), &["B1", "A3"]);
    let evs = go(&mut g, P0, &[step(Down)]);
    assert_eq!(evs[0], walked(CellSeen::Land));
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(
        evs[..2],
        [
            Event::WasRubber { room: false },
            Event::Bumped { carried_to: None }
        ]
    );
}

#[test]
fn special_walls_need_the_groups_agreement() {
    // Modifications 4, 5 and 16 are options, each its own.
    let found = |text: &str, opts: &[&str]| -> Vec<Feature> {
        problems(text, &wiki(opts))
            .into_iter()
            .filter_map(|r| match r {
                Rule::NotAgreed { feature } => Some(feature),
                _ => None,
            })
            .collect()
    };
    assert_eq!(found(WINDOW, &[]), [Feature::Windows]);
    assert_eq!(found(ONE_WAY, &[]), [Feature::OneWayWalls]);
    assert_eq!(found(RUBBER, &[]), [Feature::RubberWalls; 3]);
    assert!(found(WINDOW, &["windows=yes"]).is_empty());
    assert!(found(ONE_WAY, &["one_way_walls=yes"]).is_empty());
    assert!(found(RUBBER, &["rubber_walls=yes"]).is_empty());
}

/// Two pit–exit pairs: the pit Y1 at B1 leads to its exit X1 at D2; Y2 at C2 to X2 at A2.
const PAIRS: &str = "
labyrinth 4x2 nstop=30
+---+---+---+---+
| .   Y1  .   . |
+   +   +   +   +
| X2  .   Y2  X1|
+---+---+---+---+
";

#[test]
fn a_pit_of_a_pair_leads_to_its_own_exit() {
    // Encyclopedia, modification 8: "Может быть несколько пар специальных видов Дырок: Яма-Выход.
    // Попав в Яму, игрок появляется в соответствующем ей Выходе."
    let mut g = game(PAIRS, wiki(&["pit_exits=yes"]), &["A1", "B2"]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(
        evs[0],
        Event::Arrived {
            how: Arrival::ThroughPit,
            cell: CellSeen::Outlet
        }
    );
    assert_eq!(g.pl(P0).place, Place::In(c("D2")));
    let evs = go(&mut g, P1, &[step(Right)]);
    assert!(matches!(
        evs[0],
        Event::Arrived {
            how: Arrival::ThroughPit,
            ..
        }
    ));
    assert_eq!(g.pl(P1).place, Place::In(c("A2")));
    // An exit leads nowhere: it is a cell like land, and one walks off it.
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(g.pl(P0).place, Place::In(c("D1")));
}

#[test]
fn a_start_on_a_pit_of_a_pair_falls_through_it() {
    // Modification 8, with the article's master who "делает соответствующее перемещение фишек (если
    // какие-то игроки попали в Дырку …)": he comes out on the exit, and only he is told.
    let g = game(PAIRS, wiki(&["pit_exits=yes"]), &["B1", "A1"]);
    assert_eq!(g.pl(P0).place, Place::In(c("D2")));
}

#[test]
fn every_pit_of_a_pair_needs_its_exit() {
    // Modification 8: "соответствующем ей Выходе" — one exit for each pit, one pit for each exit.
    let found = |text: &str, opts: &[&str]| problems(text, &wiki(opts));
    assert!(found(PAIRS, &[]).contains(&Rule::NotAgreed {
        feature: Feature::PitExits
    }));
    let ok = found(PAIRS, &["pit_exits=yes"]);
    assert!(
        !ok.iter().any(|r| matches!(
            r,
            Rule::NotAgreed { .. }
                | Rule::PitWithoutExit { .. }
                | Rule::ExitWithoutPit { .. }
                | Rule::RepeatedPair { .. }
        )),
        "{ok:?}"
    );
    let lone = PAIRS.replace(" X1|", " . |").replace("X2", ". ");
    let lone = found(&lone, &["pit_exits=yes"]);
    assert!(lone.contains(&Rule::PitWithoutExit { pair: 1 }), "{lone:?}");
    assert!(lone.contains(&Rule::PitWithoutExit { pair: 2 }), "{lone:?}");
    let twice = PAIRS.replace("| X2", "| X1");
    let twice = found(&twice, &["pit_exits=yes"]);
    assert!(
        twice.contains(&Rule::PitWithoutExit { pair: 2 }),
        "{twice:?}"
    );
    assert!(
        twice.contains(&Rule::RepeatedPair {
            pair: 1,
            pit: false,
            first: c("A2")
        }),
        "{twice:?}"
    );
}
