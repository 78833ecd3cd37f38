//! `gm hive perft N [--tournament]`: counts the move sequences from the start of a game of Hive,
//! the standard check of the rules engine's move generator (Mzinga's table, tournament opening:
//! 4, 96, 1440, 21600, 516240, 12219480).

use std::time::Instant;

use clap::Subcommand;

use super::Outcome;
use crate::hive::{Game, Options, perft};

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
    },
}

/// Runs one `gm hive` command: counts go to standard output, each depth's time to standard
/// error.
pub fn run(cmd: HiveCommand) -> Outcome {
    match cmd {
        HiveCommand::Perft { depth, tournament } => {
            let mut game = Game::new(Options { tournament });
            for d in 1..=depth {
                let start = Instant::now();
                let count = perft(&mut game, d);
                super::output::println(&format!("depth {d}: {count}"));
                eprintln!("depth {d}: {:.3} s", start.elapsed().as_secs_f64());
            }
            Outcome::Ok
        }
    }
}
