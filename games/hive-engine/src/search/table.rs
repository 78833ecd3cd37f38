//! The transposition table: positions already searched, by a hash of where every piece lies,
//! with the depth they were searched to, their score (exact or a bound) and their best move.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::{Color, Game, Hex, Move, Piece};

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
/// one of another position replacing it. Shared by the threads of one search without locks:
/// a slot is two words, the entry packed into one and its key mixed with it in the other, so a
/// slot torn by two threads writing at once reads as empty rather than as a wrong entry.
pub(crate) struct Table {
    slots: Vec<Slot>,
    /// Which search of a game stored an entry (wrapping): an older search's entry gives way to
    /// a newer one's, however deep, so a table kept from move to move does not silt up.
    generation: u64,
}

#[derive(Default)]
struct Slot {
    /// The key xor the data.
    check: AtomicU64,
    /// [`pack`]ed entry.
    data: AtomicU64,
}

impl Table {
    /// A table of `2^bits` slots.
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            slots: (0..1usize << bits).map(|_| Slot::default()).collect(),
            generation: 0,
        }
    }

    /// Marks the entries stored so far as a past search's.
    pub(crate) fn age(&mut self) {
        self.generation = (self.generation + 1) & GENERATION_MASK;
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// The stored data of `key`'s slot, if the slot holds that key.
    fn read(&self, key: u64) -> Option<u64> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (data != 0 && check ^ data == key).then_some(data)
    }

    /// The entry of the position with hash `key` in `game`, if stored (its best move read
    /// against `game`'s pieces).
    pub(crate) fn probe(&self, key: u64, game: &Game) -> Option<Entry> {
        self.read(key).map(|data| unpack(key, data, game))
    }

    /// Stores `entry`, unless its slot holds a deeper search of another position.
    pub(crate) fn store(&self, entry: Entry) {
        let slot = self.slot(entry.key);
        let old = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old;
        let current = (old >> GENERATION_SHIFT) & GENERATION_MASK == self.generation;
        if old != 0 && old_key != entry.key && current && depth_of(old) > entry.depth + 1 {
            return;
        }
        let data = pack(&entry) | self.generation << GENERATION_SHIFT;
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(entry.key ^ data, Ordering::Relaxed);
    }
}

// The packed entry, low bits first: score + SCORE_OFFSET (22 bits), depth (7), bound (2), the
// best move (23: a tag, the piece, the destination's q and r as bytes), the generation (8),
// and a set top bit so that no entry packs to 0, the empty slot.
const SCORE_OFFSET: i64 = 1 << 21;
const DEPTH_SHIFT: u32 = 22;
const BOUND_SHIFT: u32 = 29;
const MOVE_SHIFT: u32 = 31;
const GENERATION_SHIFT: u32 = 54;
const GENERATION_MASK: u64 = 0xFF;
const PRESENT: u64 = 1 << 63;
const TAG_PLACE: u64 = 1;
const TAG_SHIFT: u64 = 2;
const TAG_PASS: u64 = 3;

fn pack(e: &Entry) -> u64 {
    let score = (i64::from(e.score) + SCORE_OFFSET) as u64 & ((1 << 22) - 1);
    let depth = u64::from(e.depth.min(127)) << DEPTH_SHIFT;
    let bound = match e.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    } << BOUND_SHIFT;
    let mv = e.best.map_or(0, pack_move) << MOVE_SHIFT;
    score | depth | bound | mv | PRESENT
}

/// A move as 23 bits: tag (2), piece (5), destination q and r (8 each); 0 (no move) when the
/// destination lies beyond a byte's reach.
fn pack_move(m: Move) -> u64 {
    let (tag, piece, to) = match m {
        Move::Pass => return TAG_PASS,
        Move::Place { piece, to } => (TAG_PLACE, piece, to),
        Move::Shift { piece, to, .. } => (TAG_SHIFT, piece, to),
    };
    let (Ok(q), Ok(r)) = (i8::try_from(to.q), i8::try_from(to.r)) else {
        return 0;
    };
    tag | (piece.index() as u64) << 2 | u64::from(q as u8) << 7 | u64::from(r as u8) << 15
}

fn depth_of(data: u64) -> u32 {
    ((data >> DEPTH_SHIFT) & 127) as u32
}

fn unpack(key: u64, data: u64, game: &Game) -> Entry {
    let score = ((data & ((1 << 22) - 1)) as i64 - SCORE_OFFSET) as i32;
    let bound = match (data >> BOUND_SHIFT) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        key,
        best: unpack_move((data >> MOVE_SHIFT) & ((1 << 23) - 1), game),
        score,
        depth: depth_of(data),
        bound,
    }
}

/// The move [`pack_move`] packed, a shift starting where its piece lies in `game` (a
/// collision's move may name a piece not in play: then none).
fn unpack_move(code: u64, game: &Game) -> Option<Move> {
    let tag = code & 3;
    if tag == TAG_PASS {
        return Some(Move::Pass);
    }
    let piece = Piece::from_index(((code >> 2) & 31) as usize)?;
    let to = Hex {
        q: i32::from((code >> 7) as u8 as i8),
        r: i32::from((code >> 15) as u8 as i8),
    };
    match tag {
        TAG_PLACE => Some(Move::Place { piece, to }),
        TAG_SHIFT => {
            let (from, _) = game.position(piece)?;
            Some(Move::Shift { piece, from, to })
        }
        _ => None,
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
        let t = Table::new(4);
        t.store(Entry {
            key: key(&a),
            best: None,
            score: 7,
            depth: 2,
            bound: Bound::Exact,
        });
        assert_eq!(t.probe(key(&a), &a).map(|e| e.score), Some(7));
        assert!(t.probe(key(&b), &b).is_none());
    }

    #[test]
    fn an_entry_comes_back_as_stored() {
        let mut g = Game::new(Options::default());
        for m in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 /wQ"] {
            g.play_str(m).unwrap();
        }
        let t = Table::new(6);
        let moves = g.legal_moves();
        let shift = *moves
            .iter()
            .find(|m| matches!(m, Move::Shift { .. }))
            .expect("a move on the table");
        let place = *moves
            .iter()
            .find(|m| matches!(m, Move::Place { .. }))
            .expect("a placement");
        let cases = [
            (Some(shift), -crate::search::WIN + 3, 9, Bound::Lower),
            (Some(place), 17, 0, Bound::Exact),
            (Some(Move::Pass), crate::search::WIN, 64, Bound::Upper),
            (None, -1, 1, Bound::Exact),
        ];
        for (k, (best, score, depth, bound)) in cases.into_iter().enumerate() {
            let entry = Entry {
                key: 0x5EED_0000 + k as u64,
                best,
                score,
                depth,
                bound,
            };
            t.store(entry);
            let back = t.probe(entry.key, &g).expect("stored");
            assert_eq!(
                (back.best, back.score, back.depth, back.bound),
                (best, score, depth, bound)
            );
        }
        // A deeper search of another position keeps its slot against a shallow one.
        let deep = Entry {
            key: 1 << 6,
            best: None,
            score: 5,
            depth: 9,
            bound: Bound::Exact,
        };
        t.store(deep);
        t.store(Entry {
            key: 2 << 6,
            depth: 1,
            ..deep
        });
        assert_eq!(t.probe(deep.key, &g).map(|e| e.depth), Some(9));
        assert!(t.probe(2 << 6, &g).is_none());
        // Once the search that stored it is past, it gives way.
        let mut t = t;
        t.age();
        t.store(Entry {
            key: 2 << 6,
            depth: 1,
            ..deep
        });
        assert_eq!(t.probe(2 << 6, &g).map(|e| e.depth), Some(1));
        assert!(t.probe(deep.key, &g).is_none());
    }
}
