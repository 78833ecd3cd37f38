//! The end of a game: the whole maze revealed as plan text and as a picture with every path.

use crate::game::event::End;
use crate::game::state::Place;
use crate::game::{Game, Phase, PlayerId};
use crate::item::{Item, PlacedItem};
use crate::plan::Plan;
use crate::render::{Overlay, PlayerTrack, render_png};

use bot_core::session::table::Seating;

use super::Labyrinth;

/// What lies in the maze now, cell by cell, treasures bottom first.
pub(crate) fn items(game: &Game) -> Vec<PlacedItem> {
    let mut out = vec![];
    for c in game.board().size().cells() {
        let pile = game.pile(c);
        let mut put = |item: Item, count: u32| {
            if count > 0 {
                out.push(PlacedItem { at: c, item, count });
            }
        };
        for &tr in &pile.treasures {
            put(
                if game.is_true(tr) {
                    Item::Treasure
                } else {
                    Item::Fake
                },
                1,
            );
        }
        put(Item::Bullets, pile.bullets);
        put(Item::Grenades, pile.grenades);
        put(Item::Mine, pile.mines);
        put(Item::ArmedMine, pile.armed);
        put(Item::Corpse, pile.corpses.len() as u32);
    }
    out
}

/// The final board as plan text and a PNG of it with every player's path, or `None` before a plan.
pub(crate) fn reveal(lab: &Labyrinth, table: &Seating) -> Option<(String, Vec<u8>)> {
    let game = lab.game.as_ref()?;
    let original = lab.plan.as_deref().and_then(|p| Plan::parse(p).ok())?;
    let plan = Plan {
        board: game.board().clone(),
        settings: original.settings.clone(),
        items: items(game),
        stocks: original.stocks.clone(),
        bear: original.bear.clone(),
    };
    let winner_out = match game.phase() {
        Phase::Over(End::Treasure(p)) => Some(p),
        _ => None,
    };
    let order: Vec<PlayerId> = if game.turn_order().is_empty() {
        (0..table.seats.len() as u8).map(PlayerId).collect()
    } else {
        game.turn_order().to_vec()
    };
    let overlay = Overlay {
        players: order
            .iter()
            .map(|&p| PlayerTrack {
                name: table.name(usize::from(p.0)),
                path: lab.paths.get(usize::from(p.0)).cloned().unwrap_or_default(),
                left_maze: winner_out == Some(p)
                    || game
                        .player(p)
                        .is_some_and(|pl| matches!(pl.place, Place::Outside { .. })),
            })
            .collect(),
    };
    let png = render_png(&plan.board, &plan.items, &overlay);
    Some((plan.to_text(), png))
}
