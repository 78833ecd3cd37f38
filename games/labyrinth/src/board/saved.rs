//! The saved form of a [`Board`]: a game is saved after every order, and a board written field by
//! field as JSON is one string per cell and per side (hundreds on a 10×10 board). Saved here as four
//! short texts instead, one character per side and one word per cell, readable in a dump:
//!
//! ```text
//! {"size":{"width":3,"height":2},"cells":". c1 . a12 . <","below":"sw.","right":"....","border":"wwewwwwcww"}
//! ```
//!
//! Cells are written as in plans (`.` land, `M` hospital, `A` arsenal, `U` mouth, `E` encephalitis,
//! `^ v < >` rivers, `a1` pits, `S` swamp, `Y1` `X1` a pit–exit pair); sides as `.` open, `w` wall, `s` solid, `n` window, `r`
//! rubber, `^ v < >` one-way toward (inner) and `w` wall, `c` closed exit, `e` exit (border). A 3-D
//! maze adds its levels to the size and a fifth text, `floors`, with the floor above each cell of every
//! level but the highest (`u` `d` one-way up or down). The field-by-field form of earlier versions is
//! read too.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Board, Border, Cell, InnerWall, PitId};
use crate::geometry::{Dir, Size};
use crate::text_or_list::TextOrList;

#[derive(Serialize)]
struct Text {
    size: Size,
    cells: String,
    below: String,
    right: String,
    border: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    floors: String,
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut cells = String::with_capacity(self.cells.len() * 2);
        for (i, cell) in self.cells.iter().enumerate() {
            if i > 0 {
                cells.push(' ');
            }
            push_cell(&mut cells, *cell);
        }
        Text {
            size: self.size,
            cells,
            below: self.below.iter().map(|w| inner_glyph(*w)).collect(),
            right: self.right.iter().map(|w| inner_glyph(*w)).collect(),
            border: self.border.iter().map(|b| border_glyph(*b)).collect(),
            floors: self.floors.iter().map(|w| inner_glyph(*w)).collect(),
        }
        .serialize(s)
    }
}

/// A part as saved now (a text) or by earlier versions (a list of values).
type Part<T> = TextOrList<T>;

#[derive(Deserialize)]
struct Saved {
    size: Size,
    cells: Part<Cell>,
    below: Part<InnerWall>,
    right: Part<InnerWall>,
    border: Part<Border>,
    #[serde(default = "no_floors")]
    floors: Part<InnerWall>,
}

fn no_floors() -> Part<InnerWall> {
    TextOrList::List(Vec::new())
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let saved = Saved::deserialize(d)?;
        let cells = match saved.cells {
            TextOrList::Text(t) => t
                .split_whitespace()
                .map(|w| read_cell(w).ok_or_else(|| D::Error::custom(format!("a cell {w:?}"))))
                .collect::<Result<Vec<_>, _>>()?,
            TextOrList::List(v) => v,
        };
        let board = Board {
            size: saved.size,
            cells,
            below: glyphs(saved.below, read_inner)?,
            right: glyphs(saved.right, read_inner)?,
            border: glyphs(saved.border, read_border)?,
            floors: glyphs(saved.floors, read_inner)?,
        };
        let fresh = Board::new(board.size);
        let fits = board.cells.len() == fresh.cells.len()
            && board.below.len() == fresh.below.len()
            && board.right.len() == fresh.right.len()
            && board.border.len() == fresh.border.len()
            && board.floors.len() == fresh.floors.len()
            && board.floors.iter().all(|w| crosses(*w, Dir::Higher))
            && !board
                .cells
                .iter()
                .any(|c| matches!(c, Cell::River(d) if d.is_vertical()))
            && board.below.iter().all(|w| crosses(*w, Dir::Down))
            && board.right.iter().all(|w| crosses(*w, Dir::Right));
        if !fits {
            return Err(D::Error::custom("a board whose parts do not fit its size"));
        }
        Ok(board)
    }
}

/// Whether a side stored in the row of sides crossed toward `d` may hold this wall: a one-way wall's
/// way must cross it.
fn crosses(wall: InnerWall, d: Dir) -> bool {
    match wall {
        InnerWall::OneWay(open) => open == d || open == d.opposite(),
        _ => true,
    }
}

fn glyphs<T, E: serde::de::Error>(part: Part<T>, read: fn(char) -> Option<T>) -> Result<Vec<T>, E> {
    match part {
        TextOrList::Text(t) => t
            .chars()
            .map(|c| read(c).ok_or_else(|| E::custom(format!("a side {c:?}"))))
            .collect(),
        TextOrList::List(v) => Ok(v),
    }
}

fn push_cell(out: &mut String, cell: Cell) {
    let glyph = match cell {
        Cell::Land => '.',
        Cell::Hospital => 'M',
        Cell::Arsenal => 'A',
        Cell::Mouth => 'U',
        Cell::Encephalitis => 'E',
        Cell::Swamp => 'S',
        Cell::River(Dir::Up) => '^',
        Cell::River(Dir::Down) => 'v',
        Cell::River(Dir::Left) => '<',
        Cell::River(Dir::Right) => '>',
        // `Board::set_cell` lets no river flow to another level; reading refuses this glyph.
        Cell::River(Dir::Higher | Dir::Lower) => '?',
        Cell::Pit(p) => {
            out.push(p.letter());
            out.push_str(itoa(p.place).as_str());
            return;
        }
        Cell::Chute(n) | Cell::Outlet(n) => {
            out.push(if matches!(cell, Cell::Chute(_)) {
                'Y'
            } else {
                'X'
            });
            out.push_str(itoa(u16::from(n)).as_str());
            return;
        }
    };
    out.push(glyph);
}

fn read_cell(word: &str) -> Option<Cell> {
    let cell = match word {
        "." => Cell::Land,
        "M" => Cell::Hospital,
        "A" => Cell::Arsenal,
        "U" => Cell::Mouth,
        "E" => Cell::Encephalitis,
        "S" => Cell::Swamp,
        "^" => Cell::River(Dir::Up),
        "v" => Cell::River(Dir::Down),
        "<" => Cell::River(Dir::Left),
        ">" => Cell::River(Dir::Right),
        _ if word.starts_with(['Y', 'X']) => {
            let n = word[1..].parse().ok().filter(|n| *n >= 1)?;
            match word.starts_with('Y') {
                true => Cell::Chute(n),
                false => Cell::Outlet(n),
            }
        }
        _ => {
            let letter = word.chars().next().filter(char::is_ascii_lowercase)?;
            let place = word[1..].parse().ok().filter(|p| *p >= 1)?;
            Cell::Pit(PitId {
                cycle: letter as u8 - b'a',
                place,
            })
        }
    };
    Some(cell)
}

fn inner_glyph(w: InnerWall) -> char {
    match w {
        InnerWall::Open => '.',
        InnerWall::Wall => 'w',
        InnerWall::Solid => 's',
        InnerWall::Window => 'n',
        InnerWall::Rubber => 'r',
        InnerWall::OneWay(Dir::Up) => '^',
        InnerWall::OneWay(Dir::Down) => 'v',
        InnerWall::OneWay(Dir::Left) => '<',
        InnerWall::OneWay(Dir::Right) => '>',
        InnerWall::OneWay(Dir::Higher) => 'u',
        InnerWall::OneWay(Dir::Lower) => 'd',
    }
}

fn read_inner(c: char) -> Option<InnerWall> {
    match c {
        '.' => Some(InnerWall::Open),
        'w' => Some(InnerWall::Wall),
        's' => Some(InnerWall::Solid),
        'n' => Some(InnerWall::Window),
        'r' => Some(InnerWall::Rubber),
        '^' => Some(InnerWall::OneWay(Dir::Up)),
        'v' => Some(InnerWall::OneWay(Dir::Down)),
        '<' => Some(InnerWall::OneWay(Dir::Left)),
        '>' => Some(InnerWall::OneWay(Dir::Right)),
        'u' => Some(InnerWall::OneWay(Dir::Higher)),
        'd' => Some(InnerWall::OneWay(Dir::Lower)),
        _ => None,
    }
}

fn border_glyph(b: Border) -> char {
    match b {
        Border::Wall => 'w',
        Border::ClosedExit => 'c',
        Border::Exit => 'e',
    }
}

fn read_border(c: char) -> Option<Border> {
    match c {
        'w' => Some(Border::Wall),
        'c' => Some(Border::ClosedExit),
        'e' => Some(Border::Exit),
        _ => None,
    }
}

/// A pit's place as decimal text, without the formatting machinery.
fn itoa(mut n: u16) -> String {
    let mut digits = Vec::with_capacity(5);
    loop {
        digits.push(b'0' + (n % 10) as u8);
        n /= 10;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Coord;

    fn sample() -> Board {
        let mut b = Board::new(Size::new(3, 2).unwrap());
        b.set_cell(Coord::new(1, 0), Cell::Pit(PitId { cycle: 2, place: 1 }));
        b.set_cell(Coord::new(2, 1), Cell::River(Dir::Left));
        b.set_cell(
            Coord::new(0, 1),
            Cell::Pit(PitId {
                cycle: 0,
                place: 12,
            }),
        );
        b.set_inner(Coord::new(0, 0), Dir::Down, InnerWall::Solid);
        b.set_inner(Coord::new(1, 0), Dir::Down, InnerWall::Wall);
        b.set_border(Coord::new(0, 1), Dir::Left, Border::ClosedExit);
        b.set_border(Coord::new(2, 0), Dir::Up, Border::Exit);
        b
    }

    #[test]
    fn a_board_is_saved_as_short_texts_and_read_back() {
        let b = sample();
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(
            json,
            r#"{"size":{"width":3,"height":2},"cells":". c1 . a12 . <","below":"sw.","right":"....","border":"wwewwwwcww"}"#
        );
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), b);
        // TOML, as plans' tests use it, too.
        let text = toml::to_string(&b).unwrap();
        assert_eq!(toml::from_str::<Board>(&text).unwrap(), b);
    }

    #[test]
    fn a_board_saved_field_by_field_by_an_earlier_version_is_read() {
        let b = sample();
        let earlier = serde_json::json!({
            "size": {"width": 3, "height": 2},
            "cells": ["Land", {"Pit": {"cycle": 2, "place": 1}}, "Land",
                      {"Pit": {"cycle": 0, "place": 12}}, "Land", {"River": "Left"}],
            "below": ["Solid", "Wall", "Open"],
            "right": ["Open", "Open", "Open", "Open"],
            "border": ["Wall", "Wall", "Exit", "Wall", "Wall", "Wall", "Wall", "ClosedExit", "Wall", "Wall"],
        });
        assert_eq!(serde_json::from_value::<Board>(earlier).unwrap(), b);
    }

    // The encyclopedia's modifications 4, 5, 16 and 17: their sides and cells survive a save.
    #[test]
    fn special_walls_and_swamps_are_saved_and_read_back() {
        let mut b = Board::new(Size::new(3, 2).unwrap());
        b.set_cell(Coord::new(2, 0), Cell::Swamp);
        b.set_inner(Coord::new(0, 0), Dir::Down, InnerWall::Window);
        b.set_inner(Coord::new(1, 0), Dir::Down, InnerWall::OneWay(Dir::Up));
        b.set_inner(Coord::new(0, 1), Dir::Right, InnerWall::Rubber);
        b.set_inner(Coord::new(1, 1), Dir::Right, InnerWall::OneWay(Dir::Left));
        let json = serde_json::to_string(&b).unwrap();
        assert!(
            json.contains(r#""cells":". . S . . .","below":"n^.","right":"..r<""#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), b);
        // A one-way wall whose way runs along its side cannot be set, nor read from a damaged save.
        assert!(!b.set_inner(Coord::new(0, 0), Dir::Right, InnerWall::OneWay(Dir::Up)));
        let along = json.replace(r#""below":"n^.""#, r#""below":"n>.""#);
        assert!(serde_json::from_str::<Board>(&along).is_err());
    }

    // The encyclopedia's modification 12: levels and the floors between them survive a save.
    #[test]
    fn a_maze_of_levels_is_saved_and_read_back() {
        let mut b = Board::new(Size::stacked(2, 2, 2).unwrap());
        b.set_cell(Coord::at_level(1, 1, 1), Cell::Hospital);
        b.set_inner(Coord::new(0, 0), Dir::Higher, InnerWall::Open);
        b.set_inner(
            Coord::new(1, 0),
            Dir::Higher,
            InnerWall::OneWay(Dir::Higher),
        );
        b.set_inner(Coord::at_level(0, 1, 1), Dir::Right, InnerWall::Solid);
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(
            json,
            r#"{"size":{"width":2,"height":2,"levels":2},"cells":". . . . . . . M","below":"....","right":"...s","border":"wwwwwwwwwwwwwwww","floors":".uww"}"#
        );
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), b);
        let short = json.replace(r#""floors":".uww""#, r#""floors":".uw""#);
        assert!(serde_json::from_str::<Board>(&short).is_err());
        let along = json.replace(r#""floors":".uww""#, r#""floors":".>ww""#);
        assert!(serde_json::from_str::<Board>(&along).is_err());
    }

    #[test]
    fn a_damaged_board_is_refused() {
        let short = r#"{"size":{"width":3,"height":2},"cells":". . .","below":"...","right":"....","border":"wwwwwwwwww"}"#;
        assert!(serde_json::from_str::<Board>(short).is_err());
        let glyph = r#"{"size":{"width":3,"height":2},"cells":". . . . . .","below":"..x","right":"....","border":"wwwwwwwwww"}"#;
        assert!(serde_json::from_str::<Board>(glyph).is_err());
        let cell = r#"{"size":{"width":3,"height":2},"cells":". . . . . Q","below":"...","right":"....","border":"wwwwwwwwww"}"#;
        assert!(serde_json::from_str::<Board>(cell).is_err());
    }
}
