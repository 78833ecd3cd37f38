//! Reading queued orders of the cylinder game in Russian and English (seed 004: "Если игрок хочет
//! сделать сразу несколько ходов — его право"): "север, север, восток; стоп если медведь рядом",
//! "north twice then east, I expect to be at C5".
//!
//! Conventions, as the post's own example writes a shot ("стреляю на север, хожу на север"):
//! - a move is a compass word ("север", "на север", "иду на север", "north", "go north"), also the
//!   plain ways ("вверх", "влево", "up", "left"); "дважды", "трижды", "twice", "x3", "3 раза", a number
//!   before or after repeat it;
//! - a shot ("стреляю на север", "shoot east") is the next move's shot before it; joined to the move
//!   before it by "и" / "and" ("иду на север и стреляю на восток"), or with no move after it, it is
//!   that move's shot after it;
//! - "ожидаю C5", "буду на C5", "окажусь на C5", "expect C5", "I expect to be at C5" names the cell
//!   expected after the move before it;
//! - "стоп если медведь рядом", "стоп если близко", "stop if the bear is near", "stop if near": the
//!   queue stops when the bear or the ghost is near.

use super::game::Stride;
use super::queue::{Planned, Queue};
use crate::geometry::{Coord, Dir};

/// The most moves one order may queue.
pub const MAX_MOVES: usize = 64;

/// What is wrong with an order, with the words as typed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// Nothing to do.
    #[error("no move in the order; name ways such as north, east")]
    Empty,
    /// A word that is no part of an order.
    #[error(
        "`{0}` is not understood; write ways (north, south, west, east), shots (shoot north), a cell you expect (expect C5) or stop if near"
    )]
    Unknown(String),
    /// A shot with no way.
    #[error("`{0}`: shoot which way? north, south, west or east")]
    ShotWithoutWay(String),
    /// An expected cell with no move before it, or no cell.
    #[error("`{0}`: name the cell you expect after a move, such as expect C5")]
    BadExpect(String),
    /// More moves than [`MAX_MOVES`].
    #[error("at most {MAX_MOVES} moves at once")]
    TooMany,
}

/// A word of the order, read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Word {
    /// A way.
    Way(Dir),
    /// "стреляю", "shoot".
    Shoot,
    /// "ожидаю", "expect".
    Expect,
    /// A cell name.
    Cell(Coord),
    /// A repeat count.
    Times(u8),
    /// "и", "and": joins a shot to the move before it.
    And,
    /// A comma, "затем", "then": a new part.
    Break,
    /// "стоп", "stop".
    Stop,
    /// Words carrying no meaning here ("иду", "на", "to", "the").
    Filler,
    /// Anything else.
    Other(String),
}

/// Reads a queued order.
pub fn parse_queue(text: &str) -> Result<Queue, OrderError> {
    let words: Vec<(String, Word)> = split(text)
        .into_iter()
        .map(|w| {
            let read = read_word(&w);
            (w, read)
        })
        .collect();
    let (words, stop_near) = take_stop(words)?;
    let mut moves: Vec<Planned> = vec![];
    let mut pending_shot: Option<Dir> = None;
    let mut joined = false;
    let mut i = 0;
    while i < words.len() {
        let (text, word) = &words[i];
        match word {
            Word::Way(d) => {
                let times = times_around(&words, i);
                for k in 0..times {
                    let before = if k == 0 { pending_shot.take() } else { None };
                    moves.push(Planned {
                        stride: Stride {
                            before,
                            go: *d,
                            after: None,
                        },
                        expect: None,
                    });
                }
                if moves.len() > MAX_MOVES {
                    return Err(OrderError::TooMany);
                }
                joined = false;
            }
            Word::Shoot => {
                let way = words[i + 1..]
                    .iter()
                    .take_while(|(_, w)| matches!(w, Word::Filler))
                    .count();
                let Some((_, Word::Way(d))) = words.get(i + 1 + way) else {
                    return Err(OrderError::ShotWithoutWay(text.clone()));
                };
                let last_free = moves.last().is_some_and(|m| m.stride.after.is_none());
                if joined && last_free {
                    if let Some(m) = moves.last_mut() {
                        m.stride.after = Some(*d);
                    }
                } else {
                    pending_shot = Some(*d);
                }
                i += way + 2;
                joined = false;
                continue;
            }
            Word::Expect => {
                let cell = words[i + 1..].iter().find_map(|(_, w)| match w {
                    Word::Cell(c) => Some(*c),
                    _ => None,
                });
                let (Some(cell), Some(m)) = (cell, moves.last_mut()) else {
                    return Err(OrderError::BadExpect(text.clone()));
                };
                m.expect = Some(cell);
                while i + 1 < words.len() && !matches!(words[i + 1].1, Word::Cell(_)) {
                    i += 1;
                }
                i += 1;
            }
            Word::And => joined = true,
            Word::Break => joined = false,
            Word::Times(_) | Word::Filler => {}
            Word::Cell(_) => return Err(OrderError::BadExpect(text.clone())),
            Word::Stop => return Err(OrderError::Unknown(text.clone())),
            Word::Other(w) => return Err(OrderError::Unknown(w.clone())),
        }
        i += 1;
    }
    if let Some(d) = pending_shot {
        match moves.last_mut() {
            Some(m) if m.stride.after.is_none() => m.stride.after = Some(d),
            _ => return Err(OrderError::Empty),
        }
    }
    if moves.is_empty() {
        return Err(OrderError::Empty);
    }
    Ok(Queue {
        moves: moves.into(),
        stop_near,
    })
}

/// Whether a message means to be an order, though it may not read as one: it has a way, a shot,
/// an expected cell or a stop in it. Other messages are the players' talk.
pub fn looks_like_order(text: &str) -> bool {
    split(text).iter().any(|w| {
        matches!(
            read_word(w),
            Word::Way(_) | Word::Shoot | Word::Expect | Word::Stop
        )
    })
}

/// Takes "стоп если … рядом" / "stop if … near" off the end (or anywhere): whatever follows the stop
/// word to the next break is its condition.
fn take_stop(words: Vec<(String, Word)>) -> Result<(Vec<(String, Word)>, bool), OrderError> {
    let Some(at) = words.iter().position(|(_, w)| *w == Word::Stop) else {
        return Ok((words, false));
    };
    let end = words[at..]
        .iter()
        .position(|(_, w)| *w == Word::Break)
        .map_or(words.len(), |k| at + k);
    let condition: Vec<&str> = words[at + 1..end].iter().map(|(t, _)| t.as_str()).collect();
    let known = |w: &&str| {
        matches!(
            *w,
            "если"
                | "когда"
                | "if"
                | "when"
                | "медведь"
                | "призрак"
                | "зверь"
                | "кто-то"
                | "bear"
                | "ghost"
                | "beast"
                | "the"
                | "a"
                | "is"
                | "рядом"
                | "близко"
                | "near"
                | "close"
                | "by"
        )
    };
    if let Some(bad) = condition.iter().find(|w| !known(w)) {
        return Err(OrderError::Unknown(bad.to_string()));
    }
    let mut rest = words[..at].to_vec();
    rest.extend_from_slice(&words[end..]);
    Ok((rest, true))
}

/// How many times the move at `i` is made: a count before it ("3 раза на запад"), or after it
/// ("север x2") unless that count leads the next move.
fn times_around(words: &[(String, Word)], i: usize) -> usize {
    let meaning = |k: usize| &words[k].1;
    let before = (0..i).rev().find(|&k| *meaning(k) != Word::Filler);
    let after = (i + 1..words.len()).find(|&k| *meaning(k) != Word::Filler);
    let count = |k: Option<usize>| match k.map(meaning) {
        Some(Word::Times(n)) => Some(usize::from(*n)),
        _ => None,
    };
    let leads_next = after.is_some_and(|a| {
        (a + 1..words.len())
            .find(|&k| *meaning(k) != Word::Filler)
            .is_some_and(|k| matches!(meaning(k), Word::Way(_)))
    });
    count(before)
        .or_else(|| count(after).filter(|_| !leads_next))
        .unwrap_or(1)
        .clamp(1, MAX_MOVES + 1)
}

/// The message cut into words: lowercase, `ё` as `е`, commas and semicolons as words of their own.
fn split(text: &str) -> Vec<String> {
    let mut spaced = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            ',' | ';' | '.' | '!' => {
                spaced.push(' ');
                spaced.push(',');
                spaced.push(' ');
            }
            'ё' | 'Ё' => spaced.push('е'),
            c => spaced.extend(c.to_lowercase()),
        }
    }
    spaced.split_whitespace().map(str::to_string).collect()
}

fn read_word(w: &str) -> Word {
    if let Some(d) = way(w) {
        return Word::Way(d);
    }
    if let Some(n) = times(w) {
        return Word::Times(n);
    }
    if let Ok(c) = w.to_ascii_uppercase().parse::<Coord>() {
        return Word::Cell(c);
    }
    match w {
        "," | "затем" | "потом" | "then" | "after" => Word::Break,
        "и" | "and" => Word::And,
        "стреляю" | "стрелять" | "выстрел" | "shoot" | "shot" | "fire" => {
            Word::Shoot
        }
        "ожидаю" | "буду" | "окажусь" | "expect" | "expecting" => Word::Expect,
        "стоп" | "stop" => Word::Stop,
        "иду" | "идти" | "хожу" | "ход" | "шаг" | "на" | "в" | "go" | "move" | "walk" | "to"
        | "the" | "i" | "be" | "at" | "on" | "раз" | "раза" | "times" | "клетке" | "клетку" => {
            Word::Filler
        }
        other => Word::Other(other.to_string()),
    }
}

/// A way: the compass ("Чтобы сходить, указывается направление (север, юг, запад, восток)") and the
/// plain words players also use.
fn way(w: &str) -> Option<Dir> {
    let d = match w {
        "север" | "north" | "n" | "вверх" | "up" => Dir::Up,
        "юг" | "south" | "s" | "вниз" | "down" => Dir::Down,
        "запад" | "west" | "w" | "влево" | "налево" | "left" => Dir::Left,
        "восток" | "east" | "e" | "вправо" | "направо" | "right" => Dir::Right,
        _ => return None,
    };
    Some(d)
}

/// A repeat count: "дважды", "twice", "x3", "3".
fn times(w: &str) -> Option<u8> {
    let n = match w {
        "дважды" | "twice" => 2,
        "трижды" | "thrice" => 3,
        _ => {
            let digits = w.trim_start_matches(['x', 'х', '×']);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            digits.parse().ok().filter(|&n| (1..=99).contains(&n))?
        }
    };
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Dir::{Down as S, Left as W, Right as E, Up as N};

    fn ways(q: &Queue) -> Vec<Dir> {
        q.moves.iter().map(|m| m.stride.go).collect()
    }

    #[test]
    fn the_issues_examples() {
        // Seed 004: several moves at once, a stop when a beast is near, an expected cell.
        let q = parse_queue("север, север, восток; стоп если медведь рядом").unwrap();
        assert_eq!(ways(&q), vec![N, N, E]);
        assert!(q.stop_near);
        let q = parse_queue("north twice then east, I expect to be at C5").unwrap();
        assert_eq!(ways(&q), vec![N, N, E]);
        assert_eq!(q.moves[2].expect, Some("C5".parse().unwrap()));
        assert_eq!(q.moves[1].expect, None);
        assert!(!q.stop_near);
    }

    #[test]
    fn the_posts_shots_before_and_after() {
        // "стреляю на север, хожу на север — хожу на восток — хожу на запад — хожу на юг"
        let q = parse_queue(
            "стреляю на север, хожу на север, хожу на восток, хожу на запад, хожу на юг",
        )
        .unwrap();
        assert_eq!(ways(&q), vec![N, E, W, S]);
        assert_eq!(q.moves[0].stride.before, Some(N));
        assert!(q.moves.iter().skip(1).all(|m| m.stride.before.is_none()));
        let q = parse_queue("иду на север и стреляю на восток, иду на юг").unwrap();
        assert_eq!(q.moves[0].stride.after, Some(E));
        assert_eq!(q.moves[1].stride.before, None);
        let q = parse_queue("go east, shoot north").unwrap();
        assert_eq!(q.moves[0].stride.after, Some(N), "no move after it");
    }

    #[test]
    fn counts_repeat_a_move() {
        assert_eq!(
            ways(&parse_queue("3 раза на запад").unwrap()),
            vec![W, W, W]
        );
        assert_eq!(ways(&parse_queue("восток x2, юг").unwrap()), vec![E, E, S]);
        assert_eq!(ways(&parse_queue("трижды север").unwrap()), vec![N, N, N]);
        assert_eq!(
            ways(&parse_queue("север 2, 3 восток").unwrap()),
            vec![N, N, E, E, E]
        );
    }

    #[test]
    fn bad_orders_say_what_is_wrong() {
        assert_eq!(parse_queue(""), Err(OrderError::Empty));
        assert_eq!(
            parse_queue("стоп если медведь рядом"),
            Err(OrderError::Empty)
        );
        assert_eq!(
            parse_queue("север, прыгаю"),
            Err(OrderError::Unknown("прыгаю".into()))
        );
        assert_eq!(
            parse_queue("стреляю, север"),
            Err(OrderError::ShotWithoutWay("стреляю".into()))
        );
        assert_eq!(
            parse_queue("ожидаю C5, север"),
            Err(OrderError::BadExpect("ожидаю".into()))
        );
        assert_eq!(
            parse_queue("99 раз север, 99 раз юг"),
            Err(OrderError::TooMany)
        );
        assert_eq!(
            parse_queue("север, стоп если дождь"),
            Err(OrderError::Unknown("дождь".into()))
        );
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panic(text in "(север|north|x3|2|стреляю|shoot|и|and|, |C5|ожидаю|expect|стоп|stop|если|рядом|.){0,40}") {
            if let Ok(q) = parse_queue(&text) {
                proptest::prop_assert!(!q.moves.is_empty() && q.moves.len() <= MAX_MOVES);
            }
        }
    }
}
