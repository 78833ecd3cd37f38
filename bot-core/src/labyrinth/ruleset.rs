//! Rulesets: the two codes of the rule book and their §7 options, as typed settings.
//!
//! The presets live in `config/rulesets/*.toml` and are compiled in, so the `gm` binary works from
//! any directory. An option the code does not know is an error, never silently ignored.
//!
//! This module holds the options that shape a maze (what the validator and the generator need); the
//! rules engine adds the options of play.

use serde::{Deserialize, Serialize};

/// Which code of the rule book a game follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Code {
    /// Part Б, "Кодекс Лабиринта", the classic code.
    Classic,
    /// Part В, the quantum code.
    Quantum,
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
}

/// Limits a group may agree on to simplify a maze (Kodex Б §7.1). `None` means no limit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// Most pits in all.
    pub max_pits: Option<u32>,
    /// Most pit cycles.
    pub max_pit_cycles: Option<u32>,
    /// Most pits in one cycle.
    pub max_pit_cycle_len: Option<u32>,
    /// Most river systems.
    pub max_river_systems: Option<u32>,
    /// Most rivers flowing into one cell (tributaries of a system).
    pub max_tributaries: Option<u32>,
    /// Most river cells in one system.
    pub max_river_len: Option<u32>,
    /// Exact number of arsenals agreed on.
    pub arsenals: Option<u32>,
    /// Exact number of hospitals agreed on.
    pub hospitals: Option<u32>,
    /// Exact number of treasures, true and false, agreed on.
    pub treasures: Option<u32>,
    /// Most inner walls (breakable or not).
    pub max_inner_walls: Option<u32>,
    /// Exact number of exits, open and closed, agreed on.
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
    /// Counts the group agreed on (Kodex Б §7.1).
    #[serde(default)]
    pub limits: Limits,
}

/// Why a ruleset could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum RulesetError {
    /// No preset has this name.
    #[error("there is no ruleset `{0}`; the rulesets are: {known}", known = Ruleset::PRESETS.iter().map(|p| p.0).collect::<Vec<_>>().join(", "))]
    Unknown(String),
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

    /// The classic code with its defaults (Kodex Б).
    pub fn classic() -> Ruleset {
        Self::preset("classic").expect("the classic preset is valid")
    }

    /// The quantum code with its defaults (Kodex В).
    pub fn quantum() -> Ruleset {
        Self::preset("quantum").expect("the quantum preset is valid")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_load_with_their_codes_defaults() {
        // Kodex Б §4.6: deep rivers in the classic code; Kodex В §4.6, §7.4: shallow in the quantum one.
        let c = Ruleset::classic();
        assert_eq!((c.code, c.rivers), (Code::Classic, RiverKind::Deep));
        let q = Ruleset::quantum();
        assert_eq!((q.code, q.rivers), (Code::Quantum, RiverKind::Shallow));
        // Kodex В §1.4: at least one open exit is mandatory in the quantum code.
        assert!(q.require_open_exit);
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
                .contains("classic, quantum")
        );
    }
}
