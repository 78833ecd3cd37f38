//! The maze picture through the public API, as the bot and `gm plan render` use it.

use labyrinth::render::{Overlay, PlayerTrack, render, render_png};
use labyrinth::{Board, Border, Cell, Coord, Dir, Item, PlacedItem, Size};
use tiny_skia::Pixmap;

fn board(w: u8, h: u8) -> Board {
    Board::new(Size::new(w, h).expect("test sizes are valid"))
}

fn decode(png: &[u8]) -> Pixmap {
    Pixmap::decode_png(png).expect("render_png makes a valid PNG")
}

#[test]
fn every_board_size_fits_a_phone_photo() {
    for (w, h) in [
        (1, 1),
        (1, 26),
        (5, 4),
        (12, 10),
        (20, 20),
        (21, 21),
        (26, 26),
    ] {
        let pm = decode(&render_png(&board(w, h), &[], &Overlay::default()));
        assert!(pm.width() <= 2000 && pm.height() <= 2000, "{w}x{h}");
        // Room for every cell at a size a phone shows clearly.
        assert!(pm.width() >= 64 * u32::from(w), "{w}x{h}");
        assert!(pm.height() >= 64 * u32::from(h), "{w}x{h}");
    }
}

#[test]
fn a_wider_board_gives_a_wider_picture() {
    let narrow = decode(&render_png(&board(8, 6), &[], &Overlay::default()));
    let wide = decode(&render_png(&board(9, 6), &[], &Overlay::default()));
    assert!(wide.width() > narrow.width());
    assert_eq!(wide.height(), narrow.height());
}

// Kodex Б §4, §5, §1.4: a maze with everything on it, and players with names in any script.
#[test]
fn a_full_end_of_game_picture_draws() {
    let mut b = board(6, 5);
    b.set_cell(Coord::new(1, 1), Cell::River(Dir::Down));
    b.set_cell(Coord::new(1, 2), Cell::Mouth);
    b.set_cell(Coord::new(3, 3), Cell::Encephalitis);
    b.set_border(Coord::new(0, 0), Dir::Left, Border::Exit);
    b.set_border(Coord::new(5, 4), Dir::Down, Border::ClosedExit);
    let items: Vec<PlacedItem> = Item::ALL
        .into_iter()
        .map(|item| PlacedItem {
            at: Coord::new(2, 2),
            item,
            count: 2,
        })
        .collect();
    let path: Vec<Coord> = (0..6).map(|c| Coord::new(c, 0)).rev().collect();
    let overlay = Overlay {
        players: ["Алёна", "Jürgen", "王", "", "🙂🙂"]
            .into_iter()
            .map(|name| PlayerTrack {
                name: name.into(),
                path: path.clone(),
                left_maze: true,
            })
            .collect(),
    };
    let pm = decode(&render_png(&b, &items, &overlay));
    assert_eq!(pm.data(), render(&b, &items, &overlay).data());
    let plain = render(&b, &[], &Overlay::default());
    assert_eq!(pm.width(), plain.width(), "the maze sets the width");
    assert!(
        pm.height() > plain.height(),
        "the legend lists players and items"
    );
}
