//! What `/newgame labyrinth RULESET key=value …` agrees on, and `/rules` telling it back.

use serde::{Deserialize, Serialize};

use crate::geometry::{BadSize, Size};
use crate::locale::t;
use crate::ruleset::{OptionKind, Ruleset};
use bot_core::i18n::Lang;
use bot_core::session::text::bad_option;

use super::Labyrinth;

/// The default board.
pub const DEFAULT_SIZE: (u8, u8) = (6, 5);

/// One example of each option `key=value` the Labyrinth reads besides a ruleset's own options,
/// for a platform's suggestions while the options are typed.
pub(super) const EXAMPLES: &[&str] = &[
    "size=5x4",
    "size=6x5",
    "size=8x8",
    "size=5x5x2",
    "plan=generated",
    "plan=own",
    "order=lot",
    "order=join",
    "queue=on",
    "seed=1",
];

/// What `/newgame` agreed on besides the ruleset's own options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Board width and height for a generated maze.
    pub size: (u8, u8),
    /// Levels of a generated maze: more than one is a 3-D maze (the encyclopedia's modification 12,
    /// `size=5x5x2`).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub levels: u8,
    /// `plan=own`: the opener is the master and sends the plan privately.
    pub own_plan: bool,
    /// `order=join`: turns go in the order players joined instead of by lot.
    pub join_order: bool,
    /// The generator's seed, when the players fixed one.
    pub seed: Option<u64>,
    /// Players (by name) granted the ruleset's handicap (Kodex Б §7.2: "слабейшим игрокам").
    #[serde(default)]
    pub handicap: Vec<String>,
    /// `queue=on`: queued play (seed 004), orders of several turns sent at any time, a round's
    /// deadline for those with nothing queued.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub queue: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: DEFAULT_SIZE,
            levels: 1,
            own_plan: false,
            join_order: false,
            seed: None,
            handicap: Vec::new(),
            queue: false,
        }
    }
}

fn one() -> u8 {
    1
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

impl Options {
    /// The board size.
    pub fn board(&self) -> Size {
        Size::stacked(self.size.0, self.size.1, self.levels).unwrap_or(Size {
            width: DEFAULT_SIZE.0,
            height: DEFAULT_SIZE.1,
            levels: 1,
        })
    }
}

/// Reads a ruleset and `/newgame`'s options into a new game, or says what is wrong with them.
pub(super) fn read(code: &str, words: &[&str], lang: Lang) -> Result<Labyrinth, String> {
    let usage = || t(lang, "lab-table-newgame-usage", &[]);
    let code = code.to_lowercase();
    let mut rules = Ruleset::preset(&code).map_err(|_| usage())?;
    let mut options = Options::default();
    for w in words {
        let Some((k, v)) = w.split_once('=') else {
            return Err(bad_option(lang, w, &usage()));
        };
        let bad = |why: String| bad_option(lang, w, &why);
        match k.to_lowercase().as_str() {
            "size" => {
                let s: Size = v.parse().map_err(|e: BadSize| bad(e.to_string()))?;
                options.size = (s.width, s.height);
                options.levels = s.levels;
            }
            "plan" if v == "own" => options.own_plan = true,
            "plan" if v == "generated" => options.own_plan = false,
            "order" if v == "join" => options.join_order = true,
            "order" if v == "lot" => options.join_order = false,
            "queue" => {
                options.queue = on_off(v).ok_or_else(|| bad(t(lang, "lab-queue-option", &[])))?
            }
            "handicap" => {
                options.handicap = v
                    .split(',')
                    .filter(|n| !n.is_empty())
                    .map(str::to_string)
                    .collect()
            }
            "seed" => {
                options.seed = Some(
                    v.parse()
                        .map_err(|_| bad(t(lang, "session-bad-number", &[])))?,
                )
            }
            _ => rules
                .set(k, v)
                .map_err(|_| bad(option_values(&rules, k, lang)))?,
        }
    }
    Ok(Labyrinth::new(&code, rules, options))
}

/// Why `key=value` was refused, in the players' words: the values the option takes, or that
/// there is no such option — never the option file's parser speaking.
fn option_values(rules: &Ruleset, key: &str, lang: Lang) -> String {
    let kind = match rules.kind_of(key) {
        None => return t(lang, "lab-option-unknown", &[]),
        Some(OptionKind::YesNo) => "yes-no",
        Some(OptionKind::Number) => "number",
        Some(OptionKind::Rivers) => "rivers",
        Some(OptionKind::Bear) => "bear",
        Some(OptionKind::Code) => "code",
    };
    t(lang, "lab-option-values", bot_core::args![("kind", kind)])
}

/// `on`/`off` and their other spellings.
fn on_off(v: &str) -> Option<bool> {
    match v.to_lowercase().as_str() {
        "on" | "yes" | "true" | "да" => Some(true),
        "off" | "no" | "false" | "нет" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Kodex Б §7: options are agreed in words the players can act on. A value an option does not
    // take is answered with the values it does, in the chat's language; `bear=off` is a value.
    #[test]
    fn a_bad_option_is_answered_with_the_values_it_takes() {
        for (word, en, ru) in [
            ("bear=yes", "bear=mimic", "bear=mimic"),
            ("rivers=fast", "torrential", "torrential"),
            ("kick=maybe", "yes or no", "yes или no"),
            ("shot_range=far", "whole number", "целое число"),
            ("flying=yes", "no such option", "нет такой опции"),
        ] {
            for (lang, says) in [(Lang::En, en), (Lang::Ru, ru)] {
                let Err(text) = read("wiki", &[word], lang) else {
                    panic!("{word} is refused");
                };
                assert!(text.contains(says), "{lang}: {word}: {text}");
                for raw in ["invalid type", "variant", "expected"] {
                    assert!(!text.contains(raw), "{lang}: {word}: {text}");
                }
            }
        }
        for word in [
            "bear=path",
            "bear=mimic",
            "bear=off",
            "rivers=swift",
            "kick=yes",
        ] {
            assert!(read("wiki", &[word], Lang::En).is_ok(), "{word}");
        }
    }

    // The encyclopedia's modification 12: `size=5x5x2` opens a maze of two levels, and /rules says so.
    #[test]
    fn a_size_of_three_numbers_agrees_on_levels() {
        let lab = read("wiki", &["size=5x4x2"], Lang::En).expect("a 3-D size");
        assert_eq!(lab.options.board(), Size::stacked(5, 4, 2).unwrap());
        assert_eq!(lab.levels(), 2);
        let flat = read("wiki", &["size=5x4"], Lang::En).expect("a flat size");
        assert_eq!(flat.options.board(), Size::new(5, 4).unwrap());
        assert_eq!(flat.levels(), 1);
        // Saved as before when flat; the levels when not.
        let json = serde_json::to_string(&flat.options).unwrap();
        assert!(!json.contains("levels"), "{json}");
        let json = serde_json::to_string(&lab.options).unwrap();
        assert!(json.contains("\"levels\":2"), "{json}");
        let err = read("wiki", &["size=5x4x10"], Lang::En).unwrap_err();
        assert!(err.contains("5x4x10"), "{err}");
    }
}
