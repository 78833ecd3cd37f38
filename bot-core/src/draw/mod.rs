//! Game-neutral drawing over tiny-skia, shared by the games' pictures: colours, pens and shapes
//! ([`canvas`]) and text in a built-in bitmap font ([`text`]).
//!
//! Nothing here knows a game; a game's picture module picks its palette and layout and draws
//! with these. No call panics on any input: degenerate shapes are simply not drawn.

pub mod canvas;
pub mod text;

pub use canvas::{Area, Canvas, Pen, Rgb, built, pt, rgb};
