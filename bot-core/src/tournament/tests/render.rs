use crate::tournament::render::{Labels, number, render};
use crate::tournament::standings::Row;

fn row(rank: usize, player: usize, points: f64) -> Row {
    Row {
        rank,
        player,
        points,
        games: 3,
        wins: 1,
        draws: 1,
        losses: 1,
        buchholz: 4.5,
        sonneborn_berger: 2.25,
        ..Row::default()
    }
}

#[test]
fn numbers_drop_needless_decimals() {
    assert_eq!(number(3.0), "3");
    assert_eq!(number(10.0), "10");
    assert_eq!(number(2.5), "2.5");
    assert_eq!(number(1.25), "1.25");
    assert_eq!(number(0.0), "0");
    assert_eq!(number(-0.0), "0");
    assert_eq!(number(-1.0), "-1");
}

#[test]
fn two_player_table() {
    let names = vec!["Алиса".to_string(), "Bartholomew the Great".to_string()];
    let rows = vec![row(1, 1, 2.5), row(1, 0, 2.5)];
    let text = render(&rows, &names, &Labels::default(), true, 8);
    // Names cut to 8 characters (Cyrillic counted as one each), numbers right-aligned.
    let expected = "\
# Player   G W D L Pts  BH   SB
1 Barthol… 3 1 1 1 2.5 4.5 2.25
1 Алиса    3 1 1 1 2.5 4.5 2.25
";
    assert_eq!(text, expected);
}

#[test]
fn multiplayer_table_with_the_callers_headings() {
    let labels = Labels {
        rank: "М".to_string(),
        name: "Игрок".to_string(),
        games: "И".to_string(),
        firsts: "1-е".to_string(),
        points: "Очки".to_string(),
        ..Labels::default()
    };
    let rows = vec![
        Row {
            rank: 1,
            player: 0,
            points: 12.0,
            games: 4,
            firsts: 3,
            ..Row::default()
        },
        Row {
            rank: 2,
            player: 1,
            points: 3.0,
            games: 4,
            firsts: 1,
            ..Row::default()
        },
    ];
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let expected = "\
М Игрок И 1-е Очки
1 Ann   4   3   12
2 Bob   4   1    3
";
    assert_eq!(render(&rows, &names, &labels, false, 16), expected);
}
