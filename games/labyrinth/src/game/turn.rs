//! Turns, rounds and the end of the game (Б §2.1, §3, §6.2, §6.5–§6.8; В §2.1, §3, §6.5–§6.7).

use super::event::{Audience, CellSeen, End, Event, Told};
use super::order::{Action, Condition, Light, Order, Part, Pick, ThingKind};
use super::state::{Health, Place, Tick};
use super::{Game, Phase, PlayerId};
use crate::board::Cell;
use crate::movement::{Attempt, Carry, Move};

/// What the movement of this turn showed, for conditions (Б §6.5) and half-dark orders (Б §6.8).
#[derive(Clone, Debug, Default)]
pub(super) struct Moved {
    /// The cell he ended on, as he is told it; `None` outside the maze.
    pub seen: Option<CellSeen>,
    /// He bumped into a wall (or an inflowing river).
    pub bumped: bool,
    /// What he found where he ended.
    pub found: Vec<ThingKind>,
}

/// One turn (or a start, or a re-order) in progress: who acts, what has been told so far, and what
/// the rules need to remember until the turn ends.
pub(super) struct Ctx {
    /// The acting player.
    pub who: PlayerId,
    /// Where he began his turn; `None` outside the maze (Б §5.7: mines go off under whoever began his
    /// turn elsewhere).
    pub began_on: Option<crate::geometry::Coord>,
    /// How much of his order's result he is told.
    pub light: Light,
    /// Which treasure to carry (Б §5.8).
    pub pick: Pick,
    /// No refill in an arsenal (Б §4.3).
    pub decline_refill: bool,
    /// Everything the order's results say goes to him alone (a re-order, Б §5.5).
    pub private: bool,
    /// The movement's outcome, once it happened.
    pub moved: Option<Moved>,
    /// He woke a tick this turn (Б §4.7).
    pub woke: bool,
    /// Players a bullet of this turn laid low: a second bullet cannot reach them (Б §5.5).
    pub fallen: Vec<PlayerId>,
    /// The turn was a skip (Б §6.6), or a quantum shot without bullets, which is one (В §5.5).
    pub skipped: bool,
    /// The last rival fell during this turn: the §7.9 moves start with the next one.
    pub alone_now: bool,
    /// A choice among treasures the order left open on this cell, to ask once it is carried out
    /// (Б §5.8).
    pub ask: Option<crate::geometry::Coord>,
    /// Told so far; `true` marks the results of his order, which dark orders keep to themselves.
    out: Vec<(bool, Told)>,
}

impl Ctx {
    /// A turn of `who`, begun on `began_on`.
    pub fn new(who: PlayerId, light: Light, began_on: Option<crate::geometry::Coord>) -> Ctx {
        Ctx {
            who,
            began_on,
            light,
            pick: Pick::Keep,
            decline_refill: false,
            private: false,
            moved: None,
            woke: false,
            fallen: vec![],
            skipped: false,
            alone_now: false,
            ask: None,
            out: vec![],
        }
    }

    /// A result of the acting player's order: told to all (to him alone in a re-order), and not at all
    /// in a dark order (Б §6.7).
    pub fn say(&mut self, event: Event) {
        let to = if self.private {
            Audience::Player(self.who)
        } else {
            Audience::All
        };
        self.push(true, to, event);
    }

    /// What the master says to everybody whatever the order's light: deaths, turns, rounds, the end.
    pub fn announce(&mut self, event: Event) {
        self.push(false, Audience::All, event);
    }

    /// What the master tells one player privately whatever the order's light.
    pub fn tell(&mut self, who: PlayerId, event: Event) {
        self.push(false, Audience::Player(who), event);
    }

    fn push(&mut self, result: bool, to: Audience, event: Event) {
        self.out.push((result, Told { to, event }));
    }

    /// Everything to tell, the order's light applied: a dark order's results are replaced by "accepted"
    /// (Б §6.7), a half-dark one's by whether he bumped into a wall (Б §6.8).
    pub fn finish(self) -> Vec<Told> {
        let summary = match self.light {
            Light::Full => None,
            Light::Dark => Some(Event::DarkAccepted),
            Light::HalfDark => Some(Event::HalfDark {
                wall: self.moved.as_ref().is_some_and(|m| m.bumped),
            }),
        };
        let Some(summary) = summary else {
            return self.out.into_iter().map(|(_, t)| t).collect();
        };
        let mut told = vec![Told {
            to: Audience::Player(self.who),
            event: summary,
        }];
        told.extend(self.out.into_iter().filter(|(r, _)| !r).map(|(_, t)| t));
        told
    }
}

impl Game {
    /// Carries out the parts of an accepted order in turn, until the order ends, the game ends or the
    /// player is out. Conditions are tested when reached (Б §6.5).
    pub(super) fn run(&mut self, ctx: &mut Ctx, order: &Order) {
        for part in &order.parts {
            match part {
                Part::Do(a) => self.act(ctx, a),
                Part::If(cond, actions) => {
                    if self.holds(ctx, *cond) {
                        for a in actions {
                            self.act(ctx, a);
                        }
                    }
                }
            }
        }
        // Б §3.4: whoever stood outside and did not step back in with this turn is out of the game.
        if ctx.began_on.is_none() && matches!(self.pl(ctx.who).place, Place::Outside { .. }) {
            self.lose(ctx);
        }
    }

    fn act(&mut self, ctx: &mut Ctx, action: &Action) {
        if self.phase != Phase::Playing || !self.active(ctx.who) {
            return;
        }
        let outside = matches!(self.pl(ctx.who).place, Place::Outside { .. });
        match *action {
            Action::Move(mv) => self.movement(ctx, mv),
            Action::Skip => self.skip(ctx),
            // Б §2.1 allows any action before or after the movement, and §3.4 asks only that the
            // movement bring him back in: a shot from outside flies in through his exit.
            Action::Shoot { aim, target } => self.shoot(ctx, aim, target),
            _ if outside => ctx.say(Event::Cannot(super::event::Cannot::Outside)),
            Action::Blow(d) => self.blow(ctx, d),
            Action::Leave(thing) => self.leave(ctx, thing),
            Action::Throw(thing, d) => self.throw(ctx, thing, d),
            Action::SetMine(d) => self.set_mine(ctx, d),
            Action::Stab => self.stab(ctx),
            Action::Kick => self.kick(ctx),
            Action::Build(d) => self.build(ctx, d),
            Action::Boomerang(d) => self.boomerang(ctx, d),
        }
    }

    /// A skipped turn (Б §6.6, В §6.5); outside the maze it is a failure to step back in (Б §3.4).
    pub(super) fn skip(&mut self, ctx: &mut Ctx) {
        ctx.skipped = true;
        if matches!(self.pl(ctx.who).place, Place::Outside { .. }) {
            return self.lose(ctx);
        }
        ctx.say(Event::Skipped);
        if let Some(drift) = self.wiki_drift(ctx.who) {
            self.movement(ctx, drift);
        }
    }

    /// Where a skip takes an encyclopedia player: "Игрок, также может пропустить ход, переместившись
    /// в следующую дырку"; in a river he skips "плывя по течению".
    pub(super) fn wiki_drift(&self, who: PlayerId) -> Option<Move> {
        if !self.wiki() {
            return None;
        }
        match self.board.cell(self.cell_of(who)?) {
            Cell::Pit(_) => Some(Move::Cycle),
            Cell::River(_) => Some(Move::Current),
            _ => None,
        }
    }

    /// Whether a condition holds on the outcome of the turn so far (Б §6.5). Before the movement none
    /// of them does: nothing was found, landed on, or bumped into yet.
    fn holds(&self, ctx: &Ctx, cond: Condition) -> bool {
        let Some(m) = &ctx.moved else {
            return false;
        };
        match cond {
            Condition::Found(kind) => m.found.contains(&kind),
            Condition::Landed(seen) => m.seen == Some(seen),
            Condition::Bumped => m.bumped,
            Condition::NotBumped => !m.bumped,
        }
    }

    /// Keeps the order if it changed nothing, for §7.7: a lone movement that bumped and stayed.
    pub(super) fn remember(&mut self, ctx: &Ctx, order: &Order) {
        let lone_move =
            order.actions().count() == 1 && order.actions().all(|a| matches!(a, Action::Move(_)));
        let stayed =
            ctx.moved.as_ref().is_some_and(|m| m.bumped) && self.cell_of(ctx.who) == ctx.began_on;
        let futile = (lone_move && stayed).then(|| order.clone());
        self.player_mut(ctx.who).futile = futile;
    }

    /// Whether the §7.7 ban on repeats refuses this order: it repeats his last futile one, and the
    /// movement would still bump without anything carrying him.
    pub(super) fn is_repeat(&self, who: PlayerId, order: &Order) -> bool {
        if !self.rules.play.forbid_repeats || self.pl(who).futile.as_ref() != Some(order) {
            return false;
        }
        let (Some(from), Some(Action::Move(mv))) = (self.cell_of(who), order.actions().next())
        else {
            return false;
        };
        let mv: Move = *mv;
        self.topology
            .step(&self.board, self.rules.rivers, from, mv)
            .is_ok_and(|o| matches!(o.attempt, Attempt::Bumped(_)) && o.carry == Carry::None)
    }

    /// What happens when a player's turn ends: standing on an infectious cell infects him (Б §4.7),
    /// the §7.9 grace runs down, and the turn passes on.
    ///
    /// Б §4.7 says the waker "должен немедленно (первым же ходом) покинуть опасную клетку": one who
    /// woke a tick on an earlier turn (or at the start) and still stands on it when his next turn ends
    /// falls sick even if the round has not turned yet.
    pub(super) fn end_turn(&mut self, ctx: &mut Ctx) {
        if self.phase != Phase::Playing {
            return;
        }
        let who = ctx.who;
        if !ctx.skipped {
            self.acted = true;
        }
        if let Some(c) = self.cell_of(who).filter(|_| self.active(who)) {
            let stayed_on_his_tick =
                !ctx.woke && matches!(self.tick(c), Some(Tick::Woken { by, .. }) if by == who);
            if self.infectious(c) || stayed_on_his_tick {
                self.infect(ctx, who);
            }
        }
        self.check_end(ctx);
        if let (Some(left), true) = (self.grace, self.phase == Phase::Playing && !ctx.alone_now) {
            let left = left.saturating_sub(1);
            self.grace = Some(left);
            if left == 0 {
                // §7.9: the last one standing did not carry the treasure out in time.
                self.over(ctx, End::DrawNobodyLeft);
            }
        }
        if self.phase == Phase::Playing {
            self.advance(ctx);
        }
    }

    /// Passes the turn to the next player still in the game, beginning a new round when everyone has
    /// had his turn.
    pub(super) fn advance(&mut self, ctx: &mut Ctx) {
        let n = self.turn_order.len();
        let mut i = self.turn;
        for _ in 0..=2 * n {
            i += 1;
            if i >= n {
                i = 0;
                self.new_round(ctx);
                if self.phase != Phase::Playing {
                    return;
                }
            }
            let next = self.turn_order[i];
            if self.active(next) && !self.sits_out(ctx, next) {
                self.turn = i;
                self.begin_turn(ctx);
                return;
            }
        }
        self.over(ctx, End::DrawNobodyLeft);
    }

    /// Announces the turn; a player wounded since his last turn is told so now (unless the shot's
    /// answer named him, В §5.5), and offered a new cell (Б §5.5: only on this turn; N−1 times a
    /// game; Б §7.5 may deny it after a mine).
    ///
    /// One wounded outside the maze (a bullet out of an open exit) is offered it too: §5.5 offers it to
    /// every wounded player, and the new cell is inside the maze, which is all §3.4 asks of his turn.
    pub(super) fn begin_turn(&mut self, ctx: &mut Ctx) {
        let Some(who) = self.current() else {
            return;
        };
        ctx.announce(Event::Turn(who));
        let play = self.rules.play.clone();
        let p = self.player_mut(who);
        if let (true, Health::Sick { moves_left }) = (std::mem::take(&mut p.sick_pending), p.health)
        {
            ctx.tell(who, Event::Infected { moves: moves_left });
        }
        let named = std::mem::take(&mut p.wound_named);
        if !std::mem::take(&mut p.wound_pending) || p.health != Health::Wounded {
            return;
        }
        let may =
            play.reorders && p.reorders_left > 0 && (!p.wound_by_mine || play.reorder_after_mine);
        p.may_reorder = may;
        let left = p.reorders_left.saturating_sub(1);
        if !named {
            ctx.announce(Event::WoundedNotice(who));
        }
        if may {
            ctx.tell(who, Event::ReorderOffer { left });
        }
    }

    /// A new round (everyone still in the game has had a turn): woken ticks become infectious
    /// (Б §4.7), floating things drift (§7.4), and the draws of Б §3.6 and §6.6 are judged.
    ///
    /// Б §3.6 has the master count quiet rounds aloud; he does so for the last three before Nstop
    /// (`Quiet`). An Nstop of 0 counts nothing. A round of skips — deadline skips and quantum shots
    /// without bullets included (В §5.5) — is a draw before it is a quiet round.
    fn new_round(&mut self, ctx: &mut Ctx) {
        for (_, tick) in &mut self.ticks {
            if let Tick::Woken { .. } = tick {
                *tick = Tick::Awake;
            }
        }
        if self.rules.play.floating_items {
            self.drift();
        }
        self.bear_round(ctx);
        if self.phase != Phase::Playing {
            return;
        }
        self.quiet_rounds = if std::mem::take(&mut self.changed) {
            0
        } else {
            self.quiet_rounds + 1
        };
        if !std::mem::take(&mut self.acted) {
            return self.over(ctx, End::DrawAllSkipped);
        }
        if self.nstop > 0 && self.quiet_rounds >= self.nstop {
            return self.over(ctx, End::DrawNstop);
        }
        self.round += 1;
        ctx.announce(Event::Round(self.round));
        if self.nstop > 0 && self.quiet_rounds > 0 && self.quiet_rounds + 3 >= self.nstop {
            ctx.announce(Event::Quiet(self.quiet_rounds));
        }
    }

    /// Ends the game when nobody, or one player only, is left (Б §3.5, §7.9). A game begun alone (a
    /// test, a solitary puzzle) has no rivals to outlive: it goes on until the treasure or a draw.
    pub(super) fn check_end(&mut self, ctx: &mut Ctx) {
        if self.phase != Phase::Playing {
            return;
        }
        let mut left = (0..self.players.len() as u8)
            .map(PlayerId)
            .filter(|&p| self.active(p));
        match (left.next(), left.next()) {
            (None, _) => self.over(ctx, End::DrawNobodyLeft),
            (Some(last), None) if self.players.len() > 1 => {
                let moves = self.rules.play.last_standing_moves;
                if moves == 0 {
                    self.over(ctx, End::LastStanding(last));
                } else if self.grace.is_none() {
                    self.grace = Some(moves);
                    ctx.alone_now = true;
                    ctx.announce(Event::Alone { moves });
                }
            }
            _ => {}
        }
    }

    /// The game is over.
    pub(super) fn over(&mut self, ctx: &mut Ctx, end: End) {
        if self.phase == Phase::Playing {
            self.phase = Phase::Over(end);
            self.choosing = None;
            ctx.announce(Event::Over(end));
        }
    }
}
