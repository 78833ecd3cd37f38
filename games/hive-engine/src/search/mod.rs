//! The Hive player: alpha-beta search over the rules engine's public moves.
//!
//! Negamax with iterative deepening, principal-variation windows, a transposition table, and
//! moves ordered by the table's best move, killer moves, a history of cut-offs and what a move
//! does around the queens. What is searched less: late quiet moves (neither the table's nor a
//! killer, nothing done around a queen) a ply or two shallower first (late-move reductions);
//! near the frontier, quiet moves of a position far below what the side already has, and a
//! position far above what the other side already has, not at all (futility pruning) — each
//! only while neither queen has four of her cells taken, where the game is decided by tactics.
//! (A null move, which passes to prove a position good, is not tried: in Hive having to move
//! is often what loses.)
//! Leaves are scored by [`evaluate`]; a finished game scores [`WIN`] less the plies it took,
//! so a faster win and a slower loss are preferred. A line that comes back to a position of
//! the game or of the line itself scores as a draw: the rules know no repetition, but a side
//! ahead should make progress rather than shuffle.
//!
//! Against the clock the search may run on several threads that share the table (lazy SMP).
//!
//! The search is deterministic: the same position and limits give the same move, whatever the
//! machine, unless a time limit is set (only the Universal Hive Protocol's `bestmove time` does).
//! [`best_move`]'s levels bound the work by plies and by a count of positions, never by the
//! clock, on one thread.

mod eval;
mod table;

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Color, Game, Hex, Move, Piece, State};
use table::{Bound, Entry, Table};

pub use eval::evaluate;

/// The score of a won game, less one per ply it takes.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses found by the search.
const WON: i32 = WIN - 1_000;
/// Above every score.
const INFINITY: i32 = WIN + 1;
/// The deepest iteration, when no limit says less.
const MAX_DEPTH: u32 = 64;
/// Plies beyond twice the iteration's depth where forced moves stop being free.
const EXTENSION: u32 = 4;

/// How much work one search may do. Unset limits do not bind; with none at all the search goes
/// to [`MAX_DEPTH`] plies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Positions to visit: once reached, the iteration under way stops and the last finished
    /// one (or a better move the unfinished one found) answers.
    pub nodes: Option<u64>,
    /// Thinking time: the same, by the clock (not reproducible).
    pub time: Option<Duration>,
    /// Plies always searched in full whatever `nodes` and `time` say (1 if less).
    pub min_depth: u32,
    /// Threads searching together (1 if less); used only with a `time`, for the threads'
    /// race makes the answer depend on the machine.
    pub threads: u32,
}

impl Limits {
    /// A search to exactly `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search that stops after `time` (it always finishes one ply).
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// The same limits searched by `threads` threads (used only with a time limit).
    pub fn with_threads(self, threads: u32) -> Limits {
        Limits { threads, ..self }
    }

    /// The limits of [`best_move`]'s `level` (1 to 5; less is 1, more is 5): level 1 looks one
    /// ply ahead, 2 two plies, 3 three, 4 and 5 deeper within a budget of 90 000 and 350 000
    /// positions (about 0.3 s and 1.2 s in release on a 2-core machine), always finishing three
    /// plies so that a win in two own moves is never missed.
    pub fn level(level: u8) -> Limits {
        let (depth, nodes, min_depth) = match level {
            0 | 1 => (1, None, 1),
            2 => (2, None, 2),
            3 => (3, None, 3),
            4 => (6, Some(90_000), 3),
            _ => (10, Some(350_000), 3),
        };
        Limits {
            depth: Some(depth),
            nodes,
            time: None,
            min_depth,
            threads: 1,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The move to play; none only when the game is over.
    pub best: Option<Move>,
    /// Its score for the side to move (see [`WIN`]).
    pub score: i32,
    /// The deepest iteration finished.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The expected line, the best move first.
    pub pv: Vec<Move>,
}

impl Found {
    /// Plies to the end of the game if the search saw it forced: positive when the side to
    /// move wins, negative when it loses.
    pub fn mate(&self) -> Option<i32> {
        if self.score > WON {
            Some(WIN - self.score)
        } else if self.score < -WON {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }
}

/// The bot's move at `level` (1 weakest to 5 strongest): deterministic, always legal, none only
/// when the game is over. Level 5 answers within about two seconds on a slow machine.
pub fn best_move(game: &Game, level: u8) -> Option<Move> {
    search(game, Limits::level(level)).best
}

/// What one search leaves to the next of the same game: the table of positions searched, so
/// that the search of a move starts from what the search of the last one found. The Universal
/// Hive Protocol engine keeps one per game; the chat bot's levels do not, for an answer that
/// depends on earlier searches could not be replayed.
pub struct Memory {
    table: Table,
}

impl Memory {
    /// An empty memory (16 MB).
    pub fn new() -> Memory {
        Memory {
            table: Table::new(20),
        }
    }
}

impl Default for Memory {
    fn default() -> Memory {
        Memory::new()
    }
}

/// A copy starts empty: the memory only speeds a search up.
impl Clone for Memory {
    fn clone(&self) -> Memory {
        Memory::new()
    }
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memory")
    }
}

/// Searches `game` within `limits`.
pub fn search(game: &Game, limits: Limits) -> Found {
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let bits = match limits.nodes {
        Some(n) if n < 50_000 => 16,
        _ if max_depth <= 3 => 16,
        _ if threads(limits) > 1 => 20,
        _ => 18,
    };
    run(game, limits, &Table::new(bits))
}

/// Searches `game` within `limits`, starting from what earlier searches of the game left in
/// `memory` and leaving what this one finds.
pub fn search_with(game: &Game, limits: Limits, memory: &mut Memory) -> Found {
    memory.table.age();
    run(game, limits, &memory.table)
}

/// The threads a search within `limits` runs on.
fn threads(limits: Limits) -> u32 {
    if limits.time.is_some() {
        limits.threads.max(1)
    } else {
        1
    }
}

/// Searches `game` within `limits` with `table`.
fn run(game: &Game, limits: Limits, table: &Table) -> Found {
    let moves = game.legal_moves();
    let mut found = Found {
        best: moves.first().copied(),
        score: 0,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
    };
    if moves.len() <= 1 {
        found.pv.extend(found.best);
        return found;
    }
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let threads = threads(limits);
    let halt = AtomicBool::new(false);
    let deadline = limits.time.map(|t| Instant::now() + t);
    let searcher = || Searcher {
        game: game.clone(),
        table,
        halt: &halt,
        nodes: 0,
        budget: limits.nodes.unwrap_or(u64::MAX),
        deadline,
        min_depth: limits.min_depth.max(1),
        iteration: 0,
        stop: false,
        killers: vec![[None; 2]; 3 * MAX_DEPTH as usize + EXTENSION as usize + 2],
        history: vec![0; Piece::COUNT * HISTORY_CELLS],
        path: earlier_positions(game),
        me: game.to_move(),
        ring: game.queen_surrounded(game.to_move().other()),
        patience: patience(game),
        progress: false,
    };
    let mut s = searcher();
    let remembered = table.probe(table::key(game), game).and_then(|e| e.best);
    let root: Vec<(Move, i32)> = s
        .order(moves, remembered, 0)
        .into_iter()
        .map(|m| (m, 0))
        .collect();
    // Helpers search the same tree through the shared table, half of them a ply deeper, until
    // the main search is done: what they store orders and cuts the main search (lazy SMP).
    let helpers = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|id| {
                let mut h = searcher();
                h.min_depth = 0;
                let mut root = root.clone();
                let n = root.len();
                root.rotate_left(id as usize % n);
                scope.spawn(move || {
                    h.deepen(&mut root, max_depth, id % 2, &mut None);
                    h.nodes
                })
            })
            .collect();
        let mut root = root.clone();
        s.deepen(&mut root, max_depth, 0, &mut Some(&mut found));
        halt.store(true, Ordering::Relaxed);
        helpers
            .into_iter()
            .map(|h| h.join().expect("a search thread"))
            .sum::<u64>()
    });
    found.nodes = s.nodes + helpers;
    found.pv = s.line(found.best, found.depth);
    found
}

/// The least depth at which late moves are reduced.
const LMR_DEPTH: u32 = 3;
/// Moves searched in full before any is reduced.
const LMR_AFTER: usize = 3;
/// Order scores below this belong to quiet moves: neither the stored best move nor a killer,
/// and nothing done around the queens ([`around_queens`]'s neutral 50).
const QUIET: i64 = 51 << 20;

/// By depth (1 and 2), how far a quiet move is assumed to lift a position at most.
const FUTILITY: [i32; 3] = [0, 120, 260];
/// Pruning and reductions stop where a queen has this many of her cells taken: two moves
/// from defeat, where the game is decided by tactics.
const CALM: usize = 4;

/// Plies a late quiet move's search is cut by: one, two for the long tail of a deep search.
fn reduction(depth: u32, k: usize) -> u32 {
    if depth >= 5 && k >= 12 { 2 } else { 1 }
}

/// Cells per piece in the history of cut-offs (a hash of the destination).
const HISTORY_CELLS: usize = 64;

struct Searcher<'a> {
    game: Game,
    /// Shared by the threads of the search.
    table: &'a Table,
    /// Set when the main thread is done: the helpers stop.
    halt: &'a AtomicBool,
    nodes: u64,
    budget: u64,
    deadline: Option<Instant>,
    min_depth: u32,
    /// The depth of the iteration under way.
    iteration: u32,
    stop: bool,
    /// Per ply, two quiet moves that cut off lately.
    killers: Vec<[Option<Move>; 2]>,
    /// Per piece and destination, how often the move cut off (weighted by depth).
    history: Vec<i32>,
    /// The hashes of the game's positions before the root's and of the line being searched,
    /// the root's included.
    path: Vec<u64>,
    /// The side searching, and how many cells around the other queen are taken at the root.
    me: Color,
    ring: usize,
    /// In percent, what an advantage is worth at a leaf below a root move that does not add to
    /// the ring around the other queen: less the longer the side has gone without closing it.
    patience: i32,
    /// Whether the root move being searched adds to that ring.
    progress: bool,
}

/// Plies after which an advantage that does not close the ring starts to lose its worth.
const STALL: usize = 20;

/// How much an advantage that does not close the ring around the other queen is still worth,
/// in percent: 100 until [`STALL`] plies have passed since the side to move last added to the
/// ring, then 2 less each ply, down to 20. A side ahead that only shuffles its pieces (the other
/// locked in, say) thus comes to prefer a move that makes progress, even if a defence exists.
fn patience(game: &Game) -> i32 {
    let me = game.to_move();
    let target = me.other();
    let mut g = game.clone();
    let mut stalled: usize = 0;
    while stalled < 100 {
        let after = g.queen_surrounded(target);
        if g.undo().is_none() {
            break;
        }
        if g.to_move() == me && after > g.queen_surrounded(target) {
            break;
        }
        stalled += 1;
    }
    let over = stalled.saturating_sub(STALL) as i32;
    (100 - 2 * over).max(20)
}

/// The hashes of every position of `game` up to the present one, oldest first.
fn earlier_positions(game: &Game) -> Vec<u64> {
    let mut g = game.clone();
    let mut keys = vec![table::key(&g)];
    while g.undo().is_some() {
        keys.push(table::key(&g));
    }
    keys.reverse();
    keys
}

impl Searcher<'_> {
    /// Iterative deepening over `root` up to `max_depth` plies, each iteration `skew` plies
    /// deeper than its number; the main search records what each finished iteration found.
    fn deepen(
        &mut self,
        root: &mut [(Move, i32)],
        max_depth: u32,
        skew: u32,
        found: &mut Option<&mut Found>,
    ) {
        for depth in 1..=max_depth {
            self.iteration = depth;
            let (best, score, complete) = self.root(root, (depth + skew).min(MAX_DEPTH));
            if let (Some(best), Some(found)) = (best, found.as_deref_mut()) {
                found.best = Some(best);
                found.score = score;
            }
            if !complete {
                break;
            }
            if let Some(found) = found.as_deref_mut() {
                found.depth = depth;
            }
            if score.abs() > WON || self.out_of_budget() {
                break;
            }
        }
    }

    /// Whether the node or time budget is spent (the iterations up to `min_depth` excepted).
    fn out_of_budget(&self) -> bool {
        if self.nodes >= self.budget || self.halt.load(Ordering::Relaxed) {
            return true;
        }
        match self.deadline {
            Some(d) => Instant::now() >= d,
            None => false,
        }
    }

    /// Checks the budget now and then, and stops the search when spent.
    fn check(&mut self) {
        if self.iteration <= self.min_depth {
            return;
        }
        if self.nodes >= self.budget
            || (self.nodes % 256 == 0
                && (self.halt.load(Ordering::Relaxed)
                    || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.stop = true;
        }
    }

    /// One iteration at the root: the best move and score, and whether every move was searched.
    /// The moves are searched in order and sorted again by their scores for the next iteration.
    fn root(&mut self, root: &mut [(Move, i32)], depth: u32) -> (Option<Move>, i32, bool) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best = None;
        let mut complete = true;
        for (k, entry) in root.iter_mut().enumerate() {
            let m = entry.0;
            self.make(m);
            self.progress = self.game.queen_surrounded(self.me.other()) > self.ring;
            let mut score;
            if k == 0 {
                score = -self.negamax(depth - 1, 1, -beta, -alpha);
            } else {
                score = -self.negamax(depth - 1, 1, -alpha - 1, -alpha);
                if score > alpha && !self.stop {
                    score = -self.negamax(depth - 1, 1, -beta, -alpha);
                }
            }
            self.unmake();
            if self.stop {
                complete = false;
                break;
            }
            entry.1 = score;
            if score > alpha {
                alpha = score;
                best = Some(m);
            }
        }
        // Unsearched moves keep their order behind the searched ones.
        if complete {
            root.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        } else if let Some(b) = best {
            let at = root.iter().position(|&(m, _)| m == b).expect("a root move");
            root[..=at].rotate_right(1);
        }
        (best, alpha, complete)
    }

    /// The evaluation of a leaf, an advantage of the searching side shrunk by its patience
    /// unless the root move added to the ring around the other queen. (Only the root move
    /// counts: a line that closes the ring later would always be the one the side means to play
    /// next time, and never is.)
    fn leaf(&self) -> i32 {
        let score = evaluate(&self.game);
        if self.patience == 100 || self.progress {
            return score;
        }
        let mine = if self.game.to_move() == self.me {
            score
        } else {
            -score
        };
        if mine <= 0 {
            return score;
        }
        let shrunk = mine * self.patience / 100;
        if self.game.to_move() == self.me {
            shrunk
        } else {
            -shrunk
        }
    }

    /// Plays `m`, legal here (the generator gave it), and counts the new position.
    fn make(&mut self, m: Move) {
        self.game.play_trusted(m);
        self.path.push(table::key(&self.game));
        self.nodes += 1;
        self.check();
    }

    /// Takes back the move [`Searcher::make`] played last.
    fn unmake(&mut self) {
        self.game.undo();
        self.path.pop();
    }

    /// The score of the position for the side to move, searched `depth` plies deeper; `ply`
    /// plies below the root.
    fn negamax(&mut self, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        if self.stop {
            return 0;
        }
        match self.game.state() {
            State::Draw => return 0,
            State::WhiteWins | State::BlackWins => {
                let won = self.game.state().winner() == Some(self.game.to_move());
                let score = WIN - ply as i32;
                return if won { score } else { -score };
            }
            State::NotStarted | State::InProgress => {}
        }
        let (&key, before) = self.path.split_last().expect("the root's position");
        // Positions of the same side to move lie an even number of plies back.
        if before.iter().rev().skip(1).step_by(2).any(|&k| k == key) {
            return 0;
        }
        if depth == 0 {
            // Hive: «Конец игры» — a leaf where the side to move can surround the other queen at
            // once is a win, whatever the evaluation says: the one tactic looked at past the
            // horizon (a quiescence of the queens).
            if let Some(won) = self.wins_now(ply) {
                return won;
            }
            return self.leaf();
        }
        let stored = self.table.probe(key, &self.game);
        if let Some(e) = stored.filter(|e| e.depth >= depth) {
            let score = from_table(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let moves = self.game.legal_moves_in_place();
        let moves = self.order_scored(moves, stored.and_then(|e| e.best), ply);
        // A forced move (a pass, most often: the side is locked in) costs no depth, so that a
        // side whose opponent cannot move sees its own next move too.
        let next = if moves.len() == 1 && ply < 2 * self.iteration + EXTENSION {
            depth
        } else {
            depth - 1
        };
        let calm = self.calm();
        let narrow = beta - alpha == 1;
        // Where the search only asks whether a calm position is above or below a bound, the
        // position's own worth decides whether to look at some or all of its moves.
        let stand = (calm && narrow).then(|| self.leaf());
        // Near the frontier, a position so far above beta that the other side's quiet replies
        // could not bring it down is not searched at all (reverse futility pruning).
        if let Some(stand) = stand.filter(|_| depth <= 2) {
            let floor = stand - FUTILITY[depth as usize];
            if floor >= beta {
                return floor;
            }
        }
        // Near the frontier, a quiet move cannot lift a position far below alpha above it, so
        // such moves are not even looked at (futility pruning).
        let futile = stand
            .filter(|_| depth <= 2 && moves.len() > 1)
            .map(|stand| stand + FUTILITY[depth as usize])
            .filter(|&ceiling| ceiling <= alpha);
        let reduce = calm && depth >= LMR_DEPTH;
        let first_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for (k, &(order, m)) in moves.iter().enumerate() {
            if let Some(bound) = futile.filter(|_| k > 0 && order < QUIET) {
                best = best.max(bound);
                continue;
            }
            self.make(m);
            let mut score;
            if k == 0 {
                score = -self.negamax(next, ply + 1, -beta, -alpha);
            } else {
                // Late moves that do nothing around either queen are looked at less deeply
                // first, and again in full only if they prove better than the best so far.
                let r = if reduce && k >= LMR_AFTER && order < QUIET {
                    reduction(depth, k)
                } else {
                    0
                };
                score = -self.negamax(next - r, ply + 1, -alpha - 1, -alpha);
                if r > 0 && score > alpha && !self.stop {
                    score = -self.negamax(next, ply + 1, -alpha - 1, -alpha);
                }
                if score > alpha && score < beta && !self.stop {
                    score = -self.negamax(next, ply + 1, -beta, -alpha);
                }
            }
            self.unmake();
            if self.stop {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.reward(m, depth, ply);
                break;
            }
        }
        let bound = if best <= first_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            best: best_move,
            score: to_table(best, ply),
            depth,
            bound,
        });
        best
    }

    /// The score of a win by the next move, if the side to move has one: the other queen has
    /// five of her six cells taken and some move fills the sixth without freeing another.
    fn wins_now(&mut self, ply: u32) -> Option<i32> {
        let me = self.game.to_move();
        if self.game.queen_surrounded(me.other()) != 5 {
            return None;
        }
        let (queen, _) = self.game.position(Piece::queen(me.other()))?;
        let hole = queen
            .neighbours()
            .into_iter()
            .find(|&c| self.game.top(c).is_none())?;
        let moves = self.game.legal_moves_in_place();
        for m in moves.into_iter().filter(|m| m.to() == Some(hole)) {
            self.make(m);
            let state = self.game.state();
            self.unmake();
            if state.winner() == Some(me) {
                return Some(WIN - (ply as i32 + 1));
            }
        }
        None
    }

    /// Remembers a move that cut off: a killer at this ply, and in the history.
    fn reward(&mut self, m: Move, depth: u32, ply: u32) {
        let slot = &mut self.killers[ply as usize];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
        if let Some(h) = history_index(m) {
            self.history[h] = self.history[h].saturating_add((depth * depth) as i32);
        }
    }

    /// Whether moves may be reduced or pruned here: neither queen has [`CALM`] of her cells
    /// taken, so a quiet move is unlikely to decide the game within the plies saved.
    fn calm(&self) -> bool {
        let me = self.game.to_move();
        self.game.queen_surrounded(me) < CALM && self.game.queen_surrounded(me.other()) < CALM
    }

    /// `moves` best first, as [`Searcher::order_scored`] sorts them.
    fn order(&self, moves: Vec<Move>, stored: Option<Move>, ply: u32) -> Vec<Move> {
        self.order_scored(moves, stored, ply)
            .into_iter()
            .map(|(_, m)| m)
            .collect()
    }

    /// `moves` best first with the score that sorted them: the stored best move, winning moves
    /// around the enemy queen, killers, moves that free one's own queen, then by history.
    fn order_scored(&self, moves: Vec<Move>, stored: Option<Move>, ply: u32) -> Vec<(i64, Move)> {
        let me = self.game.to_move();
        let own = self.game.position(Piece::queen(me)).map(|p| p.0);
        let enemy = self.game.position(Piece::queen(me.other())).map(|p| p.0);
        let killers = self.killers[ply as usize];
        let mut scored: Vec<(i64, Move)> = moves
            .into_iter()
            .map(|m| {
                let mut s: i64 = 0;
                if Some(m) == stored {
                    s += 1 << 40;
                }
                if Some(m) == killers[0] {
                    s += 1 << 30;
                } else if Some(m) == killers[1] {
                    s += 1 << 29;
                }
                s += i64::from(around_queens(&m, me, own, enemy)) << 20;
                if let Some(h) = history_index(m) {
                    s += i64::from(self.history[h]);
                }
                (s, m)
            })
            .collect();
        scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        scored
    }

    /// The expected line from the root: `first`, then the table's best moves while legal.
    fn line(&mut self, first: Option<Move>, depth: u32) -> Vec<Move> {
        let mut line = Vec::new();
        let mut next = first;
        while let Some(m) = next {
            if line.len() as u32 >= depth.max(1) || self.game.play(m).is_err() {
                break;
            }
            line.push(m);
            next = self
                .table
                .probe(table::key(&self.game), &self.game)
                .and_then(|e| e.best);
        }
        for _ in 0..line.len() {
            self.game.undo();
        }
        line
    }
}

/// How a move changes the rings around the queens, for ordering: onto or next to the enemy
/// queen is good, away from one's own queen too, next to it bad.
fn around_queens(m: &Move, me: Color, own: Option<Hex>, enemy: Option<Hex>) -> i32 {
    let Some(to) = m.to() else {
        return 0;
    };
    let from = match *m {
        Move::Shift { from, .. } => Some(from),
        _ => None,
    };
    let next = |a: Option<Hex>, b: Option<Hex>| match (a, b) {
        (Some(a), Some(b)) => a.distance(b) == 1,
        _ => false,
    };
    let is_queen = m.piece() == Some(Piece::queen(me));
    let mut s = 0;
    if let Some(e) = enemy {
        if to == e {
            s += 40; // a beetle onto the queen
        } else if next(Some(to), enemy) && !next(from, enemy) {
            s += 30;
        } else if next(from, enemy) && !next(Some(to), enemy) {
            s -= 10;
        }
    }
    if !is_queen && own.is_some() {
        if next(from, own) && !next(Some(to), own) {
            s += 20;
        } else if next(Some(to), own) && !next(from, own) {
            s -= 10;
        }
    }
    s + 50
}

/// A move's slot in the history table.
fn history_index(m: Move) -> Option<usize> {
    let p = m.piece()?;
    let to = m.to()?;
    let cell = (to.q.wrapping_mul(7) + to.r.wrapping_mul(13)).rem_euclid(HISTORY_CELLS as i32);
    Some(p.index() * HISTORY_CELLS + cell as usize)
}

/// A score as stored: wins and losses counted from the stored position rather than the root.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > WON {
        score + ply as i32
    } else if score < -WON {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score seen `ply` plies below the root.
fn from_table(score: i32, ply: u32) -> i32 {
    if score > WON {
        score - ply as i32
    } else if score < -WON {
        score + ply as i32
    } else {
        score
    }
}
