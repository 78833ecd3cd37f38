use rand::Rng;

use crate::tournament::matching::has_perfect_matching;

/// The plain exponential search the blossom algorithm must agree with.
fn brute(n: usize, edge: &dyn Fn(usize, usize) -> bool) -> bool {
    fn go(left: &[usize], edge: &dyn Fn(usize, usize) -> bool) -> bool {
        let Some((&a, rest)) = left.split_first() else {
            return true;
        };
        (0..rest.len()).any(|i| {
            let others: Vec<usize> = (0..rest.len())
                .filter(|&j| j != i)
                .map(|j| rest[j])
                .collect();
            edge(a, rest[i]) && go(&others, edge)
        })
    }
    go(&(0..n).collect::<Vec<_>>(), edge)
}

#[test]
fn blossom_agrees_with_brute_force_on_random_graphs() {
    let mut rng = super::rng(3);
    for _ in 0..3000 {
        let n = rng.random_range(0..=10);
        let density = rng.random_range(0.1..0.9);
        let mut m = vec![vec![false; n]; n];
        for (a, b) in (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))) {
            let e = rng.random_bool(density);
            m[a][b] = e;
            m[b][a] = e;
        }
        let edge = |a: usize, b: usize| m[a][b];
        assert_eq!(has_perfect_matching(n, edge), brute(n, &edge), "{m:?}");
    }
}

#[test]
fn odd_cycles_need_the_blossom() {
    // Two triangles joined by one edge: pairable only through the bridge, which a search that
    // does not shrink odd cycles can miss.
    let edges = [(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (4, 5), (3, 5)];
    let edge = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
    assert!(has_perfect_matching(6, edge));
    assert!(!has_perfect_matching(6, |a, b| edge(a, b)
        && (a, b) != (2, 3)
        && (a, b) != (3, 2)));
}
