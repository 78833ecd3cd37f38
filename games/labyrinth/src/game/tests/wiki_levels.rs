//! The encyclopedia's modification 12, 3-D mazes (seed 003: "Лабиринт может быть трехмерный (команды
//! «вверх», «вниз»)"; "перемещаться (команды «вперед», «назад», «вправо» или «влево» (или, если
//! лабиринт трехмерный «вверх» или «вниз»)").

use super::kit::*;
use crate::board::{InnerWall, Side};
use crate::game::event::{Arrival, Blast, CellSeen, Event};
use crate::game::order::Action;
use crate::game::parse::{Request, parse_request, parse_request_on_levels};
use crate::game::state::{Health, Place};
use crate::geometry::Dir::{Higher, Lower};
use crate::movement::Move;

/// Two levels of two cells: a stair from A1 up to A1@2, a hospital above B1 with no stair to it
/// but along level 2.
const TOWER: &str = "
labyrinth 2x1x2 nstop=30
level 1
+---+---+
| .   . |
+---+   +
level 2
+---+---+
| .   M |
+---+---+
stairs:
  A1
";

fn walked(cell: CellSeen) -> Event {
    Event::Arrived {
        how: Arrival::Walked,
        cell,
    }
}

#[test]
fn up_and_down_climb_where_a_stair_leads() {
    let mut g = game(TOWER, classic(&[]), &["A1", "B1"]);
    let evs = go(&mut g, P0, &[step(Higher)]);
    assert_eq!(evs[0], walked(CellSeen::Land));
    assert_eq!(g.pl(P0).place, Place::In(c("A1@2")));
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(crate::geometry::Dir::Right)]);
    assert!(matches!(evs[0], Event::Arrived { .. }), "{evs:?}");
    assert_eq!(g.pl(P0).place, Place::In(c("B1@2")));
    go(&mut g, P1, &[Action::Skip]);
    // No stair below the hospital: a floor is a wall.
    let evs = go(&mut g, P0, &[step(Lower)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    assert_eq!(g.pl(P0).place, Place::In(c("B1@2")));
}

#[test]
fn the_roof_and_the_bottom_are_the_outer_wall() {
    let mut g = game(TOWER, classic(&[]), &["B1", "A1@2"]);
    let evs = go(&mut g, P0, &[step(Lower)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    let evs = go(&mut g, P1, &[step(Higher)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    assert_eq!(g.pl(P1).place, Place::In(c("A1@2")));
}

#[test]
fn a_bullet_flies_up_a_stair_and_stops_at_a_floor() {
    // Б §5.5 in three dimensions: a bullet flies "в указанном направлении до первой встреченной
    // стенки", and a floor is a wall.
    let mut g = game(TOWER, classic(&[]), &["A1", "A1@2"]);
    go(&mut g, P0, &[shoot(Higher), step(Lower)]);
    assert_eq!(g.pl(P1).health, Health::Wounded, "up the stair");
    let mut g = game(TOWER, classic(&[]), &["B1", "B1@2"]);
    go(&mut g, P0, &[shoot(Higher), step(Lower)]);
    assert_eq!(g.pl(P1).health, Health::Healthy, "the floor stops it");
}

#[test]
fn a_grenade_blows_a_hole_in_the_floor_and_not_in_the_roof() {
    let mut g = game(TOWER, classic(&["blast_report=yes"]), &["B1", "A1@2"]);
    let evs = go(&mut g, P0, &[Action::Blow(Higher), step(Higher)]);
    assert!(
        evs.contains(&Event::Blown {
            result: Some(Blast::Broke),
            grenades: 2
        }),
        "{evs:?}"
    );
    assert_eq!(g.board.side(c("B1"), Higher), Side::Inner(InnerWall::Open));
    assert_eq!(g.pl(P0).place, Place::In(c("B1@2")), "up through the hole");
    let evs = go(&mut g, P1, &[Action::Blow(Higher), step(Lower)]);
    assert!(
        evs.iter().any(|e| matches!(
            e,
            Event::Blown {
                result: Some(Blast::Held),
                ..
            }
        )),
        "{evs:?}"
    );
}

#[test]
fn up_and_down_mean_levels_only_in_a_maze_of_levels() {
    let step_of = |r: Result<Request, _>| match r {
        Ok(Request::Order(p)) => p.resolve(|_| None).expect("no targets").parts,
        other => panic!("{other:?}"),
    };
    use crate::game::order::Part;
    use crate::geometry::Dir::*;
    let mv = |d| vec![Part::Do(Action::Move(Move::Step(d)))];
    for (text, flat, levels) in [
        ("иду вверх", Up, Higher),
        ("вниз", Down, Lower),
        ("go up", Up, Higher),
        ("down", Down, Lower),
        ("вперёд", Up, Up),
        ("иду назад", Down, Down),
        ("forward", Up, Up),
        ("back", Down, Down),
        ("north", Up, Up),
        ("south", Down, Down),
        ("влево", Left, Left),
        ("east", Right, Right),
        ("иду на север", Up, Up),
        ("иду на юг", Down, Down),
        ("на запад", Left, Left),
        ("иду на восток", Right, Right),
    ] {
        assert_eq!(step_of(parse_request(text)), mv(flat), "{text}");
        assert_eq!(step_of(parse_request_on_levels(text)), mv(levels), "{text}");
    }
    let blow = |d| vec![Part::Do(Action::Blow(d))];
    assert_eq!(
        step_of(parse_request_on_levels("взрываю стену сверху")),
        blow(Higher)
    );
    assert_eq!(step_of(parse_request("взрываю пол")), blow(Lower));
    assert_eq!(step_of(parse_request("blow the ceiling")), blow(Higher));
}

#[test]
fn start_cells_and_names_carry_their_level() {
    // A start named on level 2, and the plan's own check that a stairless level is cut off (§8.5).
    let g = game(TOWER, classic(&[]), &["B1@2", "A1"]);
    assert_eq!(g.pl(P0).place, Place::In(c("B1@2")));
    let cut = TOWER.replace("stairs:\n  A1\n", "");
    let rules = problems(&cut, &classic(&[]));
    assert!(
        rules
            .iter()
            .any(|r| matches!(r, crate::validate::Rule::CutOff)),
        "{rules:?}"
    );
}

/// An arsenal at A1 under a stair to A1@2; land beside both.
const ARMOURY: &str = "
labyrinth 2x1x2 nstop=30
level 1
+---+---+
| A   . |
+---+---+
level 2
+---+---+
| .   . |
+---+---+
stairs:
  A1
bear:
  den B1@2
  path left lower higher right
";

#[test]
fn the_boomerang_flies_up_a_stair_and_comes_back() {
    // Modification 15 with 12: the boomerang flies "в указанном направлении", a level up too.
    let mut g = game(ARMOURY, wiki(&["boomerang=1"]), &["A1", "A1@2"]);
    let evs = go(&mut g, P0, &[Action::Boomerang(Higher)]);
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
fn cement_closes_a_stair() {
    // Modification 11 with 12: "поставить стену в указанном направлении", the floor above.
    let mut g = game(ARMOURY, wiki(&["cement=yes"]), &["A1", "B1@2"]);
    go(&mut g, P0, &[Action::Build(Higher)]);
    assert_eq!(g.board.side(c("A1"), Higher), Side::Inner(InnerWall::Wall));
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Higher)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
}

#[test]
fn the_bear_walks_his_path_up_and_down_the_stairs() {
    // Modification 2 with 12: the path of the plan's `bear:` may say `higher` and `lower`; the
    // maze's laws act on him, so a closed floor stops him.
    let mut g = game(ARMOURY, wiki(&["bear=path"]), &["B1", "A1@2"]);
    let at = |g: &crate::game::Game| g.bear.as_ref().unwrap().at;
    assert_eq!(at(&g), c("B1@2"));
    // Bumps, not skips: a round of skips would end the game (Б §6.6).
    let bump = step(crate::geometry::Dir::Right);
    let bump_left = step(crate::geometry::Dir::Left);
    go(&mut g, P0, &[bump]);
    go(&mut g, P1, &[step(Lower)]);
    assert_eq!(at(&g), c("A1@2"), "left along level 2");
    go(&mut g, P0, &[bump]);
    go(&mut g, P1, &[bump_left]);
    assert_eq!(at(&g), c("A1"), "down the stair");
    assert_eq!(
        g.pl(P1).health,
        Health::Wounded,
        "onto bob, who went down first"
    );
    go(&mut g, P0, &[bump]);
    go(&mut g, P1, &[bump_left]);
    assert_eq!(at(&g), c("A1@2"), "and up again");
}
