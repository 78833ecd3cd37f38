//! The §8 validator, rule by rule: each test breaks one rule of a plan that otherwise passes, shows the
//! whole message the master reads, and checks the untouched plan passes.
//!
//! Plans are built with the Board API, not parsed, so these tests do not depend on the text format.

use bot_core::i18n::{Lang, Localize};
use labyrinth::validate::{Finding, Report, validate};
use labyrinth::{
    Board, Border, Cell, Code, Coord, Dir, InnerWall, Item, PitId, PlacedItem, Plan, Ruleset, Size,
};

fn c(s: &str) -> Coord {
    s.parse().unwrap()
}

/// A cell from its plan glyph: `.` `M` `A` `E` `U`, rivers `>` `<` `^` `v`, pits `a1`.
fn cell(glyph: &str) -> Cell {
    match glyph {
        "." => Cell::Land,
        "M" => Cell::Hospital,
        "A" => Cell::Arsenal,
        "E" => Cell::Encephalitis,
        "U" => Cell::Mouth,
        ">" => Cell::River(Dir::Right),
        "<" => Cell::River(Dir::Left),
        "^" => Cell::River(Dir::Up),
        "v" => Cell::River(Dir::Down),
        pit => {
            let letter = pit.as_bytes()[0];
            Cell::Pit(PitId {
                cycle: letter - b'a',
                place: pit[1..].parse().unwrap(),
            })
        }
    }
}

/// A plan of land rows written as glyphs separated by spaces, with no walls inside.
fn plan(rows: &[&str]) -> Plan {
    let cells: Vec<Vec<&str>> = rows
        .iter()
        .map(|r| r.split_whitespace().collect())
        .collect();
    let size = Size::new(cells[0].len() as u8, cells.len() as u8).unwrap();
    let mut board = Board::new(size);
    for (row, glyphs) in cells.iter().enumerate() {
        for (col, g) in glyphs.iter().enumerate() {
            board.set_cell(Coord::new(col as u8, row as u8), cell(g));
        }
    }
    Plan::new(board)
}

/// Small edits of a plan, so each test says only what it changes.
trait Edit {
    fn set(&mut self, at: &str, glyph: &str) -> &mut Self;
    fn wall(&mut self, at: &str, d: Dir) -> &mut Self;
    fn border(&mut self, at: &str, d: Dir, b: Border) -> &mut Self;
    fn item(&mut self, at: &str, item: Item, count: u32) -> &mut Self;
    fn without(&mut self, item: Item) -> &mut Self;
}

impl Edit for Plan {
    fn set(&mut self, at: &str, glyph: &str) -> &mut Self {
        self.board.set_cell(c(at), cell(glyph));
        self
    }
    fn wall(&mut self, at: &str, d: Dir) -> &mut Self {
        assert!(self.board.set_inner(c(at), d, InnerWall::Wall));
        self
    }
    fn border(&mut self, at: &str, d: Dir, b: Border) -> &mut Self {
        assert!(self.board.set_border(c(at), d, b));
        self
    }
    fn item(&mut self, at: &str, item: Item, count: u32) -> &mut Self {
        self.items.push(PlacedItem {
            at: c(at),
            item,
            count,
        });
        self
    }
    fn without(&mut self, item: Item) -> &mut Self {
        self.items.retain(|i| i.item != item);
        self
    }
}

/// A 5x4 plan that breaks no rule and ignores no recommendation of either code (deep or shallow rivers):
/// two arsenals and two hospitals apart, a river B2 > C2 into a mouth with three ways out, a tick,
/// exits left of A4 and right of E1, the treasure on C3 and a false one on D4, away from the exits.
fn base() -> Plan {
    let mut p = plan(&[
        "M . . A .", //
        ". > U . E",
        "A . . . M",
        ". . . . .",
    ]);
    p.border("A4", Dir::Left, Border::Exit)
        .border("E1", Dir::Right, Border::Exit)
        .item("C3", Item::Treasure, 1)
        .item("D4", Item::Fake, 1);
    p
}

fn classic() -> Ruleset {
    Ruleset::classic()
}

fn quantum() -> Ruleset {
    Ruleset::quantum()
}

fn en(findings: &[Finding]) -> Vec<String> {
    findings.iter().map(|f| f.localize(Lang::En)).collect()
}

fn ru(findings: &[Finding]) -> Vec<String> {
    findings.iter().map(|f| f.localize(Lang::Ru)).collect()
}

/// The problems of a plan under a ruleset, in English.
fn problems(p: &Plan, rules: &Ruleset) -> Vec<String> {
    en(&validate(p, rules, None).problems)
}

/// The warnings of a plan under a ruleset, for `players`, in English.
fn warnings(p: &Plan, rules: &Ruleset, players: Option<u32>) -> Vec<String> {
    en(&validate(p, rules, players).warnings)
}

#[test]
fn the_base_plan_is_clean_under_both_codes() {
    // Kodex Б §8 and Kodex В §8: the plan every other test breaks one rule of.
    for rules in [classic(), quantum()] {
        let report = validate(&base(), &rules, Some(3));
        assert_eq!(report, Report::default(), "{:?}", rules.code);
        assert!(report.is_valid());
    }
}

// ---- Rivers (Kodex Б §4.5) ----

#[test]
fn a_river_flowing_off_the_board() {
    // Kodex Б §4.5 (3): the current leads from every river cell to the mouth.
    let mut p = base();
    p.set("E4", "v");
    assert_eq!(
        problems(&p, &classic()),
        ["E4: the river flows down off the board; a river must end in a mouth (§4.5)"]
    );
}

#[test]
fn a_wall_across_a_river() {
    // Kodex Б §4.5 (2): "стенка не может перегораживать реку".
    let mut p = base();
    p.wall("B2", Dir::Right);
    assert_eq!(
        problems(&p, &classic()),
        ["B2: a wall stands across the river flowing into C2; a wall cannot cross a river (§4.5)"]
    );
    // A wall beside the river, not across it, is fine.
    let mut p = base();
    p.wall("B2", Dir::Up);
    assert!(problems(&p, &classic()).is_empty());
}

#[test]
fn a_river_flowing_into_an_arsenal() {
    // Kodex Б §4.5 (3), the plan format's own example of a message.
    let mut p = base();
    p.set("C2", "v").set("C3", "A").without(Item::Treasure);
    p.item("C4", Item::Treasure, 1);
    let report = validate(&p, &classic(), None);
    assert_eq!(
        en(&report.problems),
        ["C2: the river flows into the arsenal at C3; a river must end in a mouth (§4.5)"]
    );
    assert_eq!(
        ru(&report.problems),
        ["C2: река впадает в арсенал на C3; река должна заканчиваться устьем (§4.5)"]
    );
}

#[test]
fn a_circular_river() {
    // Kodex Б §4.5 (3): "это условие запрещает циклические реки".
    let mut p = base();
    p.set("B2", "v")
        .set("B3", ">")
        .set("C3", "^")
        .set("C2", "<");
    p.without(Item::Treasure).item("D3", Item::Treasure, 1);
    assert_eq!(
        problems(&p, &classic()),
        [
            "B2: the river runs in a circle of 4 cells through here and never reaches a mouth; \
             a river must end in a mouth (§4.5)"
        ]
    );
    assert_eq!(
        ru(&validate(&p, &classic(), None).problems),
        [
            "B2: река течёт по кругу из 4 клеток через эту клетку и не доходит до устья; \
             река должна заканчиваться устьем (§4.5)"
        ]
    );
}

#[test]
fn a_mouth_without_a_river() {
    // Kodex Б §4.5 (1): a river system has at least one river and exactly one mouth.
    let mut p = base();
    p.set("D4", "U")
        .without(Item::Fake)
        .item("B3", Item::Fake, 1);
    assert_eq!(
        problems(&p, &classic()),
        ["D4: no river flows into this mouth; a river system has at least one river (§4.5)"]
    );
}

// ---- Pits (Kodex Б §4.4) ----

/// The base plan with a pit cycle a1 on D3, a2 on D4 (the false treasure moved to B3).
fn with_pits() -> Plan {
    let mut p = base();
    p.set("D3", "a1").set("D4", "a2").without(Item::Fake);
    p.item("B3", Item::Fake, 1);
    p
}

#[test]
fn a_pit_cycle_of_two_passes() {
    // Kodex Б §4.4: N > 1 pits numbered 1..N.
    assert!(problems(&with_pits(), &classic()).is_empty());
}

#[test]
fn a_cycle_of_one_pit() {
    // Kodex Б §4.4: "группу из N (N>1) клеток".
    let mut p = with_pits();
    p.set("D4", ".");
    assert_eq!(
        problems(&p, &classic()),
        ["D3: a1 is the only pit of cycle a; a cycle has at least two pits (§4.4)"]
    );
    assert_eq!(
        ru(&validate(&p, &classic(), None).problems),
        ["D3: a1 — единственная яма цикла a; в цикле должно быть не меньше двух ям (§4.4)"]
    );
}

#[test]
fn a_gap_in_pit_numbers() {
    // Kodex Б §4.4: "пронумерованы от 1 до N".
    let mut p = with_pits();
    p.set("D4", "a3");
    assert_eq!(
        problems(&p, &classic()),
        [
            "D4: cycle a has no pit a2 before this one; the pits of a cycle are numbered 1, 2, 3… \
             without gaps (§4.4)"
        ]
    );
    p.set("D4", "a4");
    assert_eq!(
        problems(&p, &classic()),
        [
            "D4: cycle a has no pits a2–a3 before this one; the pits of a cycle are numbered 1, 2, \
             3… without gaps (§4.4)"
        ]
    );
}

#[test]
fn a_repeated_pit() {
    // Kodex Б §4.4: each place 1..N is one pit.
    let mut p = with_pits();
    p.set("E4", "a2");
    assert_eq!(
        problems(&p, &classic()),
        ["E4: pit a2 is already at D4; each number of a cycle is one pit (§4.4)"]
    );
}

// ---- What the maze must contain (Kodex Б §8.2, §8.3, §3.1, §8.6) ----

#[test]
fn at_least_one_arsenal_hospital_and_land() {
    // Kodex Б §8.2.
    let mut p = base();
    p.set("A3", ".").set("D1", ".");
    assert_eq!(
        problems(&p, &classic()),
        [
            "the maze has no arsenal; it needs at least one arsenal, one hospital and one land cell \
             (§8.2)"
        ]
    );
    let mut p = base();
    p.set("A1", ".").set("E3", ".");
    assert_eq!(
        problems(&p, &classic()),
        [
            "the maze has no hospital; it needs at least one arsenal, one hospital and one land \
             cell (§8.2)"
        ]
    );
    assert_eq!(
        ru(&validate(&p, &classic(), None).problems),
        [
            "в лабиринте нет ни одного медсанбата; нужны хотя бы один арсенал, один медсанбат и одна \
             суша (§8.2)"
        ]
    );
    // No land at all: a 1x3 maze of an arsenal, a hospital and a tick.
    let mut p = plan(&["A M E"]);
    p.border("A1", Dir::Left, Border::Exit)
        .border("C1", Dir::Right, Border::Exit);
    let found = problems(&p, &classic());
    assert!(
        found.contains(
            &"the maze has no land; it needs at least one arsenal, one hospital and one land cell \
              (§8.2)"
                .to_string()
        ),
        "{found:?}"
    );
}

#[test]
fn exactly_one_true_treasure() {
    // Kodex Б §8.3: "ровно один настоящий клад".
    let mut p = base();
    p.without(Item::Treasure);
    assert_eq!(
        problems(&p, &classic()),
        ["there is no true treasure; put exactly one on land (a `treasure` item) (§8.3)"]
    );
    // A `treasure 2` line is two true treasures.
    p.item("C3", Item::Treasure, 2);
    assert_eq!(
        problems(&p, &classic()),
        ["there are 2 true treasures; there must be exactly one (make the others `fake`) (§8.3)"]
    );
    p.item("B3", Item::Treasure, 1);
    assert_eq!(
        ru(&validate(&p, &classic(), None).problems),
        ["истинных кладов 3, а должен быть ровно один (остальные сделайте ложными, `fake`) (§8.3)"]
    );
}

#[test]
fn the_true_treasure_lies_on_land() {
    // Kodex Б §8.3: "может быть помещен только на сушу".
    let mut p = base();
    p.without(Item::Treasure).item("A3", Item::Treasure, 1);
    let report = validate(&p, &classic(), None);
    assert_eq!(
        en(&report.problems),
        ["A3: the true treasure lies in the arsenal; it may only be put on land (§8.3)"]
    );
    assert_eq!(
        ru(&report.problems),
        ["A3: истинный клад лежит в арсенале; его можно класть только на сушу (§8.3)"]
    );
}

#[test]
fn false_treasures_lie_on_land() {
    // Kodex Б §3.1: "на клетках типа суша должны находиться несколько кладов".
    let mut p = base();
    p.without(Item::Fake).item("E2", Item::Fake, 1);
    assert_eq!(
        problems(&p, &classic()),
        [
            "E2: a false treasure lies on an encephalitis cell; at the start all treasures lie on \
             land (§3.1)"
        ]
    );
}

#[test]
fn cure_and_nstop_are_at_least_one() {
    // Kodex Б §8.6: the master announces the moves to reach a hospital and Nstop.
    let mut p = base();
    p.settings.cure = Some(1);
    p.settings.nstop = Some(1);
    assert!(problems(&p, &classic()).is_empty());
    p.settings.cure = Some(0);
    p.settings.nstop = Some(0);
    assert_eq!(
        problems(&p, &classic()),
        [
            "cure=0: a sick player needs at least 1 move to reach a hospital (§8.6)",
            "nstop=0: a draw needs at least 1 round without change (§8.6)",
        ]
    );
}

// ---- Exits (Kodex Б §1.4, §8.4, §7.1; Kodex В §1.4) ----

#[test]
fn at_least_two_exits() {
    // Kodex Б §1.4, §8.4: "не менее двух выходов"; a closed exit counts.
    let mut p = base();
    p.border("E1", Dir::Right, Border::Wall);
    assert_eq!(
        problems(&p, &classic()),
        ["the maze has only one exit; it needs at least two, open or closed (§1.4, §8.4)"]
    );
    p.border("B4", Dir::Down, Border::ClosedExit);
    assert!(problems(&p, &classic()).is_empty());
}

#[test]
fn an_open_exit_when_agreed_and_always_in_the_quantum_code() {
    // Kodex Б §8.4: "часто принимается правило"; Kodex В §1.4: "в том числе не менее одного открытого".
    let mut p = base();
    p.border("A4", Dir::Left, Border::ClosedExit)
        .border("E1", Dir::Right, Border::ClosedExit);
    assert_eq!(
        problems(&p, &classic()),
        ["no exit is open; at least one exit must be open at the start (§8.4)"]
    );
    let mut lax = classic();
    lax.require_open_exit = false;
    assert!(problems(&p, &lax).is_empty());
    let mut q = quantum();
    q.require_open_exit = false;
    assert_eq!(
        problems(&p, &q),
        ["no exit is open; at least one exit must be open at the start (§1.4)"]
    );
    assert_eq!(
        ru(&validate(&p, &q, None).problems),
        ["ни один выход не открыт; в начале игры хотя бы один выход должен быть открытым (§1.4)"]
    );
}

#[test]
fn no_exit_on_a_river_source() {
    // Kodex Б §8.4: "выход не может располагаться возле принципиально недоступной клетки (истока реки)".
    let mut p = base();
    p.set("A2", ">").border("A2", Dir::Left, Border::Exit);
    assert_eq!(
        problems(&p, &classic()),
        [
            "A2: the exit on the left is on a cell no one can ever stand on (a river's source; with \
             torrential rivers, any river); move the exit (§8.4)"
        ]
    );
    // Shallow rivers can be walked up to their source.
    assert!(problems(&p, &quantum()).is_empty());
    // Torrential ones carry everyone to the mouth: no river cell can be stood on.
    let mut torrent = quantum();
    torrent.rivers = labyrinth::RiverKind::Torrential;
    let mut p = base();
    p.set("A1", ">")
        .set("B1", "v")
        .set("B2", ">")
        .set("C1", "M");
    p.border("B1", Dir::Up, Border::Exit);
    assert!(problems(&p, &classic()).is_empty());
    assert_eq!(
        problems(&p, &torrent),
        [
            "B1: the exit at the top is on a cell no one can ever stand on (a river's source; \
             with torrential rivers, any river); move the exit (§8.5)"
        ]
    );
}

#[test]
fn closed_exits_when_the_group_ruled_them_out() {
    // Kodex Б §7.1: "могут ли выходы быть закрыты взрываемыми стенками".
    let mut p = base();
    p.border("B4", Dir::Down, Border::ClosedExit);
    assert!(problems(&p, &classic()).is_empty());
    let mut open_only = classic();
    open_only.closed_exits = false;
    assert_eq!(
        problems(&p, &open_only),
        [
            "B4: the exit at the bottom is closed, but exits cannot be closed in this game; open it \
             or make it a wall (§7.1)"
        ]
    );
}

// ---- Reachability (Kodex Б §8.5) ----

#[test]
fn a_cell_with_no_way_in() {
    // Kodex Б §8.5: every cell reachable without grenades. E4 is walled from E3; its only open side
    // leads into a river D4 > C4 that carries everyone away from it.
    let mut p = base();
    p.set("C4", "U").set("D4", "<").wall("E3", Dir::Down);
    p.without(Item::Fake).item("B3", Item::Fake, 1);
    let report = validate(&p, &classic(), None);
    assert_eq!(
        en(&report.problems),
        [
            "E4: this cell cannot be reached from the rest of the maze without grenades; open a \
             wall or turn a river so there is a way in (§8.5)"
        ]
    );
    assert_eq!(
        ru(&report.problems),
        [
            "E4: сюда нельзя попасть из остального лабиринта без гранат; уберите стенку или \
             поверните реку, чтобы сюда вёл путь (§8.5)"
        ]
    );
    // A shallow river of one cell cannot be stood on either, so E4 has no way in there too.
    assert_eq!(problems(&p, &quantum()), en(&report.problems));
    // Two river cells can be walked along: E4 is reached from D4, itself reached from C4.
    p.set("C4", "<").set("B4", "U");
    assert!(problems(&p, &quantum()).is_empty());
    assert_eq!(problems(&p, &classic()).len(), 1);
}

#[test]
fn a_mouth_closed_in_by_walls_and_its_river() {
    // Kodex Б §8.5: "не должно быть устьев, окруженных только впадающими реками или стенками".
    let mut p = base();
    p.set("E4", "U").set("D4", ">").wall("E3", Dir::Down);
    p.without(Item::Fake).item("B3", Item::Fake, 1);
    assert_eq!(
        problems(&p, &classic()),
        [
            "E4: a player here can never get back to the rest of the maze without grenades: a \
             mouth must not be closed in by walls and inflowing rivers (§8.5)"
        ]
    );
    assert_eq!(
        ru(&validate(&p, &classic(), None).problems),
        [
            "E4: отсюда без гранат не выбраться в остальной лабиринт: устье не должно быть \
             окружено одними стенками и впадающими реками (§8.5)"
        ]
    );
}

#[test]
fn land_walled_in_with_a_mouth() {
    // Kodex Б §8.5: "участков суши, окруженных со всех сторон стенками". The river D4 > E4 carries
    // players into the area E3-E4 and nothing leads out of it.
    let mut p = base();
    p.set("E3", ".")
        .set("A4", "M")
        .set("E4", "U")
        .set("D4", ">");
    p.wall("E2", Dir::Down).wall("D3", Dir::Right);
    p.without(Item::Fake).item("B3", Item::Fake, 1);
    p.border("A4", Dir::Left, Border::Wall)
        .border("A2", Dir::Left, Border::Exit);
    assert_eq!(
        problems(&p, &classic()),
        [
            "E3: a player here can never get back to the rest of the maze without grenades: open \
             a wall of the closed-in area (§8.5)",
            "E4: a player here can never get back to the rest of the maze without grenades: a \
             mouth must not be closed in by walls and inflowing rivers (§8.5)",
        ]
    );
}

#[test]
fn a_cell_cut_off_on_all_sides() {
    // Kodex Б §8.5: land walled in on every side.
    let mut p = base();
    p.wall("E3", Dir::Down).wall("D4", Dir::Right);
    assert_eq!(
        problems(&p, &classic()),
        [
            "E4: this cell is cut off from the rest of the maze without grenades: there is no way \
             in and no way out (§8.5)"
        ]
    );
    assert_eq!(
        ru(&validate(&p, &classic(), None).problems),
        [
            "E4: клетка отрезана от остального лабиринта: без гранат сюда не попасть и отсюда не \
             выйти (§8.5)"
        ]
    );
}

#[test]
fn reachability_copes_with_a_full_size_snake() {
    // Kodex Б §8.5 on a 26x26 board: a single winding corridor, 676 cells deep, checked without
    // recursion; cutting it in the middle splits it in two.
    let size = Size::new(26, 26).unwrap();
    let mut board = Board::new(size);
    for row in 0..25u8 {
        // Walls under every row, leaving a gap at alternate ends.
        let gap = if row % 2 == 0 { 25 } else { 0 };
        for col in (0..26u8).filter(|&col| col != gap) {
            board.set_inner(Coord::new(col, row), Dir::Down, InnerWall::Wall);
        }
    }
    board.set_cell(Coord::new(1, 0), Cell::Arsenal);
    board.set_cell(Coord::new(2, 0), Cell::Hospital);
    board.set_border(Coord::new(0, 0), Dir::Left, Border::Exit);
    board.set_border(Coord::new(0, 25), Dir::Left, Border::Exit);
    let mut p = Plan::new(board);
    p.item("D1", Item::Treasure, 1);
    assert!(problems(&p, &classic()).is_empty());
    p.board.set_inner(c("A14"), Dir::Right, InnerWall::Wall);
    let found = validate(&p, &classic(), None).problems;
    // Row 14 is walked right to left, so A14 and the rows below are cut off: 13 rows of 26 and A14.
    assert_eq!(found.len(), 12 * 26 + 1, "{:?}", en(&found[..3]));
    assert_eq!(found[0].cell, Some(c("A14")));
}

// ---- Options agreed on (Kodex Б §7.1) ----

#[test]
fn no_mines_and_no_ticks_when_ruled_out() {
    // Kodex Б §7.1: "можно отказаться от использования мин, энцефалитных клещей".
    let mut p = base();
    p.item("B3", Item::Mine, 1).item("B4", Item::ArmedMine, 1);
    assert!(problems(&p, &classic()).is_empty());
    let mut simple = classic();
    simple.mines = false;
    simple.encephalitis = false;
    assert_eq!(
        problems(&p, &simple),
        [
            "E2: an encephalitis cell, but this game is played without encephalitis (§7.1)",
            "B3: a mine lies here, but this game is played without mines (§7.1)",
            "B4: a mine lies here, but this game is played without mines (§7.1)",
        ]
    );
}

#[test]
fn quantum_mines_are_laid_unarmed_on_land_and_arsenals() {
    // Kodex В §5.7: "ведущий раскладывает на клетках типа суша и арсенал произвольное количество мин,
    // причем в начале игры все они невзведенные".
    let mut p = base();
    p.item("B3", Item::Mine, 2).item("D1", Item::Mine, 1);
    assert!(problems(&p, &quantum()).is_empty());
    p.item("B2", Item::Mine, 1).item("C4", Item::ArmedMine, 1);
    assert_eq!(
        problems(&p, &quantum()),
        [
            "B2: a mine lies in a river; the master lays mines on land and arsenals only (§5.7)",
            "C4: an armed mine at the start; the master lays mines unarmed (write `mine`, not `armed-mine`) (§5.7)",
        ]
    );
    assert_eq!(
        ru(&validate(&p, &quantum(), None).problems),
        [
            "B2: мина лежит в реке; ведущий раскладывает мины только на суше и в арсеналах (§5.7)",
            "C4: в начале игры мина взведена; ведущий раскладывает мины невзведёнными (пишите mine, а не armed-mine) (§5.7)",
        ]
    );
    // Kodex Б §5.3: in the classic code players carry the mines; the book sets no rule for a plan's.
    assert!(problems(&p, &classic()).is_empty());
}

/// Sets one of `Ruleset::limits`.
type SetLimit = fn(&mut Ruleset, u32);

#[test]
fn every_agreed_count() {
    // Kodex Б §7.1: "ограничить максимальное число ям, циклов ям, речных систем и число притоков…,
    // оговорить общее число арсеналов, медсанбатов, кладов, внутренних стенок и выходов".
    let mut p = with_pits();
    p.wall("A1", Dir::Down);
    let cases: [(SetLimit, u32, &str); 11] = [
        (
            |r, n| r.limits.max_pits = Some(n),
            2,
            "number of pits: 2, but the group agreed on at most 1 (§7.1)",
        ),
        (
            |r, n| r.limits.max_pit_cycles = Some(n),
            1,
            "number of pit cycles: 1, but the group agreed on at most 0 (§7.1)",
        ),
        (
            |r, n| r.limits.max_pit_cycle_len = Some(n),
            2,
            "D3: pits in this cycle: 2, but the group agreed on at most 1 (§7.1)",
        ),
        (
            |r, n| r.limits.max_river_systems = Some(n),
            1,
            "number of river systems: 1, but the group agreed on at most 0 (§7.1)",
        ),
        (
            |r, n| r.limits.max_tributaries = Some(n),
            1,
            "C2: rivers flowing into this cell: 1, but the group agreed on at most 0 (§7.1)",
        ),
        (
            |r, n| r.limits.max_river_len = Some(n),
            1,
            "C2: river cells flowing into this mouth: 1, but the group agreed on at most 0 (§7.1)",
        ),
        (
            |r, n| r.limits.arsenals = Some(n),
            2,
            "number of arsenals: 2, but the group agreed on exactly 1 (§7.1)",
        ),
        (
            |r, n| r.limits.hospitals = Some(n),
            2,
            "number of hospitals: 2, but the group agreed on exactly 1 (§7.1)",
        ),
        (
            |r, n| r.limits.treasures = Some(n),
            2,
            "number of treasures, true and false: 2, but the group agreed on exactly 1 (§7.1)",
        ),
        (
            |r, n| r.limits.max_inner_walls = Some(n),
            1,
            "number of inner walls: 1, but the group agreed on at most 0 (§7.1)",
        ),
        (
            |r, n| r.limits.exits = Some(n),
            2,
            "number of exits, open and closed: 2, but the group agreed on exactly 1 (§7.1)",
        ),
    ];
    for (set, count, message) in cases {
        let mut rules = classic();
        set(&mut rules, count);
        assert!(problems(&p, &rules).is_empty(), "{message}");
        set(&mut rules, count - 1);
        assert_eq!(problems(&p, &rules), [message]);
    }
    // An exact count is broken by too few as well.
    let mut rules = classic();
    rules.limits.arsenals = Some(3);
    assert_eq!(
        ru(&validate(&p, &rules, None).problems),
        ["число арсеналов: 2, а по договорённости — ровно 3 (§7.1)"]
    );
}

#[test]
fn chains_joining_opposite_walls() {
    // Kodex Б §7.1: "непрерывные цепочки, соединяющие противоположные стенки лабиринта".
    let mut chains = classic();
    chains.chains = true;
    assert!(problems(&base(), &chains).is_empty());
    // Ticks on C1, C3 and C4 and the river B2 leave no way across column C but the mouth C2, whose
    // left neighbour is the river.
    let mut p = base();
    p.set("C1", "E").set("C3", "E").set("C4", "E");
    p.without(Item::Treasure).item("B3", Item::Treasure, 1);
    assert!(problems(&p, &classic()).is_empty());
    assert_eq!(
        problems(&p, &chains),
        [
            "no unbroken chain of land, hospitals, arsenals and mouths joins the left and right \
             walls, as the group agreed (§7.1)"
        ]
    );
    // A wall across every column breaks the top-bottom chain.
    let mut p = base();
    for col in ["A3", "B3", "C3", "D3"] {
        p.wall(col, Dir::Down);
    }
    p.set("E3", "E").set("E2", "M");
    assert_eq!(
        problems(&p, &chains),
        [
            "no unbroken chain of land, hospitals, arsenals and mouths joins the top and bottom \
             walls, as the group agreed (§7.1)"
        ]
    );
}

// ---- Items (Kodex Б §1.4, §5.1) ----

#[test]
fn item_counts_and_cells() {
    // Kodex Б §5.1: items lie on cells of the board, at least one of each line.
    let mut p = base();
    p.item("B3", Item::Bullets, 3).item("B3", Item::Grenades, 1);
    assert!(problems(&p, &classic()).is_empty());
    p.item("B3", Item::Bullets, 0).item("F9", Item::Grenades, 2);
    assert_eq!(
        problems(&p, &classic()),
        [
            "B3: the `bullets` line has a count of 0; write at least 1 or leave the line out (§5.1)",
            "F9: this cell is not on the board; move the `grenades` line onto it (§1.4)",
        ]
    );
}

// ---- Recommendations (Kodex Б §8 а–е, Kodex В §8 а–д) ----

#[test]
fn two_arsenals_and_two_hospitals() {
    // Kodex Б §8 а, Kodex В §8 а.
    let mut p = base();
    p.set("D1", ".").set("E3", ".");
    assert_eq!(
        warnings(&p, &classic(), None),
        [
            "the maze has only one arsenal; two or more make life easier for the wounded and their \
             moves harder to follow (§8 а)",
            "the maze has only one hospital; two or more make life easier for the wounded and their \
             moves harder to follow (§8 а)",
        ]
    );
    assert!(validate(&p, &classic(), None).is_valid());
    assert_eq!(
        ru(&validate(&p, &quantum(), None).warnings)[0],
        "в лабиринте всего один арсенал; лучше не меньше двух: раненым легче, а следить за ними \
         при игре «втемную» труднее (§8 а)"
    );
}

#[test]
fn no_hospital_next_to_an_arsenal_in_the_classic_code() {
    // Kodex Б §8 б; Kodex В §8 has no such recommendation.
    let mut p = base();
    p.set("D3", "A");
    assert_eq!(
        warnings(&p, &classic(), None),
        [
            "E3: this hospital is next to the arsenal at D3; a wounded player heals and rearms at \
             once, and the fight can go round in circles (§8 б)"
        ]
    );
    assert!(warnings(&p, &quantum(), None).is_empty());
}

#[test]
fn false_treasures_from_one_to_the_number_of_players() {
    // Kodex Б §8 в, Kodex В §8 б.
    let mut p = base();
    p.without(Item::Fake);
    assert_eq!(
        warnings(&p, &classic(), Some(3)),
        ["there is no false treasure; put at least one (a `fake` item) (§8 в)"]
    );
    assert_eq!(
        warnings(&p, &quantum(), None),
        ["there is no false treasure; put at least one (a `fake` item) (§8 б)"]
    );
    p.item("B3", Item::Fake, 3);
    assert!(warnings(&p, &classic(), None).is_empty());
    assert!(warnings(&p, &classic(), Some(3)).is_empty());
    assert_eq!(
        warnings(&p, &classic(), Some(2)),
        [
            "3 false treasures for 2 players; there should be no more false treasures than players \
             (§8 в)"
        ]
    );
    assert_eq!(
        ru(&validate(&p, &quantum(), Some(2)).warnings),
        ["ложных кладов 3, а игроков 2; ложных кладов должно быть не больше, чем игроков (§8 б)"]
    );
}

#[test]
fn strong_attractors() {
    // Kodex Б §8 г: "устье, имеющее только один выход … или два устья на соседних клетках".
    let mut p = base();
    p.wall("C2", Dir::Up).wall("C2", Dir::Down);
    assert_eq!(
        warnings(&p, &classic(), None),
        [
            "C2: this mouth has only one way out (its other sides are walls or inflowing rivers): \
             a strong attractor where players gather (§8 г)"
        ]
    );
    let mut p = base();
    p.set("D2", "U").set("D3", "^");
    assert_eq!(
        warnings(&p, &quantum(), None),
        [
            "C2: this mouth is next to the mouth at D2; two mouths side by side are a strong \
             attractor (§8 г)"
        ]
    );
}

#[test]
fn rivers_and_ticks() {
    // Kodex Б §8 д: "следует использовать реки различной конфигурации и энцефалиты".
    let mut p = base();
    p.set("B2", ".").set("C2", ".").set("E2", ".");
    assert_eq!(
        warnings(&p, &classic(), None),
        [
            "the maze has no river; rivers make the treasure and the exits harder to reach (§8 д)",
            "encephalitis is in play but no cell has it; ticks make the treasure and the exits \
             harder to reach (§8 д)",
        ]
    );
    let mut no_ticks = quantum();
    no_ticks.encephalitis = false;
    assert_eq!(
        warnings(&p, &no_ticks, None),
        ["the maze has no river; rivers make the treasure and the exits harder to reach (§8 д)"]
    );
}

#[test]
fn treasures_away_from_exits() {
    // Kodex Б §8 е, Kodex В §8 в: "клад, особенно истинный, не должен располагаться около выхода".
    let mut p = base();
    p.without(Item::Treasure).without(Item::Fake);
    p.item("A4", Item::Treasure, 1).item("B4", Item::Fake, 1);
    assert_eq!(
        warnings(&p, &classic(), None),
        [
            "A4: the true treasure lies on a cell with an exit; a treasure, especially the true \
             one, should not lie near an exit (§8 е)",
            "B4: a false treasure lies next to the exit at A4; a treasure, especially the true \
             one, should not lie near an exit (§8 е)",
        ]
    );
    assert_eq!(
        ru(&validate(&p, &quantum(), None).warnings),
        [
            "A4: истинный клад лежит на клетке с выходом; клад, особенно истинный, не должен \
             лежать около выхода (§8 в)",
            "B4: ложный клад лежит рядом с выходом на A4; клад, особенно истинный, не должен \
             лежать около выхода (§8 в)",
        ]
    );
}

// ---- The report ----

#[test]
fn every_problem_is_listed_in_reading_order() {
    // Kodex Б §8: the master fixes the whole plan at once, so no finding hides another.
    let mut p = base();
    p.set("E4", "v").set("D3", "a1").without(Item::Treasure);
    p.border("E1", Dir::Right, Border::Wall);
    let report = validate(&p, &classic(), None);
    let cells: Vec<Option<Coord>> = report.problems.iter().map(|f| f.cell).collect();
    assert_eq!(cells, [None, None, Some(c("D3")), Some(c("E4"))]);
    assert!(!report.is_valid());
}

#[test]
fn the_report_reads_as_a_block() {
    // Kodex Б §8: problems refuse the plan, recommendations only warn.
    let mut p = base();
    p.set("D1", ".").without(Item::Treasure);
    let report = validate(&p, &classic(), None);
    assert_eq!(
        report.localize(Lang::En),
        "The plan is refused: 1 problem, 1 warning.\n\
         Problems (the plan cannot be played until they are fixed):\n\
         - there is no true treasure; put exactly one on land (a `treasure` item) (§8.3)\n\
         Warnings (recommendations of §8; the plan may be played as it is):\n\
         - the maze has only one arsenal; two or more make life easier for the wounded and their \
         moves harder to follow (§8 а)"
    );
    assert_eq!(
        report.localize(Lang::Ru).lines().next(),
        Some("План отклонён: 1 нарушение, 1 предупреждение.")
    );
    assert_eq!(
        validate(&base(), &classic(), None).localize(Lang::En),
        "The plan is valid."
    );
    let mut p = base();
    p.set("D1", ".").set("E3", ".");
    assert_eq!(
        validate(&p, &classic(), None)
            .localize(Lang::Ru)
            .lines()
            .next(),
        Some("План принят, 2 предупреждения.")
    );
}

/// The example of `shared/spec/labyrinth-plan.md`, built cell by cell.
fn spec_example() -> Plan {
    let mut p = plan(&[
        ". . A . M", //
        "> > U a1 .",
        "a2 . . E v",
        "M . U < <",
    ]);
    p.wall("C1", Dir::Right).wall("B1", Dir::Down);
    assert!(p.board.set_inner(c("A2"), Dir::Down, InnerWall::Solid));
    p.wall("C2", Dir::Down).wall("E2", Dir::Down);
    p.border("E2", Dir::Right, Border::Exit)
        .border("A3", Dir::Left, Border::Exit)
        .border("B4", Dir::Down, Border::ClosedExit);
    p.item("C3", Item::Treasure, 1)
        .item("B3", Item::Fake, 1)
        .item("D1", Item::Fake, 1);
    p
}

#[test]
fn the_spec_example_is_valid_under_the_classic_code() {
    // Kodex Б §8: the plan format's example has no problem. It ignores two recommendations: one
    // arsenal (а), and the false treasure on B3 lies next to the closed exit below B4 (е).
    let report = validate(&spec_example(), &classic(), None);
    assert_eq!(en(&report.problems), Vec::<String>::new());
    assert_eq!(
        en(&report.warnings),
        [
            "the maze has only one arsenal; two or more make life easier for the wounded and their \
             moves harder to follow (§8 а)",
            "B3: a false treasure lies next to the exit at B4; a treasure, especially the true \
             one, should not lie near an exit (§8 е)",
        ]
    );
}

#[test]
fn a_finding_knows_its_code() {
    // Kodex Б §8 е is Kodex В §8 в: the same finding, numbered by its own code. The example is
    // valid under the quantum code (shallow rivers) too.
    let report = validate(&spec_example(), &quantum(), None);
    assert_eq!(en(&report.problems), Vec::<String>::new());
    let near_exit = report.warnings.last().unwrap();
    assert!(matches!(
        near_exit.rule,
        labyrinth::validate::Rule::TreasureNearExit {
            code: Code::Quantum,
            fake: true,
            ..
        }
    ));
    assert_eq!(near_exit.rule.section(), "§8 в");
}
