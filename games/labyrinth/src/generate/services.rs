//! Arsenals and hospitals (Kodex Б §4.2–4.3), treasures (§3.1), encephalitis (§4.7) and the mines
//! a quantum master lays (Kodex В §5.7).

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::board::Cell;
use crate::geometry::Coord;
use crate::item::{Item, PlacedItem};

use super::draft::{Draft, distance};
use super::quota::Quota;

/// Chance that the first encephalitis cell guards the true treasure (Kodex Б §8 д).
const GUARD: f64 = 0.5;

/// Places arsenals, hospitals, the treasures and encephalitis; `None` if the agreed counts of
/// services or treasures did not fit.
pub(super) fn place(d: &mut Draft, q: &Quota, rng: &mut ChaCha8Rng) -> Option<()> {
    place_services(d, Cell::Arsenal, Cell::Hospital, q.arsenals, rng)?;
    place_services(d, Cell::Hospital, Cell::Arsenal, q.hospitals, rng)?;
    place_treasures(d, q.fakes, rng)?;
    place_encephalitis(d, q.encephalitis, rng);
    Some(())
}

/// `n` cells of type `kind`, spread out and, where possible, not next to any cell of type `apart`
/// (Kodex Б §8 б: a hospital next to an arsenal makes a cyclic stalemate).
fn place_services(
    d: &mut Draft,
    kind: Cell,
    apart: Cell,
    n: u32,
    rng: &mut ChaCha8Rng,
) -> Option<()> {
    for _ in 0..n {
        let same = cells_of(d, |cell| cell == kind);
        let spread = |c: Coord| nearest(&same, c);
        let away = |d: &Draft, c: Coord| {
            d.is_free(c) && d.neighbours(c).all(|(_, n)| d.board.cell(n) != apart)
        };
        let c = d
            .pick_best(rng, away, spread)
            .or_else(|| d.pick_best(rng, |d, c| d.is_free(c), spread))?;
        d.board.set_cell(c, kind);
    }
    Some(())
}

/// The true treasure deep inside, then `fakes` false ones spread over the land (Kodex Б §3.1).
fn place_treasures(d: &mut Draft, fakes: u32, rng: &mut ChaCha8Rng) -> Option<()> {
    let size = d.size();
    let depth = |c: Coord| {
        let (w, h) = (size.width - 1, size.height - 1);
        u32::from(c.col.min(c.row).min(w - c.col).min(h - c.row))
    };
    let free = |d: &Draft, c: Coord| d.is_free(c);
    for k in 0..=fakes {
        let placed: Vec<Coord> = d.items.iter().map(|i| i.at).collect();
        // Deep cells leave the border free for exits (Kodex Б §8 е); fakes also keep apart.
        let c = d.pick_best(rng, free, |c| depth(c) + nearest(&placed, c).min(4))?;
        let item = if k == 0 { Item::Treasure } else { Item::Fake };
        let i = d.idx(c);
        d.treasure[i] = true;
        d.items.push(PlacedItem {
            at: c,
            item,
            count: 1,
        });
    }
    Some(())
}

/// Up to `n` encephalitis cells, the first often next to the true treasure.
fn place_encephalitis(d: &mut Draft, n: u32, rng: &mut ChaCha8Rng) {
    let fits = |d: &Draft, c: Coord| d.is_free(c) && !d.chain[d.idx(c)];
    let guard = d.items.first().map(|t| t.at);
    for k in 0..n {
        let spot = match guard {
            Some(t) if k == 0 && rng.random_bool(GUARD) => {
                d.pick(rng, |d, c| fits(d, c) && distance(c, t) == 1)
            }
            _ => None,
        };
        let ticks = cells_of(d, |cell| cell == Cell::Encephalitis);
        let Some(c) = spot.or_else(|| d.pick_best(rng, fits, |c| nearest(&ticks, c))) else {
            return;
        };
        d.board.set_cell(c, Cell::Encephalitis);
    }
}

/// Kodex В §5.7: unarmed mines on land and arsenals, none under a treasure.
pub(super) fn place_mines(d: &mut Draft, q: &Quota, rng: &mut ChaCha8Rng) {
    let mut mined = vec![false; d.size().area()];
    for _ in 0..q.mines {
        let spot = d.pick(rng, |d, c| {
            let i = d.idx(c);
            matches!(d.board.cell(c), Cell::Land | Cell::Arsenal) && !d.treasure[i] && !mined[i]
        });
        let Some(c) = spot else { return };
        mined[d.idx(c)] = true;
        d.items.push(PlacedItem {
            at: c,
            item: Item::Mine,
            count: 1,
        });
    }
}

/// Every cell whose type satisfies `pred`.
pub(super) fn cells_of(d: &Draft, pred: impl Fn(Cell) -> bool) -> Vec<Coord> {
    d.board
        .cells()
        .filter(|&(_, cell)| pred(cell))
        .map(|(c, _)| c)
        .collect()
}

/// Distance to the nearest of `cells` (large when there are none).
pub(super) fn nearest(cells: &[Coord], c: Coord) -> u32 {
    cells
        .iter()
        .map(|&o| distance(o, c))
        .min()
        .unwrap_or(u32::MAX / 2)
}
