//! The maze: where a path card may lie, what the tunnel reaches, which goals turn face up.

use super::kit::*;
use crate::Refusal;
use crate::board::{Board, Cell, GOALS, START, Tile};

// Saboteur: Подготовка — the start face up, the three goals face down, seven cards between.
#[test]
fn a_fresh_maze_is_the_start_and_three_face_down_goals() {
    for gold in 0..3 {
        let mut flags = [false; 3];
        flags[gold] = true;
        let b = Board::new(flags);
        assert_eq!(b.get(START), Some(&Tile::Start));
        assert_eq!(b.tiles().count(), 4);
        for (i, g) in GOALS.into_iter().enumerate() {
            assert_eq!(
                b.get(g),
                Some(&Tile::Goal {
                    gold: i == gold,
                    revealed: None
                })
            );
        }
        assert_eq!(b.gold_cell(), Some(GOALS[gold]));
        assert_eq!(
            b.face(GOALS[gold]),
            Some(p("NESW")),
            "the gold goal is a cross"
        );
        assert_eq!(
            GOALS[1].x - START.x - 1,
            7,
            "seven cards between start and goals"
        );
    }
}

// Saboteur: Ход картой «путь» — next to a card, continuing the tunnel, every side matching.
#[test]
fn a_path_card_must_match_its_neighbours_side_for_side() {
    let b = gold_middle();
    assert_eq!(b.check(c("1,0"), p("EW")), Ok(()));
    assert_eq!(
        b.check(c("1,0"), p("NS")),
        Err(Refusal::DoesNotFit),
        "W closed against the start's E"
    );
    assert_eq!(
        b.check(c("0,-1"), p("NE")),
        Err(Refusal::DoesNotFit),
        "S closed against the start's N"
    );
    assert_eq!(b.check(c("0,-1"), p("NS")), Ok(()));
    assert_eq!(b.check(c("0,0"), p("NESW")), Err(Refusal::Occupied));
    assert_eq!(
        b.check(c("2,0"), p("EW")),
        Err(Refusal::NotConnected),
        "no neighbour at all"
    );
}

// Saboteur: Ход картой «путь» — a closed side may meet a closed side, but the card must continue
// the tunnel: an open side of it must meet the tunnel.
#[test]
fn a_card_touching_the_tunnel_only_with_closed_sides_does_not_continue_it() {
    let mut b = gold_middle();
    lay(&mut b, &[("0,1", "NS")]);
    // 1,1: its W meets 0,1's closed E; N faces nothing.
    assert_eq!(b.check(c("1,1"), p("ES")), Err(Refusal::NotConnected));
    assert_eq!(b.check(c("1,1"), p("ESW")), Err(Refusal::DoesNotFit));
}

// Saboteur: Ход картой «путь» — a dead end does not carry the tunnel on.
#[test]
fn nothing_continues_beyond_a_dead_end() {
    let mut b = gold_middle();
    assert_eq!(b.place(c("1,0"), p("xEW")), Ok(()));
    assert!(
        b.reached().contains(&c("1,0")),
        "the dead end itself is reached"
    );
    assert_eq!(b.check(c("2,0"), p("EW")), Err(Refusal::NotConnected));
    let mut open = gold_middle();
    open.place(c("1,0"), p("EW")).unwrap();
    assert_eq!(open.check(c("2,0"), p("EW")), Ok(()));
}

// Saboteur: Подготовка — the tunnel may leave the 5×9 area in any direction.
#[test]
fn the_maze_grows_beyond_the_start_area() {
    let mut b = gold_middle();
    b.place(c("-1,0"), p("EW")).unwrap();
    b.place(c("-2,0"), p("EW")).unwrap();
    for y in 1..=4 {
        b.place(Cell::new(0, -y), p("NS")).unwrap();
    }
    assert!(b.reached().contains(&c("0,-4")));
    assert_eq!(b.bounds(), (c("-2,-4"), c("8,2")));
}

// Saboteur: Ход картой «путь» — upright or turned by 180°, never crosswise.
#[test]
fn a_card_is_offered_upright_and_turned_where_both_fit_and_once_if_both_are_the_same() {
    let b = gold_middle();
    let nes = b.placements(&p("NES"));
    assert!(nes.contains(&(c("0,-1"), false)) && nes.contains(&(c("0,-1"), true)));
    let ns = b.placements(&p("NS"));
    assert!(ns.contains(&(c("0,-1"), false)));
    assert!(
        !ns.iter().any(|&(_, turned)| turned),
        "NS turned is NS: listed once"
    );
    // 1,0 needs W open: NES only turned (NSW).
    assert!(nes.contains(&(c("1,0"), true)) && !nes.contains(&(c("1,0"), false)));
}

// Saboteur: Ход картой «действие» («горный обвал») — any path card but the start and the goals.
#[test]
fn a_rockfall_removes_a_tunnel_card_only() {
    let mut b = gold_middle();
    road(&mut b, 3);
    assert_eq!(b.remove(START), Err(Refusal::CannotRemove));
    assert_eq!(b.remove(GOALS[0]), Err(Refusal::CannotRemove));
    assert_eq!(b.remove(c("5,5")), Err(Refusal::NothingThere));
    assert_eq!(b.remove(c("2,0")), Ok(p("EW")));
    assert_eq!(b.get(c("2,0")), None);
}

// Saboteur: Ход картой «действие» («горный обвал») — the tunnel cut, the cards beyond no longer
// continue it; the gap can be mended.
#[test]
fn a_cut_tunnel_continues_only_from_the_start_side() {
    let mut b = gold_middle();
    road(&mut b, 3);
    b.remove(c("2,0")).unwrap();
    assert!(!b.reached().contains(&c("3,0")));
    assert_eq!(b.check(c("4,0"), p("EW")), Err(Refusal::NotConnected));
    assert_eq!(b.check(c("2,0"), p("EW")), Ok(()));
    assert_eq!(
        b.check(c("2,0"), p("NES")),
        Err(Refusal::DoesNotFit),
        "W must meet 1,0's open E"
    );
}

/// Row 0 to `6,0`, up at `7,0` to `7,-1`: ready to reach the top goal from its west.
fn toward_top_goal() -> Board {
    let mut b = gold_middle();
    road(&mut b, 6);
    lay(&mut b, &[("7,0", "NW"), ("7,-1", "NS")]);
    b
}

// Saboteur: Конец раунда — a goal joined by the tunnel turns face up, lying so its paths match.
#[test]
fn a_reached_stone_turns_face_up_lying_to_match() {
    let mut b = toward_top_goal();
    b.place(c("7,-2"), p("ES")).unwrap();
    // The top stone is a N-E corner: reached from its west it lies turned, S-W.
    assert_eq!(b.reveal(c("7,-2")), vec![(c("8,-2"), false, p("SW"))]);
    assert_eq!(
        b.get(c("8,-2")),
        Some(&Tile::Goal {
            gold: false,
            revealed: Some(p("SW"))
        })
    );
    assert_eq!(b.face_down(), vec![c("8,0"), c("8,2")]);
}

// Saboteur: Конец раунда — a goal only touched by a closed side, or by a dead end, stays face down.
#[test]
fn a_goal_touched_without_a_tunnel_stays_face_down() {
    let mut b = gold_middle();
    road(&mut b, 6);
    b.place(c("7,0"), p("NW")).unwrap();
    assert_eq!(b.reveal(c("7,0")), vec![], "7,0's E is closed");
    let mut dead = gold_middle();
    road(&mut dead, 6);
    dead.place(c("7,0"), p("xEW")).unwrap();
    assert_eq!(
        dead.reveal(c("7,0")),
        vec![],
        "a dead end does not reach the goal"
    );
}

// Saboteur: Конец раунда — a face-down goal is not matched against: any side may face it.
#[test]
fn a_face_down_goal_takes_any_side() {
    let mut b = gold_middle();
    road(&mut b, 6);
    assert_eq!(b.check(c("7,0"), p("NW")), Ok(()));
    assert_eq!(b.check(c("7,0"), p("EW")), Ok(()));
}

// Saboteur: Конец раунда — a stone goal turned up does not end the round; the tunnel goes on from
// it, and it is matched against like any card.
#[test]
fn a_revealed_stone_carries_the_tunnel_and_is_matched_against() {
    let mut b = toward_top_goal();
    b.place(c("7,-2"), p("ES")).unwrap();
    b.reveal(c("7,-2"));
    // The stone lies S-W: its E is closed.
    assert_eq!(
        b.check(c("9,-2"), p("EW")),
        Err(Refusal::DoesNotFit),
        "its E is closed"
    );
    assert_eq!(
        b.check(c("8,-3"), p("NS")),
        Err(Refusal::DoesNotFit),
        "its N is closed"
    );
    assert_eq!(b.check(c("8,-1"), p("NS")), Ok(()), "on from its S");
    b.place(c("8,-1"), p("NS")).unwrap();
    assert_eq!(b.reveal(c("8,-1")), vec![(c("8,0"), true, p("NESW"))]);
}

// Saboteur: Конец раунда (примечание) — two goals joined at once are both turned.
#[test]
fn two_goals_reached_at_once_are_both_turned() {
    let mut b = gold_middle();
    road(&mut b, 6);
    lay(&mut b, &[("7,0", "NW"), ("7,-1", "ES")]);
    b.place(c("8,-1"), p("NSW")).unwrap();
    let got = b.reveal(c("8,-1"));
    assert_eq!(
        got,
        vec![(c("8,-2"), false, p("SW")), (c("8,0"), true, p("NESW"))]
    );
}

// Saboteur: Конец раунда (примечание) — where no orientation matches every neighbour, the player
// who laid the last card chooses; the engine chooses for him the one joining his card.
#[test]
fn a_goal_that_cannot_match_joins_the_card_just_laid() {
    let mut b = toward_top_goal();
    // Neighbours of the top stone that favour it upright (N-E): 8,-1's closed N, 9,-2's open W.
    lay(&mut b, &[("8,-1", "EW"), ("9,-2", "EW")]);
    b.place(c("7,-2"), p("ES")).unwrap();
    assert_eq!(b.reveal(c("7,-2")), vec![(c("8,-2"), false, p("SW"))]);
}

#[test]
fn the_board_saves_and_reads_back() {
    let mut b = toward_top_goal();
    b.place(c("7,-2"), p("ES")).unwrap();
    b.reveal(c("7,-2"));
    let json = serde_json::to_string(&b).unwrap();
    let back: Board = serde_json::from_str(&json).unwrap();
    assert_eq!(back, b);
}
