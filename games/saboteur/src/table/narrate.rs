//! The master's words for Saboteur: every event told to whom it belongs, the round's deal, the
//! prompt of the player to move, the status (the cards' names are [`super::cards`]).

use crate::game::{Event, Game, Order, Phase, PlayerId, Refusal, Role};
use crate::locale::t;
use bot_core::i18n::{Lang, Localize};
use bot_core::session::game::{Cx, Out};
use bot_core::session::table::Seating;

use super::cards::{card, hand, path, tool};
use super::{Saboteur, buttons, seat, view};

/// A role's name.
fn role(r: Role, lang: Lang) -> String {
    let id = match r {
        Role::Digger => "sab-role-digger",
        Role::Saboteur => "sab-role-saboteur",
    };
    t(lang, id, &[])
}

/// A refusal of the engine, in `lang`.
pub(super) fn refusal(r: &Refusal, lang: Lang) -> String {
    r.localize(lang)
}

/// An order the player to move could type now, as an example.
pub(super) fn example(game: &Game) -> String {
    let names: Vec<String> = (0..game.players().len()).map(|i| format!("p{i}")).collect();
    game.legal()
        .into_iter()
        .find(|o| matches!(o, Order::Path { .. }))
        .map(|o| o.command(&names))
        .unwrap_or_else(|| "/play NES 1,0".to_string())
}

fn name(cx: &Cx, p: PlayerId) -> String {
    cx.t.name(seat(p))
}

fn user(cx: &Cx, p: PlayerId) -> String {
    cx.t.seats[seat(p)].user.clone()
}

fn lang_of(cx: &Cx, p: PlayerId) -> Lang {
    cx.t.seats[seat(p)].lang
}

/// Tells what the engine did: the group's part as one message after the map's picture, each
/// private part to its player.
pub(super) fn events(sab: &mut Saboteur, cx: &mut Cx, events: &[Event]) {
    let lang = cx.t.lang;
    let mut group: Vec<String> = vec![];
    let mut map_changed = false;
    for e in events {
        match e {
            Event::PathPlaced { by, card, cell } => {
                sab.last = Some((cell.x, cell.y));
                map_changed = true;
                group.push(t(
                    lang,
                    "sab-placed",
                    bot_core::args![
                        ("name", name(cx, *by)),
                        ("card", path(card)),
                        ("cell", cell.to_string())
                    ],
                ));
            }
            Event::Broke {
                by,
                target,
                tool: x,
            } => group.push(t(
                lang,
                "sab-broke",
                bot_core::args![
                    ("name", name(cx, *by)),
                    ("target", name(cx, *target)),
                    ("tool", tool(*x, lang))
                ],
            )),
            Event::Fixed {
                by,
                target,
                tool: x,
            } => group.push(t(
                lang,
                "sab-fixed",
                bot_core::args![
                    ("name", name(cx, *by)),
                    ("target", name(cx, *target)),
                    ("tool", tool(*x, lang))
                ],
            )),
            Event::Rockfall { by, cell, card } => {
                map_changed = true;
                if sab.last == Some((cell.x, cell.y)) {
                    sab.last = None;
                }
                group.push(t(
                    lang,
                    "sab-rockfall",
                    bot_core::args![
                        ("name", name(cx, *by)),
                        ("cell", cell.to_string()),
                        ("card", path(card))
                    ],
                ));
            }
            Event::MapPlayed { by, cell } => group.push(t(
                lang,
                "sab-mapped",
                bot_core::args![("name", name(cx, *by)), ("cell", cell.to_string())],
            )),
            Event::Mapped { by, cell, gold } => {
                let l = lang_of(cx, *by);
                let what = t(l, if *gold { "sab-gold" } else { "sab-stone" }, &[]);
                let text = t(
                    l,
                    "sab-mapped-you",
                    bot_core::args![("cell", cell.to_string()), ("what", what)],
                );
                let u = user(cx, *by);
                cx.user(&u, text);
            }
            Event::DiscardedFaceDown { by } => group.push(t(
                lang,
                "sab-discarded",
                bot_core::args![("name", name(cx, *by))],
            )),
            Event::Discarded { by, card: c } => {
                let l = lang_of(cx, *by);
                let text = t(
                    l,
                    "sab-discarded-you",
                    bot_core::args![("card", card(c, l))],
                );
                let u = user(cx, *by);
                cx.user(&u, text);
            }
            Event::Drew { by, card: c } => {
                let l = lang_of(cx, *by);
                let text = t(l, "sab-drew", bot_core::args![("card", card(c, l))]);
                let u = user(cx, *by);
                cx.user(&u, text);
            }
            Event::Passed { by } => group.push(t(
                lang,
                "sab-passed",
                bot_core::args![("name", name(cx, *by))],
            )),
            Event::GoalRevealed { cell, gold, .. } => {
                map_changed = true;
                let id = if *gold {
                    "sab-goal-gold"
                } else {
                    "sab-goal-stone"
                };
                group.push(t(lang, id, bot_core::args![("cell", cell.to_string())]));
            }
            Event::RoundOver {
                round,
                diggers_won,
                roles,
                saboteurs,
                ..
            } => {
                let id = match (diggers_won, saboteurs) {
                    (true, _) => "sab-round-diggers",
                    // Дележ золота, Примечание: with no saboteur dealt, nobody is paid.
                    (false, 0) => "sab-round-nobody",
                    (false, _) => "sab-round-saboteurs",
                };
                group.push(t(lang, id, bot_core::args![("round", u32::from(*round))]));
                group.push(roles_text(cx, roles));
            }
            Event::TookGold { by } => group.push(t(
                lang,
                "sab-took",
                bot_core::args![("name", name(cx, *by))],
            )),
            Event::Took { by, value } => {
                let l = lang_of(cx, *by);
                let text = t(
                    l,
                    "sab-took-you",
                    bot_core::args![("value", u32::from(*value))],
                );
                let u = user(cx, *by);
                cx.user(&u, text);
            }
            Event::Removed { who } => group.push(t(
                lang,
                "sab-removed",
                bot_core::args![("name", name(cx, *who))],
            )),
            Event::SaboteursPaid { who, amount } => group.push(t(
                lang,
                "sab-paid",
                bot_core::args![("name", name(cx, *who)), ("amount", *amount)],
            )),
            Event::RoundStarted { .. } => {
                flush(sab, cx, &mut group, &mut map_changed);
                round_start(sab, cx);
            }
            Event::GameOver { gold } => {
                flush(sab, cx, &mut group, &mut map_changed);
                game_over(cx, gold);
            }
            _ => {}
        }
    }
    flush(sab, cx, &mut group, &mut map_changed);
}

/// Posts what the group has been told so far: the map's picture first when it changed.
fn flush(sab: &Saboteur, cx: &mut Cx, group: &mut Vec<String>, map_changed: &mut bool) {
    if *map_changed && let Some(game) = &sab.game {
        let mut out = Out::group(status_caption(game, cx.t.lang));
        out.payload.picture = Some(view::map(game, sab.last, &[]));
        cx.push(out);
    }
    *map_changed = false;
    if !group.is_empty() {
        cx.group(group.join(" "));
        group.clear();
    }
}

/// The roles of everyone, told when a round ends (and when a game is called off).
fn roles_text(cx: &Cx, roles: &[Role]) -> String {
    let lang = cx.t.lang;
    let list: Vec<String> = (roles.iter().enumerate())
        .map(|(i, r)| format!("{} — {}", cx.t.name(i), role(*r, lang)))
        .collect();
    t(
        lang,
        "sab-roles",
        bot_core::args![("roles", list.join(", "))],
    )
}

/// A game called off: the roles of the round, which nobody need keep secret any more.
pub(super) fn reveal_roles(sab: &Saboteur, cx: &mut Cx) {
    let Some(game) = &sab.game else { return };
    let roles: Vec<Role> = game.players().iter().map(|p| p.role).collect();
    let text = roles_text(cx, &roles);
    cx.group(text);
}

/// A round was dealt: the group told who starts, with the empty map; each player his role and
/// cards (the first player's cards come with his prompt).
pub(super) fn round_start(sab: &mut Saboteur, cx: &mut Cx) {
    let Some(game) = &sab.game else { return };
    sab.last = None;
    let lang = cx.t.lang;
    let first = game.to_move().map(|p| name(cx, p)).unwrap_or_default();
    let mut map = Out::group(status_caption(game, lang));
    map.payload.picture = Some(view::map(game, None, &[]));
    cx.push(map);
    cx.group(t(
        lang,
        "sab-round-start",
        bot_core::args![("round", u32::from(game.round())), ("first", first)],
    ));
    for (i, p) in game.players().iter().enumerate() {
        if p.out {
            continue;
        }
        let l = cx.t.seats[i].lang;
        let id = match p.role {
            Role::Digger => "sab-dealt-digger",
            Role::Saboteur => "sab-dealt-saboteur",
        };
        let mut text = t(l, id, bot_core::args![("round", u32::from(game.round()))]);
        let mover = game.to_move() == Some(PlayerId(i as u8));
        let mut out = Out::user(&cx.t.seats[i].user, String::new());
        if !mover {
            text = format!("{text}\n{}", hand(&p.hand, l));
            out.payload.picture = Some(view::hand(&p.hand));
        }
        out.payload.text = text;
        cx.push(out);
    }
}

/// The player to move, prompted: in the group by name, privately with his cards and their
/// buttons (or the gold offered to him).
pub(super) fn prompt(sab: &Saboteur, cx: &mut Cx) {
    let Some(game) = &sab.game else { return };
    let Some(p) = game.to_move() else { return };
    let lang = cx.t.lang;
    let l = lang_of(cx, p);
    let u = user(cx, p);
    match game.phase() {
        Phase::Sharing => {
            let cards: Vec<String> = game.offered().iter().map(|v| v.to_string()).collect();
            let text = t(
                l,
                "sab-offered",
                bot_core::args![("cards", cards.join(", "))],
            );
            let rows = buttons::take_rows(game, cx);
            cx.push(Out::user(&u, text).with_buttons(rows));
            cx.group(t(
                lang,
                "sab-next-share",
                bot_core::args![("name", name(cx, p))],
            ));
        }
        _ => {
            let me = &game.players()[seat(p)];
            let text = format!(
                "{}\n{}",
                t(
                    l,
                    "sab-your-move",
                    bot_core::args![("example", example(game))]
                ),
                hand(&me.hand, l)
            );
            let rows = buttons::hand_rows(game, cx, seat(p));
            let mut out = Out::user(&u, text).with_buttons(rows);
            out.payload.picture = Some(view::hand(&me.hand));
            cx.push(out);
            cx.group(t(lang, "sab-next", bot_core::args![("name", name(cx, p))]));
        }
    }
}

/// The end: everyone's gold, and who won.
fn game_over(cx: &mut Cx, gold: &[u32]) {
    let lang = cx.t.lang;
    let list: Vec<String> = (gold.iter().enumerate())
        .map(|(i, g)| format!("{} {g}", cx.t.name(i)))
        .collect();
    let best = gold.iter().copied().max().unwrap_or(0);
    let winners: Vec<String> = (gold.iter().enumerate())
        .filter(|(_, g)| **g == best)
        .map(|(i, _)| cx.t.name(i))
        .collect();
    let text = format!(
        "{} {}",
        t(lang, "sab-over", bot_core::args![("gold", list.join(", "))]),
        t(
            lang,
            "sab-winner",
            bot_core::args![("names", winners.join(", ")), ("n", winners.len())]
        )
    );
    cx.group(text);
}

/// The caption of the map's picture: the round, the deck and the gold left.
fn status_caption(game: &Game, lang: Lang) -> String {
    t(
        lang,
        "sab-status",
        bot_core::args![
            ("round", u32::from(game.round())),
            ("deck", game.deck_len()),
            ("nuggets", game.nuggets_len())
        ],
    )
}

/// The game's lines on the group's status card: the round and deck, broken tools, gold so far.
pub(super) fn status_lines(sab: &Saboteur, table: &Seating) -> Option<String> {
    let game = sab.game.as_ref()?;
    let lang = table.lang;
    let mut lines = vec![status_caption(game, lang)];
    let broken: Vec<String> = (game.players().iter().enumerate())
        .filter(|(_, p)| !p.broken.is_empty())
        .map(|(i, p)| {
            let tools: Vec<String> = p.broken.iter().map(|x| tool(*x, lang)).collect();
            format!("{} ({})", table.name(i), tools.join(", "))
        })
        .collect();
    if !broken.is_empty() {
        lines.push(t(
            lang,
            "sab-status-broken",
            bot_core::args![("list", broken.join("; "))],
        ));
    }
    let gold: Vec<String> = (game.players().iter().enumerate())
        .map(|(i, p)| format!("{} {}", table.name(i), p.gold))
        .collect();
    lines.push(t(
        lang,
        "sab-status-gold",
        bot_core::args![("list", gold.join(", "))],
    ));
    Some(lines.join("\n"))
}

/// `/status` privately: his role, his cards and his broken tools.
pub(super) fn private_status(sab: &Saboteur, table: &Seating, s: usize) -> String {
    let Some(game) = &sab.game else {
        return String::new();
    };
    let Some(me) = game.players().get(s) else {
        return String::new();
    };
    let lang = table.seats[s].lang;
    let broken: Vec<String> = me.broken.iter().map(|x| tool(*x, lang)).collect();
    let broken = match broken.is_empty() {
        true => t(lang, "sab-none", &[]),
        false => broken.join(", "),
    };
    t(
        lang,
        "sab-status-you",
        bot_core::args![
            ("role", role(me.role, lang)),
            ("hand", hand(&me.hand, lang)),
            ("broken", broken)
        ],
    )
}
