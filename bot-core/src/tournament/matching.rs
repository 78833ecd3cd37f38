//! Whether a field can be paired at all under a rule (most often: no repeated pairs).
//!
//! Edmonds' blossom algorithm answers in polynomial time, so the Swiss pairing can test each
//! candidate opponent before committing to him and never needs to backtrack: the first candidate
//! after which the rest can still be paired is taken. A plain backtracking search would be just as
//! exact but exponential exactly when no repeat-free pairing exists, late in a long event.

use std::collections::VecDeque;

/// No vertex: an unmatched mate, a root's parent.
const NONE: usize = usize::MAX;

/// Whether the `n` vertices `0..n` can all be paired along edges that `edge` allows (`edge` is
/// asked only for `a != b`, both orders).
pub fn has_perfect_matching(n: usize, edge: impl Fn(usize, usize) -> bool) -> bool {
    if n % 2 == 1 {
        return false;
    }
    let adj: Vec<Vec<usize>> = (0..n)
        .map(|a| (0..n).filter(|&b| a != b && edge(a, b)).collect())
        .collect();
    let mut b = Blossom::new(&adj);
    // A vertex left unmatched by a failed search stays so for good (Edmonds), so one failure
    // settles it.
    (0..n).all(|v| b.mate[v] != NONE || b.augment_from(v))
}

/// The state of Edmonds' algorithm: the matching and one search's forest.
struct Blossom<'a> {
    adj: &'a [Vec<usize>],
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    queue: VecDeque<usize>,
}

impl<'a> Blossom<'a> {
    /// Nothing matched yet.
    fn new(adj: &'a [Vec<usize>]) -> Self {
        let n = adj.len();
        Blossom {
            adj,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    /// Finds an augmenting path from the free vertex `root` and flips it; false if there is none.
    fn augment_from(&mut self, root: usize) -> bool {
        let Some(mut v) = self.find_path(root) else {
            return false;
        };
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
        true
    }

    /// Breadth-first search of alternating paths, shrinking odd cycles (blossoms) as they close.
    fn find_path(&mut self, root: usize) -> Option<usize> {
        let n = self.adj.len();
        self.used.fill(false);
        self.parent.fill(NONE);
        self.base = (0..n).collect();
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for i in 0..self.adj[v].len() {
                let to = self.adj[v][i];
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    self.shrink(v, to);
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    let m = self.mate[to];
                    self.used[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        None
    }

    /// Contracts the blossom closed by the edge `v`–`to` into its base.
    fn shrink(&mut self, v: usize, to: usize) {
        let n = self.adj.len();
        let top = self.common_base(v, to);
        let mut in_blossom = vec![false; n];
        self.mark_path(v, top, to, &mut in_blossom);
        self.mark_path(to, top, v, &mut in_blossom);
        for i in 0..n {
            if in_blossom[self.base[i]] {
                self.base[i] = top;
                if !self.used[i] {
                    self.used[i] = true;
                    self.queue.push_back(i);
                }
            }
        }
    }

    /// The base of the nearest common ancestor of `a` and `b` in the search forest.
    fn common_base(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.adj.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom's vertices from `v` up to its base, re-linking parents through `child`.
    fn mark_path(&mut self, mut v: usize, top: usize, mut child: usize, marks: &mut [bool]) {
        while self.base[v] != top {
            marks[self.base[v]] = true;
            marks[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }
}
