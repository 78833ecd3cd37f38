//! The engine's state as the pictures draw it: the tunnel map and a hand of cards.

use crate::board::Tile;
use crate::card::{Action, Card, Dir, Path, Tool};
use crate::game::Game;
use crate::picture::{Face, HandCard, MapView, hand_png, map_png};

/// A path's open sides, in the picture's order N, E, S, W.
fn sides(p: &Path) -> [bool; 4] {
    [Dir::N, Dir::E, Dir::S, Dir::W].map(|d| p.sides.has(d))
}

/// The map, the last card played outlined and `marks` labelled in their cells.
pub(super) fn map(
    game: &Game,
    last: Option<(i32, i32)>,
    marks: &[((i32, i32), String)],
) -> Vec<u8> {
    let cards = game
        .board()
        .tiles()
        .map(|(cell, tile)| {
            let face = match tile {
                Tile::Start => Face::Start,
                Tile::Goal { revealed: None, .. } => Face::GoalHidden,
                Tile::Goal {
                    gold,
                    revealed: Some(p),
                } => Face::Goal {
                    gold: *gold,
                    sides: sides(p),
                },
                Tile::Tunnel(p) => Face::Tunnel {
                    sides: sides(p),
                    dead: p.dead,
                },
            };
            ((cell.x, cell.y), face)
        })
        .collect();
    map_png(&MapView {
        cards,
        last,
        marks: marks.to_vec(),
    })
}

fn tool(x: Tool) -> u8 {
    match x {
        Tool::Pick => 0,
        Tool::Lamp => 1,
        Tool::Cart => 2,
    }
}

/// A hand's picture, its cards numbered from 1.
pub(super) fn hand(cards: &[Card]) -> Vec<u8> {
    let cards: Vec<HandCard> = cards
        .iter()
        .map(|c| match c {
            Card::Path(p) => HandCard::Tunnel {
                sides: sides(p),
                dead: p.dead,
            },
            Card::Action(Action::Break(x)) => HandCard::Break(tool(*x)),
            Card::Action(Action::Fix(x)) => HandCard::Fix(vec![tool(*x)]),
            Card::Action(Action::FixEither(a, b)) => HandCard::Fix(vec![tool(*a), tool(*b)]),
            Card::Action(Action::Rockfall) => HandCard::Rockfall,
            Card::Action(Action::Map) => HandCard::Map,
        })
        .collect();
    hand_png(&cards)
}
