//! Reachability (Kodex Б §8.5, Kodex В §8.5): without grenades, every cell a player can stand on is
//! reachable from every cell, and from every cell (a player may start anywhere) all the others are.
//!
//! Moves are those of [`Topology::successors`] under the ruleset's rivers: four steps, the current and
//! the cycle. The cells a player can stand on must form one strongly connected component of that graph,
//! and every other cell must lead into it. The largest such component is "the rest of the maze"; every
//! cell outside it is reported with what is wrong: no way in, no way out, or neither.

use std::collections::VecDeque;

use super::rule::{CellKind, Rule};
use super::{Ctx, Finding};
use crate::movement::Topology;

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    let board = ctx.board();
    let size = board.size();
    let graph = Graph::new(ctx);
    let standable: Vec<bool> = size
        .cells()
        .map(|c| !Topology::never_stood_on(board, ctx.rules.rivers, c))
        .collect();
    let comp = graph.components();
    let Some(main) = largest(&comp, &standable) else {
        return;
    };
    let in_main: Vec<usize> = (0..comp.len()).filter(|&i| comp[i] == main).collect();
    let reached = graph.closure(&in_main, &graph.succ);
    let leads = graph.closure(&in_main, &graph.pred);
    for (i, c) in size.cells().enumerate() {
        if comp[i] == main {
            continue;
        }
        let kind = CellKind::of(board.cell(c));
        // A cell no one can stand on need not be reached, only left (a player may start on it). A
        // standable cell reached from the main component and leading into it would be part of it.
        let rule = match (standable[i], reached[i], leads[i]) {
            (false, _, false) | (true, true, false) => Rule::NoWayOut { kind },
            (true, false, true) => Rule::Unreachable,
            (true, false, false) => Rule::CutOff,
            (false, _, true) | (true, true, true) => continue,
        };
        out.push(Finding::at(c, rule));
    }
}

/// The component with the most cells a player can stand on; ties go to the one met first in reading
/// order. `None` when no cell can be stood on.
fn largest(comp: &[usize], standable: &[bool]) -> Option<usize> {
    let mut sizes = vec![0usize; comp.len()];
    for (i, &k) in comp.iter().enumerate() {
        sizes[k] += usize::from(standable[i]);
    }
    let best = *sizes.iter().max()?;
    (best > 0).then(|| comp.iter().copied().find(|&k| sizes[k] == best))?
}

/// The move graph of a board: cells by row-major index, an edge for each move without grenades.
struct Graph {
    succ: Vec<Vec<usize>>,
    pred: Vec<Vec<usize>>,
}

impl Graph {
    fn new(ctx: &Ctx) -> Graph {
        let board = ctx.board();
        let size = board.size();
        let mut succ = vec![Vec::new(); size.area()];
        let mut pred = vec![Vec::new(); size.area()];
        for from in size.cells() {
            let i = size.index(from);
            for to in ctx.topology.successors(board, ctx.rules.rivers, from) {
                let j = size.index(to);
                if !succ[i].contains(&j) {
                    succ[i].push(j);
                    pred[j].push(i);
                }
            }
        }
        Graph { succ, pred }
    }

    /// Which nodes `edges` lead to from `starts` (the starts included).
    fn closure(&self, starts: &[usize], edges: &[Vec<usize>]) -> Vec<bool> {
        let mut seen = vec![false; edges.len()];
        let mut queue: VecDeque<usize> = starts.iter().copied().collect();
        for &s in starts {
            seen[s] = true;
        }
        while let Some(v) = queue.pop_front() {
            for &w in &edges[v] {
                if !seen[w] {
                    seen[w] = true;
                    queue.push_back(w);
                }
            }
        }
        seen
    }

    /// The strongly connected component of every node.
    fn components(&self) -> Vec<usize> {
        Tarjan::new(self.succ.len()).run(&self.succ)
    }
}

/// Tarjan's algorithm with an explicit call stack: on a 26x26 board a recursion could go 676 frames
/// deep.
struct Tarjan {
    index: Vec<usize>,
    low: Vec<usize>,
    comp: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    /// The simulated call stack: a node and the position of its next edge.
    calls: Vec<(usize, usize)>,
    next_index: usize,
    next_comp: usize,
}

impl Tarjan {
    const UNSEEN: usize = usize::MAX;

    fn new(n: usize) -> Tarjan {
        Tarjan {
            index: vec![Self::UNSEEN; n],
            low: vec![0; n],
            comp: vec![Self::UNSEEN; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            calls: Vec::new(),
            next_index: 0,
            next_comp: 0,
        }
    }

    fn run(mut self, succ: &[Vec<usize>]) -> Vec<usize> {
        for root in 0..succ.len() {
            if self.index[root] == Self::UNSEEN {
                self.visit(root);
                self.descend(succ);
            }
        }
        self.comp
    }

    fn visit(&mut self, v: usize) {
        self.index[v] = self.next_index;
        self.low[v] = self.next_index;
        self.next_index += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        self.calls.push((v, 0));
    }

    fn descend(&mut self, succ: &[Vec<usize>]) {
        while let Some(&(v, edge)) = self.calls.last() {
            if let Some(&w) = succ[v].get(edge) {
                if let Some(top) = self.calls.last_mut() {
                    top.1 += 1;
                }
                if self.index[w] == Self::UNSEEN {
                    self.visit(w);
                } else if self.on_stack[w] {
                    self.low[v] = self.low[v].min(self.index[w]);
                }
                continue;
            }
            self.calls.pop();
            if let Some(&(parent, _)) = self.calls.last() {
                self.low[parent] = self.low[parent].min(self.low[v]);
            }
            if self.low[v] == self.index[v] {
                self.close(v);
            }
        }
    }

    /// Pops the component whose root is `v`.
    fn close(&mut self, v: usize) {
        while let Some(w) = self.stack.pop() {
            self.on_stack[w] = false;
            self.comp[w] = self.next_comp;
            if w == v {
                break;
            }
        }
        self.next_comp += 1;
    }
}
