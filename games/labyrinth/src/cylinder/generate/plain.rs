//! The plain layout taken when no attempt succeeded, valid by construction.
//!
//! Why it is valid: every inner side is open and there are no rivers or pits, so a step always ends
//! on the cell stepped to and every cell reaches every other, the treasure and the exits' cells
//! included; there is one morgue, and the treasure lies on land; the exits are on cells of the north
//! and south rows, which the treasure is not on; the bear and the ghost start on land, and the ghost's
//! path keeps him on the board. Of at least 16 cells, five are taken (morgue, arsenal, treasure,
//! bear, ghost), which leaves a start for each of up to 8 players.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::things::{exits, ghost_steps, treasure};
use crate::cylinder::{CylBoard, CylPlan, GhostPath, Ground};
use crate::geometry::{Coord, Size};

/// A plain plan: open land with a morgue, an arsenal, the treasure, two exits, the bear and the ghost.
pub(super) fn plan(size: Size, rng: &mut ChaCha8Rng) -> CylPlan {
    let mut board = CylBoard::new(size);
    let treasure = treasure(&board, rng).unwrap_or(Coord::new(0, 1));
    exits(&mut board, treasure, 2, rng);
    let mut land: Vec<Coord> = size.cells().filter(|&c| c != treasure).collect();
    land.shuffle(rng);
    board.set_ground(land[0], Ground::Morgue);
    board.set_ground(land[1], Ground::Arsenal);
    let (bear, start) = (land[2], land[3]);
    CylPlan {
        treasure,
        crocodiles: vec![],
        bear: Some(bear),
        ghost: Some(GhostPath {
            start,
            steps: ghost_steps(size, start, rng),
        }),
        board,
    }
}
