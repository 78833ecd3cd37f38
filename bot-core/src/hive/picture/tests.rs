//! Pixel tests of the Hive board picture. Run `cargo test -p bot-core --lib hive::picture`;
//! `GM_SCREENSHOTS=docs` also writes the midgame sample to `docs/hive-board.png`.

use tiny_skia::{Pixmap, Point};

use super::layout::Layout;
use super::render;
use super::*;
use crate::draw::Rgb;
use crate::hive::{Bug, Color};

fn piece(name: &str) -> Piece {
    name.parse().expect("a piece name")
}

fn stack(q: i32, r: i32, names: &[&str]) -> (Hex, Vec<Piece>) {
    (Hex::new(q, r), names.iter().map(|n| piece(n)).collect())
}

/// A game well under way: a black beetle just climbed onto a white grasshopper, and White is
/// choosing where to move a beetle (two empty cells and two pieces to climb).
fn midgame() -> BoardView {
    BoardView {
        stacks: vec![
            stack(0, 0, &["wS1"]),
            stack(1, 0, &["bS1"]),
            stack(-1, 1, &["wQ"]),
            stack(2, -1, &["bQ"]),
            stack(0, 1, &["wA1"]),
            stack(1, -1, &["wG1", "bB1"]),
            stack(3, -1, &["bA1"]),
            stack(-1, 0, &["wB1"]),
            stack(-2, 1, &["wG2"]),
            stack(2, 0, &["bG1"]),
            stack(-1, 2, &["wA2"]),
            stack(3, -2, &["bA2"]),
            stack(1, 1, &["bS2"]),
        ],
        last: Some((Some(Hex::new(2, -2)), Hex::new(1, -1))),
        marks: vec![
            (Hex::new(0, -1), "a".into()),
            (Hex::new(-2, 0), "b".into()),
            (Hex::new(0, 0), "c".into()),
            (Hex::new(-1, 1), "d".into()),
        ],
        selected: Some(Hex::new(-1, 0)),
    }
}

#[test]
fn hive_picture_midgame_sample() {
    let png = board_png(&midgame());
    let pm = Pixmap::decode_png(&png).expect("a valid PNG");
    assert!(pm.width() > 100 && pm.height() > 100);
    match std::env::var("GM_SCREENSHOTS") {
        Ok(dir) if !dir.is_empty() => {
            let d = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("..")
                .join(dir);
            std::fs::create_dir_all(&d).expect("the screenshots' directory");
            std::fs::write(d.join("hive-board.png"), &png).expect("write hive-board.png");
        }
        _ => {}
    }
}
