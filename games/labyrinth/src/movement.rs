//! Where a move ends: walls, exits, pits (Kodex Б §4.4) and rivers of the three kinds (Kodex Б §4.6,
//! §7.4; Kodex В §4.6, §7.4).
//!
//! This is the one place that knows movement geometry. The validator's reachability, the generator
//! and the rules engine all call [`Topology::step`]. It is total: on a broken plan (a river flowing off
//! the board, a pit cycle with a gap) it still answers, so the validator can explore before it reports.

use serde::{Deserialize, Serialize};

use super::board::{Board, Border, Cell, InnerWall, Side};
use super::geometry::{Coord, Dir, Size};
use super::ruleset::RiverKind;

/// A movement a player may order (Kodex Б §2.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Left, right, up or down, from a cell of any type.
    Step(Dir),
    /// "По течению": one cell downstream, only from a river.
    Current,
    /// "По циклу": to the next pit of the cycle, only from a pit.
    Cycle,
}

/// What the ordered step itself did, before pits and rivers act.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attempt {
    /// The player reached this cell.
    Moved(Coord),
    /// The player stayed where he was.
    Bumped(Obstacle),
    /// The player walked out of the maze through the open exit on side `dir` of cell `exit`.
    Left {
        /// The border cell he left from.
        exit: Coord,
        /// The side he left through.
        dir: Dir,
    },
}

/// What stopped a step.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Obstacle {
    /// A wall, inner or outer, breakable or not, or a closed exit ("туда нельзя, стенка").
    Wall,
    /// Shallow rivers only: a mouth cannot be left toward a river flowing into it ("нельзя, впадает река").
    InflowingRiver,
    /// A rubber wall (encyclopedia, modification 4): "ему говорится, что он прошел, хотя он остается
    /// на месте".
    Rubber,
}

/// How the cell a player reached moved him on (Kodex Б §2.2, second part).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Carry {
    /// He stays where the step put him.
    None,
    /// He fell into a pit and came out of the next pit of its cycle, here.
    Pit {
        /// The pit he came out of.
        to: Coord,
    },
    /// A river carried him here (one cell, or to the mouth for torrential rivers).
    River {
        /// Where the current left him.
        to: Coord,
    },
}

/// The full result of one movement.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The step itself.
    pub attempt: Attempt,
    /// Shallow rivers: the player walked along a river ("по реке") instead of being carried.
    pub along_river: bool,
    /// What the cell then did to him.
    pub carry: Carry,
    /// The step crossed a one-way wall the way it opens (encyclopedia, modification 5).
    pub one_way: bool,
}

impl Outcome {
    /// The cell the player ends on, starting from `from`; `None` if he left the maze.
    pub fn end(&self, from: Coord) -> Option<Coord> {
        match (self.carry, self.attempt) {
            (Carry::Pit { to } | Carry::River { to }, _) => Some(to),
            (Carry::None, Attempt::Moved(c)) => Some(c),
            (Carry::None, Attempt::Bumped(_)) => Some(from),
            (Carry::None, Attempt::Left { .. }) => None,
        }
    }

    fn stay(attempt: Attempt, carry: Carry) -> Outcome {
        Outcome {
            attempt,
            along_river: false,
            carry,
            one_way: false,
        }
    }
}

/// A movement that is not possible from this cell: a current move from outside a river, a cycle move
/// from outside a pit. The player is told so and loses nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotHere {
    /// Kodex Б §4.6: only a player in a river (not a mouth) may move with the current.
    #[error("only a player in a river can move with the current")]
    NotInRiver,
    /// Kodex Б §4.4: only a player in a pit may move along the cycle.
    #[error("only a player in a pit can move along its cycle")]
    NotInPit,
}

/// What a board's cell types imply for movement, computed once: the next pit of each pit and the end
/// of each river. Cell types never change during a game (Kodex Б §1.4), so neither does this.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topology {
    size: Size,
    /// For each cell (row-major): the next pit of its cycle, if it is a pit; for a pit of a pit–exit
    /// pair, its exit.
    next_pit: Vec<Option<Coord>>,
    /// For each river cell: the first non-river cell following the current (its mouth in a valid plan).
    river_end: Vec<Option<Coord>>,
}

impl Topology {
    /// Computes the topology of a board's cell types.
    pub fn new(board: &Board) -> Topology {
        let size = board.size();
        let mut next_pit = vec![None; size.area()];
        let mut pits: Vec<(u8, u16, Coord)> = board
            .cells()
            .filter_map(|(c, cell)| match cell {
                Cell::Pit(id) => Some((id.cycle, id.place, c)),
                _ => None,
            })
            .collect();
        pits.sort();
        // Kodex Б §4.4: pit k leads to pit k+1, the last to the first. Sorting by place makes a broken
        // cycle (a gap, a duplicate) still lead somewhere definite.
        for cycle in pits.chunk_by(|a, b| a.0 == b.0) {
            for (i, &(_, _, c)) in cycle.iter().enumerate() {
                next_pit[size.index(c)] = Some(cycle[(i + 1) % cycle.len()].2);
            }
        }
        // The encyclopedia's modification 8: "Попав в Яму, игрок появляется в соответствующем ей
        // Выходе". A pit without its exit leads nowhere (the validator says so).
        for (c, cell) in board.cells() {
            if let Cell::Chute(n) = cell {
                let outlet = board.cells().find(|&(_, o)| o == Cell::Outlet(n));
                next_pit[size.index(c)] = outlet.map(|(o, _)| o);
            }
        }
        let river_end = size
            .cells()
            .map(|c| Self::follow_to_end(board, c))
            .collect();
        Topology {
            size,
            next_pit,
            river_end,
        }
    }

    fn idx(&self, c: Coord) -> usize {
        self.size.index(c)
    }

    /// The pit a player comes out of after falling into `pit`, if it is a pit.
    pub fn next_pit(&self, pit: Coord) -> Option<Coord> {
        self.next_pit[self.idx(pit)]
    }

    /// Whether a river's current crosses the side of `c` facing `d`, one way or the other: no wall
    /// may stand there (Kodex Б §4.5, §8.3).
    pub fn flows_across(board: &Board, c: Coord, d: Dir) -> bool {
        board.neighbour(c, d).is_some_and(|n| {
            Self::downstream(board, c) == Some(n) || Self::downstream(board, n) == Some(c)
        })
    }

    /// Where the current takes a player one cell on from a river cell (`None` off the board or for a
    /// cell that is not a river).
    pub fn downstream(board: &Board, c: Coord) -> Option<Coord> {
        match board.cell(c) {
            Cell::River(d) => board.neighbour(c, d),
            _ => None,
        }
    }

    /// The first cell past the river containing `c` that is not a river: its mouth in a valid plan.
    /// `None` if `c` is not a river, or if the current runs off the board or in a circle.
    pub fn river_end(&self, c: Coord) -> Option<Coord> {
        self.river_end[self.idx(c)]
    }

    fn follow_to_end(board: &Board, start: Coord) -> Option<Coord> {
        let mut here = start;
        for _ in 0..=board.size().area() {
            match board.cell(here) {
                Cell::River(_) => here = Self::downstream(board, here)?,
                _ if here == start => return None,
                _ => return Some(here),
            }
        }
        None
    }

    /// Where the current leaves a player who is in river `c` (Kodex Б §4.6; torrential: §7.4).
    fn carried_from(&self, board: &Board, rivers: RiverKind, c: Coord) -> Carry {
        let to = match rivers {
            RiverKind::Torrential => self.river_end(c),
            RiverKind::Deep | RiverKind::Shallow => Self::downstream(board, c),
            RiverKind::Swift => Self::swept(board, c),
        };
        to.map_or(Carry::None, |to| Carry::River { to })
    }

    /// Two cells downstream of river cell `c`, or the first cell past the river if that is nearer
    /// (encyclopedia: "смещается по течению на две клетки по реке (то есть через одну)"; "Если игрок
    /// попал в Устье, то он никуда не смещается").
    pub fn swept(board: &Board, c: Coord) -> Option<Coord> {
        let one = Self::downstream(board, c)?;
        match board.cell(one) {
            Cell::River(_) => Self::downstream(board, one).or(Some(one)),
            _ => Some(one),
        }
    }

    /// Whether two neighbouring cells are joined by the current, either way (Kodex В §4.6).
    fn flow_joined(board: &Board, a: Coord, b: Coord) -> bool {
        Self::downstream(board, a) == Some(b) || Self::downstream(board, b) == Some(a)
    }

    /// The outcome of movement `mv` ordered by a player standing on `from`.
    pub fn step(
        &self,
        board: &Board,
        rivers: RiverKind,
        from: Coord,
        mv: Move,
    ) -> Result<Outcome, NotHere> {
        let here = board.cell(from);
        match mv {
            Move::Cycle => {
                let Cell::Pit(_) = here else {
                    return Err(NotHere::NotInPit);
                };
                let to = self.next_pit(from).unwrap_or(from);
                Ok(Outcome::stay(Attempt::Moved(to), Carry::None))
            }
            Move::Current => {
                let Cell::River(_) = here else {
                    return Err(NotHere::NotInRiver);
                };
                let to = match rivers {
                    RiverKind::Swift => Self::swept(board, from),
                    _ => Self::downstream(board, from),
                }
                .unwrap_or(from);
                // Torrential rivers take the swimmer on to the mouth (Kodex Б §7.4).
                let carry = match (rivers, board.cell(to)) {
                    (RiverKind::Torrential, Cell::River(_)) => self.carried_from(board, rivers, to),
                    _ => Carry::None,
                };
                Ok(Outcome {
                    attempt: Attempt::Moved(to),
                    along_river: true,
                    carry,
                    one_way: false,
                })
            }
            Move::Step(d) => Ok(self.walk(board, rivers, from, d)),
        }
    }

    fn walk(&self, board: &Board, rivers: RiverKind, from: Coord, d: Dir) -> Outcome {
        let here = board.cell(from);
        let side = board.side(from, d);
        if side == Side::Border(Border::Exit) {
            return Outcome::stay(Attempt::Left { exit: from, dir: d }, Carry::None);
        }
        if side == Side::Inner(InnerWall::Rubber) {
            // The rubber gives way and throws him back: nothing of the cell acts on him again.
            return Outcome::stay(Attempt::Bumped(Obstacle::Rubber), Carry::None);
        }
        if side.blocks(d) {
            // Kodex Б §4.6: a bump in a deep river still carries one downstream (a swift one two, as
            // skipping does: "пропускать ходы, плывя по течению"); shallow rivers let
            // the player stand on the bottom (Kodex Б §7.4).
            let carry = match (here, rivers) {
                (Cell::River(_), RiverKind::Deep | RiverKind::Torrential | RiverKind::Swift) => {
                    self.carried_from(board, rivers, from)
                }
                _ => Carry::None,
            };
            return Outcome::stay(Attempt::Bumped(Obstacle::Wall), carry);
        }
        let to = board
            .neighbour(from, d)
            .expect("an open inner side has a neighbour");
        let there = board.cell(to);
        if rivers == RiverKind::Shallow && here == Cell::Mouth && there == Cell::River(d.opposite())
        {
            // Kodex В §4.6, Kodex Б §7.4: "нельзя, впадает река".
            return Outcome::stay(Attempt::Bumped(Obstacle::InflowingRiver), Carry::None);
        }
        let walked_along =
            rivers == RiverKind::Shallow && here.is_river() && Self::flow_joined(board, from, to);
        let carry = match there {
            Cell::Pit(_) | Cell::Chute(_) => Carry::Pit {
                to: self.next_pit(to).unwrap_or(to),
            },
            Cell::River(_) if !walked_along => self.carried_from(board, rivers, to),
            _ => Carry::None,
        };
        Outcome {
            attempt: Attempt::Moved(to),
            along_river: walked_along,
            carry,
            one_way: matches!(side, Side::Inner(InnerWall::OneWay(_))),
        }
    }

    /// Every cell a player standing on `from` can end on with one movement, without grenades.
    pub fn successors<'a>(
        &'a self,
        board: &'a Board,
        rivers: RiverKind,
        from: Coord,
    ) -> impl Iterator<Item = Coord> + 'a {
        let moves = board
            .size()
            .dirs()
            .iter()
            .map(|&d| Move::Step(d))
            .chain([Move::Current, Move::Cycle]);
        moves.filter_map(move |mv| self.step(board, rivers, from, mv).ok()?.end(from))
    }

    /// Whether no movement of any kind can ever end on this cell, whatever the walls: a river source
    /// with deep rivers (Kodex Б §4.6, §8.4), any river with torrential ones, and with shallow ones a
    /// river joined by the current to no other river (entering it carries one on; the mouth below
    /// cannot be left toward it, Kodex В §4.6). Such a cell need not be reachable (Kodex Б §8.5) and
    /// may not have an exit (Kodex Б §8.4).
    pub fn never_stood_on(board: &Board, rivers: RiverKind, c: Coord) -> bool {
        let inflow = || {
            Dir::ALL.into_iter().any(|d| {
                board
                    .neighbour(c, d)
                    .is_some_and(|n| board.cell(n) == Cell::River(d.opposite()))
            })
        };
        let flows_on = || Self::downstream(board, c).is_some_and(|n| board.cell(n).is_river());
        match (board.cell(c), rivers) {
            (Cell::River(_), RiverKind::Torrential) => true,
            (Cell::River(_), RiverKind::Deep) => !inflow(),
            // One walks onto a shallow river only along it, from another river cell.
            (Cell::River(_), RiverKind::Shallow) => !inflow() && !flows_on(),
            // Swift rivers carry two cells: one ends on a river cell only two below another.
            (Cell::River(_), RiverKind::Swift) => !Dir::ALL.into_iter().any(|d| {
                board.neighbour(c, d).is_some_and(|n| {
                    board.cell(n) == Cell::River(d.opposite())
                        && Dir::ALL.into_iter().any(|e| {
                            board
                                .neighbour(n, e)
                                .is_some_and(|m| board.cell(m) == Cell::River(e.opposite()))
                        })
                })
            }),
            // The encyclopedia's modification 8: a pair's pit puts whoever enters on its exit.
            (Cell::Chute(n), _) => board.cells().any(|(_, o)| o == Cell::Outlet(n)),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{InnerWall, PitId};
    use crate::geometry::Size;

    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }

    /// A 4x3 board: a river A2 > B2 > C2 into the mouth D2, pits a1 at A1 and a2 at D1, exit left of A3.
    fn board() -> Board {
        let mut b = Board::new(Size::new(4, 3).unwrap());
        for x in ["A2", "B2", "C2"] {
            b.set_cell(c(x), Cell::River(Dir::Right));
        }
        b.set_cell(c("D2"), Cell::Mouth);
        b.set_cell(c("A1"), Cell::Pit(PitId { cycle: 0, place: 1 }));
        b.set_cell(c("D1"), Cell::Pit(PitId { cycle: 0, place: 2 }));
        b.set_border(c("A3"), Dir::Left, Border::Exit);
        b
    }

    fn end(b: &Board, rivers: RiverKind, from: &str, mv: Move) -> Option<Coord> {
        Topology::new(b)
            .step(b, rivers, c(from), mv)
            .unwrap()
            .end(c(from))
    }

    #[test]
    fn deep_river_carries_one_cell_on_entry() {
        // Kodex Б §4.6: "попал в Реку, снесло по течению".
        let b = board();
        assert_eq!(
            end(&b, RiverKind::Deep, "B3", Move::Step(Dir::Up)),
            Some(c("C2"))
        );
        assert_eq!(
            end(&b, RiverKind::Deep, "C3", Move::Step(Dir::Up)),
            Some(c("D2"))
        );
    }

    #[test]
    fn deep_river_moves_two_cells_downstream_and_none_upstream() {
        // Kodex Б §4.6: along the flow two cells, against it back where one was.
        let b = board();
        assert_eq!(
            end(&b, RiverKind::Deep, "A2", Move::Step(Dir::Right)),
            Some(c("C2"))
        );
        assert_eq!(
            end(&b, RiverKind::Deep, "C2", Move::Step(Dir::Left)),
            Some(c("C2"))
        );
    }

    #[test]
    fn deep_river_wall_bump_still_carries() {
        // Kodex Б §4.6: "туда нельзя, стенка, снесло по течению".
        let mut b = board();
        b.set_inner(c("B2"), Dir::Up, InnerWall::Solid);
        let o = Topology::new(&b)
            .step(&b, RiverKind::Deep, c("B2"), Move::Step(Dir::Up))
            .unwrap();
        assert_eq!(o.attempt, Attempt::Bumped(Obstacle::Wall));
        assert_eq!(o.carry, Carry::River { to: c("C2") });
    }

    #[test]
    fn shallow_river_walks_along_and_against_the_flow() {
        // Kodex В §4.6: "по реке", whichever way the current runs; a bump does not carry (Kodex Б §7.4).
        let b = board();
        let t = Topology::new(&b);
        let up = t
            .step(&b, RiverKind::Shallow, c("C2"), Move::Step(Dir::Left))
            .unwrap();
        assert_eq!((up.end(c("C2")), up.along_river), (Some(c("B2")), true));
        assert_eq!(
            end(&b, RiverKind::Shallow, "B2", Move::Step(Dir::Right)),
            Some(c("C2"))
        );
        assert_eq!(
            end(&b, RiverKind::Shallow, "B3", Move::Step(Dir::Up)),
            Some(c("C2"))
        );
        assert_eq!(
            end(&b, RiverKind::Shallow, "B2", Move::Step(Dir::Down)),
            Some(c("B3"))
        );
        assert_eq!(
            end(&b, RiverKind::Shallow, "A2", Move::Step(Dir::Left)),
            Some(c("A2"))
        );
    }

    #[test]
    fn shallow_mouth_cannot_be_left_toward_an_inflowing_river() {
        // Kodex В §4.6: "нельзя, впадает река"; refused with deep rivers? No: there one is carried back.
        let b = board();
        let t = Topology::new(&b);
        let o = t
            .step(&b, RiverKind::Shallow, c("D2"), Move::Step(Dir::Left))
            .unwrap();
        assert_eq!(o.attempt, Attempt::Bumped(Obstacle::InflowingRiver));
        let deep = t
            .step(&b, RiverKind::Deep, c("D2"), Move::Step(Dir::Left))
            .unwrap();
        assert_eq!(deep.carry, Carry::River { to: c("D2") });
    }

    #[test]
    fn torrential_river_carries_to_the_mouth() {
        // Kodex Б §7.4: "бурные" rivers take one to the mouth in one move.
        let b = board();
        assert_eq!(
            end(&b, RiverKind::Torrential, "A3", Move::Step(Dir::Up)),
            Some(c("D2"))
        );
        assert!(Topology::never_stood_on(&b, RiverKind::Torrential, c("C2")));
    }

    #[test]
    fn current_move_only_from_a_river() {
        // Kodex Б §4.6: "ход по течению", only from a river cell, not a mouth.
        let b = board();
        let t = Topology::new(&b);
        assert_eq!(end(&b, RiverKind::Deep, "B2", Move::Current), Some(c("C2")));
        assert_eq!(
            t.step(&b, RiverKind::Deep, c("D2"), Move::Current),
            Err(NotHere::NotInRiver)
        );
    }

    #[test]
    fn pits_move_by_cycle_and_failed_exit_stays() {
        // Kodex Б §4.4: entering pit 1 leads out of pit 2; a bump from a pit does not teleport.
        let b = board();
        let t = Topology::new(&b);
        assert_eq!(
            end(&b, RiverKind::Deep, "B1", Move::Step(Dir::Left)),
            Some(c("D1"))
        );
        assert_eq!(
            end(&b, RiverKind::Deep, "C1", Move::Step(Dir::Right)),
            Some(c("A1"))
        );
        assert_eq!(
            end(&b, RiverKind::Deep, "A1", Move::Step(Dir::Up)),
            Some(c("A1"))
        );
        assert_eq!(end(&b, RiverKind::Deep, "A1", Move::Cycle), Some(c("D1")));
        assert_eq!(
            t.step(&b, RiverKind::Deep, c("B1"), Move::Cycle),
            Err(NotHere::NotInPit)
        );
    }

    #[test]
    fn exits_and_walls() {
        // Kodex Б §1.4: an open exit lets one out; the outer wall and a closed exit stop one.
        let mut b = board();
        assert_eq!(end(&b, RiverKind::Deep, "A3", Move::Step(Dir::Left)), None);
        assert_eq!(
            end(&b, RiverKind::Deep, "A3", Move::Step(Dir::Down)),
            Some(c("A3"))
        );
        b.set_border(c("A3"), Dir::Left, Border::ClosedExit);
        assert_eq!(
            end(&b, RiverKind::Deep, "A3", Move::Step(Dir::Left)),
            Some(c("A3"))
        );
    }

    #[test]
    fn deep_sources_are_never_stood_on() {
        // Kodex Б §8.5: river sources are the exception to reachability.
        let b = board();
        assert!(Topology::never_stood_on(&b, RiverKind::Deep, c("A2")));
        assert!(!Topology::never_stood_on(&b, RiverKind::Deep, c("B2")));
        assert!(!Topology::never_stood_on(&b, RiverKind::Shallow, c("A2")));
    }

    #[test]
    fn a_shallow_river_of_one_cell_is_never_stood_on() {
        // Kodex В §4.6: entering a river carries one on, and the mouth cannot be left toward the
        // river flowing into it, so a lone river cell above a mouth is never stood on.
        let mut b = board();
        b.set_cell(c("A2"), Cell::Land);
        b.set_cell(c("B2"), Cell::Land);
        assert!(Topology::never_stood_on(&b, RiverKind::Shallow, c("C2")));
        let t = Topology::new(&b);
        for from in b.size().cells() {
            let ends: Vec<Coord> = t.successors(&b, RiverKind::Shallow, from).collect();
            assert!(!ends.contains(&c("C2")), "{from} reaches C2");
        }
        // A longer river can be walked up to its source.
        assert!(!Topology::never_stood_on(
            &board(),
            RiverKind::Shallow,
            c("B2")
        ));
    }

    #[test]
    fn swift_river_carries_two_cells_and_stops_at_the_mouth() {
        // Encyclopedia, "Ход игры": "смещается по течению на две клетки по реке (то есть через одну)
        // от той клетки куда он вошел … Если игрок попал в Устье, то он никуда не смещается".
        let b = board();
        assert_eq!(
            end(&b, RiverKind::Swift, "A3", Move::Step(Dir::Up)),
            Some(c("C2"))
        );
        assert_eq!(
            end(&b, RiverKind::Swift, "B3", Move::Step(Dir::Up)),
            Some(c("D2")),
            "the mouth one cell on is as far as he goes"
        );
        // Staying in the river, he floats on two cells ("пропускать ходы, плывя по течению").
        assert_eq!(
            end(&b, RiverKind::Swift, "A2", Move::Current),
            Some(c("C2"))
        );
        // A wall bumped in the river carries him all the same.
        let bumped = Topology::new(&b)
            .step(&b, RiverKind::Swift, c("A2"), Move::Step(Dir::Left))
            .unwrap();
        assert_eq!(bumped.attempt, Attempt::Bumped(Obstacle::Wall));
        assert_eq!(bumped.end(c("A2")), Some(c("C2")));
    }

    #[test]
    fn a_swift_river_is_stood_on_only_two_below_another_cell() {
        // Encyclopedia: entering carries two cells, so the two top cells are never ended on.
        let b = board();
        assert!(Topology::never_stood_on(&b, RiverKind::Swift, c("A2")));
        assert!(Topology::never_stood_on(&b, RiverKind::Swift, c("B2")));
        assert!(!Topology::never_stood_on(&b, RiverKind::Swift, c("C2")));
        assert!(!Topology::never_stood_on(&b, RiverKind::Swift, c("D2")));
    }
}
