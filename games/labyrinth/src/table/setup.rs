//! From `/begin` to the first move: the plan (generated, or the master's), the start cells chosen
//! privately (Б §6.1), the turn order, and the table set again when a player leaves meanwhile.

use std::borrow::Cow;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::game::narrate::cell_key;
use crate::game::{Game, PlayerId};
use crate::generate::generate;
use crate::geometry::Coord;
use crate::locale::t;
use crate::movement::Topology;
use crate::plan::Plan;
use crate::validate::validate;
use bot_core::args;
use bot_core::i18n::Localize;
use bot_core::session::chat::{Button, Inbound, Payload};
use bot_core::session::game::{Cx, Dest, Out};
use bot_core::session::table::Stage;

use super::names::clip;
use super::play::private_request;
use super::tell::{settle, tell};
use super::{Labyrinth, pid};

/// `/begin`: the bot composes the maze, or asks the master for his plan (or takes the one he sent
/// before).
pub(super) fn begin(lab: &mut Labyrinth, cx: &mut Cx) {
    let lang = cx.t.lang;
    if lab.options.own_plan {
        cx.t.stage = Stage::Setup;
        cx.changed();
        if let Some(text) = lab.early_plan.take() {
            take_plan(lab, cx, &text);
            if lab.plan.is_some() {
                return;
            }
        }
        let master = cx.t.opener.clone();
        cx.group(t(
            lang,
            "lab-table-waiting-plan",
            args![("name", master.name.clone())],
        ));
        let players = cx.t.seats.len();
        cx.user(
            &master.user,
            t(
                master.lang,
                "lab-table-send-plan",
                args![("players", players)],
            ),
        );
        return;
    }
    let n = cx.t.seats.len() as u32;
    let plan_seed = match lab.options.seed {
        Some(s) => s,
        None => cx.draw(),
    };
    match generate(lab.options.board(), n, &lab.rules, plan_seed) {
        Ok(plan) => install_plan(lab, cx, plan),
        Err(e) => cx.group(e.localize(lang)),
    }
}

/// A plan is in: the game is set up, the plan announced (§8.6), and the players asked for their start
/// cells (§6.1).
fn install_plan(lab: &mut Labyrinth, cx: &mut Cx, plan: Plan) {
    let lang = cx.t.lang;
    let n = cx.t.seats.len();
    let size = plan.board.size();
    let exits = match lab.rules.limits.exits {
        Some(e) => t(lang, "lab-table-exits-known", args![("n", e)]),
        None => t(lang, "lab-table-exits-unknown", &[]),
    };
    let closed = if lab.rules.closed_exits {
        t(lang, "lab-table-closed-exits", &[])
    } else {
        String::new()
    };
    let cure = if lab.rules.play.cure_limited {
        t(lang, "lab-table-cure", args![("n", plan.cure())])
    } else {
        t(lang, "lab-table-cure-unlimited", &[])
    };
    // Б §7.6 and the encyclopedia's variant: the master places the players himself.
    let placed = lab.rules.play.common_start || lab.rules.play.secret_start;
    let text = t(
        lang,
        "lab-table-plan-ready",
        args![
            ("size", size.to_string()),
            ("exits", exits),
            ("closed", closed),
            ("cure", cure),
            ("nstop", plan.nstop()),
            ("start", if placed { "placed" } else { "choose" })
        ],
    );
    cx.group(text);
    lab.plan = Some(plan.to_text());
    lab.game = Some(seat_players(lab, cx, &plan));
    lab.picks = vec![None; n];
    cx.t.stage = Stage::Setup;
    cx.changed();
    if lab.rules.play.common_start {
        // Б §7.6: the master chooses one cell for everybody.
        let cells: Vec<Coord> = size.cells().collect();
        let pick = cells[(cx.draw() % cells.len() as u64) as usize];
        start_game(lab, cx, vec![pick; n]);
        return;
    }
    if lab.rules.play.secret_start {
        // The encyclopedia: "ведущий ставит игроков в известные только ему места". A cell no
        // movement can end on (a river's top cells) is no place to stand either.
        let rivers = lab.rules.rivers;
        let cells: Vec<Coord> = size
            .cells()
            .filter(|&c| !Topology::never_stood_on(&plan.board, rivers, c))
            .collect();
        let starts = (0..n)
            .map(|_| cells[(cx.draw() % cells.len() as u64) as usize])
            .collect();
        start_game(lab, cx, starts);
        return;
    }
    // The start cells are chosen at once, privately, against the table's clock.
    cx.next_turn();
    let buttons = cell_buttons(lab, cx);
    for seat in cx.t.seats.clone() {
        cx.push(Out {
            to: Dest::User(seat.user.clone()),
            payload: Payload {
                text: t(
                    seat.lang,
                    "lab-table-choose-start",
                    args![("id", cx.id.to_string())],
                ),
                buttons: buttons.clone(),
                ..Payload::default()
            },
        });
    }
}

/// The rules engine over a plan for the table's players, with the handicaps the group granted.
fn seat_players(lab: &Labyrinth, cx: &mut Cx, plan: &Plan) -> Game {
    let mut game = Game::new(plan, lab.rules.clone(), cx.t.seats.len() as u8);
    // Encyclopedia, modification 14: the master's dice. Drawn only where the rules use them, so
    // that games without them draw the session's numbers as before.
    if lab.rules.play.random_hospital {
        game.set_luck(cx.draw());
    }
    for (i, seat) in cx.t.seats.iter().enumerate() {
        // Kodex Б §7.2: the handicap goes to the players the group named at /newgame.
        let named = |n: &String| n.eq_ignore_ascii_case(&seat.name) || *n == seat.user;
        if lab.options.handicap.iter().any(named) {
            let _ = game.grant_handicap(PlayerId(i as u8));
        }
    }
    game
}

/// A grid of the board's cells as buttons, each naming the game; a maze of levels has a grid for
/// each level, the first on top.
fn cell_buttons(lab: &Labyrinth, cx: &Cx) -> Vec<Vec<Button>> {
    let size = lab
        .game
        .as_ref()
        .map(|game| game.board().size())
        .unwrap_or_else(|| lab.options.board());
    let cells: Vec<Coord> = size.cells().collect();
    cells
        .chunks(usize::from(size.width))
        .map(|row| {
            row.iter()
                .map(|c| {
                    let c = c.to_string();
                    Button::press(c.clone(), format!("#{} {c}", cx.id))
                })
                .collect()
        })
        .collect()
}

/// Where setup stands: waiting for the master's plan, or for start cells.
fn awaits_plan(lab: &Labyrinth, cx: &Cx) -> bool {
    cx.t.stage == Stage::Setup && lab.plan.is_none()
}

/// A private message about a game: the master's plan, a start cell, a status, a re-order.
pub(super) fn private_text(lab: &mut Labyrinth, cx: &mut Cx, msg: &Inbound, text: &str) {
    let user = msg.user.0.as_str();
    let lang = cx.t.lang;
    let seat = cx.t.seat_of(user).map(pid);
    let master = lab.options.own_plan && cx.t.opener.user == user;
    match (cx.t.stage, seat) {
        (Stage::Lobby, _) if master => keep_early_plan(lab, cx, text),
        (Stage::Setup, _) if master && awaits_plan(lab, cx) => take_plan(lab, cx, text),
        (Stage::Setup, Some(p)) if lab.plan.is_some() && is_peek(text) => {
            peek_cell(lab, cx, p, text)
        }
        (Stage::Setup, Some(p)) if lab.plan.is_some() => pick_start(lab, cx, p, text),
        (Stage::Playing, Some(p)) => private_request(lab, cx, msg, p, text),
        _ => cx.user(user, t(lang, "lab-table-nothing-to-do", &[])),
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
fn peek_cell(lab: &mut Labyrinth, cx: &mut Cx, p: PlayerId, text: &str) {
    let seat = cx.t.seats[usize::from(p.0)].clone();
    let word = text
        .split(|c: char| c.is_whitespace() || c == '?')
        .rfind(|w| !w.is_empty())
        .unwrap_or("");
    let Some(game) = lab.game.as_mut() else {
        return;
    };
    let Ok(cell) = word.parse::<Coord>() else {
        let text = t(
            seat.lang,
            "lab-table-bad-start",
            args![("text", clip(text))],
        );
        cx.user(&seat.user, text);
        return;
    };
    let text = match game.peek(p, cell) {
        Ok(seen) => t(
            seat.lang,
            "lab-table-peeked",
            args![("coord", cell.to_string()), ("cell", cell_key(seen))],
        ),
        Err(r) => r.localize(seat.lang),
    };
    cx.changed();
    cx.user(&seat.user, text);
}

/// A `plan=own` master's plan sent while the lobby is open: checked at once (all but the number of
/// players, not known yet) and kept for `/begin`, or refused with every problem.
fn keep_early_plan(lab: &mut Labyrinth, cx: &mut Cx, text: &str) {
    let master = cx.t.opener.clone();
    match checked_plan(lab, text, None, master.lang) {
        Ok(_) => {
            lab.early_plan = Some(strip_fences(text).into_owned());
            cx.changed();
            cx.user(&master.user, t(master.lang, "lab-table-plan-kept", &[]));
        }
        Err(problems) => cx.user(&master.user, problems),
    }
}

/// A plan parsed and validated for this table, or every problem in the master's words.
fn checked_plan(
    lab: &Labyrinth,
    text: &str,
    players: Option<u32>,
    lang: bot_core::i18n::Lang,
) -> Result<Plan, String> {
    let body = strip_fences(text);
    let plan = Plan::parse(&body).map_err(|e| e.localize(lang))?;
    let report = validate(&plan, &lab.rules, players);
    if !report.is_valid() {
        return Err(report.localize(lang));
    }
    Ok(plan)
}

/// The master's plan (`plan=own`): parsed and validated; a refused plan gets every problem, and
/// nothing is kept.
fn take_plan(lab: &mut Labyrinth, cx: &mut Cx, text: &str) {
    let master = cx.t.opener.clone();
    let players = Some(cx.t.seats.len() as u32);
    match checked_plan(lab, text, players, master.lang) {
        Ok(plan) => {
            cx.user(&master.user, t(master.lang, "lab-table-plan-accepted", &[]));
            install_plan(lab, cx, plan);
        }
        Err(problems) => cx.user(&master.user, problems),
    }
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
fn pick_start(lab: &mut Labyrinth, cx: &mut Cx, p: PlayerId, text: &str) {
    let seat = cx.t.seats[usize::from(p.0)].clone();
    let size = lab
        .game
        .as_ref()
        .map(|game| game.board().size())
        .unwrap_or_else(|| lab.options.board());
    let word = text.split_whitespace().last().unwrap_or("");
    let cell = word.parse::<Coord>().ok().filter(|&c| size.contains(c));
    let Some(cell) = cell else {
        cx.user(
            &seat.user,
            t(
                seat.lang,
                "lab-table-bad-start",
                args![("text", clip(text))],
            ),
        );
        return;
    };
    lab.picks[usize::from(p.0)] = Some(cell);
    cx.changed();
    cx.user(
        &seat.user,
        t(
            seat.lang,
            "lab-table-start-noted",
            args![("cell", cell.to_string())],
        ),
    );
    start_when_all_chose(lab, cx);
}

/// Once every player chose his start cell, play begins, unless the bot refuses some choices (two
/// players on one cell, as `/rules` states): those choose again.
fn start_when_all_chose(lab: &mut Labyrinth, cx: &mut Cx) {
    if lab.picks.iter().any(Option::is_none) {
        return;
    }
    let picks: Vec<Coord> = lab.picks.iter().flatten().copied().collect();
    let mut refused = false;
    for i in 0..picks.len() {
        if picks.iter().filter(|&&c| c == picks[i]).count() > 1 {
            lab.picks[i] = None;
            refused = true;
            let s = cx.t.seats[i].clone();
            cx.user(&s.user, t(s.lang, "lab-table-start-refused", &[]));
        }
    }
    if !refused {
        start_game(lab, cx, picks);
    }
}

/// Everybody stands on his cell: the turn order by lot (or join order), the public announcement of
/// the cells' types (Б §6.2), and play begins.
fn start_game(lab: &mut Labyrinth, cx: &mut Cx, starts: Vec<Coord>) {
    let n = cx.t.seats.len();
    let mut order: Vec<PlayerId> = (0..n as u8).map(PlayerId).collect();
    if !lab.options.join_order {
        let mut rng = ChaCha8Rng::seed_from_u64(cx.draw());
        order.shuffle(&mut rng);
    }
    let Some(mut game) = lab.game.take() else {
        return;
    };
    let told = match game.start(&starts, &order) {
        Ok(told) => told,
        Err(r) => {
            cx.group(r.localize(cx.t.lang));
            lab.game = Some(game);
            return;
        }
    };
    lab.game = Some(game);
    cx.start_play();
    lab.last_moves = vec![None; n];
    let names: Vec<String> = order.iter().map(|&p| cx.t.name(usize::from(p.0))).collect();
    let id = if lab.options.join_order {
        "lab-table-order-join"
    } else {
        "lab-table-order-lot"
    };
    cx.group(t(cx.t.lang, id, args![("names", names.join(", "))]));
    tell(lab, cx, &told, None);
    cx.next_turn();
    settle(lab, cx);
}

/// A player let the time for his start cell run out: the master chooses for him, among the cells
/// nobody else chose, and tells him privately; play begins once everyone has a cell.
pub(super) fn start_for(lab: &mut Labyrinth, cx: &mut Cx, seat: usize) {
    let Some(size) = lab.game.as_ref().map(|g| g.board().size()) else {
        return;
    };
    if lab.picks.get(seat).is_none_or(Option::is_some) {
        return;
    }
    let free: Vec<Coord> = size
        .cells()
        .filter(|c| !lab.picks.contains(&Some(*c)))
        .collect();
    if free.is_empty() {
        return;
    }
    let cell = free[(cx.draw() % free.len() as u64) as usize];
    lab.picks[seat] = Some(cell);
    cx.changed();
    let s = cx.t.seats[seat].clone();
    let text = t(
        s.lang,
        "lab-table-start-chosen-for-you",
        args![("cell", cell.to_string())],
    );
    cx.user(&s.user, text);
    start_when_all_chose(lab, cx);
}

/// A player left before play (the session took his seat off, and enough remain): the engine is set
/// again for one player fewer, the others' start cells kept, and play begins if everyone left has
/// chosen.
pub(super) fn unseated(lab: &mut Labyrinth, cx: &mut Cx, seat: usize) {
    if seat < lab.picks.len() {
        lab.picks.remove(seat);
    }
    let plan = lab.plan.as_deref().and_then(|text| Plan::parse(text).ok());
    if let Some(plan) = plan {
        lab.game = Some(seat_players(lab, cx, &plan));
        start_when_all_chose(lab, cx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_core::i18n::Lang;

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
}
