//! Reading a player's message as a move: the UHP MoveString (`/move wA1 bG1-`, or bare in the
//! group), and friendlier words in Russian and English where they name one move only
//! ("муравей слева от белой королевы", "beetle on black queen", "spider 2 below right of wG1").
//!
//! Words are turned into a MoveString and handed to the engine, so a move in words is refused
//! for the same rules, in the same words, as one typed in notation.

use crate::locale::t;
use crate::{Bug, Color, Game, Move, Piece};
use bot_core::i18n::Lang;

/// What a message says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Read {
    /// A move, as a UHP MoveString for the engine to read.
    Move(String),
    /// `/undo`: take back one's last move.
    Undo,
    /// `/draw`: offer (or accept) a draw.
    Draw,
    /// `/resign`.
    Resign,
    /// Talk between the players.
    Talk,
    /// Meant as a move but not understood.
    Unclear(Why),
}

/// Why a move in words was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Why {
    /// Several pieces of that kind could be meant: the number is needed.
    Ambiguous(Bug),
    /// No piece is named where one should be.
    NoPiece,
    /// A piece to move but not where to.
    NoPlace,
}

impl Why {
    /// The reason in the player's words.
    pub(super) fn text(&self, lang: Lang) -> String {
        match self {
            Why::Ambiguous(bug) => t(
                lang,
                "hive-why-ambiguous",
                bot_core::args![("bug", super::narrate::bug(*bug, lang))],
            ),
            Why::NoPiece => t(lang, "hive-why-no-piece", &[]),
            Why::NoPlace => t(lang, "hive-why-no-place", &[]),
        }
    }
}

/// Reads `text` (a message of the side to move in `game`).
pub(super) fn read(text: &str, game: &Game) -> Read {
    let text = text.trim();
    if let Some(command) = text.strip_prefix('/') {
        let (word, rest) = command
            .split_once(char::is_whitespace)
            .unwrap_or((command, ""));
        let word = word.split('@').next().unwrap_or(word).to_lowercase();
        return match word.as_str() {
            "move" | "m" | "ход" => match rest.trim() {
                "" => Read::Unclear(Why::NoPiece),
                rest => move_in(rest, game).unwrap_or(Read::Unclear(Why::NoPiece)),
            },
            "pass" => Read::Move("pass".into()),
            "undo" | "takeback" => Read::Undo,
            "draw" => Read::Draw,
            "resign" => Read::Resign,
            _ => Read::Talk,
        };
    }
    move_in(text, game).unwrap_or(Read::Talk)
}

/// A move in notation or in words, `None` when the text does not start like one.
fn move_in(text: &str, game: &Game) -> Option<Read> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let lower: Vec<String> = tokens.iter().map(|w| w.to_lowercase()).collect();
    if matches!(lower.as_slice(), [w] if ["pass", "пас", "пропуск", "пропускаю"].contains(&w.as_str()))
    {
        return Some(Read::Move("pass".into()));
    }
    if (1..=2).contains(&tokens.len()) && piece_name(tokens[0]).is_some() {
        return Some(notation(&tokens));
    }
    words(&lower, game)
}

/// A piece's UHP name in any case (`wa1`, `BQ`), as the engine spells it.
fn piece_name(word: &str) -> Option<Piece> {
    let mut chars = word.chars();
    let color = chars.next()?.to_ascii_lowercase();
    let bug = chars.next()?.to_ascii_uppercase();
    format!("{color}{bug}{}", chars.as_str()).parse().ok()
}

/// A MoveString typed by hand: the names' case mended, the marks kept.
fn notation(tokens: &[&str]) -> Read {
    let moving = piece_name(tokens[0]).map(|p| p.to_string());
    let Some(moving) = moving else {
        return Read::Unclear(Why::NoPiece);
    };
    let Some(target) = tokens.get(1) else {
        return Read::Move(moving);
    };
    let marks: &[char] = &['-', '/', '\\'];
    let name = target.trim_matches(marks);
    let Some(reference) = piece_name(name) else {
        return Read::Unclear(Why::NoPiece);
    };
    let (front, back) = target.split_at(target.find(name).unwrap_or(0));
    let back = &back[name.len()..];
    Read::Move(format!("{moving} {front}{reference}{back}"))
}

/// The six neighbours and the top of a piece, as a move's target names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Top,
    W,
    E,
    NW,
    NE,
    SW,
    SE,
}

impl Side {
    /// The UHP mark around a reference piece's name.
    fn mark(self, piece: &str) -> String {
        match self {
            Side::Top => piece.to_string(),
            Side::W => format!("-{piece}"),
            Side::E => format!("{piece}-"),
            Side::NW => format!("\\{piece}"),
            Side::NE => format!("{piece}/"),
            Side::SW => format!("/{piece}"),
            Side::SE => format!("{piece}\\"),
        }
    }
}

/// A bug named in words (any case form in Russian, singular or plural in English).
fn bug_word(w: &str) -> Option<Bug> {
    let english = [
        ("queen", Bug::Queen),
        ("bee", Bug::Queen),
        ("beetle", Bug::Beetle),
        ("grasshopper", Bug::Grasshopper),
        ("hopper", Bug::Grasshopper),
        ("spider", Bug::Spider),
        ("ant", Bug::Ant),
        ("mosquito", Bug::Mosquito),
        ("mosquitoe", Bug::Mosquito),
        ("ladybug", Bug::Ladybug),
        ("ladybird", Bug::Ladybug),
        ("pillbug", Bug::Pillbug),
        ("woodlouse", Bug::Pillbug),
    ];
    let stripped = w.trim_end_matches(|c: char| c.is_ascii_digit());
    let singular = stripped.strip_suffix('s').unwrap_or(stripped);
    if let Some((_, b)) = (english.iter()).find(|(e, _)| *e == stripped || *e == singular) {
        return Some(*b);
    }
    let russian = [
        ("корол", Bug::Queen),
        ("пчел", Bug::Queen),
        ("пчёл", Bug::Queen),
        ("матк", Bug::Queen),
        ("жук", Bug::Beetle),
        ("кузнеч", Bug::Grasshopper),
        ("паук", Bug::Spider),
        ("мурав", Bug::Ant),
        ("комар", Bug::Mosquito),
        ("божь", Bug::Ladybug),
        ("коровк", Bug::Ladybug),
        ("мокриц", Bug::Pillbug),
    ];
    (russian.iter())
        .find(|(stem, _)| stripped.starts_with(stem))
        .map(|(_, b)| *b)
}

/// Whose piece a word says: `Some(true)` the speaker's, `Some(false)` the other side's.
enum Owner {
    Color(Color),
    Mine,
    Theirs,
}

fn owner_word(w: &str) -> Option<Owner> {
    let starts = |stems: &[&str]| stems.iter().any(|s| w.starts_with(s));
    if w == "white" || starts(&["бел"]) {
        Some(Owner::Color(Color::White))
    } else if w == "black" || starts(&["чёрн", "черн"]) {
        Some(Owner::Color(Color::Black))
    } else if ["my", "mine", "own"].contains(&w) || starts(&["мо", "сво"]) && w.len() <= 10 {
        Some(Owner::Mine)
    } else if ["his", "her", "their", "opponent's", "enemy"].contains(&w)
        || ["его", "её", "ее", "чужой", "чужого", "чужую", "противника"].contains(&w)
    {
        Some(Owner::Theirs)
    } else {
        None
    }
}

/// A piece's number, written after its name (`2`, `#2`, `№2`) or joined to it (`муравей2`).
fn number_after(words: &[String], i: usize) -> (Option<u8>, usize) {
    let joined = words[i].trim_start_matches(|c: char| !c.is_ascii_digit());
    if let Ok(n) = joined.parse() {
        return (Some(n), i + 1);
    }
    let next = words.get(i + 1).map(|w| w.trim_start_matches(['#', '№']));
    match next.and_then(|w| w.parse().ok()) {
        Some(n) => (Some(n), i + 2),
        None => (None, i + 1),
    }
}

/// A move in words: the speaker's piece, then where, then the piece it is next to or on.
fn words(words: &[String], game: &Game) -> Option<Read> {
    const FILLER: &[&str] = &[
        "place",
        "put",
        "move",
        "play",
        "go",
        "to",
        "the",
        "of",
        "a",
        "from",
        "ставлю",
        "ставь",
        "поставь",
        "кладу",
        "хожу",
        "ход",
        "иду",
        "двигаю",
        "перемещаю",
        "веду",
        "в",
        "к",
        "от",
    ];
    let words: Vec<String> = (words.iter())
        .filter(|w| !FILLER.contains(&w.as_str()))
        .cloned()
        .collect();
    let first = words.first()?;
    let bug = bug_word(first)?;
    let me = game.to_move();
    let (n, mut i) = number_after(&words, 0);
    let moving = match own_piece(game, me, bug, n) {
        Ok(p) => p,
        Err(why) => return Some(Read::Unclear(why)),
    };
    let mut side_words = vec![];
    while i < words.len() && owner_word(&words[i]).is_none() && reference_at(&words, i).is_none() {
        side_words.push(words[i].as_str());
        i += 1;
    }
    if i >= words.len() {
        if game.history().is_empty() && side_words.is_empty() {
            return Some(Read::Move(moving.to_string()));
        }
        // A bug's name alone, or with directions only, is a move that lacks its place; a bug's
        // name in a sentence ("queen is in danger") is talk between the players.
        let directions = side_words
            .iter()
            .all(|w| side(&[w]).is_some_and(|s| s != Side::Top));
        return match side_words.is_empty() || directions {
            true => Some(Read::Unclear(Why::NoPlace)),
            false => None,
        };
    }
    let Some(side) = side(&side_words) else {
        return Some(Read::Unclear(Why::NoPlace));
    };
    let owner = owner_word(&words[i]).map(|o| match o {
        Owner::Color(c) => c,
        Owner::Mine => me,
        Owner::Theirs => me.other(),
    });
    if owner.is_some() {
        i += 1;
    }
    let reference = match words.get(i).map(|w| (piece_name(w), bug_word(w))) {
        Some((Some(p), _)) => p,
        Some((None, Some(bug))) => {
            let (n, _) = number_after(&words, i);
            match placed_piece(game, owner, bug, n) {
                Ok(p) => p,
                Err(why) => return Some(Read::Unclear(why)),
            }
        }
        _ => return Some(Read::Unclear(Why::NoPiece)),
    };
    Some(Read::Move(format!(
        "{moving} {}",
        side.mark(&reference.to_string())
    )))
}

/// Whether a piece's name starts at word `i`.
fn reference_at(words: &[String], i: usize) -> Option<()> {
    let w = &words[i];
    (piece_name(w).is_some() || bug_word(w).is_some()).then_some(())
}

/// The side of a reference piece the direction words name.
fn side(words: &[&str]) -> Option<Side> {
    let has = |stems: &[&str]| words.iter().any(|w| stems.iter().any(|s| w.starts_with(s)));
    let left = has(&["left", "west", "слева", "левее", "запад"]);
    let right = has(&["right", "east", "справа", "правее", "восток"]);
    let up = has(&[
        "up",
        "above",
        "north",
        "сверху",
        "выше",
        "вверх",
        "север",
        "над",
    ]);
    let down = has(&[
        "down",
        "below",
        "south",
        "снизу",
        "ниже",
        "вниз",
        "юг",
        "под",
    ]);
    Some(match (left, right, up, down) {
        (true, false, false, false) => Side::W,
        (false, true, false, false) => Side::E,
        (true, false, true, false) => Side::NW,
        (false, true, true, false) => Side::NE,
        (true, false, false, true) => Side::SW,
        (false, true, false, true) => Side::SE,
        (false, false, false, false) => Side::Top,
        _ => return None,
    })
}

/// The speaker's piece of a kind: numbered, or the only one that can move or be placed now.
fn own_piece(game: &Game, me: Color, bug: Bug, n: Option<u8>) -> Result<Piece, Why> {
    if let Some(n) = n {
        return Piece::new(me, bug, n).ok_or(Why::NoPiece);
    }
    let mut playable: Vec<Piece> = (game.legal_moves().into_iter())
        .filter_map(|m| match m {
            Move::Place { piece, .. } | Move::Shift { piece, .. } => Some(piece),
            Move::Pass => None,
        })
        .filter(|p| p.bug == bug && p.color == me)
        .collect();
    playable.sort();
    playable.dedup();
    match playable.as_slice() {
        [one] => Ok(*one),
        // None can be played: name the first of the kind, and the engine says why not.
        [] => Piece::new(me, bug, 1).ok_or(Why::NoPiece),
        _ => Err(Why::Ambiguous(bug)),
    }
}

/// A piece on the board of a kind (and side, when named): numbered, or the only such one.
fn placed_piece(game: &Game, owner: Option<Color>, bug: Bug, n: Option<u8>) -> Result<Piece, Why> {
    let sides: Vec<Color> = match owner {
        Some(c) => vec![c],
        None => Color::ALL.to_vec(),
    };
    let found: Vec<Piece> = (sides.into_iter())
        .flat_map(Piece::all)
        .filter(|p| p.bug == bug && n.is_none_or(|n| p.n == n))
        .filter(|p| game.position(*p).is_some())
        .collect();
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(Why::NoPiece),
        _ => Err(Why::Ambiguous(bug)),
    }
}
