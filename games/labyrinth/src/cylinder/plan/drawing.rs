//! Reading the drawing: 2·H+1 lines alternating wall lines and cell lines, as in the flat format,
//! with the seam drawn twice on every cell line and the exits as gaps in the north and south edges.

use super::errors::CylSyntaxKind as K;
use super::glyphs::{Glyph, non_ascii, read_glyph};
use super::text::{Line, Problems};
use crate::cylinder::{CylBoard, Ground, Rim};
use crate::geometry::{Coord, Dir, Size};
use crate::pasted::{self, Mangled};

/// The board drawn, with what the drawing says beyond the board.
pub(super) struct Drawing {
    /// Cells, walls and exits; pits lead to themselves until `pits:` is read.
    pub board: CylBoard,
    /// Cells drawn `K`, in reading order.
    pub crocodiles: Vec<Coord>,
    /// Cells drawn `P`, each with its line.
    pub pits: Vec<(Coord, usize)>,
    /// Whether each cell's glyph was read, by [`Size::index`].
    pub known: Vec<bool>,
}

/// Reads the drawing; missing or extra lines are one problem each.
pub(super) fn read_drawing(
    size: Size,
    header: usize,
    lines: &[Line],
    problems: &mut Problems,
) -> Drawing {
    let mut drawing = Drawing {
        board: CylBoard::new(size),
        crocodiles: vec![],
        pits: vec![],
        known: vec![false; size.area()],
    };
    // A blank line is reported and skipped, so the lines after it still land in their slots.
    for blank in lines.iter().filter(|l| l.is_blank()) {
        problems.at(blank.no, K::BlankLine);
    }
    let lines: Vec<Line> = lines.iter().filter(|l| !l.is_blank()).copied().collect();
    let expected = 2 * usize::from(size.height) + 1;
    for (k, line) in lines.iter().take(expected).enumerate() {
        let Some(chars) = drawing_chars(*line, size, problems) else {
            continue;
        };
        let drawn = Drawn {
            no: line.no,
            chars: &chars,
            size,
        };
        if k % 2 == 0 {
            drawn.read_walls(k / 2, &mut drawing.board, problems);
        } else {
            drawn.read_cells(k / 2, &mut drawing, problems);
        }
    }
    count_lines(size, header, &lines, problems);
    drawing
}

/// Reports a drawing of too few or too many lines.
fn count_lines(size: Size, header: usize, lines: &[Line], problems: &mut Problems) {
    let expected = 2 * usize::from(size.height) + 1;
    if lines.len() < expected {
        let at = lines.last().map_or(header, |l| l.no) + 1;
        let found = lines.len();
        problems.at(
            at,
            K::MissingLines {
                size,
                expected,
                found,
            },
        );
    } else if lines.len() > expected {
        let last = lines[expected - 1].no;
        problems.at(lines[expected].no, K::ExtraLine { size, last });
    }
}

/// A drawing line's characters padded with spaces to the full width (chat clients trim them), or
/// `None` after reporting why its columns cannot be trusted.
fn drawing_chars(line: Line, size: Size, problems: &mut Problems) -> Option<Vec<char>> {
    let full = 4 * usize::from(size.width) + 1;
    let kind = match pasted::padded(line, full) {
        Ok(chars) => return Some(chars),
        Err(Mangled::Tab) => K::Tab,
        Err(Mangled::LongDash(found)) => K::LongDash { found },
        Err(Mangled::TooLong) => K::LineTooLong { size, max: full },
    };
    problems.at(line.no, kind);
    None
}

/// Whether a segment (`---`, three spaces) or a side character (`|`, a space) is a wall; the
/// problem otherwise, `bad` making the one for text that is no side at all.
fn wall_of(text: &str, bad: impl FnOnce(String) -> K) -> Result<bool, K> {
    let found = text.to_string();
    match text {
        "---" | "|" => Ok(true),
        "   " | " " => Ok(false),
        // Seed 004 has no grenades: nothing breaks a wall, so none is marked unbreakable.
        "###" | "#" => Err(K::SolidWall { found }),
        // Seed 004: "Выход. Разрыв во внешней стене" — a gap, never a closed exit.
        "~~~" | "~" => Err(K::ClosedExit { found }),
        _ => Err(match text.chars().find(|c| !c.is_ascii()) {
            Some(c) => non_ascii(c),
            None => bad(found),
        }),
    }
}

/// One padded line of the drawing.
struct Drawn<'c> {
    no: usize,
    chars: &'c [char],
    size: Size,
}

impl Drawn<'_> {
    fn width(&self) -> usize {
        usize::from(self.size.width)
    }

    /// The three characters of column `c` (0-based) between its corners or sides.
    fn cell_text(&self, c: usize) -> String {
        self.chars[4 * c + 1..4 * c + 4].iter().collect()
    }

    /// The wall line above row `boundary` (or below the last row).
    fn read_walls(&self, boundary: usize, board: &mut CylBoard, problems: &mut Problems) {
        let w = self.width();
        if (0..=w).all(|c| self.chars[4 * c] != '+') {
            problems.at(self.no, K::NotAWallLine);
            return;
        }
        for c in (0..=w).filter(|&c| self.chars[4 * c] != '+') {
            let (column, found) = (4 * c + 1, self.chars[4 * c]);
            problems.at(self.no, K::BadCorner { column, found });
        }
        let h = usize::from(self.size.height);
        for c in 0..w {
            let text = self.cell_text(c);
            let col = c as u8;
            match boundary {
                0 => self.read_rim(board, Coord::new(col, 0), Dir::Up, &text, problems),
                b if b == h => {
                    let cell = Coord::new(col, (h - 1) as u8);
                    self.read_rim(board, cell, Dir::Down, &text, problems);
                }
                b => {
                    let (cell, other) = (Coord::new(col, (b - 1) as u8), Coord::new(col, b as u8));
                    match wall_of(&text, |found| K::BadWall { other, found }) {
                        Ok(wall) => _ = board.set_wall(cell, Dir::Down, wall),
                        Err(kind) => problems.at_cell(self.no, cell, kind),
                    }
                }
            }
        }
    }

    /// A segment of the north or south edge: the outer wall or an exit.
    fn read_rim(
        &self,
        board: &mut CylBoard,
        cell: Coord,
        dir: Dir,
        text: &str,
        problems: &mut Problems,
    ) {
        match wall_of(text, |found| K::BadRim { dir, found }) {
            Ok(wall) => _ = board.set_rim(cell, dir, if wall { Rim::Wall } else { Rim::Exit }),
            Err(kind) => problems.at_cell(self.no, cell, kind),
        }
    }

    /// The cell line of row `row`: the seam, the sides between cells and the cells.
    fn read_cells(&self, row: usize, drawing: &mut Drawing, problems: &mut Problems) {
        let w = self.width();
        let corners = (0..=w).filter(|&c| self.chars[4 * c] == '+').count();
        if corners * 2 > w + 1 {
            problems.at(self.no, K::NotACellLine);
            return;
        }
        let row = row as u8;
        self.read_seam(row, &mut drawing.board, problems);
        for c in 1..w {
            let (cell, other) = (Coord::new(c as u8 - 1, row), Coord::new(c as u8, row));
            let text = self.chars[4 * c].to_string();
            match wall_of(&text, |found| K::BadSide { other, found }) {
                Ok(wall) => _ = drawing.board.set_wall(cell, Dir::Right, wall),
                Err(kind) => problems.at_cell(self.no, cell, kind),
            }
        }
        for c in 0..w {
            self.read_cell(Coord::new(c as u8, row), drawing, problems);
        }
    }

    /// The seam, drawn at both ends of the line: seed 004, "со склеенными западной и восточной
    /// сторонами". Both ends must say the same.
    fn read_seam(&self, row: u8, board: &mut CylBoard, problems: &mut Problems) {
        let w = self.width();
        let (first, last) = (Coord::new(0, row), Coord::new(w as u8 - 1, row));
        let read = |c: char| {
            wall_of(&c.to_string(), |found| K::BadSide {
                other: first,
                found,
            })
        };
        let (west, east) = (read(self.chars[0]), read(self.chars[4 * w]));
        match (west, east) {
            (Ok(west), Ok(east)) if west != east => {
                let kind = K::SeamMismatch {
                    other: last,
                    west_wall: west,
                };
                problems.at_cell(self.no, first, kind);
            }
            (Ok(wall), Ok(_)) => _ = board.set_wall(first, Dir::Left, wall),
            (west, east) => {
                for kind in [west.err(), east.err()].into_iter().flatten() {
                    problems.at_cell(self.no, last, kind);
                }
            }
        }
    }

    /// One cell's glyph.
    fn read_cell(&self, at: Coord, drawing: &mut Drawing, problems: &mut Problems) {
        let text = self.cell_text(usize::from(at.col));
        let ground = match read_glyph(text.trim_matches(' '), at) {
            Ok(Glyph::Ground(ground)) => ground,
            Ok(Glyph::Crocodile) => {
                drawing.crocodiles.push(at);
                Ground::Land
            }
            Err(kind) => return problems.at_cell(self.no, at, kind),
        };
        if matches!(ground, Ground::Pit { .. }) {
            drawing.pits.push((at, self.no));
        }
        drawing.board.set_ground(at, ground);
        drawing.known[self.size.index(at)] = true;
    }
}
