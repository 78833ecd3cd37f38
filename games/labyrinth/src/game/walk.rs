//! Movement and what the cell a player ends on does to him (Б §2.2, §3.4, §4; В §2.2, §3.4, §4).
//!
//! Where a move ends is [`Topology::step`](crate::movement::Topology::step)'s business;
//! this module only applies the result. Things are picked up and mines met on the final cell only:
//! the entry pit and the river cells passed do not touch him (Б §4.4, §4.6).

use super::event::{Arrival, End, Event, Idle};
use super::state::{Hand, Health, Place, Rubber, Tick};
use super::turn::{Ctx, Moved};
use super::{Game, PlayerId};
use crate::board::Cell;
use crate::geometry::{Coord, Dir};
use crate::movement::{Attempt, Carry, Move, Obstacle, Outcome, Topology};

impl Game {
    /// Carries out the turn's movement.
    pub(super) fn movement(&mut self, ctx: &mut Ctx, mv: Move) {
        let who = ctx.who;
        let from = match self.pl(who).place {
            Place::In(c) => c,
            Place::Outside { exit, dir } => return self.step_back_in(ctx, mv, exit, dir),
            Place::Gone => return,
        };
        let Ok(mut outcome) = self.topology.step(&self.board, self.rules.rivers, from, mv) else {
            return; // refused before the order began (legal.rs)
        };
        if self.wiki() {
            self.pit_bump(from, &mut outcome);
        }
        let end = outcome.end(from);
        self.rubber_news(ctx, from, mv, &outcome);
        if outcome.one_way && !self.rules.play.one_way_silent {
            ctx.say(Event::OneWay);
        }
        let outer = self.wall_news(ctx, from, mv, &outcome);
        let (event, bumped) = match outcome.attempt {
            Attempt::Left { exit, dir } => return self.go_out(ctx, exit, dir),
            Attempt::Bumped(Obstacle::InflowingRiver) => (Event::InflowBlocks, true),
            // "ему говорится, что он прошел, хотя он остается на месте": he believes he walked on.
            Attempt::Bumped(Obstacle::Rubber) => {
                let cell = self.seen(who, from);
                let how = Arrival::Walked;
                (Event::Arrived { how, cell }, false)
            }
            Attempt::Bumped(Obstacle::Wall) => {
                let carried_to = match outcome.carry {
                    Carry::River { to } | Carry::Pit { to } => Some(self.seen(who, to)),
                    Carry::None => None,
                };
                (Event::Bumped { carried_to }, true)
            }
            Attempt::Moved(_) => {
                let how = Self::arrival(mv, outcome.along_river, outcome.carry);
                let cell = self.seen(who, end.unwrap_or(from));
                (Event::Arrived { how, cell }, false)
            }
        };
        let to = end.unwrap_or(from);
        let seen = self.seen(who, to);
        ctx.say(event);
        if outer {
            ctx.say(Event::OuterWall);
        }
        self.player_mut(who).place = Place::In(to);
        self.land(ctx, to, to != from);
        if let Some(m) = ctx.moved.as_mut() {
            m.seen = Some(seen);
            m.bumped = bumped;
        }
        self.bear_after_move(ctx, mv);
    }

    /// The encyclopedia: "Если из Дырки игрок ходит и упирается в стену, то ему сообщается, что
    /// «стена» и он перемещается в следующую дырку".
    fn pit_bump(&self, from: Coord, outcome: &mut Outcome) {
        let bumped = matches!(outcome.attempt, Attempt::Bumped(Obstacle::Wall));
        if let (true, Cell::Pit(_), Some(to)) =
            (bumped, self.board.cell(from), self.topology.next_pit(from))
        {
            outcome.carry = Carry::Pit { to };
        }
    }

    /// How much the master tells of walls (encyclopedia, modification 6): "не различать внутренние и
    /// внешние стенки, сообщать о прохождении через некогда взорванную стенку". The blown wall is
    /// told before the arrival; whether the wall bumped is the outer one is returned, to be told
    /// after the bump.
    fn wall_news(&self, ctx: &mut Ctx, from: Coord, mv: Move, outcome: &Outcome) -> bool {
        let Move::Step(d) = mv else {
            return false;
        };
        let play = &self.rules.play;
        match outcome.attempt {
            Attempt::Moved(_) if play.blown_told && self.was_blown(from, d) => {
                ctx.say(Event::ThroughBlown);
                false
            }
            Attempt::Bumped(Obstacle::Wall) => {
                play.outer_wall_told && self.board.neighbour(from, d).is_none()
            }
            _ => false,
        }
    }

    /// Rubber walls (encyclopedia, modification 4): a bump into one is remembered; "Когда игрок
    /// поменяет направление движения, и в новом направлении не будет резиновой стены, то ему
    /// сообщается, что до этого была резиновая стена. Если резиновая стена была в трех направлениях,
    /// то после выхода из «резиновой комнаты» игроку говорят, что он был в резиновой комнате".
    fn rubber_news(&mut self, ctx: &mut Ctx, from: Coord, mv: Move, outcome: &Outcome) {
        let memo = self.player_mut(ctx.who).rubber.take();
        let mut memo = memo.filter(|m| m.at == from).unwrap_or(Rubber {
            at: from,
            dirs: vec![],
            told: true,
        });
        if let (Attempt::Bumped(Obstacle::Rubber), Move::Step(d)) = (outcome.attempt, mv) {
            if !memo.dirs.contains(&d) {
                memo.dirs.push(d);
            }
            memo.told = false;
            self.player_mut(ctx.who).rubber = Some(memo);
            return;
        }
        let left = outcome.end(from) != Some(from);
        let room = left && memo.dirs.len() >= 3;
        if room || !memo.told {
            ctx.say(Event::WasRubber { room });
            memo.told = true;
        }
        if !left && !memo.dirs.is_empty() {
            self.player_mut(ctx.who).rubber = Some(memo);
        }
    }

    /// How the master words the movement (Б §4.4, §4.6; В §4.6).
    fn arrival(mv: Move, along_river: bool, carry: Carry) -> Arrival {
        match (mv, carry) {
            (Move::Cycle, _) => Arrival::AlongCycle,
            (Move::Current, _) => Arrival::WithCurrent,
            (_, Carry::Pit { .. }) => Arrival::ThroughPit,
            (_, Carry::River { .. }) => Arrival::CarriedByRiver,
            _ if along_river => Arrival::AlongRiver,
            _ => Arrival::Walked,
        }
    }

    /// The end of a movement on cell `to`. One that left him where he was (a bump, a deep river taking
    /// him back) arrives nowhere: he does not pick up again what he has just left. One that changed his
    /// cell runs a sick player's cure time down (Б §4.7), and the cell acts on him.
    fn land(&mut self, ctx: &mut Ctx, to: Coord, productive: bool) {
        let who = ctx.who;
        ctx.moved = Some(Moved::default());
        if !productive {
            return;
        }
        self.cure_tick(who);
        let began_elsewhere = ctx.began_on != Some(to);
        self.arrive(ctx, to, began_elsewhere);
        if self.active(who) {
            self.cure_deadline(ctx, who);
        }
    }

    /// Outside after a false treasure (or none): only the step back in through the same exit saves
    /// him; any other movement and he is out of the game (Б §3.4).
    fn step_back_in(&mut self, ctx: &mut Ctx, mv: Move, exit: Coord, dir: Dir) {
        if mv != Move::Step(dir.opposite()) {
            return self.lose(ctx);
        }
        let who = ctx.who;
        let cell = self.seen(who, exit);
        ctx.say(Event::Arrived {
            how: Arrival::Walked,
            cell,
        });
        self.player_mut(who).place = Place::In(exit);
        self.land(ctx, exit, true);
        if let Some(m) = ctx.moved.as_mut() {
            m.seen = Some(cell);
        }
    }

    /// Walked out through an open exit (Б §3.4): with the true treasure he wins; a false one turns to
    /// dust; carried mines and corpses vanish (Б §5.2). Either way he stands outside and must step back
    /// in on his next move.
    fn go_out(&mut self, ctx: &mut Ctx, exit: Coord, dir: Dir) {
        let who = ctx.who;
        ctx.say(Event::WentOut);
        ctx.moved = Some(Moved::default());
        self.cure_tick(who);
        let hand = std::mem::replace(&mut self.player_mut(who).hand, Hand::Empty);
        self.player_mut(who).place = Place::Outside { exit, dir };
        match hand {
            Hand::Treasure(t) if self.is_true(t) && self.rules.play.win_all => {
                return self.bank(ctx, exit);
            }
            Hand::Treasure(t) if self.is_true(t) => {
                self.player_mut(who).hand = hand;
                self.changed = true;
                return self.over(ctx, End::Treasure(who));
            }
            Hand::Treasure(_) => {
                self.destroyed.fakes += 1;
                self.changed = true;
                ctx.say(Event::Dust);
                if self.rules.several_treasures {
                    return self.back_in(ctx, exit);
                }
            }
            Hand::Mine => self.destroyed.mines += 1,
            Hand::Corpse(_) => self.destroyed.corpses += 1,
            Hand::Empty => {}
        }
        self.cure_deadline(ctx, who);
    }

    /// Encyclopedia, modification 9, winning by all: the true treasure carried out is his to keep,
    /// and he goes back in; when none is left in the maze, the one who carried out most wins.
    fn bank(&mut self, ctx: &mut Ctx, exit: Coord) {
        let who = ctx.who;
        self.player_mut(who).banked += 1;
        self.destroyed.true_treasures += 1;
        self.changed = true;
        let left = self.census().true_treasures;
        let mine = self.pl(who).banked;
        ctx.say(Event::Banked { mine, left });
        if left > 0 {
            return self.back_in(ctx, exit);
        }
        self.all_out(ctx);
    }

    /// No true treasure is left to carry out: the one who carried out the most wins (modification 9).
    fn all_out(&mut self, ctx: &mut Ctx) {
        let best = self.players.iter().map(|p| p.banked).max().unwrap_or(0);
        let mut top = (0..self.players.len() as u8)
            .map(PlayerId)
            .filter(|&p| self.pl(p).banked == best);
        let end = match (top.next(), top.next()) {
            (Some(p), None) => End::MostTreasures(p),
            _ => End::DrawTreasuresShared,
        };
        self.over(ctx, end);
    }

    /// A true treasure is lost for good (Б §4.6, §5.2): a draw, unless others are still in the maze
    /// (encyclopedia, modification 9) or, winning by all, some were carried out already.
    pub(super) fn treasure_lost(&mut self, ctx: &mut Ctx) {
        if self.census().true_treasures > self.stranded() {
            return;
        }
        if self.rules.play.win_all && self.players.iter().any(|p| p.banked > 0) {
            return self.all_out(ctx);
        }
        self.over(ctx, End::DrawTreasureLost);
    }

    /// True treasures lying where nobody can ever stand (Б §4.6), unless things float (§7.4).
    fn stranded(&self) -> u32 {
        if self.rules.play.floating_items {
            return 0;
        }
        self.board
            .cells()
            .filter(|&(c, _)| Topology::never_stood_on(&self.board, self.rules.rivers, c))
            .flat_map(|(c, _)| self.pile(c).treasures.clone())
            .filter(|&t| self.is_true(t))
            .count() as u32
    }

    /// Encyclopedia, modification 9: "игрок возвращается в лабиринт" — on the exit cell he left by,
    /// at once, instead of standing outside.
    fn back_in(&mut self, ctx: &mut Ctx, exit: Coord) {
        let who = ctx.who;
        self.player_mut(who).place = Place::In(exit);
        ctx.say(Event::BackIn);
        self.cure_deadline(ctx, who);
    }

    /// He did not step back in (Б §3.4): out of the game, and what he had is lost outside (Б §5.2).
    pub(super) fn lose(&mut self, ctx: &mut Ctx) {
        let who = ctx.who;
        self.vanish_kit(who);
        self.player_mut(who).place = Place::Gone;
        ctx.announce(Event::Lost(who));
        self.check_end(ctx);
    }

    /// Everything a player outside carries is lost (Б §5.2).
    pub(super) fn vanish_kit(&mut self, who: PlayerId) {
        let p = self.player_mut(who);
        let (bullets, grenades) = (p.bullets, p.grenades);
        let hand = std::mem::replace(&mut p.hand, Hand::Empty);
        p.bullets = 0;
        p.grenades = 0;
        self.destroyed.bullets += u32::from(bullets);
        self.destroyed.grenades += u32::from(grenades);
        match hand {
            Hand::Treasure(t) if self.is_true(t) => self.destroyed.true_treasures += 1,
            Hand::Treasure(_) => self.destroyed.fakes += 1,
            Hand::Mine => self.destroyed.mines += 1,
            Hand::Corpse(_) => self.destroyed.corpses += 1,
            Hand::Empty => {}
        }
    }

    /// A player arrives on a cell: by a movement, a start or a re-order. In order: a mine explodes
    /// under whoever began his turn elsewhere (Б §5.7); a hospital heals and cremates (Б §4.2); an
    /// arsenal refills (Б §4.3); the tick wakes or infects (Б §4.7); then he picks up what he can
    /// (Б §5.1, §5.3).
    pub(super) fn arrive(&mut self, ctx: &mut Ctx, at: Coord, began_elsewhere: bool) {
        let who = ctx.who;
        if began_elsewhere && self.pile(at).armed > 0 {
            self.explode(ctx, at);
        }
        if !self.active(who) {
            return;
        }
        match self.board.cell(at) {
            Cell::Hospital => self.hospital(ctx, who),
            // "Пришел в Арсенал, у тебя 3 пули, 3 гранаты" (Б §4.3): said on arriving, or whenever the
            // arsenal adds something.
            Cell::Arsenal if !ctx.decline_refill => {
                let added = self.refill(who);
                let p = self.pl(who);
                let (bullets, grenades) = (p.bullets, p.grenades);
                let knives = self.wiki().then_some(p.knives);
                if added || ctx.began_on != Some(at) {
                    ctx.say(Event::Refilled {
                        bullets,
                        grenades,
                        knives,
                    });
                    if let Some(extras) = self.extras_told(who) {
                        ctx.say(extras);
                    }
                }
            }
            Cell::Encephalitis => self.wake_tick(ctx, at),
            // Encyclopedia, modification 17: "Попав в неё игрок теряет ход".
            Cell::Swamp => self.player_mut(who).idle.push(Idle::Swamp),
            _ => {}
        }
        if self.infectious(at) {
            self.infect(ctx, who);
        }
        if self.active(who) {
            self.pick_up(ctx, at);
        }
    }

    /// The first visitor wakes the tick (Б §4.7). The immune (and in В the sick) wake it too, but it
    /// is land to them, so they are not told.
    fn wake_tick(&mut self, ctx: &mut Ctx, at: Coord) {
        let round = self.round;
        let who = ctx.who;
        let blind = self.tick_blind(who);
        if let Some((_, tick)) = self.ticks.iter_mut().find(|t| t.0 == at)
            && *tick == Tick::Asleep
        {
            *tick = Tick::Woken { round, by: who };
            ctx.woke = true;
            if !blind {
                ctx.say(Event::TickWoken);
            }
        }
    }

    /// Whether the cell infects the susceptible (Б §4.7, §5.6): an awake tick, or a sick player's
    /// corpse lying there or carried by someone standing there.
    pub(super) fn infectious(&self, at: Coord) -> bool {
        matches!(self.tick(at), Some(Tick::Awake))
            || self.pile(at).corpses.iter().any(|c| c.infectious)
            || self.players.iter().any(|p| {
                p.place == Place::In(at)
                    && p.health != Health::Dead
                    && matches!(p.hand, Hand::Corpse(c) if c.infectious)
            })
    }

    /// A hospital heals the wounded and the sick, the sick becoming immune (Б §4.2, §4.7), and takes a
    /// carried corpse away to be cremated (Б §4.2).
    fn hospital(&mut self, ctx: &mut Ctx, who: PlayerId) {
        if matches!(self.pl(who).health, Health::Wounded | Health::Sick { .. }) {
            self.heal(ctx, who);
        }
        if let Hand::Corpse(_) = self.pl(who).hand {
            self.player_mut(who).hand = Hand::Empty;
            self.destroyed.corpses += 1;
            ctx.say(Event::Cremated);
        }
    }
}
