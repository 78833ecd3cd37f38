//! How long the bot takes to compose a maze: a rule-book-sized 6x5 and a large 20x20 board, three
//! players, classic code. The aim is a valid 20x20 maze in under 50 ms.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use labyrinth::generate::generate;
use labyrinth::{Ruleset, Size};

fn bench(c: &mut Criterion) {
    let rules = Ruleset::classic();
    for (w, h) in [(6, 5), (20, 20)] {
        let size = Size::new(w, h).expect("a valid size");
        let mut seed = 0u64;
        c.bench_function(&format!("generate {size} classic 3 players"), |b| {
            b.iter(|| {
                // A new seed each time: the cost varies with the retries a seed needs.
                seed += 1;
                generate(black_box(size), 3, &rules, seed).expect("the size is valid")
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
