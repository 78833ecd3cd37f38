//! The games a session hosts: a list the binary that wires the bot hands to the session when it
//! starts. The session names no game; the registry is built at the top (`gm-bot`, `gm`), so adding
//! a game is its crate plus one line in that list.

use std::fmt;

use super::game::Kind;

/// The session's own `/newgame` options, the same for every game: the turn clock.
pub(super) const CLOCK_EXAMPLES: &[&str] = &[
    "deadline=24h",
    "deadline=1h",
    "missed=3",
    "missed=loss",
    "extend=2x12h",
];

/// The games `/newgame` opens, in the order they are offered.
#[derive(Clone, Copy)]
pub struct Registry {
    kinds: &'static [&'static dyn Kind],
}

impl Registry {
    /// The registry of these games, offered in this order.
    pub const fn new(kinds: &'static [&'static dyn Kind]) -> Registry {
        Registry { kinds }
    }

    /// Every game, in the order they are offered.
    pub fn all(&self) -> &'static [&'static dyn Kind] {
        self.kinds
    }

    /// The game `/newgame` names by a word (or another spelling of it), in any case.
    pub fn find(&self, word: &str) -> Option<&'static dyn Kind> {
        let word = word.to_lowercase();
        (self.kinds.iter().copied())
            .find(|k| k.word() == word || k.aliases().contains(&word.as_str()))
    }

    /// The words `/newgame` takes for the games, in the order they are offered.
    pub fn words(&self) -> Vec<&'static str> {
        self.kinds.iter().map(|k| k.word()).collect()
    }

    /// The names of the rulesets `/newgame` accepts, of every game (each once).
    pub fn rulesets(&self) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = vec![];
        for r in self.kinds.iter().flat_map(|k| k.rulesets()) {
            if !all.contains(&r) {
                all.push(r);
            }
        }
        all
    }

    /// Examples of `/newgame`'s `key=value` options: the session's own and every game's.
    pub fn option_examples(&self) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = vec![];
        let games = self.kinds.iter().flat_map(|k| k.option_examples());
        for o in games.chain(CLOCK_EXAMPLES) {
            if !all.contains(o) {
                all.push(o);
            }
        }
        all
    }

    /// The text of `/newgame` for a game, its ruleset and options as typed (`size=6x5 plan=own`),
    /// for a platform whose command form asks for them separately. Without a game, a ruleset of
    /// one game only names that game.
    pub fn newgame_text(&self, game: &str, ruleset: &str, options: &str) -> String {
        let mut text = "/newgame".to_string();
        let owners: Vec<&str> = (self.kinds.iter())
            .filter(|k| k.rulesets().contains(&ruleset.trim()))
            .map(|k| k.word())
            .collect();
        let game = match (game.trim(), owners.as_slice()) {
            ("", [only]) => only,
            _ => game,
        };
        let words = game.split_whitespace();
        for word in words
            .chain(ruleset.split_whitespace())
            .chain(options.split_whitespace())
        {
            text.push(' ');
            text.push_str(word);
        }
        text
    }
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.words()).finish()
    }
}
