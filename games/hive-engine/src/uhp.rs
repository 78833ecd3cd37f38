//! The Universal Hive Protocol (UHP) engine: the rules engine and the bot behind the text
//! commands that Hive viewers (MzingaViewer and others) speak to engines.
//!
//! [`Engine::handle`] answers one command line with the whole response, each line ending in a
//! newline and the last one `ok`, as Mzinga's engine writes them: a GameString after `newgame`,
//! `play`, `pass` and `undo`; `err <message>` for a command that cannot be carried out;
//! `invalidmove <reason>` for a move the rules refuse. [`run`] speaks the protocol over a reader
//! and a writer (standard input and output for `gm hive uhp`).
//!
//! Commands: `info`, `help`, `newgame [Base|GameString]`, `play MoveString`, `pass`,
//! `validmoves`, `bestmove [depth N|time hh:mm:ss]`, `undo [N]`,
//! `options [get Name|set Name Value]`, `exit`. Every game type is played (`newgame Base+MLP`),
//! and `info` declares the expansions on its second line, `Mosquito;Ladybug;Pillbug`, as Mzinga
//! does.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::search::{self, Limits, Memory};
use super::{Game, Options, PlayError};

/// The engine's name in `info`.
const NAME: &str = "gm-hive";

/// `info`'s second line: the expansion pieces the engine plays, in Mzinga's words.
const CAPABILITIES: &str = "Mosquito;Ladybug;Pillbug";

/// Mzinga's words for the errors every engine shares.
const INVALID_COMMAND: &str = "Invalid command. Try 'help' to see a list of valid commands.";
const NO_GAME: &str = "No game in progress. Try 'newgame' to start a new game.";
const GAME_OVER: &str = "The game is over. Try 'newgame' to start a new game.";

/// The options `options` lists, in order.
const OPTION_NAMES: [&str; 2] = ["TournamentOpening", "BestMoveLevel"];

/// A UHP engine: the game under way (none before the first `newgame`) and the options.
#[derive(Clone, Debug)]
pub struct Engine {
    game: Option<Game>,
    /// Tournament opening: no queen as a side's first piece (on by default, as Mzinga plays).
    tournament: bool,
    /// The bot level a plain `bestmove` plays at (1 to 5).
    level: u8,
    /// What `bestmove time` searches left for the next move's: made at the first such search
    /// (16 MB), forgotten by a new game.
    memory: Option<Memory>,
    exit: bool,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

/// What a command produced: its lines, or an error.
enum Answer {
    Lines(Vec<String>),
    /// `err <message>`.
    Err(String),
    /// `invalidmove <reason>`.
    InvalidMove(String),
}

impl Answer {
    fn line(s: impl Into<String>) -> Answer {
        Answer::Lines(vec![s.into()])
    }
}

impl Engine {
    /// An engine with no game yet and the default options.
    pub fn new() -> Engine {
        Engine {
            game: None,
            tournament: true,
            level: 5,
            memory: None,
            exit: false,
        }
    }

    /// The game under way, if any.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Whether `exit` was asked: the engine answers nothing more.
    pub fn exit_requested(&self) -> bool {
        self.exit
    }

    /// Answers one command line: every line of the response, each ending in a newline, the last
    /// `ok` (nothing at all for `exit`).
    pub fn handle(&mut self, line: &str) -> String {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(first) = words.first() else {
            return finish(Answer::Err(INVALID_COMMAND.to_string()));
        };
        let args = &words[1..];
        let answer = match first.to_ascii_lowercase().as_str() {
            "info" => Answer::Lines(vec![
                format!("id {NAME} {}", env!("CARGO_PKG_VERSION")),
                CAPABILITIES.to_string(),
            ]),
            "help" | "?" => help(args.first().copied()),
            "newgame" => self.newgame(&args.join(" ")),
            "play" if !args.is_empty() => self.play(&args.join(" ")),
            "pass" => self.play("pass"),
            "validmoves" => self.validmoves(),
            "bestmove" => self.bestmove(args),
            "undo" => self.undo(args),
            "options" => self.options(args),
            "exit" => {
                self.exit = true;
                return String::new();
            }
            _ => Answer::Err(INVALID_COMMAND.to_string()),
        };
        finish(answer)
    }

    /// The options of a new game; its type is the one `newgame` names.
    fn options_of(&self) -> Options {
        Options::base(self.tournament)
    }

    /// The game under way, still going on.
    fn live_game(&self) -> Result<&Game, Answer> {
        let game = self
            .game
            .as_ref()
            .ok_or_else(|| Answer::Err(NO_GAME.to_string()))?;
        if game.state().is_over() {
            return Err(Answer::Err(GAME_OVER.to_string()));
        }
        Ok(game)
    }

    fn newgame(&mut self, arg: &str) -> Answer {
        let game = if arg.is_empty() || arg.eq_ignore_ascii_case("Base") {
            Game::new(self.options_of())
        } else {
            match Game::from_game_string(arg, self.options_of()) {
                Ok(g) => g,
                Err(e) => return Answer::Err(e.to_string()),
            }
        };
        let answer = Answer::line(game.game_string());
        self.game = Some(game);
        self.memory = None;
        answer
    }

    fn play(&mut self, text: &str) -> Answer {
        if let Err(a) = self.live_game() {
            return a;
        }
        let game = self.game.as_mut().expect("a live game");
        match game.play_str(text) {
            Ok(_) => Answer::line(game.game_string()),
            Err(PlayError::Notation(e)) => Answer::InvalidMove(e.to_string()),
            Err(PlayError::Refused(r)) => Answer::InvalidMove(r.to_string()),
        }
    }

    fn validmoves(&self) -> Answer {
        match self.live_game() {
            Ok(game) => {
                let moves: Vec<String> = game
                    .legal_moves()
                    .iter()
                    .map(|m| game.move_string(m))
                    .collect();
                Answer::line(moves.join(";"))
            }
            Err(a) => a,
        }
    }

    fn bestmove(&mut self, args: &[&str]) -> Answer {
        let game = match self.live_game() {
            Ok(g) => g.clone(),
            Err(a) => return a,
        };
        let limits = match args {
            [] => Limits::level(self.level),
            [kind, value] if kind.eq_ignore_ascii_case("depth") => match value.parse::<u32>() {
                Ok(d) => Limits::depth(d.max(1)),
                Err(_) => {
                    return Answer::Err(format!(
                        "{value:?} is not a depth: write a number of plies, like `bestmove depth 3`"
                    ));
                }
            },
            [kind, value] if kind.eq_ignore_ascii_case("time") => match parse_time(value) {
                Some(t) => Limits::time(t).with_threads(cores()),
                None => {
                    return Answer::Err(format!(
                        "{value:?} is not a time: write it as hh:mm:ss, like `bestmove time 00:00:05`"
                    ));
                }
            },
            _ => return Answer::Err(INVALID_COMMAND.to_string()),
        };
        // Against the clock the engine plays as engines do, on every core and with what it
        // found for earlier moves; the levels and depths answer alike every time.
        let found = if limits.time.is_some() {
            search::search_with(&game, limits, self.memory.get_or_insert_with(Memory::new))
        } else {
            search::search(&game, limits)
        };
        match found.best {
            Some(m) => Answer::line(game.move_string(&m)),
            None => Answer::Err(GAME_OVER.to_string()),
        }
    }

    fn undo(&mut self, args: &[&str]) -> Answer {
        let Some(game) = self.game.as_mut() else {
            return Answer::Err(NO_GAME.to_string());
        };
        let n = match args {
            [] => 1,
            [n] => match n.parse::<i64>() {
                Ok(n) => n,
                Err(_) => return Answer::Err(format!("{n:?} is not a number of moves to undo")),
            },
            _ => return Answer::Err(INVALID_COMMAND.to_string()),
        };
        if n < 1 || n > game.history().len() as i64 {
            return Answer::Err(format!("Unable to undo {n} moves."));
        }
        for _ in 0..n {
            game.undo();
        }
        Answer::line(game.game_string())
    }

    fn options(&mut self, args: &[&str]) -> Answer {
        match args {
            [] => Answer::Lines(OPTION_NAMES.iter().map(|n| self.option_line(n)).collect()),
            [get, name] if get.eq_ignore_ascii_case("get") => match self.find_option(name) {
                Some(n) => Answer::line(self.option_line(n)),
                None => not_an_option(name),
            },
            [set, name, value] if set.eq_ignore_ascii_case("set") => {
                let Some(n) = self.find_option(name) else {
                    return not_an_option(name);
                };
                if let Err(e) = self.set_option(n, value) {
                    return Answer::Err(e);
                }
                Answer::line(self.option_line(n))
            }
            _ => Answer::Err(INVALID_COMMAND.to_string()),
        }
    }

    fn find_option(&self, name: &str) -> Option<&'static str> {
        OPTION_NAMES.into_iter().find(|n| *n == name)
    }

    /// An option as UHP lists it: `Name;type;value;default[;min;max]`.
    fn option_line(&self, name: &str) -> String {
        match name {
            "TournamentOpening" => format!("{name};bool;{};True", bool_word(self.tournament)),
            _ => format!("{name};int;{};5;1;5", self.level),
        }
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "TournamentOpening" => {
                let on = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("{value:?} is not a bool: write True or False")),
                };
                // The game under way is played on under the new rule, if its moves allow it.
                if let Some(game) = &self.game {
                    let replayed =
                        Game::from_game_string(&game.game_string(), Options::base(on))
                            .map_err(|e| format!("the game under way breaks that rule: {e}"))?;
                    self.game = Some(replayed);
                }
                self.tournament = on;
            }
            _ => match value.parse::<u8>() {
                Ok(level @ 1..=5) => self.level = level,
                _ => return Err(format!("{value:?} is not a level: write 1 to 5")),
            },
        }
        Ok(())
    }
}

/// The response text: the answer's lines, then `ok`.
fn finish(answer: Answer) -> String {
    let lines = match answer {
        Answer::Lines(lines) => lines,
        Answer::Err(e) => vec![format!("err {e}")],
        Answer::InvalidMove(r) => vec![format!("invalidmove {r}")],
    };
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push('\n');
    }
    out.push_str("ok\n");
    out
}

fn not_an_option(name: &str) -> Answer {
    Answer::Err(format!("The option \"{name}\" is not valid."))
}

/// A bool as .NET (and so Mzinga) writes it.
fn bool_word(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// Reads `hh:mm:ss` (seconds may have a fraction).
/// The machine's cores (1 if it cannot say).
fn cores() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

fn parse_time(s: &str) -> Option<Duration> {
    let parts: Vec<&str> = s.split(':').collect();
    let [h, m, sec] = parts.as_slice() else {
        return None;
    };
    let h: u64 = h.parse().ok()?;
    let m: u64 = m.parse().ok()?;
    let sec: f64 = sec.parse().ok()?;
    if m >= 60 || !(0.0..60.0).contains(&sec) {
        return None;
    }
    Some(Duration::from_secs(h * 3600 + m * 60) + Duration::from_secs_f64(sec))
}

/// `help` and `help Command`.
fn help(command: Option<&str>) -> Answer {
    let Some(command) = command else {
        return Answer::Lines(
            [
                "Game commands:",
                "  newgame",
                "  play",
                "  pass",
                "  validmoves",
                "  bestmove",
                "  undo",
                "",
                "Engine commands:",
                "  info",
                "  help",
                "  options",
                "  exit",
                "",
                "  Try 'help Command' to see help for a particular Command.",
            ]
            .map(String::from)
            .to_vec(),
        );
    };
    let (usage, what) = match command.to_ascii_lowercase().as_str() {
        "info" => (
            "info",
            "Displays the identifier string of the engine and its capabilities (the expansion pieces it plays).",
        ),
        "help" | "?" => (
            "help [Command]",
            "Displays the list of commands, or the help for one Command.",
        ),
        "newgame" => (
            "newgame [GameTypeString|GameString]",
            "Starts a new game of the GameTypeString's type (Base, Base+M, ..., Base+MLP), or loads the game a GameString describes.",
        ),
        "play" => (
            "play MoveString",
            "Plays the MoveString in the current game.",
        ),
        "pass" => ("pass", "Passes, when no move is possible."),
        "validmoves" => ("validmoves", "Lists every valid move in the current game."),
        "bestmove" => (
            "bestmove [depth MaxDepth|time MaxTime]",
            "Searches the best move, to MaxDepth plies or for MaxTime (hh:mm:ss); plain, at the BestMoveLevel option's level.",
        ),
        "undo" => (
            "undo [MovesToUndo]",
            "Takes back the last move, or that many moves.",
        ),
        "options" => (
            "options [get OptionName|set OptionName OptionValue]",
            "Lists the options, shows one, or sets one.",
        ),
        "exit" => ("exit", "Exits the engine."),
        _ => return Answer::Err(INVALID_COMMAND.to_string()),
    };
    Answer::Lines(vec![
        format!("  {usage}"),
        String::new(),
        format!("  {what}"),
    ])
}

/// Speaks UHP over `input` and `output`: the `info` answer first, as UHP engines do when they
/// start, then one answer per command line until `exit` or the end of the input. Blank lines
/// are skipped.
pub fn run(input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut engine = Engine::new();
    output.write_all(engine.handle("info").as_bytes())?;
    output.flush()?;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        output.write_all(engine.handle(&line).as_bytes())?;
        output.flush()?;
        if engine.exit_requested() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
