//! The legal placements the board offers, checked against brute force: every cell around the maze,
//! both orientations, through the placement check and through a reference check written here
//! independently (a fixed-point flood instead of a queue), on many boards grown by random play.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::{Board, Cell, START};
use crate::card::{Dir, Path, Sides};
use crate::game::{Game, Order, PlayerId};

/// Every shape a tunnel card can have, as a hand names it.
fn shapes() -> Vec<Path> {
    let mut all = BTreeSet::new();
    for bits in 1..16u8 {
        for dead in [false, true] {
            all.insert(
                Path {
                    sides: Sides(bits),
                    dead,
                }
                .canonical(),
            );
        }
    }
    all.into_iter().collect()
}

/// The reference: the cards the tunnel carries through, found by sweeping every card until nothing
/// changes.
fn carriers(b: &Board) -> BTreeSet<Cell> {
    let mut reached = BTreeSet::from([START]);
    loop {
        let mut grew = false;
        for (cell, _) in b.tiles() {
            if reached.contains(&cell) {
                continue;
            }
            let Some(me) = b.path_at(cell) else { continue };
            let fed = Dir::ALL.into_iter().any(|d| {
                let n = cell.next(d);
                me.sides.has(d)
                    && reached.contains(&n)
                    && b.path_at(n)
                        .is_some_and(|q| !q.dead && q.sides.has(d.opposite()))
            });
            if fed {
                reached.insert(cell);
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    reached
        .into_iter()
        .filter(|&c| b.path_at(c).is_some_and(|p| !p.dead))
        .collect()
}

/// The reference placement rule (Ход картой «путь»).
fn fits(b: &Board, carriers: &BTreeSet<Cell>, cell: Cell, lies: Path) -> bool {
    if b.get(cell).is_some() {
        return false;
    }
    let matches = Dir::ALL.into_iter().all(|d| match b.path_at(cell.next(d)) {
        Some(q) => q.sides.has(d.opposite()) == lies.sides.has(d),
        None => true,
    });
    let joins = Dir::ALL.into_iter().any(|d| {
        let n = cell.next(d);
        lies.sides.has(d)
            && carriers.contains(&n)
            && b.path_at(n).is_some_and(|q| q.sides.has(d.opposite()))
    });
    matches && joins
}

fn compare(b: &Board) {
    let (lo, hi) = b.bounds();
    let carriers = carriers(b);
    for shape in shapes() {
        let turns: &[bool] = if shape.symmetric() {
            &[false]
        } else {
            &[false, true]
        };
        let mut by_check = Vec::new();
        let mut by_reference = Vec::new();
        for y in lo.y - 1..=hi.y + 1 {
            for x in lo.x - 1..=hi.x + 1 {
                let cell = Cell::new(x, y);
                for &rotated in turns {
                    let lies = if rotated { shape.rotated() } else { shape };
                    if b.check(cell, lies).is_ok() {
                        by_check.push((cell, rotated));
                    }
                    if fits(b, &carriers, cell, lies) {
                        by_reference.push((cell, rotated));
                    }
                }
            }
        }
        by_check.sort();
        by_reference.sort();
        let offered = b.placements(&shape);
        assert_eq!(offered, by_check, "{shape} on {b:?}");
        assert_eq!(offered, by_reference, "{shape} on {b:?}");
    }
}

// Saboteur: Ход картой «путь» — the offered placements are exactly where a card may lie.
#[test]
fn placements_agree_with_brute_force() {
    let mut boards = 0;
    for seed in 0..30u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(3 + (seed % 8) as usize, PlayerId(0), seed).unwrap();
        for step in 0..300 {
            let Some(who) = g.to_move() else { break };
            let legal = g.legal();
            // Grow the maze: prefer path cards, now and then a rockfall.
            let paths: Vec<&Order> = legal
                .iter()
                .filter(|o| matches!(o, Order::Path { .. } | Order::Rockfall(_)))
                .collect();
            let pick = if !paths.is_empty() && rng.random_bool(0.85) {
                paths[rng.random_range(0..paths.len())].clone()
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            g.play(who, &pick, rng.random()).unwrap();
            if step % 20 == 19 {
                compare(g.board());
                boards += 1;
            }
        }
    }
    assert!(boards > 200, "{boards} boards compared");
}
