//! Reading the orders of several turns in one message: "вверх; вверх; стреляю влево, иду вниз",
//! "up twice, then left, I expect to be at C5".
//!
//! A message is first read whole, as one turn: "стреляю вверх, иду вниз" is one turn of the classic
//! code, and "shoot up then go down" too. Only what does not read as one turn is cut into turns, the
//! coarsest cuts first: at semicolons and line breaks, then at commas, then at "then" ("затем",
//! "потом"). A turn may end with a repeat ("дважды", "twice", "x3", "3 раза"); a part that names a
//! cell after "ожидаю", "буду на", "expect" is where the player expects to be after the turn before.

use crate::game::parse::{ParseError, Request, UnknownPlayer};
use crate::game::{Game, PlayerId, Refusal};
use crate::geometry::Coord;
use crate::locale::t;
use bot_core::i18n::{Lang, Localize};

use super::super::Labyrinth;
use super::{MAX_TURNS, Queued};

/// Why a message could not be queued; nothing was.
#[derive(Clone, Debug, PartialEq)]
pub enum Misread {
    /// The whole message is no order: the parser's own answer, as in play by turns.
    Whole(ParseError),
    /// One part of it is no order.
    Part(String, ParseError),
    /// A part asks for something that is not a turn ("status").
    NotATurn(String),
    /// A shot names nobody at the table.
    Player(UnknownPlayer),
    /// The rules never allow this order (a second movement in the classic code, …).
    Refused(String, Refusal),
    /// An expected cell with no turn before it.
    Expect(String),
    /// More turns than [`MAX_TURNS`].
    TooMany,
}

impl Misread {
    /// The answer, in `lang`.
    pub fn localize(&self, lang: Lang) -> String {
        let quoted = |part: &str, why: String| {
            t(
                lang,
                "lab-queue-part",
                bot_core::args![("part", super::super::names::clip(part)), ("why", why)],
            )
        };
        match self {
            Misread::Whole(e) => e.localize(lang),
            Misread::Part(part, e) => quoted(part, e.localize(lang)),
            Misread::NotATurn(part) => quoted(part, t(lang, "lab-queue-not-a-turn", &[])),
            Misread::Player(e) => e.localize(lang),
            Misread::Refused(part, r) => quoted(part, r.localize(lang)),
            Misread::Expect(part) => quoted(part, t(lang, "lab-queue-expect", &[])),
            Misread::TooMany => t(
                lang,
                "lab-queue-too-many",
                bot_core::args![("n", MAX_TURNS)],
            ),
        }
    }
}

/// A piece of a message, read.
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    /// One turn's order, as written.
    Turn(String),
    /// Where the player expects to be after the turn before.
    Expect(Coord),
}

/// Reads a message of a seated player as queued turns. `Ok(None)`: the message asks something
/// else of the master (his status, the last move, help), to be answered as in play by turns.
pub fn read(
    lab: &Labyrinth,
    game: &Game,
    text: &str,
    find: &dyn Fn(&str) -> Option<PlayerId>,
) -> Result<Option<Vec<Queued>>, Misread> {
    let asks = matches!(lab.parse(text), Ok(r) if !matches!(r, Request::Order(_)));
    if asks && cut_at(text, 0).len() < 2 && cut_at(text, 1).len() < 2 {
        return Ok(None);
    }
    let turn = |part: &str| one_turn(lab, game, part, find);
    match pieces(&turn, text, 0) {
        Ok(pieces) => gather(pieces, text).map(Some),
        // A message that is no order at all gets the parser's own answer, as in play by turns.
        Err(Misread::Part(part, e)) if part.trim() == text.trim() => Err(Misread::Whole(e)),
        Err(why) => Err(why),
    }
}

/// Pairs every expected cell with the turn before it.
fn gather(pieces: Vec<Piece>, text: &str) -> Result<Vec<Queued>, Misread> {
    let mut turns: Vec<Queued> = vec![];
    for piece in pieces {
        match piece {
            Piece::Turn(text) => turns.push(Queued { text, expect: None }),
            Piece::Expect(cell) => match turns.last_mut() {
                Some(last) => last.expect = Some(cell),
                None => return Err(Misread::Expect(text.trim().to_string())),
            },
        }
        if turns.len() > MAX_TURNS {
            return Err(Misread::TooMany);
        }
    }
    Ok(turns)
}

/// Whether a part is one turn's order, checked as far as it can be before its moment: the words,
/// the named targets, and what the code and the options never allow (two movements in one turn of
/// the classic code is two turns, not one).
fn one_turn(
    lab: &Labyrinth,
    game: &Game,
    text: &str,
    find: &dyn Fn(&str) -> Option<PlayerId>,
) -> Result<(), Misread> {
    let parsed = match lab.parse(text) {
        Ok(Request::Order(parsed)) => parsed,
        Ok(_) => return Err(Misread::NotATurn(text.to_string())),
        Err(e) => return Err(Misread::Part(text.to_string(), e)),
    };
    let order = parsed.resolve(find).map_err(Misread::Player)?;
    game.admits(&order)
        .map_err(|r| Misread::Refused(text.to_string(), r))
}

/// The cuts between turns, coarsest first.
const CUTS: usize = 3;

/// A text read as turns: whole if it is one, else cut at the next coarsest cut that divides it.
/// The error names the smallest part that is no turn, and why.
fn pieces(
    turn: &dyn Fn(&str) -> Result<(), Misread>,
    text: &str,
    from: usize,
) -> Result<Vec<Piece>, Misread> {
    let text = without_then(text);
    if let Some(cell) = expectation(text) {
        return Ok(vec![Piece::Expect(cell)]);
    }
    let whole = match turn(text) {
        Ok(()) => return Ok(vec![Piece::Turn(text.to_string())]),
        Err(why) => why,
    };
    if let Some((n, rest)) = repeated(text)
        && turn(&rest).is_ok()
    {
        return Ok(vec![Piece::Turn(rest); n.min(MAX_TURNS + 1)]);
    }
    for cut in from..CUTS {
        let parts = cut_at(text, cut);
        if parts.len() > 1 {
            let mut all = vec![];
            for part in parts {
                all.extend(pieces(turn, &part, cut + 1)?);
            }
            return Ok(all);
        }
    }
    Err(whole)
}

/// A part without the "then" that joined it to the one before.
fn without_then(text: &str) -> &str {
    let text = text.trim();
    let first = text.split_whitespace().next().unwrap_or("");
    match THEN.contains(&bare(first).as_str()) {
        true => text[first.len()..].trim(),
        false => text,
    }
}

/// The non-empty parts of a text cut at one kind of cut.
fn cut_at(text: &str, cut: usize) -> Vec<String> {
    let parts: Vec<String> = match cut {
        0 => text.split([';', '\n']).map(str::to_string).collect(),
        1 => text.split(',').map(str::to_string).collect(),
        _ => {
            let mut parts = vec![String::new()];
            for word in text.split_whitespace() {
                if THEN.contains(&bare(word).as_str()) {
                    parts.push(String::new());
                } else if let Some(last) = parts.last_mut() {
                    last.push(' ');
                    last.push_str(word);
                }
            }
            parts
        }
    };
    parts
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Words that put one turn after another.
const THEN: &[&str] = &["then", "затем", "потом"];

/// Words that say where the player expects to be.
const EXPECT: &[&str] = &[
    "ожидаю",
    "буду",
    "окажусь",
    "expect",
    "expecting",
    "expected",
];

/// Words around an expected cell that carry no meaning.
const AROUND_EXPECT: &[&str] = &[
    "i",
    "to",
    "be",
    "at",
    "on",
    "in",
    "should",
    "на",
    "в",
    "клетке",
    "я",
    "что",
];

/// A word lowercased, without the punctuation around it, `ё` as `е`.
fn bare(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric() && c != '@')
        .to_lowercase()
        .replace('ё', "е")
}

/// The cell in "ожидаю C5", "буду на C5", "I expect to be at C5".
fn expectation(text: &str) -> Option<Coord> {
    let words: Vec<String> = text.split_whitespace().map(bare).collect();
    let (last, rest) = words.split_last()?;
    let said = rest.iter().any(|w| EXPECT.contains(&w.as_str()));
    let only = rest
        .iter()
        .all(|w| EXPECT.contains(&w.as_str()) || AROUND_EXPECT.contains(&w.as_str()));
    let cell = last.to_ascii_uppercase().parse::<Coord>().ok()?;
    (said && only).then_some(cell)
}

/// "вверх дважды", "up x3", "up 3 times", "вверх 3 раза": the count and the turn repeated.
fn repeated(text: &str) -> Option<(usize, String)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let count = |w: &str| -> Option<usize> {
        match bare(w).as_str() {
            "дважды" | "twice" => Some(2),
            "трижды" | "thrice" => Some(3),
            w => {
                let digits = w.trim_start_matches(['x', 'х', '×']);
                let marked = digits.len() < w.len();
                let n: usize = digits.parse().ok()?;
                (marked && (1..=99).contains(&n)).then_some(n)
            }
        }
    };
    let times = |w: &str| matches!(bare(w).as_str(), "раз" | "раза" | "times");
    match words.as_slice() {
        [rest @ .., n, w] if times(w) && !rest.is_empty() => {
            let n: usize = bare(n).parse().ok().filter(|n| (1..=99).contains(n))?;
            Some((n, rest.join(" ")))
        }
        [rest @ .., w] if !rest.is_empty() => count(w).map(|n| (n, rest.join(" "))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Plan;
    use crate::ruleset::Ruleset;
    use crate::table::Options;

    const PLAN: &str = "labyrinth 3x2\n+---+---+---+\n| .   .   . |\n+   +   +   +\n| .   .   . |\n+---+---+   +\n";

    /// A table of `code` in play, with ann and bob on A1 and C2.
    fn table(code: &str, opts: &[&str]) -> (Labyrinth, Game) {
        let mut rules = Ruleset::preset(code).unwrap();
        for o in opts {
            let (k, v) = o.split_once('=').unwrap();
            rules.set(k, v).unwrap();
        }
        let plan = Plan::parse(PLAN).expect("the test plan");
        let mut game = Game::new(&plan, rules.clone(), 2);
        let starts = ["A1".parse().unwrap(), "C2".parse().unwrap()];
        game.start(&starts, &[PlayerId(0), PlayerId(1)]).unwrap();
        let lab = Labyrinth::new(code, rules, Options::default());
        (lab, game)
    }

    fn names(name: &str) -> Option<PlayerId> {
        match name.to_lowercase().as_str() {
            "bob" | "боба" => Some(PlayerId(1)),
            _ => None,
        }
    }

    /// The turns a message queues in `code`, as texts, with expected cells after `→`.
    fn turns(code: &str, opts: &[&str], text: &str) -> Result<Vec<String>, Misread> {
        let (lab, game) = table(code, opts);
        let read = read(&lab, &game, text, &names)?.expect("orders");
        Ok(read
            .into_iter()
            .map(|q| match q.expect {
                Some(c) => format!("{} → {}", q.text, c.name().as_str()),
                None => q.text,
            })
            .collect())
    }

    // Seed 004: "Если игрок хочет сделать сразу несколько ходов — его право"; Б §2.1: a classic
    // turn is one movement with a shot before or after it, so a message is cut into turns only
    // where one turn ends.
    #[test]
    fn a_message_is_cut_where_a_turn_ends() {
        let got = turns("classic", &[], "up; right, right").unwrap();
        assert_eq!(got, ["up", "right", "right"]);
        let got = turns("classic", &[], "shoot up then go down").unwrap();
        assert_eq!(got, ["shoot up then go down"]);
        let got = turns("classic", &[], "стреляю вверх, иду вниз; влево").unwrap();
        assert_eq!(got, ["стреляю вверх, иду вниз", "влево"]);
        let got = turns("classic", &[], "go up then left затем вниз").unwrap();
        assert_eq!(got, ["go up", "left", "вниз"]);
    }

    // В §2.1: a quantum turn is one action, so a shot and a step are two turns.
    #[test]
    fn a_quantum_shot_and_step_are_two_turns() {
        let got = turns("quantum", &[], "shoot up, go down").unwrap();
        assert_eq!(got, ["shoot up", "go down"]);
    }

    #[test]
    fn repeats_and_expected_cells() {
        // Seed 004: "на какой клетке, по его мнению, он оказывается после очередного хода".
        let got = turns("classic", &[], "вверх дважды, ожидаю A1; right x2").unwrap();
        assert_eq!(got, ["вверх", "вверх → A1", "right", "right"]);
        let got = turns("classic", &[], "up, I expect to be at C5").unwrap();
        assert_eq!(got, ["up → C5"]);
        let err = turns("classic", &[], "expect C5").unwrap_err();
        assert_eq!(err, Misread::Expect("expect C5".into()));
    }

    #[test]
    fn a_bad_part_refuses_the_whole_message() {
        let err = turns("classic", &[], "up, fly, up").unwrap_err();
        assert!(
            matches!(&err, Misread::Part(part, _) if part == "fly"),
            "{err:?}"
        );
        let err = turns("classic", &[], "fly away").unwrap_err();
        assert!(matches!(err, Misread::Whole(_)), "{err:?}");
        let err = turns("classic", &[], "status; up").unwrap_err();
        assert_eq!(err, Misread::NotATurn("status".into()));
        // §7.7: skipping forbidden by the options is refused when sent, not when its turn comes.
        let err = turns("classic", &["skip=no"], "up; skip").unwrap_err();
        assert_eq!(err, Misread::Refused("skip".into(), Refusal::NoSkip));
        let err = turns("classic", &[], "shoot left at Zed on A1 then go up").unwrap_err();
        assert!(matches!(err, Misread::Player(_)), "{err:?}");
        let many = vec!["up"; MAX_TURNS + 1].join("; ");
        assert_eq!(turns("classic", &[], &many).unwrap_err(), Misread::TooMany);
        assert_eq!(
            turns("classic", &[], "up x30").unwrap_err(),
            Misread::TooMany
        );
    }

    #[test]
    fn a_question_to_the_master_is_not_queued() {
        let (lab, game) = table("classic", &[]);
        assert_eq!(read(&lab, &game, "/status", &names), Ok(None));
        assert_eq!(read(&lab, &game, "B2", &names), Ok(None));
    }

    #[test]
    fn expectations_name_a_cell_after_their_words() {
        // Seed 004: "Если игрок указывает, на какой клетке, по его мнению, он оказывается".
        let c5 = Some("C5".parse().unwrap());
        assert_eq!(expectation("ожидаю C5"), c5);
        assert_eq!(expectation("буду на c5"), c5);
        assert_eq!(expectation("I expect to be at C5."), c5);
        assert_eq!(expectation("expect B3@2"), Some("B3@2".parse().unwrap()));
        assert_eq!(expectation("C5"), None);
        assert_eq!(expectation("expect to go up"), None);
        assert_eq!(expectation("иду вверх, ожидаю C5"), None);
    }

    #[test]
    fn repeats_are_counted_at_the_end() {
        assert_eq!(repeated("вверх дважды"), Some((2, "вверх".into())));
        assert_eq!(repeated("go up x3"), Some((3, "go up".into())));
        assert_eq!(repeated("up 4 times"), Some((4, "up".into())));
        assert_eq!(repeated("вверх 3 раза"), Some((3, "вверх".into())));
        assert_eq!(repeated("twice"), None);
        assert_eq!(repeated("shoot 3"), None);
    }

    #[test]
    fn cuts_go_from_the_coarsest() {
        assert_eq!(cut_at("up; down\nleft", 0), vec!["up", "down", "left"]);
        assert_eq!(cut_at("up, down", 0), vec!["up, down"]);
        assert_eq!(cut_at("up, down", 1), vec!["up", "down"]);
        assert_eq!(
            cut_at("up then left затем вниз", 2),
            vec!["up", "left", "вниз"]
        );
    }
}
