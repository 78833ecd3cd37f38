//! Ratings through `skillratings`: Glicko-2 for games of two, Weng–Lin for games of more.
//!
//! Glicko-2 is the chess-style rating players recognise; it only knows duels. Weng–Lin rates a
//! free-for-all from places alone, which is all the outcome of a game of more reliably says.
//!
//! **Rating periods.** Glicko-2 rates a *rating period* at once (Glickman, "Example of the
//! Glicko-2 system"): each player's games of the period are rated together, against his
//! opponents' ratings as they stood at the period's start ([`rate_period`]). In a tournament a
//! round is one period; outside tournaments every rated game is a period of its own ([`rate`]).
//! A player who plays no game in a period keeps his rating: idle time does not widen the
//! deviation, in a tournament (a bye) or out of one.
//!
//! **Weng–Lin** is `skillratings`' `weng_lin_multi_team` (Weng and Lin's Bradley–Terry model with
//! full pairing: every seat compared with every other, ties sharing a rank), each seat a team of
//! one, with the crate's defaults: μ 25 and σ 25/3 to start, β 25/6, γ = σ/c, κ (the floor of
//! the factor that shrinks σ², the crate's `uncertainty_tolerance`) 10⁻⁶, and no additive
//! dynamics τ between games. The OpenSkill libraries call this model "Bradley–Terry full"; it is
//! not their default, Plackett–Luce. Being an online model, it rates one game at a time: a
//! period's games are rated in order.
//!
//! Shown numbers: Glicko-2 shows its rating rounded (1500 to start). Weng–Lin shows the
//! conservative estimate `mu - 3 sigma`, times 60 and rounded, never below 0: a newcomer shows 0
//! (25 − 3 × 25/3) and climbs as games make the rating surer, and a settled average player
//! (mu 25, sigma near 0) shows about 1500, the same range as Glicko-2.

use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
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

/// The seats' ratings after `outcome`, by seat, the game a rating period of its own: Glicko-2 when
/// `two_player` (the better place wins, equal places draw), else Weng–Lin on the places (ties share
/// a rank). A rating of the other system counts as a newcomer's. An outcome whose seats do not
/// match the ratings (or a two-player game without two seats) changes nothing.
pub fn rate(two_player: bool, ratings: &[Rating], outcome: &Outcome) -> Vec<Rating> {
    let game = PeriodGame {
        seats: (0..ratings.len()).collect(),
        outcome,
    };
    rate_period(two_player, ratings, &[game])
        .into_iter()
        .zip(ratings)
        .map(|(after, before)| after.map_or(*before, |(r, _)| r))
        .collect()
}

/// One game of a rating period: its players by seat, as indices into the period's ratings, and
/// how it ended.
#[derive(Clone, Debug)]
pub struct PeriodGame<'a> {
    /// The players by seat (indices into the ratings of [`rate_period`]).
    pub seats: Vec<usize>,
    /// The game's result, by seat.
    pub outcome: &'a Outcome,
}

/// Every player's rating after one rating period (see the module), with the games he was rated
/// in; `None` for a player rated in none, whose rating stays. `start` holds the ratings at the
/// period's start.
///
/// Glicko-2 (`two_player`) rates each player's games of the period at once against the
/// opponents' ratings at the start. Weng–Lin rates the games one after another in the order
/// given. A game whose outcome does not match its seats (or a two-player game without two seats,
/// or a player twice) is not rated.
pub fn rate_period(
    two_player: bool,
    start: &[Rating],
    games: &[PeriodGame],
) -> Vec<Option<(Rating, u32)>> {
    let valid = |g: &&PeriodGame| {
        let mut seats = g.seats.clone();
        seats.sort_unstable();
        seats.dedup();
        g.outcome.seats.len() == g.seats.len()
            && seats.len() == g.seats.len()
            && g.seats.iter().all(|&p| p < start.len())
            && if two_player {
                g.seats.len() == 2
            } else {
                g.seats.len() >= 2
            }
    };
    let games: Vec<&PeriodGame> = games.iter().filter(valid).collect();
    let mut played = vec![0u32; start.len()];
    for g in &games {
        for &p in &g.seats {
            played[p] += 1;
        }
    }
    let after = if two_player {
        glicko2_period(start, &games)
    } else {
        weng_lin_period(start, &games)
    };
    after
        .into_iter()
        .zip(played)
        .map(|(r, n)| (n > 0).then_some((r, n)))
        .collect()
}

/// Glicko-2 over a period: for each player, his results against the others' starting ratings.
fn glicko2_period(start: &[Rating], games: &[&PeriodGame]) -> Vec<Rating> {
    let mut results: Vec<Vec<(Glicko2Rating, Outcomes)>> = vec![vec![]; start.len()];
    for g in games {
        let (a, b) = (g.seats[0], g.seats[1]);
        let (pa, pb) = (g.outcome.seats[0].place, g.outcome.seats[1].place);
        let of = |mine: u32, theirs: u32| match mine.cmp(&theirs) {
            std::cmp::Ordering::Less => Outcomes::WIN,
            std::cmp::Ordering::Equal => Outcomes::DRAW,
            std::cmp::Ordering::Greater => Outcomes::LOSS,
        };
        results[a].push((start[b].glicko2(), of(pa, pb)));
        results[b].push((start[a].glicko2(), of(pb, pa)));
    }
    let config = Glicko2Config::new();
    start
        .iter()
        .zip(&results)
        .map(|(r, games)| match games.is_empty() {
            true => *r,
            false => glicko2_rating_period(&r.glicko2(), games, &config).into(),
        })
        .collect()
}

/// Weng–Lin over a period: its games one after another.
fn weng_lin_period(start: &[Rating], games: &[&PeriodGame]) -> Vec<Rating> {
    let mut now = start.to_vec();
    for g in games {
        let ratings: Vec<Rating> = g.seats.iter().map(|&p| now[p]).collect();
        for (&p, r) in g.seats.iter().zip(free_for_all(&ratings, g.outcome)) {
            now[p] = r;
        }
    }
    now
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
