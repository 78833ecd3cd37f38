//! The cylinder game's rules, each test citing the post (seed 004).

use super::*;
use crate::game::PlayerId;
use crate::geometry::Dir::{Down as S, Left as W, Right as E, Up as N};
use crate::geometry::{Coord, Dir, Size};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn c(name: &str) -> Coord {
    name.parse().expect("a cell name")
}

/// A plan from rows of one character a cell, no inner walls: `.` land, `S` swamp, `^ v < >` rivers,
/// `A` arsenal, `M` morgue, `K` a crocodile on land, `T` the treasure on land, `e` `s` `w` spinners,
/// `B` the bear's start on land. Exits, walls and pits are set by the test.
fn plan(rows: &[&str]) -> CylPlan {
    let size = Size::new(rows[0].len() as u8, rows.len() as u8).unwrap();
    let mut board = CylBoard::new(size);
    let (mut treasure, mut crocodiles, mut bear) = (None, vec![], None);
    for (r, row) in rows.iter().enumerate() {
        for (k, ch) in row.chars().enumerate() {
            let at = Coord::new(k as u8, r as u8);
            let ground = match ch {
                'S' => Ground::Swamp,
                '^' => Ground::River(N),
                'v' => Ground::River(S),
                '<' => Ground::River(W),
                '>' => Ground::River(E),
                'A' => Ground::Arsenal,
                'M' => Ground::Morgue,
                'e' => Ground::Spinner(Needle::East),
                's' => Ground::Spinner(Needle::South),
                'w' => Ground::Spinner(Needle::West),
                _ => Ground::Land,
            };
            board.set_ground(at, ground);
            match ch {
                'K' => crocodiles.push(at),
                'T' => treasure = Some(at),
                'B' => bear = Some(at),
                _ => {}
            }
        }
    }
    CylPlan {
        board,
        // Out of the way when a test does not place it: the last cell.
        treasure: treasure.unwrap_or(Coord::new(size.width - 1, size.height - 1)),
        crocodiles,
        bear,
        ghost: None,
    }
}

fn game(p: &CylPlan, starts: &[&str]) -> CylGame {
    let starts: Vec<Coord> = starts.iter().map(|s| c(s)).collect();
    CylGame::new(p, &starts).expect("a valid start")
}

fn go(g: &mut CylGame, p: PlayerId, d: Dir) -> Vec<CylEvent> {
    g.stride(p, Stride::go(d)).expect("a move in play")
}

fn at(g: &CylGame, p: PlayerId) -> Option<Coord> {
    g.players[usize::from(p.0)].at
}

/// A queue of plain moves.
fn queue(moves: &[Dir]) -> Queue {
    Queue {
        moves: moves
            .iter()
            .map(|&d| Planned {
                stride: Stride::go(d),
                expect: None,
            })
            .collect(),
        stop_near: false,
    }
}

#[test]
fn the_posts_crocodile_example() {
    // Seed 004: "при последовательности ходов "стреляю на север, хожу на север — хожу на восток —
    // хожу на запад — хожу на юг" крокодил просыпается сразу после того, как игрок покидает клетку
    // (при ходе на юг)."
    let p = plan(&["MK.", "...", "..."]);
    let mut g = game(&p, &["B2"]);
    g.players[0].bullets = 1;
    let mut q = vec![queue(&[N, E, W, S])];
    q[0].moves[0].stride.before = Some(N);
    for step in 1..=4 {
        let report = play_step(&mut g, &mut q);
        assert!(
            !report
                .events
                .iter()
                .any(|e| matches!(e, CylEvent::Died(..))),
            "step {step}: {report:?}"
        );
    }
    assert_eq!(at(&g, P0), Some(c("B2")));
    assert!(g.crocodile_awake(c("B1")), "awake once he left");
    let evs = go(&mut g, P0, N);
    assert!(
        evs.contains(&CylEvent::Died(P0, Death::Crocodile)),
        "{evs:?}"
    );
    assert_eq!(at(&g, P0), Some(c("A1")), "in the morgue");
}

#[test]
fn shooting_a_sleeping_crocodile_again_puts_off_its_waking() {
    // "Если повторно застрелить спящего крокодила, то срок его пробуждения соответственно сдвигается."
    let p = plan(&["MK.", "A..", "..."]);
    let mut g = game(&p, &["B2"]);
    g.players[0].bullets = 2;
    let shot = |g: &mut CylGame| {
        g.stride(
            P0,
            Stride {
                before: Some(N),
                go: S,
                after: None,
            },
        )
        .unwrap();
        g.end_step();
        go(g, P0, N);
        g.end_step();
    };
    shot(&mut g);
    shot(&mut g);
    // Shot again in step 3: asleep through step 6, where the first shot would have let it wake
    // after step 4.
    assert_eq!(g.step, 5);
    assert!(!g.crocodile_awake(c("B1")));
    g.end_step();
    assert!(!g.crocodile_awake(c("B1")));
    g.end_step();
    assert!(g.crocodile_awake(c("B1")));
}

#[test]
fn a_spinner_turns_the_way_and_is_told_as_land() {
    // "на одних клетках стрелка может показывать вместо севера на восток (и тогда по команде
    // "восток" игрок пойдет на юг)"; "При попадании на эту клетку игроку говорят, что он "на суше"".
    let p = plan(&["M..", ".e.", "..."]);
    let mut g = game(&p, &["A2"]);
    assert_eq!(go(&mut g, P0, E)[0], CylEvent::Went(P0, Seen::Land));
    go(&mut g, P0, E);
    assert_eq!(at(&g, P0), Some(c("B3")), "east led south");
}

#[test]
fn west_of_column_a_is_the_last_column() {
    // "если пойти на запад из северо-западного угла квадрата, то попадешь в северо-восточный угол"
    let p = plan(&[".M.", "...", "..."]);
    let mut g = game(&p, &["A1"]);
    go(&mut g, P0, W);
    assert_eq!(at(&g, P0), Some(c("C1")));
}

#[test]
fn a_river_carries_three_cells_or_to_its_swamp() {
    // "При попадании игрока в реку он смещается на 3 клетки по течению (или до болота, в которое
    // река впадает — если оно оказалось ближе)."
    let p = plan(&[">>>>>S", "......", "M....."]);
    let mut g = game(&p, &["A2"]);
    let evs = go(&mut g, P0, N);
    assert_eq!(
        evs[..2],
        [
            CylEvent::Went(P0, Seen::River),
            CylEvent::Carried(P0, Seen::River)
        ]
    );
    assert_eq!(at(&g, P0), Some(c("D1")));
    let mut g = game(&p, &["D2"]);
    go(&mut g, P0, N);
    assert_eq!(at(&g, P0), Some(c("F1")), "the swamp is nearer");
}

#[test]
fn two_moves_in_a_row_in_swamps_kill_and_a_river_counts() {
    // "Если игрок проведет в болоте два хода подряд (т.е. сделает шаг в другую клетку с болотом или
    // в реку, которая его снова принесет в болото), то он умирает и переносится в морг."
    let p = plan(&["SS.", ">S.", "M.."]);
    let mut g = game(&p, &["C1"]);
    go(&mut g, P0, W);
    let evs = go(&mut g, P0, W);
    assert!(evs.contains(&CylEvent::Died(P0, Death::Swamp)), "{evs:?}");
    assert_eq!(at(&g, P0), Some(c("A3")));
    // A2 is a river into the swamp B2: from the swamp A1 into it, and back in a swamp.
    let mut g = game(&p, &["C1"]);
    go(&mut g, P0, W);
    go(&mut g, P0, W);
    let mut g = game(&p, &["C2"]);
    go(&mut g, P0, W);
    let evs = go(&mut g, P0, W);
    assert!(
        evs.contains(&CylEvent::Died(P0, Death::Swamp)),
        "B2, then the river A2 back into B2: {evs:?}"
    );
}

#[test]
fn a_wall_bumped_from_a_swamp_pit_or_river_does_not_let_it_act_again() {
    // "если при ходе из болота, ямы или реки игрок ударяется об стенку, то эти объекты повторно не
    // действуют: яма его дальше не переносит, река не несет, болото не убивает."
    let mut p = plan(&["S..", "...", "M.."]);
    p.board.set_wall(c("A1"), W, true);
    let mut g = game(&p, &["A2"]);
    assert_eq!(go(&mut g, P0, N), vec![CylEvent::Went(P0, Seen::Swamp)]);
    assert_eq!(go(&mut g, P0, W), vec![CylEvent::Wall(P0)]);
    assert_eq!(go(&mut g, P0, N), vec![CylEvent::Wall(P0)]);
    assert_eq!(at(&g, P0), Some(c("A1")), "alive in the swamp");
    // A river bumped does not carry: entering B1 carries him three cells, to B4, still in the river;
    // a wall west of B4.
    let mut p = plan(&[".v.", ".v.", ".v.", ".v.", "Mv."]);
    p.board.set_wall(c("B4"), W, true);
    let mut g = game(&p, &["A1"]);
    go(&mut g, P0, E);
    assert_eq!(at(&g, P0), Some(c("B4")));
    assert_eq!(go(&mut g, P0, W), vec![CylEvent::Wall(P0)]);
    assert_eq!(at(&g, P0), Some(c("B4")), "the river does not carry him on");
}

#[test]
fn a_pit_leads_to_its_own_pit() {
    // "Игрока, попавшего в яму, переносит в какую-то другую яму в том же лабиринте."
    let mut p = plan(&["...", "M..", "..."]);
    p.board.set_ground(c("B1"), Ground::Pit { to: c("C3") });
    p.board.set_ground(c("C3"), Ground::Pit { to: c("B1") });
    let mut g = game(&p, &["A1"]);
    assert_eq!(go(&mut g, P0, E)[0], CylEvent::Went(P0, Seen::Pit));
    assert_eq!(at(&g, P0), Some(c("C3")));
    assert_eq!(go(&mut g, P0, S), vec![CylEvent::Wall(P0)]);
    assert_eq!(at(&g, P0), Some(c("C3")), "the pit does not move him on");
}

#[test]
fn an_exit_is_a_wall_without_the_treasure_and_the_way_out_with_it() {
    // "выход. Разрыв во внешней стене. Если у игрока клада нет, то выход для него закрыт, и для него
    // это место выглядит как стена." "Игрок, попавший на клетку с кладом, автоматически поднимает
    // его".
    let mut p = plan(&["MT.", "...", "..."]);
    p.board.set_rim(c("A1"), N, Rim::Exit);
    let mut g = game(&p, &["A2"]);
    go(&mut g, P0, N);
    assert_eq!(go(&mut g, P0, N), vec![CylEvent::Wall(P0)]);
    assert!(go(&mut g, P0, E).contains(&CylEvent::FoundTreasure(P0)));
    go(&mut g, P0, W);
    assert_eq!(go(&mut g, P0, N), vec![CylEvent::Escaped(P0)]);
    assert_eq!(g.winner, Some(P0));
    assert_eq!(g.stride(P0, Stride::go(N)), Err(CylRefusal::Over));
}

#[test]
fn the_dead_come_back_in_the_morgue_without_bullets_and_the_treasure_goes_home() {
    // "морг. Клетка, в которую игрок попадает после смерти. Оживает он сразу, но у него отбирают все
    // патроны, а также клад, если он был. Клад возвращается на место."
    let p = plan(&["MTK", "A..", "..."]);
    let mut g = game(&p, &["C2"]);
    go(&mut g, P0, W);
    go(&mut g, P0, W);
    assert_eq!(g.players[0].bullets, 3);
    go(&mut g, P0, E);
    go(&mut g, P0, N);
    assert!(g.players[0].carrying);
    let evs = go(&mut g, P0, E);
    assert!(evs.contains(&CylEvent::Died(P0, Death::Crocodile)));
    assert!(evs.contains(&CylEvent::TreasureBack));
    assert_eq!(
        (at(&g, P0), g.players[0].bullets, g.players[0].carrying),
        (Some(c("A1")), 0, false)
    );
    assert!(g.treasure_lying);
}

#[test]
fn a_shot_kills_everyone_on_the_next_cell_and_a_wall_stops_it() {
    // "При наличии у игрока патронов можно стрелять в любую сторону на соседнюю клетку, при этом
    // убивает всех ее обитателей".
    let mut p = plan(&["M..", "...", "..."]);
    let mut g = game(&p, &["B2", "C2"]);
    let shoot = Stride {
        before: Some(E),
        go: N,
        after: None,
    };
    assert_eq!(
        g.clone().stride(P0, shoot).unwrap()[0],
        CylEvent::NoBullets(P0)
    );
    g.players[0].bullets = 1;
    let mut g2 = g.clone();
    let evs = g.stride(P0, shoot).unwrap();
    assert_eq!(
        evs[..2],
        [CylEvent::Shot(P0), CylEvent::Died(P1, Death::Shot)]
    );
    assert_eq!(g.players[0].bullets, 0);
    p.board.set_wall(c("B2"), E, true);
    g2.board = p.board.clone();
    let evs = g2.stride(P0, shoot).unwrap();
    assert!(
        !evs.iter().any(|e| matches!(e, CylEvent::Died(..))),
        "{evs:?}"
    );
}

#[test]
fn from_the_arsenal_one_shoots_without_end() {
    // "Из арсенала можно стрелять сколько угодно — запас патронов в нем неограничен."
    let p = plan(&["M..", ".A.", "..."]);
    let mut g = game(&p, &["B1"]);
    go(&mut g, P0, S);
    for _ in 0..5 {
        let evs = g
            .stride(
                P0,
                Stride {
                    before: Some(E),
                    go: S,
                    after: Some(W),
                },
            )
            .unwrap();
        assert!(!evs.contains(&CylEvent::NoBullets(P0)), "{evs:?}");
        go(&mut g, P0, N);
    }
    assert_eq!(g.players[0].bullets, 3);
}

#[test]
fn the_shot_after_the_move_comes_after_the_river_and_before_the_crocodile() {
    // "В случае, если сделан выстрел "после хода", он происходит после срабатывания реки или ямы, но
    // до срабатывания крокодила или второго болота."
    let mut p = plan(&["M....", ">>>K.", "....."]);
    p.crocodiles = vec![c("D2")];
    p.board.set_ground(c("D2"), Ground::Land);
    let mut g = game(&p, &["A3", "E2"]);
    g.players[0].bullets = 1;
    let evs = g
        .stride(
            P0,
            Stride {
                before: None,
                go: N,
                after: Some(E),
            },
        )
        .unwrap();
    let shot = evs.iter().position(|e| *e == CylEvent::Shot(P0)).unwrap();
    let victim = evs
        .iter()
        .position(|e| *e == CylEvent::Died(P1, Death::Shot))
        .expect("E2 shot from D2, where the river left him");
    let eaten = evs
        .iter()
        .position(|e| *e == CylEvent::Died(P0, Death::Crocodile))
        .expect("then the crocodile");
    assert!(shot < victim && victim < eaten, "{evs:?}");
}

#[test]
fn the_bear_repeats_each_move_and_eats_whom_he_walks_onto() {
    // "Медведь повторяет все ходы, которые делают игроки … Если медведь ходит на клетку, занятую
    // игроком, то он этого игрока съедает."
    let p = plan(&["M...", "B...", "...."]);
    let mut g = game(&p, &["B3", "C2"]);
    go(&mut g, P0, E);
    assert_eq!(g.bear.as_ref().unwrap().at, c("B2"));
    let evs = go(&mut g, P0, E);
    assert!(evs.contains(&CylEvent::Died(P1, Death::Bear)), "{evs:?}");
    assert_eq!(at(&g, P1), Some(c("A1")));
}

#[test]
fn stepping_onto_the_bear_does_nothing_and_he_is_near() {
    // "Если игрок попадает на клетку с медведем или призраком, то ничего не происходит. Игроку,
    // оказавшемуся на соседней клетке с медведем или призраком, сообщают "медведь (призрак)
    // близко", а при попадании на клетку, занятую одним из зверей — что он наступил на этого зверя."
    let mut p = plan(&["M...", ".B..", "...."]);
    p.board.set_wall(c("B2"), E, true);
    let mut g = game(&p, &["A2"]);
    let evs = go(&mut g, P0, E);
    assert!(
        evs.contains(&CylEvent::SteppedOn(P0, Beast::Bear)),
        "{evs:?}"
    );
    assert_eq!(at(&g, P0), Some(c("B2")));
    assert_eq!(
        g.bear.as_ref().unwrap().at,
        c("B2"),
        "he bumped the wall: no meal"
    );
}

#[test]
fn the_bear_comes_back_to_his_cell_and_eats_who_shared_it() {
    // "Если медведь находится на одной клетке с каким-то игроком и после хода другого игрока
    // возвращается на ту же клетку — он первого игрока съедает, за исключением случая удара об
    // стенку (когда медведь клетку не покидал)."
    let mut p = plan(&["M....", ".....", "....."]);
    p.board.set_ground(c("C2"), Ground::Pit { to: c("B2") });
    p.board.set_ground(c("B2"), Ground::Pit { to: c("C2") });
    p.bear = Some(c("B2"));
    p.board.set_ground(c("B2"), Ground::Land);
    p.board.set_ground(c("C2"), Ground::Pit { to: c("B2") });
    let mut g = game(&p, &["A2", "A3"]);
    // ann steps onto the bear's cell: nothing happens; the bear repeats "east" into the pit C2,
    // which brings him back to B2, onto ann.
    let evs = go(&mut g, P0, E);
    assert!(evs.contains(&CylEvent::Died(P0, Death::Bear)), "{evs:?}");
}

#[test]
fn the_bear_shoots_a_crocodile_before_walking_onto_it() {
    // "если игрок повел медведя на крокодила, то перед ходом медведь в этого крокодила стреляет"
    let p = plan(&["M.....", "B K...", "......"]);
    let mut g = game(&p, &["A3", "C3"]);
    go(&mut g, P0, E);
    let evs = go(&mut g, P0, E);
    assert_eq!(
        g.bear.as_ref().unwrap().at,
        c("C2"),
        "on the crocodile, alive: {evs:?}"
    );
    assert!(!g.crocodile_awake(c("C2")));
    // A shot into the bear's cell sends him to the morgue: "на него действуют все законы".
    g.players[0].bullets = 1;
    g.stride(
        P0,
        Stride {
            before: Some(N),
            go: S,
            after: None,
        },
    )
    .unwrap();
    let bear = g.bear.as_ref().unwrap().at;
    assert!(
        bear == c("A1") || bear == c("A2"),
        "from the morgue he repeats south: {bear}"
    );
}

#[test]
fn the_bear_shoots_where_the_player_shot() {
    // "Если игрок куда-то стреляет, то повторяя его ход, туда же выстрелит медведь."
    let p = plan(&["M....", ".B...", "....."]);
    let mut g = game(&p, &["D3", "C2"]);
    g.players[0].bullets = 1;
    let evs = g
        .stride(
            P0,
            Stride {
                before: Some(E),
                go: N,
                after: None,
            },
        )
        .unwrap();
    assert!(evs.contains(&CylEvent::Died(P1, Death::Shot)), "{evs:?}");
    assert_eq!(g.bear.as_ref().unwrap().at, c("B1"));
}

#[test]
fn a_beast_on_the_next_cell_is_near() {
    // "Игроку, оказавшемуся на соседней клетке с медведем или призраком, сообщают "медведь
    // (призрак) близко"."
    let mut p = plan(&["M...", ".B..", "...."]);
    for d in Dir::ALL {
        p.board.set_wall(c("B2"), d, true);
    }
    let mut g = game(&p, &["D2"]);
    let evs = go(&mut g, P0, W);
    assert!(evs.contains(&CylEvent::Near(P0, Beast::Bear)), "{evs:?}");
    let evs = go(&mut g, P0, E);
    assert!(!evs.contains(&CylEvent::Near(P0, Beast::Bear)), "{evs:?}");
}

#[test]
fn the_ghost_walks_his_path_after_everyone_and_cannot_be_shot() {
    // "Призрак движется по фиксированной траектории, перемещаясь на одну клетку после хода всех
    // игроков (и съедая тех, кто на этой клетке окажется). Его застрелить нельзя."
    let mut p = plan(&["M...", "....", "...."]);
    p.ghost = Some(GhostPath {
        start: c("A2"),
        steps: vec![E, E, W, W],
    });
    let mut g = game(&p, &["C2", "D3"]);
    g.players[1].bullets = 1;
    let mut q = vec![queue(&[N]), Queue::default()];
    let report = play_step(&mut g, &mut q);
    assert_eq!(g.ghost.as_ref().unwrap().at, c("B2"));
    assert!(
        !report
            .events
            .iter()
            .any(|e| matches!(e, CylEvent::Died(..)))
    );
    go(&mut g, P0, S);
    let evs = g.end_step();
    assert_eq!(evs, vec![CylEvent::Died(P0, Death::Ghost)]);
    let shot = Stride {
        before: Some(W),
        go: N,
        after: None,
    };
    let mut g2 = g.clone();
    g2.players[1].at = Some(c("D2"));
    g2.stride(P1, shot).unwrap();
    assert!(g2.ghost.is_some(), "the ghost is still there");
}

#[test]
fn queues_interleave_in_as_few_steps_as_the_longest() {
    // "ведущий упорядочивает их заявки так, чтобы минимизировать число ходов по времени игры (т.е.
    // по возможности, ходы делаются по очереди)".
    let p = plan(&["M....", ".....", "....."]);
    let mut g = game(&p, &["A2", "A3"]);
    let mut q = vec![queue(&[E, E, E]), queue(&[E])];
    let first = play_step(&mut g, &mut q);
    assert_eq!(
        first.events,
        vec![
            CylEvent::Went(P0, Seen::Land),
            CylEvent::Went(P1, Seen::Land)
        ],
        "in turn within the step"
    );
    assert_eq!(first.halted, vec![(P1, Halt::Done)]);
    play_step(&mut g, &mut q);
    let last = play_step(&mut g, &mut q);
    assert_eq!(last.halted, vec![(P0, Halt::Done)]);
    assert_eq!(g.step, 4);
    assert_eq!((at(&g, P0), at(&g, P1)), (Some(c("D2")), Some(c("B3"))));
}

#[test]
fn a_queue_stops_at_death_at_a_wrong_guess_and_near_a_beast_if_asked() {
    // "В случае смерти игрока его последовательность ходов прекращается … Если игрок указывает, на
    // какой клетке, по его мнению, он оказывается после очередного хода, то в случае ошибки
    // последовательность прекращается. Кроме того, по желанию игрока цепочку можно останавливать в
    // случае, если близко будет призрак или медведь."
    let p = plan(&["M.K..", ".....", "....."]);
    let mut g = game(&p, &["A2"]);
    let mut q = vec![queue(&[N, E])];
    play_step(&mut g, &mut q);
    let r = play_step(&mut g, &mut q);
    assert_eq!(r.halted, vec![(P0, Halt::Done)]);
    let mut q = vec![queue(&[E, E, S])];
    let r = play_step(&mut g, &mut q);
    assert_eq!(r.halted, vec![(P0, Halt::Died)]);
    assert!(q[0].moves.is_empty());
    // A wrong guess.
    let mut g = game(&p, &["A2"]);
    let mut q = vec![queue(&[E, E])];
    q[0].moves[0].expect = Some(c("B3"));
    let r = play_step(&mut g, &mut q);
    assert_eq!(r.halted, vec![(P0, Halt::NotWhereExpected(c("B3")))]);
    assert_eq!(at(&g, P0), Some(c("B2")), "the move itself was made");
    // The bear near.
    let mut p = plan(&["M....", "....B", "....."]);
    for d in Dir::ALL {
        p.board.set_wall(c("E2"), d, true);
    }
    let mut g = game(&p, &["B2"]);
    let mut q = vec![queue(&[E, E, S])];
    q[0].stop_near = true;
    assert_eq!(play_step(&mut g, &mut q).halted, vec![]);
    let r = play_step(&mut g, &mut q);
    assert_eq!(r.halted, vec![(P0, Halt::Near(Beast::Bear))]);
    assert_eq!(q[0].moves.len(), 0, "the south move is dropped");
}

mod props {
    //! Random queued orders of several players over random cylinder mazes: no panic, every player
    //! on the board (or out with the treasure), one treasure, bullets within the rule.

    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::game::MAX_BULLETS;
    use super::super::*;
    use crate::game::PlayerId;
    use crate::geometry::{Coord, Dir, Size};

    fn random_plan(rng: &mut ChaCha8Rng) -> CylPlan {
        let size = Size::new(rng.random_range(3..=8), rng.random_range(3..=8)).unwrap();
        let mut board = CylBoard::new(size);
        let cells: Vec<Coord> = size.cells().collect();
        let pick = |rng: &mut ChaCha8Rng| cells[rng.random_range(0..cells.len())];
        for &c in &cells {
            let ground = match rng.random_range(0..12) {
                0 => Ground::Spinner(Needle::ALL[rng.random_range(0..3)]),
                1 => Ground::River(Dir::ALL[rng.random_range(0..4)]),
                2 => Ground::Swamp,
                3 => Ground::Arsenal,
                _ => Ground::Land,
            };
            board.set_ground(c, ground);
            for d in [Dir::Right, Dir::Down] {
                board.set_wall(c, d, rng.random_bool(0.3));
            }
        }
        // Pits as a permutation (a cycle through the chosen cells).
        let mut pits: Vec<Coord> = (0..rng.random_range(0..4)).map(|_| pick(rng)).collect();
        pits.sort();
        pits.dedup();
        if pits.len() >= 2 {
            for (i, &p) in pits.iter().enumerate() {
                board.set_ground(
                    p,
                    Ground::Pit {
                        to: pits[(i + 1) % pits.len()],
                    },
                );
            }
        }
        board.set_ground(pick(rng), Ground::Morgue);
        for col in 0..size.width {
            if rng.random_bool(0.2) {
                board.set_rim(Coord::new(col, 0), Dir::Up, Rim::Exit);
            }
        }
        let crocodiles = (0..rng.random_range(0..4)).map(|_| pick(rng)).collect();
        let ghost = rng.random_bool(0.5).then(|| GhostPath {
            start: pick(rng),
            steps: (0..rng.random_range(1..6))
                .map(|_| Dir::ALL[rng.random_range(0..4)])
                .collect(),
        });
        CylPlan {
            board,
            treasure: pick(rng),
            crocodiles,
            bear: rng.random_bool(0.5).then(|| pick(rng)),
            ghost,
        }
    }

    fn random_dir(rng: &mut ChaCha8Rng) -> Dir {
        Dir::ALL[rng.random_range(0..4)]
    }

    fn play(seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let plan = random_plan(&mut rng);
        let standable: Vec<Coord> = plan
            .board
            .cells()
            .filter(|&(c, g)| {
                matches!(g, Ground::Land | Ground::Spinner(_)) && !plan.crocodiles.contains(&c)
            })
            .map(|(c, _)| c)
            .collect();
        if standable.is_empty() {
            return;
        }
        let n = rng.random_range(1..=4);
        let starts: Vec<Coord> = (0..n)
            .map(|_| standable[rng.random_range(0..standable.len())])
            .collect();
        let mut g = CylGame::new(&plan, &starts).expect("starts on land");
        let mut queues: Vec<Queue> = (0..n).map(|_| Queue::default()).collect();
        for _ in 0..60 {
            for q in queues.iter_mut() {
                if q.moves.is_empty() && rng.random_bool(0.5) {
                    q.stop_near = rng.random_bool(0.3);
                    for _ in 0..rng.random_range(1..5) {
                        let shot =
                            |rng: &mut ChaCha8Rng| rng.random_bool(0.2).then(|| random_dir(rng));
                        q.moves.push_back(Planned {
                            stride: Stride {
                                before: shot(&mut rng),
                                go: random_dir(&mut rng),
                                after: shot(&mut rng),
                            },
                            expect: rng
                                .random_bool(0.1)
                                .then(|| standable[rng.random_range(0..standable.len())]),
                        });
                    }
                }
            }
            let step = g.step;
            let report = play_step(&mut g, &mut queues);
            check(&g, &plan);
            for (p, halt) in &report.halted {
                assert!(queues[usize::from(p.0)].moves.is_empty(), "{halt:?}");
            }
            if g.winner.is_some() {
                assert!(queues.iter().all(|q| q.moves.is_empty()));
                let refused = g.clone().stride(PlayerId(0), Stride::go(Dir::Up));
                assert_eq!(refused, Err(CylRefusal::Over));
                return;
            }
            assert_eq!(g.step, step + 1);
        }
    }

    fn check(g: &CylGame, plan: &CylPlan) {
        let size = plan.board.size();
        let carriers = g.players.iter().filter(|r| r.carrying).count();
        assert_eq!(carriers + usize::from(g.treasure_lying), 1, "one treasure");
        for r in &g.players {
            assert!(r.bullets <= MAX_BULLETS);
            match r.at {
                Some(at) => assert!(size.contains(at)),
                None => assert!(r.carrying && g.winner.is_some()),
            }
        }
        if let Some(bear) = &g.bear {
            assert!(size.contains(bear.at));
        }
    }

    /// Queues of random lengths on a maze with nothing that stops them: every move is made, in as
    /// many time steps as the longest queue, and in each step in seat order.
    fn fewest_steps(seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let size = Size::new(rng.random_range(3..=8), rng.random_range(3..=8)).unwrap();
        let mut board = CylBoard::new(size);
        board.set_ground(Coord::new(0, 0), Ground::Morgue);
        let plan = CylPlan {
            board,
            treasure: Coord::new(size.width - 1, size.height - 1),
            crocodiles: vec![],
            bear: None,
            ghost: None,
        };
        let n = rng.random_range(1..=5usize);
        let starts: Vec<Coord> = (0..n)
            .map(|i| Coord::new(1 + (i as u8 % (size.width - 1)), 0))
            .collect();
        let mut g = CylGame::new(&plan, &starts).unwrap();
        let lengths: Vec<usize> = (0..n).map(|_| rng.random_range(0..10)).collect();
        let mut queues: Vec<Queue> = lengths
            .iter()
            .map(|&len| Queue {
                moves: (0..len)
                    .map(|_| Planned {
                        stride: Stride::go(random_dir(&mut rng)),
                        expect: None,
                    })
                    .collect(),
                stop_near: false,
            })
            .collect();
        let mut steps = 0;
        let mut made = vec![0usize; n];
        while queues.iter().any(|q| !q.moves.is_empty()) && g.winner.is_none() {
            let report = play_step(&mut g, &mut queues);
            steps += 1;
            let movers: Vec<usize> = report
                .events
                .iter()
                .filter_map(|e| match e {
                    CylEvent::Went(p, _) | CylEvent::Wall(p) | CylEvent::Escaped(p) => {
                        Some(usize::from(p.0))
                    }
                    _ => None,
                })
                .collect();
            let mut sorted = movers.clone();
            sorted.sort();
            assert_eq!(movers, sorted, "in seat order within a step");
            for p in movers {
                made[p] += 1;
            }
        }
        if g.winner.is_none() {
            assert_eq!(steps, lengths.iter().copied().max().unwrap_or(0));
            assert_eq!(made, lengths);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn random_queues_keep_the_rules(seed in any::<u64>()) {
            play(seed);
        }

        #[test]
        fn queues_take_the_fewest_steps(seed in any::<u64>()) {
            fewest_steps(seed);
        }
    }
}
