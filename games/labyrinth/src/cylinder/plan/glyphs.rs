//! Cell glyphs of the cylinder's drawing (seed 004's list of cells), read and written.

use super::errors::CylSyntaxKind as K;
use crate::cylinder::{Ground, Needle};
use crate::geometry::{Coord, Dir};

/// What a drawn cell holds: its ground, or a crocodile lying on land.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Glyph {
    /// A cell without a crocodile; a pit's target comes from `pits:`.
    Ground(Ground),
    /// `K`: land with a crocodile on it.
    Crocodile,
}

/// Reads a cell's trimmed text.
pub(super) fn read_glyph(text: &str, at: Coord) -> Result<Glyph, K> {
    if let Some(found) = text.chars().find(|c| !c.is_ascii()) {
        return Err(non_ascii(found));
    }
    let ground = match text {
        "" => return Err(K::EmptyCell),
        _ if text.starts_with('*') => match read_spinner(text) {
            Some(spinner) => spinner,
            None => return Err(other_glyph(text)),
        },
        "K" => return Ok(Glyph::Crocodile),
        "." => Ground::Land,
        "S" => Ground::Swamp,
        "A" => Ground::Arsenal,
        "M" => Ground::Morgue,
        // The target is written in `pits:`; until then the pit leads to itself.
        "P" => Ground::Pit { to: at },
        "^" => Ground::River(Dir::Up),
        "v" => Ground::River(Dir::Down),
        "<" => Ground::River(Dir::Left),
        ">" => Ground::River(Dir::Right),
        _ => return Err(other_glyph(text)),
    };
    Ok(Glyph::Ground(ground))
}

/// What is wrong with a text that is no glyph.
fn other_glyph(text: &str) -> K {
    if text.starts_with('*') {
        return K::BadSpinner {
            found: text.to_string(),
        };
    }
    match text {
        "s" | "a" | "m" | "p" | "k" => K::LowercaseGlyph {
            found: text.chars().next().unwrap_or(' '),
            instead: text.to_ascii_uppercase().chars().next().unwrap_or(' '),
        },
        _ => K::BadGlyph {
            found: text.to_string(),
        },
    }
}

/// Reads `*e`, `*s` or `*w`.
fn read_spinner(text: &str) -> Option<Ground> {
    let letter = text.strip_prefix('*')?;
    Needle::ALL
        .into_iter()
        .find(|n| letter.len() == 1 && letter.starts_with(n.letter()))
        .map(Ground::Spinner)
}

/// A character outside ASCII: its Latin twin named if it has one.
pub(super) fn non_ascii(found: char) -> K {
    match latin_twin(found) {
        Some(instead) => K::Cyrillic { found, instead },
        None => K::NonAscii { found },
    }
}

/// The Latin letter a Cyrillic one looks like, in the glyphs and cell names of this format.
fn latin_twin(c: char) -> Option<char> {
    const TWINS: [(char, char); 18] = [
        ('А', 'A'),
        ('В', 'B'),
        ('Е', 'E'),
        ('К', 'K'),
        ('М', 'M'),
        ('Н', 'H'),
        ('Р', 'P'),
        ('С', 'C'),
        ('Т', 'T'),
        ('Х', 'X'),
        ('а', 'a'),
        ('е', 'e'),
        ('к', 'k'),
        ('м', 'm'),
        ('о', 'o'),
        ('р', 'p'),
        ('с', 'c'),
        ('х', 'x'),
    ];
    TWINS.iter().find(|&&(cy, _)| cy == c).map(|&(_, la)| la)
}

/// The glyph of a cell: `K` for a crocodile, else its ground's.
pub(super) fn glyph(ground: Ground, crocodile: bool) -> String {
    if crocodile {
        return "K".to_string();
    }
    let text = match ground {
        Ground::Land => ".",
        Ground::Swamp => "S",
        Ground::Arsenal => "A",
        Ground::Morgue => "M",
        Ground::Pit { .. } => "P",
        Ground::River(dir) => river_arrow(dir),
        Ground::Spinner(needle) => return format!("*{}", needle.letter()),
    };
    text.to_string()
}

fn river_arrow(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "^",
        Dir::Down => "v",
        Dir::Left => "<",
        Dir::Right => ">",
        // A cylinder has one level; a river cannot flow off it.
        Dir::Higher | Dir::Lower => "?",
    }
}
