//! The evaluation: how good a position is for the side to move, in hundredths of a piece.
//!
//! Read only through the game's public questions (where each piece lies, what tops a cell, how
//! many cells around a queen are taken). What it weighs:
//!
//! - each queen's ring (Hive: «Конец игры»): how many of her six cells are taken, growing
//!   steeply towards the fifth, and by whom — an opposing piece that cannot move away weighs
//!   most, a friend that can step off weighs least; an opposing beetle on top of her weighs
//!   extra, for she cannot move and the cell counts as taken; a queen free to slide away is
//!   safer; each of her empty cells that an opposing free piece could fill next move counts
//!   too, the last one most (a threat of defeat), and opposing pieces drawing near;
//! - mobility: every piece that can move now counts for its side by its kind, while one held
//!   down by the one-hive rule (Hive: «Правило единого улья»), wedged in so it cannot slide
//!   (Hive: «Как передвигаться») or covered by a beetle (Hive: «Жук») counts against it; before
//!   a side's queen is on the table none of its pieces moves (Hive: «Перемещение фишки»);
//! - pieces in hand, which may still come in where they are needed;
//! - the expansion pieces by their ways (Hive rules): a mosquito is as free as the creatures it
//!   touches allow, a ladybug climbs over anything, a pillbug slides like a queen; a pillbug
//!   (or a mosquito touching one) beside its own queen guards her when it could lift her to an
//!   open cell, and one still in hand with room to come in beside her guards her a little.

use crate::{Bug, Color, Dir, Game, Hex, Piece};

/// A piece that can move now, by kind.
const FREE: [i32; 8] = bug_table([5, 6, 4, 3, 8], [7, 6, 5]);
/// A piece in hand, by kind (the queen is counted by her ring instead).
const HAND: [i32; 8] = bug_table([0, 4, 3, 2, 5], [5, 4, 4]);
/// A piece on the table that cannot move now (pinned, wedged or its queen still in hand).
const STUCK: i32 = -2;
/// A piece under a beetle.
const COVERED: i32 = -8;

/// The ring around a queen by how many of her cells are taken: the fifth cell is one move from
/// defeat.
const RING: [i32; 7] = [0, 20, 50, 100, 200, 400, 0];
/// Per taken cell around a queen, by who holds it.
const NEXT_ENEMY_STUCK: i32 = 45;
const NEXT_ENEMY_FREE: i32 = 30;
const NEXT_FRIEND_STUCK: i32 = 30;
const NEXT_FRIEND_FREE: i32 = 10;
/// An opposing beetle on top of the queen.
const BEETLE_ON_QUEEN: i32 = 90;
/// A queen that can slide away.
const QUEEN_FREE: i32 = 20;
/// Per empty cell around a queen that an opposing free piece could fill with its next move.
const REACH: i32 = 25;
/// The last empty cell around a queen within an opposing piece's reach: defeat threatens.
const THREAT: i32 = 120;
/// Per step closer than [`NEAR`] + 1 of each opposing free piece (ants aside, who go anywhere).
const APPROACH: i32 = 4;
/// How far (in cells) a piece other than an ant counts as near the queen.
const NEAR: u32 = 3;
/// A pillbug (or a mosquito copying one) beside its own queen with an open cell to lift her
/// to (Hive rules, "Pillbug"): she can escape a closing ring.
const PILLBUG_GUARD: i32 = 50;
/// A pillbug still in hand that could come in beside its queen to guard her.
const PILLBUG_IN_HAND: i32 = 20;

/// A table by kind: the base game's queen, beetle, grasshopper, spider and ant, then the
/// mosquito, ladybug and pillbug.
const fn bug_table(base: [i32; 5], expansions: [i32; 3]) -> [i32; 8] {
    [
        base[0],
        base[1],
        base[2],
        base[3],
        base[4],
        expansions[0],
        expansions[1],
        expansions[2],
    ]
}

/// The index of a kind in the tables above.
fn kind(bug: Bug) -> usize {
    match bug {
        Bug::Queen => 0,
        Bug::Beetle => 1,
        Bug::Grasshopper => 2,
        Bug::Spider => 3,
        Bug::Ant => 4,
        Bug::Mosquito => 5,
        Bug::Ladybug => 6,
        Bug::Pillbug => 7,
    }
}

/// What the evaluation knows of each piece.
#[derive(Clone, Copy, Default)]
struct Seen {
    /// Its cell and level, if in play.
    at: Option<(Hex, usize)>,
    /// On top of its stack.
    top: bool,
    /// It can move now.
    free: bool,
}

/// The pieces of the position and which of them can move.
pub(crate) struct Survey {
    pieces: [Seen; Piece::COUNT],
}

impl Survey {
    /// Looks at every piece of `game`.
    pub(crate) fn of(game: &Game) -> Survey {
        let mut pieces = [Seen::default(); Piece::COUNT];
        let mut ground: [Hex; Piece::COUNT] = [Hex::default(); Piece::COUNT];
        let mut ground_piece = [0usize; Piece::COUNT];
        let mut cells = 0;
        for (i, seen) in pieces.iter_mut().enumerate() {
            let p = piece(i);
            seen.at = game.position(p);
            if let Some((hex, level)) = seen.at {
                seen.top = game.top_near(hex) == Some(p);
                if level == 0 {
                    ground[cells] = hex;
                    ground_piece[cells] = i;
                    cells += 1;
                }
            }
        }
        let cut = articulation(&ground[..cells]);
        let queen_in = [pieces[0].at.is_some(), pieces[Piece::PER_SIDE].at.is_some()];
        for (i, seen) in pieces.iter_mut().enumerate() {
            let Some((hex, level)) = seen.at else {
                continue;
            };
            if !seen.top || !queen_in[i / Piece::PER_SIDE] {
                continue;
            }
            // A ground piece alone on its cell may not split the hive; one on a stack never does.
            let alone = level == 0 && game.top_near(hex) == Some(piece(i));
            let pinned = alone && {
                let k = (0..cells).find(|&k| ground_piece[k] == i);
                k.is_some_and(|k| cut >> k & 1 == 1)
            };
            if pinned {
                continue;
            }
            seen.free = match piece(i).bug {
                // Hive: «Кузнечик», «Жук»: they jump or climb out of any ring; Hive rules,
                // "Ladybug": so does she, over the hive.
                Bug::Grasshopper | Bug::Beetle | Bug::Ladybug => true,
                Bug::Queen | Bug::Spider | Bug::Ant | Bug::Pillbug => can_slide_out(game, hex),
                // Hive rules, "Mosquito": a beetle on the hive, else what it touches allows.
                Bug::Mosquito => level > 0 || mosquito_free(game, hex),
            };
        }
        Survey { pieces }
    }

    /// Whether piece `i` can move now.
    fn free(&self, i: usize) -> bool {
        self.pieces[i].free
    }
}

/// The piece with dense index `i`.
fn piece(i: usize) -> Piece {
    Piece::from_index(i).expect("a dense piece index")
}

/// Whether a ground mosquito at `hex` can move: it touches a climber or a jumper, or a walker
/// and has room to slide (Hive rules, "Mosquito").
fn mosquito_free(game: &Game, hex: Hex) -> bool {
    let kinds: Vec<Bug> = hex
        .neighbours()
        .into_iter()
        .filter_map(|n| game.top_near(n).map(|p| p.bug))
        .collect();
    let climbs = |b: &Bug| matches!(b, Bug::Beetle | Bug::Grasshopper | Bug::Ladybug);
    let walks = |b: &Bug| matches!(b, Bug::Queen | Bug::Spider | Bug::Ant | Bug::Pillbug);
    kinds.iter().any(climbs) || (kinds.iter().any(walks) && can_slide_out(game, hex))
}

/// Whether a ground piece at `hex` can make its first slide: some neighbour is empty and exactly
/// one of the two cells beside that step is taken (Hive: «Как передвигаться»).
fn can_slide_out(game: &Game, hex: Hex) -> bool {
    let taken = Dir::ALL.map(|d| game.top_near(hex.to(d)).is_some());
    (0..6).any(|d| !taken[d] && taken[(d + 5) % 6] != taken[(d + 1) % 6])
}

/// The cells (by index into `cells`) whose removal splits the others: Tarjan's articulation
/// points over the ground cells, adjacency by distance.
fn articulation(cells: &[Hex]) -> u32 {
    let n = cells.len();
    if n < 3 {
        return 0;
    }
    let mut adj = [0u32; Piece::COUNT];
    for a in 0..n {
        for b in a + 1..n {
            if cells[a].distance(cells[b]) == 1 {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
        }
    }
    let mut walk = Walk {
        adj: &adj,
        disc: [0; Piece::COUNT],
        low: [0; Piece::COUNT],
        time: 0,
        cut: 0,
    };
    walk.visit(0, usize::MAX);
    walk.cut
}

struct Walk<'a> {
    adj: &'a [u32; Piece::COUNT],
    disc: [u8; Piece::COUNT],
    low: [u8; Piece::COUNT],
    time: u8,
    cut: u32,
}

impl Walk<'_> {
    fn visit(&mut self, u: usize, parent: usize) {
        self.time += 1;
        self.disc[u] = self.time;
        self.low[u] = self.time;
        let mut children = 0;
        let mut rest = self.adj[u];
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if v == parent {
                continue;
            }
            if self.disc[v] == 0 {
                children += 1;
                self.visit(v, u);
                self.low[u] = self.low[u].min(self.low[v]);
                if parent != usize::MAX && self.low[v] >= self.disc[u] {
                    self.cut |= 1 << u;
                }
            } else {
                self.low[u] = self.low[u].min(self.disc[v]);
            }
        }
        if parent == usize::MAX && children > 1 {
            self.cut |= 1 << u;
        }
    }
}

/// The position's worth for the side to move (positive: better for it). Meant for a game in
/// progress; the search scores finished games itself.
pub fn evaluate(game: &Game) -> i32 {
    let survey = Survey::of(game);
    let white = side_score(game, &survey, Color::White);
    let black = side_score(game, &survey, Color::Black);
    match game.to_move() {
        Color::White => white - black,
        Color::Black => black - white,
    }
}

/// One side's material, mobility and queen safety (the danger to its own queen subtracted).
fn side_score(game: &Game, survey: &Survey, color: Color) -> i32 {
    let base = color.index() * Piece::PER_SIDE;
    let mut score = 0;
    for i in base..base + Piece::PER_SIDE {
        let seen = &survey.pieces[i];
        let k = kind(piece(i).bug);
        score += match seen.at {
            None => HAND[k],
            Some(_) if !seen.top => COVERED,
            Some(_) if seen.free => FREE[k],
            Some(_) => STUCK,
        };
    }
    score - queen_danger(game, survey, color)
}

/// How close `color`'s queen is to being surrounded (0 while she is in hand).
fn queen_danger(game: &Game, survey: &Survey, color: Color) -> i32 {
    let queen = Piece::queen(color);
    let Some((at, _)) = game.position(queen) else {
        return 0;
    };
    let mut taken = 0;
    let mut danger = 0;
    for n in at.neighbours() {
        let Some(t) = game.top_near(n) else {
            continue;
        };
        taken += 1;
        let free = survey.free(t.index());
        danger += match (t.color == color, free) {
            (false, false) => NEXT_ENEMY_STUCK,
            (false, true) => NEXT_ENEMY_FREE,
            (true, false) => NEXT_FRIEND_STUCK,
            (true, true) => NEXT_FRIEND_FREE,
        };
    }
    danger += RING[taken];
    match game.top_near(at) {
        Some(t) if t != queen && t.color != color => danger += BEETLE_ON_QUEEN,
        _ => {}
    }
    if survey.free(queen.index()) {
        danger -= QUEEN_FREE;
    }
    if guarded(game, survey, color, at) {
        danger -= PILLBUG_GUARD;
    } else if guard_in_hand(game, survey, color, at) {
        danger -= PILLBUG_IN_HAND;
    }
    // Her empty cells that an opposing free piece could fill with its next move, and the
    // opposing free pieces drawing near.
    let enemy = color.other().index() * Piece::PER_SIDE;
    let attackers = || (enemy..enemy + Piece::PER_SIDE).filter(|&i| survey.free(i));
    let reachable = at
        .neighbours()
        .into_iter()
        .filter(|&x| game.top_near(x).is_none())
        .filter(|&x| attackers().any(|i| reaches(game, survey, i, x, at)))
        .count() as i32;
    danger += REACH * reachable;
    if taken == 5 && reachable > 0 {
        danger += THREAT;
    }
    for i in attackers() {
        let (hex, _) = survey.pieces[i].at.expect("a free piece is in play");
        let d = hex.distance(at);
        if d > 1 && piece(i).bug != Bug::Ant {
            danger += APPROACH * (NEAR + 1).saturating_sub(d) as i32;
        }
    }
    danger
}

/// Whether free piece `i` could move to the empty cell `x` beside the queen at `queen`, as far
/// as a quick look tells: a beetle or queen next to it, a grasshopper in line over pieces, an
/// ant or spider (near enough) where some slide leads in. A ground piece already beside the
/// queen gains nothing by moving round her.
fn reaches(game: &Game, survey: &Survey, i: usize, x: Hex, queen: Hex) -> bool {
    let Some((h, level)) = survey.pieces[i].at else {
        return false;
    };
    if level == 0 && h.distance(queen) == 1 {
        return false;
    }
    let taken = |c: Hex| game.top_near(c).is_some();
    match piece(i).bug {
        Bug::Beetle => h.distance(x) == 1,
        Bug::Queen => h
            .dir_to(x)
            .is_some_and(|d| taken(h.to(d.turned(-1))) != taken(h.to(d.turned(1)))),
        Bug::Grasshopper => Dir::ALL.into_iter().any(|d| {
            let mut c = h.to(d);
            if !taken(c) {
                return false;
            }
            while taken(c) {
                c = c.to(d);
            }
            c == x
        }),
        Bug::Spider => h.distance(x) <= 3 && can_slide_in(game, x),
        Bug::Ant => can_slide_in(game, x),
        Bug::Pillbug => h
            .dir_to(x)
            .is_some_and(|d| taken(h.to(d.turned(-1))) != taken(h.to(d.turned(1)))),
        // Two steps over the hive and one down: within three cells (Hive rules, "Ladybug").
        Bug::Ladybug => h.distance(x) <= 3,
        Bug::Mosquito => h.distance(x) == 1 || can_slide_in(game, x),
    }
}

/// Whether `color`'s queen at `queen` has a pillbug of her side beside her on the ground, or a
/// mosquito there touching a pillbug (Hive rules, "Pillbug", "Mosquito"), that could lift her
/// (uncovered) to an open cell beside it: one with more than two empty neighbours.
fn guarded(game: &Game, survey: &Survey, color: Color, queen: Hex) -> bool {
    if game.top_near(queen) != Some(Piece::queen(color)) {
        return false;
    }
    queen
        .neighbours()
        .into_iter()
        .any(|n| match game.top_near(n) {
            Some(p)
                if p.color == color && survey.pieces[p.index()].at.is_some_and(|a| a.1 == 0) =>
            {
                let powers = match p.bug {
                    Bug::Pillbug => true,
                    Bug::Mosquito => n
                        .neighbours()
                        .into_iter()
                        .any(|m| game.top_near(m).is_some_and(|t| t.bug == Bug::Pillbug)),
                    _ => false,
                };
                powers && has_escape(game, n, queen)
            }
            _ => false,
        })
}

/// Whether a pillbug at `at` could set the queen at `queen` down on an empty cell beside
/// itself that has more than two empty neighbours once she has left (her own cell counted).
fn has_escape(game: &Game, at: Hex, queen: Hex) -> bool {
    at.neighbours()
        .into_iter()
        .filter(|&c| c != queen && game.top_near(c).is_none())
        .any(|c| {
            let open = c
                .neighbours()
                .into_iter()
                .filter(|&x| x == queen || game.top_near(x).is_none())
                .count();
            open > 2
        })
}

/// Whether `color` still has its pillbug in hand and an empty cell beside its queen where it
/// could be placed (touching its own pieces only: Hive: «Положить фишку»).
fn guard_in_hand(game: &Game, survey: &Survey, color: Color, queen: Hex) -> bool {
    if !game.options().game_type.pillbug {
        return false;
    }
    let Some(pillbug) = Piece::new(color, Bug::Pillbug, 1) else {
        return false;
    };
    if survey.pieces[pillbug.index()].at.is_some() {
        return false;
    }
    queen.neighbours().into_iter().any(|c| {
        game.top_near(c).is_none()
            && c.neighbours()
                .into_iter()
                .all(|x| game.top_near(x).is_none_or(|t| t.color == color))
    })
}

/// Whether some piece sliding round the hive could enter the empty cell `x`: from an empty
/// neighbour, with exactly one of the two cells beside the step taken.
fn can_slide_in(game: &Game, x: Hex) -> bool {
    can_slide_out(game, x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new(Options::base(true));
        for m in moves {
            g.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    // Hive: «Правило единого улья» — the middle of a line of three holds the hive together.
    #[test]
    fn the_middle_of_a_line_is_pinned() {
        let line = [Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0)];
        assert_eq!(articulation(&line), 0b010);
        let triangle = [Hex::new(0, 0), Hex::new(1, 0), Hex::new(0, 1)];
        assert_eq!(articulation(&triangle), 0);
    }

    // Hive: «Перемещение фишки» — nothing moves before the queen is in; then only the free.
    #[test]
    fn pieces_move_only_after_the_queen_and_when_not_pinned() {
        let g = game(&["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]);
        let s = Survey::of(&g);
        let ws1 = Piece::new(Color::White, Bug::Spider, 1).unwrap();
        assert!(!s.free(ws1.index()), "wS1 holds the line together");
        assert!(s.free(Piece::queen(Color::White).index()));
        let g = game(&["wS1", "bS1 wS1-", "wG1 -wS1"]);
        let s = Survey::of(&g);
        let wg1 = Piece::new(Color::White, Bug::Grasshopper, 1).unwrap();
        assert!(!s.free(wg1.index()), "White's queen is still in hand");
    }

    #[test]
    fn the_quick_look_at_a_cell_near_the_hive_agrees_with_the_checked_one() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35);
        let mut g = Game::new(Options::default());
        let mut looked = 0;
        while !g.state().is_over() && g.history().len() < 150 {
            for (hex, _) in g.stacks() {
                for n in hex.neighbours().into_iter().chain([hex]) {
                    assert_eq!(g.top_near(n), g.top(n), "{n:?} in {}", g.game_string());
                    looked += 1;
                }
            }
            let moves = g.legal_moves();
            g.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        assert!(looked > 1000);
    }

    // Hive rules, "Pillbug": it may move an adjacent piece — its own queen too — over itself to
    // an empty cell beside it.
    #[test]
    fn a_pillbug_beside_its_queen_with_room_guards_her() {
        let options = Options {
            tournament: false,
            game_type: crate::GameType::MLP,
        };
        let mut g = Game::new(options);
        for m in ["wQ", "bQ -wQ", "wP wQ-"] {
            g.play_str(m).unwrap();
        }
        let s = Survey::of(&g);
        let (white, _) = g.position(Piece::queen(Color::White)).unwrap();
        let (black, _) = g.position(Piece::queen(Color::Black)).unwrap();
        assert!(guarded(&g, &s, Color::White, white));
        assert!(
            !guarded(&g, &s, Color::Black, black),
            "Black has no pillbug in play"
        );
        // Black's pillbug is still in hand, with room beside her queen; White's is in play.
        assert!(guard_in_hand(&g, &s, Color::Black, black));
        assert!(!guard_in_hand(&g, &s, Color::White, white));
        let base = game(&["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]);
        let (queen, _) = base.position(Piece::queen(Color::Black)).unwrap();
        assert!(
            !guard_in_hand(&base, &Survey::of(&base), Color::Black, queen),
            "no pillbug in the base game"
        );
    }

    #[test]
    fn a_fuller_ring_around_ones_queen_is_worse() {
        // Black's pieces gather around White's queen.
        let calm = game(&["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]);
        let pressed = game(&[
            "wS1",
            "bS1 wS1-",
            "wQ -wS1",
            "bQ bS1-",
            "wG1 \\wQ",
            "bA1 bQ/",
            "wG2 /wQ",
            "bA1 \\wS1",
        ]);
        assert_eq!(pressed.to_move(), Color::White);
        let d_calm = queen_danger(&calm, &Survey::of(&calm), Color::White);
        let d_pressed = queen_danger(&pressed, &Survey::of(&pressed), Color::White);
        assert!(d_pressed > d_calm, "{d_pressed} > {d_calm}");
    }
}
