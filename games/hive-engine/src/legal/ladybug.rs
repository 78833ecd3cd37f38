//! The ladybug (Hive rules, "Ladybug"): "The Ladybug moves three spaces; two on top of the Hive,
//! then one down. It must move exactly two on top of the Hive and then move one down on its last
//! move. It may not move around the outside of the Hive and may not end its movement on top of
//! the Hive."
//!
//! Each step is a beetle's, bound by the same gates atop the hive (Mzinga's reading): up onto a
//! stack, across onto another stack, down to an empty cell that is not where it started.

use super::super::board::{Board, Mv};
use super::{Scratch, step_free};

impl Board {
    /// The ladybug numbered `i`, on the ground: every cell its three steps reach, once each.
    pub(crate) fn ladybug_moves(&mut self, i: u8, out: &mut Vec<Mv>, scratch: &mut Scratch) {
        let from = self.at(i);
        let hex = self.hex(i);
        // Off the board while it walks: its own cell is empty behind it.
        self.lift(i);
        scratch.cells.clear();
        for d1 in 0..6 {
            let a = from.step(d1);
            if !self.occupied(a) || !step_free(self, 0, from, d1) {
                continue;
            }
            for d2 in 0..6 {
                let b = a.step(d2);
                if !self.occupied(b) || !step_free(self, self.height(a), a, d2) {
                    continue;
                }
                for d3 in 0..6 {
                    let c = b.step(d3);
                    if self.occupied(c)
                        || c == from
                        || !step_free(self, self.height(b), b, d3)
                        || !scratch.seen.insert(c)
                    {
                        continue;
                    }
                    scratch.cells.push(c);
                    out.push(Mv {
                        piece: i,
                        from,
                        to: c,
                    });
                }
            }
        }
        scratch.forget();
        self.put(i, from, hex);
    }
}
