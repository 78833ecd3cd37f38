//! Rulesets: the two codes of the rule book and their §7 options, as typed settings.
//!
//! The presets live in `config/rulesets/*.toml` and are compiled in, so the `gm` binary works from
//! any directory. An option the code does not know is an error, never silently ignored.
//!
//! This module holds the options that shape a maze (what the validator and the generator need); the
//! rules engine adds the options of play.

use serde::{Deserialize, Serialize};

use super::bear::BearMode;

/// Which code of the rule book a game follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Code {
    /// Part Б, "Кодекс Лабиринта", the classic code.
    Classic,
    /// Part В, the quantum code.
    Quantum,
    /// The encyclopedia's "Terra incognita" (seed 003, "Базовые правила"): one action a turn, the
    /// knife, bombs, rivers that carry two cells, nobody dies.
    Wiki,
}

/// How rivers carry players (Kodex Б §4.6, §7.4; Kodex В §4.6, §7.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RiverKind {
    /// Глубокие (classic default): whoever is in a river is carried one cell per move, a wall bump too.
    Deep,
    /// Мелкие (quantum default): carried only on entering; then one walks along the river; one cannot
    /// leave a mouth toward a river flowing into it.
    Shallow,
    /// Бурные: whoever enters a river is carried straight to its mouth.
    Torrential,
    /// The encyclopedia's rivers: whoever enters one is carried two cells downstream ("на две клетки
    /// по реке (то есть через одну)"), the mouth stopping him; whoever stays in it floats on two
    /// cells a move, a wall bumped too.
    Swift,
}

/// Limits a group may agree on to simplify a maze (Kodex Б §7.1). `None` means no limit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// Most pits in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_pits: Option<u32>,
    /// Most pit cycles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_pit_cycles: Option<u32>,
    /// Most pits in one cycle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_pit_cycle_len: Option<u32>,
    /// Most river systems.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_river_systems: Option<u32>,
    /// Most rivers flowing into one cell (tributaries of a system).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_tributaries: Option<u32>,
    /// Most river cells in one system.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_river_len: Option<u32>,
    /// Exact number of arsenals agreed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arsenals: Option<u32>,
    /// Exact number of hospitals agreed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hospitals: Option<u32>,
    /// Exact number of treasures, true and false, agreed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub treasures: Option<u32>,
    /// Most inner walls (breakable or not).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_inner_walls: Option<u32>,
    /// Exact number of exits, open and closed, agreed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exits: Option<u32>,
}

/// A Labyrinth ruleset: a code and the options of its §7 that shape the maze.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// The code this ruleset follows.
    pub code: Code,
    /// How rivers carry players.
    pub rivers: RiverKind,
    /// At least one exit must be open at the start (Kodex Б §8.4 "often"; Kodex В §1.4 always).
    pub require_open_exit: bool,
    /// Exits may be closed by breakable outer walls (Kodex Б §7.1).
    pub closed_exits: bool,
    /// Mines are in play (Kodex Б §7.1, §5.7).
    pub mines: bool,
    /// Encephalitis cells are in play (Kodex Б §7.1, §4.7).
    pub encephalitis: bool,
    /// Land, hospitals, arsenals and mouths form unbroken chains joining opposite walls (Kodex Б §7.1).
    pub chains: bool,
    /// Swamps (`S`) may lie in the maze: entering one loses the next move (encyclopedia, modification
    /// 17: "Клетка «болото». Попав в неё игрок теряет ход").
    #[serde(default)]
    pub swamps: bool,
    /// Walls may have windows (`:::`): bullets fly through, players are told "wall" (encyclopedia,
    /// modification 16: "«Окна» в стенах").
    #[serde(default)]
    pub windows: bool,
    /// Walls may be rubber (`ooo`): the player is told he went, and stays (encyclopedia, modification
    /// 4: "Некоторые стены делаются резиновыми").
    #[serde(default)]
    pub rubber_walls: bool,
    /// Walls may be one-way (`vvv` `^^^` `>` `<`): open one way, a wall the other (encyclopedia,
    /// modification 5: "Некоторые стены делаются полупрозрачными").
    #[serde(default)]
    pub one_way_walls: bool,
    /// Several true treasures may lie in the maze, and a false one carried out sends its carrier
    /// back in (encyclopedia, modification 9: "В лабиринт помещается несколько кладов (некоторые
    /// могут быть и фальшивые. Если его вынести ведущий сообщает, что клад был фальшивый и игрок
    /// возвращается в лабиринт)").
    #[serde(default)]
    pub several_treasures: bool,
    /// Arsenals may give different things, as the plan's `arsenals:` section lists (encyclopedia,
    /// modification 13: "Может быть несколько типов Арсеналов — с патронами, со взрывчаткой и т. п.").
    #[serde(default)]
    pub arsenal_kinds: bool,
    /// Pit–exit pairs may lie in the maze (`Y1` leads to `X1`; encyclopedia, modification 8: "Может
    /// быть несколько пар специальных видов Дырок: Яма-Выход").
    #[serde(default)]
    pub pit_exits: bool,
    /// Every river flows south, toward the bottom row (encyclopedia, modification 10: "реки текут
    /// только на юг").
    #[serde(default)]
    pub rivers_south: bool,
    /// Every river runs straight, without turns or tributaries (modification 10: "река может быть
    /// только прямая").
    #[serde(default)]
    pub straight_rivers: bool,
    /// No two river systems touch side by side (modification 10: "реки не могут касаться").
    #[serde(default)]
    pub rivers_apart: bool,
    /// Counts the group agreed on (Kodex Б §7.1).
    #[serde(default)]
    pub limits: Limits,
    /// How the game is played: the options of §5–§7 that do not shape the maze.
    pub play: PlayOptions,
}

/// The options of play (Kodex Б §5–§7, Kodex В §5–§7). Where the two codes differ by nature (the
/// quantum code's one action per turn), the difference follows [`Ruleset::code`]; everything a group may
/// agree on is a field here, preset per code in `config/rulesets/*.toml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayOptions {
    /// Conditional orders are allowed (Kodex Б §6.5; forbidden by Б §7.1). The quantum code, one action a
    /// turn, has none.
    pub conditional_orders: bool,
    /// Dark orders, "результат не сообщать" (Б §6.7, В §6.6; forbidden by §7.1).
    pub dark_orders: bool,
    /// Half-dark orders, only whether one bumped into a wall (Б §6.8, В §6.7; forbidden by §7.1).
    pub half_dark_orders: bool,
    /// Items may be thrown to a neighbouring cell, not only left (Б §5.2; forbidden by §7.1).
    pub throwing: bool,
    /// An armed mine may be thrown to a neighbouring cell (Б §5.7; forbidden by §7.1).
    pub mine_to_neighbour: bool,
    /// How many cells a bullet flies; 0 is until the first obstacle (Б §5.5; Б §7.3 and В §5.5: one).
    pub shot_range: u8,
    /// Shooting from a river is allowed (forbidden by §7.3: "порох в реке отсыревает").
    pub shoot_from_river: bool,
    /// Bullets fly through arsenals and hospitals (Б §7.3) instead of stopping there (Б §5.5).
    pub shots_through_depots: bool,
    /// The shooter names a player and the bullet wounds only him, if he is where named (§7.3).
    pub named_target: bool,
    /// Items in rivers drift one cell downstream a round; to the mouth at once in torrential ones (§7.4).
    pub floating_items: bool,
    /// A wounded player may choose a new cell on his next turn, N−1 times a game (Б §5.5; none in В).
    pub reorders: bool,
    /// Whoever was wounded by a mine may also re-order (Б §7.5 takes that right away).
    pub reorder_after_mine: bool,
    /// The wounded keep their bullets and may shoot (В §5.5); in Б §5.5 they drop them and cannot.
    pub wounded_shoot: bool,
    /// All players start on one cell the master chooses, without bullets and grenades (Б §7.6, В §7.5).
    pub common_start: bool,
    /// Mines each player holds at the start: 0 or 1 (Б §5.3 "по согласованию"; В §7.6).
    pub start_mines: u8,
    /// A player may skip his turn (Б §6.6, В §6.5; forbidden by §7.7).
    pub skip: bool,
    /// Moves that cannot change anything, such as bumping the same wall again, are refused (§7.7).
    pub forbid_repeats: bool,
    /// The master says whether a grenade broke a wall or there was no wall (§7.8; always in В §5.4).
    pub blast_report: bool,
    /// The last player alive wins at once (0), or has this many moves to carry out the treasure (§7.9).
    pub last_standing_moves: u32,
    /// What a handicap granted to a weaker player gives (Б §7.2, В §7.2): the types of this many cells
    /// of his choice before he picks his start cell (he may start on any of them).
    pub handicap_peek: u8,
    /// …and one re-order of his cell a game, whenever his turn comes, leaving his treasure, mine and
    /// corpse (and in Б his bullets) behind (Б §7.2, В §7.2).
    pub handicap_reorder: bool,
    /// A sick player must reach a hospital within the plan's cure time (Б §4.7; "sometimes unlimited";
    /// В §4.7 sets no limit).
    pub cure_limited: bool,
    /// A wall bumped does not lose the move: the master says "wall" and the player moves again
    /// (encyclopedia, modification 1).
    #[serde(default)]
    pub wall_keeps_turn: bool,
    /// "Бью ногами": a player who guesses someone shares his cell kicks; right, the other loses his
    /// next move; wrong, the kicker "broke his legs" and loses his (encyclopedia, modification 18).
    #[serde(default)]
    pub kick: bool,
    /// The master places the players on start cells only he knows, instead of each choosing his own
    /// (encyclopedia, "Начало игры": "Вариант — ведущий ставит игроков в известные только ему места").
    #[serde(default)]
    pub secret_start: bool,
    /// A player who passes a one-way wall is not told so (encyclopedia, modification 5: "игроку может
    /// не объявляться о том что он проходит полупрозрачную стену").
    #[serde(default)]
    pub one_way_silent: bool,
    /// The arsenal gives cement (3, like grenades), and a player may build a wall with it
    /// (encyclopedia, modification 11: "В арсенале также может храниться цемент. У игрока появится
    /// ещё один тип хода: поставить стену в указанном направлении").
    #[serde(default)]
    pub cement: bool,
    /// How far a boomerang flies, in cells; 0: no boomerangs (encyclopedia, modification 15:
    /// "Бумеранг летит на определённое ведущим расстояние … Находится, например, в Арсенале").
    #[serde(default)]
    pub boomerang: u8,
    /// A wounded player is carried at once to one of the hospitals, drawn at random, and healed
    /// there (encyclopedia, modification 14).
    #[serde(default)]
    pub random_hospital: bool,
    /// A bump into the outer wall is told as such; otherwise the master says "wall" for inner and
    /// outer walls alike (encyclopedia, modification 6: "не различать внутренние и внешние стенки").
    #[serde(default)]
    pub outer_wall_told: bool,
    /// Passing where a wall was blown is told (modification 6: "сообщать о прохождении через некогда
    /// взорванную стенку").
    #[serde(default)]
    pub blown_told: bool,
    /// The game is won by carrying out all the true treasures, not the first (encyclopedia,
    /// modification 9: "Критерием выигрыша может быть при этом вынос хотя бы одного или всех
    /// кладов"): each one carried out is kept, its carrier goes back in, and when none is left the
    /// one who carried out the most wins.
    #[serde(default)]
    pub win_all: bool,
    /// The bear walks the maze: the plan's path (`path`), or each player's step after him (`mimic`)
    /// (encyclopedia, modification 2).
    #[serde(default)]
    pub bear: BearMode,
}

/// What values an option takes (for a refusal to name them).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `yes` or `no`.
    YesNo,
    /// A whole number.
    Number,
    /// `deep`, `shallow`, `torrential` or `swift` (Kodex Б §4.6, §7.4; the encyclopedia's rivers).
    Rivers,
    /// `path`, `mimic` or `off` (encyclopedia, modification 2).
    Bear,
    /// The code itself, fixed by the ruleset's name.
    Code,
}

/// Why a ruleset could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum RulesetError {
    /// No preset has this name.
    #[error("there is no ruleset `{0}`; the rulesets are: {known}", known = Ruleset::PRESETS.iter().map(|p| p.0).collect::<Vec<_>>().join(", "))]
    Unknown(String),
    /// `key=value` names no option of the ruleset.
    #[error("`{0}` is not an option of this ruleset; see /rules for the options")]
    UnknownOption(String),
    /// The value does not suit the option.
    #[error("`{key}={value}`: {reason}")]
    BadValue {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// What is wrong.
        reason: String,
    },
    /// The TOML text is not a ruleset (an unknown option, a wrong value).
    #[error("ruleset `{name}`: {source}")]
    Invalid {
        /// Which ruleset.
        name: String,
        /// What is wrong.
        source: toml::de::Error,
    },
}

impl Ruleset {
    /// The presets shipped in `config/rulesets/`, by name.
    pub const PRESETS: &'static [(&'static str, &'static str)] = &[
        (
            "classic",
            include_str!("../../../config/rulesets/classic.toml"),
        ),
        (
            "quantum",
            include_str!("../../../config/rulesets/quantum.toml"),
        ),
        ("wiki", include_str!("../../../config/rulesets/wiki.toml")),
    ];

    /// The preset of this name (`classic`, `quantum`).
    pub fn preset(name: &str) -> Result<Ruleset, RulesetError> {
        let (_, text) = Self::PRESETS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| RulesetError::Unknown(name.to_string()))?;
        Self::from_toml(name, text)
    }

    /// Reads a ruleset from TOML; unknown options are an error.
    pub fn from_toml(name: &str, text: &str) -> Result<Ruleset, RulesetError> {
        toml::from_str(text).map_err(|source| RulesetError::Invalid {
            name: name.to_string(),
            source,
        })
    }

    /// Sets one option by its name, as players write it at `/newgame` (`rivers=shallow`, `max_pits=6`,
    /// `dark_orders=no`). Options of `[play]` and `[limits]` are named without their table. On error
    /// nothing changes.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesetError> {
        let mut root = toml::Table::try_from(&*self).expect("a ruleset serialises to a table");
        let in_play = root["play"].as_table().is_some_and(|t| t.contains_key(key));
        let table = if in_play {
            Some("play")
        } else if Self::LIMITS.contains(&key) {
            // Limits left unset are absent from the table, yet they are options.
            Some("limits")
        } else if root.contains_key(key) && !matches!(key, "play" | "limits") {
            None
        } else {
            return Err(RulesetError::UnknownOption(key.to_string()));
        };
        let slot = match table {
            Some(t) => root
                .entry(t)
                .or_insert_with(|| toml::Table::new().into())
                .as_table_mut()
                .expect("play and limits are tables"),
            None => &mut root,
        };
        // An option of named values (`rivers`, `bear`) takes the word as it is: `bear=off` is the
        // value `off`, not the boolean the word also spells.
        let named = matches!(slot.get(key), Some(toml::Value::String(_)));
        let typed = match named {
            true => toml::Value::String(value.to_lowercase()),
            false => Self::toml_value(value),
        };
        slot.insert(key.to_string(), typed);
        let bad = |reason: String| RulesetError::BadValue {
            key: key.into(),
            value: value.into(),
            reason,
        };
        *self = root
            .try_into()
            .map_err(|e: toml::de::Error| bad(e.message().to_string()))?;
        Ok(())
    }

    /// What values an option takes, for a refusal to say: `None` when there is no such option.
    pub fn kind_of(&self, key: &str) -> Option<OptionKind> {
        if Self::LIMITS.contains(&key) {
            return Some(OptionKind::Number);
        }
        let root = toml::Table::try_from(self).expect("a ruleset serialises to a table");
        let value = match root["play"].as_table().and_then(|t| t.get(key)) {
            Some(v) => v,
            None if matches!(key, "play" | "limits") => return None,
            None => root.get(key)?,
        };
        Some(match (key, value) {
            (_, toml::Value::Boolean(_)) => OptionKind::YesNo,
            (_, toml::Value::Integer(_)) => OptionKind::Number,
            ("rivers", _) => OptionKind::Rivers,
            ("bear", _) => OptionKind::Bear,
            _ => OptionKind::Code,
        })
    }

    /// The encyclopedia's modifications (docs/labyrinth-wiki.md): options any ruleset may switch on,
    /// off by default. `/rules` names only those that are on.
    pub const MODIFICATIONS: [&'static str; 21] = [
        "bear",
        "pit_exits",
        "arsenal_kinds",
        "swamps",
        "windows",
        "rubber_walls",
        "one_way_walls",
        "several_treasures",
        "rivers_south",
        "straight_rivers",
        "rivers_apart",
        "wall_keeps_turn",
        "kick",
        "secret_start",
        "one_way_silent",
        "cement",
        "boomerang",
        "random_hospital",
        "outer_wall_told",
        "blown_told",
        "win_all",
    ];

    /// The ruleset as the option file of what was agreed: every option, but of the encyclopedia's
    /// modifications only those switched on. (`/rules` tells players the same in sentences,
    /// `labyrinth/table/rules.rs`.)
    pub fn to_agreed_toml(&self) -> String {
        let mut root = toml::Table::try_from(self).expect("a ruleset serialises to a table");
        let off = |v: &toml::Value| match v {
            toml::Value::Boolean(b) => !b,
            toml::Value::Integer(n) => *n == 0,
            toml::Value::String(s) => s == "off",
            _ => false,
        };
        let drop_off = |t: &mut toml::Table| {
            t.retain(|k, v| !(Self::MODIFICATIONS.contains(&k) && off(v)));
        };
        drop_off(&mut root);
        if let Some(play) = root.get_mut("play").and_then(toml::Value::as_table_mut) {
            drop_off(play);
        }
        toml::to_string(&root).unwrap_or_default()
    }

    /// The names of the §7.1 limits.
    pub(crate) const LIMITS: [&'static str; 11] = [
        "max_pits",
        "max_pit_cycles",
        "max_pit_cycle_len",
        "max_river_systems",
        "max_tributaries",
        "max_river_len",
        "arsenals",
        "hospitals",
        "treasures",
        "max_inner_walls",
        "exits",
    ];

    /// A value as players type it: yes/no and on/off for booleans, numbers, or a word.
    fn toml_value(value: &str) -> toml::Value {
        match value.to_ascii_lowercase().as_str() {
            "yes" | "on" | "true" | "да" => toml::Value::Boolean(true),
            "no" | "off" | "false" | "нет" => toml::Value::Boolean(false),
            v => v
                .parse::<i64>()
                .map(toml::Value::Integer)
                .unwrap_or_else(|_| toml::Value::String(v.to_string())),
        }
    }

    /// The classic code with its defaults (Kodex Б).
    pub fn classic() -> Ruleset {
        Self::preset("classic").expect("the classic preset is valid")
    }

    /// The quantum code with its defaults (Kodex В).
    pub fn quantum() -> Ruleset {
        Self::preset("quantum").expect("the quantum preset is valid")
    }

    /// The encyclopedia's base rules (seed 003, "Базовые правила").
    pub fn wiki() -> Ruleset {
        Self::preset("wiki").expect("the wiki preset is valid")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_name_only_the_modifications_switched_on() {
        // docs/labyrinth-wiki.md: each modification is an option "in /rules when on".
        let mut r = Ruleset::classic();
        let text = r.to_agreed_toml();
        assert!(
            !text.contains("swamps") && !text.contains("boomerang"),
            "{text}"
        );
        assert!(
            text.contains("shot_range = 0"),
            "the Kodex's own options stay"
        );
        r.set("swamps", "yes").unwrap();
        r.set("boomerang", "3").unwrap();
        let text = r.to_agreed_toml();
        assert!(
            text.contains("swamps = true") && text.contains("boomerang = 3"),
            "{text}"
        );
        // Every modification is an option of every ruleset, off in every preset.
        for (name, _) in Ruleset::PRESETS {
            let preset = Ruleset::preset(name).unwrap();
            for key in Ruleset::MODIFICATIONS {
                let mut r = preset.clone();
                let on = match key {
                    "boomerang" => "2",
                    "bear" => "mimic",
                    _ => "yes",
                };
                r.set(key, on)
                    .unwrap_or_else(|e| panic!("{name}: {key}: {e}"));
                assert_ne!(r, preset, "{name}: {key} is off in the preset");
            }
        }
    }

    #[test]
    fn presets_load_with_their_codes_defaults() {
        // Kodex Б §4.6: deep rivers in the classic code; Kodex В §4.6, §7.4: shallow in the quantum one.
        let c = Ruleset::classic();
        assert_eq!((c.code, c.rivers), (Code::Classic, RiverKind::Deep));
        let q = Ruleset::quantum();
        assert_eq!((q.code, q.rivers), (Code::Quantum, RiverKind::Shallow));
        // Kodex В §1.4: at least one open exit is mandatory in the quantum code.
        assert!(q.require_open_exit);
        // Kodex В §5.5: one cell; Kodex Б §5.5: until the first obstacle.
        assert_eq!((c.play.shot_range, q.play.shot_range), (0, 1));
        // Kodex Б §5.5: N−1 re-orders; Kodex В, list of differences, 4: none.
        assert!(c.play.reorders && !q.play.reorders);
    }

    #[test]
    fn options_are_set_by_name() {
        // Kodex Б §7: options agreed before the game, e.g. `rivers=shallow shot_range=1`.
        let mut r = Ruleset::classic();
        r.set("rivers", "shallow").unwrap();
        r.set("shot_range", "1").unwrap();
        r.set("max_pits", "6").unwrap();
        r.set("dark_orders", "no").unwrap();
        assert_eq!(r.rivers, RiverKind::Shallow);
        assert_eq!(r.play.shot_range, 1);
        assert_eq!(r.limits.max_pits, Some(6));
        assert!(!r.play.dark_orders);
        let before = r.clone();
        assert!(
            r.set("teleporters", "yes")
                .unwrap_err()
                .to_string()
                .contains("teleporters")
        );
        assert!(r.set("rivers", "muddy").is_err());
        assert!(r.set("shot_range", "-1").is_err());
        assert_eq!(r, before, "a refused option changes nothing");
    }

    #[test]
    fn unknown_options_are_refused() {
        let text = format!("{}\nteleporters = true\n", Ruleset::PRESETS[0].1);
        let err = Ruleset::from_toml("mine", &text).unwrap_err().to_string();
        assert!(err.contains("teleporters"), "{err}");
        assert!(
            Ruleset::preset("chess")
                .unwrap_err()
                .to_string()
                .contains("classic, quantum, wiki")
        );
    }
}
