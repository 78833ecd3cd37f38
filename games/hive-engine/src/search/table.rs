//! The transposition table: positions already searched, by a hash of where every piece lies,
//! with the depth they were searched to, their score (exact or a bound) and their best move.

use crate::{Color, Game, Move};

/// A position's hash: each piece in play by its cell and level (the table's own hash, kept
/// incrementally), the side to move, the turn
/// while the queen rule still depends on it (Hive: «Выложить королеву»), and the piece moved
/// last, which may not move now (Hive rules, "Pillbug").
pub(crate) fn key(game: &Game) -> u64 {
    // Where the pieces lie is kept by the table as moves are made and unmade.
    let mut k = game.position_hash();
    k ^= match game.to_move() {
        Color::White => 0,
        Color::Black => 0x9E37_79B9_7F4A_7C15,
    };
    k ^= mix(0xA11C_E000 + u64::from(game.turn().min(5)));
    // Only a pillbug makes the last piece matter: elsewhere it would only split transpositions.
    let pillbug = game.options().game_type.pillbug;
    if let Some(p) = game.last_move().and_then(|m| m.piece()).filter(|_| pillbug) {
        k ^= mix(0x1A57_0000 + p.index() as u64);
    }
    k
}

/// SplitMix64's finaliser: a well-spread 64-bit hash of a 64-bit code.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What a stored score says of the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (every move failed low).
    Upper,
}

/// One searched position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) best: Option<Move>,
    pub(crate) score: i32,
    pub(crate) depth: u32,
    pub(crate) bound: Bound,
}

/// A fixed number of slots, one entry each, the newer search of a slot's position or a deeper
/// one of another position replacing it.
pub(crate) struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table of `2^bits` slots.
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            slots: vec![None; 1 << bits],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The entry of the position with hash `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.slot(key)].filter(|e| e.key == key)
    }

    /// Stores `entry`, unless its slot holds a deeper search of another position.
    pub(crate) fn store(&mut self, entry: Entry) {
        let i = self.slot(entry.key);
        match self.slots[i] {
            Some(old) if old.key != entry.key && old.depth > entry.depth + 1 => {}
            _ => self.slots[i] = Some(entry),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;

    #[test]
    fn the_same_position_by_other_move_orders_hashes_alike() {
        let mut a = Game::new(Options::default());
        let mut b = Game::new(Options::default());
        for m in ["wS1", "bS1 wS1-", "wG1 -wS1", "bG1 bS1-", "wA1 /wS1"] {
            a.play_str(m).unwrap();
        }
        for m in ["wS1", "bS1 wS1-", "wA1 /wS1", "bG1 bS1-", "wG1 -wS1"] {
            b.play_str(m).unwrap();
        }
        assert_eq!(key(&a), key(&b));
        b.undo();
        assert_ne!(key(&a), key(&b));
        let mut t = Table::new(4);
        t.store(Entry {
            key: key(&a),
            best: None,
            score: 7,
            depth: 2,
            bound: Bound::Exact,
        });
        assert_eq!(t.probe(key(&a)).map(|e| e.score), Some(7));
        assert!(t.probe(key(&b)).is_none());
    }
}
