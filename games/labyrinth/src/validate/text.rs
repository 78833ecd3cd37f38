//! Findings and reports in words, from `config/locales/*/validate.ftl`.
//!
//! Each rule has one message; its data goes in as arguments, cell kinds, directions, items and limits
//! as keys the locale files select on (Russian needs a different case of "arsenal" in each sentence).

use super::rule::{Axis, Rule, Setting};
use super::{Finding, Report};
use crate::geometry::Coord;
use bot_core::i18n::{Arg, Lang, Localize};

impl Localize for Finding {
    /// `C2: the river flows into the arsenal at C3; a river must end in a mouth (§4.5)`.
    fn localize(&self, lang: Lang) -> String {
        let m = crate::locale::messages(lang);
        let (id, args) = message(&self.rule, self.cell);
        let text = m.text(id, &args);
        let section = self.rule.section();
        match self.cell {
            Some(c) => m.text(
                "validate-finding-at",
                bot_core::args![
                    ("cell", c.to_string()),
                    ("text", text),
                    ("section", section)
                ],
            ),
            None => m.text(
                "validate-finding",
                bot_core::args![("text", text), ("section", section)],
            ),
        }
    }
}

impl Localize for Report {
    /// A verdict line, then the problems, then the warnings, one finding a line.
    fn localize(&self, lang: Lang) -> String {
        let m = crate::locale::messages(lang);
        let (problems, warnings) = (self.problems.len(), self.warnings.len());
        let verdict = if self.is_valid() {
            "validate-verdict-valid"
        } else {
            "validate-verdict-refused"
        };
        let mut lines = vec![m.text(
            verdict,
            bot_core::args![("problems", problems), ("warnings", warnings)],
        )];
        for (heading, findings) in [
            ("validate-heading-problems", &self.problems),
            ("validate-heading-warnings", &self.warnings),
        ] {
            if findings.is_empty() {
                continue;
            }
            lines.push(m.text(heading, &[]));
            lines.extend(findings.iter().map(|f| format!("- {}", f.localize(lang))));
        }
        lines.join("\n")
    }
}

type Args = Vec<(&'static str, Arg)>;

/// The message id of a rule and its arguments.
fn message(rule: &Rule, cell: Option<Coord>) -> (&'static str, Args) {
    let s = |v: &str| Arg::from(v);
    let n = Arg::from;
    match *rule {
        Rule::RiverOffBoard { dir } => ("validate-river-off-board", vec![("dir", s(dir.name()))]),
        Rule::RiverThroughWall { to } => (
            "validate-river-through-wall",
            vec![("to", to.to_string().into())],
        ),
        Rule::RiverIntoNonMouth { to, into } => (
            "validate-river-into-non-mouth",
            vec![("to", to.to_string().into()), ("kind", s(into.key()))],
        ),
        Rule::CircularRiver { cells } => ("validate-circular-river", vec![("n", n(cells))]),
        Rule::MouthWithoutRiver => ("validate-mouth-without-river", vec![]),
        Rule::LonePit { pit } => (
            "validate-lone-pit",
            vec![
                ("pit", pit.to_string().into()),
                ("cycle", pit.letter().to_string().into()),
            ],
        ),
        Rule::PitGap { from, to } => {
            let missing = if from == to {
                from.to_string()
            } else {
                format!("{from}–{to}")
            };
            let count = u32::from(to.place.saturating_sub(from.place)) + 1;
            (
                "validate-pit-gap",
                vec![
                    ("missing", missing.into()),
                    ("n", n(count)),
                    ("cycle", from.letter().to_string().into()),
                ],
            )
        }
        Rule::RepeatedPit { pit, first } => (
            "validate-repeated-pit",
            vec![
                ("pit", pit.to_string().into()),
                ("first", first.to_string().into()),
            ],
        ),
        Rule::MissingCellType { kind } => {
            ("validate-missing-cell-type", vec![("kind", s(kind.key()))])
        }
        Rule::NoTreasure => ("validate-no-treasure", vec![]),
        Rule::SeveralTreasures { count } => ("validate-several-treasures", vec![("n", n(count))]),
        Rule::TreasureOffLand { on } => ("validate-treasure-off-land", vec![("kind", s(on.key()))]),
        Rule::FakeOffLand { on } => ("validate-fake-off-land", vec![("kind", s(on.key()))]),
        Rule::TooFewExits { count, least } => (
            "validate-too-few-exits",
            vec![("n", n(count)), ("least", n(least))],
        ),
        Rule::NoOpenExit { .. } => ("validate-no-open-exit", vec![]),
        Rule::ExitOnNeverStood { dir, .. } => {
            ("validate-exit-on-never-stood", vec![("dir", s(dir.name()))])
        }
        Rule::ClosedExitNotAllowed { dir } => (
            "validate-closed-exit-not-allowed",
            vec![("dir", s(dir.name()))],
        ),
        Rule::Unreachable => ("validate-unreachable", vec![]),
        Rule::NoWayOut { kind } => ("validate-no-way-out", vec![("kind", s(kind.key()))]),
        Rule::CutOff => ("validate-cut-off", vec![]),
        Rule::SettingBelowOne { setting } => {
            let key = match setting {
                Setting::Cure => "cure",
                Setting::Nstop => "nstop",
            };
            ("validate-setting-below-one", vec![("setting", s(key))])
        }
        Rule::MinesNotAllowed => ("validate-mines-not-allowed", vec![]),
        Rule::EncephalitisNotAllowed => ("validate-encephalitis-not-allowed", vec![]),
        Rule::NoBear => ("validate-no-bear", vec![]),
        Rule::BadDen { on } => ("validate-bad-den", vec![("kind", s(on.key()))]),
        Rule::BearWithoutPath => ("validate-bear-without-path", vec![]),
        Rule::PitWithoutExit { pair } => {
            ("validate-pit-without-exit", vec![("n", n(u32::from(pair)))])
        }
        Rule::ExitWithoutPit { pair } => {
            ("validate-exit-without-pit", vec![("n", n(u32::from(pair)))])
        }
        Rule::RepeatedPair { pair, pit, first } => (
            "validate-repeated-pair",
            vec![
                ("n", n(u32::from(pair))),
                ("which", s(if pit { "pit" } else { "exit" })),
                ("first", first.to_string().into()),
            ],
        ),
        Rule::StockOffArsenal { on } => ("validate-stock-off-arsenal", vec![("kind", s(on.key()))]),
        Rule::NotAgreed { feature } => (
            "validate-not-agreed",
            vec![("feature", s(feature.option()))],
        ),
        Rule::RiverNotSouth { dir } => ("validate-river-not-south", vec![("dir", s(dir.name()))]),
        Rule::RiverTurns { from } => (
            "validate-river-turns",
            vec![("from", from.to_string().into())],
        ),
        Rule::RiverTributary { inflows } => ("validate-river-tributary", vec![("n", n(inflows))]),
        Rule::RiversTouch { other } => (
            "validate-rivers-touch",
            vec![("other", other.to_string().into())],
        ),
        Rule::MineOffLand { on } => ("validate-mine-off-land", vec![("kind", s(on.key()))]),
        Rule::ArmedAtStart => ("validate-armed-at-start", vec![]),
        Rule::LimitExceeded {
            limit,
            allowed,
            found,
        } => {
            let id = if limit.is_exact() {
                "validate-limit-exact"
            } else {
                "validate-limit-max"
            };
            let args = vec![
                ("limit", s(limit.key())),
                ("allowed", n(allowed)),
                ("found", n(found)),
            ];
            (id, args)
        }
        Rule::NoChain { axis } => {
            let key = match axis {
                Axis::LeftRight => "left-right",
                Axis::TopBottom => "top-bottom",
            };
            ("validate-no-chain", vec![("axis", s(key))])
        }
        Rule::NoCount { item } => ("validate-no-count", vec![("item", s(item.keyword()))]),
        Rule::ItemOffBoard { item } => {
            ("validate-item-off-board", vec![("item", s(item.keyword()))])
        }
        Rule::FewArsenals { count, .. } => ("validate-few-arsenals", vec![("n", n(count))]),
        Rule::FewHospitals { count, .. } => ("validate-few-hospitals", vec![("n", n(count))]),
        Rule::HospitalNextToArsenal { arsenal } => (
            "validate-hospital-next-to-arsenal",
            vec![("arsenal", arsenal.to_string().into())],
        ),
        Rule::NoFalseTreasure { .. } => ("validate-no-false-treasure", vec![]),
        Rule::TooManyFalseTreasures { count, players, .. } => (
            "validate-too-many-false-treasures",
            vec![("n", n(count)), ("players", n(players))],
        ),
        Rule::MouthOneWayOut { ways, .. } => ("validate-mouth-one-way-out", vec![("n", n(ways))]),
        Rule::MouthsSideBySide { other, .. } => (
            "validate-mouths-side-by-side",
            vec![("other", other.to_string().into())],
        ),
        Rule::NoRivers { .. } => ("validate-no-rivers", vec![]),
        Rule::NoEncephalitis { .. } => ("validate-no-encephalitis", vec![]),
        Rule::TreasureNearExit { fake, exit, .. } => (
            "validate-treasure-near-exit",
            vec![
                ("treasure", s(if fake { "fake" } else { "true" })),
                ("place", s(if cell == Some(exit) { "here" } else { "next" })),
                ("exit", exit.to_string().into()),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::PitId;
    use crate::geometry::Dir;
    use crate::item::Item;
    use crate::ruleset::Code;
    use crate::validate::rule::{CellKind, Feature, Limit};

    /// One finding of every rule, with every key of its selects.
    fn samples() -> Vec<Rule> {
        let at = Coord::new(2, 2);
        let pit = PitId { cycle: 0, place: 2 };
        let mut rules = vec![
            Rule::RiverThroughWall { to: at },
            Rule::CircularRiver { cells: 4 },
            Rule::MouthWithoutRiver,
            Rule::LonePit { pit },
            Rule::PitGap { from: pit, to: pit },
            Rule::RepeatedPit { pit, first: at },
            Rule::NoTreasure,
            Rule::SeveralTreasures { count: 2 },
            Rule::TooFewExits { count: 0, least: 2 },
            Rule::TooFewExits { count: 1, least: 2 },
            Rule::TooFewExits { count: 0, least: 1 },
            Rule::Unreachable,
            Rule::CutOff,
            Rule::SettingBelowOne {
                setting: Setting::Cure,
            },
            Rule::SettingBelowOne {
                setting: Setting::Nstop,
            },
            Rule::MinesNotAllowed,
            Rule::EncephalitisNotAllowed,
            Rule::ArmedAtStart,
            Rule::NoChain {
                axis: Axis::LeftRight,
            },
            Rule::NoChain {
                axis: Axis::TopBottom,
            },
            Rule::HospitalNextToArsenal { arsenal: at },
            Rule::RiverTurns { from: at },
            Rule::RiverTributary { inflows: 2 },
            Rule::RiverTributary { inflows: 5 },
            Rule::RiversTouch { other: at },
        ];
        for dir in Dir::ALL {
            rules.push(Rule::RiverOffBoard { dir });
            rules.push(Rule::ClosedExitNotAllowed { dir });
            if dir != Dir::Down {
                rules.push(Rule::RiverNotSouth { dir });
            }
            for code in [Code::Classic, Code::Quantum] {
                rules.push(Rule::ExitOnNeverStood { dir, code });
            }
        }
        for kind in [
            CellKind::Land,
            CellKind::Hospital,
            CellKind::Arsenal,
            CellKind::Pit,
            CellKind::River,
            CellKind::Mouth,
            CellKind::Encephalitis,
            CellKind::Swamp,
        ] {
            rules.push(Rule::RiverIntoNonMouth { to: at, into: kind });
            rules.push(Rule::MissingCellType { kind });
            rules.push(Rule::TreasureOffLand { on: kind });
            rules.push(Rule::FakeOffLand { on: kind });
            rules.push(Rule::MineOffLand { on: kind });
            rules.push(Rule::StockOffArsenal { on: kind });
            rules.push(Rule::NoWayOut { kind });
        }
        for limit in [
            Limit::Pits,
            Limit::PitCycles,
            Limit::PitCycleLen,
            Limit::RiverSystems,
            Limit::Tributaries,
            Limit::RiverLen,
            Limit::Arsenals,
            Limit::Hospitals,
            Limit::Treasures,
            Limit::InnerWalls,
            Limit::Exits,
        ] {
            rules.push(Rule::LimitExceeded {
                limit,
                allowed: 1,
                found: 2,
            });
        }
        rules.extend([
            Rule::NoBear,
            Rule::BearWithoutPath,
            Rule::BadDen {
                on: CellKind::River,
            },
            Rule::PitWithoutExit { pair: 1 },
            Rule::ExitWithoutPit { pair: 2 },
            Rule::RepeatedPair {
                pair: 3,
                pit: true,
                first: at,
            },
            Rule::RepeatedPair {
                pair: 3,
                pit: false,
                first: at,
            },
        ]);
        for feature in Feature::ALL {
            rules.push(Rule::NotAgreed { feature });
        }
        for item in Item::ALL {
            rules.push(Rule::NoCount { item });
            rules.push(Rule::ItemOffBoard { item });
        }
        for code in [Code::Classic, Code::Quantum] {
            rules.extend([
                Rule::FewArsenals { code, count: 1 },
                Rule::FewHospitals { code, count: 1 },
                Rule::NoFalseTreasure { code },
                Rule::TooManyFalseTreasures {
                    code,
                    count: 3,
                    players: 2,
                },
                Rule::MouthOneWayOut { code, ways: 0 },
                Rule::MouthOneWayOut { code, ways: 1 },
                Rule::MouthsSideBySide { code, other: at },
                Rule::NoRivers { code },
                Rule::NoEncephalitis { code },
                Rule::TreasureNearExit {
                    code,
                    fake: false,
                    exit: at,
                },
                Rule::TreasureNearExit {
                    code,
                    fake: true,
                    exit: Coord::new(0, 0),
                },
            ]);
        }
        rules
    }

    #[test]
    fn every_rule_has_words_in_both_languages() {
        // Kodex Б §8: every finding reaches the master in his language, with all its data filled in.
        for rule in samples() {
            for lang in Lang::ALL {
                let text = Finding::at(Coord::new(2, 2), rule).localize(lang);
                assert!(text.starts_with("C3: "), "{lang}: {text}");
                assert!(
                    text.ends_with(&format!("({})", rule.section())),
                    "{lang}: {text}"
                );
                for broken in ["[validate-", "{$", "{ $", "???"] {
                    assert!(!text.contains(broken), "{lang}: {rule:?}: {text}");
                }
            }
        }
    }

    #[test]
    fn every_option_a_finding_suggests_is_one_newgame_takes() {
        // Kodex Б §7: options are agreed before the game; a finding that names the option to
        // agree on must name it as `/newgame` reads it, or the master is sent to a refusal. The
        // bear is `bear=path` or `bear=mimic` (encyclopedia, modification 2: "по заданной
        // траектории или повторять ходы всех игроков"), never `bear=yes`.
        for feature in Feature::ALL {
            for lang in Lang::ALL {
                let text =
                    Finding::at(Coord::new(2, 2), Rule::NotAgreed { feature }).localize(lang);
                let suggested: Vec<&str> = text
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .filter(|s| s.contains('='))
                    .collect();
                assert!(!suggested.is_empty(), "{lang}: {text}");
                for option in suggested {
                    let (key, value) = option.split_once('=').unwrap();
                    let mut rules = crate::ruleset::Ruleset::wiki();
                    assert!(
                        rules.set(key, value).is_ok(),
                        "{lang}: {feature:?} suggests {option}, which /newgame refuses: {text}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_finding_without_a_cell_starts_with_its_text() {
        // Kodex Б §8.3: the plan as a whole has no treasure.
        let text = Finding::global(Rule::NoTreasure).localize(Lang::Ru);
        assert_eq!(
            text,
            "нет истинного клада; положите ровно один на сушу (`treasure` в списке имущества) (§8.3)"
        );
    }
}
