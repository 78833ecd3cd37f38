//! Kodex Б §8.5, Kodex В §8.5 against brute force: on thousands of random small plans (any cells,
//! rivers pointing anywhere, broken pit cycles, any walls and borders, all three kinds of rivers) the
//! validator finds a reachability problem exactly when a breadth-first search from every cell over
//! every move of `Topology::step` does, and every cell it blames really is at fault.

use std::collections::VecDeque;

use labyrinth::validate::{Rule, validate};
use labyrinth::{
    Board, Border, Cell, Coord, Dir, InnerWall, Move, PitId, Plan, RiverKind, Ruleset, Size,
    Topology,
};
use proptest::prelude::*;

/// A random plan, as raw choices the strategy can shrink.
#[derive(Clone, Debug)]
struct Raw {
    width: u8,
    height: u8,
    cells: Vec<(u8, u8)>,
    inner: Vec<u8>,
    border: Vec<u8>,
    rivers: u8,
}

fn raw() -> impl Strategy<Value = Raw> {
    (
        1u8..=5,
        1u8..=5,
        prop::collection::vec((0u8..14, 0u8..6), 25),
        prop::collection::vec(0u8..5, 40),
        prop::collection::vec(0u8..5, 20),
        0u8..3,
    )
        .prop_map(|(width, height, cells, inner, border, rivers)| Raw {
            width,
            height,
            cells,
            inner,
            border,
            rivers,
        })
}

/// A cell from a choice: land most often, then rivers every way, mouths, pits of two cycles with
/// places 1..=3 (gaps and repeats included), the rest.
fn cell(kind: u8, extra: u8) -> Cell {
    match kind {
        0..=3 => Cell::Land,
        4..=7 => Cell::River(Dir::ALL[usize::from(kind - 4)]),
        8 | 9 => Cell::Mouth,
        10 | 11 => Cell::Pit(PitId {
            cycle: extra % 2,
            place: u16::from(extra / 2) + 1,
        }),
        12 => Cell::Hospital,
        _ => Cell::Arsenal,
    }
}

fn build(raw: &Raw) -> (Plan, RiverKind) {
    let size = Size::new(raw.width, raw.height).unwrap();
    let mut board = Board::new(size);
    for (c, &(kind, extra)) in size.cells().zip(&raw.cells) {
        board.set_cell(c, cell(kind, extra));
    }
    let inner: Vec<(Coord, Dir)> = board.inner_sides().map(|(c, d, _)| (c, d)).collect();
    for ((c, d), &w) in inner.into_iter().zip(&raw.inner) {
        // Open sides most often, so that some mazes are connected.
        let wall = match w {
            0..=2 => InnerWall::Open,
            3 => InnerWall::Wall,
            _ => InnerWall::Solid,
        };
        board.set_inner(c, d, wall);
    }
    let border: Vec<(Coord, Dir)> = board.border_sides().map(|(c, d, _)| (c, d)).collect();
    for ((c, d), &b) in border.into_iter().zip(&raw.border) {
        let kind = match b {
            0..=2 => Border::Wall,
            3 => Border::ClosedExit,
            _ => Border::Exit,
        };
        board.set_border(c, d, kind);
    }
    let rivers =
        [RiverKind::Deep, RiverKind::Shallow, RiverKind::Torrential][usize::from(raw.rivers)];
    (Plan::new(board), rivers)
}

/// For every cell, the cells it reaches with any number of moves (itself included).
fn reach_all(board: &Board, rivers: RiverKind) -> Vec<Vec<bool>> {
    let size = board.size();
    let topology = Topology::new(board);
    let moves: Vec<Move> = Dir::ALL
        .map(Move::Step)
        .into_iter()
        .chain([Move::Current, Move::Cycle])
        .collect();
    size.cells()
        .map(|start| {
            let mut seen = vec![false; size.area()];
            seen[size.index(start)] = true;
            let mut queue = VecDeque::from([start]);
            while let Some(here) = queue.pop_front() {
                for &mv in &moves {
                    let Ok(outcome) = topology.step(board, rivers, here, mv) else {
                        continue;
                    };
                    if let Some(to) = outcome.end(here) {
                        if !seen[size.index(to)] {
                            seen[size.index(to)] = true;
                            queue.push_back(to);
                        }
                    }
                }
            }
            seen
        })
        .collect()
}

/// The faults of each cell by brute force: (no way in, no way out). No way in: one can stand on the
/// cell and some cell does not reach it. No way out: it does not reach some cell one can stand on.
fn faults(board: &Board, rivers: RiverKind) -> Vec<(bool, bool)> {
    let size = board.size();
    let reach = reach_all(board, rivers);
    let standable: Vec<bool> = size
        .cells()
        .map(|c| !Topology::never_stood_on(board, rivers, c))
        .collect();
    let n = size.area();
    let mut fault = vec![(false, false); n];
    for a in 0..n {
        for b in (0..n).filter(|&b| standable[b] && !reach[a][b]) {
            fault[a].1 = true;
            fault[b].0 = true;
        }
    }
    fault
}

fn is_reach_rule(rule: &Rule) -> bool {
    matches!(
        rule,
        Rule::Unreachable | Rule::NoWayOut { .. } | Rule::CutOff
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10000, ..ProptestConfig::default() })]

    #[test]
    fn reachability_agrees_with_brute_force(raw in raw()) {
        // Kodex Б §8.5: every cell but river sources reachable from every cell without grenades.
        let (plan, rivers) = build(&raw);
        let mut rules = Ruleset::classic();
        rules.rivers = rivers;
        let blamed: Vec<(Coord, Rule)> = validate(&plan, &rules, None)
            .problems
            .iter()
            .filter(|f| is_reach_rule(&f.rule))
            .filter_map(|f| Some((f.cell?, f.rule)))
            .collect();
        let fault = faults(&plan.board, rivers);
        let any_fault = fault.iter().any(|&(no_in, no_out)| no_in || no_out);
        prop_assert_eq!(blamed.is_empty(), !any_fault, "blamed {:?}", blamed);
        let size = plan.board.size();
        for (c, rule) in blamed {
            let (no_in, no_out) = fault[size.index(c)];
            // What the message says must be true: no way in, no way out, or both.
            let true_to_message = match rule {
                Rule::Unreachable => no_in,
                Rule::NoWayOut { .. } => no_out,
                _ => no_in && no_out,
            };
            prop_assert!(true_to_message, "{}: {:?} but the faults are {:?}", c, rule, (no_in, no_out));
        }
    }
}
