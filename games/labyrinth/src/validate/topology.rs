//! Limits on the rivers' topology a group may agree on (encyclopedia, modification 10: "Могут быть
//! наложены ограничения на топологию лабиринта. Например, реки текут только на юг …, река может быть
//! только прямая, реки не могут касаться"): `rivers_south`, `straight_rivers` and `rivers_apart`.
//!
//! Each is checked only when its option is on; a plan that breaks one gets a finding at the cell at
//! fault. Rivers that end nowhere (off the board, in a circle) have their own §4.5 findings; here they
//! are judged only by what they look like.

use super::rule::Rule;
use super::{Ctx, Finding};
use crate::board::Cell;
use crate::geometry::{Coord, Dir};
use crate::ruleset::Ruleset;

/// Whether the ruleset agreed on any limit of this module.
pub(super) fn agreed(rules: &Ruleset) -> bool {
    rules.rivers_south || rules.straight_rivers || rules.rivers_apart
}

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    let r = ctx.rules;
    if r.rivers_south {
        south(ctx, out);
    }
    if r.straight_rivers {
        straight(ctx, out);
    }
    if r.rivers_apart {
        apart(ctx, out);
    }
}

/// "Реки текут только на юг": every river cell flows down, toward the bottom row.
fn south(ctx: &Ctx, out: &mut Vec<Finding>) {
    for (c, cell) in ctx.board().cells() {
        if let Cell::River(dir) = cell
            && dir != Dir::Down
        {
            out.push(Finding::at(c, Rule::RiverNotSouth { dir }));
        }
    }
}

/// "Река может быть только прямая": no cell, river or mouth, takes in two rivers (a tributary), and a
/// river cell flows on the way the one river entering it flows (no turn).
fn straight(ctx: &Ctx, out: &mut Vec<Finding>) {
    for (c, cell) in ctx.board().cells() {
        let inflows = ctx.inflows(c);
        if inflows >= 2 {
            // A tributary joining from the side is not a turn as well: one finding says it.
            out.push(Finding::at(c, Rule::RiverTributary { inflows }));
            continue;
        }
        let Cell::River(flow) = cell else { continue };
        if let Some((side, from)) = upstream(ctx, c)
            && flow != side.opposite()
        {
            out.push(Finding::at(c, Rule::RiverTurns { from }));
        }
    }
}

/// The river flowing into `c`, as the side of `c` it enters from and its cell (the first, if several).
fn upstream(ctx: &Ctx, c: Coord) -> Option<(Dir, Coord)> {
    let board = ctx.board();
    Dir::ALL.into_iter().find_map(|d| {
        board
            .neighbour(c, d)
            .filter(|&n| ctx.flows_into(n, c))
            .map(|n| (d, n))
    })
}

/// "Реки не могут касаться": no river or mouth is side by side with a cell of another system. Each
/// touching pair is reported once, at its cell later in reading order.
fn apart(ctx: &Ctx, out: &mut Vec<Finding>) {
    let board = ctx.board();
    for (c, dir, _) in board.inner_sides() {
        let Some(n) = board.neighbour(c, dir) else {
            continue;
        };
        if let (Some(a), Some(b)) = (system(ctx, c), system(ctx, n))
            && a != b
        {
            out.push(Finding::at(n, Rule::RiversTouch { other: c }));
        }
    }
}

/// The system a cell belongs to, named by where it ends: a mouth is its own, a river cell the end of
/// its current (its mouth in a valid plan). `None` for other cells and rivers that end nowhere.
fn system(ctx: &Ctx, c: Coord) -> Option<Coord> {
    match ctx.board().cell(c) {
        Cell::Mouth => Some(c),
        Cell::River(_) => ctx.topology.river_end(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, Border};
    use crate::geometry::{Coord, Dir, Size};
    use crate::item::{Item, PlacedItem};
    use crate::plan::{Plan, cell_of_glyph};
    use crate::ruleset::Ruleset;
    use crate::validate::validate;
    use bot_core::i18n::{Lang, Localize};

    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }

    /// A 6x5 plan without inner walls, rows of glyphs, exits left of A4 and right of F5, the treasure
    /// on D3, two arsenals and two hospitals: valid under the classic code whatever rivers it has,
    /// as long as they are.
    fn plan(rows: [&str; 5]) -> Plan {
        let mut board = Board::new(Size::new(6, 5).unwrap());
        for (row, line) in rows.iter().enumerate() {
            for (col, g) in line.split_whitespace().enumerate() {
                let cell = cell_of_glyph(g).unwrap();
                board.set_cell(Coord::new(col as u8, row as u8), cell);
            }
        }
        board.set_border(c("A4"), Dir::Left, Border::Exit);
        board.set_border(c("F5"), Dir::Right, Border::Exit);
        let mut p = Plan::new(board);
        p.items.push(PlacedItem {
            at: c("D3"),
            item: Item::Treasure,
            count: 1,
        });
        p
    }

    /// Two straight systems flowing south, far apart: B1 v B2 v into B3, E3 v into E4.
    const KEPT: [&str; 5] = [
        ". v . . . M", //
        ". v . A . .",
        ". U . . v .",
        ". . . . U .",
        "M . A . . .",
    ];

    /// The classic code with the limits of modification 10 as given.
    fn rules(south: bool, straight: bool, apart: bool) -> Ruleset {
        Ruleset {
            rivers_south: south,
            straight_rivers: straight,
            rivers_apart: apart,
            ..Ruleset::classic()
        }
    }

    /// The problems in English.
    fn problems(p: &Plan, rules: &Ruleset) -> Vec<String> {
        let v = validate(p, rules, None);
        v.problems.iter().map(|f| f.localize(Lang::En)).collect()
    }

    /// The problems in Russian.
    fn ru(p: &Plan, rules: &Ruleset) -> Vec<String> {
        let v = validate(p, rules, None);
        v.problems.iter().map(|f| f.localize(Lang::Ru)).collect()
    }

    #[test]
    fn a_plan_keeping_every_limit_passes() {
        // Encyclopedia, modification 10: "реки текут только на юг …, река может быть только прямая,
        // реки не могут касаться": the plan keeps all three.
        let p = plan(KEPT);
        assert!(problems(&p, &rules(false, false, false)).is_empty());
        assert!(problems(&p, &rules(true, true, true)).is_empty());
    }

    #[test]
    fn a_river_not_flowing_south() {
        // Encyclopedia, modification 10: "реки текут только на юг".
        let mut rows = KEPT;
        rows[2] = ". U . . . .";
        rows[3] = ". . . . > U";
        let p = plan(rows);
        assert!(problems(&p, &rules(false, true, true)).is_empty());
        assert_eq!(
            problems(&p, &rules(true, false, false)),
            [
                "E4: the river flows right, to the east, but the group agreed rivers flow only south (`rivers_south=yes`) (§7.1)"
            ]
        );
        assert_eq!(
            ru(&p, &rules(true, false, false)),
            [
                "E4: река течёт вправо, на восток, а по договорённости реки текут только на юг (`rivers_south=yes`) (§7.1)"
            ]
        );
    }

    #[test]
    fn a_river_that_turns() {
        // Encyclopedia, modification 10: "река может быть только прямая". C1 flows left into B1,
        // which flows down: the river turns at B1.
        let mut rows = KEPT;
        rows[0] = ". v < . . M";
        let p = plan(rows);
        assert!(problems(&p, &rules(false, false, true)).is_empty());
        assert_eq!(
            problems(&p, &rules(false, true, false)),
            [
                "B1: the river from C1 turns here, but the group agreed every river runs straight (`straight_rivers=yes`) (§7.1)"
            ]
        );
        assert_eq!(
            ru(&p, &rules(false, true, false)),
            [
                "B1: река из C1 здесь поворачивает, а по договорённости реки только прямые (`straight_rivers=yes`) (§7.1)"
            ]
        );
    }

    #[test]
    fn a_river_with_a_tributary() {
        // Encyclopedia, modification 10: "река может быть только прямая": C2 joins B2 from the side.
        let mut rows = KEPT;
        rows[1] = ". v < A . .";
        let p = plan(rows);
        // One system touching itself is no two systems touching.
        assert!(problems(&p, &rules(false, false, true)).is_empty());
        assert_eq!(
            problems(&p, &rules(false, true, false)),
            [
                "B2: 2 rivers flow into this cell, but the group agreed every river runs straight, with no tributaries (`straight_rivers=yes`) (§7.1)"
            ]
        );
        assert_eq!(
            ru(&p, &rules(false, true, false)),
            [
                "B2: в эту клетку впадают 2 реки, а по договорённости реки только прямые, без притоков (`straight_rivers=yes`) (§7.1)"
            ]
        );
    }

    #[test]
    fn two_systems_touching() {
        // Encyclopedia, modification 10: "реки не могут касаться": C2 v into the mouth C3 runs along
        // B2 v into B3.
        let mut rows = KEPT;
        rows[1] = ". v v A . .";
        rows[2] = ". U U . v .";
        let p = plan(rows);
        assert!(problems(&p, &rules(true, true, false)).is_empty());
        assert_eq!(
            problems(&p, &rules(false, false, true)),
            [
                "C2: this river system touches another one at B2, but the group agreed rivers do not touch (`rivers_apart=yes`) (§7.1)",
                "C3: this river system touches another one at B3, but the group agreed rivers do not touch (`rivers_apart=yes`) (§7.1)",
            ]
        );
        assert_eq!(
            ru(&p, &rules(false, false, true))[0],
            "C2: эта речная система касается другой в B2, а по договорённости реки не касаются (`rivers_apart=yes`) (§7.1)"
        );
    }

    #[test]
    fn a_river_bending_back_along_itself_is_one_system() {
        // Encyclopedia, modification 10: "реки не могут касаться" speaks of two rivers; A1 > B1 v
        // B2 < A2 v into A3 runs side by side with itself (A1 by A2), which the limit allows, while a
        // straight river may not bend so.
        let mut rows = KEPT;
        rows[0] = "> v . . . M";
        rows[1] = "v < . A . .";
        rows[2] = "U . . . v .";
        let p = plan(rows);
        assert!(problems(&p, &rules(false, false, true)).is_empty());
        let turns = problems(&p, &rules(false, true, false));
        assert_eq!(turns.len(), 3, "{turns:?}");
        assert!(turns[0].starts_with("B1: the river from A1 turns here"));
    }
}
