//! A slow reference generator written straight from the rule book, against which the fast one
//! is checked: the same moves in random positions, the same perft counts.
//!
//! It keeps the table as a map from cells to stacks, checks the one-hive rule by searching the
//! hive without the piece, finds the cells beside a step as the common neighbours of its two
//! ends, and walks every spider path — nothing shared with the engine but the public types.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::hive::{Bug, Color, Game, Hex, Move, Options, Piece, perft};

/// A position as the reference sees it.
#[derive(Clone)]
struct Naive {
    stacks: BTreeMap<Hex, Vec<Piece>>,
    ply: u32,
    tournament: bool,
}

impl Naive {
    fn new(tournament: bool) -> Naive {
        Naive {
            stacks: BTreeMap::new(),
            ply: 0,
            tournament,
        }
    }

    /// The position of a game, read through its public interface.
    fn of(game: &Game) -> Naive {
        Naive {
            stacks: game.stacks().into_iter().collect(),
            ply: 2 * (game.turn() - 1) + game.to_move().index() as u32,
            tournament: game.options().tournament,
        }
    }

    fn side(&self) -> Color {
        Color::ALL[(self.ply % 2) as usize]
    }

    fn on_table(&self, piece: Piece) -> Option<Hex> {
        self.stacks
            .iter()
            .find(|(_, s)| s.contains(&piece))
            .map(|(&h, _)| h)
    }

    /// Hive: «Конец игры».
    fn over(&self) -> bool {
        Color::ALL.into_iter().any(|c| {
            self.on_table(Piece::queen(c))
                .is_some_and(|q| q.neighbours().iter().all(|n| self.stacks.contains_key(n)))
        })
    }

    fn apply(&mut self, mv: Move) {
        match mv {
            Move::Pass => {}
            Move::Place { piece, to } => self.stacks.entry(to).or_default().push(piece),
            Move::Shift { piece, from, to } => {
                let s = self.stacks.get_mut(&from).unwrap();
                assert_eq!(s.pop(), Some(piece));
                if s.is_empty() {
                    self.stacks.remove(&from);
                }
                self.stacks.entry(to).or_default().push(piece);
            }
        }
        self.ply += 1;
    }

    fn moves(&self) -> BTreeSet<Move> {
        let mut out = BTreeSet::new();
        if self.over() {
            return out;
        }
        let me = self.side();
        let turn = self.ply / 2 + 1;
        let queen_in = self.on_table(Piece::queen(me)).is_some();
        // Hive: «Положить фишку», «Выложить королеву».
        let hand: Vec<Piece> = Piece::all(me)
            .filter(|&p| self.on_table(p).is_none())
            .collect();
        let mut kinds: Vec<Piece> = Vec::new();
        for &p in &hand {
            if !kinds.iter().any(|k| k.bug == p.bug) {
                kinds.push(p);
            }
        }
        kinds.retain(|p| {
            let queen = p.bug == Bug::Queen;
            let must_place_queen = turn == 4 && !queen_in && !queen;
            let tournament_queen = self.tournament && turn == 1 && queen;
            !must_place_queen && !tournament_queen
        });
        let cells: Vec<Hex> = match self.ply {
            0 => vec![Hex::default()],
            1 => Hex::default().neighbours().to_vec(),
            _ => {
                let mut cells = BTreeSet::new();
                for &h in self.stacks.keys() {
                    for n in h.neighbours() {
                        if self.stacks.contains_key(&n) {
                            continue;
                        }
                        let own = n.neighbours().iter().all(|m| {
                            self.stacks
                                .get(m)
                                .is_none_or(|s| s.last().unwrap().color == me)
                        });
                        if own {
                            cells.insert(n);
                        }
                    }
                }
                cells.into_iter().collect()
            }
        };
        for &piece in &kinds {
            for &to in &cells {
                out.insert(Move::Place { piece, to });
            }
        }
        if queen_in {
            for (&from, stack) in &self.stacks {
                let piece = *stack.last().unwrap();
                if piece.color != me {
                    continue;
                }
                let mut rest = self.stacks.clone();
                rest.get_mut(&from).unwrap().pop();
                if rest[&from].is_empty() {
                    rest.remove(&from);
                    // Hive: «Правило единого улья».
                    if !connected(&rest) {
                        continue;
                    }
                }
                for to in destinations(&rest, piece.bug, from) {
                    out.insert(Move::Shift { piece, from, to });
                }
            }
        }
        if out.is_empty() {
            out.insert(Move::Pass);
        }
        out
    }
}

fn connected(stacks: &BTreeMap<Hex, Vec<Piece>>) -> bool {
    let Some(&start) = stacks.keys().next() else {
        return true;
    };
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(h) = queue.pop_front() {
        for n in h.neighbours() {
            if stacks.contains_key(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.len() == stacks.len()
}

fn height(stacks: &BTreeMap<Hex, Vec<Piece>>, h: Hex) -> usize {
    stacks.get(&h).map_or(0, Vec::len)
}

/// The two cells next to both ends of a step.
fn beside(a: Hex, b: Hex) -> Vec<Hex> {
    a.neighbours()
        .into_iter()
        .filter(|n| n.distance(b) == 1)
        .collect()
}

/// Hive: «Как передвигаться» — a slide on the ground: into an empty cell, not through a gap
/// between two pieces, keeping touch with the hive.
fn slides(stacks: &BTreeMap<Hex, Vec<Piece>>, a: Hex, b: Hex) -> bool {
    let sides = beside(a, b);
    assert_eq!(sides.len(), 2);
    let occupied = sides.iter().filter(|h| stacks.contains_key(h)).count();
    !stacks.contains_key(&b) && occupied == 1
}

fn destinations(rest: &BTreeMap<Hex, Vec<Piece>>, bug: Bug, from: Hex) -> BTreeSet<Hex> {
    let mut out = BTreeSet::new();
    match bug {
        Bug::Queen => out.extend(
            from.neighbours()
                .into_iter()
                .filter(|&b| slides(rest, from, b)),
        ),
        Bug::Beetle => {
            // Hive: «Жук» — on the ground a slide; above, not between two higher stacks.
            for b in from.neighbours() {
                let (here, there) = (height(rest, from), height(rest, b));
                let ok = if here == 0 && there == 0 {
                    slides(rest, from, b)
                } else {
                    let sides = beside(from, b);
                    let low = sides.iter().map(|&s| height(rest, s)).min().unwrap();
                    low <= here.max(there)
                };
                if ok {
                    out.insert(b);
                }
            }
        }
        Bug::Grasshopper => {
            for d in crate::hive::Dir::ALL {
                let mut h = from.to(d);
                if !rest.contains_key(&h) {
                    continue;
                }
                while rest.contains_key(&h) {
                    h = h.to(d);
                }
                out.insert(h);
            }
        }
        Bug::Spider => {
            // Hive: «Паук» — every walk of three slides over distinct cells.
            let mut paths = vec![vec![from]];
            for _ in 0..3 {
                let mut longer = Vec::new();
                for path in &paths {
                    let last = *path.last().unwrap();
                    for n in last.neighbours() {
                        if !path.contains(&n) && slides(rest, last, n) {
                            let mut p = path.clone();
                            p.push(n);
                            longer.push(p);
                        }
                    }
                }
                paths = longer;
            }
            out.extend(paths.iter().map(|p| *p.last().unwrap()));
        }
        Bug::Ant => {
            let mut seen = BTreeSet::from([from]);
            let mut queue = VecDeque::from([from]);
            while let Some(h) = queue.pop_front() {
                for n in h.neighbours() {
                    if slides(rest, h, n) && seen.insert(n) {
                        queue.push_back(n);
                        out.insert(n);
                    }
                }
            }
        }
    }
    out
}

fn naive_perft(n: &Naive, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = n.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut next = n.clone();
            next.apply(m);
            naive_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_agrees_with_the_reference_by_the_book_and_by_tournament_rules() {
    // Hive: «Как играть», «Выложить королеву» — by the book the queen may be the first piece.
    for (tournament, counts) in [
        (false, [5u64, 150, 2220, 32856]),
        (true, [4, 96, 1440, 21600]),
    ] {
        let mut game = Game::new(Options { tournament });
        let naive = Naive::new(tournament);
        for (d, &count) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(perft(&mut game, depth), count, "engine, depth {depth}");
            assert_eq!(
                naive_perft(&naive, depth),
                count,
                "reference, depth {depth}"
            );
        }
    }
}

/// A random legal move, often one that closes in on the opposing queen, so that games reach
/// crowded ends and finish.
pub(super) fn random_move(game: &Game, rng: &mut ChaCha8Rng) -> Option<Move> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let enemy = game.position(Piece::queen(game.to_move().other()));
    let closing: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| match (m.to(), enemy) {
            (Some(to), Some((q, _))) => to.distance(q) == 1,
            _ => false,
        })
        .collect();
    let pool = if !closing.is_empty() && rng.random_bool(0.5) {
        &closing
    } else {
        &moves
    };
    Some(pool[rng.random_range(0..pool.len())])
}

#[test]
fn the_engine_and_the_reference_agree_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let (mut positions, mut stacked, mut finished, mut passes) = (0, 0, 0, 0);
    for g in 0..200 {
        let mut game = Game::new(Options {
            tournament: g % 2 == 0,
        });
        let mut naive = Naive::new(g % 2 == 0);
        for _ in 0..rng.random_range(20..200) {
            let fast = game.legal_moves();
            let unique: BTreeSet<Move> = fast.iter().copied().collect();
            assert_eq!(unique.len(), fast.len(), "no move twice");
            assert_eq!(unique, naive.moves(), "{}", game.game_string());
            assert_eq!(unique, Naive::of(&game).moves(), "{}", game.game_string());
            positions += 1;
            stacked += usize::from(game.stacks().iter().any(|(_, s)| s.len() > 1));
            passes += usize::from(fast == [Move::Pass]);
            let Some(mv) = random_move(&game, &mut rng) else {
                finished += 1;
                break;
            };
            game.play(mv).unwrap();
            naive.apply(mv);
        }
    }
    assert!(positions > 10000, "{positions} positions");
    assert!(stacked > 1000, "{stacked} positions with a stack");
    assert!(finished > 40, "{finished} games finished");
    eprintln!("{positions} positions, {stacked} with stacks, {finished} finished, {passes} passes");
}
