//! `/tournament new GAME [RULESET] [key=value …]` read, and the tournament's refusals worded.

use crate::args;
use crate::i18n::Lang;
use crate::session::Registry;
use crate::session::lobby::{CLOCK_KEYS, clock_option};
use crate::session::table::{Seat, Seating};
use crate::session::text::t;
use crate::tournament::scoring::ScoringError;
use crate::tournament::{Format, GameSpec, Scoring, Tournament, TournamentError};

/// The keys that choose and shape the format.
const FORMAT_KEYS: &[&str] = &["format", "rounds", "games", "cycles", "table"];

/// A tournament read from `/tournament new`'s words, with the clock its tables get.
pub(super) struct Announced {
    pub tournament: Tournament,
    pub clock: Vec<String>,
}

/// Reads `GAME [RULESET] [key=value …]`: the format's keys, the scoring's, the clock's; every
/// other word is the game's own option, checked by opening a table with it.
pub(super) fn announce(
    registry: Registry,
    args: &[String],
    lang: Lang,
) -> Result<Announced, String> {
    let usage = || t(lang, "tour-new-usage", &[]);
    let mut words = args.iter().map(String::as_str).peekable();
    let kind = words
        .next()
        .and_then(|w| registry.find(w))
        .ok_or_else(usage)?;
    let ruleset = match words.peek() {
        Some(w) if !w.contains('=') => words.next().unwrap_or_default().to_lowercase(),
        _ if kind.ruleset_required() => return Err(usage()),
        _ => kind
            .rulesets()
            .first()
            .copied()
            .unwrap_or_default()
            .to_string(),
    };
    // A scoring key of any game is read as scoring: another game's key is then refused with this
    // game's keys, rather than as an option the game does not have.
    let declared: Vec<_> = registry.all().iter().map(|k| k.results()).collect();
    let scoring_keys: Vec<&str> = declared.iter().flat_map(|r| r.spellings()).collect();
    let (mut format_words, mut scoring_words, mut clock, mut own) =
        (vec![], vec![], vec![], vec![]);
    for w in words {
        let key = w.split_once('=').map(|(k, _)| k.to_lowercase());
        match key.as_deref() {
            Some(k) if FORMAT_KEYS.contains(&k) => format_words.push(w),
            Some(k) if scoring_keys.contains(&k) => scoring_words.push(w),
            Some(k) if CLOCK_KEYS.contains(&k) => clock.push(w.to_string()),
            _ => own.push(w),
        }
    }
    // The options must open a table: a director learns of a typo now, not at the first game.
    kind.open(&ruleset, &own, lang)?;
    let mut seating = Seating::new(Seat::new("", "", lang), false, lang);
    for w in &clock {
        clock_option(&mut seating, w, lang)?;
    }
    let players = kind.players();
    let game = GameSpec {
        word: kind.word().to_string(),
        ruleset,
        options: own.iter().map(|w| w.to_string()).collect(),
        min_players: *players.start(),
        max_players: *players.end(),
        results: Some(kind.results()),
    };
    let format = format(&format_words, &game, lang)?;
    let results = game.results().into_owned();
    let scoring = Scoring::parse(&results, &scoring_words).map_err(|e| scoring_error(&e, lang))?;
    let tournament =
        Tournament::new(game, format, scoring).map_err(|e| tournament_error(&e, lang))?;
    Ok(Announced { tournament, clock })
}

/// The format from `format=… rounds=N games=N cycles=N table=N`; by default a round-robin for a
/// game of two and a series of three games for a game of more.
fn format(words: &[&str], game: &GameSpec, lang: Lang) -> Result<Format, String> {
    let mut name = if game.max_players == 2 {
        "round-robin"
    } else {
        "series"
    }
    .to_string();
    let (mut rounds, mut games, mut cycles, mut table) = (None, None, None, None);
    for w in words {
        let (k, v) = w.split_once('=').unwrap_or((w, ""));
        let bad = || {
            t(
                lang,
                "session-bad-option",
                args![
                    ("option", w.to_string()),
                    ("why", t(lang, "session-bad-number", &[]))
                ],
            )
        };
        let number = || v.parse::<u32>().map_err(|_| bad());
        match k.to_lowercase().as_str() {
            "format" => name = v.to_lowercase(),
            "rounds" => rounds = Some(number()?),
            "games" => games = Some(number()?),
            "cycles" => cycles = Some(number()?),
            _ => table = Some(number()? as usize),
        }
    }
    let default_table = game.max_players.min(4).max(game.min_players);
    match name.as_str() {
        "round-robin" | "roundrobin" | "rr" => Ok(Format::RoundRobin {
            cycles: cycles.unwrap_or(1),
        }),
        "swiss" => Ok(Format::Swiss {
            rounds: rounds.unwrap_or(5),
        }),
        "series" => Ok(Format::Series {
            games: games.unwrap_or(3),
        }),
        "tables" => Ok(Format::Tables {
            size: table.unwrap_or(default_table),
            rounds: rounds.unwrap_or(3),
        }),
        _ => Err(t(lang, "tour-bad-format", args![("format", name.clone())])),
    }
}

/// A scoring refusal in `lang`.
fn scoring_error(e: &ScoringError, lang: Lang) -> String {
    let (id, word) = match e {
        ScoringError::NotKeyValue(w) => ("tour-scoring-key-value", w.clone()),
        ScoringError::UnknownKey { key, keys } => {
            let keys = keys.clone();
            return t(
                lang,
                "tour-scoring-unknown",
                args![("word", key.clone()), ("keys", keys)],
            );
        }
        ScoringError::NotANumber { key, value } => {
            ("tour-scoring-number", format!("{key}={value}"))
        }
        ScoringError::Twice(w) => ("tour-scoring-twice", w.clone()),
    };
    t(lang, id, args![("word", word)])
}

/// A tournament's refusal in `lang`.
pub(super) fn tournament_error(e: &TournamentError, lang: Lang) -> String {
    use TournamentError as E;
    match e {
        E::NotEnoughPlayers { have, need } => t(
            lang,
            "tour-err-not-enough",
            args![("have", *have), ("need", *need)],
        ),
        E::Full { max } => t(lang, "tour-err-full", args![("max", *max)]),
        E::AlreadyJoined(name) => t(lang, "tour-err-joined", args![("name", name.clone())]),
        E::NotJoined(_) | E::UnknownPlayer(_) => t(lang, "tour-err-not-joined", &[]),
        E::AlreadyWithdrawn(name) => t(lang, "tour-err-withdrawn", args![("name", name.clone())]),
        E::NotTwoPlayer {
            format,
            game,
            min,
            max,
        } => t(
            lang,
            "tour-err-two-player",
            args![
                ("format", *format),
                ("game", game.clone()),
                ("min", *min),
                ("max", *max)
            ],
        ),
        E::TableSize { game, min, max } => t(
            lang,
            "tour-err-table-size",
            args![("game", game.clone()), ("min", *min), ("max", *max)],
        ),
        E::Zero { format, what } => t(
            lang,
            "tour-err-zero",
            args![("format", *format), ("what", *what)],
        ),
        E::Started => t(lang, "tour-err-started", &[]),
        E::NotRunning => t(lang, "tour-err-not-running", &[]),
        _ => t(lang, "tour-err-internal", &[]),
    }
}
