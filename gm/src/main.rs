//! `gm`: the game master on the command line. See `gm --help`.

fn main() -> std::process::ExitCode {
    bot_core::panics::quiet();
    gm::main()
}
