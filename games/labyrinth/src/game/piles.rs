//! What lies on the cells of a maze, kept only for the cells where something lies: most cells hold
//! nothing, and an idle game stays in memory between turns (a pile per cell took about 2 KB of a
//! game of 6×5). Saved as before, a pile per cell.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::state::Pile;

/// The pile of a cell where nothing lies.
static NOTHING: Pile = Pile {
    treasures: Vec::new(),
    bullets: 0,
    grenades: 0,
    mines: 0,
    armed: 0,
    corpses: Vec::new(),
};

/// The piles of a board's cells, by the cell's index (row-major, as `Size::index` numbers them).
#[derive(Clone, Debug, Default)]
pub(super) struct Piles {
    /// How many cells the board has.
    area: usize,
    /// The cells something lay on at some time, by index, ascending.
    held: Vec<(usize, Pile)>,
}

impl Piles {
    /// Nothing on any of `area` cells.
    pub(super) fn new(area: usize) -> Piles {
        Piles { area, held: vec![] }
    }

    /// What lies on a cell.
    pub(super) fn get(&self, index: usize) -> &Pile {
        match self.held.binary_search_by_key(&index, |(i, _)| *i) {
            Ok(at) => &self.held[at].1,
            Err(_) => &NOTHING,
        }
    }

    /// What lies on a cell, to change.
    pub(super) fn get_mut(&mut self, index: usize) -> &mut Pile {
        debug_assert!(index < self.area, "cell {index} of {}", self.area);
        let at = match self.held.binary_search_by_key(&index, |(i, _)| *i) {
            Ok(at) => at,
            Err(at) => {
                self.held.insert(at, (index, Pile::default()));
                at
            }
        };
        &mut self.held[at].1
    }

    /// Every pile where something lies, or lay.
    pub(super) fn iter(&self) -> impl Iterator<Item = &Pile> {
        self.held.iter().map(|(_, pile)| pile)
    }

    fn nonempty(&self) -> impl Iterator<Item = &(usize, Pile)> {
        self.held.iter().filter(|(_, pile)| !pile.is_empty())
    }
}

/// Equal when the same things lie on the same cells, however they came to be kept.
impl PartialEq for Piles {
    fn eq(&self, other: &Piles) -> bool {
        self.area == other.area && self.nonempty().eq(other.nonempty())
    }
}

impl Eq for Piles {}

impl Serialize for Piles {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((0..self.area).map(|i| self.get(i)))
    }
}

impl<'de> Deserialize<'de> for Piles {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Piles, D::Error> {
        let dense = Vec::<Pile>::deserialize(d)?;
        let area = dense.len();
        let held = (dense.into_iter().enumerate())
            .filter(|(_, pile)| !pile.is_empty())
            .collect();
        Ok(Piles { area, held })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pile_changed_is_kept_and_the_rest_are_nothing() {
        let mut piles = Piles::new(30);
        piles.get_mut(7).bullets = 2;
        piles.get_mut(3).mines = 1;
        assert_eq!(piles.get(7).bullets, 2);
        assert_eq!(piles.get(3).mines, 1);
        assert!(piles.get(4).is_empty());
        assert_eq!(piles.iter().count(), 2);
    }

    #[test]
    fn saved_as_a_pile_per_cell_and_read_back_equal() {
        let mut piles = Piles::new(5);
        piles.get_mut(2).grenades = 3;
        let text = serde_json::to_string(&piles).unwrap();
        assert_eq!(text, r#"[{},{},{"grenades":3},{},{}]"#);
        let back: Piles = serde_json::from_str(&text).unwrap();
        assert_eq!(back, piles);
    }

    #[test]
    fn a_pile_emptied_again_equals_one_never_touched() {
        let mut touched = Piles::new(4);
        touched.get_mut(1).armed = 1;
        touched.get_mut(1).armed = 0;
        assert_eq!(touched, Piles::new(4));
        let mut other = Piles::new(4);
        other.get_mut(1).armed = 1;
        assert_ne!(other, Piles::new(4));
        assert_ne!(Piles::new(3), Piles::new(4));
    }
}
