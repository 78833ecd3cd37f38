//! Cell glyphs: what a cell's three characters in the drawing mean (plan spec, "The drawing";
//! Kodex Б §4). The renderer and chat messages use the same glyphs as the plan.

use super::errors::{CyrillicHint, SyntaxErrorKind};
use crate::board::{Cell, PitId};
use crate::geometry::Dir;

/// The highest pit place a three-character cell can hold (`a99`).
pub const MAX_PIT_PLACE: u16 = 99;

/// A cell's glyph in the plan format: `.` `M` `A` `U` `E` `>` `<` `^` `v`, or a pit such as `a1`.
pub fn glyph(cell: Cell) -> String {
    match cell {
        Cell::Land => ".".to_string(),
        Cell::Hospital => "M".to_string(),
        Cell::Arsenal => "A".to_string(),
        Cell::Pit(id) => id.to_string(),
        Cell::River(dir) => river_arrow(dir).to_string(),
        Cell::Mouth => "U".to_string(),
        Cell::Encephalitis => "E".to_string(),
        Cell::Swamp => "S".to_string(),
        Cell::Chute(n) => format!("Y{n}"),
        Cell::Outlet(n) => format!("X{n}"),
    }
}

/// The cell a glyph (already trimmed) stands for; `None` if it is no glyph of the plan format.
pub fn cell_of_glyph(glyph: &str) -> Option<Cell> {
    read_glyph(glyph).ok()
}

fn river_arrow(dir: Dir) -> char {
    match dir {
        Dir::Up => '^',
        Dir::Down => 'v',
        Dir::Left => '<',
        Dir::Right => '>',
        // `Board::set_cell` lets no river flow to another level.
        Dir::Higher | Dir::Lower => '?',
    }
}

/// Reads a trimmed glyph, or says what is wrong with it.
pub(super) fn read_glyph(text: &str) -> Result<Cell, SyntaxErrorKind> {
    if text.is_empty() {
        return Err(SyntaxErrorKind::EmptyCell);
    }
    if let Some(found) = text.chars().find(|c| !c.is_ascii()) {
        return Err(non_ascii_in_glyph(text, found));
    }
    let cell = match text {
        "." => Cell::Land,
        "M" => Cell::Hospital,
        "A" => Cell::Arsenal,
        "U" => Cell::Mouth,
        "E" => Cell::Encephalitis,
        "S" => Cell::Swamp,
        ">" => Cell::River(Dir::Right),
        "<" => Cell::River(Dir::Left),
        "^" => Cell::River(Dir::Up),
        "v" => Cell::River(Dir::Down),
        "m" | "u" | "e" | "s" => {
            let found = text.chars().next().unwrap_or(' ');
            return Err(SyntaxErrorKind::LowercaseGlyph {
                found,
                instead: found.to_ascii_uppercase(),
            });
        }
        _ if text.starts_with(['Y', 'X']) => return read_pair(text),
        _ => return read_pit(text),
    };
    Ok(cell)
}

/// The highest number of a pit–exit pair (`Y99`, `X99`).
pub const MAX_PAIR: u8 = 99;

/// Reads `Y1`…`Y99` (a pair's pit) and `X1`…`X99` (its exit): the encyclopedia's modification 8.
fn read_pair(text: &str) -> Result<Cell, SyntaxErrorKind> {
    let digits = &text[1..];
    let numeric = (1..=2).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit());
    let n: u8 = match digits.parse() {
        Ok(n) if numeric && n >= 1 && !digits.starts_with('0') => n,
        _ => {
            return Err(SyntaxErrorKind::BadGlyph {
                found: text.to_string(),
            });
        }
    };
    Ok(match text.starts_with('Y') {
        true => Cell::Chute(n),
        false => Cell::Outlet(n),
    })
}

/// Reads `a1`…`z99`: a cycle letter, then a place from 1 without a leading zero (Kodex Б §4.4).
fn read_pit(text: &str) -> Result<Cell, SyntaxErrorKind> {
    let bad = || SyntaxErrorKind::BadGlyph {
        found: text.to_string(),
    };
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(bad)?;
    let digits = chars.as_str();
    let numeric = (1..=2).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit());
    if !letter.is_ascii_alphabetic() || !numeric {
        return Err(bad());
    }
    let place: u16 = digits.parse().map_err(|_| bad())?;
    if letter.is_ascii_uppercase() {
        return Err(SyntaxErrorKind::PitUppercase {
            found: text.to_string(),
            instead: text.to_ascii_lowercase(),
        });
    }
    if place == 0 {
        return Err(SyntaxErrorKind::PitPlaceZero {
            found: text.to_string(),
        });
    }
    if digits.starts_with('0') {
        return Err(SyntaxErrorKind::PitLeadingZero {
            found: text.to_string(),
            instead: format!("{letter}{place}"),
        });
    }
    Ok(Cell::Pit(PitId {
        cycle: letter as u8 - b'a',
        place,
    }))
}

/// A non-ASCII letter in a glyph: most likely a Russian master on a Russian keyboard layout, typing
/// the rule book's letters (С, М, А, Я, Р, У, Э) or a pit's Cyrillic look-alike (`а1`).
fn non_ascii_in_glyph(text: &str, found: char) -> SyntaxErrorKind {
    let hint = if text.chars().count() == 1 {
        cell_letter_hint(found)
    } else if matches!(found, 'Я' | 'я') {
        Some(CyrillicHint::Pit)
    } else {
        latin_twin(found).map(|c| CyrillicHint::Latin(c.to_ascii_lowercase()))
    };
    match hint {
        Some(hint) => SyntaxErrorKind::Cyrillic { found, hint },
        None => SyntaxErrorKind::NonAscii { found },
    }
}

/// A one-letter Cyrillic glyph, read as the Kodex §4 letter of a cell type.
fn cell_letter_hint(c: char) -> Option<CyrillicHint> {
    let hint = match c.to_lowercase().next()? {
        'с' => CyrillicHint::Land,
        'я' => CyrillicHint::Pit,
        'р' => CyrillicHint::River,
        'м' => CyrillicHint::Latin('M'),
        'а' => CyrillicHint::Latin('A'),
        'у' => CyrillicHint::Latin('U'),
        'е' | 'э' => CyrillicHint::Latin('E'),
        _ => return None,
    };
    Some(hint)
}

/// The Latin capital a Cyrillic letter (either case) looks like, if any.
pub(super) fn latin_twin(c: char) -> Option<char> {
    let twin = match c.to_lowercase().next()? {
        'а' => 'A',
        'в' => 'B',
        'е' => 'E',
        'к' => 'K',
        'м' => 'M',
        'н' => 'H',
        'о' => 'O',
        'р' => 'P',
        'с' => 'C',
        'т' => 'T',
        'у' => 'Y',
        'х' => 'X',
        _ => return None,
    };
    Some(twin)
}

#[cfg(test)]
mod tests {
    use super::*;

    // plan spec: the glyph table; Kodex Б §4.1–§4.7
    #[test]
    fn every_cell_type_reads_back_from_its_glyph() {
        let mut cells = vec![
            Cell::Land,
            Cell::Hospital,
            Cell::Arsenal,
            Cell::Mouth,
            Cell::Encephalitis,
            Cell::Swamp,
            Cell::Chute(1),
            Cell::Outlet(1),
            Cell::Chute(42),
            Cell::Outlet(99),
        ];
        cells.extend(Dir::ALL.map(Cell::River));
        for (cycle, place) in [(0, 1), (25, 99), (2, 10)] {
            cells.push(Cell::Pit(PitId { cycle, place }));
        }
        for cell in cells {
            assert_eq!(cell_of_glyph(&glyph(cell)), Some(cell), "{cell:?}");
        }
        assert_eq!(glyph(Cell::River(Dir::Down)), "v");
        assert_eq!(
            glyph(Cell::Pit(PitId {
                cycle: 2,
                place: 10
            })),
            "c10"
        );
    }

    // Kodex Б §4.4: pits are numbered from 1; the format writes the place without leading zeros
    #[test]
    fn pit_glyphs_are_a_lowercase_letter_and_a_place_from_1() {
        for bad in ["a0", "a01", "A1", "a100", "a", "1a", "a-1", "V", "ab"] {
            assert_eq!(cell_of_glyph(bad), None, "{bad}");
        }
        assert_eq!(
            cell_of_glyph("z9"),
            Some(Cell::Pit(PitId {
                cycle: 25,
                place: 9
            }))
        );
    }

    #[test]
    fn cyrillic_letters_get_their_latin_twin_or_their_meaning() {
        let hint = |text: &str| match read_glyph(text) {
            Err(SyntaxErrorKind::Cyrillic { hint, .. }) => Some(hint),
            _ => None,
        };
        assert_eq!(hint("М"), Some(CyrillicHint::Latin('M')));
        assert_eq!(hint("Э"), Some(CyrillicHint::Latin('E')));
        assert_eq!(hint("С"), Some(CyrillicHint::Land));
        assert_eq!(hint("р"), Some(CyrillicHint::River));
        assert_eq!(hint("Я1"), Some(CyrillicHint::Pit));
        assert_eq!(hint("а1"), Some(CyrillicHint::Latin('a')));
        assert_eq!(
            read_glyph("Ж"),
            Err(SyntaxErrorKind::NonAscii { found: 'Ж' })
        );
    }
}
