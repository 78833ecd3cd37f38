//! Timers that fall due: deadlines and reminders fired at their own time, in due order, a backlog
//! worked off in slices; a slice's firings of distinct games written in one transaction.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use crate::store::{GameRecord, StoreError, Timer, TimerKey, UnixMs};

use super::chat::{Outbound, Platform};
use super::commit::{self, Prepared, ends_a_game};
use super::held::Fault;
use super::{
    Registry, Session, SessionError, TIMER_ATTEMPTS, TIMER_BATCH, TIMER_RETRY_MS, Work, flow,
    loaded, tournament,
};

/// How many timers of distinct games fire in one transaction at most. Each commit of its own
/// would write the pages it shares with the others (the outbox's, the timers' index) again.
const FIRE_TOGETHER: usize = 64;

/// Due timers not fired yet, in due order: those read from the store and those firings set.
#[derive(Default)]
struct Backlog {
    heap: BinaryHeap<Reverse<TimerKey>>,
    queued: HashSet<TimerKey>,
    /// The last key read from the store: the next read starts after it.
    after: Option<TimerKey>,
    /// The store has no more due timers after `after`.
    exhausted: bool,
}

impl Backlog {
    fn push(&mut self, key: TimerKey) {
        if self.queued.insert(key.clone()) {
            self.heap.push(Reverse(key));
        }
    }

    /// Whether the store's next batch may hold timers due before the heap's first: then it is
    /// read first.
    fn wants_more(&self) -> bool {
        !self.exhausted
            && (self.heap.peek()).is_none_or(|Reverse(k)| self.after.as_ref().is_none_or(|a| k > a))
    }

    fn pop(&mut self) -> Option<TimerKey> {
        let Reverse(key) = self.heap.pop()?;
        self.queued.remove(&key);
        Some(key)
    }
}

impl Session {
    /// Fires every deadline and reminder due by `now_ms`, each at its own time, in order.
    pub async fn advance(&self, now_ms: i64) -> Result<Vec<Outbound>, SessionError> {
        Ok(self.advance_by(now_ms, usize::MAX).await?.0)
    }

    /// Fires at most `budget` timers due by `now_ms`, in due order, and says whether any due ones
    /// are left: a relay works a long backlog off in slices, sending what is due between them.
    ///
    /// The due timers are read in bounded batches through their index, each batch after the last
    /// key of the one before; a timer a firing sets that is due already joins the heap of those
    /// read. Firing n timers thus costs O(n log n), however many are due. The next timers of
    /// distinct games are looked up again in one read (an input may have moved one meanwhile) and
    /// fire in one transaction; their messages come in the order they would one by one. A timer
    /// whose firing fails waits alone: it is tried again later, and after [`TIMER_ATTEMPTS`] its
    /// game is set aside, while the others fire on.
    pub async fn advance_by(
        &self,
        now_ms: i64,
        budget: usize,
    ) -> Result<(Vec<Outbound>, bool), SessionError> {
        // Tournaments left with work by a crash, or by a deadline that ended one of their games.
        // One that fails waits for the next tick; the timers fire on meanwhile.
        let mut sent = match tournament::tick(self, now_ms).await {
            Ok(sent) => sent,
            Err(e @ SessionError::Store(StoreError::FileLost(_))) => return Err(e),
            Err(e) => {
                tracing::warn!(error = %e, "a tournament's step failed; it is done later");
                vec![]
            }
        };
        let now = UnixMs(now_ms);
        let mut backlog = Backlog::default();
        let mut fired = 0;
        loop {
            if backlog.wants_more() {
                let batch = (self.store)
                    .due_timers(now, backlog.after.as_ref(), TIMER_BATCH)
                    .await?;
                backlog.exhausted = batch.len() < TIMER_BATCH as usize;
                if let Some(last) = batch.last() {
                    backlog.after = Some(last.key());
                }
                for t in batch {
                    backlog.push(t.key());
                }
                continue;
            }
            if backlog.heap.is_empty() {
                return Ok((sent, false));
            }
            if fired >= budget {
                return Ok((sent, true));
            }
            let slice = self.next_slice(&mut backlog, (budget - fired).min(FIRE_TOGETHER));
            // Another process on the same database may be firing some of them: those are its.
            let slice = self.store.claim_timers(&slice, now).await?;
            let due = self.store.timers_with_games(&slice).await?;
            // Those an input cleared or moved meanwhile are gone from the slice.
            let mut due: Vec<(Timer, GameRecord)> = due
                .into_iter()
                .filter(|(t, _)| slice.contains(&t.key()))
                .collect();
            due.sort_by_key(|(t, _)| t.key());
            let (done, set) = self
                .fire_together(&due, &backlog, now_ms, &mut sent)
                .await?;
            fired += done;
            // What did not fire with the slice waits for the next one, in its place.
            for (t, _) in due.iter().skip(done) {
                backlog.push(t.key());
            }
            for t in set {
                if t.due_at <= now {
                    backlog.push(t.key());
                }
            }
        }
    }

    /// The next due timers in order, of distinct games, at most `most` of them, stopping before
    /// a second timer of a game already taken (it must see the first one's firing) and before the
    /// store's next batch could hold earlier ones.
    fn next_slice(&self, backlog: &mut Backlog, most: usize) -> Vec<TimerKey> {
        let mut slice: Vec<TimerKey> = vec![];
        while slice.len() < most.max(1) && !backlog.wants_more() {
            let Some(key) = backlog.pop() else { break };
            if slice.iter().any(|k| k.game_id == key.game_id) {
                backlog.push(key);
                break;
            }
            slice.push(key);
        }
        slice
    }

    /// Fires timers of distinct games due in order, each at its own time, their writes in one
    /// transaction. Returns how many of them fired (the rest wait for the next slice) and the
    /// timers the firings set.
    ///
    /// The slice is cut where firing one by one could differ: after a firing that sets a timer
    /// due before the slice's next, after one that writes a tournament or ratings (the next
    /// must read them), and before one that fails, which then fires alone, with its retries and
    /// being set aside. If the transaction is refused (an input wrote one of the games meanwhile),
    /// the slice fires one by one.
    async fn fire_together(
        &self,
        due: &[(Timer, GameRecord)],
        backlog: &Backlog,
        now_ms: i64,
        sent: &mut Vec<Outbound>,
    ) -> Result<(usize, Vec<Timer>), SessionError> {
        let mut prepared: Vec<(usize, Prepared, bool)> = vec![];
        let mut taken = 0;
        for (i, (timer, rec)) in due.iter().enumerate() {
            // The first timer after the slice, in due order: a firing's successor due before it
            // must fire before it.
            let next = due.get(i + 1).map(|(t, _)| t.key());
            let next = next.or_else(|| backlog.heap.peek().map(|Reverse(k)| k.clone()));
            // Rules that panic fail this firing alone, like a game that does not read.
            let work = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                firing_work(self.registry, timer, rec, self.seed)
            }));
            let prepared_one = match work {
                // A game set aside: nothing fires until an admin resumes it.
                Ok(None) => Ok(None),
                Ok(Some((Ok(work), ends))) => (commit::prepare_firing(self, work).await)
                    .map(|p| p.map(|p| (p, ends)))
                    .map_err(Some),
                Ok(Some((Err(e), _))) => Err(Some(e)),
                Err(_) => Err(None),
            };
            let (p, ends) = match prepared_one {
                Ok(Some(p)) => p,
                // Nothing to write: it is done.
                Ok(None) => {
                    taken = i + 1;
                    continue;
                }
                Err(Some(e @ SessionError::Store(StoreError::FileLost(_)))) => return Err(e),
                // The first of the slice that fails fires alone, with its retries.
                Err(_) if prepared.is_empty() => {
                    let set = self.fire(timer, rec.clone(), now_ms, sent).await?;
                    return Ok((i + 1, set));
                }
                Err(_) => break,
            };
            let cut = p.writes_shared()
                || (p.sets().iter()).any(|t| {
                    let key = TimerKey {
                        due_at: t.due_at,
                        game_id: timer.game_id,
                        kind: t.kind.clone(),
                    };
                    t.due_at.0 <= now_ms && next.as_ref().is_some_and(|n| &key < n)
                });
            prepared.push((i, p, ends));
            taken = i + 1;
            if cut {
                break;
            }
        }
        if prepared.is_empty() {
            return Ok((taken, vec![]));
        }
        let sets: Vec<Timer> = (prepared.iter())
            .flat_map(|(i, p, _)| {
                (p.sets().iter()).map(|t| Timer {
                    game_id: due[*i].0.game_id,
                    kind: t.kind.clone(),
                    due_at: t.due_at,
                    payload: t.payload.clone(),
                })
            })
            .collect();
        let ended_at = (prepared.iter().rev())
            .find(|(_, _, ends)| *ends)
            .map(|(i, _, _)| due[*i].0.due_at.0);
        let fired: Vec<usize> = prepared.iter().map(|(i, _, _)| *i).collect();
        let written =
            commit::write_prepared(self, prepared.into_iter().map(|(_, p, _)| p).collect()).await;
        match written {
            Ok(outs) => {
                sent.extend(outs.into_iter().flatten());
                for i in fired {
                    self.timer_failures.forget(&due[i].0);
                }
            }
            Err(e @ SessionError::Store(StoreError::FileLost(_))) => return Err(e),
            Err(_) => return self.fire_one_by_one(&due[..taken], now_ms, sent).await,
        }
        if let Some(at) = ended_at {
            match tournament::tick(self, at).await {
                Ok(more) => sent.extend(more),
                Err(e) => {
                    tracing::warn!(error = %e, "a tournament's step failed; it is done later")
                }
            }
        }
        Ok((taken, sets))
    }

    /// Fires a slice one timer at a time, each read again: what a refused transaction of the
    /// slice falls back to.
    async fn fire_one_by_one(
        &self,
        due: &[(Timer, GameRecord)],
        now_ms: i64,
        sent: &mut Vec<Outbound>,
    ) -> Result<(usize, Vec<Timer>), SessionError> {
        let mut set = vec![];
        for (read, _) in due {
            let Some((timer, rec)) = (self.store)
                .timer_with_game(read.game_id, &read.kind)
                .await?
            else {
                continue;
            };
            if timer.due_at == read.due_at {
                set.extend(self.fire(&timer, rec, now_ms, sent).await?);
            }
        }
        Ok((due.len(), set))
    }

    /// Fires one timer at its own time; returns the timers its firing set. A failure of its game
    /// (a state that does not read, code that panics, a store that refuses) stays with that game:
    /// the timer is tried again after a pause, and its game set aside after [`TIMER_ATTEMPTS`].
    async fn fire(
        &self,
        timer: &Timer,
        rec: GameRecord,
        now_ms: i64,
        sent: &mut Vec<Outbound>,
    ) -> Result<Vec<Timer>, SessionError> {
        let at = timer.due_at.0;
        let failure = match super::held::catching(self.fire_once(timer, rec)).await {
            Ok(Ok((out, set, ends))) => {
                sent.extend(out);
                if ends {
                    match tournament::tick(self, at).await {
                        Ok(more) => sent.extend(more),
                        Err(e) => {
                            tracing::warn!(error = %e, "a tournament's step failed; it is done later")
                        }
                    }
                }
                return Ok(set);
            }
            Ok(Err(SessionError::Unreadable {
                game,
                fault,
                details,
            })) => {
                let (_, notice) = self.set_game_aside(game, fault, &details, at).await?;
                sent.extend(notice);
                return Ok(vec![]);
            }
            // The file is gone: nothing more can be written, and the bot stops.
            Ok(Err(e @ SessionError::Store(StoreError::FileLost(_)))) => return Err(e),
            Ok(Err(e)) => format!("{}: {e}", super::held::fault_of(&e).code()),
            Err(panic) => format!("{}: the game's code panicked", panic.code()),
        };
        let tries = self.timer_failures.failed(timer);
        tracing::warn!(game = timer.game_id.0, kind = %timer.kind, tries, %failure, "a timer failed to fire");
        if tries >= TIMER_ATTEMPTS {
            self.timer_failures.forget(timer);
            let aside = self.set_game_aside(timer.game_id, Fault::Timer, &failure, now_ms);
            sent.extend(aside.await?.1);
        } else {
            let later = UnixMs(now_ms.max(at) + TIMER_RETRY_MS);
            self.store.postpone_timer(timer, later).await?;
        }
        Ok(vec![])
    }

    /// Fires one timer: its messages, the timers it set, and whether it ended the game.
    async fn fire_once(
        &self,
        timer: &Timer,
        rec: GameRecord,
    ) -> Result<(Vec<Outbound>, Vec<Timer>, bool), SessionError> {
        let Some((work, ends)) = firing_work(self.registry, timer, &rec, self.seed) else {
            return Ok((vec![], vec![], false));
        };
        let origin = (Platform::Script, String::new());
        match commit::write_all_setting(self, None, origin, vec![work?], timer.due_at.0).await {
            Ok((out, set)) => {
                self.timer_failures.forget(timer);
                // What the firing set, due already or not: the timers it changed. Those it left
                // alone were read with the backlog already.
                let set = (set.into_iter())
                    .map(|t| Timer {
                        game_id: timer.game_id,
                        kind: t.kind,
                        due_at: t.due_at,
                        payload: t.payload,
                    })
                    .collect();
                Ok((out, set, ends))
            }
            // Another relay (a second platform of this process, or another process on the
            // same file) or an input wrote the game first: its timers are read afresh, this one
            // gone or moved.
            Err(SessionError::Store(StoreError::Conflict { .. })) => Ok((vec![], vec![], false)),
            Err(e) => Err(e),
        }
    }
}

/// A timer's firing on its game, in memory, and whether it ends the game; `None` for a game set
/// aside, where nothing fires. A game that does not read is the firing's error.
fn firing_work(
    registry: Registry,
    timer: &Timer,
    rec: &GameRecord,
    seed: u64,
) -> Option<(Result<Work, SessionError>, bool)> {
    if rec.held.is_some() {
        return None;
    }
    let fire = || {
        let mut game = loaded(registry, rec.clone())?;
        let mut work = Work {
            now: timer.due_at.0,
            ..Work::default()
        };
        work.fired.push(timer.kind.clone());
        flow::fire(&mut game, &timer.kind, &timer.payload, seed, &mut work);
        work.game = Some(game);
        Ok(work)
    };
    let work = fire();
    let ends = work.as_ref().is_ok_and(ends_a_game);
    Some((work, ends))
}
