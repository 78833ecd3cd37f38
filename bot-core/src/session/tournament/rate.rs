//! Ratings after a rated game: each seat's rating in the game's kind and community, moved by the
//! result, written in the commit that ends the game.

use crate::store::{RatingWrite, Store};
use crate::tournament::rating::{Rating, rate};

use crate::session::{Loaded, SessionError};
use crate::tournament::Family;

/// The ratings a rated game's end sets; none for an unrated game or one without a result (called
/// off).
pub(crate) async fn ratings(store: &Store, g: &Loaded) -> Result<Vec<RatingWrite>, SessionError> {
    let seating = &g.table.seating;
    let (Some(community), Some(outcome)) = (&seating.rated, g.table.play.outcome(seating)) else {
        return Ok(vec![]);
    };
    let game = g.table.kind.word();
    let duel = rated_as_duel(game) && seating.seats.len() == 2;
    let known = store.ratings(g.platform, community, game).await?;
    let before: Vec<(Rating, i64)> = seating
        .seats
        .iter()
        .map(|s| {
            let stored = known.iter().find(|r| r.user_id == s.user);
            let rating = stored
                .and_then(|r| serde_json::from_str::<Rating>(&r.rating).ok())
                .filter(|r| matches!(r, Rating::Glicko2 { .. }) == duel)
                .unwrap_or_else(|| Rating::initial(duel));
            (rating, stored.map_or(0, |r| r.games))
        })
        .collect();
    let now: Vec<Rating> = before.iter().map(|(r, _)| *r).collect();
    let after = rate(duel, &now, &outcome);
    let mut writes = vec![];
    for ((seat, (_, games)), rating) in seating.seats.iter().zip(&before).zip(after) {
        writes.push(RatingWrite {
            platform: g.platform,
            community: community.clone(),
            game: game.to_string(),
            user_id: seat.user.clone(),
            name: seat.name.clone(),
            rating: serde_json::to_string(&rating)?,
            games: games + 1,
        });
    }
    Ok(writes)
}

/// Whether a game kind is rated as a duel (Glicko-2) rather than a free-for-all (Weng–Lin).
fn rated_as_duel(word: &str) -> bool {
    Family::of_game(word) == Family::Duel
}
