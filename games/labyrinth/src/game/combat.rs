//! Shooting and grenades (Б §5.4, §5.5, §7.3, §7.8; В §5.4, §5.5, §7.3).

use super::event::{Blast, Cannot, Event, Harm};
use super::health::Fell;
use super::items::{FULL, Loose, rank};
use super::order::{Aim, Light, ThingKind};
use super::state::Place;
use super::turn::Ctx;
use super::{Game, PlayerId};
use crate::board::{Border, Cell, InnerWall, Side};
use crate::geometry::{Coord, Dir};

impl Game {
    /// A shot (Б §5.5, В §5.5). Refused outright from a hospital or an arsenal (Б §4.2, §4.3) and,
    /// where agreed, from a river (§7.3); otherwise a bullet is spent whoever it hits. In the quantum
    /// code a shot from a hospital or an arsenal hits nobody but spends the bullet all the same
    /// (В §5.5: "независимо от условий 1-3"). One standing outside the maze may shoot too: the Kodex
    /// bans it nowhere (Б §2.1, §3.4 ask only that his movement bring him back in).
    pub(super) fn shoot(&mut self, ctx: &mut Ctx, aim: Aim, target: Option<(PlayerId, Coord)>) {
        let who = ctx.who;
        let Some(from) = self.spot_of(who) else {
            return;
        };
        let cell = from.cell();
        let why_not = self.shot_refused(who, cell);
        let wasted = why_not == Some(Cannot::NoShootingHere) && self.quantum();
        if let (Some(why), false) = (why_not, wasted) {
            return ctx.say(Event::Cannot(why));
        }
        if !self.spend_bullet(who, cell) {
            // В §5.5: "попытка выстрела равносильна пропуску хода".
            ctx.skipped |= self.quantum();
            return ctx.say(Event::Cannot(Cannot::NoBullets));
        }
        self.top_up(ctx, who);
        if wasted {
            let bullets = self.pl(who).bullets;
            return ctx.say(Event::ShotWasted { bullets });
        }
        let victims = self.victims(ctx, from, aim, target);
        let bear = victims.is_empty() && self.bear_in_the_way(ctx, from, aim);
        let bullets = self.pl(who).bullets;
        ctx.say(Event::Shot {
            scream: !victims.is_empty(),
            bullets,
        });
        if bear {
            self.wound_bear(ctx);
        }
        self.hit(ctx, victims, cell);
        self.check_end(ctx);
    }

    /// Why he may not shoot at all: too weak (Б §5.5), in a hospital or an arsenal (Б §4.2, §4.3), in
    /// a river where agreed (§7.3). Outside the maze (`cell` is `None`) no cell forbids it.
    fn shot_refused(&self, who: PlayerId, cell: Option<Coord>) -> Option<Cannot> {
        if !self.can_carry_bullets(who) || self.disarmed(who) {
            return Some(Cannot::TooWeak);
        }
        match cell.map(|c| self.board.cell(c)) {
            // The encyclopedia forbids no cell to shoot from.
            Some(Cell::Hospital | Cell::Arsenal) if !self.wiki() => Some(Cannot::NoShootingHere),
            Some(Cell::River(_)) if !self.rules.play.shoot_from_river => Some(Cannot::WetPowder),
            _ => None,
        }
    }

    /// The bullet reaches its victims, shot from `cell` (`None` outside the maze): they are wounded
    /// or killed, and the shooter standing with them catches what falls (Б §5.5). The quantum master
    /// names who was hit (В §5.5); the dead are announced last.
    ///
    /// Where that answer is heard (an order told in full), it is all that is said of them: the
    /// dead are not announced again, nor the wounded when their turn comes.
    pub(super) fn hit(&mut self, ctx: &mut Ctx, victims: Vec<PlayerId>, cell: Option<Coord>) {
        let who = ctx.who;
        let named = self.quantum() && ctx.light == Light::Full;
        let held = self.pl(who).hand;
        let mut harms = vec![];
        let mut caught = Caught::default();
        for v in victims {
            let here = cell.filter(|&c| self.cell_of(v) == Some(c));
            let Some((harm, fell)) = self.wound(ctx, v, false, false) else {
                continue;
            };
            harms.push((v, harm));
            if harm == Harm::Wounded {
                ctx.fallen.push(v);
                self.player_mut(v).wound_named = named;
            }
            if let (Some(at), true) = (here, self.active(who)) {
                self.catch(who, at, &fell, &mut caught);
            }
        }
        if self.quantum() && !harms.is_empty() {
            ctx.say(Event::Hit(harms.clone()));
        }
        if !caught.0.is_empty() {
            ctx.say(Event::Caught(caught.0));
        }
        self.tell_exchange(ctx, held);
        for (v, harm) in harms {
            if harm == Harm::Killed && !named {
                ctx.announce(Event::Died(v));
            }
        }
    }

    /// Spends a bullet: his own, else one lying at his feet (Б §5.5 "в том числе и валяющихся под
    /// ногами") if he may use it; outside the maze (`at` is `None`) nothing lies at his feet.
    /// Returns whether there was one.
    fn spend_bullet(&mut self, who: PlayerId, at: Option<Coord>) -> bool {
        let at_feet = at.filter(|&c| self.can_take_loose(who) && self.pile(c).bullets > 0);
        if self.pl(who).bullets > 0 {
            self.player_mut(who).bullets -= 1;
        } else if let Some(c) = at_feet {
            self.pile_mut(c).bullets -= 1;
        } else {
            return false;
        }
        self.destroyed.bullets += 1;
        true
    }

    /// Who the bullet reaches. Classic (Б §5.5): everybody else on the shooter's cell, whatever the
    /// direction; else the first spot along the line with players on it, the bullet stopping at
    /// walls, hospitals (whose patients cannot be wounded) and arsenals (whose visitors can), unless
    /// bullets fly through depots (§7.3). Quantum (В §5.5): only the neighbouring cell, or one's own.
    /// A named target (§7.3) is hit alone, if he stands on the named cell and the bullet gets there.
    /// Players a bullet of this turn already laid low cannot be hit again (Б §5.5).
    fn victims(
        &self,
        ctx: &Ctx,
        from: Spot,
        aim: Aim,
        target: Option<(PlayerId, Coord)>,
    ) -> Vec<PlayerId> {
        let standing = |s: Spot| self.standing(ctx, s);
        let path = self.bullet_path(from, aim);
        if let Some((named, at)) = target {
            let at = Spot::Cell(at);
            let reached = path.contains(&at) && !self.is_hospital(at);
            return match reached && standing(at).contains(&named) {
                true => vec![named],
                false => vec![],
            };
        }
        path.into_iter()
            .filter(|&s| !self.is_hospital(s))
            .map(standing)
            .find(|there| !there.is_empty())
            .unwrap_or_default()
    }

    /// Who a bullet or boomerang can hit on a spot: everyone there but the thrower and those this
    /// turn already laid low (Б §5.5).
    pub(super) fn standing(&self, ctx: &Ctx, s: Spot) -> Vec<PlayerId> {
        self.players_at(s)
            .into_iter()
            .filter(|p| *p != ctx.who && !ctx.fallen.contains(p))
            .collect()
    }

    /// Whether the bullet, having met no player, meets the bear (encyclopedia, modification 2).
    fn bear_in_the_way(&self, ctx: &Ctx, from: Spot, aim: Aim) -> bool {
        self.bullet_path(from, aim)
            .into_iter()
            .filter(|&s| !self.is_hospital(s))
            .take_while(|&s| self.standing(ctx, s).is_empty())
            .any(|s| self.bear_on(s))
    }

    /// The spots a bullet passes, in order, up to where it stops (ignoring players).
    fn bullet_path(&self, from: Spot, aim: Aim) -> Vec<Spot> {
        let Aim::Dir(d) = aim else {
            return vec![from];
        };
        // Classic bullets hit the shooter's own cell too (Б §5.5); the encyclopedia's fly "в
        // указанном направлении до первой встреченной стенки или до клеточки с другим игроком".
        let mut path = if self.quantum() || self.wiki() {
            vec![]
        } else {
            vec![from]
        };
        let range = match (self.quantum(), self.rules.play.shot_range) {
            (true, _) => 1,
            (false, 0) => usize::MAX,
            (false, r) => usize::from(r),
        };
        let mut here = from;
        for _ in 0..range {
            let Some(next) = self.bullet_step(here, d) else {
                break;
            };
            path.push(next);
            if self.is_depot(next) && !self.rules.play.shots_through_depots {
                break;
            }
            here = next;
        }
        path
    }

    /// Where a bullet flying `d` from `here` gets next, if anywhere. A wall stops it; an open exit
    /// does not (Б §5.5 stops it only at "стенки, медсанбата, арсенала или другого игрока"), so it
    /// reaches whoever stands outside that exit. From outside, it flies back in only through that
    /// exit; any other way it flies off into the open.
    pub(super) fn bullet_step(&self, here: Spot, d: Dir) -> Option<Spot> {
        let c = match here {
            Spot::Cell(c) => c,
            Spot::Outside { exit, dir } => {
                return (d == dir.opposite()).then_some(Spot::Cell(exit));
            }
        };
        match self.board.side(c, d) {
            Side::Border(Border::Exit) => Some(Spot::Outside { exit: c, dir: d }),
            side if side.blocks_shot(d) => None,
            _ => self.board.neighbour(c, d).map(Spot::Cell),
        }
    }

    /// Whether a spot is a hospital or an arsenal, where a bullet stops (Б §5.5).
    fn is_depot(&self, s: Spot) -> bool {
        matches!(s, Spot::Cell(c) if matches!(self.board.cell(c), Cell::Hospital | Cell::Arsenal))
    }

    /// Whether a spot is a hospital, where nobody is wounded (Б §4.2).
    pub(super) fn is_hospital(&self, s: Spot) -> bool {
        matches!(s, Spot::Cell(c) if self.board.cell(c) == Cell::Hospital)
    }

    /// Where a player stands, if he is in the game's space at all.
    fn spot_of(&self, who: PlayerId) -> Option<Spot> {
        match self.pl(who).place {
            Place::In(c) => Some(Spot::Cell(c)),
            Place::Outside { exit, dir } => Some(Spot::Outside { exit, dir }),
            Place::Gone => None,
        }
    }

    /// Active players standing on a spot, by seat.
    fn players_at(&self, s: Spot) -> Vec<PlayerId> {
        match s {
            Spot::Cell(c) => self.players_on(c),
            Spot::Outside { exit, dir } => (0..self.players.len() as u8)
                .map(PlayerId)
                .filter(|&p| self.active(p) && self.pl(p).place == Place::Outside { exit, dir })
                .collect(),
        }
    }

    /// The shooter standing where his victim fell grabs what falls (Б §5.5 "Буратинчик"): bullets and
    /// grenades up to 3, and a hand thing worth more than his own (a corpse too, into an empty hand:
    /// "не шлепнулось ли игроку что-нибудь под ноги (например, труп)"). В says nothing of it; its
    /// §5.3 ("немедленно попадают к первому же игроку, способному их взять") reads the same, so both
    /// codes catch; a classic shooter who may not take what lies on his cell catches nothing.
    fn catch(&mut self, who: PlayerId, at: Coord, fell: &Fell, caught: &mut Caught) {
        if !self.can_take_loose(who) {
            return;
        }
        if self.can_carry_bullets(who) {
            let need = u32::from(FULL.saturating_sub(self.pl(who).bullets));
            let n = need.min(fell.bullets).min(self.pile(at).bullets);
            self.pile_mut(at).bullets -= n;
            self.player_mut(who).bullets += n as u8;
            caught.add(ThingKind::Bullets, n);
        }
        let need = u32::from(FULL.saturating_sub(self.pl(who).grenades));
        let n = need.min(fell.grenades).min(self.pile(at).grenades);
        self.pile_mut(at).grenades -= n;
        self.player_mut(who).grenades += n as u8;
        caught.add(ThingKind::Grenades, n);
        if !self.can_carry_hand(who) {
            return;
        }
        let best = fell
            .big
            .iter()
            .filter_map(|&l| Self::hand_of(l).map(|h| (l, h)))
            .max_by_key(|&(_, h)| rank(h));
        let Some((thing, hand)) = best else {
            return;
        };
        if rank(hand) > rank(self.pl(who).hand) && self.unlay(at, thing) {
            let kind = hand.kind().unwrap_or(ThingKind::Corpse);
            self.give(who, at, hand);
            caught.add(kind, 1);
        }
    }

    /// Takes one particular thing back off a cell; whether it was there.
    fn unlay(&mut self, at: Coord, thing: Loose) -> bool {
        let pile = self.pile_mut(at);
        match thing {
            Loose::Treasure(t) => match pile.treasures.iter().rposition(|&x| x == t) {
                Some(i) => {
                    pile.treasures.remove(i);
                    true
                }
                None => false,
            },
            Loose::Corpse(c) => match pile.corpses.iter().rposition(|&x| x == c) {
                Some(i) => {
                    pile.corpses.remove(i);
                    true
                }
                None => false,
            },
            Loose::Mine if pile.mines > 0 => {
                pile.mines -= 1;
                true
            }
            _ => false,
        }
    }

    /// A grenade against a wall (Б §5.4): an inner wall is gone, a closed exit opens, an outer or
    /// unbreakable wall holds, and where there is no wall nothing happens; the grenade is spent in any
    /// case. The master says what happened only where agreed (§7.8; always in В §5.4).
    pub(super) fn blow(&mut self, ctx: &mut Ctx, d: Dir) {
        let who = ctx.who;
        let Some(from) = self.cell_of(who) else {
            return;
        };
        if self.disarmed(who) {
            return ctx.say(Event::Cannot(Cannot::TooWeak));
        }
        if self.pl(who).grenades == 0 {
            return ctx.say(Event::Cannot(Cannot::NoGrenades));
        }
        self.player_mut(who).grenades -= 1;
        self.destroyed.grenades += 1;
        let result = match self.board.side(from, d) {
            Side::Inner(wall) if wall.breakable() => {
                self.board.set_inner(from, d, InnerWall::Open);
                self.record_blown(from, d);
                Blast::Broke
            }
            Side::Border(Border::ClosedExit) => {
                self.board.set_border(from, d, Border::Exit);
                self.record_blown(from, d);
                Blast::Broke
            }
            Side::Inner(InnerWall::Open) | Side::Border(Border::Exit) => Blast::NoWall,
            // `###`, the only inner wall no grenade breaks.
            Side::Inner(_) | Side::Border(Border::Wall) => Blast::Held,
        };
        self.top_up(ctx, who);
        let grenades = self.pl(who).grenades;
        let result = self.rules.play.blast_report.then_some(result);
        ctx.say(Event::Blown { result, grenades });
    }

    /// Records a blown wall once, an inner one by its upper or left cell (Right/Down), an outer one by
    /// its cell and the outward direction. A wall blown is an irreversible change (Б §3.6).
    fn record_blown(&mut self, c: Coord, d: Dir) {
        let key = self.side_key(c, d);
        self.blown.push(key);
        self.changed = true;
    }

    /// A side named once: an inner one by its upper or left cell, an outer one by its own cell.
    fn side_key(&self, c: Coord, d: Dir) -> (Coord, Dir) {
        match (d, self.board.neighbour(c, d)) {
            (Dir::Up | Dir::Left, Some(n)) => (n, d.opposite()),
            _ => (c, d),
        }
    }

    /// Whether a grenade once blew the wall on side `d` of `c`.
    pub(super) fn was_blown(&self, c: Coord, d: Dir) -> bool {
        self.blown.contains(&self.side_key(c, d))
    }
}

/// Where a bullet can be: on a cell, or just outside an open exit, where players who walked out
/// through it stand until they step back in (Б §3.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Spot {
    /// A cell of the maze.
    Cell(Coord),
    /// Outside the maze, beyond the open exit on side `dir` of the border cell `exit`.
    Outside {
        /// The border cell.
        exit: Coord,
        /// The side of it the exit is on.
        dir: Dir,
    },
}

impl Spot {
    /// The cell, unless outside the maze.
    fn cell(self) -> Option<Coord> {
        match self {
            Spot::Cell(c) => Some(c),
            Spot::Outside { .. } => None,
        }
    }
}

/// Things caught in flight, by kind.
#[derive(Default)]
struct Caught(Vec<(ThingKind, u32)>);

impl Caught {
    fn add(&mut self, kind: ThingKind, n: u32) {
        if n == 0 {
            return;
        }
        match self.0.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, m)) => *m += n,
            None => self.0.push((kind, n)),
        }
    }
}
