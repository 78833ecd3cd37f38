//! Action cards (Ход картой «действие»).

use super::kit::*;
use crate::card::Tool;
use crate::game::{Event, Order, Refusal, Role};

// Saboteur: Ход картой «действие» — a broken tool lies in front of a player, one of each kind at
// most; in front of oneself too.
#[test]
fn a_tool_is_broken_once_in_front_of_anyone() {
    let mut g = game(4, &[Role::Digger; 4], "break-lamp break-lamp break-pick");
    g.rig_deck(vec![]);
    let ev = ok(&mut g, P0, "/play break-lamp bob");
    assert_eq!(
        ev,
        vec![Event::Broke {
            by: P0,
            target: P1,
            tool: Tool::Lamp
        }]
    );
    assert_eq!(g.player(P1).broken, vec![Tool::Lamp]);
    assert_eq!(g.discard_len(), 0, "the card lies in front of bob");
    g.rig_turn(P0);
    assert_eq!(
        refused(&mut g, P0, "/play break-lamp bob"),
        Refusal::AlreadyBroken
    );
    ok(&mut g, P0, "/play break-pick bob");
    assert_eq!(
        g.player(P1).broken,
        vec![Tool::Pick, Tool::Lamp],
        "in the order pick, lamp, cart"
    );
    g.rig_turn(P0);
    ok(&mut g, P0, "/play break-lamp ann");
    assert_eq!(g.player(P0).broken, vec![Tool::Lamp]);
}

// Saboteur: Ход картой «действие» — a fix mends only a broken tool of its kind; both cards go to
// the discard pile.
#[test]
fn a_fix_mends_its_own_tool_only() {
    let mut g = game(4, &[Role::Digger; 4], "fix-lamp fix-cart");
    assert_eq!(
        refused(&mut g, P0, "/play fix-lamp bob"),
        Refusal::NothingToFix
    );
    g.rig_broken(P1, vec![Tool::Lamp]);
    assert_eq!(
        refused(&mut g, P0, "/play fix-cart bob"),
        Refusal::NothingToFix
    );
    let ev = ok(&mut g, P0, "/play fix-lamp bob");
    assert_eq!(
        ev[0],
        Event::Fixed {
            by: P0,
            target: P1,
            tool: Tool::Lamp
        }
    );
    assert!(g.player(P1).broken.is_empty());
    assert_eq!(g.discard_cards(), &cards("fix-lamp break-lamp")[..]);
}

// Saboteur: Ход картой «действие» — a card with two tools mends one of them, not both.
#[test]
fn a_double_fix_mends_one_of_its_two_tools() {
    let mut g = game(4, &[Role::Digger; 4], "fix-pick+lamp");
    g.rig_broken(P1, vec![Tool::Pick, Tool::Lamp, Tool::Cart]);
    assert_eq!(
        refused(&mut g, P0, "/play fix-pick+lamp bob cart"),
        Refusal::WrongTool
    );
    let fixes: Vec<_> = g
        .legal()
        .into_iter()
        .filter(|o| matches!(o, Order::FixEither { .. }))
        .collect();
    assert_eq!(fixes.len(), 2, "pick or lamp: {fixes:?}");
    ok(&mut g, P0, "/play fix-pick+lamp bob lamp");
    assert_eq!(g.player(P1).broken, vec![Tool::Pick, Tool::Cart]);
    let mut h = game(4, &[Role::Digger; 4], "fix-pick+lamp");
    h.rig_broken(P1, vec![Tool::Pick]);
    assert_eq!(
        refused(&mut h, P0, "/play fix-pick+lamp bob lamp"),
        Refusal::NothingToFix
    );
}

// Saboteur: Ход картой «действие» («горный обвал») — any path card but the start and the goals; both
// cards to the discard pile.
#[test]
fn a_rockfall_takes_a_path_card_away() {
    let mut g = game(4, &[Role::Digger; 4], "rockfall");
    road(g.rig_board_mut(), 6);
    g.rig_board_mut().put(c("7,0"), p("NW"));
    g.rig_board_mut().put(c("7,-1"), p("ES"));
    g.rig_board_mut().put(c("8,-1"), p("NSW"));
    g.rig_board_mut().reveal(c("8,-1"));
    assert_eq!(
        refused(&mut g, P0, "/play rockfall 0,0"),
        Refusal::CannotRemove
    );
    assert_eq!(
        refused(&mut g, P0, "/play rockfall 8,2"),
        Refusal::CannotRemove,
        "face down"
    );
    assert_eq!(
        refused(&mut g, P0, "/play rockfall 8,-2"),
        Refusal::CannotRemove,
        "face up"
    );
    assert_eq!(
        refused(&mut g, P0, "/play rockfall 3,3"),
        Refusal::NothingThere
    );
    let ev = ok(&mut g, P0, "/play rockfall 7,-1");
    assert_eq!(
        ev[0],
        Event::Rockfall {
            by: P0,
            cell: c("7,-1"),
            card: p("ES")
        }
    );
    assert_eq!(g.board().get(c("7,-1")), None);
    assert_eq!(g.discard_cards(), &cards("ES rockfall")[..]);
}

// Saboteur: Ход картой «действие» («карта») — he looks at one goal; only he learns what it is.
#[test]
fn a_map_shows_a_face_down_goal_to_its_player_alone() {
    let mut g = game(4, &[Role::Digger; 4], "map map");
    assert_eq!(refused(&mut g, P0, "/play map 0,0"), Refusal::NotAGoal);
    assert_eq!(refused(&mut g, P0, "/play map 7,0"), Refusal::NotAGoal);
    let ev = ok(&mut g, P0, "/play map 8,0");
    assert_eq!(
        ev[0],
        Event::MapPlayed {
            by: P0,
            cell: c("8,0")
        }
    );
    assert!(ev[0].is_public());
    assert_eq!(
        ev[1],
        Event::Mapped {
            by: P0,
            cell: c("8,0"),
            gold: true
        }
    );
    assert_eq!(ev[1].private_to(), Some(P0));
    assert_eq!(g.discard_cards(), &cards("map")[..]);
    g.rig_turn(P0);
    ok(&mut g, P0, "/play map 8,2");
    // The top stone turned face up by a tunnel from its west.
    let mut b = gold_middle();
    road(&mut b, 6);
    lay(&mut b, &[("7,0", "NW"), ("7,-1", "NS"), ("7,-2", "ES")]);
    b.reveal(c("7,-2"));
    g.rig_board(b);
    g.rig_turn(P0);
    g.rig_hand(P0, cards("map"));
    assert_eq!(
        refused(&mut g, P0, "/play map 8,-2"),
        Refusal::AlreadyRevealed
    );
}

#[test]
fn the_target_of_an_action_must_be_in_the_game() {
    let mut g = game(4, &[Role::Digger; 4], "break-cart");
    g.remove(P2);
    assert_eq!(
        refused(&mut g, P0, "/play break-cart cid"),
        Refusal::NoSuchPlayer
    );
    assert!(!g.legal().contains(&Order::Break(Tool::Cart, P2)));
    let before = g.clone();
    let ghost = crate::game::PlayerId(7);
    assert_eq!(
        g.play(P0, &Order::Break(Tool::Cart, ghost), 1),
        Err(Refusal::NoSuchPlayer)
    );
    assert_eq!(g, before);
}
