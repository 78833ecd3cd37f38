//! `/rules`: what the table agreed on, told in sentences in the chat's language — the code, then
//! the maze, the orders, weapons and wounds, the start and the end, and the encyclopedia's
//! modifications switched on. Every option of the ruleset that can matter in this game is said,
//! because Б §7 lets "любой игрок может в любой момент уточнить все действующие в игре правила".
//!
//! An option is left unsaid only where nothing in the game can show it: how a mine may be set
//! when there are no mines, a cure's time limit without encephalitis, conditional orders in a code
//! of one action a turn, a re-order after a mine without re-orders or mines, and the handicap's
//! terms until someone is granted one (then `lab-table-rules-handicap` tells them).

use crate::bear::BearMode;
use crate::locale::t;
use crate::ruleset::{Code, Limits, RiverKind, Ruleset};
use bot_core::args;
use bot_core::i18n::Lang;
use bot_core::session::table::Seating;
use bot_core::session::text::duration_text;

use super::Labyrinth;

/// `/rules`: the ruleset in sentences, the table's own terms (levels, queued play, the start, the
/// handicap), and the clock.
pub(super) fn rules_text(lab: &Labyrinth, seating: &Seating) -> String {
    let lang = seating.lang;
    let mut parts = describe(&lab.rules, lang);
    let levels = lab.levels();
    if levels > 1 {
        parts.push(t(
            lang,
            "lab-table-rules-levels",
            args![("levels", u32::from(levels))],
        ));
    }
    if lab.options.queue {
        parts.push(t(lang, "lab-queue-rules", &[]));
    }
    if !lab.options.handicap.is_empty() {
        // Б §7.2: the group agreed on who is weaker; everyone may know what he was given.
        let play = &lab.rules.play;
        parts.push(t(
            lang,
            "lab-table-rules-handicap",
            args![
                ("names", lab.options.handicap.join(", ")),
                ("peek", u32::from(play.handicap_peek)),
                ("reorder", yes(play.handicap_reorder))
            ],
        ));
    }
    parts.push(t(
        lang,
        "lab-table-rules",
        args![
            ("deadline", duration_text(lang, seating.deadline_ms)),
            ("missed", seating.missed)
        ],
    ));
    parts.join("\n")
}

/// The ruleset in sentences: a paragraph for the code, then one for each part of the rules, each
/// headed; the modifications' paragraph only when some are on.
pub fn describe(rules: &Ruleset, lang: Lang) -> Vec<String> {
    let say = |id: &str, on: bool| t(lang, id, args![("on", yes(on))]);
    let play = &rules.play;
    let code = code_word(rules.code);

    let mut maze = vec![
        t(
            lang,
            "lab-rules-rivers",
            args![("rivers", river_word(rules.rivers))],
        ),
        say("lab-rules-open-exit", rules.require_open_exit),
        say("lab-rules-closed-exits", rules.closed_exits),
    ];
    if rules.chains {
        maze.push(t(lang, "lab-rules-chains", &[]));
    }
    maze.push(t(
        lang,
        "lab-rules-encephalitis",
        args![
            ("on", yes(rules.encephalitis)),
            ("limited", yes(play.cure_limited))
        ],
    ));
    maze.push(t(
        lang,
        "lab-rules-mines",
        args![
            ("on", yes(rules.mines)),
            ("start", yes(play.start_mines > 0)),
            ("throw", yes(play.mine_to_neighbour))
        ],
    ));
    if play.floating_items {
        maze.push(t(lang, "lab-rules-floating", &[]));
    }
    let limits = limits(&rules.limits, lang);
    if !limits.is_empty() {
        maze.push(t(
            lang,
            "lab-rules-limits",
            args![("list", limits.join(", "))],
        ));
    }

    let mut orders = vec![];
    if rules.code == Code::Classic {
        orders.push(say("lab-rules-conditional", play.conditional_orders));
    }
    orders.extend([
        say("lab-rules-dark", play.dark_orders),
        say("lab-rules-half-dark", play.half_dark_orders),
        say("lab-rules-throwing", play.throwing),
        say("lab-rules-skip", play.skip),
    ]);
    if play.forbid_repeats {
        orders.push(t(lang, "lab-rules-repeats", &[]));
    }

    let mut arms = vec![
        t(
            lang,
            "lab-rules-shot-range",
            args![("n", u32::from(play.shot_range))],
        ),
        say("lab-rules-depots", play.shots_through_depots),
        say("lab-rules-river-shots", play.shoot_from_river),
    ];
    if play.named_target {
        arms.push(t(lang, "lab-rules-named-target", &[]));
    }
    arms.push(say("lab-rules-blast-report", play.blast_report));
    arms.push(t(
        lang,
        "lab-rules-wounded",
        args![("on", yes(play.wounded_shoot)), ("code", code)],
    ));
    arms.push(t(
        lang,
        "lab-rules-reorders",
        args![
            ("on", yes(play.reorders)),
            ("mines", yes(rules.mines)),
            ("after_mine", yes(play.reorder_after_mine))
        ],
    ));

    let start = if play.common_start {
        t(lang, "lab-rules-common-start", &[])
    } else if play.secret_start {
        t(lang, "lab-table-rules-secret-start", &[])
    } else {
        t(lang, "lab-table-rules-start", &[])
    };
    let n = play.last_standing_moves;
    let moves = t(
        lang,
        "lab-count-move",
        args![("n", n), ("case", "nom"), ("form", "count")],
    );
    let end = t(
        lang,
        "lab-rules-last-standing",
        args![("n", n), ("moves", moves)],
    );

    let mut out = vec![t(lang, "lab-rules-code", args![("code", code)])];
    for (head, lines) in [
        ("lab-rules-maze", maze),
        ("lab-rules-orders", orders),
        ("lab-rules-arms", arms),
        ("lab-rules-start-end", vec![start, end]),
        ("lab-rules-modifications", modifications(rules, lang)),
    ] {
        if !lines.is_empty() {
            out.push(format!("{} {}", t(lang, head, &[]), lines.join(" ")));
        }
    }
    out
}

/// The encyclopedia's modifications switched on, a sentence each (the master's placing of the
/// players is told with the start).
fn modifications(rules: &Ruleset, lang: Lang) -> Vec<String> {
    let play = &rules.play;
    let bear = match play.bear {
        BearMode::Off => None,
        BearMode::Path => Some("bear_path"),
        BearMode::Mimic => Some("bear_mimic"),
    };
    let on = [
        (bear.is_some(), bear.unwrap_or_default()),
        (rules.pit_exits, "pit_exits"),
        (rules.arsenal_kinds, "arsenal_kinds"),
        (rules.swamps, "swamps"),
        (rules.windows, "windows"),
        (rules.rubber_walls, "rubber_walls"),
        (rules.one_way_walls, "one_way_walls"),
        (play.one_way_silent, "one_way_silent"),
        (rules.several_treasures, "several_treasures"),
        (play.win_all, "win_all"),
        (rules.rivers_south, "rivers_south"),
        (rules.straight_rivers, "straight_rivers"),
        (rules.rivers_apart, "rivers_apart"),
        (play.wall_keeps_turn, "wall_keeps_turn"),
        (play.kick, "kick"),
        (play.cement, "cement"),
        (play.boomerang > 0, "boomerang"),
        (play.random_hospital, "random_hospital"),
        (play.outer_wall_told, "outer_wall_told"),
        (play.blown_told, "blown_told"),
    ];
    on.into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, m)| {
            t(
                lang,
                "lab-rules-mod",
                args![("mod", m), ("n", u32::from(play.boomerang))],
            )
        })
        .collect()
}

/// The §7.1 counts agreed on, as phrases.
fn limits(l: &Limits, lang: Lang) -> Vec<String> {
    [
        ("max_pits", l.max_pits),
        ("max_pit_cycles", l.max_pit_cycles),
        ("max_pit_cycle_len", l.max_pit_cycle_len),
        ("max_river_systems", l.max_river_systems),
        ("max_tributaries", l.max_tributaries),
        ("max_river_len", l.max_river_len),
        ("arsenals", l.arsenals),
        ("hospitals", l.hospitals),
        ("treasures", l.treasures),
        ("max_inner_walls", l.max_inner_walls),
        ("exits", l.exits),
    ]
    .into_iter()
    .filter_map(|(key, n)| Some(t(lang, "lab-rules-limit", args![("key", key), ("n", n?)])))
    .collect()
}

/// The code as the locale files select on it.
pub(super) fn code_word(code: Code) -> &'static str {
    match code {
        Code::Classic => "classic",
        Code::Quantum => "quantum",
        Code::Wiki => "wiki",
    }
}

fn river_word(kind: RiverKind) -> &'static str {
    match kind {
        RiverKind::Deep => "deep",
        RiverKind::Shallow => "shallow",
        RiverKind::Torrential => "torrential",
        RiverKind::Swift => "swift",
    }
}

fn yes(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option's key and a value other than the one it has, as `/newgame` would take it.
    fn changes(rules: &Ruleset) -> Vec<(String, String)> {
        let root = toml::Table::try_from(rules).unwrap();
        let mut out = vec![];
        let mut visit = |table: &toml::Table| {
            for (k, v) in table {
                let other = match v {
                    toml::Value::Boolean(b) => if *b { "no" } else { "yes" }.to_string(),
                    toml::Value::Integer(n) => if *n == 0 { "2" } else { "0" }.to_string(),
                    toml::Value::String(s) => match (k.as_str(), s.as_str()) {
                        ("rivers", "deep") => "shallow".into(),
                        ("rivers", _) => "deep".into(),
                        ("bear", "off") => "path".into(),
                        ("bear", _) => "off".into(),
                        _ => continue,
                    },
                    _ => continue,
                };
                out.push((k.clone(), other));
            }
        };
        visit(&root);
        visit(root["play"].as_table().unwrap());
        out.extend(
            Ruleset::LIMITS
                .iter()
                .map(|k| (k.to_string(), "3".to_string())),
        );
        out
    }

    // Б §7: "любой игрок может в любой момент уточнить все действующие в игре правила" — in
    // words, not as the option file: nothing of the file's syntax shows.
    #[test]
    fn the_rules_are_sentences_in_the_chats_language() {
        for name in ["classic", "quantum", "wiki"] {
            let rules = Ruleset::preset(name).unwrap();
            for lang in Lang::ALL {
                let text = describe(&rules, lang).join("\n");
                for raw in ["=", "_", "{", "["] {
                    assert!(!text.contains(raw), "{name} {lang}: «{raw}» in {text}");
                }
                let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
                for raw in ["true", "false", "yes", "limits"] {
                    assert!(!words.contains(&raw), "{name} {lang}: «{raw}» in {text}");
                }
            }
        }
        let en = describe(&Ruleset::preset("quantum").unwrap(), Lang::En).join(" ");
        assert!(en.contains("quantum code"), "{en}");
        let ru = describe(&Ruleset::preset("quantum").unwrap(), Lang::Ru).join(" ");
        assert!(ru.contains("квантовому кодексу"), "{ru}");
    }

    // Every option is told: changing any one changes what /rules says (the classic preset has
    // mines, encephalitis and re-orders, so that the options hanging on them show). The handicap's
    // terms are told only with a handicap granted.
    #[test]
    fn every_option_changes_what_the_rules_say() {
        let base = Ruleset::preset("classic").unwrap();
        for (key, value) in changes(&base) {
            if key.starts_with("handicap_") {
                continue;
            }
            let mut changed = base.clone();
            changed.set(&key, &value).unwrap();
            for lang in Lang::ALL {
                assert_ne!(
                    describe(&base, lang),
                    describe(&changed, lang),
                    "{lang}: {key}={value} is not told"
                );
            }
        }
    }
}
