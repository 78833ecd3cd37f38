//! Colours that cells and walls share: a pit cycle's (its ring and its links) and a pit–exit
//! pair's.

use bot_core::draw::{Rgb, rgb};

/// The ring of a pit–exit pair (encyclopedia, modification 8).
pub(super) const PAIR: Rgb = rgb(0xB5179E);

/// Colours of pit cycles `a`, `b`, …: twelve that stay apart on sand, blue and green cells; the first
/// ones differ in hue from the first players' colours, so a link is not read as a path.
const CYCLES: [Rgb; 12] = [
    rgb(0xE6007E),
    rgb(0x00897B),
    rgb(0x8D5524),
    rgb(0x9E9D24),
    rgb(0x1A237E),
    rgb(0xC9A400),
    rgb(0x616161),
    rgb(0x880E4F),
    rgb(0xE6194B),
    rgb(0x1E63D6),
    rgb(0x18A05A),
    rgb(0xF58231),
];

/// The colour of a pit cycle (its ring and its links).
pub(crate) fn cycle_colour(cycle: u8) -> Rgb {
    CYCLES[usize::from(cycle) % CYCLES.len()]
}
