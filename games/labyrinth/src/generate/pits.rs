//! Pit cycles (Kodex Б §4.4): 2 to 4 pits each, numbered 1..N without gaps, some along the outer
//! wall where they are hardest to make out (Kodex Б §8 д).

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::board::{Cell, PitId};
use crate::geometry::Coord;

use super::draft::Draft;
use super::quota::Quota;

/// Chance that a pit is put on a border cell when one is free.
const ALONG_WALL: f64 = 0.5;

/// Places up to `q.pit_cycles` cycles within the quota's limits.
pub(super) fn place(d: &mut Draft, q: &Quota, rng: &mut ChaCha8Rng) {
    if q.pit_cycle_len < 2 {
        return;
    }
    let mut left = q.pits;
    for cycle in 0..q.pit_cycles.min(26) {
        let len = rng.random_range(2..=q.pit_cycle_len).min(left);
        if len < 2 {
            return;
        }
        let mut pits: Vec<Coord> = vec![];
        for _ in 0..len {
            let wall = rng.random_bool(ALONG_WALL);
            let spot = d
                .pick(rng, |d, c| pit_fits(d, c) && d.on_border(c) == wall)
                .or_else(|| d.pick(rng, pit_fits));
            let Some(c) = spot else { break };
            // Mark it now so the next pit of the cycle keeps its distance.
            let place = pits.len() as u16 + 1;
            d.board.set_cell(c, pit(cycle, place));
            pits.push(c);
        }
        if pits.len() < 2 {
            for c in pits {
                d.board.set_cell(c, Cell::Land);
            }
            return;
        }
        left -= pits.len() as u32;
    }
}

fn pit(cycle: u32, place: u16) -> Cell {
    Cell::Pit(PitId {
        cycle: cycle as u8,
        place,
    })
}

/// Pits go on free land, not next to another pit, so that stepping out of a pit never drops a player
/// straight into the next one and pits stay spread over the maze.
fn pit_fits(d: &Draft, c: Coord) -> bool {
    d.is_free(c)
        && !d.dry[d.idx(c)]
        && d.neighbours(c)
            .all(|(_, n)| !matches!(d.board.cell(n), Cell::Pit(_)))
}
