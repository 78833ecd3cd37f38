//! Why no cylinder can be composed: a board the generator does not build, or a number of players it
//! is not meant for. The words are in `config/locales/*/cylinder.ftl` (`cylinder-generate-*`).

use crate::geometry::Size;
use bot_core::args;
use bot_core::i18n::{Lang, Localize};

use super::{MAX_GEN_PLAYERS, MAX_GEN_SIDE, MIN_GEN_SIDE};

/// Why the generator refused to compose a cylinder.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CylGenerateError {
    /// A board of several levels (or none): the cylinder is one ring of rows.
    #[error("{}", self.localize(Lang::En))]
    NotFlat {
        /// The size asked for.
        size: Size,
    },
    /// A side shorter than [`MIN_GEN_SIDE`] or longer than [`MAX_GEN_SIDE`].
    #[error("{}", self.localize(Lang::En))]
    Side {
        /// The size asked for.
        size: Size,
    },
    /// No players, or more than [`MAX_GEN_PLAYERS`].
    #[error("{}", self.localize(Lang::En))]
    Players {
        /// The number asked for.
        players: u32,
    },
}

impl Localize for CylGenerateError {
    fn localize(&self, lang: Lang) -> String {
        let m = crate::locale::messages(lang);
        match *self {
            CylGenerateError::NotFlat { size } => m.text(
                "cylinder-generate-not-flat",
                args![("size", size.to_string())],
            ),
            CylGenerateError::Side { size } => m.text(
                "cylinder-generate-side",
                args![
                    ("size", size.to_string()),
                    ("min", u32::from(MIN_GEN_SIDE)),
                    ("max", u32::from(MAX_GEN_SIDE)),
                ],
            ),
            CylGenerateError::Players { players } => m.text(
                "cylinder-generate-players",
                args![("players", players), ("max", MAX_GEN_PLAYERS)],
            ),
        }
    }
}

/// Refuses what the generator does not compose, so that every attempt has room to succeed.
pub(super) fn precheck(size: Size, players: u32) -> Result<(), CylGenerateError> {
    if size.levels != 1 {
        return Err(CylGenerateError::NotFlat { size });
    }
    let side = |n: u8| (MIN_GEN_SIDE..=MAX_GEN_SIDE).contains(&n);
    if !side(size.width) || !side(size.height) {
        return Err(CylGenerateError::Side { size });
    }
    if !(1..=MAX_GEN_PLAYERS).contains(&players) {
        return Err(CylGenerateError::Players { players });
    }
    Ok(())
}
