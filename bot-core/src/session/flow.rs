//! The Labyrinth as players live it through the session: the plan, the start cells, orders, deadlines
//! and the end. Each function changes a loaded table and queues its replies in a [`Work`]; the
//! session commits both together.

use std::borrow::Cow;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::args;
use crate::i18n::{Lang, Localize};
use crate::labyrinth::game::event::{Audience, Event, Removal, Told};
use crate::labyrinth::game::narrate::{cell_key, narrate, status_text};
use crate::labyrinth::game::parse::{Request, parse_request};
use crate::labyrinth::game::{Game, Phase, PlayerId};
use crate::labyrinth::generate::generate;
use crate::labyrinth::geometry::Coord;
use crate::labyrinth::plan::Plan;
use crate::labyrinth::validate::validate;
use crate::store::{NewOrder, Slot};

use super::chat::{Button, Inbound, Payload};
use super::table::{Stage, Table};
use super::text::{refusal, t};
use super::{Dest, Loaded, Out, Work, reveal};

/// The timer that skips a turn when it runs out.
pub(crate) const DEADLINE: &str = "deadline";
/// The timer that reminds the player whose turn it is.
pub(crate) const REMINDER: &str = "reminder";
/// The fewest players a game starts with: the Labyrinth is a game against rivals (Б §1.1).
const MIN_PLAYERS: usize = 2;

/// `/begin`: the lobby closes; the bot composes the maze, or asks the master for his plan.
pub(crate) fn begin(g: &mut Loaded, seed: u64, work: &mut Work) {
    let lang = g.table.lang;
    if g.table.stage != Stage::Lobby {
        work.outs
            .push(Out::group(t(lang, "session-begun-already", &[])));
        return;
    }
    if g.table.seats.len() < MIN_PLAYERS {
        work.outs.push(Out::group(t(
            lang,
            "session-too-few",
            args![("n", MIN_PLAYERS)],
        )));
        return;
    }
    if g.table.options.own_plan {
        g.table.stage = Stage::AwaitPlan;
        work.dirty = true;
        let master = g.table.opener.clone();
        work.outs.push(Out::group(t(
            lang,
            "session-waiting-plan",
            args![("name", master.name.clone())],
        )));
        work.outs.push(Out::user(
            &master.user,
            t(
                master.lang,
                "session-send-plan",
                args![("players", g.table.seats.len())],
            ),
        ));
        return;
    }
    let n = g.table.seats.len() as u32;
    let plan_seed = match g.table.options.seed {
        Some(s) => s,
        None => g.table.draw(seed, g.id.0),
    };
    match generate(g.table.options.board(), n, &g.table.rules, plan_seed) {
        Ok(plan) => install_plan(g, plan, seed, work),
        Err(e) => work.outs.push(Out::group(e.localize(lang))),
    }
}

/// A plan is in: the game is set up, the plan announced (§8.6), and the players asked for their start
/// cells (§6.1).
fn install_plan(g: &mut Loaded, plan: Plan, seed: u64, work: &mut Work) {
    let table = &mut g.table;
    let lang = table.lang;
    let n = table.seats.len();
    let size = plan.board.size();
    let exits = match table.rules.limits.exits {
        Some(e) => t(lang, "session-exits-known", args![("n", e)]),
        None => t(lang, "session-exits-unknown", &[]),
    };
    let closed = if table.rules.closed_exits {
        t(lang, "session-closed-exits", &[])
    } else {
        String::new()
    };
    let cure = if table.rules.play.cure_limited {
        t(lang, "session-cure", args![("n", plan.cure())])
    } else {
        t(lang, "session-cure-unlimited", &[])
    };
    let text = t(
        lang,
        "session-plan-ready",
        args![
            ("size", format!("{}x{}", size.width, size.height)),
            ("exits", exits),
            ("closed", closed),
            ("cure", cure),
            ("nstop", plan.nstop())
        ],
    );
    work.outs.push(Out::group(text));
    table.plan = Some(plan.to_text());
    table.game = Some(seat_players(table, &plan));
    table.picks = vec![None; n];
    table.stage = Stage::Starts;
    work.dirty = true;
    if table.rules.play.common_start {
        // Б §7.6: the master chooses one cell for everybody.
        let cells: Vec<Coord> = size.cells().collect();
        let pick = cells[(table.draw(seed, g.id.0) % cells.len() as u64) as usize];
        start_game(g, vec![pick; n], seed, work);
        return;
    }
    let buttons = cell_buttons(g);
    for seat in &g.table.seats {
        work.outs.push(Out {
            to: Dest::User(seat.user.clone()),
            payload: Payload {
                text: t(
                    seat.lang,
                    "session-choose-start",
                    args![("id", g.id.0.to_string())],
                ),
                buttons: buttons.clone(),
                ..Payload::default()
            },
        });
    }
}

/// The rules engine over a plan for the table's players, with the handicaps the group granted.
fn seat_players(table: &Table, plan: &Plan) -> Game {
    let mut game = Game::new(plan, table.rules.clone(), table.seats.len() as u8);
    for (i, seat) in table.seats.iter().enumerate() {
        // Kodex Б §7.2: the handicap goes to the players the group named at /newgame.
        let named = |n: &String| n.eq_ignore_ascii_case(&seat.name) || *n == seat.user;
        if table.options.handicap.iter().any(named) {
            let _ = game.grant_handicap(PlayerId(i as u8));
        }
    }
    game
}

/// A grid of the board's cells as buttons, each naming the game.
fn cell_buttons(g: &Loaded) -> Vec<Vec<Button>> {
    let size = g.table.options.board();
    let size = g
        .table
        .game
        .as_ref()
        .map(|game| game.board().size())
        .unwrap_or(size);
    (0..size.height)
        .map(|row| {
            (0..size.width)
                .map(|col| {
                    let c = Coord::new(col, row).to_string();
                    Button::press(c.clone(), format!("#{} {c}", g.id.0))
                })
                .collect()
        })
        .collect()
}

/// A private message about a game: the master's plan, a start cell, a status, a re-order.
pub(crate) fn private_text(g: &mut Loaded, msg: &Inbound, text: &str, seed: u64, work: &mut Work) {
    let user = msg.user.0.as_str();
    let lang = g.table.lang;
    let seat = g.table.seat_of(user);
    match (&g.table.stage, seat) {
        (Stage::AwaitPlan, _) if g.table.opener.user == user => take_plan(g, text, seed, work),
        (Stage::Starts, Some(p)) if is_peek(text) => peek_cell(g, p, text, work),
        (Stage::Starts, Some(p)) => pick_start(g, p, text, seed, work),
        (Stage::Playing, Some(p)) => private_request(g, p, text, work),
        _ => work
            .outs
            .push(Out::user(user, t(lang, "session-nothing-to-do", &[]))),
    }
}

/// Whether a private message before the start asks a cell's type rather than choosing it:
/// "? B3", "peek B3", "что на B3?".
fn is_peek(text: &str) -> bool {
    let lower = text.trim().to_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    lower.contains('?')
        || [
            "peek",
            "/peek",
            "look",
            "what",
            "что",
            "какая",
            "посмотреть",
            "узнать",
        ]
        .contains(&first)
}

/// A handicapped player asks the type of a cell before choosing his start (Б §7.2); only he is told.
fn peek_cell(g: &mut Loaded, p: PlayerId, text: &str, work: &mut Work) {
    let seat = g.table.seats[usize::from(p.0)].clone();
    let word = text
        .split(|c: char| c.is_whitespace() || c == '?')
        .rfind(|w| !w.is_empty())
        .unwrap_or("");
    let Some(game) = g.table.game.as_mut() else {
        return;
    };
    let Ok(cell) = word.parse::<Coord>() else {
        let text = t(seat.lang, "session-bad-start", args![("text", clip(text))]);
        work.outs.push(Out::user(&seat.user, text));
        return;
    };
    let text = match game.peek(p, cell) {
        Ok(seen) => t(
            seat.lang,
            "session-peeked",
            args![("coord", cell.to_string()), ("cell", cell_key(seen))],
        ),
        Err(r) => refusal(r, seat.lang),
    };
    work.dirty = true;
    work.outs.push(Out::user(&seat.user, text));
}

/// The master's plan (`plan=own`): parsed and validated; a refused plan gets every problem, and
/// nothing is kept.
fn take_plan(g: &mut Loaded, text: &str, seed: u64, work: &mut Work) {
    let lang = g.table.opener.lang;
    let user = g.table.opener.user.clone();
    let body = strip_fences(text);
    let plan = match Plan::parse(&body) {
        Ok(p) => p,
        Err(e) => {
            work.outs.push(Out::user(&user, e.localize(lang)));
            return;
        }
    };
    let report = validate(&plan, &g.table.rules, Some(g.table.seats.len() as u32));
    if !report.is_valid() {
        work.outs.push(Out::user(&user, report.localize(lang)));
        return;
    }
    work.outs
        .push(Out::user(&user, t(lang, "session-plan-accepted", &[])));
    install_plan(g, plan, seed, work);
}

/// A plan pasted in a chat code block, its fences taken off. The opening fence's line stays as a
/// blank line, so that the problems' line numbers count the message as the master sent it.
fn strip_fences(text: &str) -> Cow<'_, str> {
    let s = text.trim();
    let Some(inner) = s.strip_prefix("```") else {
        return Cow::Borrowed(s);
    };
    let inner = inner.strip_suffix("```").unwrap_or(inner);
    // A language tag may follow the opening fence on its line.
    match inner.split_once('\n') {
        Some((first, rest)) if !first.contains(' ') && !first.starts_with("labyrinth") => {
            Cow::Owned(format!("\n{rest}"))
        }
        _ => Cow::Borrowed(inner),
    }
}

/// A player's start cell (Б §6.1). When all have chosen, two on one cell are refused without a
/// reason, as the book allows and `/rules` says; otherwise the game starts.
fn pick_start(g: &mut Loaded, p: PlayerId, text: &str, seed: u64, work: &mut Work) {
    let seat = g.table.seats[usize::from(p.0)].clone();
    let size = g
        .table
        .game
        .as_ref()
        .map(|game| game.board().size())
        .unwrap_or_else(|| g.table.options.board());
    let word = text.split_whitespace().last().unwrap_or("");
    let cell = word.parse::<Coord>().ok().filter(|&c| size.contains(c));
    let Some(cell) = cell else {
        work.outs.push(Out::user(
            &seat.user,
            t(seat.lang, "session-bad-start", args![("text", clip(text))]),
        ));
        return;
    };
    g.table.picks[usize::from(p.0)] = Some(cell);
    work.dirty = true;
    work.outs.push(Out::user(
        &seat.user,
        t(
            seat.lang,
            "session-start-noted",
            args![("cell", cell.to_string())],
        ),
    ));
    start_when_all_chose(g, seed, work);
}

/// Once every player chose his start cell, play begins, unless the bot refuses some choices (two
/// players on one cell, as `/rules` states): those choose again.
fn start_when_all_chose(g: &mut Loaded, seed: u64, work: &mut Work) {
    if g.table.picks.iter().any(Option::is_none) {
        return;
    }
    let picks: Vec<Coord> = g.table.picks.iter().flatten().copied().collect();
    let mut refused = false;
    for i in 0..picks.len() {
        if picks.iter().filter(|&&c| c == picks[i]).count() > 1 {
            g.table.picks[i] = None;
            refused = true;
            let s = &g.table.seats[i];
            work.outs
                .push(Out::user(&s.user, t(s.lang, "session-start-refused", &[])));
        }
    }
    if !refused {
        start_game(g, picks, seed, work);
    }
}

/// Everybody stands on his cell: the turn order by lot (or join order), the public announcement of
/// the cells' types (Б §6.2), and play begins.
fn start_game(g: &mut Loaded, starts: Vec<Coord>, seed: u64, work: &mut Work) {
    let n = g.table.seats.len();
    let mut order: Vec<PlayerId> = (0..n as u8).map(PlayerId).collect();
    if !g.table.options.join_order {
        let mut rng = ChaCha8Rng::seed_from_u64(g.table.draw(seed, g.id.0));
        order.shuffle(&mut rng);
    }
    let Some(mut game) = g.table.game.take() else {
        return;
    };
    let told = match game.start(&starts, &order) {
        Ok(told) => told,
        Err(r) => {
            work.outs.push(Out::group(refusal(r, g.table.lang)));
            g.table.game = Some(game);
            return;
        }
    };
    g.table.game = Some(game);
    g.table.stage = Stage::Playing;
    g.table.last_moves = vec![None; n];
    let names: Vec<String> = order.iter().map(|&p| g.table.name(p)).collect();
    work.outs.push(Out::group(t(
        g.table.lang,
        if g.table.options.join_order {
            "session-order-join"
        } else {
            "session-order-lot"
        },
        args![("names", names.join(", "))],
    )));
    tell(g, &told, None, work);
    g.table.turn_no += 1;
    work.restart_clock = true;
    work.dirty = true;
    settle(g, work);
}

/// What a player writes privately in play: his status (Б §6.4), a re-order (Б §5.5).
fn private_request(g: &mut Loaded, p: PlayerId, text: &str, work: &mut Work) {
    let seat = g.table.seats[usize::from(p.0)].clone();
    let Some(game) = g.table.game.as_mut() else {
        return;
    };
    match parse_request(text) {
        Err(e) => work.outs.push(Out::user(&seat.user, e.localize(seat.lang))),
        Ok(Request::Status) => {
            let text = match game.status(p) {
                Ok(s) => status_text(&s, seat.lang),
                Err(r) => refusal(r, seat.lang),
            };
            work.outs.push(Out::user(&seat.user, text));
        }
        Ok(Request::Reorder(cell)) => {
            let before = turn_of(game);
            match game.reorder(p, cell) {
                Ok(told) => {
                    g.table.track();
                    tell(g, &told, None, work);
                    work.orders.push(NewOrder {
                        user_id: seat.user.clone(),
                        text: text.to_string(),
                    });
                    work.dirty = true;
                    turn_passed(g, before, work);
                    settle(g, work);
                }
                Err(r) => work.outs.push(Out::user(&seat.user, refusal(r, seat.lang))),
            }
        }
        Ok(Request::Help) => work.outs.push(Out::user(
            &seat.user,
            t(seat.lang, "session-orders-help", &[]),
        )),
        Ok(_) => work.outs.push(Out::user(
            &seat.user,
            t(seat.lang, "session-orders-in-group", &[]),
        )),
    }
}

/// A text in the group while a game runs: an order, or a question to the master.
pub(crate) fn group_text(g: &mut Loaded, msg: &Inbound, text: &str, work: &mut Work) {
    let lang = g.table.lang;
    if g.table.stage != Stage::Playing {
        // A player's order before play begins is refused with the reason; other chatter is not
        // the master's business.
        let setting_up = matches!(g.table.stage, Stage::AwaitPlan | Stage::Starts);
        if setting_up
            && g.table.seat_of(&msg.user.0).is_some()
            && matches!(parse_request(text), Ok(Request::Order(_)))
        {
            work.outs
                .push(Out::group(t(lang, "session-not-started", &[])));
        }
        return;
    }
    let seat = g.table.seat_of(&msg.user.0);
    let request = parse_request(text);
    let Some(p) = seat else {
        // Strangers' chatter is not the master's business; their orders are refused.
        if matches!(request, Ok(Request::Order(_))) {
            work.outs.push(Out::group(t(
                lang,
                "session-stranger",
                args![("name", msg.name.clone())],
            )));
        }
        return;
    };
    if g.table.paused {
        work.outs.push(Out::group(t(lang, "session-paused", &[])));
        return;
    }
    match request {
        Err(e) => work.outs.push(Out::group(e.localize(lang))),
        Ok(Request::Order(parsed)) => {
            let table = &g.table;
            let order = parsed.resolve(|name| find_player(table, name));
            match order {
                Err(e) => work.outs.push(Out::group(e.localize(lang))),
                Ok(order) => play(g, p, &order, text, work),
            }
        }
        Ok(Request::Status) => {
            let seat = &g.table.seats[usize::from(p.0)];
            let text = match g.table.game.as_ref().map(|game| game.status(p)) {
                Some(Ok(s)) => status_text(&s, seat.lang),
                Some(Err(r)) => refusal(r, seat.lang),
                None => String::new(),
            };
            work.outs.push(Out::user(&seat.user, text));
        }
        Ok(Request::Reorder(_)) => {
            work.outs
                .push(Out::group(t(lang, "session-reorder-privately", &[])))
        }
        Ok(Request::Choose(_)) => {
            work.outs
                .push(Out::group(t(lang, "session-choose-in-order", &[])))
        }
        Ok(Request::LastMove(name)) => {
            let who = match name {
                Some(n) => find_player(&g.table, &n),
                None => None,
            };
            let last = match who {
                Some(w) => g.table.last_moves.get(usize::from(w.0)).cloned().flatten(),
                None => g.table.last_moves.iter().flatten().last().cloned(),
            };
            let text = last.unwrap_or_else(|| t(lang, "session-no-last-move", &[]));
            work.outs.push(Out::group(text));
        }
        Ok(Request::Help) => work
            .outs
            .push(Out::group(t(lang, "session-orders-help", &[]))),
    }
}

/// Finds a player by a name as typed, in any grammatical case ("Анну" for "Анна"): the longest
/// name that shares all but its last letter with the word.
fn find_player(table: &Table, typed: &str) -> Option<PlayerId> {
    let typed = typed.to_lowercase();
    let mut best: Option<(usize, PlayerId)> = None;
    for (i, s) in table.seats.iter().enumerate() {
        let name = s.name.to_lowercase();
        let chars: Vec<char> = name.chars().collect();
        let stem: String = if chars.len() > 3 {
            chars[..chars.len() - 1].iter().collect()
        } else {
            name.clone()
        };
        if (typed == name || typed.starts_with(&stem))
            && best.is_none_or(|(len, _)| chars.len() > len)
        {
            best = Some((chars.len(), PlayerId(i as u8)));
        }
    }
    best.map(|(_, p)| p)
}

/// Carries out an order, or refuses it changing nothing.
fn play(
    g: &mut Loaded,
    p: PlayerId,
    order: &crate::labyrinth::game::order::Order,
    text: &str,
    work: &mut Work,
) {
    let lang = g.table.lang;
    let Some(game) = g.table.game.as_mut() else {
        return;
    };
    let before = turn_of(game);
    match game.play(p, order) {
        Err(r) => work.outs.push(Out::group(refusal(r, lang))),
        Ok(told) => {
            g.table.track();
            work.orders.push(NewOrder {
                user_id: g.table.seats[usize::from(p.0)].user.clone(),
                text: text.to_string(),
            });
            tell(g, &told, Some(p), work);
            work.dirty = true;
            turn_passed(g, before, work);
            settle(g, work);
        }
    }
}

/// Whose turn and which round: a change means a new turn and a new deadline.
fn turn_of(game: &Game) -> (Option<PlayerId>, u32, Phase) {
    (game.current(), game.round(), game.phase())
}

fn turn_passed(g: &mut Loaded, before: (Option<PlayerId>, u32, Phase), work: &mut Work) {
    if let Some(game) = &g.table.game
        && turn_of(game) != before
    {
        g.table.turn_no += 1;
        work.restart_clock = true;
    }
}

/// The master tells a turn's events, each to its audience; the public part is remembered as the
/// player's last move (Б §6.3).
fn tell(g: &mut Loaded, told: &[Told], mover: Option<PlayerId>, work: &mut Work) {
    let table = &g.table;
    let names = |p: PlayerId| table.name(p);
    // Each audience in its own language: the group in the game's, a player privately in his.
    let lang_of = |to: Audience| match to {
        Audience::All => table.lang,
        Audience::Player(p) => table
            .seats
            .get(usize::from(p.0))
            .map_or(table.lang, |s| s.lang),
    };
    let told_each = told
        .chunk_by(|a, b| a.to == b.to)
        .flat_map(|chunk| narrate(chunk, lang_of(chunk[0].to), &names));
    for (to, text) in told_each {
        match to {
            Audience::All => work.outs.push(Out::group(text)),
            Audience::Player(p) => {
                if let Some(s) = table.seats.get(usize::from(p.0)) {
                    work.outs.push(Out::user(&s.user, text));
                }
            }
        }
    }
    if let Some(p) = mover {
        remember_move(g, told, p);
    }
}

/// Keeps a player's last move for a repeat (Б §6.3): its own public answer, without the turn
/// passing on ("Round 3. bob, your move."), which a repeat asked for later would tell wrongly.
fn remember_move(g: &mut Loaded, told: &[Told], p: PlayerId) {
    let own: Vec<Told> = told
        .iter()
        .take_while(|t| !matches!(t.event, Event::Turn(_) | Event::Round(_)))
        .filter(|t| t.to == Audience::All)
        .cloned()
        .collect();
    let table = &g.table;
    let public: Vec<String> = narrate(&own, table.lang, &|q| table.name(q))
        .into_iter()
        .map(|(_, text)| text)
        .collect();
    if !public.is_empty()
        && let Some(slot) = g.table.last_moves.get_mut(usize::from(p.0))
    {
        *slot = Some(public.join(" "));
    }
}

/// After anything that changed the game: paths recorded, and the end revealed once it came.
fn settle(g: &mut Loaded, work: &mut Work) {
    g.table.track();
    let over = g
        .table
        .game
        .as_ref()
        .is_some_and(|game| matches!(game.phase(), Phase::Over(_)));
    if over && g.table.stage == Stage::Playing {
        g.table.stage = Stage::Finished;
        work.dirty = true;
        reveal_to_group(g, work);
    }
}

/// The whole maze, as plan text and as a picture with every player's path.
fn reveal_to_group(g: &Loaded, work: &mut Work) {
    if let Some((text, png)) = reveal::reveal(&g.table) {
        work.outs.push(Out {
            to: Dest::Group,
            payload: Payload {
                text: t(g.table.lang, "session-reveal", args![("plan", text)]),
                picture: Some(png),
                ..Payload::default()
            },
        });
    }
}

/// A timer fired: the reminder, or the deadline that skips the turn and removes a player after
/// `missed` turns missed in a row (the online form of §9).
pub(crate) fn fire(g: &mut Loaded, kind: &str, payload: &str, work: &mut Work) {
    let table = &g.table;
    if table.stage != Stage::Playing || table.paused || payload != table.turn_no.to_string() {
        return;
    }
    let lang = table.lang;
    let Some(game) = table.game.as_ref() else {
        return;
    };
    let Some(cur) = game.current() else { return };
    let name = table.name(cur);
    match kind {
        REMINDER => {
            let left = table.options.deadline_ms - table.options.deadline_ms * 3 / 4;
            work.outs.push(Out::group(t(
                lang,
                "session-reminder",
                args![("name", name), ("left", duration_text(lang, left))],
            )));
        }
        DEADLINE => {
            work.outs.push(Out::group(t(
                lang,
                "session-deadline-missed",
                args![("name", name)],
            )));
            skip_turn(g, cur, work);
        }
        _ => {}
    }
}

/// Skips a player's turn for the deadline (or an admin's `/skip`); removes him after too many.
fn skip_turn(g: &mut Loaded, cur: PlayerId, work: &mut Work) {
    let limit = g.table.options.missed;
    let Some(game) = g.table.game.as_mut() else {
        return;
    };
    let before = turn_of(game);
    // The miss that reaches the limit removes him on his own turn, before it passes on: "bob is
    // out of the game. cid, your move." rather than the other way round.
    let missed = game.player(cur).map_or(0, |pl| pl.missed) + 1;
    let told = if limit > 0 && missed >= limit {
        game.remove(cur, Removal::MissedTurns)
    } else {
        game.skip_for_deadline(cur)
    };
    tell(g, &told, None, work);
    work.dirty = true;
    turn_passed(g, before, work);
    settle(g, work);
}

/// `/skip`: the admin skips the turn of the player who keeps everybody waiting.
pub(crate) fn skip(g: &mut Loaded, work: &mut Work) {
    let cur = g.table.game.as_ref().and_then(Game::current);
    match (g.table.stage == Stage::Playing, cur) {
        (true, Some(cur)) => skip_turn(g, cur, work),
        _ => work
            .outs
            .push(Out::group(t(g.table.lang, "session-not-playing-now", &[]))),
    }
}

/// `/kick NAME` (and `/leave` once begun): out of the lobby, or out of play with a corpse left.
pub(crate) fn kick(g: &mut Loaded, p: PlayerId, seed: u64, work: &mut Work) {
    let lang = g.table.lang;
    let name = g.table.name(p);
    match g.table.stage {
        Stage::Lobby => {
            g.table.seats.remove(usize::from(p.0));
            work.dirty = true;
            work.roster = true;
            work.outs
                .push(Out::group(t(lang, "session-left", args![("name", name)])));
        }
        Stage::Playing => {
            let Some(game) = g.table.game.as_mut() else {
                return;
            };
            let before = turn_of(game);
            let told = game.remove(p, Removal::Left);
            tell(g, &told, None, work);
            work.dirty = true;
            turn_passed(g, before, work);
            settle(g, work);
        }
        Stage::AwaitPlan | Stage::Starts => unseat(g, p, seed, work),
        Stage::Finished | Stage::Aborted => {
            work.outs
                .push(Out::group(t(lang, "session-not-playing-now", &[])))
        }
    }
}

/// A player leaves before play: the table is set again without him — the engine for one player
/// fewer, the others' start cells kept — and play begins if everyone left has chosen. Too few left
/// to play, and the game is called off.
fn unseat(g: &mut Loaded, p: PlayerId, seed: u64, work: &mut Work) {
    let lang = g.table.lang;
    let i = usize::from(p.0);
    let name = g.table.name(p);
    g.table.seats.remove(i);
    if i < g.table.picks.len() {
        g.table.picks.remove(i);
    }
    work.dirty = true;
    work.roster = true;
    work.outs
        .push(Out::group(t(lang, "session-left", args![("name", name)])));
    if g.table.seats.len() < MIN_PLAYERS {
        g.table.stage = Stage::Aborted;
        work.outs
            .push(Out::group(t(lang, "session-too-few-left", &[])));
        return;
    }
    let plan = g
        .table
        .plan
        .as_deref()
        .and_then(|text| Plan::parse(text).ok());
    if g.table.stage == Stage::Starts
        && let Some(plan) = plan
    {
        g.table.game = Some(seat_players(&g.table, &plan));
        start_when_all_chose(g, seed, work);
    }
}

/// `/cancel` and `/abort`: the game ends without a winner; a maze in play is revealed.
pub(crate) fn abort(g: &mut Loaded, work: &mut Work) {
    let lang = g.table.lang;
    if !g.table.running() {
        return;
    }
    let playing = g.table.stage == Stage::Playing;
    g.table.stage = Stage::Aborted;
    work.dirty = true;
    work.outs.push(Out::group(t(lang, "session-aborted", &[])));
    if playing {
        reveal_to_group(g, work);
    }
}

/// `/pause` and `/resume`: deadlines stop, and start afresh on resuming.
pub(crate) fn pause(g: &mut Loaded, on: bool, work: &mut Work) {
    let lang = g.table.lang;
    if g.table.stage != Stage::Playing || g.table.paused == on {
        work.outs
            .push(Out::group(t(lang, "session-not-playing-now", &[])));
        return;
    }
    g.table.paused = on;
    work.dirty = true;
    if !on {
        g.table.turn_no += 1;
        work.restart_clock = true;
    }
    let id = if on {
        "session-paused-now"
    } else {
        "session-resumed"
    };
    work.outs.push(Out::group(t(lang, id, &[])));
}

/// `/status`: privately a player's own (Б §6.4); in the group, a card of where the game stands,
/// which is then kept up to date in place as turns pass.
pub(crate) fn status(g: &mut Loaded, msg: &Inbound, work: &mut Work) {
    let table = &g.table;
    if msg.private
        && let (Some(p), Some(game)) = (table.seat_of(&msg.user.0), table.game.as_ref())
        && table.stage == Stage::Playing
    {
        let lang = table.seats[usize::from(p.0)].lang;
        let text = match game.status(p) {
            Ok(s) => status_text(&s, lang),
            Err(r) => refusal(r, lang),
        };
        work.outs.push(Out::user(&msg.user.0, text));
        return;
    }
    let text = status_card(table, work.now);
    if msg.private {
        work.outs.push(Out::user(&msg.user.0, text));
        return;
    }
    let mut out = Out::group(text);
    out.payload.slot = Some(Slot {
        name: status_slot(g),
        edits: false,
    });
    work.outs.push(out);
    if !g.table.status_card {
        g.table.status_card = true;
        work.dirty = true;
    }
}

/// Where the game stands, for the group: with the time left for the move, as of `now`.
fn status_card(table: &Table, now: i64) -> String {
    let out = |i: usize| {
        let game = table.game.as_ref();
        game.is_some_and(|g| !g.active(PlayerId(i as u8)))
    };
    let names: Vec<String> = (table.seats.iter().enumerate())
        .map(|(i, s)| match out(i) {
            true => t(
                table.lang,
                "session-status-out",
                args![("name", s.name.clone())],
            ),
            false => s.name.clone(),
        })
        .collect();
    let turn = table
        .game
        .as_ref()
        .and_then(Game::current)
        .map(|p| table.name(p))
        .unwrap_or_else(|| "-".into());
    let round = table.game.as_ref().map_or(0, Game::round);
    let text = t(
        table.lang,
        "session-status",
        args![
            ("code", table.code.clone()),
            ("status", super::text::stage(table.lang, table.status())),
            ("players", names.join(", ")),
            ("turn", turn),
            ("round", round)
        ],
    );
    match table.turn_due_ms {
        Some(due) => {
            let left = duration_text(table.lang, (due - now).max(0));
            format!(
                "{text} {}",
                t(table.lang, "session-status-left", args![("left", left)])
            )
        }
        None => text,
    }
}

fn status_slot(g: &Loaded) -> String {
    format!("status:{}", g.id.0)
}

/// A new turn: the status card, if the group has one, is brought up to date in place, and the
/// group's last message gets the buttons of the player whose turn it is.
pub(crate) fn new_turn(g: &Loaded, work: &mut Work) {
    let table = &g.table;
    if table.stage != Stage::Playing || table.paused {
        return;
    }
    if let Some(last) = work
        .outs
        .iter_mut()
        .rev()
        .find(|o| o.to == Dest::Group && o.payload.picture.is_none())
        && last.payload.buttons.is_empty()
        && table.game.as_ref().and_then(Game::current).is_some()
    {
        // The player to move sees at once how long he has, and gets his buttons.
        let left = duration_text(table.lang, table.options.deadline_ms);
        last.payload.text.push('\n');
        last.payload
            .text
            .push_str(&t(table.lang, "session-turn-time", args![("left", left)]));
        last.payload.buttons = turn_buttons(g);
    }
    if table.status_card {
        let mut card = Out::group(status_card(table, work.now));
        card.payload.slot = Some(Slot {
            name: status_slot(g),
            edits: true,
        });
        work.outs.push(card);
    }
}

/// The prefix of a turn button's data: `#<game> !<turn number> <action>` (the game's prefix is
/// checked and taken off before [`press`] sees it).
const PRESS: char = '!';
/// What the turn buttons do: the four moves, the four shots, and one's own status.
const MOVES: [(&str, &str); 4] = [("⬆", "up"), ("⬇", "down"), ("⬅", "left"), ("➡", "right")];

/// The buttons of a turn: they name it, so that a press on an old one is refused.
fn turn_buttons(g: &Loaded) -> Vec<Vec<Button>> {
    let (table, id) = (&g.table, g.id.0);
    let n = table.turn_no;
    let press =
        |label: String, action: String| Button::press(label, format!("#{id} {PRESS}{n} {action}"));
    let moves = MOVES
        .iter()
        .map(|(label, dir)| press(label.to_string(), format!("go {dir}")))
        .collect();
    let shots = MOVES
        .iter()
        .map(|(label, dir)| press(format!("🔫{label}"), format!("shoot {dir}")))
        .collect();
    let status = vec![press(
        t(table.lang, "session-status-button", &[]),
        "status".to_string(),
    )];
    vec![moves, shots, status]
}

/// Whether a button's data is a turn button's.
pub(crate) fn is_press(data: &str) -> bool {
    data.starts_with(PRESS)
}

/// A turn button pressed: checked against the game as it stands now, so that a press by anyone but
/// the player whose turn it is, or on a button of an earlier turn, changes nothing.
pub(crate) fn press(g: &mut Loaded, msg: &Inbound, data: &str, work: &mut Work) {
    let lang = msg.lang.unwrap_or(g.table.lang);
    let popup = |work: &mut Work, id: &str, args: &[(&str, crate::i18n::Arg)]| {
        work.outs.push(Out {
            to: Dest::Presser,
            payload: Payload {
                text: t(lang, id, args),
                ..Payload::default()
            },
        });
    };
    let parsed = data[PRESS.len_utf8()..]
        .split_once(' ')
        .and_then(|(n, action)| Some((n.parse::<u64>().ok()?, action)));
    let table = &g.table;
    let Some(p) = table.seat_of(&msg.user.0) else {
        return popup(work, "session-press-stranger", &[]);
    };
    let Some((turn, action)) = parsed.filter(|_| table.stage == Stage::Playing && !table.paused)
    else {
        return popup(work, "session-press-stale", &[]);
    };
    if action == "status" {
        return group_text(g, msg, "status", work);
    }
    let current = table.game.as_ref().and_then(Game::current);
    if turn != table.turn_no {
        return popup(work, "session-press-stale", &[]);
    }
    if current != Some(p) {
        let name = current.map(|c| table.name(c)).unwrap_or_default();
        return popup(work, "session-press-not-your-turn", args![("name", name)]);
    }
    group_text(g, msg, action, work);
}

/// Asks the group to tell a player that the bot cannot write to him privately, with a button that
/// opens the private chat.
pub(crate) fn ask_to_open_chat(g: &Loaded, user: &str, work: &mut Work) {
    let table = &g.table;
    let name = match table.seat_of(user) {
        Some(p) => table.name(p),
        None => table.opener.name.clone(),
    };
    let mut out = Out::group(t(table.lang, "session-dm-blocked", args![("name", name)]));
    out.payload.buttons = vec![vec![Button::link(
        t(table.lang, "session-open-chat-button", &[]),
        "hello",
    )]];
    work.outs.push(out);
}

/// `/rules`: the code, every option as it stands, and the rule on start cells.
pub(crate) fn rules_text(table: &Table) -> String {
    let options = toml::to_string(&table.rules).unwrap_or_default();
    let mut text = t(
        table.lang,
        "session-rules",
        args![
            ("code", table.code.clone()),
            ("options", options.trim().to_string()),
            (
                "deadline",
                duration_text(table.lang, table.options.deadline_ms)
            ),
            ("missed", table.options.missed)
        ],
    );
    if !table.options.handicap.is_empty() {
        // Б §7.2: the group agreed on who is weaker; everyone may know what he was given.
        let play = &table.rules.play;
        text.push('\n');
        text.push_str(&t(
            table.lang,
            "session-rules-handicap",
            args![
                ("names", table.options.handicap.join(", ")),
                ("peek", u32::from(play.handicap_peek)),
                ("reorder", if play.handicap_reorder { "yes" } else { "no" })
            ],
        ));
    }
    text
}

/// A duration as players read it: `18h`, `45m`, `1d 6h`.
pub(crate) fn duration_text(lang: Lang, ms: i64) -> String {
    let mins = ms / 60_000;
    let (d, h, m) = (mins / 1440, mins / 60 % 24, mins % 60);
    let mut parts = vec![];
    if d > 0 {
        parts.push(t(lang, "session-days", args![("n", d)]));
    }
    if h > 0 {
        parts.push(t(lang, "session-hours", args![("n", h)]));
    }
    if m > 0 || parts.is_empty() {
        parts.push(t(lang, "session-minutes", args![("n", m)]));
    }
    parts.join(" ")
}

/// A player's words quoted back, at most 40 characters.
fn clip(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::labyrinth::ruleset::Ruleset;
    use crate::session::table::{Options, Seat};

    fn seat(name: &str) -> Seat {
        Seat {
            user: name.to_lowercase(),
            name: name.to_string(),
            lang: Lang::Ru,
        }
    }

    /// §7.3: "стреляю вправо в Анну на C3" names the target in any grammatical case.
    #[test]
    fn named_targets_are_found_in_any_case() {
        let mut t = Table::new(
            seat("Анна"),
            "classic",
            Ruleset::classic(),
            Options::default(),
            Lang::Ru,
        );
        t.seats.push(seat("Борис"));
        t.seats.push(seat("ann"));
        assert_eq!(find_player(&t, "Анну"), Some(PlayerId(0)));
        assert_eq!(find_player(&t, "Бориса"), Some(PlayerId(1)));
        assert_eq!(find_player(&t, "ANN"), Some(PlayerId(2)));
        assert_eq!(find_player(&t, "Вера"), None);
    }

    /// A refused plan's line numbers count the message as sent, the opening fence included.
    #[test]
    fn fences_come_off_and_lines_keep_their_numbers() {
        let body = "labyrinth 1x1\n+---+\n| x  \n+---+";
        assert_eq!(strip_fences(body), body);
        assert_eq!(
            strip_fences(&format!("```\n{body}\n```")),
            format!("\n{body}\n")
        );
        assert_eq!(
            strip_fences(&format!("```text\n{body}```")),
            format!("\n{body}")
        );
        assert_eq!(strip_fences(&format!("```{body}```")), body);
        let Err(e) = Plan::parse(&strip_fences(&format!("```\n{body}\n```"))) else {
            panic!("a bad plan")
        };
        assert!(
            e.localize(Lang::En).starts_with("line 4, A1:"),
            "{}",
            e.localize(Lang::En)
        );
    }

    #[test]
    fn durations_are_shown_in_days_hours_minutes_in_each_language() {
        assert_eq!(duration_text(Lang::En, 6 * 3_600_000), "6h");
        assert_eq!(duration_text(Lang::En, 90 * 60_000), "1h 30m");
        assert_eq!(duration_text(Lang::En, 26 * 3_600_000), "1d 2h");
        assert_eq!(duration_text(Lang::En, 0), "0m");
        assert_eq!(duration_text(Lang::Ru, 90 * 60_000), "1 ч 30 мин");
        assert_eq!(duration_text(Lang::Ru, 26 * 3_600_000), "1 д 2 ч");
    }
}
