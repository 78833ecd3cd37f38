//! Buttons of Hive: under the prompt a button per piece the player to move can play, then that
//! piece's destinations numbered on the board with a button each; and "yes"/"no" under an offer.
//!
//! A press names a piece by its index (`p3`) or a move by its place in the engine's list of
//! legal moves (`m14`): the list stands still until the turn passes, and a press of an older
//! turn is refused by the session before it gets here.

use crate::locale::t;
use crate::{Bug, Game, Move, Piece};
use bot_core::session::chat::{Button, Inbound};
use bot_core::session::game::{Cx, Out};

use super::{Hive, act, offer, view};

/// Buttons per row.
const ROW: usize = 4;
/// Destination buttons per row: short numbers.
const NUMBERS_ROW: usize = 6;
/// Back to the pieces.
const BACK: &str = "b";

/// A bug's emoji, on buttons.
pub(super) fn emoji(bug: Bug) -> &'static str {
    match bug {
        Bug::Queen => "🐝",
        Bug::Beetle => "🪲",
        Bug::Grasshopper => "🦗",
        Bug::Spider => "🕷",
        Bug::Ant => "🐜",
        Bug::Mosquito => "🦟",
        Bug::Ladybug => "🐞",
        // No emoji draws a woodlouse: the nearest segmented crawler.
        Bug::Pillbug => "🐛",
    }
}

/// The piece a legal move plays.
fn piece_of(m: &Move) -> Option<Piece> {
    match m {
        Move::Place { piece, .. } | Move::Shift { piece, .. } => Some(*piece),
        Move::Pass => None,
    }
}

/// The pieces the side to move can play, those in hand first, each once.
fn playable(game: &Game) -> (Vec<Piece>, Vec<Piece>) {
    let (mut hand, mut board) = (vec![], vec![]);
    for m in game.legal_moves() {
        let list = match m {
            Move::Place { .. } => &mut hand,
            _ => &mut board,
        };
        if let Some(p) = piece_of(&m).filter(|p| !list.contains(p)) {
            list.push(p);
        }
    }
    hand.sort();
    board.sort();
    (hand, board)
}

/// The buttons under the prompt: the pieces to play (or the pass that is the only move).
pub(super) fn group(hive: &Hive, cx: &Cx) -> Vec<Vec<(String, String)>> {
    let Some(game) = hive.game.as_ref().filter(|_| hive.running()) else {
        return vec![];
    };
    if hive.seat_of(game.to_move()).is_none() {
        return vec![];
    }
    if game.legal_moves() == [Move::Pass] {
        return vec![vec![(t(cx.t.lang, "hive-pass-button", &[]), "m0".into())]];
    }
    let (hand, board) = playable(game);
    let label = |p: &Piece| format!("{} {p}", emoji(p.bug));
    let rows = |list: &[Piece]| -> Vec<Vec<(String, String)>> {
        (list.chunks(ROW))
            .map(|c| (c.iter().map(|p| (label(p), format!("p{}", p.index())))).collect())
            .collect()
    };
    let mut out = rows(&hand);
    out.extend(rows(&board));
    out
}

/// A button pressed (the session checked it is this turn's and, but for an answer to an offer,
/// the presser's to press).
pub(super) fn press(hive: &mut Hive, cx: &mut Cx, msg: &Inbound, action: &str) {
    let Some(s) = cx.t.seat_of(&msg.user.0) else {
        return;
    };
    if offer::is_answer(action) {
        return offer::answer(hive, cx, s, action);
    }
    if action == BACK {
        let rows = group(hive, cx);
        let text = t(cx.t.lang, "hive-choose-piece", &[]);
        let buttons = (rows.into_iter())
            .map(|r| {
                (r.into_iter())
                    .map(|(l, a)| cx.turn_button(l, &a))
                    .collect()
            })
            .collect();
        return cx.push(Out::group(text).with_buttons(buttons));
    }
    let (kind, n) = action.split_at(1.min(action.len()));
    let Ok(n) = n.parse::<usize>() else { return };
    let Some(game) = hive.game.as_ref() else {
        return;
    };
    match kind {
        "p" => {
            if let Some(p) = Piece::from_index(n) {
                destinations(hive, cx, p);
            }
        }
        "m" => {
            let Some(m) = game.legal_moves().get(n).copied() else {
                return;
            };
            act::play(hive, cx, s, m, None);
        }
        _ => {}
    }
}

/// A piece chosen: its destinations numbered on the board, a button for each, and "back".
fn destinations(hive: &Hive, cx: &mut Cx, piece: Piece) {
    let Some(game) = hive.game.as_ref() else {
        return;
    };
    let lang = cx.t.lang;
    let mut marks = vec![];
    let mut buttons: Vec<Button> = vec![];
    for (k, m) in game.legal_moves().iter().enumerate() {
        let to = match m {
            Move::Place { piece: p, to } | Move::Shift { piece: p, to, .. } if *p == piece => *to,
            _ => continue,
        };
        let label = (marks.len() + 1).to_string();
        buttons.push(cx.turn_button(label.clone(), &format!("m{k}")));
        marks.push((to, label));
    }
    if buttons.is_empty() {
        return cx.push(Out::presser(t(lang, "hive-piece-cannot-move", &[])));
    }
    let mut rows: Vec<Vec<Button>> = (buttons.chunks(NUMBERS_ROW))
        .map(<[Button]>::to_vec)
        .collect();
    rows.push(vec![cx.turn_button(t(lang, "hive-back-button", &[]), BACK)]);
    let text = t(
        lang,
        "hive-choose-place",
        bot_core::args![("piece", format!("{} {piece}", emoji(piece.bug)))],
    );
    let selected = game.position(piece).map(|(at, _)| at);
    let mut out = Out::group(text).with_buttons(rows);
    out.payload.picture = Some(view::board(hive, &marks, selected));
    cx.push(out);
}
