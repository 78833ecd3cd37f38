//! The mosquito (Hive rules, "Mosquito"): "The Mosquito takes on the movement characteristics of
//! any creature it touches at the time" — "if it is touching a Beetle, it moves as a Beetle";
//! "if moved up on top of the hive as a Beetle, it continues to move as a Beetle until it climbs
//! down from the hive"; "if it is touching a stacked Beetle, it may only copy the Beetle"; and "if
//! the Mosquito is only touching another Mosquito, it cannot move". Touching a pillbug it may use
//! the pillbug's special ability too ([`super::pillbug`]).
//!
//! The creatures are those on top of the neighbouring cells, each kind once.

use super::super::board::{Board, Mv, NONE, bug};
use super::super::piece::Bug;
use super::{Pins, Scratch};

impl Board {
    /// The free mosquito numbered `i`: the ways of the kinds it touches (a beetle's alone on a
    /// stack). Whether two ways may have given the same move, or it carried a piece.
    pub(crate) fn mosquito_moves(
        &mut self,
        i: u8,
        out: &mut Vec<Mv>,
        pins: &mut Pins,
        scratch: &mut Scratch,
    ) -> bool {
        let at = self.at(i);
        if self.height(at) > 1 {
            self.beetle_moves(i, out);
            return false;
        }
        let mut kinds = [false; Bug::ALL.len()];
        for n in at.neighbours() {
            let t = self.top(n);
            if t != NONE {
                kinds[bug(t) as usize] = true;
            }
        }
        let has = |b: Bug| kinds[b as usize];
        let before = out.len();
        let mut ways = 0;
        // An ant's walk reaches every cell a queen's or a spider's does.
        if has(Bug::Ant) {
            self.ant_moves(i, out, scratch);
            ways += 1;
        } else {
            if has(Bug::Queen) || has(Bug::Pillbug) {
                self.queen_moves(i, out);
                ways += 1;
            }
            if has(Bug::Spider) {
                self.spider_moves(i, out, scratch);
                ways += 1;
            }
        }
        if has(Bug::Beetle) {
            self.beetle_moves(i, out);
            ways += 1;
        }
        if has(Bug::Grasshopper) {
            self.grasshopper_moves(i, out);
            ways += 1;
        }
        if has(Bug::Ladybug) {
            self.ladybug_moves(i, out, scratch);
            ways += 1;
        }
        // A piece it carries may be one that could walk there itself: always check.
        let threw = has(Bug::Pillbug) && self.pillbug_throws(at, out, pins, scratch);
        threw || (ways > 1 && out.len() > before)
    }
}
