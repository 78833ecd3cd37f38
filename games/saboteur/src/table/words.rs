//! Orders as players type them: the canonical commands of the script spec (`/play NES 1,0`),
//! and friendly forms in Russian and English ("кладу перекрёсток на 1,0", "ломаю фонарь Боре",
//! "fix pick bob", "карта верхняя цель", "discard 3", "беру 3").

use crate::board::Cell;
use crate::card::{Action, Card, Path, Tool};
use crate::game::{Game, Order, PlayerId};

/// What a message is, read as an order.
#[derive(Debug, PartialEq)]
pub(super) enum Read {
    /// An order (not yet checked against the rules).
    Order(Order),
    /// Meant as an order, but not understood.
    Unclear,
    /// Not an order: talk among the players.
    Talk,
}

/// The verbs, by what they do.
const PLAY: &[&str] = &[
    "кладу",
    "положить",
    "положи",
    "ставлю",
    "play",
    "lay",
    "put",
    "place",
];
const BREAK: &[&str] = &["ломаю", "сломать", "сломай", "ломать", "break"];
const FIX: &[&str] = &[
    "чиню",
    "починить",
    "почини",
    "чинить",
    "fix",
    "mend",
    "repair",
];
const ROCKFALL: &[&str] = &["обвал", "rockfall"];
const MAP: &[&str] = &["карта", "смотрю", "map", "look"];
const DISCARD: &[&str] = &["сбрасываю", "сбросить", "сброс", "discard"];
const PASS: &[&str] = &["пас", "пропускаю", "pass"];
const TAKE: &[&str] = &["беру", "take"];
/// Words that turn a path card round.
const ROTATED: &[&str] = &[
    "rotated",
    "turned",
    "перевёрнут",
    "перевернут",
    "перевернув",
    "повёрнут",
    "↻",
];

/// Reads `text` from `who` against the game as it stands (a card named by its number in his hand).
pub(super) fn read(text: &str, names: &[String], game: &Game, who: PlayerId) -> Read {
    let text = text.trim();
    if let Some(command) = text.strip_prefix('/') {
        if let Ok(o) = Order::parse(text, names) {
            return Read::Order(o);
        }
        // `/play@bot …`: the command's word without the bot's name.
        let word = command
            .split(|c: char| c.is_whitespace() || c == '@')
            .next()
            .unwrap_or("")
            .to_lowercase();
        return match ["play", "discard", "pass", "take"].contains(&word.as_str()) {
            true => Read::Unclear,
            false => Read::Talk,
        };
    }
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == '.' || c == '!' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    let Some((verb, rest)) = words.split_first() else {
        return Read::Talk;
    };
    let is = |list: &[&str]| list.contains(verb);
    let hand = game
        .players()
        .get(usize::from(who.0))
        .map(|p| p.hand.as_slice())
        .unwrap_or(&[]);
    let order = if is(PLAY) {
        path_order(rest, hand)
    } else if is(BREAK) {
        tool_of(rest)
            .zip(player(rest, names))
            .map(|(t, p)| Order::Break(t, p))
    } else if is(FIX) {
        fix_order(rest, names, hand)
    } else if is(ROCKFALL) {
        cell_of(rest).map(Order::Rockfall)
    } else if is(MAP) {
        cell_of(rest).or_else(|| goal_of(rest)).map(Order::Map)
    } else if is(DISCARD) {
        card_of(rest, hand).map(Order::Discard)
    } else if is(PASS) {
        Some(Order::Pass)
    } else if is(TAKE) {
        rest.iter().find_map(|w| w.parse().ok()).map(Order::Take)
    } else {
        return Read::Talk;
    };
    order.map_or(Read::Unclear, Read::Order)
}

/// A cell written `x,y`.
fn cell_of(words: &[&str]) -> Option<Cell> {
    words
        .iter()
        .find_map(|w| w.trim_matches(|c| c == '(' || c == ')').parse().ok())
}

/// A goal named by its place: the top, middle or bottom one.
fn goal_of(words: &[&str]) -> Option<Cell> {
    let y = words.iter().find_map(|w| {
        let any = |stems: &[&str]| stems.iter().any(|s| w.starts_with(s));
        if any(&["верхн", "top", "upper"]) {
            Some(-2)
        } else if any(&["средн", "middle", "centre", "center"]) {
            Some(0)
        } else if any(&["нижн", "bottom", "lower"]) {
            Some(2)
        } else {
            None
        }
    })?;
    Some(Cell { x: 8, y })
}

/// A tool named in either language.
fn tool_of(words: &[&str]) -> Option<Tool> {
    words.iter().find_map(|w| tool_word(w))
}

fn tool_word(w: &str) -> Option<Tool> {
    let any = |stems: &[&str]| stems.iter().any(|s| w.starts_with(s));
    if any(&["кирк", "pick"]) {
        Some(Tool::Pick)
    } else if any(&["фонар", "lamp", "lantern"]) {
        Some(Tool::Lamp)
    } else if any(&["вагонет", "тележк", "cart", "wagon"]) {
        Some(Tool::Cart)
    } else {
        None
    }
}

/// The player a word names: his name, or its Russian forms ("Боре", "Борю" for "Боря").
fn player(words: &[&str], names: &[String]) -> Option<PlayerId> {
    let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    // A whole name first, spaces and all, then a word that is a name's inflected form.
    let joined = words.join(" ");
    if let Some(i) = lower
        .iter()
        .position(|n| joined.ends_with(n.as_str()) || joined.contains(&format!("{n} ")))
    {
        return Some(PlayerId(i as u8));
    }
    let stem = |s: &str| -> String {
        let chars: Vec<char> = s.chars().collect();
        match chars.len() > 3 {
            true => chars[..chars.len() - 1].iter().collect(),
            false => s.to_string(),
        }
    };
    let found: Vec<usize> = (0..lower.len())
        .filter(|&i| {
            words
                .iter()
                .any(|w| w.chars().count() >= 3 && stem(w) == stem(&lower[i]))
        })
        .collect();
    match found.as_slice() {
        [one] => Some(PlayerId(*one as u8)),
        _ => None,
    }
}

/// A card of the hand: by its number (1 = first), or by its name.
fn card_of(words: &[&str], hand: &[Card]) -> Option<Card> {
    for w in words {
        if let Ok(n) = w.parse::<usize>() {
            return hand.get(n.checked_sub(1)?).cloned();
        }
        if let Some(p) = path_word(w) {
            return hand
                .iter()
                .find(|c| **c == Card::Path(p.canonical()))
                .cloned();
        }
        if let Ok(c) = w.parse::<Card>() {
            return Some(c);
        }
    }
    None
}

/// A path card's name in any orientation, or a word for the cross.
fn path_word(w: &str) -> Option<Path> {
    if ["перекрёсток", "перекресток", "крест", "cross", "crossroads"].contains(&w)
    {
        return "NESW".parse().ok();
    }
    let upper: String = w
        .chars()
        .map(|c| if c == 'x' { c } else { c.to_ascii_uppercase() })
        .collect();
    upper.parse().ok()
}

/// "кладу NES на 1,0 перевёрнутой": a path card, where, and which way up (a card named as it
/// would lie turned round is that card turned).
fn path_order(words: &[&str], hand: &[Card]) -> Option<Order> {
    let cell = cell_of(words)?;
    let mut rotated = words
        .iter()
        .any(|w| ROTATED.iter().any(|r| w.starts_with(r)));
    let card = words.iter().find_map(|w| {
        if let Ok(n) = w.parse::<usize>() {
            return match hand.get(n.checked_sub(1)?) {
                Some(Card::Path(p)) => Some(*p),
                _ => None,
            };
        }
        path_word(w)
    })?;
    let canonical = card.canonical();
    if canonical != card {
        rotated = !rotated;
    }
    Some(Order::Path {
        card: canonical,
        cell,
        rotated,
    })
}

/// "чиню кирку Боре": the fix card of the hand that mends that tool, a single one before a double.
fn fix_order(words: &[&str], names: &[String], hand: &[Card]) -> Option<Order> {
    let tool = tool_of(words)?;
    let target = player(words, names)?;
    if hand.contains(&Card::Action(Action::Fix(tool))) {
        return Some(Order::Fix(tool, target));
    }
    let card = hand.iter().find_map(|c| match c {
        Card::Action(Action::FixEither(a, b)) if *a == tool || *b == tool => Some((*a, *b)),
        _ => None,
    });
    match card {
        Some(card) => Some(Order::FixEither { card, target, tool }),
        // No such card in hand: the engine says so.
        None => Some(Order::Fix(tool, target)),
    }
}
