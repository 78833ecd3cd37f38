//! The plan text format (`shared/spec/labyrinth-plan.md`): the spec's example, robustness to how
//! masters paste plans, and the exact words of every problem in English and Russian.

use bot_core::i18n::{Lang, Localize};
use labyrinth::plan::{MAX_PLAN_BYTES, SyntaxErrorKind};
use labyrinth::{Border, Cell, Coord, Dir, InnerWall, Item, PitId, PlacedItem, Plan, Side};

const EXAMPLE: &str = include_str!("fixtures/plans/example.plan");

/// A 2x2 maze to break in small ways: land, hospital, arsenal, land; an exit below B2.
const SMALL: &str = "\
labyrinth 2x2
+---+---+
| .   M |
+   +---+
| A   . |
+---+   +
";

fn at(name: &str) -> Coord {
    name.parse().expect("a cell name")
}

/// The problems of `text`, as the master reads them.
fn problems(text: &str, lang: Lang) -> String {
    match Plan::parse(text) {
        Ok(_) => panic!("the plan was accepted:\n{text}"),
        Err(errors) => errors.localize(lang),
    }
}

fn en(text: &str) -> String {
    problems(text, Lang::En)
}

fn ru(text: &str) -> String {
    problems(text, Lang::Ru)
}

/// `SMALL` with line `no` (1-based) replaced.
fn small_with(no: usize, line: &str) -> String {
    let mut lines: Vec<&str> = SMALL.lines().collect();
    lines[no - 1] = line;
    lines.join("\n") + "\n"
}

/// `SMALL` followed by an items section.
fn small_items(items: &str) -> String {
    format!("{SMALL}items:\n{items}\n")
}

/// Every glyph the encyclopedia's modifications add (docs/labyrinth-wiki.md, "Plan format"): a swamp,
/// a window, rubber and one-way walls both across rows and between columns.
const WIKI_GLYPHS: &str = "\
labyrinth 3x2
+---+---+---+
| S : . o . |
+vvv+^^^+ooo+
| . > . < . |
+---+---+---+
";

// docs/labyrinth-wiki.md, "Plan format": the modifications' glyphs read back byte for byte.
#[test]
fn the_encyclopedias_glyphs_are_read_and_written() {
    let plan = Plan::parse(WIKI_GLYPHS).expect("a plan with every new glyph");
    assert_eq!(plan.to_text(), WIKI_GLYPHS);
    let b = &plan.board;
    assert_eq!(b.cell(at("A1")), Cell::Swamp);
    assert_eq!(b.side(at("A1"), Dir::Right), Side::Inner(InnerWall::Window));
    assert_eq!(b.side(at("B1"), Dir::Right), Side::Inner(InnerWall::Rubber));
    assert_eq!(
        b.side(at("A1"), Dir::Down),
        Side::Inner(InnerWall::OneWay(Dir::Down))
    );
    assert_eq!(
        b.side(at("B2"), Dir::Up),
        Side::Inner(InnerWall::OneWay(Dir::Up))
    );
    assert_eq!(b.side(at("C1"), Dir::Down), Side::Inner(InnerWall::Rubber));
    assert_eq!(
        b.side(at("A2"), Dir::Right),
        Side::Inner(InnerWall::OneWay(Dir::Right))
    );
    assert_eq!(
        b.side(at("C2"), Dir::Left),
        Side::Inner(InnerWall::OneWay(Dir::Left))
    );
}

// docs/labyrinth-wiki.md: windows, rubber and one-way walls stand between cells only.
#[test]
fn special_walls_on_the_border_are_refused() {
    let window = WIKI_GLYPHS.replace("+---+---+---+\n", "+---+:::+---+\n");
    let text = en(&window);
    assert!(text.contains("B2"), "{text}");
    for (line, glyph) in [(2, "+ooo+---+"), (2, "+vvv+---+")] {
        let text = en(&small_with(line, glyph));
        assert!(text.contains("A1"), "{glyph}: {text}");
    }
    let side = en(&small_with(3, ": .   M |"));
    assert!(side.contains("A1"), "{side}");
}

// plan spec: Example — the canonical text reads back byte for byte.
#[test]
fn the_spec_example_reads_back_byte_identical() {
    let plan = Plan::parse(EXAMPLE).expect("the spec's example is a valid plan");
    assert_eq!(plan.to_text(), EXAMPLE);
    assert_eq!(EXAMPLE.parse::<Plan>(), Ok(plan));
}

// plan spec: glyph table; Kodex Б §4.1–§4.7
#[test]
fn the_spec_example_has_the_cells_it_shows() {
    let board = Plan::parse(EXAMPLE).unwrap().board;
    assert_eq!(board.size().to_string(), "5x4");
    let expect = [
        ("A1", Cell::Land),
        ("C1", Cell::Arsenal),
        ("E1", Cell::Hospital),
        ("A2", Cell::River(Dir::Right)),
        ("C2", Cell::Mouth),
        ("D2", Cell::Pit(PitId { cycle: 0, place: 1 })),
        ("A3", Cell::Pit(PitId { cycle: 0, place: 2 })),
        ("D3", Cell::Encephalitis),
        ("E3", Cell::River(Dir::Down)),
        ("A4", Cell::Hospital),
        ("D4", Cell::River(Dir::Left)),
        ("E4", Cell::River(Dir::Left)),
    ];
    for (name, cell) in expect {
        assert_eq!(board.cell(at(name)), cell, "{name}");
    }
}

// Kodex Б §1.4: inner walls, the outer wall, open and closed exits; plan spec: The drawing
#[test]
fn the_spec_example_has_the_walls_and_exits_it_shows() {
    let board = Plan::parse(EXAMPLE).unwrap().board;
    let expect = [
        ("A1", Dir::Up, Side::Border(Border::Wall)),
        ("A1", Dir::Right, Side::Inner(InnerWall::Open)),
        ("C1", Dir::Right, Side::Inner(InnerWall::Wall)),
        ("B1", Dir::Down, Side::Inner(InnerWall::Wall)),
        ("A2", Dir::Down, Side::Inner(InnerWall::Solid)),
        ("E2", Dir::Right, Side::Border(Border::Exit)),
        ("E2", Dir::Down, Side::Inner(InnerWall::Wall)),
        ("A3", Dir::Left, Side::Border(Border::Exit)),
        ("E3", Dir::Right, Side::Border(Border::Wall)),
        ("B4", Dir::Down, Side::Border(Border::ClosedExit)),
        ("C4", Dir::Down, Side::Border(Border::Wall)),
    ];
    for (name, dir, side) in expect {
        assert_eq!(board.side(at(name), dir), side, "{name} {dir:?}");
    }
    let exits = board.border_sides().filter(|s| s.2 != Border::Wall).count();
    assert_eq!(exits, 3);
}

// plan spec: Items — kept in the order written, count 1 when not written
#[test]
fn the_spec_example_lists_its_items_in_order() {
    let plan = Plan::parse(EXAMPLE).unwrap();
    let placed = |name: &str, item| PlacedItem {
        at: at(name),
        item,
        count: 1,
    };
    assert_eq!(
        plan.items,
        vec![
            placed("C3", Item::Treasure),
            placed("B3", Item::Fake),
            placed("D1", Item::Fake)
        ]
    );
    assert_eq!(plan.settings, Default::default());
}

// plan spec: header settings `cure=6 nstop=20` (Kodex Б §8.6); items with counts
#[test]
fn settings_and_counts_are_read_and_written_canonically() {
    let text = "Labyrinth 2 x 2  nstop=20 cure=6\n+---+---+\n| .   M |\n+   +---+\n| A   . |\n+---+   +\n\
                Items:\n A1 Bullets 3\n\n  B2 mine 1\n  B1 corpse 2\n";
    let plan = Plan::parse(text).unwrap();
    assert_eq!(plan.settings.cure, Some(6));
    assert_eq!(plan.settings.nstop, Some(20));
    assert_eq!(plan.items[0].count, 3);
    assert_eq!(plan.items[2].item, Item::Corpse);
    assert_eq!(
        plan.to_text(),
        format!(
            "labyrinth 2x2 cure=6 nstop=20\n{}items:\n  A1 bullets 3\n  B2 mine\n  B1 corpse 2\n",
            &SMALL[14..]
        )
    );
}

// plan spec: lines shorter than the full width are padded (chat clients trim trailing spaces)
#[test]
fn trimmed_lines_are_padded_and_trailing_spaces_ignored() {
    let text = "labyrinth 2x1\n+---+---+   \n  .   M\n+---+---+\n";
    let board = Plan::parse(text).unwrap().board;
    assert_eq!(board.side(at("B1"), Dir::Right), Side::Border(Border::Exit));
    assert_eq!(board.side(at("A1"), Dir::Left), Side::Border(Border::Exit));
    assert_eq!(board.cell(at("B1")), Cell::Hospital);
}

// Masters paste plans from chat: a Markdown code block, CRLF line ends, blank lines around.
#[test]
fn code_fences_crlf_and_blank_lines_are_accepted() {
    let plain = Plan::parse(EXAMPLE).unwrap();
    let fenced = format!("\n\n```text\n{EXAMPLE}```\n\n");
    assert_eq!(Plan::parse(&fenced), Ok(plain.clone()));
    let crlf = format!("```\r\n{}\r\n```", EXAMPLE.replace('\n', "\r\n"));
    assert_eq!(Plan::parse(&crlf), Ok(plain.clone()));
    let bom = format!("\u{feff}{EXAMPLE}");
    assert_eq!(Plan::parse(&bom), Ok(plain));
}

// Line numbers count the text as given, fence included.
#[test]
fn line_numbers_count_the_fence_and_blank_lines() {
    let text = format!("\n```\n{}```\n", small_with(3, "| .   x |"));
    assert_eq!(
        en(&text),
        r#"line 5, B1: "x" is not a cell type; use . M A U E > < ^ v or a pit like a1"#
    );
}

#[test]
fn an_empty_text_is_refused() {
    let msg = "The plan is empty. Send the drawing, starting with a line such as labyrinth 5x4.";
    assert_eq!(en(""), msg);
    assert_eq!(en("\n  \n```\n```\n"), msg);
    assert_eq!(
        ru(""),
        "План пуст. Пришлите чертёж, начиная со строки вида labyrinth 5x4."
    );
}

#[test]
fn a_text_over_64_kb_is_refused() {
    let text = format!("{SMALL}{}", " ".repeat(70_000 - SMALL.len()));
    assert!(text.len() > MAX_PLAN_BYTES);
    assert_eq!(
        en(&text),
        "The plan is 70000 bytes long, over the limit of 65536. Even a 26x26 maze takes far less: send only the plan."
    );
    assert_eq!(
        ru(&text),
        "План занимает 70000 байт, больше предела в 65536. Даже лабиринт 26x26 намного короче: пришлите только план."
    );
}

#[test]
fn binary_text_is_refused_once() {
    let text = format!("{SMALL}\0\u{1}\n\u{7}");
    assert_eq!(
        en(&text),
        "line 7: the text holds a control character (U+0000); it looks like a file, not a plan. Send the plan as plain text."
    );
    assert_eq!(
        ru("labyrinth\u{1b}[0m 2x2"),
        "строка 1: в тексте управляющий символ (U+001B) — похоже на файл, а не на план. Пришлите план обычным текстом."
    );
}

#[test]
fn the_header_must_come_first() {
    assert_eq!(
        en(&small_with(1, "maze 2x2")),
        "line 1: a plan begins with the line labyrinth WxH, for example labyrinth 5x4"
    );
    assert_eq!(
        ru(&small_with(1, "лабиринт 2x2")),
        "строка 1: план начинается строкой labyrinth ШxВ (ширина x высота), например labyrinth 5x4"
    );
}

// Sizes up to 26x26: columns are single letters (geometry::MAX_SIDE).
#[test]
fn the_size_must_be_given_and_fit() {
    let missing = "line 1: write the maze's size after labyrinth, for example labyrinth 5x4";
    assert_eq!(en("labyrinth"), missing);
    assert_eq!(en("labyrinth cure=4"), missing);
    assert_eq!(
        en("labyrinth 27x4\n+---+"),
        r#"line 1: "27x4" is not a size; write width x height, each from 1 to 26, for example 5x4"#
    );
    assert_eq!(
        ru("labyrinth пять"),
        "строка 1: «пять» — не размер; напишите ширину x высоту, каждую от 1 до 26, например 5x4"
    );
    assert_eq!(
        ru("labyrinth"),
        "строка 1: после labyrinth укажите размер лабиринта, например labyrinth 5x4"
    );
    let cyrillic_x = small_with(1, "labyrinth 2х2");
    assert!(Plan::parse(&cyrillic_x).is_ok());
}

// plan spec: "unknown keys are an error"; Kodex Б §8.6: cure and Nstop are announced numbers
#[test]
fn every_bad_setting_is_listed() {
    let text = small_with(1, "labyrinth 2x2 cure6 colour=red cure=3 cure=4 nstop=0");
    assert_eq!(
        en(&text),
        [
            r#"line 1: "cure6" is not a setting; write key=value, for example cure=6"#,
            r#"line 1: there is no setting "colour"; the settings are cure (moves a sick player has to reach a hospital) and nstop (moves without result before a draw)"#,
            "line 1: cure is set twice; keep one cure=N",
            r#"line 1: "nstop=0": the value must be a whole number from 1, for example nstop=6"#,
        ]
        .join("\n")
    );
    assert_eq!(
        ru(&text),
        [
            "строка 1: «cure6» — не настройка; пишите ключ=значение, например cure=6",
            "строка 1: настройки «colour» нет; есть cure (сколько ходов у больного, чтобы дойти до медсанбата) и nstop (сколько безрезультатных ходов до ничьей)",
            "строка 1: cure задан дважды; оставьте один cure=N",
            "строка 1: «nstop=0»: значение должно быть целым числом от 1, например nstop=6",
        ]
        .join("\n")
    );
}

// plan spec: exactly 2·H+1 lines
#[test]
fn missing_drawing_lines_are_counted() {
    let text = SMALL.lines().take(5).collect::<Vec<_>>().join("\n");
    assert_eq!(
        en(&text),
        "line 6: the drawing of a 2x2 maze takes 5 lines, but only 4 are here; every row needs a cell line and a wall line below it"
    );
    assert_eq!(
        ru(&text),
        "строка 6: чертёж лабиринта 2x2 — это 5 строк, а здесь только 4; для каждого ряда нужны строка клеток и строка стенок под ней"
    );
    assert_eq!(
        en("labyrinth 1x1\n+---+\nitems:\n"),
        "line 3: the drawing of a 1x1 maze takes 3 lines, but only 1 is here; every row needs a cell line and a wall line below it"
    );
}

#[test]
fn text_after_the_drawing_must_be_items() {
    let text = format!("{SMALL}A1 treasure\nB1 fake\n");
    assert_eq!(
        en(&text),
        "line 7: the drawing of a 2x2 maze ends at line 6; put items after a line items:, or fix the size in the header"
    );
    assert_eq!(
        ru(&text),
        "строка 7: чертёж лабиринта 2x2 кончается на строке 6; предметы пишите после строки items:, или исправьте размер в заголовке"
    );
}

#[test]
fn a_line_wider_than_the_maze_is_refused() {
    let text = small_with(3, "| .   M | x   ");
    assert_eq!(
        en(&text),
        "line 3: the line is longer than 9 characters, the width of a 2x2 drawing; remove the extra characters or fix the size in the header"
    );
    assert_eq!(
        ru(&text),
        "строка 3: строка длиннее 9 символов — ширины чертежа 2x2; уберите лишние символы или исправьте размер в заголовке"
    );
}

#[test]
fn a_blank_line_in_the_drawing_is_one_problem() {
    let mut lines: Vec<&str> = SMALL.lines().collect();
    lines.insert(3, "   ");
    let text = lines.join("\n");
    assert_eq!(
        en(&text),
        "line 4: a blank line inside the drawing; remove it"
    );
    assert_eq!(
        ru(&text),
        "строка 4: пустая строка внутри чертежа; уберите её"
    );
}

#[test]
fn tabs_in_the_drawing_are_refused() {
    let text = small_with(3, "|\t.   M |");
    assert_eq!(
        en(&text),
        "line 3: a tab inside the drawing; tabs line up differently everywhere, so use spaces"
    );
    assert_eq!(
        ru(&text),
        "строка 3: табуляция внутри чертежа; она везде выравнивается по-разному, используйте пробелы"
    );
}

#[test]
fn a_long_dash_from_a_chat_app_is_named() {
    let text = small_with(2, "+—-+---+");
    assert_eq!(
        en(&text),
        r#"line 2: "—" is a long dash, probably put in by a keyboard or chat app; draw walls with three plain minus signs ---"#
    );
    assert_eq!(
        ru(&text),
        "строка 2: «—» — длинное тире, его, видимо, подставила клавиатура или мессенджер; рисуйте стенки тремя обычными минусами ---"
    );
}

// plan spec: wall lines and cell lines alternate, starting and ending with a wall line
#[test]
fn wall_and_cell_lines_must_alternate() {
    let text = "labyrinth 1x1\n| . |\n+---+\n| . |\n";
    assert_eq!(
        en(text),
        [
            "line 2: expected a wall line such as +---+   +; the drawing alternates wall lines and cell lines",
            "line 3: expected a cell line such as | .   M |; the drawing alternates wall lines and cell lines",
            "line 4: expected a wall line such as +---+   +; the drawing alternates wall lines and cell lines",
        ]
        .join("\n")
    );
    assert_eq!(
        ru(text).lines().next(),
        Some(
            "строка 2: здесь должна быть строка стенок вида +---+   +; в чертеже строки стенок и строки клеток чередуются"
        )
    );
    assert_eq!(
        ru(text).lines().nth(1),
        Some(
            "строка 3: здесь должна быть строка клеток вида | .   M |; в чертеже строки стенок и строки клеток чередуются"
        )
    );
}

#[test]
fn corners_must_be_plus_signs() {
    let text = small_with(4, "+   x---");
    assert_eq!(
        en(&text),
        [
            r#"line 4: "x" at column 5 stands where a corner + belongs; a wall line has + at every fourth character"#,
            r#"line 4: " " at column 9 stands where a corner + belongs; a wall line has + at every fourth character"#,
        ]
        .join("\n")
    );
    assert_eq!(
        ru(&small_with(4, "+   x---+")),
        "строка 4: «x» в столбце 5 стоит на месте угла +; в строке стенок + стоит через каждые четыре символа"
    );
}

// Kodex Б §1.4: an inner wall breaks; plan spec: `---` `###` or spaces between cells
#[test]
fn a_bad_inner_wall_names_both_cells() {
    let text = small_with(4, "+   +-=-+");
    assert_eq!(
        en(&text),
        r#"line 4: "-=-" between B1 and B2 is not a wall; write --- (wall), ### (unbreakable wall) or three spaces (no wall)"#
    );
    assert_eq!(
        ru(&text),
        "строка 4: «-=-» между B1 и B2 — не стенка; пишите --- (стенка), ### (невзрываемая стенка) или три пробела (стенки нет)"
    );
    let text = small_with(3, "| . / M |");
    assert_eq!(
        en(&text),
        r#"line 3: "/" between A1 and B1 is not a side; write | (wall), # (unbreakable wall) or a space (no wall)"#
    );
    assert_eq!(
        ru(&text),
        "строка 3: «/» между A1 и B1 — не сторона клетки; пишите | (стенка), # (невзрываемая стенка) или пробел (стенки нет)"
    );
}

// Kodex Б §1.4: the three kinds of outer side
#[test]
fn a_bad_border_side_names_the_cell_and_side() {
    assert_eq!(
        en(&small_with(6, "+---+-x-+")),
        r#"line 6: "-x-" below B2 is not an outer side; write --- (outer wall), ~~~ (closed exit) or three spaces (open exit)"#
    );
    assert_eq!(
        ru(&small_with(2, "+-x-+---+")),
        "строка 2: «-x-» над A1 — не внешняя сторона; пишите --- (внешняя стенка), ~~~ (закрытый выход) или три пробела (открытый выход)"
    );
    assert_eq!(
        en(&small_with(3, "| .   M !")),
        r#"line 3: "!" right of B1 is not an outer side; write | (outer wall), ~ (closed exit) or a space (open exit)"#
    );
    assert_eq!(
        ru(&small_with(5, "/ A   . |")),
        "строка 5: «/» слева от A2 — не внешняя сторона; пишите | (внешняя стенка), ~ (закрытый выход) или пробел (открытый выход)"
    );
}

// Kodex Б §1.4: the outer wall is unbreakable already; `###` is for inner walls only
#[test]
fn unbreakable_walls_belong_inside() {
    let text = small_with(2, "+###+---+");
    assert_eq!(
        en(&text),
        r####"line 2: "###" above A1: ### marks an unbreakable wall between cells, and the outer wall is unbreakable anyway; write ---"####
    );
    let text = small_with(5, "# A   . |");
    assert_eq!(
        en(&text),
        r##"line 5: "#" left of A2: # marks an unbreakable wall between cells, and the outer wall is unbreakable anyway; write |"##
    );
    assert_eq!(
        ru(&text),
        "строка 5: «#» слева от A2: # — невзрываемая стенка между клетками, а внешнюю стенку и так не взорвать; пишите |"
    );
}

// Kodex Б §1.4: a closed exit is an outer wall; between cells it means nothing
#[test]
fn closed_exits_belong_on_the_border() {
    let text = small_with(4, "+   +~~~+");
    assert_eq!(
        en(&text),
        r#"line 4: "~~~" between B1 and B2: a closed exit lies only on the border; between cells write --- for a wall a grenade breaks"#
    );
    assert_eq!(
        ru(&small_with(3, "| . ~ M |")),
        "строка 3: «~» между A1 и B1: закрытый выход бывает только на границе; между клетками пишите | — стенку, которую взрывает граната"
    );
}

// plan spec: a cell's 3 characters, trimmed, give its type
#[test]
fn bad_cells_name_the_cell_and_the_glyphs() {
    assert_eq!(
        en(&small_with(3, "|     M |")),
        "line 3, A1: the cell is empty; write its type: . M A U E > < ^ v or a pit like a1"
    );
    assert_eq!(
        ru(&small_with(3, "|     M |")),
        "строка 3, A1: клетка пуста; напишите её тип: . M A U E > < ^ v или яму вида a1"
    );
    assert_eq!(
        en(&small_with(5, "| A   x |")),
        r#"line 5, B2: "x" is not a cell type; use . M A U E > < ^ v or a pit like a1"#
    );
    assert_eq!(
        ru(&small_with(5, "| A   ??|")),
        "строка 5, B2: «??» — не тип клетки; пишите . M A U E > < ^ v или яму вида a1"
    );
    assert_eq!(
        en(&small_with(3, "| .   m |")),
        r#"line 3, B1: "m" is not a cell type; write the capital M"#
    );
    assert_eq!(
        ru(&small_with(3, "| .   u |")),
        "строка 3, B1: «u» — не тип клетки; пишите заглавную U"
    );
}

// Kodex Б §4.4: pits are numbered 1..N within a cycle named by a letter
#[test]
fn pit_glyphs_are_checked_for_form_only() {
    assert_eq!(
        en(&small_with(3, "| A1  M |")),
        r#"line 3, A1: "A1" is not a cell type; a pit's cycle is a lowercase letter: a1"#
    );
    assert_eq!(
        en(&small_with(3, "| a0  M |")),
        r#"line 3, A1: "a0": the pits of a cycle are numbered from 1; write a1, a2, …"#
    );
    assert_eq!(
        en(&small_with(3, "|b07  M |")),
        r#"line 3, A1: "b07": write the pit's number without a leading zero: b7"#
    );
    assert_eq!(
        ru(&small_with(3, "|b07  M |")),
        "строка 3, A1: «b07»: пишите номер ямы без ведущего нуля: b7"
    );
    assert_eq!(
        ru(&small_with(3, "| B2  M |")),
        "строка 3, A1: «B2» — не тип клетки; цикл ямы обозначается строчной буквой: b2"
    );
    assert_eq!(
        ru(&small_with(3, "| z0  M |")),
        "строка 3, A1: «z0»: ямы цикла нумеруются с 1; пишите a1, a2, …"
    );
    // Gaps and lone pits are the validator's business (Kodex Б §4.4: N > 1).
    let plan = Plan::parse(&small_with(3, "|z99  M |")).unwrap();
    assert_eq!(
        plan.board.cell(at("A1")),
        Cell::Pit(PitId {
            cycle: 25,
            place: 99
        })
    );
}

// A Russian master types the rule book's letters on a Russian layout.
#[test]
fn cyrillic_letters_get_a_dedicated_message() {
    let text = small_with(5, "| А   М |");
    assert_eq!(
        en(&text),
        [
            r#"line 5, A2: "А" is a Cyrillic letter; type the Latin A"#,
            r#"line 5, B2: "М" is a Cyrillic letter; type the Latin M"#,
        ]
        .join("\n")
    );
    assert_eq!(
        ru(&text),
        [
            "строка 5, A2: «А» — русская буква; наберите латинскую A",
            "строка 5, B2: «М» — русская буква; наберите латинскую M",
        ]
        .join("\n")
    );
    assert_eq!(
        en(&small_with(3, "| С   M |")),
        r#"line 3, A1: "С" is a Cyrillic letter; land is written as a dot: ."#
    );
    assert_eq!(
        ru(&small_with(3, "| Я1  M |")),
        "строка 3, A1: «Я» — русская буква; яма обозначается строчной латинской буквой (её цикл) и номером, например a1"
    );
    assert_eq!(
        en(&small_with(3, "| Р   M |")),
        r#"line 3, A1: "Р" is a Cyrillic letter; a river is written as the way it flows: > < ^ v"#
    );
    assert_eq!(
        ru(&small_with(3, "| р   M |")),
        "строка 3, A1: «р» — русская буква; река обозначается направлением течения: > < ^ v"
    );
    assert_eq!(
        ru(&small_with(3, "| .   Э |")),
        "строка 3, B1: «Э» — русская буква; наберите латинскую E"
    );
    assert_eq!(
        en(&small_items("С1 treasure")),
        r#"line 8: "С" is a Cyrillic letter; type the Latin C"#
    );
}

#[test]
fn other_non_ascii_characters_are_named_with_their_code() {
    assert_eq!(
        en(&small_with(3, "| é   M |")),
        r#"line 3, A1: "é" (U+00E9) is not a plain ASCII character; a plan uses only Latin letters, digits, spaces and + - | # ~ . > < ^"#
    );
    assert_eq!(
        ru(&small_with(3, "| . \u{a0} M |")),
        "строка 3: «\u{a0}» (U+00A0) — не символ ASCII; в плане только латинские буквы, цифры, пробелы и + - | # ~ . > < ^"
    );
}

// plan spec: Items — `<cell> <item> [count]`
#[test]
fn item_lines_are_checked_word_by_word() {
    let cases = [
        (
            "treasure A1",
            "line 8: \"treasure\" is not a cell name; an item line begins with a cell such as B3, then the item: B3 treasure",
        ),
        ("C1 fake", "line 8, C1: there is no cell C1 on a 2x2 board"),
        (
            "A1",
            "line 8, A1: say what lies on A1, for example A1 treasure",
        ),
        (
            "A1 gold",
            "line 8, A1: \"gold\" is not an item; use treasure, fake, mine, armed-mine, bullets N, grenades N or corpse",
        ),
        (
            "A1 bullets",
            "line 8, A1: say how many bullets lie there, for example A1 bullets 3",
        ),
        (
            "A1 mine 0",
            "line 8, A1: \"0\" is not a count; write a whole number from 1",
        ),
        (
            "A1 mine 2 more words",
            "line 8, A1: unexpected \"more words\"; write one item per line: cell, item, count",
        ),
        (
            "A1 treasure B1 fake",
            "line 8, A1: \"B1\" is not a count; write a whole number from 1\n\
             line 8, A1: unexpected \"fake\"; write one item per line: cell, item, count",
        ),
    ];
    for (line, message) in cases {
        assert_eq!(en(&small_items(line)), message, "{line}");
    }
}

#[test]
fn item_messages_in_russian() {
    assert_eq!(
        ru(&small_items("  B2 grenades")),
        "строка 8, B2: укажите, сколько гранат, например B2 grenades 3"
    );
    assert_eq!(
        ru(&small_items("  B2 bullets -1")),
        "строка 8, B2: «-1» — не количество; пишите целое число от 1"
    );
    assert_eq!(
        ru(&small_items("  B2 клад")),
        "строка 8, B2: «клад» — не предмет; пишите treasure (клад), fake (ложный клад), mine (мина), armed-mine (взведённая мина), bullets N (пули), grenades N (гранаты) или corpse (труп)"
    );
    assert_eq!(
        ru(&small_items("  Z9 fake")),
        "строка 8, Z9: на поле 2x2 нет клетки Z9"
    );
    assert_eq!(
        ru(&small_items("  B2")),
        "строка 8, B2: укажите, что лежит на B2, например B2 treasure"
    );
    assert_eq!(
        ru(&small_items("  9B fake")),
        "строка 8: «9B» — не имя клетки; строка предмета начинается с клетки, например B3, затем предмет: B3 treasure"
    );
    assert_eq!(
        ru(&small_items("  B2 mine 1 2")),
        "строка 8, B2: лишнее «2»; пишите по одному предмету в строке: клетка, предмет, количество"
    );
}

#[test]
fn items_go_on_their_own_lines() {
    let text = format!("{SMALL}items: A1 treasure\n");
    assert_eq!(
        en(&text),
        "line 7: write each item on its own line after items:"
    );
    assert_eq!(
        ru(&text),
        "строка 7: каждый предмет пишите отдельной строкой после items:"
    );
}

// plan spec: Errors — "refused with every problem listed"
#[test]
fn a_plan_with_many_problems_lists_them_all_in_line_order() {
    let text = "\
labyrinth 3x2 cure=0
+---+---+---+
| .   x ~ M |
+   +-!-+   +
| A   .   Ж
+###+---+---+
items:
  D1 treasure
  A1 bullets
";
    let errors = Plan::parse(text).unwrap_err();
    let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [1, 3, 3, 4, 5, 6, 8, 9]);
    assert!(matches!(
        errors.kinds()[..],
        [
            SyntaxErrorKind::BadSettingValue { .. },
            SyntaxErrorKind::ClosedExitInside { .. },
            SyntaxErrorKind::BadGlyph { .. },
            SyntaxErrorKind::BadInnerSide { .. },
            SyntaxErrorKind::NonAscii { found: 'Ж' },
            SyntaxErrorKind::SolidOnBorder { .. },
            SyntaxErrorKind::ItemOffBoard { .. },
            SyntaxErrorKind::MissingCount {
                item: Item::Bullets
            },
        ]
    ));
    assert_eq!(errors.localize(Lang::En).lines().count(), 8);
}

// Quoting the master's text back is capped, so a pasted essay does not come back whole.
#[test]
fn long_quotes_are_cut() {
    let word = "x".repeat(100);
    let msg = en(&format!("labyrinth {word}"));
    assert_eq!(
        msg,
        format!(
            "line 1: \"{}…\" is not a size; write width x height, each from 1 to 26, for example 5x4",
            "x".repeat(23)
        )
    );
}

// docs/labyrinth-wiki.md, "Plan format": the `arsenals:` section of the encyclopedia's modification
// 13, after or before `items:`, written back canonically.
#[test]
fn the_arsenals_section_is_read_and_written() {
    let text = format!("{SMALL}arsenals:\n  A2 grenades bullets\nitems:\n  A1 treasure\n");
    let plan = Plan::parse(&text).expect("a plan with kinds of arsenal");
    assert_eq!(plan.stocks.len(), 1);
    assert_eq!(plan.stocks[0].at, at("A2"));
    assert_eq!(plan.items.len(), 1);
    let canonical = format!("{SMALL}items:\n  A1 treasure\narsenals:\n  A2 bullets grenades\n");
    assert_eq!(plan.to_text(), canonical);
    assert_eq!(Plan::parse(&canonical), Ok(plan));
    // "bombs" is the encyclopedia's word for grenades.
    let bombs = Plan::parse(&format!("{SMALL}arsenals:\n  A2 bombs\n")).unwrap();
    assert_eq!(
        bombs.to_text(),
        format!("{SMALL}arsenals:\n  A2 grenades\n")
    );
}

#[test]
fn a_broken_arsenals_section_lists_every_problem() {
    let text = format!("{SMALL}arsenals: A2\n  A2\n  B2 gold\n  A2 bullets\n  A2 knives\n");
    let found = en(&text);
    for part in [
        "after arsenals:",
        "say what the arsenal on A2 gives",
        "\"gold\" is not something an arsenal gives",
        "the arsenal on A2 is listed twice",
    ] {
        assert!(found.contains(part), "{part}: {found}");
    }
    assert!(ru(&text).contains("арсенал на A2 указан дважды"));
}

// docs/labyrinth-wiki.md, "Plan format": the `bear:` section of the encyclopedia's modification 2.
#[test]
fn the_bear_section_is_read_and_written() {
    let text = format!("{SMALL}bear:\n  den B1\n  path left down right up\n");
    let plan = Plan::parse(&text).expect("a plan with a bear");
    let bear = plan.bear.as_ref().unwrap();
    assert_eq!(bear.den, at("B1"));
    assert_eq!(bear.path, [Dir::Left, Dir::Down, Dir::Right, Dir::Up]);
    assert_eq!(plan.to_text(), text);
    let found = en(&format!("{SMALL}bear:\n  path north\n"));
    assert!(found.contains("\"north\" is not a direction"), "{found}");
    assert!(found.contains("den C3"), "no den: {found}");
}

/// A maze of two levels (docs/labyrinth-wiki.md, "3-D mazes"): stairs from C1 and A2 to the level
/// above, a pit cycle from level 2 down, the treasure on level 2.
const LEVELS: &str = include_str!("fixtures/plans/levels.plan");

// The encyclopedia's modification 12: levels in the plan format, read and written byte for byte.
#[test]
fn a_maze_of_levels_is_read_and_written() {
    let plan = Plan::parse(LEVELS).expect("a plan of two levels");
    assert_eq!(plan.to_text(), LEVELS);
    let b = &plan.board;
    assert_eq!(b.size().levels, 2);
    assert_eq!(b.cell(at("B1")), Cell::Arsenal);
    assert_eq!(b.cell(at("C1@2")), Cell::Pit(PitId { cycle: 0, place: 1 }));
    assert_eq!(b.cell(at("A2@2")), Cell::Pit(PitId { cycle: 0, place: 2 }));
    assert_eq!(b.side(at("C1"), Dir::Higher), Side::Inner(InnerWall::Open));
    assert_eq!(b.side(at("C1@2"), Dir::Lower), Side::Inner(InnerWall::Open));
    assert_eq!(b.side(at("B1"), Dir::Higher), Side::Inner(InnerWall::Wall));
    assert_eq!(b.side(at("B1@2"), Dir::Higher), Side::Border(Border::Wall));
    assert_eq!(b.side(at("C1"), Dir::Right), Side::Border(Border::Exit));
    assert_eq!(b.side(at("C1@2"), Dir::Right), Side::Border(Border::Wall));
    assert_eq!(b.side(at("A1@2"), Dir::Down), Side::Inner(InnerWall::Wall));
    assert_eq!(
        plan.items,
        vec![PlacedItem {
            at: at("B2@2"),
            item: Item::Treasure,
            count: 1
        }]
    );
}

// The encyclopedia's modification 12: each level under its own `level N`, stairs below the top.
#[test]
fn a_maze_of_levels_says_what_is_wrong_with_its_drawing() {
    let unlabelled = LEVELS.replace("level 2\n", "");
    let text = en(&unlabelled);
    assert!(text.contains("level 2 is missing"), "{text}");
    assert!(ru(&unlabelled).contains("уровня 2"));
    let swapped = LEVELS
        .replace("level 1\n", "level X\n")
        .replace("level 2\n", "level 1\n");
    assert!(
        en(&swapped).contains("level 1 is missing"),
        "{}",
        en(&swapped)
    );
    let on_top = LEVELS.replace("  C1 A2\n", "  C1 A2@2\n");
    let text = en(&on_top);
    assert!(
        text.contains("A2@2") && text.contains("highest of 2"),
        "{text}"
    );
    let off = LEVELS.replace("  C1 A2\n", "  C1 A2@3\n");
    assert!(en(&off).contains("A2@3"), "{}", en(&off));
    let short = LEVELS.replace("| a2  .   . |\n", "");
    assert!(en(&short).contains("takes 5 lines"), "{}", en(&short));
    // A flat maze has no level above.
    let flat = format!("{SMALL}stairs:\n  A1\n");
    assert!(en(&flat).contains("highest of 1"), "{}", en(&flat));
    let label = format!("{SMALL}stairs: A1\n");
    assert!(en(&label).contains("after stairs:"), "{}", en(&label));
}
