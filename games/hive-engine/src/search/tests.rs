//! Tests of the player: legal moves only, wins seen at once, a random mover beaten.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::Options;

fn tournament() -> Game {
    Game::new(Options::base(true))
}

/// A game after `plies` random moves from seed `seed` (shorter if it ended).
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = tournament();
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    g
}

/// Whether `m` ends the game at once in the mover's favour.
fn wins_at_once(game: &mut Game, m: Move) -> bool {
    let me = game.to_move();
    game.play(m).unwrap();
    let won = game.state().winner() == Some(me);
    game.undo();
    won
}

/// Positions from seeded random games where the side to move surrounds the enemy queen in one
/// move.
const MATE_IN_ONE: [&str; 4] = [
    r"Base;InProgress;Black[10];wS1;bA1 wS1\;wB1 wS1/;bB1 /bA1;wQ -wB1;bG1 bA1-;wB2 \wQ;bQ bG1\;wS2 \wB2;bB2 bQ/;wS2 /wQ;bA2 -bB1;wG1 wB1/;bA2 \bB2;wG2 wG1/;bS1 bQ\;wG3 wG2/;bG2 bB2\;wA1 /wB2",
    r"Base;InProgress;Black[13];wA1;bG1 -wA1;wG1 wA1/;bQ /bG1;wB1 wG1-;bA1 \bG1;wQ wA1\;bA1 \wB1;wB2 wQ\;bB1 bQ\;wS1 wB2/;bA1 -bQ;wG2 wS1-;bS1 /bB1;wB2 wQ;bG2 -bA1;wB2 wS1;bG3 \bG2;wS2 wQ\;bS1 /bG2;wG3 wG2/;bA2 -bG3;wB2 wS1\;bB1 bG1\;wB1 wG1\",
    r"Base;InProgress;Black[10];wB1;bB1 /wB1;wB2 wB1/;bB2 /bB1;wQ wB2/;bS1 -bB1;wG1 \wQ;bQ bB2\;wS1 wG1/;bA1 bB1\;wS2 /wG1;bA1 wB2\;wS1 -wS2;bS2 /bQ;wG2 wS1\;bG1 /bS1;wG3 wQ-;bA1 \bS1;wA1 wQ\",
    r"Base;InProgress;White[8];wG1;bS1 wG1-;wA1 -wG1;bG1 bS1\;wA2 -wA1;bS2 bG1\;wQ \wA2;bQ bG1/;wA3 \wG1;bA1 \bQ;wA3 \bA1;bG2 bQ/;wG2 wA1\;bA2 bQ\",
];

/// Positions from seeded random games where the side to move cannot win at once but wins with
/// its next two moves whatever the reply.
const MATE_IN_TWO: [&str; 2] = [
    r"Base;InProgress;White[15];wS1;bS1 \wS1;wA1 /wS1;bG1 -bS1;wG1 wS1-;bG2 \bG1;wQ -wA1;bQ bS1/;wQ /wA1;bG3 /bG2;wS2 -wQ;bQ \wG1;wG2 wS2\;bA1 bQ/;wG3 wG1\;bA2 \bG2;wS2 bG3\;bS2 bA1/;wB1 wS2\;bB1 -bS2;wA1 wG3-;bB2 \bB1;wA2 wG3\;bA2 \bS2;wA2 -wG2;bA3 -bG2;wA1 -bA3;bA2 -bB2",
    r"Base;InProgress;White[27];wS1;bS1 -wS1;wA1 wS1\;bA1 -bS1;wG1 /wA1;bA2 \bS1;wQ -wG1;bQ /bA1;wA2 wQ\;bS2 \bA2;wA3 wG1\;bQ bA1\;wA3 wS1/;bG1 /bA1;wG2 wA1-;bA3 /bS2;wA3 \wG2;bG2 -bG1;wG3 wG1\;bG3 -bG2;wS2 wG2\;bA2 /wQ;wA2 bG3\;bA2 bS2/;wA3 /bG3;bB1 /bA3;wA2 bG2\;bA2 bG3\;wB1 wG3\;bA2 wA2\;wA3 wG2/;bA2 bS2-;wB2 wS2\;bA2 /bG3;wA2 \bS2;bA2 wB2\;wA2 -bB1;bA2 \wA3;wA2 \bS2;bB2 bA2/;wA2 -bS2;bB1 /wA2;wA2 /wB2;bB1 -bS2;wG1 bG1\;bB1 -bA3;wG1 bB1\;bB2 \bA2;wG1 /bA2;bS2 /bB2;wA3 bA2/;bA2 \bS1",
];

fn load(s: &str) -> Game {
    Game::from_game_string(s, Options::base(true)).expect("a test position")
}

/// Whether `m` wins by force with the mover's next move: every reply leaves a winning move.
fn forces_win_in_two(game: &mut Game, m: Move) -> bool {
    let me = game.to_move();
    game.play(m).unwrap();
    let forced = !game.state().is_over()
        && game.legal_moves().into_iter().all(|reply| {
            game.play(reply).unwrap();
            // A reply that surrounds its own queen loses at once (Hive: «Конец игры»).
            let won = game.state().winner() == Some(me)
                || (!game.state().is_over()
                    && game
                        .legal_moves()
                        .into_iter()
                        .any(|m3| wins_at_once(game, m3)));
            game.undo();
            won
        });
    game.undo();
    forced
}

// Hive: «Конец игры» — surrounding the enemy queen wins at once; every level sees it.
#[test]
fn every_level_surrounds_the_queen_when_it_can() {
    for s in MATE_IN_ONE {
        let mut g = load(s);
        assert!(
            g.legal_moves().into_iter().any(|m| wins_at_once(&mut g, m)),
            "{s}"
        );
        for level in 1..=5 {
            let m = best_move(&g, level).expect("a move");
            assert!(
                wins_at_once(&mut g, m),
                "level {level} played {} in {s}",
                g.move_string(&m)
            );
        }
        let found = search(&g, Limits::depth(3));
        assert_eq!(found.mate(), Some(1), "the fastest win is preferred");
    }
}

// Hive: «Конец игры» — from level 3 the bot sees a win in two of its own moves.
#[test]
fn from_level_three_the_bot_wins_in_two() {
    for s in MATE_IN_TWO {
        let mut g = load(s);
        assert!(
            !g.legal_moves().into_iter().any(|m| wins_at_once(&mut g, m)),
            "{s}"
        );
        for level in 3..=5 {
            let found = search(&g, Limits::level(level));
            let m = found.best.expect("a move");
            assert_eq!(found.mate(), Some(3), "level {level} in {s}");
            assert!(
                forces_win_in_two(&mut g, m),
                "level {level}: {}",
                g.move_string(&m)
            );
        }
    }
}

// Hive: «Конец игры» — two threads sharing the table find the win in two one thread finds.
#[test]
fn two_threads_find_what_one_finds() {
    for s in MATE_IN_TWO {
        let mut g = load(s);
        let limits = Limits {
            depth: Some(3),
            time: Some(Duration::from_secs(600)),
            ..Limits::default()
        };
        let one = search(&g, limits);
        let two = search(&g, limits.with_threads(2));
        assert_eq!(one.mate(), Some(3), "{s}");
        assert_eq!(two.mate(), Some(3), "{s}");
        let m = two.best.expect("a move");
        assert!(forces_win_in_two(&mut g, m), "{}", g.move_string(&m));
        // The helper, a ply ahead, may let the main search see the win an iteration early.
        assert!(two.nodes > one.nodes / 2 && (1..=3).contains(&two.depth));
    }
}

#[test]
fn a_memory_kept_from_search_to_search_saves_work() {
    let g = random_game(6, 24);
    let mut memory = Memory::new();
    let first = search_with(&g, Limits::depth(4), &mut memory);
    let again = search_with(&g, Limits::depth(4), &mut memory);
    assert!(first.best.is_some_and(|m| g.check(&m).is_ok()));
    assert_eq!(again.best, first.best);
    assert!(
        again.nodes * 2 < first.nodes,
        "{} positions again, {} the first time",
        again.nodes,
        first.nodes
    );
    // The next move's search starts from the same memory and still answers legally.
    let mut next = g.clone();
    next.play(first.best.unwrap()).unwrap();
    let reply = search_with(&next, Limits::depth(3), &mut memory);
    assert!(reply.best.is_some_and(|m| next.check(&m).is_ok()));
}

#[test]
fn threads_are_used_only_against_the_clock() {
    // A node budget must give the same move on every machine: a second thread would race.
    let g = random_game(4, 20);
    let limits = Limits::level(4).with_threads(2);
    assert_eq!(search(&g, limits), search(&g, Limits::level(4)));
}

#[test]
fn every_move_is_legal_and_none_comes_only_after_the_end() {
    for seed in 0..6 {
        for plies in [0, 1, 6, 15, 30, 60] {
            let g = random_game(seed, plies);
            for level in 1..=3 {
                match best_move(&g, level) {
                    Some(m) => assert_eq!(g.check(&m), Ok(()), "{}", g.game_string()),
                    None => assert!(g.state().is_over(), "{}", g.game_string()),
                }
            }
        }
    }
    // Hive: «Конец игры» — nobody moves after a queen is surrounded.
    let mut g = load(MATE_IN_ONE[0]);
    let win = g
        .legal_moves()
        .into_iter()
        .find(|&m| wins_at_once(&mut g, m))
        .unwrap();
    g.play(win).unwrap();
    for level in 1..=5 {
        assert_eq!(best_move(&g, level), None);
    }
    assert_eq!(search(&g, Limits::depth(2)).best, None);
}

#[test]
fn the_same_position_gets_the_same_answer() {
    let g = random_game(3, 24);
    let a = search(&g, Limits::level(3));
    let b = search(&g, Limits::level(3));
    assert_eq!(a, b);
    assert_eq!(a.pv.first().copied(), a.best);
    assert_eq!(Limits::level(0), Limits::level(1));
    assert_eq!(Limits::level(9), Limits::level(5));
}

#[test]
fn a_node_budget_stops_the_search_but_not_before_its_floor() {
    let g = random_game(5, 30);
    let cut = search(
        &g,
        Limits {
            depth: Some(8),
            nodes: Some(500),
            time: None,
            min_depth: 2,
            threads: 1,
        },
    );
    assert!(cut.depth >= 2 && cut.depth < 8, "depth {}", cut.depth);
    assert!(cut.best.is_some_and(|m| g.check(&m).is_ok()));
    let timed = search(&g, Limits::time(Duration::ZERO));
    assert!(timed.depth >= 1);
    assert!(timed.best.is_some_and(|m| g.check(&m).is_ok()));
}

/// Plays `bot` at `level` against a random mover from seed `seed`; the result, in at most
/// `cap` plies.
fn versus_random(bot: Color, level: u8, seed: u64, cap: usize) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = tournament();
    while !g.state().is_over() && g.history().len() < cap {
        let m = if g.to_move() == bot {
            best_move(&g, level).expect("the game goes on")
        } else {
            let moves = g.legal_moves();
            moves[rng.random_range(0..moves.len())]
        };
        g.play(m).expect("a legal move");
    }
    g.state()
}

// Hive: «Цель игры» — level 2 surrounds a random mover's queen every time, from either side.
#[test]
fn level_two_beats_a_random_mover() {
    for seed in 0..10 {
        let bot = Color::ALL[seed as usize % 2];
        let state = versus_random(bot, 2, seed, 200);
        assert_eq!(state.winner(), Some(bot), "seed {seed}: {state}");
    }
}

#[test]
#[ignore = "a longer match: cargo test --release -- --ignored level_three_beats"]
fn level_three_beats_a_random_mover_fifty_times() {
    for seed in 100..150 {
        let bot = Color::ALL[seed as usize % 2];
        let state = versus_random(bot, 3, seed, 200);
        assert_eq!(state.winner(), Some(bot), "seed {seed}: {state}");
    }
}

#[test]
#[ignore = "a longer match: cargo test --release -- --ignored level_two_beats"]
fn level_two_beats_a_random_mover_three_hundred_times() {
    for seed in 1000..1300 {
        let bot = Color::ALL[seed as usize % 2];
        let state = versus_random(bot, 2, seed, 200);
        assert_eq!(state.winner(), Some(bot), "seed {seed}: {state}");
    }
}

/// Games of level `a` against level `b` from `games` openings of four random plies, each
/// played from both sides: `a`'s wins and losses.
fn match_levels(a: u8, b: u8, games: u64) -> (u32, u32) {
    let (mut won, mut lost) = (0, 0);
    for seed in 0..games {
        let mut g = random_game(seed / 2, 4);
        let a_color = Color::ALL[seed as usize % 2];
        while !g.state().is_over() && g.history().len() < 200 {
            let level = if g.to_move() == a_color { a } else { b };
            g.play(best_move(&g, level).unwrap()).unwrap();
        }
        match g.state().winner() {
            Some(c) if c == a_color => won += 1,
            Some(_) => lost += 1,
            None => {}
        }
    }
    (won, lost)
}

#[test]
#[ignore = "self-play: cargo test --release -- --ignored --nocapture each_level"]
fn each_level_beats_the_one_below() {
    for (a, games) in [(2, 40), (3, 20), (4, 10)] {
        let (won, lost) = match_levels(a, a - 1, games);
        println!(
            "level {a} against {}: {won} won, {lost} lost of {games}",
            a - 1
        );
        assert!(won > lost, "level {a}: {won} won, {lost} lost");
    }
}
