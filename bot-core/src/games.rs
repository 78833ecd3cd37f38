//! Every game the session hosts, one line each: adding a game is its module and a line here.

use crate::session::game::Kind;

/// The games `/newgame` opens, in the order they are offered.
#[cfg(not(test))]
static ALL: &[&dyn Kind] = &[
    &crate::labyrinth::table::KIND,
    &crate::saboteur::table::KIND,
    &crate::hive::table::KIND,
];

// The session's own tests host a tiny game of theirs beside the real ones, to show the seam
// carries a second game.
#[cfg(test)]
static ALL: &[&dyn Kind] = &[
    &crate::labyrinth::table::KIND,
    &crate::saboteur::table::KIND,
    &crate::hive::table::KIND,
    &crate::session::tests::tiny::KIND,
];

/// The games `/newgame` opens, in the order they are offered.
pub fn all() -> &'static [&'static dyn Kind] {
    ALL
}

/// The game `/newgame` names by a word (or another spelling of it), in any case.
pub fn find(word: &str) -> Option<&'static dyn Kind> {
    let word = word.to_lowercase();
    all()
        .iter()
        .copied()
        .find(|k| k.word() == word || k.aliases().contains(&word.as_str()))
}
