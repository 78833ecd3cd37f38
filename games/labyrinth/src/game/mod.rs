//! The Labyrinth rules engine: pure state + order → new state + events, for both codes of the rule
//! book (part Б classic, part В quantum) with every §7 option of [`Ruleset`].
//!
//! No I/O, no clock, no randomness: the turn order by lot and any other chance come from the caller.
//! [`Game::play`] either refuses an order — with a reason, changing nothing — or carries it out whole.
//! Parts of an accepted order that turn out impossible (shooting without bullets) are told as
//! [`Cannot`](event::Cannot) events, as the master of Б §6.5 does, and the rest goes on.

pub mod event;
pub mod narrate;
pub mod order;
pub mod parse;
mod seen;
pub mod state;

mod bear;
mod boomerang;
mod cement;
mod choice;
mod combat;
mod health;
mod items;
mod kick;
mod knife;
mod legal;
mod piles;
mod turn;
mod walk;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::board::{Board, Cell};
use crate::geometry::{Coord, Dir};
use crate::item::Item;
use crate::movement::Topology;
use crate::plan::Plan;
use crate::ruleset::{Code, Ruleset};
use crate::stock::Stock;

use event::{CellSeen, End, Event, Removal, Told};
use order::Order;
use state::{Census, Corpse, Hand, Health, Pile, Place, Player, Status, Tick, TreasureId};
use turn::Ctx;

/// A player's seat in a game, from 0, in the order the session engine listed the players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Waiting for the start cells.
    Setup,
    /// In play.
    Playing,
    /// Over.
    Over(End),
}

/// Why an order, a start or a re-order was refused. Nothing changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
pub enum Refusal {
    /// The game has not started or is over.
    #[error("the game is not in play")]
    NotInPlay,
    /// Someone else's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The master asked which treasure he takes (Б §5.8): the answer comes before anything else.
    #[error("say first which treasure you take")]
    ChooseFirst,
    /// No treasure question waits for this player's answer.
    #[error("there is no treasure to choose now")]
    NothingToChoose,
    /// The answer names a treasure that is not on the cell ("the third from the bottom" of two).
    #[error("there is no such treasure here")]
    NoSuchTreasure,
    /// No such player, or he is out of the game.
    #[error("you are not in this game")]
    NotAPlayer,
    /// Classic: a turn has exactly one movement (Б §2.1).
    #[error("a turn needs exactly one movement")]
    NeedsOneMovement,
    /// Quantum: a turn is exactly one action (В §2.1).
    #[error("a turn is exactly one action")]
    OneActionOnly,
    /// Conditional orders are off (Б §7.1), or this is the quantum code.
    #[error("conditional orders are not allowed in this game")]
    NoConditionals,
    /// Dark orders are off (§7.1).
    #[error("dark orders are not allowed in this game")]
    NoDark,
    /// Half-dark orders are off (§7.1).
    #[error("half-dark orders are not allowed in this game")]
    NoHalfDark,
    /// Throwing is off (§7.1).
    #[error("throwing things is not allowed in this game, only leaving them")]
    NoThrowing,
    /// Setting a mine on a neighbouring cell is off (§7.1).
    #[error("a mine may only be set on your own cell in this game")]
    NoMineToNeighbour,
    /// Skipping is off (§7.7).
    #[error("skipping a turn is not allowed in this game")]
    NoSkip,
    /// A move that cannot change anything, such as bumping the same wall again (§7.7).
    #[error("repeating a move that changes nothing is not allowed in this game")]
    Repeat,
    /// Shooting at a named target is required (§7.3), or named when not allowed.
    #[error("name the target player and cell of the shot, as agreed for this game")]
    TargetRule,
    /// A start or re-ordered cell off the board.
    #[error("that cell is not on the board")]
    OffBoard,
    /// Not the moment to re-order (Б §5.5: only on the turn right after the wound).
    #[error("you cannot choose a new cell now")]
    NoReorder,
    /// Only before the start (a handicap is granted, a cell's type asked, before the start cells).
    #[error("that is only possible before the game starts")]
    Started,
    /// No handicap, or its cells are all asked (§7.2).
    #[error("you have no cells left to ask about")]
    NoPeek,
    /// The start cells do not match the players, or the turn order is not a permutation of them.
    #[error("every player needs one start cell and one place in the turn order")]
    BadStart,
    /// A move with the current from a cell that is not a river (Б §4.6): nothing is lost.
    #[error("only a player in a river can move with the current")]
    NotInRiver,
    /// A move along the cycle from a cell that is not a pit (Б §4.4): nothing is lost.
    #[error("only a player in a pit can move along its cycle")]
    NotInPit,
    /// Skipping is a whole turn (Б §6.6, В §6.5): nothing else goes with it.
    #[error("skipping is a whole turn: order nothing else with it")]
    SkipAlone,
    /// The classic code shoots left, right, up or down (Б §2.1); "into my own cell" is quantum (В §2.1).
    #[error("shoot left, right, up or down; shooting into your own cell is for the quantum code")]
    NoAimHere,
    /// Knives are the encyclopedia's weapon, not the Kodex's.
    #[error("there are no knives in this game")]
    NoKnifeRule,
    /// Kicking is a modification the group did not agree on (encyclopedia, modification 18).
    #[error("kicking is not agreed on in this game")]
    NoKickRule,
    /// Cement is a modification the group did not agree on (encyclopedia, modification 11).
    #[error("there is no cement in this game")]
    NoCementRule,
    /// The boomerang is a modification the group did not agree on (encyclopedia, modification 15).
    #[error("there are no boomerangs in this game")]
    NoBoomerangRule,
}

/// A game of Labyrinth.
///
/// Serialises whole (for saving a game in play); the movement topology is derived from the board and
/// rebuilt when a saved game is read back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Saved")]
pub struct Game {
    rules: Ruleset,
    board: Board,
    #[serde(skip_serializing)]
    topology: Topology,
    piles: piles::Piles,
    players: Vec<Player>,
    /// True treasure flag per treasure id.
    treasures: Vec<bool>,
    ticks: Vec<(Coord, Tick)>,
    turn_order: Vec<PlayerId>,
    turn: usize,
    round: u32,
    quiet_rounds: u32,
    phase: Phase,
    cure: u32,
    nstop: u32,
    blown: Vec<(Coord, Dir)>,
    /// An irreversible change happened this round (Б §3.6): a wall blown, a treasure carried out,
    /// someone killed, someone immune.
    changed: bool,
    /// Someone did more than skip this round (Б §6.6).
    acted: bool,
    /// §7.9: moves the last one standing has left to carry out the treasure.
    grace: Option<u32>,
    /// Things the rules made: arsenal refills, corpses.
    created: Census,
    /// Things the rules destroyed: bullets fired, grenades thrown, mines blown up, corpses cremated,
    /// anything lost outside the maze.
    destroyed: Census,
    /// The master's dice, for the rules that leave a choice to chance (encyclopedia, modification
    /// 14): a seed the session passes in ([`Game::set_luck`]), stepped at each roll.
    #[serde(default, skip_serializing_if = "state::is_zero")]
    luck: u64,
    /// What each arsenal the plan lists gives (encyclopedia, modification 13).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    stocks: Vec<Stock>,
    /// The bear, where the group agreed on one (encyclopedia, modification 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bear: Option<bear::Bear>,
    /// The treasure question the turn waits on (Б §5.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    choosing: Option<choice::Choosing>,
}

/// A saved [`Game`]: everything but the derived topology.
#[derive(Deserialize)]
struct Saved {
    rules: Ruleset,
    board: Board,
    piles: piles::Piles,
    players: Vec<Player>,
    treasures: Vec<bool>,
    ticks: Vec<(Coord, Tick)>,
    turn_order: Vec<PlayerId>,
    turn: usize,
    round: u32,
    quiet_rounds: u32,
    phase: Phase,
    cure: u32,
    nstop: u32,
    blown: Vec<(Coord, Dir)>,
    changed: bool,
    acted: bool,
    grace: Option<u32>,
    created: Census,
    destroyed: Census,
    #[serde(default)]
    luck: u64,
    #[serde(default)]
    stocks: Vec<Stock>,
    #[serde(default)]
    bear: Option<bear::Bear>,
    #[serde(default)]
    choosing: Option<choice::Choosing>,
}

impl From<Saved> for Game {
    fn from(s: Saved) -> Game {
        Game {
            topology: Topology::new(&s.board),
            rules: s.rules,
            board: s.board,
            piles: s.piles,
            players: s.players,
            treasures: s.treasures,
            ticks: s.ticks,
            turn_order: s.turn_order,
            turn: s.turn,
            round: s.round,
            quiet_rounds: s.quiet_rounds,
            phase: s.phase,
            cure: s.cure,
            nstop: s.nstop,
            blown: s.blown,
            changed: s.changed,
            acted: s.acted,
            grace: s.grace,
            created: s.created,
            destroyed: s.destroyed,
            luck: s.luck,
            stocks: s.stocks,
            bear: s.bear,
            choosing: s.choosing,
        }
    }
}

impl Game {
    /// A game on a plan (already validated) for `players` players, waiting for start cells.
    ///
    /// Every player holds 3 bullets and 3 grenades (none with a common start, Б §7.6), a mine if the
    /// group agreed on one each (Б §5.3, В §7.6), and N−1 re-orders (Б §5.5). Armed mines the plan lays
    /// in an arsenal or a hospital are disarmed at once, and corpses laid in a hospital cremated
    /// (Б §4.2, §5.7).
    pub fn new(plan: &Plan, rules: Ruleset, players: u8) -> Game {
        let board = plan.board.clone();
        let size = board.size();
        let play = &rules.play;
        // The encyclopedia: "В начале игры — у игрока ничего нет".
        let arms = if play.common_start || rules.code == Code::Wiki {
            0
        } else {
            3
        };
        let player = Player {
            place: Place::Gone,
            health: Health::Healthy,
            immune: false,
            bullets: arms,
            grenades: arms,
            knives: 0,
            idle: vec![],
            hand: if rules.mines && play.start_mines >= 1 {
                Hand::Mine
            } else {
                Hand::Empty
            },
            reorders_left: if play.reorders {
                players.saturating_sub(1)
            } else {
                0
            },
            wound_pending: false,
            wound_by_mine: false,
            wound_named: false,
            sick_pending: false,
            may_reorder: false,
            peeks_left: 0,
            free_reorder: false,
            missed: 0,
            futile: None,
            rubber: None,
            banked: 0,
            cement: 0,
            boomerang: false,
        };
        let ticks = board
            .cells()
            .filter(|&(_, cell)| cell == Cell::Encephalitis)
            .map(|(c, _)| (c, Tick::Asleep))
            .collect();
        let mut game = Game {
            topology: Topology::new(&board),
            piles: piles::Piles::new(size.area()),
            players: vec![player; usize::from(players)],
            treasures: vec![],
            ticks,
            turn_order: vec![],
            turn: 0,
            round: 0,
            quiet_rounds: 0,
            phase: Phase::Setup,
            cure: plan.cure(),
            nstop: plan.nstop(),
            blown: vec![],
            changed: false,
            acted: false,
            grace: None,
            created: Census::default(),
            destroyed: Census::default(),
            luck: 0,
            stocks: plan.stocks.clone(),
            bear: bear::Bear::of(rules.play.bear, plan.bear.as_ref()),
            choosing: None,
            rules,
            board,
        };
        for placed in &plan.items {
            if game.board.size().contains(placed.at) {
                game.lay_plan_item(placed.at, placed.item, placed.count);
            }
        }
        game
    }

    /// Puts `count` items of one kind from the plan on a cell.
    fn lay_plan_item(&mut self, at: Coord, item: Item, count: u32) {
        for _ in 0..count {
            let thing = match item {
                Item::Treasure | Item::Fake => {
                    let id = TreasureId(self.treasures.len() as u8);
                    self.treasures.push(item == Item::Treasure);
                    items::Loose::Treasure(id)
                }
                Item::Mine => items::Loose::Mine,
                Item::ArmedMine => items::Loose::Armed,
                Item::Corpse => items::Loose::Corpse(Corpse {
                    of: None,
                    infectious: false,
                }),
                Item::Bullets => items::Loose::Bullets(1),
                Item::Grenades => items::Loose::Grenades(1),
            };
            self.lay(at, thing);
        }
    }

    /// Places the players on their start cells (Б §6.1) and sets the turn order drawn by lot; tells the
    /// type of each start cell (Б §6.2).
    ///
    /// Several players may start on one cell (the session decides whether to allow it, Б §6.1, §7.6).
    /// A start is an arrival without movement: the player picks up what he can, an arsenal refills him,
    /// the tick wakes; no river carries him, no pit moves him, no mine explodes (Б §5.7: only a player
    /// who began his turn elsewhere sets one off).
    pub fn start(
        &mut self,
        starts: &[Coord],
        turn_order: &[PlayerId],
    ) -> Result<Vec<Told>, Refusal> {
        if self.phase != Phase::Setup {
            return Err(Refusal::NotInPlay);
        }
        let n = self.players.len();
        let mut seen = vec![false; n];
        for p in turn_order {
            match seen.get_mut(usize::from(p.0)) {
                Some(s) if !*s => *s = true,
                _ => return Err(Refusal::BadStart),
            }
        }
        if starts.len() != n || turn_order.len() != n {
            return Err(Refusal::BadStart);
        }
        if starts.iter().any(|&c| !self.board.size().contains(c)) {
            return Err(Refusal::OffBoard);
        }
        self.phase = Phase::Playing;
        self.round = 1;
        self.turn = 0;
        self.turn_order = turn_order.to_vec();
        let mut ctx = Ctx::new(PlayerId(0), order::Light::Full, None);
        for &p in turn_order {
            let at = starts[usize::from(p.0)];
            self.player_mut(p).place = Place::In(at);
            ctx.who = p;
            ctx.say(Event::StartsOn(p, self.seen(p, at)));
            self.arrive(&mut ctx, at, false);
            // The encyclopedia: the master "делает соответствующее перемещение фишек (если какие-то
            // игроки попали в Дырку или реку)".
            // He is told so himself, as the article's master "сообщает каждому игроку куда он попал".
            if let Some(drift) = self.wiki_drift(p) {
                ctx.private = true;
                self.movement(&mut ctx, drift);
                ctx.private = false;
            }
            self.fall_through(&mut ctx, at);
        }
        self.check_end(&mut ctx);
        if self.phase == Phase::Playing {
            self.begin_turn(&mut ctx);
        }
        Ok(ctx.finish())
    }

    /// A start on a pit of a pit–exit pair (encyclopedia, modification 8) is a fall into it: he
    /// comes out on its exit at once, and only he is told, as of a start in a pit or river.
    fn fall_through(&mut self, ctx: &mut Ctx, at: Coord) {
        let (Cell::Chute(_), Some(out)) = (self.board.cell(at), self.topology.next_pit(at)) else {
            return;
        };
        let who = ctx.who;
        ctx.private = true;
        let cell = self.seen(who, out);
        ctx.say(Event::Arrived {
            how: event::Arrival::ThroughPit,
            cell,
        });
        self.player_mut(who).place = Place::In(out);
        self.arrive(ctx, out, true);
        ctx.private = false;
    }

    /// Carries out one player's order, or refuses it changing nothing.
    ///
    /// Every refusal is decided before anything is done, so a refused order cannot leave a half-done
    /// turn behind.
    pub fn play(&mut self, who: PlayerId, order: &Order) -> Result<Vec<Told>, Refusal> {
        self.check_order(who, order)?;
        let mut ctx = Ctx::new(who, order.light, self.cell_of(who));
        ctx.pick = order.pick;
        ctx.decline_refill = order.decline_refill;
        {
            let p = self.player_mut(who);
            p.may_reorder = false;
            p.missed = 0;
        }
        self.run(&mut ctx, order);
        self.remember(&ctx, order);
        if self.ask_which(&mut ctx) {
            // Б §5.8: the turn waits for which treasure he takes.
        } else if self.moves_again(who) {
            ctx.say(Event::Again);
        } else {
            self.end_turn(&mut ctx);
        }
        Ok(ctx.finish())
    }

    /// Whether a wall bumped leaves him the move (encyclopedia, modification 1: "Если обнаружилось,
    /// что по направлению движения стена, ход может не теряться, ведущий может сообщить о стене и
    /// просить переходить"): his order was the lone movement that bumped and left him where he
    /// stood, which [`Game::remember`] has just kept as futile.
    fn moves_again(&self, who: PlayerId) -> bool {
        self.rules.play.wall_keeps_turn
            && self.phase == Phase::Playing
            && self.active(who)
            && self.pl(who).futile.is_some()
    }

    /// A wounded player's new cell (Б §5.5), on the turn right after the wound, before his order.
    ///
    /// The cell is secret: all that follows is told to him alone, unless it kills him. He is placed as
    /// at a start: he picks up what he can, a hospital heals him, an arsenal refills him, an infectious
    /// cell infects him (and kills him, wounded as he is, Б §5.5); no mine explodes and no river
    /// carries him.
    ///
    /// A player with a §7.2 handicap may instead re-order once a game of his own will, at the start of
    /// any of his turns; he leaves his treasure, mine and corpse — and in the classic code his bullets —
    /// where he stood (Б §7.2, В §7.2).
    pub fn reorder(&mut self, who: PlayerId, cell: Coord) -> Result<Vec<Told>, Refusal> {
        self.check_turn(who)?;
        let (forced, free, from) = match self.player(who) {
            Some(p) => (p.may_reorder, p.free_reorder, p.place),
            None => return Err(Refusal::NotAPlayer),
        };
        let may = forced || (free && matches!(from, Place::In(_)));
        if !may {
            return Err(Refusal::NoReorder);
        }
        if !self.board.size().contains(cell) {
            return Err(Refusal::OffBoard);
        }
        let mut ctx = Ctx::new(who, order::Light::Full, None);
        ctx.private = true;
        if let (false, Place::In(at)) = (forced, from) {
            self.leave_for_handicap(who, at);
        }
        {
            let p = self.player_mut(who);
            if forced {
                p.may_reorder = false;
                p.reorders_left = p.reorders_left.saturating_sub(1);
            } else {
                p.free_reorder = false;
            }
            p.place = Place::In(cell);
        }
        ctx.say(Event::Reordered(cell));
        self.arrive(&mut ctx, cell, false);
        self.check_end(&mut ctx);
        if self.phase == Phase::Playing && !self.active(who) {
            self.advance(&mut ctx);
        }
        Ok(ctx.finish())
    }

    /// Grants a weaker player the §7.2 handicap of this game's ruleset, before the start.
    pub fn grant_handicap(&mut self, who: PlayerId) -> Result<(), Refusal> {
        if self.phase != Phase::Setup {
            return Err(Refusal::Started);
        }
        let (peek, free) = (
            self.rules.play.handicap_peek,
            self.rules.play.handicap_reorder,
        );
        let p = self
            .players
            .get_mut(usize::from(who.0))
            .ok_or(Refusal::NotAPlayer)?;
        p.peeks_left = peek;
        p.free_reorder = free;
        Ok(())
    }

    /// A handicapped player asks the type of a cell before choosing his start (Б §7.2). The answer is
    /// his alone.
    pub fn peek(&mut self, who: PlayerId, cell: Coord) -> Result<CellSeen, Refusal> {
        if self.phase != Phase::Setup {
            return Err(Refusal::Started);
        }
        if !self.board.size().contains(cell) {
            return Err(Refusal::OffBoard);
        }
        let p = self
            .players
            .get_mut(usize::from(who.0))
            .ok_or(Refusal::NotAPlayer)?;
        if p.peeks_left == 0 {
            return Err(Refusal::NoPeek);
        }
        p.peeks_left -= 1;
        Ok(self.seen(who, cell))
    }

    /// What a voluntary re-order leaves behind (Б §7.2: bullets, treasure, mine and corpse; В §7.2:
    /// treasure, mine or corpse).
    fn leave_for_handicap(&mut self, who: PlayerId, at: Coord) {
        let hand = std::mem::replace(&mut self.player_mut(who).hand, state::Hand::Empty);
        if let Some(thing) = hand.loose() {
            self.lay(at, thing);
        }
        if self.rules.code == Code::Classic {
            let n = std::mem::take(&mut self.player_mut(who).bullets);
            if n > 0 {
                self.lay(at, items::Loose::Bullets(u32::from(n)));
            }
        }
    }

    /// Seeds the master's dice (encyclopedia, modification 14: "ведущий может помещать раненого
    /// игрока в один из них случайным образом"). The rules engine draws nothing of its own: the
    /// session passes the seed in, and the game's state carries it on.
    pub fn set_luck(&mut self, seed: u64) {
        self.luck = seed;
    }

    /// The next roll of the master's dice, below `n` (n ≥ 1): splitmix64 over the saved seed, so a
    /// game read back from storage rolls the same.
    fn roll(&mut self, n: usize) -> usize {
        self.luck = self.luck.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.luck;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % n as u64) as usize
    }

    /// A player's own status (Б §6.4).
    pub fn status(&self, who: PlayerId) -> Result<Status, Refusal> {
        let p = self.player(who).ok_or(Refusal::NotAPlayer)?;
        Ok(Status {
            health: p.health,
            immune: p.immune,
            bullets: p.bullets,
            grenades: p.grenades,
            knives: p.knives,
            cement: p.cement,
            boomerang: p.boomerang,
            carrying: p.hand.kind(),
            reorders_left: p.reorders_left,
            outside: matches!(p.place, Place::Outside { .. }),
        })
    }

    /// The session's deadline passed on `who`'s turn: the turn is skipped even where §7.7 forbids
    /// skipping. A player standing outside who misses his turn has not stepped back in (Б §3.4).
    /// Nothing happens (no events) if it is not his turn.
    pub fn skip_for_deadline(&mut self, who: PlayerId) -> Vec<Told> {
        if self.check_turn(who).is_err() {
            return vec![];
        }
        if let Some(told) = self.choice_lapses(who) {
            self.player_mut(who).missed += 1;
            return told;
        }
        let mut ctx = Ctx::new(who, order::Light::Full, self.cell_of(who));
        {
            let p = self.player_mut(who);
            p.may_reorder = false;
            p.missed += 1;
        }
        self.skip(&mut ctx);
        self.end_turn(&mut ctx);
        ctx.finish()
    }

    /// Takes a player out of play, for missed turns or because he left (the online form of Б §9:
    /// "На месте его гибели остается труп и все его имущество"): he dies where he stands, leaving
    /// his corpse and everything he had; outside the maze he is simply gone. Nothing happens if he
    /// is not in play.
    pub fn remove(&mut self, who: PlayerId, why: Removal) -> Vec<Told> {
        if self.phase != Phase::Playing || !self.active(who) {
            return vec![];
        }
        if self.choosing.is_some_and(|c| c.who == who) {
            self.choosing = None;
        }
        let mut ctx = Ctx::new(who, order::Light::Full, self.cell_of(who));
        ctx.announce(Event::Removed(who, why));
        let his_turn = self.current() == Some(who);
        self.die(&mut ctx, who, false);
        self.check_end(&mut ctx);
        if his_turn && self.phase == Phase::Playing {
            self.advance(&mut ctx);
        }
        ctx.finish()
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// How the game ended, once it has.
    pub fn result(&self) -> Option<End> {
        match self.phase {
            Phase::Over(end) => Some(end),
            _ => None,
        }
    }

    /// Whose turn it is, while in play.
    pub fn current(&self) -> Option<PlayerId> {
        (self.phase == Phase::Playing)
            .then(|| self.turn_order.get(self.turn).copied())
            .flatten()
    }

    /// The round in play, from 1 (0 before the start).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The turn order drawn by lot.
    pub fn turn_order(&self) -> &[PlayerId] {
        &self.turn_order
    }

    /// A player, by seat.
    pub fn player(&self, who: PlayerId) -> Option<&Player> {
        self.players.get(usize::from(who.0))
    }

    /// All players, by seat.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// What lies on a cell (the master's knowledge: armed mines included).
    pub fn pile(&self, c: Coord) -> &Pile {
        self.piles.get(self.board.size().index(c))
    }

    /// Whether a treasure is the true one (the master's secret).
    pub fn is_true(&self, t: TreasureId) -> bool {
        self.treasures
            .get(usize::from(t.0))
            .copied()
            .unwrap_or(false)
    }

    /// The tick of an encephalitis cell.
    pub fn tick(&self, c: Coord) -> Option<Tick> {
        self.ticks.iter().find(|t| t.0 == c).map(|t| t.1)
    }

    /// Walls blown so far, in order: an inner wall as (cell, `Right` or `Down`), a closed exit as
    /// (its cell, the outward direction).
    pub fn blown(&self) -> &[(Coord, Dir)] {
        &self.blown
    }

    /// The board as it stands now (blown walls gone).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Rounds without irreversible change so far, and the Nstop that ends the game (Б §3.6).
    pub fn quiet(&self) -> (u32, u32) {
        (self.quiet_rounds, self.nstop)
    }

    /// Moves a sick player has to reach a hospital (Б §4.7), when the cure time is limited.
    pub fn cure(&self) -> u32 {
        self.cure
    }

    /// Everything in the maze now, counted on cells and in hands.
    pub fn census(&self) -> Census {
        let mut c = Census::default();
        for pile in self.piles.iter() {
            for &t in &pile.treasures {
                Self::count_treasure(&mut c, self.is_true(t));
            }
            c.bullets += pile.bullets;
            c.grenades += pile.grenades;
            c.mines += pile.mines + pile.armed;
            c.corpses += pile.corpses.len() as u32;
        }
        for p in &self.players {
            c.bullets += u32::from(p.bullets);
            c.grenades += u32::from(p.grenades);
            c.knives += u32::from(p.knives);
            c.cement += u32::from(p.cement);
            c.boomerangs += u32::from(p.boomerang);
            match p.hand {
                Hand::Empty => {}
                Hand::Treasure(t) => Self::count_treasure(&mut c, self.is_true(t)),
                Hand::Mine => c.mines += 1,
                Hand::Corpse(_) => c.corpses += 1,
            }
        }
        c
    }

    /// What the rules created and destroyed so far: `census` = the plan's items and players' kit +
    /// created − destroyed.
    pub fn ledger(&self) -> (Census, Census) {
        (self.created, self.destroyed)
    }

    fn count_treasure(c: &mut Census, true_one: bool) {
        if true_one {
            c.true_treasures += 1;
        } else {
            c.fakes += 1;
        }
    }

    fn player_mut(&mut self, who: PlayerId) -> &mut Player {
        &mut self.players[usize::from(who.0)]
    }

    fn pl(&self, who: PlayerId) -> &Player {
        &self.players[usize::from(who.0)]
    }

    fn pile_mut(&mut self, c: Coord) -> &mut Pile {
        let i = self.board.size().index(c);
        self.piles.get_mut(i)
    }

    /// The cell a player stands on, if he is in the maze.
    fn cell_of(&self, who: PlayerId) -> Option<Coord> {
        match self.player(who)?.place {
            Place::In(c) => Some(c),
            _ => None,
        }
    }

    /// Still in the game: alive and not gone (standing outside after a false treasure counts). A
    /// death and a removal are announced to all when they happen (Б §5.6), so this is public.
    pub fn active(&self, who: PlayerId) -> bool {
        self.player(who)
            .is_some_and(|p| p.health != Health::Dead && p.place != Place::Gone)
    }

    /// Everybody else standing on `who`'s cell `at`: whom a knife or a kick reaches.
    fn cellmates(&self, who: PlayerId, at: Coord) -> Vec<PlayerId> {
        let mut on = self.players_on(at);
        on.retain(|&p| p != who);
        on
    }

    /// Active players standing on a cell, by seat.
    fn players_on(&self, c: Coord) -> Vec<PlayerId> {
        (0..self.players.len() as u8)
            .map(PlayerId)
            .filter(|&p| self.active(p) && self.pl(p).place == Place::In(c))
            .collect()
    }

    fn quantum(&self) -> bool {
        self.rules.code == Code::Quantum
    }

    /// The encyclopedia's rules (seed 003).
    fn wiki(&self) -> bool {
        self.rules.code == Code::Wiki
    }

    /// A turn is one action: the quantum code (В §2.1) and the encyclopedia ("Далее игроки по
    /// очереди ходят. Они могут: перемещаться, пропускать ход, стрелять, ударить кинжалом, взорвать
    /// стену").
    fn one_action(&self) -> bool {
        self.rules.code != Code::Classic
    }

    /// The type of cell the master names to this player (Б §2.3). The immune are told "land" on
    /// encephalitis (Б §4.7), and so are the sick in the quantum code (В §4.7).
    fn seen(&self, who: PlayerId, c: Coord) -> CellSeen {
        match self.board.cell(c) {
            Cell::Land => CellSeen::Land,
            Cell::Hospital => CellSeen::Hospital,
            Cell::Arsenal => CellSeen::Arsenal,
            Cell::Pit(_) => CellSeen::Pit,
            Cell::River(_) => CellSeen::River,
            Cell::Mouth => CellSeen::Mouth,
            Cell::Encephalitis if self.tick_blind(who) => CellSeen::Land,
            Cell::Encephalitis => CellSeen::Encephalitis,
            Cell::Swamp => CellSeen::Swamp,
            // Modification 8: "Попав в Яму, игрок появляется в соответствующем ей Выходе".
            Cell::Chute(_) => CellSeen::Pit,
            Cell::Outlet(_) => CellSeen::Outlet,
        }
    }

    /// Whether the tick means nothing to this player: immune (Б §4.7), or sick in the quantum code.
    fn tick_blind(&self, who: PlayerId) -> bool {
        let p = self.pl(who);
        p.immune || (self.quantum() && matches!(p.health, Health::Sick { .. }))
    }

    /// Checks that it is `who`'s turn in a game in play.
    fn check_turn(&self, who: PlayerId) -> Result<(), Refusal> {
        if self.phase != Phase::Playing {
            return Err(Refusal::NotInPlay);
        }
        if !self.active(who) {
            return Err(Refusal::NotAPlayer);
        }
        if self.current() != Some(who) {
            return Err(Refusal::NotYourTurn);
        }
        Ok(())
    }
}
