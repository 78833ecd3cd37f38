//! What a panic shows. A bug that panics in a game's code is caught where it happened (the input is
//! set aside, the game quarantined; see [`inlet`](crate::inlet)), and the process goes on; but
//! Rust's default hook would print the panic's message, which may quote a cell, a card or a hand.
//! The binaries install [`quiet`] instead: the log says where the panic happened, never what it
//! said.

/// Replaces the panic hook with one that logs the place of a panic, without its message.
pub fn quiet() {
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_else(|| "an unknown place".to_string());
        let thread = std::thread::current();
        let thread = thread.name().unwrap_or("unnamed");
        eprintln!(
            "panic at {place} in thread {thread} (its message is not shown: it may hold a game's secret)"
        );
    }));
}
