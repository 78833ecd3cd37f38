//! Memory of an idle game: a game in play between two turns, as the session keeps it in memory
//! (its cache of running games) and as it is saved. Target: under 20 KB in memory.
//!
//! Counted, not guessed: a global allocator keeps the bytes live, and a thousand copies of the
//! game are decoded from its saved state; the growth divided by a thousand is one game's share.
//! `cargo bench -p gm --bench memory` prints the figures and fails if the target is missed.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use bot_core::i18n::Lang;
use bot_core::session::Session;
use bot_core::session::table::Table;
use bot_core::store::Store;

/// The system allocator, counting the bytes it holds.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is passed to the system allocator unchanged; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most an idle game may take in memory.
const TARGET: usize = 20 * 1024;
/// Copies decoded to measure one.
const COPIES: usize = 1000;

fn main() {
    // `cargo bench` passes `--bench`; a filter that leaves this bench out is honoured.
    if std::env::args()
        .skip(1)
        .any(|a| !a.starts_with("--") && !"memory".contains(a.as_str()))
    {
        return;
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let db = bot_core::testkit::TempDb::new("bench-memory");
    let state = runtime.block_on(async {
        let store = Store::open(&db).await.unwrap();
        let session = Session::open(store.clone(), registry::GAMES, 1, Lang::En)
            .await
            .unwrap();
        common::game_in_play(&session, "g", 30).await;
        let state = store.running_games().await.unwrap().remove(0).state;
        store.close().await;
        state
    });
    let kind = registry::GAMES
        .find("labyrinth")
        .expect("the Labyrinth is hosted");
    let before = LIVE.load(Ordering::Relaxed);
    let games: Vec<Table> = (0..COPIES)
        .map(|_| Table::load(kind, &state).expect("a saved game reads back"))
        .collect();
    let grown = LIVE.load(Ordering::Relaxed) - before;
    let each = usize::try_from(grown).unwrap_or(0) / COPIES;
    drop(games);
    println!(
        "idle game (6x5, three players, 30 orders in): {each} bytes in memory (target: under {TARGET}), {} bytes saved",
        state.len()
    );
    assert!(
        each < TARGET,
        "an idle game takes {each} bytes, over {TARGET}"
    );
}
