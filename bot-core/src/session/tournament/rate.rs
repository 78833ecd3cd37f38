//! Ratings: a rated casual game's when it ends, a tournament round's when the round is over (a
//! round is one rating period, see [`crate::tournament::rating`]). Both go through [`period`].

use crate::store::{Platform, RatingRecord, RatingWrite, Store, TournamentId};
use crate::tournament::GameRef;
use crate::tournament::rating::{PeriodGame, Rating, rate_period};

use crate::session::{Loaded, SessionError};

use super::Held;

/// The ratings a rated game's end sets; none for an unrated game, one without a result (called
/// off), or a tournament's game, which its round rates ([`round`]).
pub(crate) async fn ratings(store: &Store, g: &Loaded) -> Result<Vec<RatingWrite>, SessionError> {
    let seating = &g.table.seating;
    let (Some(community), Some(outcome)) = (&seating.rated, g.table.play.outcome(seating)) else {
        return Ok(vec![]);
    };
    if let Some(link) = seating.tournament
        && !rated_by_game(
            store,
            link.id,
            GameRef {
                round: link.round,
                game: link.game,
            },
        )
        .await?
    {
        return Ok(vec![]);
    }
    let game = g.table.kind.word();
    let duel = g.table.kind.results().duel && seating.seats.len() == 2;
    let known = store.ratings(g.platform, community, game).await?;
    let players: Vec<(String, String)> = (seating.seats.iter())
        .map(|s| (s.user.clone(), s.name.clone()))
        .collect();
    let game_of_all = PeriodGame {
        seats: (0..players.len()).collect(),
        outcome: &outcome,
    };
    let at = Where {
        platform: g.platform,
        community,
        game,
    };
    Ok(period(&at, duel, &known, &players, &[game_of_all])?)
}

/// Whether a tournament's game is rated as it ends: only a game of a round made before rounds
/// were rating periods, or of a tournament no longer stored.
async fn rated_by_game(store: &Store, id: i64, at: GameRef) -> Result<bool, SessionError> {
    let Some(rec) = store.tournament(TournamentId(id)).await? else {
        return Ok(true);
    };
    Ok(Held::read(rec).is_ok_and(|h| h.cup.tournament.rated_by_game(at)))
}

/// The ratings round `r` of a tournament sets: its games played to a result, rated as one period
/// against the ratings as they stand before it, in the tournament's chat.
pub(super) async fn round(
    store: &Store,
    h: &Held,
    r: usize,
) -> Result<Vec<RatingWrite>, SessionError> {
    let tour = &h.cup.tournament;
    let played = tour.rated_games(r);
    let games: Vec<PeriodGame> = (played.iter())
        .map(|(seats, outcome)| PeriodGame {
            seats: seats.clone(),
            outcome,
        })
        .collect();
    if games.is_empty() {
        return Ok(vec![]);
    }
    let word = tour.game.word.as_str();
    let known = store.ratings(h.platform, &h.chat, word).await?;
    let players: Vec<(String, String)> = (tour.players.iter())
        .map(|p| (p.id.clone(), p.name.clone()))
        .collect();
    let at = Where {
        platform: h.platform,
        community: &h.chat,
        game: word,
    };
    Ok(period(
        &at,
        tour.game.results().duel,
        &known,
        &players,
        &games,
    )?)
}

/// Where ratings are kept: a platform's community, one game.
pub(super) struct Where<'a> {
    pub platform: Platform,
    pub community: &'a str,
    pub game: &'a str,
}

/// The ratings one rating period sets: `games` (seats as indices into `players`, each a user id
/// and the name he plays under) rated against `known`, the ratings stored before it. A player
/// without a rating of the game's system starts as a newcomer; one who played none of the games
/// is not written.
pub(super) fn period(
    at: &Where,
    duel: bool,
    known: &[RatingRecord],
    players: &[(String, String)],
    games: &[PeriodGame],
) -> Result<Vec<RatingWrite>, serde_json::Error> {
    let stored = |user: &str| known.iter().find(|r| r.user_id == user);
    let start: Vec<Rating> = (players.iter())
        .map(|(user, _)| {
            stored(user)
                .and_then(|r| serde_json::from_str::<Rating>(&r.rating).ok())
                .filter(|r| matches!(r, Rating::Glicko2 { .. }) == duel)
                .unwrap_or_else(|| Rating::initial(duel))
        })
        .collect();
    let mut writes = vec![];
    for ((user, name), after) in players.iter().zip(rate_period(duel, &start, games)) {
        let Some((rating, played)) = after else {
            continue;
        };
        writes.push(RatingWrite {
            platform: at.platform,
            community: at.community.to_string(),
            game: at.game.to_string(),
            user_id: user.clone(),
            name: name.clone(),
            rating: serde_json::to_string(&rating)?,
            games: stored(user).map_or(0, |r| r.games) + i64::from(played),
        });
    }
    Ok(writes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::session::game::{Outcome, Placing};
    use crate::session::table::Seat;
    use crate::store::{Commit, UnixMs};
    use crate::testkit::TempDb;
    use crate::tournament::{
        Format, Game, GameSpec, Rated, Round, Scoring, State, Status, Tournament,
    };

    use super::super::Cup;

    /// A Hive round-robin of `u0`…`u3` in chat `g`, with one round of these games (seats, the
    /// winning seat), held as the session holds it.
    fn held(games: &[([usize; 2], usize)]) -> Held {
        let spec = GameSpec {
            word: "hive".into(),
            ruleset: "classic".into(),
            options: vec![],
            min_players: 2,
            max_players: 2,
            results: None,
        };
        let format = Format::RoundRobin { cycles: 1 };
        let mut tour = Tournament::new(spec, format, Scoring::default()).unwrap();
        for i in 0..4 {
            tour.join(&format!("u{i}"), &format!("p{i}")).unwrap();
        }
        let won = |seat: usize| Outcome {
            kind: "win".into(),
            seats: (0..2)
                .map(|s| Placing {
                    place: if s == seat { 1 } else { 2 },
                    score: 0.0,
                })
                .collect(),
        };
        tour.rounds.push(Round {
            games: (games.iter())
                .map(|(seats, winner)| Game {
                    seats: seats.to_vec(),
                    status: Status::Finished {
                        outcome: won(*winner),
                        left: vec![],
                    },
                })
                .collect(),
            rated: Rated::Due,
        });
        tour.state = State::Running;
        Held {
            id: TournamentId(1),
            version: 1,
            platform: Platform::Script,
            chat: "g".into(),
            dirty: true,
            cup: Cup {
                director: Seat::new("dir", "dir", Lang::En),
                lang: Lang::En,
                clock: vec![],
                hosts: vec![],
                threads: false,
                title: None,
                host_titles: Default::default(),
                draws: 0,
                tournament: tour,
            },
        }
    }

    // Glickman, "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30 and loses to
    // 1550/100 and 1700/300 in one rating period → 1464.06/151.52/0.05999. Here through the
    // session's own path: the ratings stored in the chat, one round of a tournament rated as a
    // period, the ratings it writes.
    #[tokio::test]
    async fn glickmans_example_through_a_rounds_ratings() {
        let db = TempDb::new("rate-glickman");
        let store = Store::open(&db).await.unwrap();
        let stored = |user: &str, rating: f64, deviation: f64| RatingWrite {
            platform: Platform::Script,
            community: "g".into(),
            game: "hive".into(),
            user_id: user.into(),
            name: user.into(),
            rating: serde_json::to_string(&Rating::Glicko2 {
                rating,
                deviation,
                volatility: 0.06,
            })
            .unwrap(),
            games: 7,
        };
        let c = Commit {
            ratings: vec![
                stored("u0", 1500.0, 200.0),
                stored("u1", 1400.0, 30.0),
                stored("u2", 1550.0, 100.0),
                stored("u3", 1700.0, 300.0),
            ],
            ..Commit::at(UnixMs(1))
        };
        store.commit(c).await.unwrap();
        let h = held(&[([0, 1], 0), ([0, 2], 1), ([3, 0], 0)]);
        assert_eq!(h.cup.tournament.round_to_rate(), Some(0));
        let writes = round(&store, &h, 0).await.unwrap();
        assert_eq!(writes.len(), 4, "{writes:?}");
        let u0 = &writes[0];
        assert_eq!((u0.user_id.as_str(), u0.name.as_str()), ("u0", "p0"));
        assert_eq!(u0.games, 10, "three games more");
        let Ok(Rating::Glicko2 {
            rating,
            deviation,
            volatility,
        }) = serde_json::from_str(&u0.rating)
        else {
            panic!("{u0:?}");
        };
        // The paper rounds its steps: within a unit of its last digit.
        assert!((rating - 1464.06).abs() < 0.01, "{rating}");
        assert!((deviation - 151.52).abs() < 0.01, "{deviation}");
        assert!((volatility - 0.05999).abs() < 0.00001, "{volatility}");
        assert!(writes[1..].iter().all(|w| w.games == 8), "{writes:?}");
    }

    // A player with no stored rating starts as a newcomer (1500/350/0.06); one who played no game
    // of the round is not written.
    #[tokio::test]
    async fn a_round_of_newcomers_rates_only_who_played() {
        let db = TempDb::new("rate-newcomers");
        let store = Store::open(&db).await.unwrap();
        let h = held(&[([2, 1], 1)]);
        let writes = round(&store, &h, 0).await.unwrap();
        let who: Vec<(&str, i64)> = (writes.iter())
            .map(|w| (w.user_id.as_str(), w.games))
            .collect();
        assert_eq!(who, [("u1", 1), ("u2", 1)]);
        let r: Rating = serde_json::from_str(&writes[0].rating).unwrap();
        assert!(r.display() > 1500, "{r:?}");
    }
}
