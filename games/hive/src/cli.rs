//! `gm hive perft N [--tournament] [--game Base+MLP]`: counts the move sequences from the start of
//! a game of Hive, the standard check of the rules engine's move generator (Mzinga's table,
//! tournament opening: 4, 96, 1440, 21600, 516240, 12219480 for `Base`; 7, 294, 6678, 151686,
//! 5427108, 192353904 for `Base+MLP`).
//!
//! `gm hive uhp`: the Universal Hive Protocol engine on standard input and output, for Hive
//! viewers such as MzingaViewer (see [`crate::uhp`]).

use std::time::Instant;

use clap::Subcommand;

use crate::{Game, GameType, Options, perft, uhp};
use bot_core::console::Outcome;

/// What `gm hive` can do.
#[derive(Debug, Subcommand)]
pub enum HiveCommand {
    /// Print the number of move sequences of each length 1..=N from the start.
    Perft {
        /// The longest sequences counted.
        depth: u32,
        /// Tournament opening: no queen as a side's first piece (Mzinga's rules).
        #[arg(long)]
        tournament: bool,
        /// The game type, as UHP names it: Base, Base+M, Base+L, Base+P, Base+ML, Base+MP,
        /// Base+LP or Base+MLP.
        #[arg(long, default_value = "Base")]
        game: GameType,
    },
    /// Speak the Universal Hive Protocol on standard input and output (an engine for Hive
    /// viewers): `info` first, then one answer per command until `exit` or the end of input.
    Uhp,
}

/// Runs one `gm hive` command: counts go to standard output, each depth's time to standard
/// error.
pub fn run(cmd: HiveCommand) -> Outcome {
    match cmd {
        HiveCommand::Perft {
            depth,
            tournament,
            game,
        } => {
            let mut game = Game::new(Options {
                tournament,
                game_type: game,
            });
            for d in 1..=depth {
                let start = Instant::now();
                let count = perft(&mut game, d);
                bot_core::console::println(&format!("depth {d}: {count}"));
                eprintln!("depth {d}: {:.3} s", start.elapsed().as_secs_f64());
            }
            Outcome::Ok
        }
        HiveCommand::Uhp => {
            let stdin = std::io::stdin();
            match uhp::run(stdin.lock(), std::io::stdout().lock()) {
                Ok(()) => Outcome::Ok,
                Err(e) => {
                    eprintln!("gm hive uhp: {e}");
                    Outcome::Failed
                }
            }
        }
    }
}
