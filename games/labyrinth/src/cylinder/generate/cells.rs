//! What the cells of an attempt are: the morgue, the arsenals, river systems, pits, lone swamps and
//! spinners, on a board of land, always leaving the land the quota keeps for starts and creatures.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use super::draft::Draft;
use super::quota::Quota;
use super::rivers;
use crate::cylinder::{Ground, Needle};
use crate::geometry::Coord;

/// Chooses every cell's ground; `None` when not even the morgue finds room.
pub(super) fn place(d: &mut Draft, q: &Quota, rng: &mut ChaCha8Rng) -> Option<()> {
    // Seed 004: "морг. Клетка, в которую игрок попадает после смерти" — exactly one.
    put_one(d, Ground::Morgue, rng)?;
    for _ in 0..q.arsenals {
        put_one(d, Ground::Arsenal, rng);
    }
    // Seed 004: "Каждая река в конечном итоге впадает в болото".
    for _ in 0..rng.random_range(q.systems.0..=q.systems.1) {
        rivers::system(d, q.channel, rng);
    }
    pits(d, q.pits, rng);
    for _ in 0..rng.random_range(q.swamps.0..=q.swamps.1) {
        lone_swamp(d, rng);
    }
    spinners(d, q.spinners, rng);
    Some(())
}

/// Puts `ground` on a random land cell, room allowing.
fn put_one(d: &mut Draft, ground: Ground, rng: &mut ChaCha8Rng) -> Option<Coord> {
    if d.room() == 0 {
        return None;
    }
    let &c = d.land().choose(rng)?;
    d.board.set_ground(c, ground);
    Some(c)
}

/// A swamp apart from the rivers and the other swamps.
fn lone_swamp(d: &mut Draft, rng: &mut ChaCha8Rng) {
    let apart: Vec<Coord> = d
        .land()
        .into_iter()
        .filter(|&c| !d.near_water(c, None))
        .collect();
    if let (true, Some(&c)) = (d.room() > 0, apart.choose(rng)) {
        d.board.set_ground(c, Ground::Swamp);
    }
}

/// Pits as a permutation without a pit to itself (seed 004: "каждая яма ведет в конкретную другую
/// яму, в каждую яму ведет ровно одна"): one random cycle, or two.
fn pits(d: &mut Draft, range: (usize, usize), rng: &mut ChaCha8Rng) {
    let count = rng.random_range(range.0..=range.1).min(d.room());
    if count < 2 {
        return;
    }
    let mut cells = d.land();
    cells.shuffle(rng);
    cells.truncate(count);
    for (from, to) in cycles(&cells, rng) {
        d.board.set_ground(from, Ground::Pit { to });
    }
}

/// Links `cells` (in random order) into one cycle, or, from four cells, into two at random: each
/// cell to the next of its cycle.
pub(super) fn cycles(cells: &[Coord], rng: &mut ChaCha8Rng) -> Vec<(Coord, Coord)> {
    let n = cells.len();
    let split = if n >= 4 && rng.random_bool(0.5) {
        rng.random_range(2..=n - 2)
    } else {
        n
    };
    let mut links = vec![];
    for part in [&cells[..split], &cells[split..]] {
        for (i, &from) in part.iter().enumerate() {
            links.push((from, part[(i + 1) % part.len()]));
        }
    }
    links
}

/// Spinners with random needles (seed 004: "стрелка может показывать вместо севера на восток …, на
/// других — на юг, на третих — на запад"), leaving land for the creatures and the treasure.
fn spinners(d: &mut Draft, range: (usize, usize), rng: &mut ChaCha8Rng) {
    let mut land = d.land();
    land.shuffle(rng);
    // One land cell more than the creatures need, so the treasure has a choice.
    let spare = land.len().saturating_sub(d.land_keep + 1);
    let count = rng.random_range(range.0..=range.1).min(spare);
    for &c in &land[..count] {
        let &needle = Needle::ALL.choose(rng).unwrap_or(&Needle::South);
        d.board.set_ground(c, Ground::Spinner(needle));
    }
}
