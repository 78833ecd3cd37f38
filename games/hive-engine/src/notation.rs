//! The Universal Hive Protocol's notation: MoveStrings (`wS1`, `bG1 -wS1`, `bB1 wQ`, `pass`) and
//! GameStrings (`Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/`), read leniently and written as
//! Mzinga writes them.
//!
//! A MoveString names the piece and where it goes relative to a piece on the table: `wS1-` east
//! of `wS1`, `-wS1` west, `wS1/` north-east, `/wS1` south-west, `wS1\` south-east, `\wS1`
//! north-west, plain `wS1` on top of it. The first piece of the game needs no reference.
//!
//! Where a reference is read matters on stacks. As Mzinga reads it, a mark names a cell on the
//! ground beside the reference piece, and plain `wS1` the place right above `wS1`: a mark pointing
//! at a taken cell, or a piece that something lies on, names a place already taken, and is refused
//! rather than read as climbing onto whatever is there. A climb is written, unambiguously, with the
//! top piece of the stack climbed.

use super::board::{Board, NONE};
use super::hex::{Dir, Hex};
use super::moves::Move;
use super::piece::{Color, Piece, UnknownPiece};
use super::refusal::Refusal;

/// A MoveString or GameString that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not a move at all.
    #[error(
        "{0:?} is not a move: write the piece and where it goes, like `wA1 -bQ` or `bB1 wQ`, or `pass`"
    )]
    BadMove(String),
    /// A name that is no piece.
    #[error(transparent)]
    UnknownPiece(#[from] UnknownPiece),
    /// A piece whose expansion the game's type does not have.
    #[error("{0} is not in this game: its expansion is not in the game type")]
    NotInGame(Piece),
    /// The reference piece is not on the table.
    #[error("{0} is not on the table: say where the piece goes next to a piece in play")]
    NotOnTable(Piece),
    /// The cell a reference names is taken: a mark (`-bQ`) names the free cell on the ground beside
    /// its piece, and plain `bQ` the place on top of a stack whose top is `bQ`, as Mzinga reads them
    /// ("You can't move there because a piece already exists at that position"). Climbing there is
    /// written with the piece on top: `{piece} {top}`.
    #[error(
        "You can't move there because a piece already exists at that position ({top}); to climb onto it write `{piece} {top}`"
    )]
    Occupied {
        /// The piece moved or placed.
        piece: Piece,
        /// The top piece of the cell named.
        top: Piece,
    },
    /// A move after the first without a reference.
    #[error("say where {0} goes next to a piece on the table, like `{0} -wQ` (west of wQ)")]
    NoReference(Piece),
    /// Not a GameString.
    #[error(
        "{0:?} is not a GameString: write it like `Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/` or `Base+MLP;NotStarted;White[1]`"
    )]
    BadGameString(String),
    /// A game type that is none of Mzinga's eight.
    #[error(
        "{0:?} is not a game type: write Base, or Base+ with any of M (mosquito), L (ladybug), P (pillbug) in that order, like Base+MLP"
    )]
    GameType(String),
    /// A move of the GameString that the rules refuse.
    #[error("move {index} ({mv}) cannot be played: {refusal}")]
    Illegal {
        /// 1-based, among the moves.
        index: usize,
        /// The MoveString as written.
        mv: String,
        /// Why the rules refuse it.
        refusal: Refusal,
    },
    /// The GameString's state or turn disagrees with its moves.
    #[error("the GameString says {written} but its moves lead to {actual}: check the moves")]
    Mismatch {
        /// The state and turn written (`InProgress;White[3]`).
        written: String,
        /// Those the moves lead to.
        actual: String,
    },
}

/// Why a MoveString could not be played: unreadable, or refused by the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The text is not a move.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The move breaks a rule.
    #[error(transparent)]
    Refused(#[from] Refusal),
}

impl PlayError {
    /// A stable kebab-case id: the refusal's, or `notation` for unreadable text.
    pub fn id(&self) -> &'static str {
        match self {
            // Mzinga's own words for it are the rules' refusal of a taken cell.
            PlayError::Notation(NotationError::Occupied { .. }) => "occupied",
            PlayError::Notation(_) => "notation",
            PlayError::Refused(r) => r.id(),
        }
    }
}

/// The mark that says where a move goes next to a reference piece, by the direction from the
/// destination to the reference: Mzinga looks for a reference in [`Dir::ALL`]'s order.
fn reference(dir_to_ref: Dir, name: &str) -> String {
    match dir_to_ref {
        // The reference is north-west: the piece goes south-east of it.
        Dir::NW => format!("{name}\\"),
        Dir::NE => format!("/{name}"),
        Dir::E => format!("-{name}"),
        Dir::SE => format!("\\{name}"),
        Dir::SW => format!("{name}/"),
        Dir::W => format!("{name}-"),
    }
}

/// `mv` as Mzinga writes it on `board`, before it is played. The reference is the piece the
/// destination lies on, or else the top piece of the first occupied neighbour in Mzinga's order
/// (the moving piece itself counted off the table).
pub(crate) fn write_move(board: &Board, mv: &Move) -> String {
    let (piece, to) = match *mv {
        Move::Pass => return "pass".to_string(),
        Move::Place { piece, to } | Move::Shift { piece, to, .. } => (piece, to),
    };
    let name = piece.to_string();
    if board.ply == 0 {
        return name;
    }
    let i = piece.index() as u8;
    let Some(to) = board.cell_of(to) else {
        return name;
    };
    let moving = board.placed(i);
    if board.occupied(to) && !(moving && board.at(i) == to) {
        let below = super::board::piece(board.top(to));
        return format!("{name} {below}");
    }
    for dir in Dir::ALL {
        let mut t = board.top(to.to(dir));
        if moving && t == i {
            t = board.below(i);
        }
        if t != NONE {
            let r = super::board::piece(t).to_string();
            return format!("{name} {}", reference(dir, &r));
        }
    }
    name
}

/// A piece's name, forgiving case (`WQ`, `ba1`) as Mzinga does.
fn read_piece(s: &str) -> Result<Piece, NotationError> {
    let mut chars = s.chars();
    let normal: String = match (chars.next(), chars.next()) {
        (Some(c), Some(b)) => {
            let mut n = String::new();
            n.push(c.to_ascii_lowercase());
            n.push(b.to_ascii_uppercase());
            n.push_str(chars.as_str());
            n
        }
        _ => s.to_string(),
    };
    normal
        .parse()
        .map_err(|_| NotationError::UnknownPiece(UnknownPiece(s.to_string())))
}

/// Reads a MoveString on `board`: `pass`, the first piece alone, or a piece and a reference.
pub(crate) fn read_move(board: &Board, s: &str) -> Result<Move, NotationError> {
    let bad = || NotationError::BadMove(s.to_string());
    let text = s.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    let mut words = text.split_whitespace();
    let mover = read_piece(words.next().ok_or_else(bad)?)?;
    let target = words.next();
    if words.next().is_some() {
        return Err(bad());
    }
    let to = match target {
        None if board.ply == 0 => Hex::default(),
        None => return Err(NotationError::NoReference(mover)),
        Some(word) => {
            let marks = ['-', '/', '\\'];
            let before = word.chars().next().filter(|c| marks.contains(c));
            let after = word.chars().last().filter(|c| marks.contains(c));
            let name = &word
                [before.map_or(0, char::len_utf8)..word.len() - after.map_or(0, char::len_utf8)];
            if before.is_some() && after.is_some() {
                return Err(bad());
            }
            let r = read_piece(name)?;
            if !board.placed(r.index() as u8) {
                return Err(NotationError::NotOnTable(r));
            }
            let at = board.hex(r.index() as u8);
            let to = match (before, after) {
                (Some('-'), _) => at.to(Dir::W),
                (Some('/'), _) => at.to(Dir::SW),
                (Some(_), _) => at.to(Dir::NW),
                (_, Some('-')) => at.to(Dir::E),
                (_, Some('/')) => at.to(Dir::NE),
                (_, Some(_)) => at.to(Dir::SE),
                (None, None) => at,
            };
            let taken = |top: u8| NotationError::Occupied {
                piece: mover,
                top: super::board::piece(top),
            };
            let top = board.cell_of(to).map_or(NONE, |c| board.top(c));
            match (before.or(after), top) {
                (Some(_), top) if top != NONE => return Err(taken(top)),
                (None, top) if top != r.index() as u8 => return Err(taken(top)),
                _ => to,
            }
        }
    };
    let i = mover.index() as u8;
    Ok(if board.placed(i) {
        Move::Shift {
            piece: mover,
            from: board.hex(i),
            to,
        }
    } else {
        Move::Place { piece: mover, to }
    })
}

/// Reads a TurnString: `White[3]`.
pub(crate) fn read_turn(s: &str) -> Option<(Color, u32)> {
    let (side, rest) = s.split_once('[')?;
    let n = rest.strip_suffix(']')?.parse().ok()?;
    let color = Color::ALL.into_iter().find(|c| c.name() == side)?;
    Some((color, n))
}
