//! The pillbug's special ability (Hive rules, "Pillbug"): "the Pillbug may move an adjacent,
//! unstacked piece (friend or enemy) two spaces: up onto the Pillbug itself and then down into
//! an empty space adjacent to itself", with its exceptions — not "the last piece moved by your
//! opponent", not "any piece which is part of a stack", not "a piece if it splits the hive", not
//! "through a narrow gap of stacked pieces" — and "any piece which physically moved (directly or
//! by the Pillbug) is rendered immobile on the next player's turn" (the board's last piece, which
//! [`Board::generate`] already keeps from moving).
//!
//! A mosquito on the ground touching a pillbug has the same ability ([`super::mosquito`]).

use super::super::board::{Board, Mv, NONE};
use super::super::grid::Cell;
use super::{Pins, Scratch, step_free};

impl Board {
    /// Every move of a neighbour of `at` over the piece there (a pillbug, or a mosquito touching
    /// one) to an empty neighbour; whether there was any.
    pub(crate) fn pillbug_throws(
        &mut self,
        at: Cell,
        out: &mut Vec<Mv>,
        pins: &mut Pins,
        scratch: &mut Scratch,
    ) -> bool {
        let before = out.len();
        // The carried piece lies on the thrower's stack: one high on the ground.
        let above = self.height(at);
        for d in 0..6 {
            let n = at.step(d);
            let x = self.top(n);
            if x == NONE
                || self.height(n) != 1
                || x == self.last()
                || !pins.free(self, x, &mut scratch.order)
                // Up onto the thrower, from the ground, seen from the piece's cell.
                || !step_free(self, 0, n, (d + 3) % 6)
            {
                continue;
            }
            let hex = self.hex(x);
            self.lift(x);
            for e in 0..6 {
                let to = at.step(e);
                if to != n && !self.occupied(to) && step_free(self, above, at, e) {
                    out.push(Mv {
                        piece: x,
                        from: n,
                        to,
                    });
                }
            }
            self.put(x, n, hex);
        }
        out.len() > before
    }
}
