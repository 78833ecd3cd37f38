//! Ratings through `skillratings`: Glicko-2 for games of two, Weng–Lin (the OpenSkill model) for
//! games of more, both updated after every game.
//!
//! Glicko-2 is the chess-style rating players recognise; it only knows duels. Weng–Lin rates a
//! free-for-all from places alone, which is all a Labyrinth or Saboteur outcome reliably says.
//!
//! Shown numbers: Glicko-2 shows its rating rounded (1500 to start). Weng–Lin shows the
//! conservative estimate `mu - 3 sigma`, times 60 and rounded, never below 0: a newcomer shows 0
//! (25 − 3 × 25/3) and climbs as games make the rating surer, and a settled average player
//! (mu 25, sigma near 0) shows about 1500, the same range as Glicko-2.

use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::session::game::Outcome;

/// The factor from Weng–Lin's scale (mu 25) to the shown one (1500).
const WENG_LIN_SCALE: f64 = 60.0;

/// A player's rating in one of the two systems, stored as plain numbers.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "kebab-case")]
pub enum Rating {
    /// Glicko-2, for games of two.
    Glicko2 {
        /// The rating (1500 to start).
        rating: f64,
        /// The rating deviation (350 to start): how unsure the rating is.
        deviation: f64,
        /// The volatility (0.06 to start): how erratic the player's results are.
        volatility: f64,
    },
    /// Weng–Lin, for games of more.
    WengLin {
        /// The mean skill (25 to start).
        mu: f64,
        /// The uncertainty of the skill (25/3 to start).
        sigma: f64,
    },
}

impl Rating {
    /// A newcomer's rating in the system for games of two or of more.
    pub fn initial(two_player: bool) -> Rating {
        if two_player {
            Rating::from(Glicko2Rating::new())
        } else {
            Rating::from(WengLinRating::new())
        }
    }

    /// The number a leaderboard shows (see the module for the Weng–Lin scale).
    pub fn display(&self) -> i64 {
        match *self {
            Rating::Glicko2 { rating, .. } => rating.round() as i64,
            Rating::WengLin { mu, sigma } => {
                ((mu - 3.0 * sigma) * WENG_LIN_SCALE).max(0.0).round() as i64
            }
        }
    }

    /// As Glicko-2; a Weng–Lin rating counts as a newcomer's.
    fn glicko2(&self) -> Glicko2Rating {
        match *self {
            Rating::Glicko2 {
                rating,
                deviation,
                volatility,
            } => Glicko2Rating {
                rating,
                deviation,
                volatility,
            },
            Rating::WengLin { .. } => Glicko2Rating::new(),
        }
    }

    /// As Weng–Lin; a Glicko-2 rating counts as a newcomer's.
    fn weng_lin(&self) -> WengLinRating {
        match *self {
            Rating::WengLin { mu, sigma } => WengLinRating {
                rating: mu,
                uncertainty: sigma,
            },
            Rating::Glicko2 { .. } => WengLinRating::new(),
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating::Glicko2 {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<WengLinRating> for Rating {
    fn from(r: WengLinRating) -> Self {
        Rating::WengLin {
            mu: r.rating,
            sigma: r.uncertainty,
        }
    }
}

/// The seats' ratings after `outcome`, by seat: Glicko-2 when `two_player` (the better place wins,
/// equal places draw), else Weng–Lin on the places (ties share a rank). A rating of the other
/// system counts as a newcomer's. An outcome whose seats do not match the ratings (or a
/// two-player game without two seats) changes nothing.
pub fn rate(two_player: bool, ratings: &[Rating], outcome: &Outcome) -> Vec<Rating> {
    if outcome.seats.len() != ratings.len() || (two_player && ratings.len() != 2) {
        return ratings.to_vec();
    }
    if two_player {
        duel(ratings, outcome)
    } else {
        free_for_all(ratings, outcome)
    }
}

/// Glicko-2 for one game of two.
fn duel(ratings: &[Rating], outcome: &Outcome) -> Vec<Rating> {
    let result = match outcome.seats[0].place.cmp(&outcome.seats[1].place) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
    };
    let (a, b) = glicko2(
        &ratings[0].glicko2(),
        &ratings[1].glicko2(),
        &result,
        &Glicko2Config::new(),
    );
    vec![a.into(), b.into()]
}

/// Weng–Lin for one game of any size, each seat a team of one.
fn free_for_all(ratings: &[Rating], outcome: &Outcome) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> = ratings.iter().map(|r| [r.weng_lin()]).collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(&outcome.seats)
        .map(|(t, s)| (&t[..], MultiTeamOutcome::new(s.place as usize)))
        .collect();
    weng_lin_multi_team(&ranked, &WengLinConfig::new())
        .into_iter()
        .zip(ratings)
        .map(|(team, old)| team.first().map_or(*old, |&r| r.into()))
        .collect()
}
