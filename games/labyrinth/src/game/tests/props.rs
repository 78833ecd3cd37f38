//! Property tests: random legal and illegal orders on random small plans, both codes. The engine never
//! panics; a refused order changes nothing; things are conserved except where the rules create or
//! destroy them; exactly one true treasure is in play until the game ends; nothing told to all names a
//! cell.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bear::{BearMode, BearPlan};
use crate::board::{Board, Border, Cell, InnerWall, PitId};
use crate::game::event::{Audience, Event, Removal, Told};
use crate::game::order::{Action, Aim, Condition, Light, Order, Part, Pick, Thing, ThingKind};
use crate::game::state::{Census, Hand, Health};
use crate::game::{Game, Phase, PlayerId};
use crate::generate::generate;
use crate::geometry::{Coord, Dir, Size};
use crate::item::{Item, PlacedItem};
use crate::movement::Move;
use crate::plan::Plan;
use crate::ruleset::{RiverKind, Ruleset};
use crate::stock::{Stock, Supply};

/// A random small plan: land with a hospital, an arsenal, a tick, a pit cycle and a straight river
/// into its mouth, random walls and exits, and things lying about.
fn random_plan(rng: &mut ChaCha8Rng) -> Plan {
    // A quarter of them of two levels (the encyclopedia's modification 12).
    let levels = if rng.random_bool(0.25) { 2 } else { 1 };
    let size = Size::stacked(rng.random_range(3..=5), rng.random_range(3..=5), levels).unwrap();
    let mut board = Board::new(size);
    let mut free: Vec<Coord> = size.cells().collect();
    let take = |rng: &mut ChaCha8Rng, free: &mut Vec<Coord>| {
        let i = rng.random_range(0..free.len());
        free.swap_remove(i)
    };
    // A river along a row: cells 0..k flow right into the mouth at k.
    let row = rng.random_range(0..size.height);
    let k = rng.random_range(1..size.width);
    for col in 0..=k {
        let at = Coord::new(col, row);
        free.retain(|&c| c != at);
        let cell = if col == k {
            Cell::Mouth
        } else {
            Cell::River(Dir::Right)
        };
        board.set_cell(at, cell);
    }
    for cell in [Cell::Hospital, Cell::Arsenal, Cell::Encephalitis] {
        let at = take(rng, &mut free);
        board.set_cell(at, cell);
    }
    for place in 1..=2 {
        let at = take(rng, &mut free);
        board.set_cell(at, Cell::Pit(PitId { cycle: 0, place }));
    }
    // The encyclopedia's cells (modifications 8, 17), whether or not the rules agree on them: the
    // engine must not care.
    if rng.random_bool(0.5) && free.len() > 6 {
        board.set_cell(take(rng, &mut free), Cell::Swamp);
        board.set_cell(take(rng, &mut free), Cell::Chute(1));
        board.set_cell(take(rng, &mut free), Cell::Outlet(1));
    }
    for c in size.cells() {
        if rng.random_bool(0.3) {
            // A stair up; on the highest level `set_inner` refuses it.
            board.set_inner(c, Dir::Higher, InnerWall::Open);
        }
        for d in [Dir::Right, Dir::Down] {
            let river_link = matches!(board.cell(c), Cell::River(_)) && d == Dir::Right;
            if !river_link && rng.random_bool(0.25) {
                // Windows, rubber and one-way walls too (modifications 4, 5, 16).
                let wall = match rng.random_range(0..10) {
                    0..=5 => InnerWall::Wall,
                    6 => InnerWall::Solid,
                    7 => InnerWall::Window,
                    8 => InnerWall::Rubber,
                    _ if rng.random_bool(0.5) => InnerWall::OneWay(d),
                    _ => InnerWall::OneWay(d.opposite()),
                };
                board.set_inner(c, d, wall);
            }
        }
    }
    let sides: Vec<(Coord, Dir)> = board.border_sides().map(|(c, d, _)| (c, d)).collect();
    for _ in 0..3 {
        let (c, d) = sides[rng.random_range(0..sides.len())];
        let b = if rng.random_bool(0.6) {
            Border::Exit
        } else {
            Border::ClosedExit
        };
        board.set_border(c, d, b);
    }
    let mut items = vec![];
    let land: Vec<Coord> = free.clone();
    let anywhere = |rng: &mut ChaCha8Rng| size.coord(rng.random_range(0..size.area()));
    items.push(PlacedItem {
        at: land[rng.random_range(0..land.len())],
        item: Item::Treasure,
        count: 1,
    });
    for _ in 0..rng.random_range(0..6) {
        let item = [
            Item::Fake,
            Item::Mine,
            Item::ArmedMine,
            Item::Bullets,
            Item::Grenades,
            Item::Corpse,
        ][rng.random_range(0..6)];
        items.push(PlacedItem {
            at: anywhere(rng),
            item,
            count: rng.random_range(1..=3),
        });
    }
    let mut plan = Plan::new(board);
    plan.items = items;
    // Modification 13: the arsenal gives one thing; modification 2: a bear, if the rules let him in.
    if rng.random_bool(0.3) {
        let at = plan
            .board
            .cells()
            .find(|c| c.1 == Cell::Arsenal)
            .map(|c| c.0);
        let supply = Supply::ALL[rng.random_range(0..Supply::ALL.len())];
        plan.stocks = at
            .map(|at| Stock {
                at,
                supplies: vec![supply],
            })
            .into_iter()
            .collect();
    }
    plan.bear = Some(BearPlan {
        den: land[rng.random_range(0..land.len())],
        path: (0..rng.random_range(0..5))
            .map(|_| random_dir(rng))
            .collect(),
    });
    plan.settings.cure = Some(rng.random_range(1..6));
    plan.settings.nstop = Some([0, 15, 40][rng.random_range(0..3)]);
    plan
}

/// A ruleset of either code with random options of play.
fn random_rules(rng: &mut ChaCha8Rng) -> Ruleset {
    let mut r = match rng.random_range(0..3) {
        0 => Ruleset::classic(),
        1 => Ruleset::quantum(),
        _ => Ruleset::wiki(),
    };
    r.rivers = [
        RiverKind::Deep,
        RiverKind::Shallow,
        RiverKind::Torrential,
        RiverKind::Swift,
    ][rng.random_range(0..4)];
    let p = &mut r.play;
    for flag in [
        &mut p.conditional_orders,
        &mut p.dark_orders,
        &mut p.half_dark_orders,
        &mut p.throwing,
        &mut p.mine_to_neighbour,
        &mut p.shoot_from_river,
        &mut p.shots_through_depots,
        &mut p.named_target,
        &mut p.floating_items,
        &mut p.reorders,
        &mut p.reorder_after_mine,
        &mut p.wounded_shoot,
        &mut p.common_start,
        &mut p.skip,
        &mut p.forbid_repeats,
        &mut p.blast_report,
        &mut p.cure_limited,
        &mut p.wall_keeps_turn,
        &mut p.kick,
        &mut p.cement,
        &mut p.random_hospital,
        &mut p.outer_wall_told,
        &mut p.blown_told,
        &mut p.one_way_silent,
        &mut p.win_all,
    ] {
        if rng.random_bool(0.3) {
            *flag = !*flag;
        }
    }
    p.shot_range = rng.random_range(0..3);
    p.start_mines = rng.random_range(0..2);
    p.last_standing_moves = rng.random_range(0..3);
    p.boomerang = [0, 0, 2][rng.random_range(0..3)];
    p.bear = [BearMode::Off, BearMode::Path, BearMode::Mimic][rng.random_range(0..3)];
    // The generator's side of the modifications (2, 4, 5, 8, 10, 13, 17).
    for flag in [
        &mut r.swamps,
        &mut r.windows,
        &mut r.rubber_walls,
        &mut r.one_way_walls,
        &mut r.pit_exits,
        &mut r.arsenal_kinds,
        &mut r.rivers_south,
        &mut r.straight_rivers,
    ] {
        *flag = rng.random_bool(0.2);
    }
    r
}

fn random_dir(rng: &mut ChaCha8Rng) -> Dir {
    // Up and down a level too: on a flat board they meet the outer wall.
    Dir::SPATIAL[rng.random_range(0..6)]
}

fn random_action(rng: &mut ChaCha8Rng, players: u8, size: Size) -> Action {
    let thing = |rng: &mut ChaCha8Rng| match rng.random_range(0..5) {
        0 => Thing::Treasure,
        1 => Thing::Corpse,
        2 => Thing::Mine,
        3 => Thing::Bullets(rng.random_range(0..4)),
        _ => Thing::Grenades(rng.random_range(0..4)),
    };
    match rng.random_range(0..22) {
        0..=8 => Action::Move(Move::Step(random_dir(rng))),
        9 => Action::Move(if rng.random_bool(0.5) {
            Move::Current
        } else {
            Move::Cycle
        }),
        10..=12 => Action::Shoot {
            aim: if rng.random_bool(0.2) {
                Aim::Here
            } else {
                Aim::Dir(random_dir(rng))
            },
            target: rng.random_bool(0.3).then(|| {
                (
                    PlayerId(rng.random_range(0..players + 1)),
                    size.coord(rng.random_range(0..size.area())),
                )
            }),
        },
        13 => Action::Blow(random_dir(rng)),
        14 => Action::Leave(thing(rng)),
        15 => Action::Throw(thing(rng), random_dir(rng)),
        16 | 17 => Action::SetMine(rng.random_bool(0.5).then(|| random_dir(rng))),
        18 => Action::Stab,
        19 => Action::Kick,
        20 if rng.random_bool(0.5) => Action::Build(random_dir(rng)),
        20 => Action::Boomerang(random_dir(rng)),
        _ => Action::Skip,
    }
}

fn random_order(rng: &mut ChaCha8Rng, players: u8, size: Size) -> Order {
    let mut parts = vec![];
    for _ in 0..rng.random_range(0..4) {
        let a = random_action(rng, players, size);
        if rng.random_bool(0.15) {
            let cond = match rng.random_range(0..4) {
                0 => Condition::Found(ThingKind::Treasure),
                1 => Condition::Landed(crate::game::event::CellSeen::Land),
                2 => Condition::Bumped,
                _ => Condition::NotBumped,
            };
            parts.push(Part::If(cond, vec![a]));
        } else {
            parts.push(Part::Do(a));
        }
    }
    // Make well-formed orders common: a classic movement alone, or one quantum action.
    if rng.random_bool(0.5) {
        parts = vec![Part::Do(Action::Move(Move::Step(random_dir(rng))))];
        if rng.random_bool(0.5) {
            parts.insert(0, Part::Do(random_action(rng, players, size)));
        }
    }
    Order {
        parts,
        light: [Light::Full, Light::Full, Light::Dark, Light::HalfDark][rng.random_range(0..4)],
        pick: random_pick(rng),
        decline_refill: rng.random_bool(0.2),
    }
}

/// A treasure choice, said or not (Б §5.8).
fn random_pick(rng: &mut ChaCha8Rng) -> Pick {
    [
        Pick::Unsaid,
        Pick::Keep,
        Pick::New,
        Pick::FromBottom(rng.random_range(0..4)),
    ][rng.random_range(0..4)]
}

/// Things in the maze plus those destroyed minus those created: constant through a game.
fn balance(g: &Game) -> [i64; 9] {
    let (created, destroyed) = g.ledger();
    let now = g.census();
    let v = |c: &Census| {
        [
            c.true_treasures,
            c.fakes,
            c.bullets,
            c.grenades,
            c.mines,
            c.corpses,
            c.knives,
            c.cement,
            c.boomerangs,
        ]
        .map(i64::from)
    };
    let (n, d, c) = (v(&now), v(&destroyed), v(&created));
    std::array::from_fn(|i| n[i] + d[i] - c[i])
}

fn check_invariants(g: &Game, told: &[Told]) {
    for t in told {
        if t.to == Audience::All {
            assert!(
                !matches!(t.event, Event::Reordered(_)),
                "a cell told to all: {t:?}"
            );
        }
    }
    if g.phase() == Phase::Playing {
        assert_eq!(g.census().true_treasures, 1, "one true treasure in play");
    }
    // Б §5.8: a treasure question waits only on the player whose turn it is.
    if let Some(asked) = g.choosing() {
        assert_eq!(g.current(), Some(asked.who), "{asked:?}");
    }
    let quantum = g.quantum();
    for (i, p) in g.players().iter().enumerate() {
        assert!(
            p.bullets <= 3 && p.grenades <= 3 && p.knives <= 3,
            "player {i}: {p:?}"
        );
        match p.health {
            Health::Healthy => {}
            Health::Wounded | Health::Sick { .. } => {
                assert_eq!(p.hand, Hand::Empty, "player {i}: {p:?}");
                if !quantum && matches!(p.health, Health::Sick { .. }) {
                    assert_eq!(p.bullets, 0);
                }
            }
            Health::Dead => assert_eq!((p.bullets, p.grenades, p.hand), (0, 0, Hand::Empty)),
        }
    }
}

fn play_a_game(seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = random_rules(&mut rng);
    let n: u8 = rng.random_range(1..=4);
    // Half the games on plans the generator composes (valid under §8 for these rules), half on rough
    // ones with things strewn anywhere.
    let plan = if seed % 2 == 0 {
        let levels = if seed % 6 == 0 { 2 } else { 1 };
        let size = Size::stacked(rng.random_range(3..=5), rng.random_range(3..=5), levels).unwrap();
        match generate(size, u32::from(n), &rules, seed) {
            Ok(plan) => plan,
            Err(_) => random_plan(&mut rng),
        }
    } else {
        random_plan(&mut rng)
    };
    let size = plan.board.size();
    let mut g = Game::new(&plan, rules, n);
    g.set_luck(seed);
    let baseline = balance(&g);
    let starts: Vec<Coord> = (0..n)
        .map(|_| size.coord(rng.random_range(0..size.area())))
        .collect();
    let mut order: Vec<PlayerId> = (0..n).map(PlayerId).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let told = g.start(&starts, &order).expect("a valid start");
    check_invariants(&g, &told);
    for step in 0..300 {
        if g.phase() != Phase::Playing {
            break;
        }
        let before = g.clone();
        let current = g.current().expect("someone's turn in play");
        let who = if rng.random_bool(0.9) {
            current
        } else {
            PlayerId(rng.random_range(0..n + 1))
        };
        let result = match rng.random_range(0..40) {
            0 => Ok(g.skip_for_deadline(who)),
            1 if rng.random_bool(0.3) => Ok(g.remove(who, Removal::MissedTurns)),
            2..=4 => g.reorder(who, size.coord(rng.random_range(0..size.area()))),
            // The answer to a treasure question, mostly when one waits (refused when none does).
            5..=30 if g.choosing().is_some() => g.choose(who, random_pick(&mut rng)),
            5 => g.choose(who, random_pick(&mut rng)),
            _ => g.play(who, &random_order(&mut rng, n, size)),
        };
        match result {
            Ok(told) => check_invariants(&g, &told),
            Err(refusal) => assert_eq!(g, before, "refused ({refusal:?}) yet changed"),
        }
        assert_eq!(balance(&g), baseline, "things not conserved at step {step}");
        if step % 50 == 0 {
            let text = toml::to_string(&g).expect("serialises");
            let back: Game = toml::from_str(&text).expect("reads back");
            assert_eq!(back, g);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_keep_the_rules(seed in any::<u64>()) {
        play_a_game(seed);
    }
}
