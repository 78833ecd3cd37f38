//! The cards' names and shapes.

use super::kit::*;
use crate::card::{Action, Card, Dir, Path, Sides, Tool};
use crate::deck::playing_cards;

// Saboteur: Ход картой «путь» — a card lies only upright or turned, never crosswise.
#[test]
fn turning_swaps_north_with_south_and_east_with_west() {
    assert_eq!(p("NES").rotated(), p("NSW"));
    assert_eq!(p("NE").rotated(), p("SW"));
    assert_eq!(p("xN").rotated(), p("xS"));
    assert_eq!(p("NS").rotated(), p("NS"));
    assert_eq!(p("NESW").rotated(), p("NESW"));
    for bits in 1..16u8 {
        let s = Sides(bits);
        assert_eq!(s.rotated().rotated(), s, "turning twice is upright");
        for d in Dir::ALL {
            assert_eq!(s.rotated().has(d.opposite()), s.has(d));
        }
    }
}

#[test]
fn directions_step_as_the_spec_draws_the_board() {
    // y grows downward: north is up, toward y − 1.
    assert_eq!(Dir::N.step(), (0, -1));
    assert_eq!(Dir::E.step(), (1, 0));
    assert_eq!(Dir::S.step(), (0, 1));
    assert_eq!(Dir::W.step(), (-1, 0));
    for d in Dir::ALL {
        let (x, y) = d.step();
        let (ox, oy) = d.opposite().step();
        assert_eq!((x + ox, y + oy), (0, 0));
        assert_ne!(d, d.opposite());
    }
}

#[test]
fn a_hand_names_a_card_by_its_smaller_name_in_byte_order() {
    // The spec: `NES`, never `NSW`.
    assert_eq!(p("NSW").canonical().to_string(), "NES");
    assert_eq!(p("NES").canonical().to_string(), "NES");
    for bits in 1..16u8 {
        for dead in [false, true] {
            let path = Path {
                sides: Sides(bits),
                dead,
            };
            let name = path.canonical().to_string();
            assert!(name <= path.to_string() && name <= path.rotated().to_string());
            assert_eq!(path.canonical(), path.rotated().canonical());
        }
    }
}

#[test]
fn names_read_back_as_written() {
    for name in ["NESW", "NS", "xN", "xNESW", "EW", "xES", "NE", "ESW"] {
        assert_eq!(p(name).to_string(), name);
    }
    assert_eq!(p("xNS"), Path::dead_end(&[Dir::N, Dir::S]));
    assert_eq!(p("nes"), p("NES"), "letters in any case");
    for card in playing_cards() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
    }
}

#[test]
fn a_path_name_with_sides_out_of_order_or_repeated_is_refused() {
    for bad in ["", "x", "SN", "NN", "WE", "NESWN", "xx", "NxS", "Q", "N S"] {
        assert!(bad.parse::<Path>().is_err(), "{bad:?} read as a path");
    }
}

#[test]
fn a_dead_end_connects_nothing_through_its_middle() {
    assert!(p("NS").connects(Dir::N, Dir::S));
    assert!(!p("xNS").connects(Dir::N, Dir::S));
    assert!(!p("NS").connects(Dir::N, Dir::E), "E is closed");
    assert!(p("NESW").connects(Dir::W, Dir::E));
}

#[test]
fn action_cards_carry_the_spec_names() {
    let named = [
        (Action::Break(Tool::Pick), "break-pick"),
        (Action::Break(Tool::Lamp), "break-lamp"),
        (Action::Break(Tool::Cart), "break-cart"),
        (Action::Fix(Tool::Pick), "fix-pick"),
        (Action::Fix(Tool::Lamp), "fix-lamp"),
        (Action::Fix(Tool::Cart), "fix-cart"),
        (Action::FixEither(Tool::Pick, Tool::Lamp), "fix-pick+lamp"),
        (Action::FixEither(Tool::Pick, Tool::Cart), "fix-pick+cart"),
        (Action::FixEither(Tool::Lamp, Tool::Cart), "fix-lamp+cart"),
        (Action::Rockfall, "rockfall"),
        (Action::Map, "map"),
    ];
    for (action, name) in named {
        assert_eq!(action.to_string(), name);
        assert_eq!(name.parse(), Ok(Card::Action(action)));
    }
    // A double fix names its tools in the order pick, lamp, cart, as the card does.
    assert!("fix-lamp+pick".parse::<Action>().is_err());
    assert!("fix-lamp+lamp".parse::<Action>().is_err());
    assert!("break-axe".parse::<Action>().is_err());
    assert_eq!("lamp".parse::<Tool>(), Ok(Tool::Lamp));
}

#[test]
fn cards_and_cells_save_by_name() {
    let json = serde_json::to_string(&(card("xNS"), card("fix-pick+lamp"), c("8,-2"))).unwrap();
    assert_eq!(json, r#"["xNS","fix-pick+lamp","8,-2"]"#);
    let back: (Card, Card, crate::Cell) = serde_json::from_str(&json).unwrap();
    assert_eq!(back, (card("xNS"), card("fix-pick+lamp"), c("8,-2")));
    assert!("8".parse::<crate::Cell>().is_err());
    assert!("a,1".parse::<crate::Cell>().is_err());
}
