//! Command-line tools' output and exit codes, shared by `gm` and the subcommands the games
//! provide. Their output is often piped (`gm … | head`):
//! a reader that stops reading has seen what it wanted, so a closed pipe ends the process quietly
//! instead of panicking as `println!` does.

use std::io::{self, Write};
use std::process::ExitCode;

/// How a command ended, as the process exit code.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done.
    Ok,
    /// The input was examined and refused (a plan that breaks the rules).
    Refused,
    /// The command could not run (a missing file, bad arguments).
    Failed,
}

impl From<Outcome> for ExitCode {
    fn from(o: Outcome) -> ExitCode {
        match o {
            Outcome::Ok => ExitCode::SUCCESS,
            Outcome::Refused => ExitCode::from(1),
            Outcome::Failed => ExitCode::from(2),
        }
    }
}

/// Writes `text` to standard output. A closed pipe exits the process with success; another error
/// is reported on standard error and ends it with failure.
pub fn print(text: &str) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        std::process::exit(on_error(&e));
    }
}

/// Writes `text` and a newline, as [`print`] does.
pub fn println(text: &str) {
    print(&format!("{text}\n"));
}

/// The exit code for a failed write: 0 when the reader went away, 2 otherwise (said on stderr).
fn on_error(e: &io::Error) -> i32 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        0
    } else {
        eprintln!("gm: cannot write to standard output: {e}");
        2
    }
}

/// The runtime a command's database work runs on, or `None` with the reason printed under the
/// command's name.
pub fn runtime(command: &str) -> Option<tokio::runtime::Runtime> {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => Some(r),
        Err(e) => {
            eprintln!("gm {command}: {e}");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_success_and_other_errors_are_not() {
        assert_eq!(on_error(&io::Error::from(io::ErrorKind::BrokenPipe)), 0);
        assert_eq!(on_error(&io::Error::from(io::ErrorKind::StorageFull)), 2);
    }
}
