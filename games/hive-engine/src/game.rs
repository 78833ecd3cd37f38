//! A game of Hive: the position, the moves played, and the rules as questions the players and the
//! search ask it — which moves are legal, why one is not, who has won.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::{Board, HAND, Mv, NONE, PIECES, Undo, piece};
use super::grid::Cell;
use super::hex::Hex;
use super::legal::Scratch;
use super::moves::Move;
use super::notation::{self, NotationError, PlayError};
use super::options::Options;
use super::piece::{Color, Piece};
use super::refusal::{Refusal, diagnose};

/// Where the game stands, as UHP's GameString names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum State {
    /// No move yet.
    NotStarted,
    /// Under way.
    InProgress,
    /// Both queens were surrounded by the same move (Hive: «Конец игры»).
    Draw,
    /// Black's queen is surrounded.
    WhiteWins,
    /// White's queen is surrounded.
    BlackWins,
}

impl State {
    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        matches!(self, State::Draw | State::WhiteWins | State::BlackWins)
    }

    /// The winner, if one side has won.
    pub fn winner(self) -> Option<Color> {
        match self {
            State::WhiteWins => Some(Color::White),
            State::BlackWins => Some(Color::Black),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            State::NotStarted => "NotStarted",
            State::InProgress => "InProgress",
            State::Draw => "Draw",
            State::WhiteWins => "WhiteWins",
            State::BlackWins => "BlackWins",
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for State {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<State, NotationError> {
        [
            State::NotStarted,
            State::InProgress,
            State::Draw,
            State::WhiteWins,
            State::BlackWins,
        ]
        .into_iter()
        .find(|st| st.name() == s)
        .ok_or_else(|| NotationError::BadGameString(s.to_string()))
    }
}

/// A game of Hive (two players, the base game and the expansions its options name): the table,
/// the moves played and the options.
///
/// Two games are equal when they were played with the same options through the same moves.
/// Serialised as its options and GameString, and read back by replaying the moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Saved", try_from = "Saved")]
pub struct Game {
    options: Options,
    board: Board,
    history: Vec<Move>,
}

/// A game as saved: its options and its GameString.
#[derive(Serialize, Deserialize)]
struct Saved {
    #[serde(default)]
    options: Options,
    gamestring: String,
}

impl From<Game> for Saved {
    fn from(g: Game) -> Saved {
        Saved {
            options: g.options,
            gamestring: g.game_string(),
        }
    }
}

impl TryFrom<Saved> for Game {
    type Error = NotationError;

    fn try_from(s: Saved) -> Result<Game, NotationError> {
        Game::from_game_string(&s.gamestring, s.options)
    }
}

impl Game {
    /// A new game: an empty table, White to place the first piece.
    pub fn new(options: Options) -> Game {
        Game {
            options,
            board: Board::new(options.game_type.mask()),
            history: Vec::new(),
        }
    }

    /// The options the game is played with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Where the game stands (Hive: «Конец игры»).
    pub fn state(&self) -> State {
        let white = self.board.queen_neighbours(0) == 6;
        let black = self.board.queen_neighbours(1) == 6;
        match (white, black) {
            (true, true) => State::Draw,
            (true, false) => State::BlackWins,
            (false, true) => State::WhiteWins,
            (false, false) if self.board.ply == 0 => State::NotStarted,
            (false, false) => State::InProgress,
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        Color::ALL[self.board.side_to_move()]
    }

    /// UHP's turn number of the side to move: 1 for each side's first move.
    pub fn turn(&self) -> u32 {
        self.board.turn()
    }

    /// The moves played, first to last.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The move just played.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().copied()
    }

    /// Every legal move of the side to move: `[Pass]` when there is none, nothing when the game
    /// is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.engine_moves()
            .into_iter()
            .map(|m| self.public(m))
            .collect()
    }

    /// Whether `mv` may be played now, and if not, why (the most specific rule it breaks).
    pub fn check(&self, mv: &Move) -> Result<(), Refusal> {
        self.engine_move(mv).map(|_| ())
    }

    /// Plays `mv`, or refuses it and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), Refusal> {
        let m = self.engine_move(&mv)?;
        let _ = self.board.apply(m);
        self.history.push(mv);
        Ok(())
    }

    /// Takes back the last move, and says which it was.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.history.pop()?;
        // The piece lies where the move put it; a shift goes back to the cell it names.
        let m = match mv {
            Move::Pass => Mv::PASS,
            Move::Place { piece, .. } => {
                let i = piece.index() as u8;
                Mv {
                    piece: i,
                    from: HAND,
                    to: self.board.at(i),
                }
            }
            Move::Shift { piece, from, .. } => {
                let i = piece.index() as u8;
                Mv {
                    piece: i,
                    from: Cell::of(from),
                    to: self.board.at(i),
                }
            }
        };
        // The piece the move before moved, frozen again (Hive rules, "Pillbug").
        let last = match self.history.last().and_then(Move::piece) {
            Some(p) => p.index() as u8,
            None => NONE,
        };
        self.board.unapply(Undo { mv: m, last });
        Some(mv)
    }

    /// Every occupied cell with its pieces, bottom first, in order of cells.
    pub fn stacks(&self) -> Vec<(Hex, Vec<Piece>)> {
        let mut stacks: Vec<(Hex, Vec<Piece>)> = (0..PIECES as u8)
            .filter(|&i| self.board.placed(i) && self.board.below(i) == NONE)
            .map(|i| {
                let c = self.board.at(i);
                (
                    self.board.hex(i),
                    self.board.stack(c).into_iter().map(piece).collect(),
                )
            })
            .collect();
        stacks.sort();
        stacks
    }

    /// The piece on top of cell `at`, if any.
    pub fn top(&self, at: Hex) -> Option<Piece> {
        let c = self.board.cell_of(at)?;
        let t = self.board.top(c);
        (t != NONE).then(|| piece(t))
    }

    /// [`Game::top`] of a cell the caller knows to lie near the hive (within 30 cells of a
    /// piece in play, as every cell beside a piece does): no check that the grid's number is
    /// not a far cell's. For the evaluation, which asks this thousands of times a move.
    pub(crate) fn top_near(&self, at: Hex) -> Option<Piece> {
        let t = self.board.top(Cell::of(at));
        (t != NONE).then(|| piece(t))
    }

    /// Where a piece lies: its cell and level (0 on the ground, 1 on one piece…); none in hand.
    pub fn position(&self, p: Piece) -> Option<(Hex, usize)> {
        let i = p.index() as u8;
        if !self.board.placed(i) {
            return None;
        }
        let mut level = 0;
        let mut b = self.board.below(i);
        while b != NONE {
            level += 1;
            b = self.board.below(b);
        }
        Some((self.board.hex(i), level))
    }

    /// A side's pieces not yet placed, in UHP's order (only those of the game's type).
    pub fn hand(&self, color: Color) -> Vec<Piece> {
        self.options
            .game_type
            .pieces(color)
            .filter(|p| !self.board.placed(p.index() as u8))
            .collect()
    }

    /// `mv` as Mzinga writes it (`wS1`, `bG1 -wS1`, `bB1 wQ`, `pass`); meant for a move legal
    /// now.
    pub fn move_string(&self, mv: &Move) -> String {
        notation::write_move(&self.board, mv)
    }

    /// Reads a UHP MoveString: the syntax, pieces that exist, a reference piece on the table.
    /// Whether the move is legal is [`Game::check`]'s question.
    pub fn parse_move(&self, s: &str) -> Result<Move, NotationError> {
        let mv = notation::read_move(&self.board, s)?;
        match mv.piece() {
            Some(p) if !self.options.game_type.has(p.bug) => Err(NotationError::NotInGame(p)),
            _ => Ok(mv),
        }
    }

    /// Reads and plays a MoveString.
    pub fn play_str(&mut self, s: &str) -> Result<Move, PlayError> {
        let mv = self.parse_move(s)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// UHP's GameString: `Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/` (`Base+MLP;…` with the
    /// expansions), each move written as Mzinga writes it.
    pub fn game_string(&self) -> String {
        let mut replay = Board::new(self.board.pieces());
        let mut s = format!(
            "{};{};{}[{}]",
            self.options.game_type,
            self.state(),
            self.to_move().name(),
            self.turn()
        );
        for mv in &self.history {
            s.push(';');
            s.push_str(&notation::write_move(&replay, mv));
            let _ = replay.apply(engine(&replay, mv));
        }
        s
    }

    /// Replays a GameString (or just a game type, `Base` or `Base+MLP`, for a new game); its
    /// state and turn must agree with its moves. The game type is the string's; `options` gives
    /// the rest.
    pub fn from_game_string(s: &str, options: Options) -> Result<Game, NotationError> {
        let bad = || NotationError::BadGameString(s.to_string());
        let fields: Vec<&str> = s.trim().split(';').map(str::trim).collect();
        let game_type = fields[0]
            .parse()
            .map_err(|_| match fields[0].starts_with("Base") {
                true => NotationError::GameType(fields[0].to_string()),
                false => bad(),
            })?;
        let mut game = Game::new(Options {
            game_type,
            ..options
        });
        if fields.len() == 1 {
            return Ok(game);
        }
        if fields.len() == 2 {
            return Err(bad());
        }
        let state: State = fields[1].parse().map_err(|_| bad())?;
        let (color, turn) = notation::read_turn(fields[2]).ok_or_else(bad)?;
        for (k, &text) in fields[3..].iter().enumerate() {
            if text.is_empty() {
                continue;
            }
            let mv = game.parse_move(text)?;
            game.play(mv).map_err(|refusal| NotationError::Illegal {
                index: k + 1,
                mv: text.to_string(),
                refusal,
            })?;
        }
        let written = format!("{state};{}[{turn}]", color.name());
        let actual = format!(
            "{};{}[{}]",
            game.state(),
            game.to_move().name(),
            game.turn()
        );
        if written != actual {
            return Err(NotationError::Mismatch { written, actual });
        }
        Ok(game)
    }

    /// How many cells around `color`'s queen are occupied (0 while she is in hand); 6 loses.
    pub fn queen_surrounded(&self, color: Color) -> usize {
        self.board.queen_neighbours(color.index())
    }

    /// The engine's legal moves.
    fn engine_moves(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        // Generation lifts walking pieces off the table for a moment: on a copy.
        let mut board = self.board.clone();
        SCRATCH.with_borrow_mut(|scratch| {
            board.generate(self.options.tournament, &mut out, scratch);
        });
        out
    }

    /// `mv` as the engine plays it, if legal.
    fn engine_move(&self, mv: &Move) -> Result<Mv, Refusal> {
        if self.state().is_over() {
            return Err(Refusal::GameOver);
        }
        let legal = self.engine_moves();
        let m = match *mv {
            Move::Pass => Some(Mv::PASS),
            Move::Place { piece, to } => self.board.cell_of(to).map(|to| Mv {
                piece: piece.index() as u8,
                from: HAND,
                to,
            }),
            Move::Shift { piece, from, to } => {
                let i = piece.index() as u8;
                match (
                    self.board.placed(i) && self.board.hex(i) == from,
                    self.board.cell_of(to),
                ) {
                    (true, Some(to)) => Some(Mv {
                        piece: i,
                        from: self.board.at(i),
                        to,
                    }),
                    _ => None,
                }
            }
        };
        match m {
            Some(m) if legal.contains(&m) => Ok(m),
            _ => Err(diagnose(&self.board, self.options, mv)),
        }
    }

    /// An engine move as the players see it.
    fn public(&self, m: Mv) -> Move {
        if m.is_pass() {
            return Move::Pass;
        }
        let p = piece(m.piece);
        if m.from == HAND {
            Move::Place {
                piece: p,
                to: self.board.hex_of(m.to),
            }
        } else {
            let anchor = (self.board.hex(m.piece), m.from);
            Move::Shift {
                piece: p,
                from: anchor.0,
                to: m.to.hex(anchor),
            }
        }
    }

    /// A game laid out as a test needs: `pieces` laid in order (a stack bottom first) and `ply`
    /// moves said to have been played, with no history to take back.
    #[cfg(test)]
    pub(crate) fn rigged(options: Options, pieces: &[(Piece, Hex)], ply: u32) -> Game {
        let mut game = Game::new(options);
        for &(p, at) in pieces {
            game.board.rig(p.index() as u8, at);
        }
        game.board.ply = ply;
        game
    }

    /// Plays `mv`, which the caller knows to be legal now (the search plays only moves the
    /// generator gave it): no generation to check it, unlike [`Game::play`].
    pub(crate) fn play_trusted(&mut self, mv: Move) {
        let _ = self.board.apply(engine(&self.board, &mv));
        self.history.push(mv);
    }

    /// [`Game::legal_moves`] generated on the game's own table rather than a copy of it (which
    /// is left as it was): for the search, which owns its game.
    pub(crate) fn legal_moves_in_place(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        let tournament = self.options.tournament;
        let board = &mut self.board;
        SCRATCH.with_borrow_mut(|scratch| board.generate(tournament, &mut out, scratch));
        out.into_iter().map(|m| self.public(m)).collect()
    }

    /// A hash of where the pieces lie, kept by the table as moves are made and unmade.
    pub(crate) fn position_hash(&self) -> u64 {
        self.board.hash()
    }

    /// The hash [`Game::position_hash`] keeps, recomputed: for tests.
    #[cfg(test)]
    pub(crate) fn position_hash_from_scratch(&self) -> u64 {
        self.board.hash_from_scratch()
    }

    /// The engine's table, for perft and the search.
    pub(crate) fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }
}

thread_local! {
    /// The buffers of generation, kept from call to call rather than allocated each time.
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::new());
}

/// A public move as the engine plays it on `board`, trusting it to be legal there.
pub(crate) fn engine(board: &Board, mv: &Move) -> Mv {
    match *mv {
        Move::Pass => Mv::PASS,
        Move::Place { piece, to } => Mv {
            piece: piece.index() as u8,
            from: HAND,
            to: Cell::of(to),
        },
        Move::Shift { piece, to, .. } => {
            let i = piece.index() as u8;
            Mv {
                piece: i,
                from: board.at(i),
                to: Cell::of(to),
            }
        }
    }
}
