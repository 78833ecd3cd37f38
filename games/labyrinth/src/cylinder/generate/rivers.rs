//! River systems (seed 004: "река. Течет из клетки на соседнюю, в которой может быть либо тоже река,
//! либо болото. Каждая река в конечном итоге впадает в болото"), grown upstream from their swamp:
//! each new cell flows into a cell already in the system, so the current always ends in the swamp
//! and never runs in a circle. The seam is an ordinary side, so a river may cross it.

use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::draft::Draft;
use crate::cylinder::Ground;
use crate::geometry::{Coord, Dir};

/// One system: a swamp, a main channel of `channel` river cells (fewer where the board is tight),
/// and every other time a tributary of 1–2 cells; nothing when there is no room for a swamp and one
/// river cell.
pub(super) fn system(d: &mut Draft, channel: (usize, usize), rng: &mut ChaCha8Rng) {
    if d.room() < 2 {
        return;
    }
    let mouths: Vec<Coord> = d
        .land()
        .into_iter()
        .filter(|&c| !d.near_water(c, None) && !sources(d, c).is_empty())
        .collect();
    let Some(&mouth) = mouths.choose(rng) else {
        return;
    };
    d.board.set_ground(mouth, Ground::Swamp);
    let len = rng.random_range(channel.0..=channel.1);
    let main = grow(d, mouth, len, rng);
    if main.is_empty() {
        d.board.set_ground(mouth, Ground::Land);
        return;
    }
    // The tributary joins the channel below its source, where it makes a fork.
    if main.len() >= 2 && rng.random_bool(0.5) {
        let &join = main[..main.len() - 1].choose(rng).unwrap_or(&main[0]);
        let len = rng.random_range(1..=2);
        grow(d, join, len, rng);
    }
}

/// Grows a channel upstream from `into` by up to `len` cells; the cells, downstream first.
fn grow(d: &mut Draft, into: Coord, len: usize, rng: &mut ChaCha8Rng) -> Vec<Coord> {
    let mut cells = vec![];
    let mut head = into;
    for _ in 0..len {
        if d.room() == 0 {
            break;
        }
        let Some(&(cell, flow)) = sources(d, head).choose(rng) else {
            break;
        };
        d.board.set_ground(cell, Ground::River(flow));
        d.flows.push((cell, flow));
        cells.push(cell);
        head = cell;
    }
    cells
}

/// The land cells around `head` that may flow into it, with their flow: cells touching no other
/// water, so systems stay apart and a channel does not fold onto itself.
fn sources(d: &Draft, head: Coord) -> Vec<(Coord, Dir)> {
    Dir::ALL
        .into_iter()
        .filter_map(|dir| d.board.neighbour(head, dir).map(|n| (n, dir.opposite())))
        .filter(|&(n, _)| d.is_land(n) && !d.near_water(n, Some(head)))
        .collect()
}
