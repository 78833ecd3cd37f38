//! The state of a cylinder game and one player's move (seed 004), the bear's repeat after it and
//! the ghost's step after everyone's. Pure: state + order → new state + events.

use serde::{Deserialize, Serialize};

use super::board::{CylBoard, Ground};
use super::event::{Beast, CylEvent, Death, Seen};
use super::walk::{self, Via, Walk, around, turned};
use super::{CylPlan, GhostPath};
use crate::game::PlayerId;
use crate::geometry::{Coord, Dir};

/// Bullets one carries at most: "У игрока, выходящего в арсенал, оказывается три патрона (больше
/// он не унесет)".
pub const MAX_BULLETS: u8 = 3;

/// Full moves a crocodile shot sleeps after the move it was shot in ("засыпает на три полных хода").
pub const CROCODILE_SLEEP: u32 = 3;

/// One move of a player: a shot before it, the way named, a shot after it ("Стрелять можно и до, и
/// после хода").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stride {
    /// A shot before the move, the way named.
    pub before: Option<Dir>,
    /// The way named for the move (a spinner turns it).
    pub go: Dir,
    /// A shot after the move: "после срабатывания реки или ямы, но до срабатывания крокодила или
    /// второго болота".
    pub after: Option<Dir>,
}

impl Stride {
    /// A plain move, no shot.
    pub fn go(go: Dir) -> Stride {
        Stride {
            before: None,
            go,
            after: None,
        }
    }
}

/// A player of the cylinder game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Runner {
    /// His cell; `None` once he walked out with the treasure.
    pub at: Option<Coord>,
    /// Bullets, at most [`MAX_BULLETS`].
    pub bullets: u8,
    /// Whether he carries the treasure.
    pub carrying: bool,
    /// Whether his last move left him in a swamp: one more there kills.
    pub swamped: bool,
}

/// A crocodile on its cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crocodile {
    /// Its cell; crocodiles never move.
    pub at: Coord,
    /// The last time step it sleeps through, once shot.
    pub asleep_until: Option<u32>,
}

/// The bear: a walker like the players, repeating each player's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bear {
    /// His cell.
    pub at: Coord,
    /// Whether his last move left him in a swamp.
    pub swamped: bool,
}

/// The ghost on his path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ghost {
    /// His cell.
    pub at: Coord,
    /// His path.
    pub path: GhostPath,
    /// The next step of the path he takes.
    pub next: usize,
}

/// Why a move is refused; nothing changes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CylRefusal {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// This player walked out of the maze.
    #[error("he is out of the maze")]
    Out,
    /// No such player.
    #[error("no such player")]
    NoPlayer,
    /// A start on a cell other than land or a spinner, or where a crocodile lies.
    #[error("a start must be on land or a spinner")]
    BadStart(Coord),
}

/// Who fires a shot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Shooter {
    Player(PlayerId),
    /// The bear, with bullets without end ("у него всегда неограниченный запас патронов").
    Bear,
}

/// A cylinder game in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CylGame {
    /// The board.
    pub board: CylBoard,
    /// The treasure's place.
    pub treasure_home: Coord,
    /// Whether the treasure lies at its place (else someone carries it).
    pub treasure_lying: bool,
    /// The players, by seat.
    pub players: Vec<Runner>,
    /// The crocodiles.
    pub crocodiles: Vec<Crocodile>,
    /// The bear, if the maze has one.
    pub bear: Option<Bear>,
    /// The ghost, if the maze has one.
    pub ghost: Option<Ghost>,
    /// The time step under way, from 1.
    pub step: u32,
    /// Whoever walked out with the treasure.
    pub winner: Option<PlayerId>,
}

impl CylGame {
    /// A game on a plan, players standing on their start cells ("Патронов у него в этот момент нет").
    pub fn new(plan: &CylPlan, starts: &[Coord]) -> Result<CylGame, CylRefusal> {
        let crocodiles: Vec<Crocodile> = plan
            .crocodiles
            .iter()
            .map(|&at| Crocodile {
                at,
                asleep_until: None,
            })
            .collect();
        for &at in starts {
            let standable = matches!(plan.board.ground(at), Ground::Land | Ground::Spinner(_));
            if !plan.board.size().contains(at) || !standable || plan.crocodiles.contains(&at) {
                return Err(CylRefusal::BadStart(at));
            }
        }
        let players = starts
            .iter()
            .map(|&at| Runner {
                at: Some(at),
                bullets: 0,
                carrying: false,
                swamped: false,
            })
            .collect();
        Ok(CylGame {
            board: plan.board.clone(),
            treasure_home: plan.treasure,
            treasure_lying: true,
            players,
            crocodiles,
            bear: plan.bear.map(|at| Bear { at, swamped: false }),
            ghost: plan.ghost.clone().map(|path| Ghost {
                at: path.start,
                path,
                next: 0,
            }),
            step: 1,
            winner: None,
        })
    }

    /// Player `p`'s cell, if he may move.
    pub fn position(&self, p: PlayerId) -> Result<Coord, CylRefusal> {
        if self.winner.is_some() {
            return Err(CylRefusal::Over);
        }
        let runner = self
            .players
            .get(usize::from(p.0))
            .ok_or(CylRefusal::NoPlayer)?;
        runner.at.ok_or(CylRefusal::Out)
    }

    /// One move of player `p`, then the bear's repeat of it (seed 004: "Медведь ходит строго после
    /// того, как ход очередного игрока закончен").
    pub fn stride(&mut self, p: PlayerId, s: Stride) -> Result<Vec<CylEvent>, CylRefusal> {
        let from = self.position(p)?;
        let mut ev = vec![];
        if let Some(d) = s.before {
            self.shoot(Shooter::Player(p), from, d, &mut ev);
        }
        let carrying = self.runner(p).carrying;
        let actual = turned(&self.board, from, s.go);
        match walk::step(&self.board, from, actual, carrying) {
            Walk::Out => {
                self.runner_mut(p).at = None;
                self.winner = Some(p);
                ev.push(CylEvent::Escaped(p));
                return Ok(ev);
            }
            Walk::Bump => {
                ev.push(CylEvent::Wall(p));
                if let Some(d) = s.after {
                    self.shoot(Shooter::Player(p), from, d, &mut ev);
                }
            }
            Walk::Reached { stepped, at, via } => {
                self.arrive(p, stepped, at, via, s.after, &mut ev)
            }
        }
        self.bear_repeats(s, &mut ev);
        self.tell_near(p, &mut ev);
        Ok(ev)
    }

    /// The end of a time step: the ghost takes his step and eats whoever is on his new cell.
    pub fn end_step(&mut self) -> Vec<CylEvent> {
        let mut ev = vec![];
        if let Some(ghost) = self.ghost.as_mut()
            && !ghost.path.steps.is_empty()
        {
            let d = ghost.path.steps[ghost.next % ghost.path.steps.len()];
            ghost.next = (ghost.next + 1) % ghost.path.steps.len();
            if let Some(to) = self.board.neighbour(ghost.at, d) {
                ghost.at = to;
            }
            let at = ghost.at;
            for q in self.players_at(at) {
                self.die(q, Death::Ghost, &mut ev);
            }
        }
        self.step += 1;
        ev
    }

    /// He reached `stepped` and ended on `at`: what the cells do, in the post's order.
    fn arrive(
        &mut self,
        p: PlayerId,
        stepped: Coord,
        at: Coord,
        via: Via,
        after: Option<Dir>,
        ev: &mut Vec<CylEvent>,
    ) {
        let was_swamped = self.runner(p).swamped;
        ev.push(CylEvent::Went(p, self.seen(stepped)));
        if via == Via::River {
            ev.push(CylEvent::Carried(p, self.seen(at)));
        }
        self.runner_mut(p).at = Some(at);
        if let Some(d) = after {
            self.shoot(Shooter::Player(p), at, d, ev);
        }
        if self.crocodile_awake(at) {
            return self.die(p, Death::Crocodile, ev);
        }
        let swamp = self.board.ground(at) == Ground::Swamp;
        if swamp && was_swamped {
            return self.die(p, Death::Swamp, ev);
        }
        self.runner_mut(p).swamped = swamp;
        self.collect(p, at, ev);
        if self.bear.as_ref().is_some_and(|b| b.at == at) {
            ev.push(CylEvent::SteppedOn(p, Beast::Bear));
        }
        if self.ghost.as_ref().is_some_and(|g| g.at == at) {
            ev.push(CylEvent::SteppedOn(p, Beast::Ghost));
        }
    }

    /// The arsenal's bullets and the treasure, picked up by themselves.
    fn collect(&mut self, p: PlayerId, at: Coord, ev: &mut Vec<CylEvent>) {
        if self.board.ground(at) == Ground::Arsenal {
            self.runner_mut(p).bullets = MAX_BULLETS;
            ev.push(CylEvent::Armed(p));
        }
        if self.treasure_lying && at == self.treasure_home {
            self.treasure_lying = false;
            self.runner_mut(p).carrying = true;
            ev.push(CylEvent::FoundTreasure(p));
        }
    }

    /// A shot into the neighbouring cell the way named: "убивает всех ее обитателей, включая
    /// крокодила"; a wall stops it. From the arsenal one shoots without spending ("Из арсенала можно
    /// стрелять сколько угодно").
    fn shoot(&mut self, who: Shooter, from: Coord, said: Dir, ev: &mut Vec<CylEvent>) {
        if let Shooter::Player(p) = who {
            let in_arsenal = self.board.ground(from) == Ground::Arsenal;
            if !in_arsenal && self.runner(p).bullets == 0 {
                ev.push(CylEvent::NoBullets(p));
                return;
            }
            if !in_arsenal {
                self.runner_mut(p).bullets -= 1;
            }
            ev.push(CylEvent::Shot(p));
        }
        let actual = turned(&self.board, from, said);
        let Some(target) = self.open_neighbour(from, actual) else {
            return;
        };
        for q in self.players_at(target) {
            self.die(q, Death::Shot, ev);
        }
        let until = self.step + CROCODILE_SLEEP;
        for croc in self.crocodiles.iter_mut().filter(|c| c.at == target) {
            // "Если повторно застрелить спящего крокодила, то срок его пробуждения соответственно
            // сдвигается."
            croc.asleep_until = Some(until);
        }
        // The bear is an inhabitant like any other; only the ghost "застрелить нельзя".
        if who != Shooter::Bear && self.bear.as_ref().is_some_and(|b| b.at == target) {
            self.bear_dies();
        }
    }

    /// The bear repeats the move just made, with its shots, from his own cell.
    fn bear_repeats(&mut self, s: Stride, ev: &mut Vec<CylEvent>) {
        let Some(from) = self.bear.as_ref().map(|b| b.at) else {
            return;
        };
        if let Some(d) = s.before {
            self.shoot(Shooter::Bear, from, d, ev);
        }
        let actual = turned(&self.board, from, s.go);
        // "если игрок повел медведя на крокодила, то перед ходом медведь в этого крокодила стреляет"
        if self
            .open_neighbour(from, actual)
            .is_some_and(|to| self.crocodile_awake(to))
        {
            self.shoot(Shooter::Bear, from, s.go, ev);
        }
        if let Walk::Reached { at, .. } = walk::step(&self.board, from, actual, false) {
            self.bear_arrives(at, ev);
        }
        if let (Some(d), Some(bear)) = (s.after, self.bear.as_ref()) {
            let at = bear.at;
            self.shoot(Shooter::Bear, at, d, ev);
        }
    }

    /// The bear reached `at` by a move (even back to where he was, by a river or a pit): he eats
    /// whoever is there ("за исключением случая удара об стенку"), then the cell acts on him.
    fn bear_arrives(&mut self, at: Coord, ev: &mut Vec<CylEvent>) {
        let Some(bear) = self.bear.as_mut() else {
            return;
        };
        let was_swamped = bear.swamped;
        bear.at = at;
        for q in self.players_at(at) {
            self.die(q, Death::Bear, ev);
        }
        let swamp = self.board.ground(at) == Ground::Swamp;
        if self.crocodile_awake(at) || (swamp && was_swamped) {
            return self.bear_dies();
        }
        if let Some(bear) = self.bear.as_mut() {
            bear.swamped = swamp;
        }
    }

    /// "на него действуют все законы лабиринта": a dead bear comes back in the morgue, as players do.
    fn bear_dies(&mut self) {
        let morgue = self.morgue();
        if let (Some(bear), Some(morgue)) = (self.bear.as_mut(), morgue) {
            bear.at = morgue;
            bear.swamped = false;
        }
    }

    /// "Клетка, в которую игрок попадает после смерти. Оживает он сразу, но у него отбирают все
    /// патроны, а также клад, если он был. Клад возвращается на место."
    fn die(&mut self, p: PlayerId, how: Death, ev: &mut Vec<CylEvent>) {
        let morgue = self.morgue();
        let runner = self.runner_mut(p);
        runner.at = morgue.or(runner.at);
        runner.bullets = 0;
        runner.swamped = false;
        let carried = std::mem::take(&mut runner.carrying);
        ev.push(CylEvent::Died(p, how));
        if carried {
            self.treasure_lying = true;
            ev.push(CylEvent::TreasureBack);
        }
    }

    /// "Игроку, оказавшемуся на соседней клетке с медведем или призраком, сообщают "медведь
    /// (призрак) близко"".
    fn tell_near(&self, p: PlayerId, ev: &mut Vec<CylEvent>) {
        let Some(at) = self.runner(p).at else {
            return;
        };
        let near = |c: Coord| around(&self.board, at).any(|n| n == c) && c != at;
        if self.bear.as_ref().is_some_and(|b| near(b.at)) {
            ev.push(CylEvent::Near(p, Beast::Bear));
        }
        if self.ghost.as_ref().is_some_and(|g| near(g.at)) {
            ev.push(CylEvent::Near(p, Beast::Ghost));
        }
    }

    /// What a cell looks like to one who arrives.
    fn seen(&self, c: Coord) -> Seen {
        match self.board.ground(c) {
            Ground::Land | Ground::Spinner(_) => Seen::Land,
            Ground::River(_) => Seen::River,
            Ground::Swamp => Seen::Swamp,
            Ground::Pit { .. } => Seen::Pit,
            Ground::Arsenal => Seen::Arsenal,
            Ground::Morgue => Seen::Morgue,
        }
    }

    /// Whether an awake crocodile lies on `c`.
    pub fn crocodile_awake(&self, c: Coord) -> bool {
        self.crocodiles
            .iter()
            .any(|croc| croc.at == c && croc.asleep_until.is_none_or(|u| self.step > u))
    }

    /// The neighbour toward `d` with no wall between.
    fn open_neighbour(&self, from: Coord, d: Dir) -> Option<Coord> {
        match self.board.across(from, d) {
            super::board::Across::Cell { to, wall: false } => Some(to),
            _ => None,
        }
    }

    fn morgue(&self) -> Option<Coord> {
        self.board
            .cells()
            .find(|&(_, g)| g == Ground::Morgue)
            .map(|(c, _)| c)
    }

    /// The players standing on `c`.
    pub fn players_at(&self, c: Coord) -> Vec<PlayerId> {
        (0..self.players.len())
            .filter(|&i| self.players[i].at == Some(c))
            .map(|i| PlayerId(i as u8))
            .collect()
    }

    fn runner(&self, p: PlayerId) -> &Runner {
        &self.players[usize::from(p.0)]
    }

    fn runner_mut(&mut self, p: PlayerId) -> &mut Runner {
        &mut self.players[usize::from(p.0)]
    }
}
