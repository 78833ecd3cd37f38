//! Exits (Kodex Б §1.4, §8.4): spread round the border, never on a river (whose sources no one ever
//! stands on) and never on or next to a treasure (Kodex Б §8 е); at least one open.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::board::{Border, Cell};
use crate::geometry::{Coord, Dir};

use super::draft::{Draft, distance};
use super::quota::Quota;

/// Places `q.exits` exits where there is room, at least `q.min_exits`; `None` if there is not room
/// for that many.
pub(super) fn place(d: &mut Draft, q: &Quota, rng: &mut ChaCha8Rng) -> Option<()> {
    let treasures: Vec<Coord> = d.items.iter().map(|i| i.at).collect();
    let mut sides: Vec<(Coord, Dir)> = d
        .board
        .border_sides()
        .filter(|&(c, _, _)| !matches!(d.board.cell(c), Cell::River(_)))
        .filter(|&(c, _, _)| treasures.iter().all(|&t| distance(t, c) > 1))
        .map(|(c, dir, _)| (c, dir))
        .collect();
    sides.shuffle(rng);
    let want = q.exits as usize;
    let mut chosen: Vec<(Coord, Dir)> = vec![];
    // Keep exits apart where the border allows: first three cells apart, then two, then anywhere.
    for gap in [3, 2, 0] {
        for &(c, dir) in &sides {
            if chosen.len() == want {
                break;
            }
            let apart = chosen
                .iter()
                .all(|&(o, odir)| (o, odir) != (c, dir) && distance(o, c) >= gap);
            if apart {
                chosen.push((c, dir));
            }
        }
    }
    if chosen.len() < q.min_exits as usize {
        return None;
    }
    let closed = if q.closed_exits { chosen.len() / 2 } else { 0 };
    for (k, &(c, dir)) in chosen.iter().enumerate() {
        // The first is always open: Kodex В §1.4, and Kodex Б §8.4 "often".
        let kind = if k == 0 || k > closed {
            Border::Exit
        } else {
            Border::ClosedExit
        };
        d.board.set_border(c, dir, kind);
    }
    Some(())
}
