//! Findings and reports in words, from `config/locales/*/cylinder.ftl` (messages
//! `cylinder-check-*`). Cell kinds, things and directions go in as keys the locale files select on.

use super::rule::{Creature, CylRule, Goal, Thing, ground_key};
use super::{CylFinding, CylReport};
use crate::geometry::Dir;
use bot_core::i18n::{Arg, Lang, Localize};

impl Localize for CylFinding {
    /// `C2: the river flows into land at C3; …`.
    fn localize(&self, lang: Lang) -> String {
        let m = crate::locale::messages(lang);
        let (id, args) = message(self.rule);
        let text = m.text(id, &args);
        match self.cell {
            Some(c) => m.text(
                "cylinder-check-at",
                bot_core::args![("cell", c.to_string()), ("text", text)],
            ),
            None => text,
        }
    }
}

impl Localize for CylReport {
    /// A verdict line, then the problems, then the warnings, one finding a line.
    fn localize(&self, lang: Lang) -> String {
        let m = crate::locale::messages(lang);
        let (problems, warnings) = (self.problems.len(), self.warnings.len());
        let verdict = if self.is_valid() {
            "cylinder-check-valid"
        } else {
            "cylinder-check-refused"
        };
        let mut lines = vec![m.text(
            verdict,
            bot_core::args![("problems", problems), ("warnings", warnings)],
        )];
        for (heading, findings) in [
            ("cylinder-check-problems", &self.problems),
            ("cylinder-check-warnings", &self.warnings),
        ] {
            if !findings.is_empty() {
                lines.push(m.text(heading, &[]));
                lines.extend(findings.iter().map(|f| format!("- {}", f.localize(lang))));
            }
        }
        lines.join("\n")
    }
}

type Args = Vec<(&'static str, Arg)>;

/// The message id of a rule and its arguments.
pub(super) fn message(rule: CylRule) -> (&'static str, Args) {
    let cell = |c: crate::geometry::Coord| Arg::from(c.to_string());
    match rule {
        CylRule::NoMorgue => ("cylinder-check-no-morgue", vec![]),
        CylRule::SecondMorgue { first } => {
            ("cylinder-check-second-morgue", vec![("first", cell(first))])
        }
        CylRule::TreasureInRiver => ("cylinder-check-treasure-in-river", vec![]),
        CylRule::NoExit => ("cylinder-check-no-exit", vec![]),
        CylRule::OffBoard { thing, at } => (
            "cylinder-check-off-board",
            vec![("thing", thing_key(thing).into()), ("at", cell(at))],
        ),
        CylRule::RiverOffBoard { dir } => (
            "cylinder-check-river-off-board",
            vec![("dir", dir_key(dir).into())],
        ),
        CylRule::RiverThroughWall { to } => {
            ("cylinder-check-river-through-wall", vec![("to", cell(to))])
        }
        CylRule::RiverIntoNonSwamp { to, into } => (
            "cylinder-check-river-into-non-swamp",
            vec![("to", cell(to)), ("kind", ground_key(into).into())],
        ),
        CylRule::CircularRiver { cells } => (
            "cylinder-check-circular-river",
            vec![("n", Arg::from(cells))],
        ),
        CylRule::PitToItself => ("cylinder-check-pit-to-itself", vec![]),
        CylRule::PitIntoNonPit { to, into } => (
            "cylinder-check-pit-into-non-pit",
            vec![("to", cell(to)), ("kind", ground_key(into).into())],
        ),
        CylRule::PitNotEntered => ("cylinder-check-pit-not-entered", vec![]),
        CylRule::PitEnteredSeveral { count } => (
            "cylinder-check-pit-entered-several",
            vec![("n", Arg::from(count))],
        ),
        CylRule::CrocodileOffLand { on } => (
            "cylinder-check-crocodile-off-land",
            vec![("kind", ground_key(on).into())],
        ),
        CylRule::StartsInRiver { creature } => (
            "cylinder-check-starts-in-river",
            vec![("creature", creature_key(creature).into())],
        ),
        CylRule::GhostWithoutPath => ("cylinder-check-ghost-without-path", vec![]),
        CylRule::GhostLeaves { step, dir } => (
            "cylinder-check-ghost-leaves",
            vec![("step", Arg::from(step)), ("dir", dir_key(dir).into())],
        ),
        CylRule::FewStarts { count, needed } => (
            "cylinder-check-few-starts",
            vec![("n", Arg::from(count)), ("needed", Arg::from(needed))],
        ),
        CylRule::CutOff { goal } => ("cylinder-check-cut-off", vec![("goal", goal_key(goal))]),
        CylRule::CutOffEverywhere { goal } => (
            "cylinder-check-cut-off-everywhere",
            vec![("goal", goal_key(goal))],
        ),
        CylRule::NoWayOut => ("cylinder-check-no-way-out", vec![]),
        CylRule::NoSpinner => ("cylinder-check-no-spinner", vec![]),
        CylRule::NoCrocodile => ("cylinder-check-no-crocodile", vec![]),
        CylRule::NoRiver => ("cylinder-check-no-river", vec![]),
    }
}

/// `north` and `south` for the rims, `other` for a way off the level.
fn dir_key(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "north",
        Dir::Down => "south",
        Dir::Left => "west",
        Dir::Right => "east",
        Dir::Higher | Dir::Lower => "other",
    }
}

fn goal_key(goal: Goal) -> Arg {
    match goal {
        Goal::Treasure => "treasure",
        Goal::Exit => "exit",
    }
    .into()
}

fn thing_key(thing: Thing) -> &'static str {
    match thing {
        Thing::Treasure => "treasure",
        Thing::Crocodile => "crocodile",
        Thing::Bear => "bear",
        Thing::Ghost => "ghost",
        Thing::PitTarget => "pit-target",
    }
}

fn creature_key(creature: Creature) -> &'static str {
    match creature {
        Creature::Bear => "bear",
        Creature::Ghost => "ghost",
    }
}
