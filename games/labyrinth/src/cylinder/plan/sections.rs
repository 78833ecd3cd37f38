//! The sections after the drawing, each at most once and in any order: `items:` (the treasure),
//! `pits:` (where each pit leads), `bear:` (his start) and `ghost:` (his start and path).

use super::drawing::Drawing;
use super::errors::{CylSection, CylSyntaxKind as K};
use super::glyphs::non_ascii;
use super::text::{Line, Problems, trim_blank_end};
use crate::cylinder::{GhostPath, Ground};
use crate::geometry::{Coord, Dir, Size};

/// One section as written: its label line and the lines up to the next label; `None` for a label
/// of no section.
pub(super) struct Part<'a, 'b> {
    section: Option<CylSection>,
    label: Line<'a>,
    lines: &'b [Line<'a>],
}

/// What the sections say.
#[derive(Default)]
pub(super) struct Found {
    /// The treasure's cell.
    pub treasure: Option<Coord>,
    /// The bear's start.
    pub bear: Option<Coord>,
    /// The ghost.
    pub ghost: Option<GhostPath>,
}

/// The drawing (trailing blank lines off) and the sections after it.
pub(super) fn split<'a, 'b>(rest: &'b [Line<'a>]) -> (&'b [Line<'a>], Vec<Part<'a, 'b>>) {
    let starts: Vec<(usize, Option<CylSection>)> = rest
        .iter()
        .enumerate()
        .filter_map(|(i, l)| label_of(l.text).map(|s| (i, s)))
        .collect();
    let Some(&(first, _)) = starts.first() else {
        return (trim_blank_end(rest), vec![]);
    };
    let parts = starts
        .iter()
        .enumerate()
        .map(|(k, &(i, section))| {
            let end = starts.get(k + 1).map_or(rest.len(), |n| n.0);
            Part {
                section,
                label: rest[i],
                lines: &rest[i + 1..end],
            }
        })
        .collect();
    (trim_blank_end(&rest[..first]), parts)
}

/// The section a line opens: `Some(None)` for a line `word:` that is no section's label.
fn label_of(text: &str) -> Option<Option<CylSection>> {
    let text = text.trim();
    let known = CylSection::ALL.into_iter().find(|s| {
        text.get(..s.label().len())
            .is_some_and(|t| t.eq_ignore_ascii_case(s.label()))
    });
    if known.is_some() {
        return Some(known);
    }
    let word = text.strip_suffix(':')?;
    let wordy = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == '-' || c == '_');
    wordy.then_some(None)
}

/// Reads every section into what they say; `end` is the text's last line, where a missing treasure
/// is reported when there is no `items:`.
pub(super) fn read_sections(
    parts: &[Part],
    drawing: &mut Drawing,
    end: usize,
    problems: &mut Problems,
) -> Found {
    let size = drawing.board.size();
    let (mut found, mut seen, mut lined) = (Found::default(), vec![], vec![]);
    let mut items_at = None;
    for part in parts {
        let Some(section) = part.section else {
            let found = part.label.text.trim().to_string();
            problems.at(part.label.no, K::UnknownSection { found });
            continue;
        };
        if seen.contains(&section) {
            problems.at(part.label.no, K::RepeatedSection { section });
            continue;
        }
        seen.push(section);
        let after = part.label.text.trim().get(section.label().len()..);
        if !after.unwrap_or("").trim().is_empty() {
            problems.at(part.label.no, K::LabelWithText { section });
        }
        let lines: Vec<Line> = part
            .lines
            .iter()
            .filter(|l| !l.is_blank())
            .copied()
            .collect();
        match section {
            CylSection::Items => {
                items_at = Some((part.label.no, !lines.is_empty()));
                for line in &lines {
                    read_item(size, *line, &mut found.treasure, problems);
                }
            }
            CylSection::Pits => {
                for line in &lines {
                    read_pit(*line, drawing, &mut lined, problems);
                }
            }
            CylSection::Bear => found.bear = read_bear(size, part.label, &lines, problems),
            CylSection::Ghost => found.ghost = read_ghost(size, part.label, &lines, problems),
        }
    }
    unlined_pits(drawing, &lined, problems);
    match items_at {
        // A treasure line that could not be read is reported on its own.
        Some((_, true)) => {}
        Some((label, false)) => problems.at(label, K::NoTreasure),
        None => problems.at(end, K::NoTreasure),
    }
    found
}

/// The cell a word names, on the board; `None` after reporting why not.
fn cell_word(size: Size, line: usize, word: &str, problems: &mut Problems) -> Option<Coord> {
    match word.parse::<Coord>() {
        Ok(at) if size.contains(at) => Some(at),
        Ok(at) => {
            problems.at_cell(line, at, K::OffBoard { size });
            None
        }
        Err(_) => {
            let kind = match non_ascii(word.chars().find(|c| !c.is_ascii()).unwrap_or(' ')) {
                cyrillic @ K::Cyrillic { .. } => cyrillic,
                _ => K::BadCell {
                    found: word.to_string(),
                },
            };
            problems.at(line, kind);
            None
        }
    }
}

/// Reports the words after the `keep` a line needs.
fn extra_words(
    line: Line,
    at: Option<Coord>,
    words: &[&str],
    keep: usize,
    problems: &mut Problems,
) {
    if words.len() <= keep {
        return;
    }
    let kind = K::ExtraWords {
        found: words[keep..].join(" "),
    };
    match at {
        Some(at) => problems.at_cell(line.no, at, kind),
        None => problems.at(line.no, kind),
    }
}

/// One `items:` line: `C5 treasure`, the only item of this game.
fn read_item(size: Size, line: Line, treasure: &mut Option<Coord>, problems: &mut Problems) {
    let words = line.words();
    let Some(at) = words
        .first()
        .and_then(|w| cell_word(size, line.no, w, problems))
    else {
        return;
    };
    extra_words(line, Some(at), &words, 2, problems);
    match words.get(1) {
        None => problems.at_cell(line.no, at, K::MissingItem),
        Some(w) if w.eq_ignore_ascii_case("treasure") => match *treasure {
            Some(first) => problems.at_cell(line.no, at, K::SecondTreasure { first }),
            None => *treasure = Some(at),
        },
        Some(w) => {
            let found = w.to_string();
            problems.at_cell(line.no, at, K::UnknownItem { found });
        }
    }
}

/// One `pits:` line: `E1 F7`, the pit and the pit it leads to (seed 004: "каждая яма ведет в
/// конкретную другую яму"). Whether the target is a pit is the validator's question.
fn read_pit(
    line: Line,
    drawing: &mut Drawing,
    lined: &mut Vec<(Coord, usize)>,
    problems: &mut Problems,
) {
    let size = drawing.board.size();
    let words = line.words();
    let Some(from) = words
        .first()
        .and_then(|w| cell_word(size, line.no, w, problems))
    else {
        return;
    };
    if let Some(&(_, first)) = lined.iter().find(|(c, _)| *c == from) {
        problems.at_cell(line.no, from, K::RepeatedPitLine { first });
        return;
    }
    lined.push((from, line.no));
    let is_pit = matches!(drawing.board.ground(from), Ground::Pit { .. });
    if !is_pit && drawing.known[size.index(from)] {
        problems.at_cell(line.no, from, K::NotAPit);
    }
    let Some(word) = words.get(1) else {
        return problems.at_cell(line.no, from, K::MissingTarget);
    };
    extra_words(line, Some(from), &words, 2, problems);
    let to = cell_word(size, line.no, word, problems);
    if let Some(to) = to.filter(|_| is_pit) {
        drawing.board.set_ground(from, Ground::Pit { to });
    }
}

/// Reports every pit drawn without a `pits:` line, on the line it is drawn on.
fn unlined_pits(drawing: &Drawing, lined: &[(Coord, usize)], problems: &mut Problems) {
    for &(pit, no) in &drawing.pits {
        if !lined.iter().any(|&(c, _)| c == pit) {
            problems.at_cell(no, pit, K::PitWithoutLine);
        }
    }
}

/// A creature's `start` line, read once.
#[derive(Default)]
struct Start {
    /// A `start` line was read.
    seen: bool,
    /// A line of the section was no line of it (and may have been meant as the start).
    garbled: bool,
    at: Option<Coord>,
}

impl Start {
    /// Reads `start CELL`.
    fn read(&mut self, size: Size, line: Line, section: CylSection, problems: &mut Problems) {
        if self.seen {
            return problems.at(line.no, K::RepeatedStart { section });
        }
        self.seen = true;
        let words = line.words();
        let Some(word) = words.get(1) else {
            return problems.at(line.no, K::BadCreatureLine { section });
        };
        self.at = cell_word(size, line.no, word, problems);
        extra_words(line, self.at, &words, 2, problems);
    }

    /// Reports a line that is none of the section's.
    fn garbled(&mut self, line: Line, section: CylSection, problems: &mut Problems) {
        self.garbled = true;
        problems.at(line.no, K::BadCreatureLine { section });
    }

    /// The start, or `None` after reporting a section without one.
    fn finish(self, label: Line, section: CylSection, problems: &mut Problems) -> Option<Coord> {
        if !self.seen && !self.garbled {
            problems.at(label.no, K::MissingStart { section });
        }
        self.at
    }
}

/// The first word of a section line, lowercase.
fn keyword(line: Line) -> String {
    line.words()
        .first()
        .map(|w| w.to_ascii_lowercase())
        .unwrap_or_default()
}

/// The `bear:` section: `start CELL`.
fn read_bear(size: Size, label: Line, lines: &[Line], problems: &mut Problems) -> Option<Coord> {
    let section = CylSection::Bear;
    let mut start = Start::default();
    for &line in lines {
        match keyword(line).as_str() {
            "start" => start.read(size, line, section, problems),
            _ => start.garbled(line, section, problems),
        }
    }
    start.finish(label, section, problems)
}

/// The `ghost:` section: `start CELL` and `path DIR …` (several `path` lines join in order).
fn read_ghost(
    size: Size,
    label: Line,
    lines: &[Line],
    problems: &mut Problems,
) -> Option<GhostPath> {
    let section = CylSection::Ghost;
    let (mut start, mut steps) = (Start::default(), vec![]);
    for &line in lines {
        let words = line.words();
        match keyword(line).as_str() {
            "start" => start.read(size, line, section, problems),
            "path" if words.len() > 1 => {
                for word in &words[1..] {
                    match dir_word(word) {
                        Some(d) => steps.push(d),
                        None => {
                            let found = word.to_string();
                            problems.at(line.no, K::BadDir { found });
                        }
                    }
                }
            }
            _ => start.garbled(line, section, problems),
        }
    }
    let start = start.finish(label, section, problems)?;
    Some(GhostPath { start, steps })
}

/// A direction of the ghost's path: seed 004's "север, юг, запад, восток" as `north south west
/// east`, or `up down left right`.
pub(super) fn dir_word(word: &str) -> Option<Dir> {
    match word.to_ascii_lowercase().as_str() {
        "north" | "up" => Some(Dir::Up),
        "south" | "down" => Some(Dir::Down),
        "west" | "left" => Some(Dir::Left),
        "east" | "right" => Some(Dir::Right),
        _ => None,
    }
}

/// The word the canonical text writes for a direction.
pub(super) fn dir_name(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "north",
        Dir::Down => "south",
        Dir::Left => "west",
        Dir::Right => "east",
        Dir::Higher | Dir::Lower => "?",
    }
}
