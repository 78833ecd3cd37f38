//! `gm plan generate | check | render`.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Subcommand;

use crate::generate::generate;
use crate::geometry::Size;
use crate::plan::Plan;
use crate::render::{Overlay, render_png};
use crate::ruleset::Ruleset;
use crate::validate::validate;
use bot_core::args;
use bot_core::console::Outcome;
use bot_core::i18n::{Lang, Localize, Messages};

/// The largest plan file `gm` reads; the plan format's own limit is the same.
const MAX_PLAN_BYTES: u64 = 64 * 1024;

/// What `gm plan` can do.
#[derive(Debug, Subcommand)]
pub enum PlanCommand {
    /// Compose a valid maze and print its plan.
    Generate {
        /// Width x height, e.g. 6x5.
        #[arg(long, default_value = "6x5")]
        size: Size,
        /// Number of players (not counting the master).
        #[arg(long, default_value_t = 3)]
        players: u32,
        /// Ruleset: classic, quantum, wiki, or a TOML file of options.
        #[arg(long, default_value = "classic")]
        rules: String,
        /// Seed: the same seed gives the same maze. Random when left out (and then printed).
        #[arg(long)]
        seed: Option<u64>,
        /// Write the plan to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check a plan against Kodex §8: every problem, then the recommendations as warnings.
    Check {
        /// The plan file (`-` for standard input).
        file: PathBuf,
        /// Ruleset: classic, quantum, wiki, or a TOML file of options.
        #[arg(long, default_value = "classic")]
        rules: String,
        /// Number of players, for the recommendation on false treasures.
        #[arg(long)]
        players: Option<u32>,
    },
    /// Draw a plan as a PNG picture of the revealed maze.
    Render {
        /// The plan file (`-` for standard input).
        file: PathBuf,
        /// Where to write the picture.
        #[arg(long)]
        png: PathBuf,
    },
}

/// Runs one `gm plan` command.
pub fn run(cmd: PlanCommand, lang: Lang) -> Outcome {
    let m = crate::locale::messages(lang);
    match cmd {
        PlanCommand::Generate {
            size,
            players,
            rules,
            seed,
            out,
        } => {
            let Some(rules) = load_rules(&rules, m) else {
                return Outcome::Failed;
            };
            let seed = seed.unwrap_or_else(rand::random);
            match generate(size, players, &rules, seed) {
                Ok(plan) => {
                    eprintln!(
                        "{}",
                        m.text(
                            "gm-generated",
                            args![("size", size.to_string()), ("seed", seed.to_string())]
                        )
                    );
                    write_out(out.as_deref(), &plan.to_text(), m)
                }
                Err(e) => {
                    eprintln!("{}", e.localize(lang));
                    Outcome::Failed
                }
            }
        }
        PlanCommand::Check {
            file,
            rules,
            players,
        } => {
            let Some(rules) = load_rules(&rules, m) else {
                return Outcome::Failed;
            };
            let plan = match read_plan(&file, lang) {
                Ok(plan) => plan,
                Err(outcome) => return outcome,
            };
            let report = validate(&plan, &rules, players);
            bot_core::console::println(&report.localize(lang));
            if report.is_valid() {
                Outcome::Ok
            } else {
                Outcome::Refused
            }
        }
        PlanCommand::Render { file, png } => {
            let plan = match read_plan(&file, lang) {
                Ok(plan) => plan,
                Err(outcome) => return outcome,
            };
            let bytes = render_png(&plan.board, &plan.items, &Overlay::default());
            match std::fs::write(&png, bytes) {
                Ok(()) => {
                    eprintln!(
                        "{}",
                        m.text("gm-rendered", args![("file", png.display().to_string())])
                    );
                    Outcome::Ok
                }
                Err(e) => {
                    eprintln!(
                        "{}",
                        m.text(
                            "gm-cannot-write",
                            args![
                                ("file", png.display().to_string()),
                                ("reason", e.to_string())
                            ]
                        )
                    );
                    Outcome::Failed
                }
            }
        }
    }
}

/// A preset by name, or a ruleset TOML file by path.
fn load_rules(name: &str, m: &Messages) -> Option<Ruleset> {
    let loaded = if Path::new(name).extension().is_some_and(|e| e == "toml") {
        match std::fs::read_to_string(name) {
            Ok(text) => Ruleset::from_toml(name, &text),
            Err(e) => {
                eprintln!(
                    "{}",
                    m.text(
                        "gm-cannot-read",
                        args![("file", name), ("reason", e.to_string())]
                    )
                );
                return None;
            }
        }
    } else {
        Ruleset::preset(name)
    };
    loaded
        .map_err(|e| {
            eprintln!(
                "{}",
                m.text("gm-bad-rules", args![("reason", e.to_string())])
            )
        })
        .ok()
}

/// Reads and parses a plan. On failure prints why and says how the command ends: `Failed` when the
/// file could not be read, `Refused` when its text is not a plan (every problem listed).
fn read_plan(file: &Path, lang: Lang) -> Result<Plan, Outcome> {
    let m = crate::locale::messages(lang);
    let text = match read_limited(file) {
        Ok(text) => text,
        Err(reason) => {
            eprintln!(
                "{}",
                m.text(
                    "gm-cannot-read",
                    args![("file", file.display().to_string()), ("reason", reason)]
                )
            );
            return Err(Outcome::Failed);
        }
    };
    Plan::parse(&text).map_err(|errors| {
        bot_core::console::println(&errors.localize(lang));
        Outcome::Refused
    })
}

/// Reads a file (or standard input for `-`), refusing more than [`MAX_PLAN_BYTES`] so a wrong file
/// name cannot make `gm` swallow gigabytes. Bytes that are not UTF-8 are kept as replacement characters
/// so the plan parser can point at them.
fn read_limited(file: &Path) -> Result<String, String> {
    let mut bytes = Vec::new();
    let reader: Box<dyn Read> = if file == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(file).map_err(|e| e.to_string())?)
    };
    reader
        .take(MAX_PLAN_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_PLAN_BYTES {
        return Err(format!("larger than {} KB", MAX_PLAN_BYTES / 1024));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn write_out(out: Option<&Path>, text: &str, m: &Messages) -> Outcome {
    match out {
        None => {
            bot_core::console::print(text);
            Outcome::Ok
        }
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => Outcome::Ok,
            Err(e) => {
                eprintln!(
                    "{}",
                    m.text(
                        "gm-cannot-write",
                        args![
                            ("file", path.display().to_string()),
                            ("reason", e.to_string())
                        ]
                    )
                );
                Outcome::Failed
            }
        },
    }
}
