//! Why a move is refused: one variant per rule, the most specific that applies, each with a
//! message saying what the rule allows and a stable id the chat layer translates.
//!
//! The cases are Mzinga's (its `InvalidMoveException` texts), split where Mzinga says only
//! "You can't move that piece there." into the creature's own rule.

use serde::{Deserialize, Serialize};

use super::board::{Board, NONE, PER_SIDE, bug, side};
use super::grid::{CELLS, Cell};
use super::legal::{Slides, beetle_can};
use super::moves::Move;
use super::one_hive::pinned;
use super::options::Options;
use super::piece::Bug;

/// Why a move cannot be played now. Nothing changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
pub enum Refusal {
    /// A queen is surrounded: nobody moves any more (Hive: «Конец игры»).
    #[error("the game is over: a queen is surrounded")]
    GameOver,
    /// The piece is the other side's.
    #[error("that piece is your opponent's: move or place one of your own")]
    NotYourPiece,
    /// Passing while some move is possible (Hive: «Невозможно передвинуть или выложить фишку»).
    #[error(
        "you cannot pass while you have a move: pass only when no piece can be placed or moved"
    )]
    PassNotAllowed,
    /// Placing a piece that is already on the table.
    #[error("that piece is already on the table: move it instead, or place one from your hand")]
    NotInHand,
    /// Moving a piece that is still in hand.
    #[error("that piece is still in your hand: place it next to your own pieces")]
    NotInPlay,
    /// The move names a starting cell the piece is not on.
    #[error("that piece is not on the cell the move starts from")]
    WrongSource,
    /// The queen as a side's first piece under tournament rules.
    #[error("tournament rules: the queen cannot be your first piece; place another one")]
    TournamentQueen,
    /// Anything but the queen on the fourth turn without her (Hive: «Выложить королеву»).
    #[error("this is your fourth turn and your queen is still in hand: place her now")]
    MustPlaceQueen,
    /// Moving a piece before one's queen is on the table (Hive: «Перемещение фишки»).
    #[error("you cannot move pieces until your queen is on the table: place her first")]
    QueenNotPlaced,
    /// Placing e.g. `wA2` while `wA1` is in hand (UHP numbers pieces in order of play).
    #[error("pieces of a kind come into play in number order: place the lowest-numbered one first")]
    OutOfOrder,
    /// The first piece goes in the middle of the table (Hive: «Как играть»).
    #[error("the first piece goes in the middle of the table")]
    FirstAtOrigin,
    /// The cell is taken and the piece is no beetle.
    #[error("that cell is taken: only a beetle climbs onto other pieces")]
    Occupied,
    /// The piece would end up away from the hive (Hive: «Правило единого улья»).
    #[error("the piece must end next to the hive: all pieces stay in one hive")]
    NotTouchingHive,
    /// A new piece next to an opposing one (Hive: «Положить фишку»).
    #[error(
        "a new piece may not touch your opponent's pieces: place it where only your own are next to it"
    )]
    TouchesOpponent,
    /// A beetle lies on the piece (Hive: «Жук»).
    #[error("a beetle lies on that piece: a covered piece cannot move")]
    Covered,
    /// Lifting the piece would split the hive (Hive: «Правило единого улья»).
    #[error("moving that piece would split the hive in two: it must stay where it is")]
    BreaksHive,
    /// A move to where the piece already is.
    #[error("the piece is already there: a move must take it somewhere else")]
    SameCell,
    /// The queen moves one cell (Hive: «Королева улья»).
    #[error("the queen moves only one cell at a time")]
    QueenOneStep,
    /// The beetle moves one cell (Hive: «Жук»).
    #[error("the beetle moves only one cell at a time, onto or off the hive included")]
    BeetleOneStep,
    /// A slide through a gap between two pieces (Hive: «Как передвигаться»).
    #[error("the piece cannot squeeze through: the gap between two pieces is too narrow to slide")]
    Gate,
    /// A beetle passing between two higher stacks (Hive: «Жук», the same rule atop the hive).
    #[error(
        "the beetle cannot pass between two stacks higher than both where it is and where it goes"
    )]
    GateAbove,
    /// A slide that leaves the hive's side on the way (Hive: «Перемещение фишки»).
    #[error("the piece must keep touching the hive as it slides: it cannot cut across open table")]
    LosesContact,
    /// The grasshopper jumps straight (Hive: «Кузнечик»).
    #[error("the grasshopper jumps in a straight line")]
    GrasshopperStraight,
    /// A grasshopper "jump" over nothing (Hive: «Кузнечик»).
    #[error("the grasshopper must jump over at least one piece")]
    GrasshopperMustJump,
    /// A grasshopper jump over a gap (Hive: «Кузнечик»).
    #[error("the grasshopper lands on the first empty cell: it cannot jump over a gap")]
    GrasshopperGap,
    /// The spider moves exactly three cells (Hive: «Паук»).
    #[error(
        "the spider moves exactly three cells around the hive, never back to a cell it has left"
    )]
    SpiderThreeSteps,
    /// The piece moved last turn, itself or carried by a pillbug (Hive rules, "Pillbug").
    #[error("that piece was moved on the last turn: it cannot move now, nor be moved by a pillbug")]
    JustMoved,
    /// The ladybug's way (Hive rules, "Ladybug").
    #[error(
        "the ladybug moves exactly three cells: two on top of the hive, then one down to an empty cell"
    )]
    LadybugPath,
    /// The pillbug's own step (Hive rules, "Pillbug").
    #[error("the pillbug moves only one cell at a time")]
    PillbugOneStep,
    /// A mosquito with nothing to copy (Hive rules, "Mosquito").
    #[error(
        "the mosquito moves as the creatures it touches: touching only mosquitoes, it cannot move"
    )]
    MosquitoAlone,
    /// A move of a piece by a pillbug that its ability does not allow (Hive rules, "Pillbug").
    #[error(
        "a pillbug moves a piece next to it over itself to an empty cell next to it: not a stacked piece, not one the hive needs, not through a gap too narrow"
    )]
    PillbugCarry,
    /// No way of the creature's leads there (a fallback; every case above is more specific).
    #[error("that piece cannot get there")]
    CannotReach,
}

impl Refusal {
    /// A stable kebab-case name of the rule, for translations.
    pub fn id(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotYourPiece => "not-your-piece",
            Refusal::PassNotAllowed => "pass-not-allowed",
            Refusal::NotInHand => "not-in-hand",
            Refusal::NotInPlay => "not-in-play",
            Refusal::WrongSource => "wrong-source",
            Refusal::TournamentQueen => "tournament-queen",
            Refusal::MustPlaceQueen => "must-place-queen",
            Refusal::QueenNotPlaced => "queen-not-placed",
            Refusal::OutOfOrder => "out-of-order",
            Refusal::FirstAtOrigin => "first-at-origin",
            Refusal::Occupied => "occupied",
            Refusal::NotTouchingHive => "not-touching-hive",
            Refusal::TouchesOpponent => "touches-opponent",
            Refusal::Covered => "covered",
            Refusal::BreaksHive => "breaks-hive",
            Refusal::SameCell => "same-cell",
            Refusal::QueenOneStep => "queen-one-step",
            Refusal::BeetleOneStep => "beetle-one-step",
            Refusal::Gate => "gate",
            Refusal::GateAbove => "gate-above",
            Refusal::LosesContact => "loses-contact",
            Refusal::GrasshopperStraight => "grasshopper-straight",
            Refusal::GrasshopperMustJump => "grasshopper-must-jump",
            Refusal::GrasshopperGap => "grasshopper-gap",
            Refusal::SpiderThreeSteps => "spider-three-steps",
            Refusal::JustMoved => "just-moved",
            Refusal::LadybugPath => "ladybug-path",
            Refusal::PillbugOneStep => "pillbug-one-step",
            Refusal::MosquitoAlone => "mosquito-alone",
            Refusal::PillbugCarry => "pillbug-carry",
            Refusal::CannotReach => "cannot-reach",
        }
    }

    /// Every refusal, for tables of translations and their tests.
    pub const ALL: [Refusal; 32] = [
        Refusal::GameOver,
        Refusal::NotYourPiece,
        Refusal::PassNotAllowed,
        Refusal::NotInHand,
        Refusal::NotInPlay,
        Refusal::WrongSource,
        Refusal::TournamentQueen,
        Refusal::MustPlaceQueen,
        Refusal::QueenNotPlaced,
        Refusal::OutOfOrder,
        Refusal::FirstAtOrigin,
        Refusal::Occupied,
        Refusal::NotTouchingHive,
        Refusal::TouchesOpponent,
        Refusal::Covered,
        Refusal::BreaksHive,
        Refusal::SameCell,
        Refusal::QueenOneStep,
        Refusal::BeetleOneStep,
        Refusal::Gate,
        Refusal::GateAbove,
        Refusal::LosesContact,
        Refusal::GrasshopperStraight,
        Refusal::GrasshopperMustJump,
        Refusal::GrasshopperGap,
        Refusal::SpiderThreeSteps,
        Refusal::JustMoved,
        Refusal::LadybugPath,
        Refusal::PillbugOneStep,
        Refusal::MosquitoAlone,
        Refusal::PillbugCarry,
        Refusal::CannotReach,
    ];
}

/// Why `mv`, which is not among the legal moves of `board`, is refused: the first rule it breaks,
/// in Mzinga's order (whose turn, what the queen demands, order of pieces, the cell, the piece,
/// the hive) and then the creature's own way of moving.
pub(crate) fn diagnose(board: &Board, options: Options, mv: &Move) -> Refusal {
    if board.over() {
        return Refusal::GameOver;
    }
    let me = board.side_to_move();
    let (piece, to) = match *mv {
        Move::Pass => return Refusal::PassNotAllowed,
        Move::Place { piece, to } | Move::Shift { piece, to, .. } => (piece, to),
    };
    let i = piece.index() as u8;
    if piece.color.index() != me {
        // Hive rules, "Pillbug": a pillbug may move the opponent's pieces next to it.
        let carried = matches!(mv, Move::Shift { .. }) && board.placed(i) && carrier_near(board, i);
        return match carried {
            true if i == board.last() => Refusal::JustMoved,
            true => Refusal::PillbugCarry,
            false => Refusal::NotYourPiece,
        };
    }
    let queen_in = board.placed(me as u8 * PER_SIDE);
    let turn = board.turn();
    match *mv {
        Move::Pass => Refusal::PassNotAllowed,
        Move::Place { .. } => {
            if board.placed(i) {
                return Refusal::NotInHand;
            }
            if options.tournament && turn == 1 && piece.bug == Bug::Queen {
                return Refusal::TournamentQueen;
            }
            if turn == 4 && !queen_in && piece.bug != Bug::Queen {
                return Refusal::MustPlaceQueen;
            }
            if piece.n > 1 && !board.placed(i - 1) {
                return Refusal::OutOfOrder;
            }
            let Some(to) = board.cell_of(to) else {
                return if board.ply == 0 {
                    Refusal::FirstAtOrigin
                } else {
                    Refusal::NotTouchingHive
                };
            };
            if board.ply == 0 {
                return if to == Cell::ORIGIN {
                    Refusal::CannotReach
                } else {
                    Refusal::FirstAtOrigin
                };
            }
            if board.occupied(to) {
                return Refusal::Occupied;
            }
            let around: Vec<u8> = to
                .neighbours()
                .into_iter()
                .map(|n| board.top(n))
                .filter(|&t| t != NONE)
                .collect();
            if around.is_empty() {
                return Refusal::NotTouchingHive;
            }
            if board.ply > 1 && around.iter().any(|&t| side(t) != me) {
                return Refusal::TouchesOpponent;
            }
            Refusal::CannotReach
        }
        Move::Shift { from, .. } => {
            if !board.placed(i) {
                return Refusal::NotInPlay;
            }
            if board.hex(i) != from {
                return Refusal::WrongSource;
            }
            if !queen_in {
                return if turn == 4 {
                    Refusal::MustPlaceQueen
                } else {
                    Refusal::QueenNotPlaced
                };
            }
            let from = board.at(i);
            let Some(to) = board.cell_of(to) else {
                return Refusal::NotTouchingHive;
            };
            if to == from {
                return Refusal::SameCell;
            }
            if i == board.last() {
                return Refusal::JustMoved;
            }
            let kind = bug(i);
            let climbs = kind == Bug::Beetle || kind == Bug::Mosquito;
            if board.occupied(to) && !climbs {
                return Refusal::Occupied;
            }
            if board.top(from) != i {
                return Refusal::Covered;
            }
            if pinned(board, &mut Box::new([0; CELLS])) >> i & 1 != 0 {
                return Refusal::BreaksHive;
            }
            creature(board, kind, from, to)
        }
    }
}

/// Why a free piece of kind `bug` at `from` cannot go to `to` (another cell, empty unless the
/// piece is a beetle): its own way of moving.
fn creature(board: &Board, bug: Bug, from: Cell, to: Cell) -> Refusal {
    let slides = Slides { board, away: from };
    let touches = to.neighbours().into_iter().any(|n| slides.occupied(n));
    if !board.occupied(to) && !touches {
        return Refusal::NotTouchingHive;
    }
    let step = (0..6).find(|&d| from.step(d) == to);
    match bug {
        Bug::Queen | Bug::Beetle | Bug::Pillbug => {
            let Some(d) = step else {
                return match bug {
                    Bug::Queen => Refusal::QueenOneStep,
                    Bug::Pillbug => Refusal::PillbugOneStep,
                    _ => Refusal::BeetleOneStep,
                };
            };
            if bug == Bug::Beetle && beetle_can(board, from, d) {
                return Refusal::CannotReach;
            }
            let left = board.height(from.step((d + 5) % 6));
            let right = board.height(from.step((d + 1) % 6));
            let high = (board.height(from) - 1).max(board.height(to));
            if left == 0 && right == 0 {
                Refusal::LosesContact
            } else if high > 0 {
                Refusal::GateAbove
            } else if left > 0 && right > 0 {
                Refusal::Gate
            } else {
                Refusal::CannotReach
            }
        }
        Bug::Grasshopper => {
            let Some(d) = (0..6).find(|&d| in_line(from, d, to)) else {
                return Refusal::GrasshopperStraight;
            };
            if !board.occupied(from.step(d)) {
                return Refusal::GrasshopperMustJump;
            }
            Refusal::GrasshopperGap
        }
        Bug::Spider => {
            if board.slide_reach(from).contains(&to) {
                Refusal::SpiderThreeSteps
            } else {
                Refusal::Gate
            }
        }
        Bug::Ant => Refusal::Gate,
        Bug::Ladybug => Refusal::LadybugPath,
        Bug::Mosquito => {
            let models = from.neighbours().into_iter().any(|n| {
                let t = board.top(n);
                t != NONE && super::board::bug(t) != Bug::Mosquito
            });
            match models || board.height(from) > 1 {
                true => Refusal::CannotReach,
                false => Refusal::MosquitoAlone,
            }
        }
    }
}

/// Whether piece `i` lies next to a piece of the side to move that has the pillbug's ability: a
/// pillbug, or a mosquito on the ground touching one (Hive rules, "Pillbug", "Mosquito").
fn carrier_near(board: &Board, i: u8) -> bool {
    let me = board.side_to_move();
    board.at(i).neighbours().into_iter().any(|n| {
        let t = board.top(n);
        t != NONE
            && side(t) == me
            && match bug(t) {
                Bug::Pillbug => true,
                Bug::Mosquito => board.height(n) == 1 && board.touches_kind(n, Bug::Pillbug),
                _ => false,
            }
    })
}

/// Whether `to` lies straight ahead of `from` in direction number `d` (within the hive's reach).
fn in_line(from: Cell, d: usize, to: Cell) -> bool {
    let mut c = from;
    for _ in 0..24 {
        c = c.step(d);
        if c == to {
            return true;
        }
    }
    false
}
