//! Disjoint sets of cells, for Kruskal's spanning tree: the flat generator's walls and the
//! cylinder's both grow their maze as one.

/// Disjoint sets of the numbers `0..n` (cells by index), with path halving.
pub(crate) struct Sets {
    parent: Vec<usize>,
}

impl Sets {
    /// Every cell a set of its own.
    pub(crate) fn new(n: usize) -> Sets {
        Sets {
            parent: (0..n).collect(),
        }
    }

    fn root(&mut self, mut a: usize) -> usize {
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        a
    }

    /// Joins the sets of `a` and `b`; `true` if they were apart.
    pub(crate) fn join(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.root(a), self.root(b));
        self.parent[ra] = rb;
        ra != rb
    }
}
