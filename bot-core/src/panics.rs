//! What a panic shows. A bug that panics in a game's code is caught where it happened (the input is
//! set aside, the game quarantined; see [`inlet`](crate::inlet)), and the process goes on; but
//! Rust's default hook would print the panic's message, which may quote a cell, a card or a hand.
//! The binaries install [`quiet`] instead: the log says where the panic happened, never what it
//! said.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::task::{Context, Poll};

/// A future panicked while it was polled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panicked;

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

/// Runs a future under a guard: a panic while it runs is [`Panicked`] instead of the end of the
/// task, and of every chat's inputs behind it.
pub(crate) async fn catching<F: Future>(future: F) -> Result<F::Output, Panicked> {
    Caught(Box::pin(future)).await
}

/// A future whose polls are guarded against panics.
struct Caught<F>(Pin<Box<F>>);

impl<F: Future> Future for Caught<F> {
    type Output = Result<F::Output, Panicked>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let inner = self.0.as_mut();
        // The future is not polled again after a panic, so no broken invariant of it is seen.
        match std::panic::catch_unwind(AssertUnwindSafe(|| inner.poll(cx))) {
            Ok(Poll::Ready(v)) => Poll::Ready(Ok(v)),
            Ok(Poll::Pending) => Poll::Pending,
            Err(_) => Poll::Ready(Err(Panicked)),
        }
    }
}
