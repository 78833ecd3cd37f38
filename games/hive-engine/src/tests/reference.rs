//! A slow reference generator written straight from the rule book, against which the fast one
//! is checked: the same moves in random positions, the same perft counts.
//!
//! It keeps the table as a map from cells to stacks, checks the one-hive rule by searching the
//! hive without the piece, finds the cells beside a step as the common neighbours of its two
//! ends, and walks every spider path — nothing shared with the engine but the public types.
//!
//! The expansion pieces follow the official rule sheets (Gen42's "Hive" rules, the sections
//! "Mosquito", "Ladybug" and "Pillbug"), quoted where they are used.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Bug, Color, Game, GameType, Hex, Move, Options, Piece, perft};

/// A position as the reference sees it.
#[derive(Clone)]
struct Naive {
    stacks: BTreeMap<Hex, Vec<Piece>>,
    ply: u32,
    options: Options,
    /// The piece the last move placed or moved.
    last: Option<Piece>,
}

impl Naive {
    fn new(options: Options) -> Naive {
        Naive {
            stacks: BTreeMap::new(),
            ply: 0,
            options,
            last: None,
        }
    }

    /// The position of a game, read through its public interface.
    fn of(game: &Game) -> Naive {
        Naive {
            stacks: game.stacks().into_iter().collect(),
            ply: 2 * (game.turn() - 1) + game.to_move().index() as u32,
            options: game.options(),
            last: game.last_move().and_then(|m| m.piece()),
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
        self.last = mv.piece();
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
        let hand: Vec<Piece> = (self.options.game_type)
            .pieces(me)
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
            let tournament_queen = self.options.tournament && turn == 1 && queen;
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
                // Hive rules, "Pillbug": "any piece which physically moved (directly or by the
                // Pillbug) is rendered immobile on the next player's turn".
                if piece.color != me || Some(piece) == self.last {
                    continue;
                }
                // Hive rules, "Mosquito": "if it is touching a Pillbug, it can use the Pillbug's
                // special ability" — on the ground, for "if moved up on top of the hive as a
                // Beetle, it continues to move as a Beetle".
                let tops = self.tops_around(from);
                let carrier = piece.bug == Bug::Pillbug
                    || (piece.bug == Bug::Mosquito
                        && stack.len() == 1
                        && tops.contains(&Bug::Pillbug));
                if carrier {
                    self.carries(from, &mut out);
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
                let kinds: Vec<Bug> = match piece.bug {
                    // Hive rules, "Mosquito": "if it is touching a Beetle, it moves as a
                    // Beetle" and so on; on top of the hive it moves as a Beetle; "if the
                    // Mosquito is only touching another Mosquito, it cannot move".
                    Bug::Mosquito if stack.len() > 1 => vec![Bug::Beetle],
                    Bug::Mosquito => tops.into_iter().filter(|&b| b != Bug::Mosquito).collect(),
                    bug => vec![bug],
                };
                for bug in kinds {
                    for to in destinations(&rest, bug, from) {
                        out.insert(Move::Shift { piece, from, to });
                    }
                }
            }
        }
        if out.is_empty() {
            out.insert(Move::Pass);
        }
        out
    }

    /// The kinds on top of the cells around `at`.
    fn tops_around(&self, at: Hex) -> BTreeSet<Bug> {
        at.neighbours()
            .iter()
            .filter_map(|n| self.stacks.get(n))
            .map(|s| s.last().unwrap().bug)
            .collect()
    }

    /// Hive rules, "Pillbug": "the Pillbug may move an adjacent, unstacked piece (friend or
    /// enemy) two spaces: up onto the Pillbug itself and then down into an empty space adjacent
    /// to itself", except "the last piece moved by your opponent", "any piece which is part of a
    /// stack", "a piece if it splits the hive", and "through a narrow gap of stacked pieces" —
    /// the beetle's rule for each of the two steps.
    fn carries(&self, at: Hex, out: &mut BTreeSet<Move>) {
        let under = height(&self.stacks, at);
        for n in at.neighbours() {
            let Some(stack) = self.stacks.get(&n) else {
                continue;
            };
            let piece = stack[0];
            if stack.len() != 1 || Some(piece) == self.last {
                continue;
            }
            let mut rest = self.stacks.clone();
            rest.remove(&n);
            if !connected(&rest) || !climbs(&rest, n, at) {
                continue;
            }
            for to in at.neighbours() {
                if to != n && !rest.contains_key(&to) && steps_over(&rest, at, under, to) {
                    out.insert(Move::Shift { piece, from: n, to });
                }
            }
        }
    }
}

/// Hive: «Жук» — a piece at `a` over `here` pieces may step to `b` unless both cells beside the
/// step are higher than both where it is and where it goes.
fn steps_over(stacks: &BTreeMap<Hex, Vec<Piece>>, a: Hex, here: usize, b: Hex) -> bool {
    let there = height(stacks, b);
    let low = beside(a, b)
        .iter()
        .map(|&s| height(stacks, s))
        .min()
        .unwrap();
    low <= here.max(there)
}

/// A ground piece (off the table in `rest`) at `a` climbing onto the stack at `b`.
fn climbs(rest: &BTreeMap<Hex, Vec<Piece>>, a: Hex, b: Hex) -> bool {
    rest.contains_key(&b) && steps_over(rest, a, 0, b)
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
        // Hive rules, "Pillbug": "the Pillbug moves like the Queen Bee - one space at a time".
        Bug::Queen | Bug::Pillbug => out.extend(
            from.neighbours()
                .into_iter()
                .filter(|&b| slides(rest, from, b)),
        ),
        Bug::Ladybug => {
            // Hive rules, "Ladybug": "two on top of the Hive, then one down. It must move
            // exactly two on top of the Hive and then move one down on its last move".
            for a in from.neighbours() {
                if !climbs(rest, from, a) {
                    continue;
                }
                for b in a.neighbours() {
                    if !rest.contains_key(&b) || !steps_over(rest, a, height(rest, a), b) {
                        continue;
                    }
                    for c in b.neighbours() {
                        if c != from
                            && !rest.contains_key(&c)
                            && steps_over(rest, b, height(rest, b), c)
                        {
                            out.insert(c);
                        }
                    }
                }
            }
        }
        Bug::Mosquito => unreachable!("a mosquito moves as the kinds it touches"),
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
            for d in crate::Dir::ALL {
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
        let mut game = Game::new(Options::base(tournament));
        let naive = Naive::new(Options::base(tournament));
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
        let mut game = Game::new(Options::base(g % 2 == 0));
        let mut naive = Naive::new(Options::base(g % 2 == 0));
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

// Hive rules, "Mosquito", "Ladybug", "Pillbug": with every mix of expansions the engine and the
// rule sheets agree, move for move, in games played to crowded ends.
#[test]
fn the_engine_and_the_reference_agree_with_the_expansions() {
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let types: Vec<GameType> = GameType::all().filter(|t| !t.is_base()).collect();
    let (mut positions, mut carried, mut ladybugs, mut mosquitoes) = (0, 0, 0, 0);
    for g in 0..140 {
        let options = Options {
            tournament: g % 2 == 0,
            game_type: types[g % types.len()],
        };
        let mut game = Game::new(options);
        let mut naive = Naive::new(options);
        for _ in 0..rng.random_range(20..160) {
            let fast = game.legal_moves();
            let unique: BTreeSet<Move> = fast.iter().copied().collect();
            assert_eq!(unique.len(), fast.len(), "no move twice");
            assert_eq!(unique, naive.moves(), "{}", game.game_string());
            positions += 1;
            let me = game.to_move();
            for m in &fast {
                match *m {
                    Move::Shift { piece, .. } if piece.color != me => carried += 1,
                    Move::Shift { piece, .. } if piece.bug == Bug::Ladybug => ladybugs += 1,
                    Move::Shift { piece, .. } if piece.bug == Bug::Mosquito => mosquitoes += 1,
                    _ => {}
                }
            }
            let Some(mv) = random_move(&game, &mut rng) else {
                break;
            };
            game.play(mv).unwrap();
            naive.apply(mv);
            // Read back through the public interface, the last piece included.
            if positions % 7 == 0 {
                assert_eq!(
                    Naive::of(&game).moves(),
                    naive.moves(),
                    "{}",
                    game.game_string()
                );
            }
        }
    }
    assert!(positions > 5000, "{positions} positions");
    assert!(carried > 500, "{carried} moves of the opponent's pieces");
    assert!(ladybugs > 2000, "{ladybugs} ladybug moves");
    assert!(mosquitoes > 2000, "{mosquitoes} mosquito moves");
    eprintln!(
        "{positions} positions; {carried} carried, {ladybugs} ladybug, {mosquitoes} mosquito moves"
    );
}
