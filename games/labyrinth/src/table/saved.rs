//! How a Labyrinth table is saved: its fields as they are, but the rules once. Once the game is
//! set up they are the game's own and the table's copy is left out (a kilobyte of each saved state
//! otherwise, read back at every restart); a table saved with both reads as before.

use serde::{Deserialize, Serialize, Serializer};

use crate::game::Game;
use crate::geometry::Coord;
use crate::ruleset::Ruleset;

use super::{Labyrinth, Options, paths, queue};

/// A table as written: borrowed, so saving copies nothing.
#[derive(Serialize)]
struct Written<'a> {
    code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<&'a Ruleset>,
    options: &'a Options,
    plan: &'a Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    early_plan: Option<&'a String>,
    picks: &'a [Option<Coord>],
    game: &'a Option<Game>,
    #[serde(serialize_with = "paths_text")]
    paths: &'a [Vec<Coord>],
    last_moves: &'a [Option<String>],
    #[serde(skip_serializing_if = "Option::is_none")]
    queued: Option<&'a queue::Queues>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chatter_answered: Option<u64>,
}

fn paths_text<S: Serializer>(paths: &&[Vec<Coord>], s: S) -> Result<S::Ok, S::Error> {
    paths::text::serialize(paths, s)
}

impl Serialize for Labyrinth {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let own = self.game.as_ref().map(Game::rules);
        Written {
            code: &self.code,
            rules: Some(&self.rules).filter(|r| own != Some(*r)),
            options: &self.options,
            plan: &self.plan,
            early_plan: self.early_plan.as_ref(),
            picks: &self.picks,
            game: &self.game,
            paths: &self.paths,
            last_moves: &self.last_moves,
            queued: Some(&self.queued).filter(|q| !q.is_empty()),
            chatter_answered: self.chatter_answered,
        }
        .serialize(s)
    }
}

/// A table as read: the rules from the table or, left out, from the game.
#[derive(Deserialize)]
pub(super) struct Read {
    code: String,
    #[serde(default)]
    rules: Option<Ruleset>,
    options: Options,
    plan: Option<String>,
    #[serde(default)]
    early_plan: Option<String>,
    picks: Vec<Option<Coord>>,
    game: Option<Game>,
    #[serde(with = "paths::text")]
    paths: Vec<Vec<Coord>>,
    last_moves: Vec<Option<String>>,
    #[serde(default)]
    queued: queue::Queues,
    #[serde(default)]
    chatter_answered: Option<u64>,
}

impl TryFrom<Read> for Labyrinth {
    type Error = &'static str;

    fn try_from(r: Read) -> Result<Labyrinth, &'static str> {
        let rules = match (r.rules, &r.game) {
            (Some(rules), _) => rules,
            (None, Some(game)) => game.rules().clone(),
            (None, None) => return Err("a Labyrinth table saved without its rules"),
        };
        Ok(Labyrinth {
            code: r.code,
            rules,
            options: r.options,
            plan: r.plan,
            early_plan: r.early_plan,
            picks: r.picks,
            game: r.game,
            paths: r.paths,
            last_moves: r.last_moves,
            queued: r.queued,
            chatter_answered: r.chatter_answered,
        })
    }
}
