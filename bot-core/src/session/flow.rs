//! A table's life as every game lives it: `/begin`, leaving and kicks, pauses, the turn clock with
//! its reminder and missed turns, the status card, the turn buttons, the end by abort. What is the
//! game's own is asked of its [`Play`](super::game::Play) through [`with_play`].

use crate::args;
use crate::store::Slot;

use super::chat::{Button, Inbound};
use super::game::{Cx, Dest, Effects, Out, PRESS, Play, Waiting, press_data};
use super::table::{Seating, Stage};
use super::text::{duration_text, t};
use super::{Loaded, Work};

/// The timer that skips a turn when it runs out.
pub(crate) const DEADLINE: &str = "deadline";
/// The timer that reminds the player whose turn it is.
pub(crate) const REMINDER: &str = "reminder";

/// Runs a step of the game's own on a loaded table, with the input's effects.
pub(crate) fn with_play<R>(
    g: &mut Loaded,
    seed: u64,
    work: &mut Work,
    step: impl FnOnce(&mut dyn Play, &mut Cx) -> R,
) -> R {
    let table = &mut g.table;
    let mut cx = Cx {
        t: &mut table.seating,
        fx: &mut work.fx,
        id: g.id.0,
        seed,
        now: work.now,
    };
    step(table.play.as_mut(), &mut cx)
}

/// `/begin`: the lobby closes, if enough players sat down; the game sets itself up.
pub(crate) fn begin(g: &mut Loaded, seed: u64, work: &mut Work) {
    let lang = g.table.seating.lang;
    if g.table.seating.stage != Stage::Lobby {
        work.fx
            .outs
            .push(Out::group(t(lang, "session-begun-already", &[])));
        return;
    }
    let fewest = *g.table.seat_range().start();
    if g.table.seating.seats.len() < fewest {
        work.fx
            .outs
            .push(Out::group(t(lang, "session-too-few", args![("n", fewest)])));
        return;
    }
    with_play(g, seed, work, |play, cx| play.begin(cx));
}

/// `/kick NAME` (and `/leave`): out of the lobby, out of the setup (the game set again for those
/// left, or called off if too few are), or out of play as the game has it.
pub(crate) fn kick(g: &mut Loaded, seat: usize, seed: u64, work: &mut Work) {
    let lang = g.table.seating.lang;
    match g.table.seating.stage {
        Stage::Lobby | Stage::Setup => {
            let setup = g.table.seating.stage == Stage::Setup;
            let name = g.table.seating.name(seat);
            g.table.seating.seats.remove(seat);
            work.fx.dirty = true;
            work.fx.roster = true;
            work.fx
                .outs
                .push(Out::group(t(lang, "session-left", args![("name", name)])));
            if !setup {
                return;
            }
            if g.table.seating.seats.len() < *g.table.seat_range().start() {
                g.table.seating.stage = Stage::Aborted;
                work.fx
                    .outs
                    .push(Out::group(t(lang, "session-too-few-left", &[])));
                return;
            }
            with_play(g, seed, work, |play, cx| play.unseated(cx, seat));
        }
        Stage::Playing => with_play(g, seed, work, |play, cx| play.remove(cx, seat)),
        Stage::Finished | Stage::Aborted => {
            work.fx
                .outs
                .push(Out::group(t(lang, "session-not-playing-now", &[])))
        }
    }
}

/// `/cancel` and `/abort`: the game ends without a winner; a game in play shows what it hid.
pub(crate) fn abort(g: &mut Loaded, seed: u64, work: &mut Work) {
    let seating = &mut g.table.seating;
    if !seating.running() {
        return;
    }
    let playing = seating.stage == Stage::Playing;
    seating.stage = Stage::Aborted;
    work.fx.dirty = true;
    work.fx
        .outs
        .push(Out::group(t(seating.lang, "session-aborted", &[])));
    if playing {
        with_play(g, seed, work, |play, cx| play.aborted(cx));
    }
}

/// `/pause` and `/resume`: deadlines stop, and start afresh on resuming.
pub(crate) fn pause(g: &mut Loaded, on: bool, work: &mut Work) {
    let seating = &mut g.table.seating;
    let lang = seating.lang;
    if seating.stage != Stage::Playing || seating.paused == on {
        work.fx
            .outs
            .push(Out::group(t(lang, "session-not-playing-now", &[])));
        return;
    }
    seating.paused = on;
    work.fx.dirty = true;
    if !on {
        seating.turn_no += 1;
        work.fx.restart_clock = true;
    }
    let id = if on {
        "session-paused-now"
    } else {
        "session-resumed"
    };
    work.fx.outs.push(Out::group(t(lang, id, &[])));
}

/// `/status`: privately a player's own; in the group, a card of where the game stands, which is
/// then kept up to date in place as turns pass.
pub(crate) fn status(g: &mut Loaded, msg: &Inbound, seed: u64, work: &mut Work) {
    let seating = &g.table.seating;
    if msg.private
        && let Some(seat) = seating.seat_of(&msg.user.0)
        && seating.stage == Stage::Playing
    {
        let text = with_play(g, seed, work, |play, cx| play.private_status(cx, seat));
        work.fx.outs.push(Out::user(&msg.user.0, text));
        return;
    }
    let text = status_card(g, work.now);
    if msg.private {
        work.fx.outs.push(Out::user(&msg.user.0, text));
        return;
    }
    let mut out = Out::group(text);
    out.payload.slot = Some(Slot {
        name: status_slot(g),
        edits: false,
    });
    work.fx.outs.push(out);
    if !g.table.seating.status_card {
        g.table.seating.status_card = true;
        work.fx.dirty = true;
    }
}

/// Where the game stands, for the group: with the time left for the move, as of `now`.
pub(crate) fn status_card(g: &Loaded, now: i64) -> String {
    let (seating, play) = (&g.table.seating, &g.table.play);
    let lang = seating.lang;
    let names: Vec<String> = (seating.seats.iter().enumerate())
        .map(|(i, s)| match play.is_out(i) {
            true => t(lang, "session-status-out", args![("name", s.name.clone())]),
            false => s.name.clone(),
        })
        .collect();
    let awaited: Vec<String> = (play.waiting(seating).seats().into_iter())
        .map(|p| seating.name(p))
        .collect();
    let turn = match awaited.is_empty() {
        true => "-".to_string(),
        false => awaited.join(", "),
    };
    let text = t(
        lang,
        "session-status",
        args![
            ("code", play.ruleset()),
            ("status", super::text::stage(lang, seating.status())),
            ("players", names.join(", ")),
            ("turn", turn),
            ("round", play.round())
        ],
    );
    let text = match play.status_lines(seating) {
        Some(lines) => format!("{text}\n{lines}"),
        None => text,
    };
    let text = text + &asides(seating, now);
    match seating.turn_due_ms {
        Some(due) => {
            let left = duration_text(lang, (due - now).max(0));
            format!(
                "{text} {}",
                t(lang, "session-status-left", args![("left", left)])
            )
        }
        None => text,
    }
}

/// Who is away and who took more time, when anybody did: `/vacation` and `/extend` are part of
/// where the game stands.
fn asides(seating: &Seating, now: i64) -> String {
    let lang = seating.lang;
    let away: Vec<String> = (seating.seats.iter())
        .filter_map(|s| {
            let until = s.away_until.filter(|&u| u > now)?;
            Some(format!("{} ({})", s.name, duration_text(lang, until - now)))
        })
        .collect();
    let extended: Vec<String> = (seating.extended.iter().enumerate())
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| format!("{} {n}/{}", seating.name(i), seating.extend_times))
        .collect();
    let mut text = String::new();
    if !away.is_empty() {
        let names = away.join(", ");
        text += &format!(
            " {}",
            t(lang, "session-status-away", args![("names", names)])
        );
    }
    if !extended.is_empty() {
        let names = extended.join(", ");
        text += &format!(
            " {}",
            t(lang, "session-status-extended", args![("names", names)])
        );
    }
    text
}

fn status_slot(g: &Loaded) -> String {
    format!("status:{}", g.id.0)
}

/// A new turn: the status card, if the group has one, is brought up to date in place, and the
/// group's last message gets the buttons of the player whose turn it is.
pub(crate) fn new_turn(g: &mut Loaded, seed: u64, work: &mut Work) {
    let seating = &g.table.seating;
    if !clock_runs(seating, g.table.play.as_ref()) {
        return;
    }
    let lang = seating.lang;
    let has_turn = g.table.play.current(seating).is_some();
    let last = (work.fx.outs.iter())
        .rposition(|o| o.to == Dest::Group && o.payload.picture.is_none())
        .filter(|&i| has_turn && work.fx.outs[i].payload.buttons.is_empty());
    if let Some(i) = last {
        // The player to move sees at once how long he has, and gets his buttons (made only
        // when there is a message to carry them).
        let due = g.table.seating.turn_due_ms;
        let left = duration_text(
            lang,
            due.map_or(g.table.seating.deadline_ms, |d| d - work.now),
        );
        let buttons = turn_buttons(g, seed, work);
        let last = &mut work.fx.outs[i].payload;
        last.text.push('\n');
        last.text
            .push_str(&t(lang, "session-turn-time", args![("left", left)]));
        last.buttons = buttons;
    }
    if g.table.seating.status_card && g.table.seating.stage == Stage::Playing {
        let mut card = Out::group(status_card(g, work.now));
        card.payload.slot = Some(Slot {
            name: status_slot(g),
            edits: true,
        });
        work.fx.outs.push(card);
    }
}

/// The buttons of a turn, as the game offers them: they name the turn, so that a press on an old
/// one is refused.
fn turn_buttons(g: &mut Loaded, seed: u64, work: &mut Work) -> Vec<Vec<Button>> {
    let (id, n) = (g.id.0, g.table.seating.turn_no);
    let rows = with_play(g, seed, work, |play, cx| play.turn_buttons(cx));
    rows.into_iter()
        .map(|row| {
            row.into_iter()
                .map(|(label, action)| Button::press(label, press_data(id, n, &action)))
                .collect()
        })
        .collect()
}

/// Whether a button's data is a turn button's.
pub(crate) fn is_press(data: &str) -> bool {
    data.starts_with(PRESS)
}

/// A turn button pressed: checked against the game as it stands now, so that a press by anyone but
/// the player whose turn it is, or on a button of an earlier turn, changes nothing.
pub(crate) fn press(g: &mut Loaded, msg: &Inbound, data: &str, seed: u64, work: &mut Work) {
    let seating = &g.table.seating;
    let lang = msg.lang.unwrap_or(seating.lang);
    let popup = |work: &mut Work, id: &str, args: &[(&str, crate::i18n::Arg)]| {
        work.fx.outs.push(Out::presser(t(lang, id, args)));
    };
    let parsed = data[PRESS.len_utf8()..]
        .split_once(' ')
        .and_then(|(n, action)| Some((n.parse::<u64>().ok()?, action)));
    let Some(seat) = seating.seat_of(&msg.user.0) else {
        return popup(work, "session-press-stranger", &[]);
    };
    let Some((turn, action)) =
        parsed.filter(|_| seating.stage == Stage::Playing && !seating.paused)
    else {
        return popup(work, "session-press-stale", &[]);
    };
    let play = &g.table.play;
    if !play.free_press(action) {
        if turn != seating.turn_no {
            return popup(work, "session-press-stale", &[]);
        }
        let current = play.current(seating);
        if current != Some(seat) {
            let name = current.map(|c| seating.name(c)).unwrap_or_default();
            return popup(work, "session-press-not-your-turn", args![("name", name)]);
        }
    }
    with_play(g, seed, work, |play, cx| play.press(cx, msg, action));
}

/// Asks the group to tell a player that the bot cannot write to him privately, with a button that
/// opens the private chat.
pub(crate) fn ask_to_open_chat(g: &Loaded, user: &str, work: &mut Work) {
    let seating = &g.table.seating;
    let name = match seating.seat_of(user) {
        Some(p) => seating.name(p),
        None => seating.opener.name.clone(),
    };
    let lang = seating.lang;
    let out = Out::group(t(lang, "session-dm-blocked", args![("name", name)]));
    work.fx.outs.push(out.with_buttons(vec![vec![Button::link(
        t(lang, "session-open-chat-button", &[]),
        "hello",
    )]]));
}

/// A timer fired: the reminder, or the deadline that skips the turn and removes a player after
/// `missed` turns missed in a row (the online form of a table's patience).
pub(crate) fn fire(g: &mut Loaded, kind: &str, payload: &str, seed: u64, work: &mut Work) {
    let seating = &g.table.seating;
    if !clock_runs(seating, g.table.play.as_ref()) || payload != seating.turn_no.to_string() {
        return;
    }
    let lang = seating.lang;
    let waiting = g.table.play.waiting(seating);
    let left = seating.deadline_ms - seating.deadline_ms * 3 / 4;
    match (kind, waiting) {
        (REMINDER, Waiting::Turn(cur)) => work.fx.outs.push(Out::group(t(
            lang,
            "session-reminder",
            args![
                ("name", seating.name(cur)),
                ("left", duration_text(lang, left))
            ],
        ))),
        (REMINDER, w) => {
            // A private choice is reminded privately: the group need not know who is slow.
            for seat in w.seats() {
                let s = &seating.seats[seat];
                let left = duration_text(s.lang, left);
                let text = t(s.lang, "session-reminder-private", args![("left", left)]);
                work.fx.outs.push(Out::user(&s.user, text));
            }
        }
        (DEADLINE, Waiting::Turn(cur)) => {
            work.fx.outs.push(Out::group(t(
                lang,
                "session-deadline-missed",
                args![("name", seating.name(cur))],
            )));
            skip_or_drop(g, cur, seed, work);
        }
        (DEADLINE, w) => {
            // From the last seat down: a seat dropped does not renumber those still to handle.
            for seat in w.seats().into_iter().rev() {
                skip_or_drop(g, seat, seed, work);
            }
        }
        _ => {}
    }
}

/// Whether the table's clock runs: someone is awaited, and no admin paused the game.
pub(crate) fn clock_runs(seating: &Seating, play: &dyn Play) -> bool {
    let live = matches!(seating.stage, Stage::Setup | Stage::Playing);
    live && !seating.paused && play.waiting(seating).timed()
}

/// A deadline passed for a seat: a player who left the group or server leaves the game now, as by
/// `/leave`; anyone else has his turn skipped.
fn skip_or_drop(g: &mut Loaded, seat: usize, seed: u64, work: &mut Work) {
    if g.table.seating.seats.get(seat).is_some_and(|s| s.gone) {
        kick(g, seat, seed, work);
    } else {
        skip_turn(g, seat, seed, work);
    }
}

/// A seated player left the group or server of the game: out of a lobby at once; in a game under
/// way he keeps his seat until the deadline of a move of his passes, so that a slip of the mouse
/// undone at once costs nothing.
pub(crate) fn member_left(g: &mut Loaded, seat: usize, seed: u64, work: &mut Work) {
    let seating = &mut g.table.seating;
    if seating.stage == Stage::Lobby {
        return kick(g, seat, seed, work);
    }
    let Some(s) = seating.seats.get_mut(seat).filter(|s| !s.gone) else {
        return;
    };
    s.gone = true;
    work.fx.dirty = true;
    let name = seating.name(seat);
    work.fx.outs.push(Out::group(t(
        seating.lang,
        "session-member-gone",
        args![("name", name)],
    )));
}

/// A player said something where his game is played: if he had left the chat, he is back.
pub(crate) fn came_back(g: &mut Loaded, user: &str, fx: &mut Effects) {
    let seats = &mut g.table.seating.seats;
    if let Some(s) = seats.iter_mut().find(|s| s.user == user && s.gone) {
        s.gone = false;
        fx.dirty = true;
    }
}

/// Skips a seat's turn for the deadline (or an admin's `/skip`); the missed-turn policy removes
/// him after too many in a row.
fn skip_turn(g: &mut Loaded, cur: usize, seed: u64, work: &mut Work) {
    let limit = g.table.seating.missed;
    let missed = g.table.play.missed(cur) + 1;
    let remove = limit > 0 && missed >= limit;
    with_play(g, seed, work, |play, cx| play.timeout(cx, cur, remove));
}

/// `/skip`: the admin skips the turn of the player who keeps everybody waiting.
pub(crate) fn skip(g: &mut Loaded, seed: u64, work: &mut Work) {
    let cur = g.table.play.current(&g.table.seating);
    match (g.table.seating.stage == Stage::Playing, cur) {
        (true, Some(cur)) => skip_turn(g, cur, seed, work),
        _ => work.fx.outs.push(Out::group(t(
            g.table.seating.lang,
            "session-not-playing-now",
            &[],
        ))),
    }
}

/// `/extend`: a player awaited asks for more time on his own move, as often as the table allows
/// in one game.
pub(crate) fn extend(g: &mut Loaded, msg: &Inbound, work: &mut Work) {
    let clock = clock_runs(&g.table.seating, g.table.play.as_ref());
    let awaited = g.table.play.waiting(&g.table.seating).seats();
    let seating = &mut g.table.seating;
    let lang = seating.lang;
    let seat = seating.seat_of(&msg.user.0);
    let (Some(seat), Some(due), true) = (seat, seating.turn_due_ms, clock) else {
        let text = t(lang, "session-extend-not-now", &[]);
        return work.fx.outs.push(Out::back(msg, text));
    };
    if !awaited.contains(&seat) {
        let text = t(lang, "session-extend-not-yours", &[]);
        return work.fx.outs.push(Out::back(msg, text));
    }
    seating.extended.resize(seating.seats.len(), 0);
    if seating.extended[seat] >= seating.extend_times {
        let text = t(
            lang,
            "session-extend-used",
            args![("n", seating.extend_times)],
        );
        return work.fx.outs.push(Out::back(msg, text));
    }
    seating.extended[seat] += 1;
    let due = due + seating.extend_ms;
    work.clock_due = Some(due);
    work.fx.dirty = true;
    let text = t(
        lang,
        "session-extended",
        args![
            ("name", seating.name(seat)),
            ("more", duration_text(lang, seating.extend_ms)),
            ("left", duration_text(lang, due - work.now)),
            ("used", seating.extended[seat]),
            ("times", seating.extend_times)
        ],
    );
    work.fx.outs.push(Out::group(text));
}

/// Whether the seating is in play and this user's turn has come.
pub(crate) fn own_turn(seating: &Seating, current: Option<usize>, user: &str) -> bool {
    seating.stage == Stage::Playing && seating.seat_of(user).is_some_and(|p| current == Some(p))
}
