//! Things: picking up, leaving, throwing, mines, and what the cells do to them (Б §4.2, §4.3, §5;
//! В §4.2, §4.3, §5).

use super::event::{Cannot, Event};
use super::order::{Light, Pick, Thing, ThingKind};
use super::state::{Corpse, Hand, Pile, TreasureId};
use super::turn::Ctx;
use super::{Game, PlayerId};
use crate::board::{Border, Cell, Side};
use crate::geometry::{Coord, Dir};
use crate::movement::Topology;
use crate::ruleset::RiverKind;
use crate::stock::Supply;

/// Most bullets, and most grenades, a player carries (Б §5.1).
pub(super) const FULL: u8 = 3;

/// A thing off a player's hands: lying, falling or flying.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Loose {
    /// A treasure.
    Treasure(TreasureId),
    /// A corpse.
    Corpse(Corpse),
    /// An unarmed mine.
    Mine,
    /// An armed mine.
    Armed,
    /// Bullets.
    Bullets(u32),
    /// Grenades.
    Grenades(u32),
}

impl Loose {
    /// The hand item this is, if it goes in the hand.
    fn to_hand(self) -> Option<Hand> {
        match self {
            Loose::Treasure(t) => Some(Hand::Treasure(t)),
            Loose::Corpse(c) => Some(Hand::Corpse(c)),
            Loose::Mine => Some(Hand::Mine),
            _ => None,
        }
    }
}

/// The value of what fills the one big slot: corpse < mine < treasure (Б §5.1).
pub(super) fn rank(h: Hand) -> u8 {
    match h {
        Hand::Empty => 0,
        Hand::Corpse(_) => 1,
        Hand::Mine => 2,
        Hand::Treasure(_) => 3,
    }
}

impl Hand {
    /// The hand item as a loose thing.
    pub(super) fn loose(self) -> Option<Loose> {
        match self {
            Hand::Empty => None,
            Hand::Treasure(t) => Some(Loose::Treasure(t)),
            Hand::Mine => Some(Loose::Mine),
            Hand::Corpse(c) => Some(Loose::Corpse(c)),
        }
    }
}

impl Thing {
    /// The kind of thing, as named in events.
    pub(super) fn kind(self) -> ThingKind {
        match self {
            Thing::Treasure => ThingKind::Treasure,
            Thing::Corpse => ThingKind::Corpse,
            Thing::Mine => ThingKind::Mine,
            Thing::Bullets(_) => ThingKind::Bullets,
            Thing::Grenades(_) => ThingKind::Grenades,
        }
    }
}

impl Game {
    /// Lays a thing on a cell and returns where it stays, `None` if the cell destroyed it.
    ///
    /// A hospital cremates corpses (Б §4.2); an arsenal or a hospital disarms mines (Б §5.7); with
    /// floating things in torrential rivers, whatever falls in a river is at its mouth at once (§7.4).
    pub(super) fn lay(&mut self, at: Coord, thing: Loose) -> Option<Coord> {
        let at = self.float_to_mouth(at);
        let cell = self.board.cell(at);
        let depot = matches!(cell, Cell::Hospital | Cell::Arsenal);
        let pile = self.pile_mut(at);
        match thing {
            Loose::Corpse(_) if cell == Cell::Hospital => {
                self.destroyed.corpses += 1;
                return None;
            }
            Loose::Corpse(c) => pile.corpses.push(c),
            Loose::Treasure(t) => pile.treasures.push(t),
            Loose::Mine => pile.mines += 1,
            Loose::Armed if depot => pile.mines += 1,
            Loose::Armed => pile.armed += 1,
            Loose::Bullets(n) => pile.bullets += n,
            Loose::Grenades(n) => pile.grenades += n,
        }
        Some(at)
    }

    /// Torrential rivers with floating things: a thing in the river is at the mouth at once (§7.4).
    fn float_to_mouth(&self, at: Coord) -> Coord {
        let torrent = self.rules.play.floating_items && self.rules.rivers == RiverKind::Torrential;
        match (torrent, self.board.cell(at)) {
            (true, Cell::River(_)) => self.topology.river_end(at).unwrap_or(at),
            _ => at,
        }
    }

    /// Counts a thing destroyed (thrown out of the maze, lost outside).
    pub(super) fn destroy(&mut self, thing: Loose) {
        let d = &mut self.destroyed;
        match thing {
            Loose::Treasure(t) => {
                if self
                    .treasures
                    .get(usize::from(t.0))
                    .copied()
                    .unwrap_or(false)
                {
                    d.true_treasures += 1;
                } else {
                    d.fakes += 1;
                }
            }
            Loose::Corpse(_) => d.corpses += 1,
            Loose::Mine | Loose::Armed => d.mines += 1,
            Loose::Bullets(n) => d.bullets += n,
            Loose::Grenades(n) => d.grenades += n,
        }
    }

    /// Takes a thing out of a player's hands, if he has it.
    fn take_thing(&mut self, who: PlayerId, thing: Thing) -> Option<Loose> {
        let p = self.player_mut(who);
        match (thing, p.hand) {
            (Thing::Treasure, Hand::Treasure(_))
            | (Thing::Corpse, Hand::Corpse(_))
            | (Thing::Mine, Hand::Mine) => std::mem::replace(&mut p.hand, Hand::Empty).loose(),
            (Thing::Bullets(n), _) if n >= 1 && n <= p.bullets => {
                p.bullets -= n;
                Some(Loose::Bullets(u32::from(n)))
            }
            (Thing::Grenades(n), _) if n >= 1 && n <= p.grenades => {
                p.grenades -= n;
                Some(Loose::Grenades(u32::from(n)))
            }
            _ => None,
        }
    }

    /// Leaves a thing on his own cell (Б §5.2).
    pub(super) fn leave(&mut self, ctx: &mut Ctx, thing: Thing) {
        let Some(at) = self.cell_of(ctx.who) else {
            return;
        };
        let Some(loose) = self.take_thing(ctx.who, thing) else {
            return ctx.say(Event::Cannot(Cannot::NotCarrying(thing.kind())));
        };
        ctx.say(Event::LeftHere(thing));
        self.lay(at, loose);
    }

    /// Throws a thing to the neighbouring cell (Б §5.2): toward a wall it falls at his feet; through an
    /// open exit it is gone, and the true treasure gone is a draw.
    pub(super) fn throw(&mut self, ctx: &mut Ctx, thing: Thing, d: Dir) {
        let Some(from) = self.cell_of(ctx.who) else {
            return;
        };
        let Some(loose) = self.take_thing(ctx.who, thing) else {
            return ctx.say(Event::Cannot(Cannot::NotCarrying(thing.kind())));
        };
        match (self.board.side(from, d), self.board.neighbour(from, d)) {
            (Side::Border(Border::Exit), _) => {
                ctx.say(Event::Thrown(thing, d));
                self.destroy(loose);
                if matches!(loose, Loose::Treasure(t) if self.is_true(t)) {
                    self.treasure_lost(ctx);
                }
            }
            (side, Some(to)) if !side.blocks(d) => {
                ctx.say(Event::Thrown(thing, d));
                self.land_thrown(ctx, to, loose);
            }
            _ => {
                ctx.say(Event::AtFeet(thing));
                self.land_thrown(ctx, from, loose);
            }
        }
    }

    /// A thrown thing lands: a corpse sets off an armed mine (Б §5.7) — one thrown at a wall, falling at
    /// his own feet, too; a corpse left gently on the cell does not. The true treasure on a cell no one
    /// can ever stand on is lost, a draw (Б §4.6, §5.2), unless things float down to the mouth (§7.4).
    fn land_thrown(&mut self, ctx: &mut Ctx, at: Coord, thing: Loose) {
        let Some(at) = self.lay(at, thing) else {
            return;
        };
        if matches!(thing, Loose::Corpse(_)) && self.pile(at).armed > 0 {
            self.explode(ctx, at);
        }
        let unreachable = !self.rules.play.floating_items
            && Topology::never_stood_on(&self.board, self.rules.rivers, at);
        if unreachable && matches!(thing, Loose::Treasure(t) if self.is_true(t)) {
            self.treasure_lost(ctx);
        }
    }

    /// Arms his mine and sets it on his cell, or throws it armed to a neighbour (Б §5.7). Toward a wall
    /// it lands on his own cell, silently; out of an open exit it is disarmed by the outer guard.
    pub(super) fn set_mine(&mut self, ctx: &mut Ctx, d: Option<Dir>) {
        let who = ctx.who;
        let Some(from) = self.cell_of(who) else {
            return;
        };
        if self.pl(who).hand != Hand::Mine {
            return ctx.say(Event::Cannot(Cannot::NoMine));
        }
        self.player_mut(who).hand = Hand::Empty;
        let target = match d {
            None => Some(from),
            Some(d) => match (self.board.side(from, d), self.board.neighbour(from, d)) {
                (Side::Border(Border::Exit), _) => None,
                (side, Some(to)) if !side.blocks(d) => Some(to),
                _ => Some(from),
            },
        };
        match target {
            Some(at) => {
                self.lay(at, Loose::Armed);
            }
            None => self.destroy(Loose::Armed),
        }
        ctx.say(Event::MineSet);
    }

    /// Armed mines go off on this cell (Б §5.7): every bullet and mine here, loose or carried, is
    /// destroyed (grenades, corpses and treasures are not), and everybody here is wounded — killed if
    /// already wounded or sick.
    pub(super) fn explode(&mut self, ctx: &mut Ctx, at: Coord) {
        let pile = self.pile_mut(at);
        let (mines, bullets) = (pile.armed + pile.mines, pile.bullets);
        pile.armed = 0;
        pile.mines = 0;
        pile.bullets = 0;
        self.destroyed.mines += mines;
        self.destroyed.bullets += bullets;
        ctx.say(Event::MineExploded);
        for q in self.players_on(at) {
            let p = self.player_mut(q);
            let bullets = std::mem::take(&mut p.bullets);
            let mine = p.hand == Hand::Mine;
            if mine {
                p.hand = Hand::Empty;
            }
            self.destroyed.bullets += u32::from(bullets);
            self.destroyed.mines += u32::from(mine);
            self.wound(ctx, q, true, true);
        }
    }

    /// A player who arrives picks up all he can (Б §5.1, §5.3): bullets and grenades up to 3 each, and
    /// in his one slot the most valuable thing, a lower one left here in exchange. Among treasures
    /// `pick` chooses (Б §5.8); equal ranks are not exchanged. He is told what lies here ("нашел …",
    /// Б §5.2) before he takes it, even when he may take none of it (the classic wounded and sick);
    /// at the start these words follow his `StartsOn` to all.
    pub(super) fn pick_up(&mut self, ctx: &mut Ctx, at: Coord) {
        let who = ctx.who;
        let fresh = ctx.began_on != Some(at);
        let found = Self::visible(self.pile(at));
        if fresh && !found.is_empty() {
            if let Some(m) = ctx.moved.as_mut() {
                m.found = found.iter().map(|f| f.0).collect();
            }
            ctx.say(Event::Found(found));
        }
        if !self.can_take_loose(who) {
            return;
        }
        let held = self.pl(who).hand;
        let took = self.take_all(ctx, at, fresh);
        if !took.is_empty() {
            ctx.say(Event::PickedUp(took));
        }
        self.tell_exchange(ctx, held);
    }

    /// Б §5.1: "менее ценное имущество автоматически обменивается на более ценное" — what he held
    /// before `held` was replaced now lies on his cell. He is told so, or a mine he carried in
    /// would seem to have come from nowhere when the maze is revealed.
    pub(super) fn tell_exchange(&self, ctx: &mut Ctx, held: Hand) {
        if self.pl(ctx.who).hand == held {
            return;
        }
        let left = match held {
            Hand::Empty => return,
            Hand::Treasure(_) => Thing::Treasure,
            Hand::Mine => Thing::Mine,
            Hand::Corpse(_) => Thing::Corpse,
        };
        ctx.say(Event::Exchanged(left));
    }

    /// Takes all he can carry from the cell; what he took, by kind.
    fn take_all(&mut self, ctx: &mut Ctx, at: Coord, fresh: bool) -> Vec<(ThingKind, u32)> {
        let who = ctx.who;
        let mut took = vec![];
        if self.can_carry_bullets(who) {
            let n = self.take_loose_bullets(who, at);
            if n > 0 {
                took.push((ThingKind::Bullets, n));
            }
        }
        let n = self.take_loose_grenades(who, at);
        if n > 0 {
            took.push((ThingKind::Grenades, n));
        }
        if self.can_carry_hand(who)
            && let Some(kind) = self.take_best(ctx, at, fresh)
        {
            took.push((kind, 1));
        }
        took
    }

    /// What a player sees lying on a cell (armed mines are invisible, Б §5.7).
    fn visible(pile: &Pile) -> Vec<(ThingKind, u32)> {
        [
            (ThingKind::Treasure, pile.treasures.len() as u32),
            (ThingKind::Mine, pile.mines),
            (ThingKind::Corpse, pile.corpses.len() as u32),
            (ThingKind::Bullets, pile.bullets),
            (ThingKind::Grenades, pile.grenades),
        ]
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .collect()
    }

    /// Takes loose bullets up to a full load; returns how many.
    pub(super) fn take_loose_bullets(&mut self, who: PlayerId, at: Coord) -> u32 {
        let need = u32::from(FULL.saturating_sub(self.pl(who).bullets));
        let pile = self.pile_mut(at);
        let n = need.min(pile.bullets);
        pile.bullets -= n;
        self.player_mut(who).bullets += n as u8;
        n
    }

    /// Takes loose grenades up to a full load; returns how many.
    pub(super) fn take_loose_grenades(&mut self, who: PlayerId, at: Coord) -> u32 {
        let need = u32::from(FULL.saturating_sub(self.pl(who).grenades));
        let pile = self.pile_mut(at);
        let n = need.min(pile.grenades);
        pile.grenades -= n;
        self.player_mut(who).grenades += n as u8;
        n
    }

    /// Fills the one slot with the best thing here: a treasure (the one `pick` names; keeping his own
    /// by default, Б §5.8, §6.7), else a mine, else a corpse; what he held, if lower, stays here.
    ///
    /// A choice among treasures his order did not settle is left to him (Б §5.8): he keeps what he
    /// holds for now, and the master asks when the order is done ([`Game::ask_which`]).
    fn take_best(&mut self, ctx: &mut Ctx, at: Coord, fresh: bool) -> Option<ThingKind> {
        let who = ctx.who;
        let hand = self.pl(who).hand;
        let pile = self.pile(at);
        let on_cell = pile.treasures.len();
        if on_cell > 0 {
            let holds_one = matches!(hand, Hand::Treasure(_));
            let choice = fresh && on_cell + usize::from(holds_one) >= 2;
            if choice && ctx.pick == Pick::Unsaid && ctx.light == Light::Full {
                ctx.ask = Some(at);
                return None;
            }
            let chosen = match ctx.pick {
                Pick::FromBottom(k) if k >= 1 && usize::from(k) <= on_cell => usize::from(k) - 1,
                Pick::Keep | Pick::Unsaid | Pick::FromBottom(_) if holds_one => return None,
                _ => on_cell - 1,
            };
            let t = self.pile_mut(at).treasures.remove(chosen);
            self.give(who, at, Hand::Treasure(t));
            return Some(ThingKind::Treasure);
        }
        if pile.mines > 0 && rank(hand) < rank(Hand::Mine) {
            self.pile_mut(at).mines -= 1;
            self.give(who, at, Hand::Mine);
            return Some(ThingKind::Mine);
        }
        if hand == Hand::Empty
            && let Some(c) = self.pile_mut(at).corpses.pop()
        {
            self.give(who, at, Hand::Corpse(c));
            return Some(ThingKind::Corpse);
        }
        None
    }

    /// Puts a thing in his hand; what he held is left on the cell.
    pub(super) fn give(&mut self, who: PlayerId, at: Coord, new: Hand) {
        let old = std::mem::replace(&mut self.player_mut(who).hand, new);
        if let Some(old) = old.loose() {
            self.lay(at, old);
        }
    }

    /// An arsenal fills bullets and grenades to 3 each (Б §4.3), bullets only for those who may carry
    /// them; of a kind (encyclopedia, modification 13), only what it gives. Returns whether anything
    /// was added.
    pub(super) fn refill(&mut self, who: PlayerId) -> bool {
        let bullets = self.can_carry_bullets(who) && self.gives(who, Supply::Bullets);
        let grenades = self.gives(who, Supply::Grenades);
        let p = self.player_mut(who);
        let add_b = if bullets {
            FULL.saturating_sub(p.bullets)
        } else {
            0
        };
        let add_g = if grenades {
            FULL.saturating_sub(p.grenades)
        } else {
            0
        };
        p.bullets += add_b;
        p.grenades += add_g;
        self.created.bullets += u32::from(add_b);
        self.created.grenades += u32::from(add_g);
        // The encyclopedia: "запас патронов, кинжалов, взрывчатки восстанавливается (по 3 единицы
        // каждого)".
        let add_k = if self.wiki() && self.gives(who, Supply::Knives) {
            let p = self.player_mut(who);
            let add = FULL.saturating_sub(p.knives);
            p.knives += add;
            add
        } else {
            0
        };
        self.created.knives += u32::from(add_k);
        let more = self.stock_extras(who);
        add_b + add_g + add_k > 0 || more
    }

    /// What the encyclopedia's modifications add to an arsenal: cement up to 3 (11), a boomerang
    /// (15). Whether anything was added.
    fn stock_extras(&mut self, who: PlayerId) -> bool {
        let play = &self.rules.play;
        let cement = play.cement && self.gives(who, Supply::Cement);
        let boomerang = play.boomerang > 0 && self.gives(who, Supply::Boomerang);
        let p = self.player_mut(who);
        let add_c = if cement {
            FULL.saturating_sub(p.cement)
        } else {
            0
        };
        let add_b = boomerang && !p.boomerang;
        p.cement += add_c;
        p.boomerang |= add_b;
        self.created.cement += u32::from(add_c);
        self.created.boomerangs += u32::from(add_b);
        add_c > 0 || add_b
    }

    /// Whether the arsenal `who` stands in gives `s`: an arsenal the plan lists gives only what it
    /// lists (encyclopedia, modification 13); any other, everything.
    fn gives(&self, who: PlayerId, s: Supply) -> bool {
        let at = self.cell_of(who);
        match self.stocks.iter().find(|k| Some(k.at) == at) {
            Some(stock) => stock.gives(s),
            None => true,
        }
    }

    /// What an arsenal's visitor is told of cement and the boomerang, where agreed.
    pub(super) fn extras_told(&self, who: PlayerId) -> Option<Event> {
        let (play, p) = (&self.rules.play, self.pl(who));
        let cement = play.cement.then_some(p.cement);
        let boomerang = (play.boomerang > 0).then_some(p.boomerang);
        (cement.is_some() || boomerang.is_some()).then_some(Event::Stocked { cement, boomerang })
    }

    /// Spent bullets and grenades are replaced at once by an arsenal he stands in (Б §5.3), and from
    /// what lies at his feet (Б §5.3, §6.5: "у тебя осталось три пули и еще одна под ногами") if he
    /// may take it.
    pub(super) fn top_up(&mut self, ctx: &Ctx, who: PlayerId) {
        let Some(at) = self.cell_of(who) else {
            return;
        };
        if self.board.cell(at) == Cell::Arsenal && !ctx.decline_refill {
            self.refill(who);
        }
        if !self.can_take_loose(who) {
            return;
        }
        if self.can_carry_bullets(who) {
            self.take_loose_bullets(who, at);
        }
        self.take_loose_grenades(who, at);
    }

    /// Floating things (§7.4): each round, whatever lies in a river moves one cell downstream (to the
    /// mouth at once in torrential rivers).
    pub(super) fn drift(&mut self) {
        let torrent = self.rules.rivers == RiverKind::Torrential;
        let moving: Vec<(Coord, Coord)> = self
            .board
            .cells()
            .filter(|&(c, cell)| cell.is_river() && !self.pile(c).is_empty())
            .filter_map(|(c, _)| {
                let to = match self.rules.rivers {
                    _ if torrent => self.topology.river_end(c),
                    // The encyclopedia: "клад плывет по течению (по две клетки за ход) до Устья".
                    RiverKind::Swift => Topology::swept(&self.board, c),
                    _ => Topology::downstream(&self.board, c),
                };
                to.map(|to| (c, to))
            })
            .collect();
        let taken: Vec<(Coord, Pile)> = moving
            .into_iter()
            .map(|(from, to)| (to, std::mem::take(self.pile_mut(from))))
            .collect();
        for (to, pile) in taken {
            self.merge(to, pile);
        }
    }

    /// Lays a whole pile on a cell, bottom treasure first.
    fn merge(&mut self, at: Coord, pile: Pile) {
        for t in pile.treasures {
            self.lay(at, Loose::Treasure(t));
        }
        for c in pile.corpses {
            self.lay(at, Loose::Corpse(c));
        }
        for _ in 0..pile.mines {
            self.lay(at, Loose::Mine);
        }
        for _ in 0..pile.armed {
            self.lay(at, Loose::Armed);
        }
        if pile.bullets > 0 {
            self.lay(at, Loose::Bullets(pile.bullets));
        }
        if pile.grenades > 0 {
            self.lay(at, Loose::Grenades(pile.grenades));
        }
    }

    /// The hand item of a loose thing, for catching (Б §5.5).
    pub(super) fn hand_of(thing: Loose) -> Option<Hand> {
        thing.to_hand()
    }
}
