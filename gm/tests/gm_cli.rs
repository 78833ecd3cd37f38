//! The `gm plan` and `gm db` commands, run as the real binary on real files.

use std::path::PathBuf;
use std::process::{Command, Output};

use tempfile::TempDir;

const EXAMPLE: &str = include_str!("../../games/labyrinth/tests/fixtures/plans/example.plan");

fn gm(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gm"))
        .args(args)
        .output()
        .expect("gm runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A file in a fresh temporary directory of this test; the directory goes when its guard does.
fn temp_file(test: &str, name: &str, contents: &[u8]) -> (TempDir, PathBuf) {
    let dir = bot_core::testkit::temp_dir(&format!("cli-{test}"));
    let path = dir.path().join(name);
    std::fs::write(&path, contents).unwrap();
    (dir, path)
}

#[test]
fn a_generated_plan_is_reproducible_and_passes_the_check() {
    // Kodex Б §1.1: the computer composes the maze; the same seed gives the same maze.
    let args = [
        "plan",
        "generate",
        "--size",
        "6x5",
        "--players",
        "3",
        "--rules",
        "classic",
        "--seed",
        "7",
    ];
    let first = gm(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(stdout(&first), stdout(&gm(&args)));
    assert!(stdout(&first).starts_with("labyrinth 6x5"));
    assert!(stderr(&first).contains("seed 7"), "{}", stderr(&first));
    let (_dir, plan) = temp_file("generate", "maze.plan", &first.stdout);
    let check = gm(&[
        "plan",
        "check",
        plan.to_str().unwrap(),
        "--rules",
        "classic",
        "--players",
        "3",
    ]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    assert!(
        stdout(&check).starts_with("The plan is valid"),
        "{}",
        stdout(&check)
    );
}

#[test]
fn the_spec_example_is_valid_with_warnings_in_both_languages() {
    // Kodex Б §8: recommendations (а–е) are warnings and do not refuse the plan.
    let (_dir, plan) = temp_file("example", "example.plan", EXAMPLE.as_bytes());
    let en = gm(&["plan", "check", plan.to_str().unwrap()]);
    assert_eq!(en.status.code(), Some(0));
    assert!(stdout(&en).contains("Warnings"), "{}", stdout(&en));
    let ru = gm(&["--lang", "ru", "plan", "check", plan.to_str().unwrap()]);
    assert_eq!(ru.status.code(), Some(0));
    assert!(stdout(&ru).contains("План принят"), "{}", stdout(&ru));
}

#[test]
fn a_plan_breaking_section_8_is_refused_with_every_problem() {
    // Kodex Б §8.2–§8.3: no arsenal, and a river flowing into land.
    let broken = EXAMPLE
        .replace("| .   .   A | .   M |", "| .   .   . | .   M |")
        .replace("C3 treasure", "C3 fake");
    let (_dir, plan) = temp_file("broken", "broken.plan", broken.as_bytes());
    let out = gm(&["plan", "check", plan.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("arsenal"), "{text}");
    assert!(text.contains("true treasure"), "{text}");
}

#[test]
fn a_plan_with_bad_syntax_is_refused_with_its_lines() {
    // plan spec: Errors — every problem with its line and cell.
    let broken = EXAMPLE.replace("| M   .   U   <   < |", "| M   .   X   <   < |");
    let (_dir, plan) = temp_file("syntax", "syntax.plan", broken.as_bytes());
    let out = gm(&["plan", "check", plan.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("line 9, C4"), "{}", stdout(&out));
}

#[test]
fn binary_missing_and_huge_files_get_clear_errors() {
    let (_dir, binary) = temp_file("binary", "junk.plan", &[0, 159, 146, 150, 1, 2, 3]);
    let out = gm(&["plan", "check", binary.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stdout(&out).is_empty());
    let missing = gm(&["plan", "check", "/nonexistent/maze.plan"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("Cannot read /nonexistent/maze.plan"),
        "{}",
        stderr(&missing)
    );
    let (_huge_dir, huge) = temp_file("huge", "huge.plan", &vec![b'.'; 70 * 1024]);
    let out = gm(&["plan", "check", huge.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("larger than 64 KB"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn unknown_rulesets_and_impossible_sizes_are_explained() {
    let out = gm(&["plan", "generate", "--rules", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("classic, quantum"),
        "{}",
        stderr(&out)
    );
    let out = gm(&["plan", "generate", "--size", "1x1", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).is_empty());
    let out = gm(&["plan", "generate", "--size", "30x5"]);
    assert_eq!(out.status.code(), Some(2), "clap refuses a size over 26");
}

#[test]
fn render_writes_a_png_of_the_plan() {
    // Kodex Б §8: the revealed maze as a picture.
    let (_dir, plan) = temp_file("render", "example.plan", EXAMPLE.as_bytes());
    let png = plan.with_file_name("example.png");
    let out = gm(&[
        "plan",
        "render",
        plan.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let pixmap = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    assert!(pixmap.width() > 5 * 40 && pixmap.height() > 4 * 40);
}

#[test]
fn a_reader_that_stops_early_ends_gm_quietly() {
    // `gm plan check maze.plan | head -1`, with the reader gone before gm writes a word.
    let (_dir, plan) = temp_file("pipe", "example.plan", EXAMPLE.as_bytes());
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_gm"))
        .args(["plan", "check", plan.to_str().unwrap()])
        .stdout(writer)
        .output()
        .expect("gm runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn hive_perft_counts_mzingas_table_and_the_books_opening() {
    // Hive: «Как играть» — Mzinga's perft from the start, tournament opening; by the book the
    // queen may also come first, one more kind of piece for each side's first placement.
    let out = gm(&["hive", "perft", "3", "--tournament"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "depth 1: 4\ndepth 2: 96\ndepth 3: 1440\n");
    let book = gm(&["hive", "perft", "2"]);
    assert!(book.status.success(), "{}", stderr(&book));
    assert_eq!(stdout(&book), "depth 1: 5\ndepth 2: 150\n");
}

#[test]
fn gm_db_stats_and_prune_show_and_shrink_a_database_of_the_previous_version() {
    let fixture = std::fs::read("../bot-core/tests/fixtures/db-0007.sqlite").unwrap();
    let (_dir, db) = temp_file("db", "gm.sqlite", &fixture);
    let db = db.to_str().unwrap();

    let stats = gm(&["db", "stats", "--db", db]);
    assert!(stats.status.success(), "{}", stderr(&stats));
    let text = stdout(&stats);
    assert!(text.contains("games: 1 playing"), "{text}");
    assert!(text.contains("messages: 2 unsent"), "{text}");
    assert!(text.contains("8 sent kept"), "{text}");
    assert!(text.contains("pictures: 3 stored"), "{text}");
    assert!(text.contains("auto-vacuum incremental"), "{text}");

    let prune = gm(&["db", "prune", "--db", db]);
    assert!(prune.status.success(), "{}", stderr(&prune));
    let text = stdout(&prune);
    // The fixture's messages went long ago; the two unsent ones stay, with the picture of one.
    assert!(text.contains("deleted: 8 sent messages"), "{text}");
    assert!(text.contains("2 pictures"), "{text}");
    let text = stdout(&gm(&["db", "stats", "--db", db]));
    assert!(text.contains("messages: 2 unsent"), "{text}");
    assert!(text.contains("0 sent kept"), "{text}");
    assert!(text.contains("pictures: 1 stored"), "{text}");
}

#[test]
fn gm_db_refuses_a_missing_file_without_making_one() {
    let dir = bot_core::testkit::temp_dir("cli-db-missing");
    let path = dir.path().join("typo.sqlite");
    let out = gm(&["db", "stats", "--db", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("there is no database"),
        "{}",
        stderr(&out)
    );
    assert!(!path.exists());
}

/// `gm db copy` moves an installation into an empty PostgreSQL database, which `gm db stats` then
/// reads as it read the file; a second copy into it is refused and changes nothing.
#[test]
fn gm_db_copy_moves_a_file_into_postgresql_and_refuses_a_used_database() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let Some(pg) = runtime.block_on(bot_core::testkit::postgres("cli-db-copy")) else {
        return;
    };
    let fixture = std::fs::read("../bot-core/tests/fixtures/db-0007.sqlite").unwrap();
    let (_dir, db) = temp_file("db-copy", "gm.sqlite", &fixture);
    let from = format!("sqlite://{}", db.display());
    let to = pg.url();
    let copy = gm(&["db", "copy", "--from", &from, "--to", &to]);
    assert!(copy.status.success(), "{}", stderr(&copy));
    assert!(stdout(&copy).contains("copied"), "{}", stdout(&copy));
    assert!(stderr(&copy).contains("games: 1 rows"), "{}", stderr(&copy));
    let text = stdout(&gm(&["db", "stats", "--db", &to]));
    assert!(text.contains("(PostgreSQL)"), "{text}");
    assert!(text.contains("games: 1 playing"), "{text}");
    assert!(text.contains("messages: 2 unsent"), "{text}");
    assert!(text.contains("pictures: 3 stored"), "{text}");
    let again = gm(&["db", "copy", "--from", &from, "--to", &to]);
    assert!(!again.status.success());
    assert!(stderr(&again).contains("not empty"), "{}", stderr(&again));
    let text = stdout(&gm(&["db", "stats", "--db", &to]));
    assert!(text.contains("games: 1 playing"), "{text}");
}
