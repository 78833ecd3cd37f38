//! Why an order was refused. A refused order changes nothing; each message tells the player what he
//! can do instead.

use serde::{Deserialize, Serialize};

/// Why an order (or a new game) was refused. Nothing changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
pub enum Refusal {
    /// Saboteur is for 3 to 10 players (Подготовка).
    #[error("Saboteur is played by 3 to 10 players")]
    PlayerCount,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No such seat, or he has left the game.
    #[error("you are not playing in this game")]
    NotAPlayer,
    /// Someone else is to move.
    #[error("it is not your turn: wait for it")]
    NotYourTurn,
    /// The card named is not in the player's hand.
    #[error("you do not hold that card: play one from your hand")]
    NotInHand,
    /// A broken tool lies in front of him (Ход картой «действие»).
    #[error(
        "a broken tool lies in front of you: you cannot lay a path card until it is mended; play an action card or discard"
    )]
    ToolBroken,
    /// A card already lies on that cell.
    #[error("a card already lies there: choose an empty cell next to the tunnel")]
    Occupied,
    /// A side of the card does not match its neighbour (Ход картой «путь»).
    #[error("the card's sides do not match its neighbours: turn it round or choose another cell")]
    DoesNotFit,
    /// The card does not continue the tunnel from the start (Ход картой «путь»).
    #[error("the card must continue the tunnel that runs from the start card")]
    NotConnected,
    /// The target of an action card is no player of this game, or has left it.
    #[error("there is no such player in this game")]
    NoSuchPlayer,
    /// That tool is already broken in front of the target (one of each kind at most).
    #[error(
        "that tool is already broken in front of that player: break another or play something else"
    )]
    AlreadyBroken,
    /// The target has no such broken tool to mend.
    #[error("that player has no such broken tool: a fix card mends only a broken tool of its kind")]
    NothingToFix,
    /// A double fix card names a tool it does not show.
    #[error("that card does not mend that tool: name one of the two tools it shows")]
    WrongTool,
    /// No card lies on the cell a rockfall names.
    #[error("no card lies there: name the cell of a path card to remove")]
    NothingThere,
    /// A rockfall names the start or a goal card (Ход картой «действие»: «горный обвал»).
    #[error("the start and the goal cards cannot be removed: name a path card")]
    CannotRemove,
    /// A map names a cell that holds no goal card.
    #[error("a map shows a goal card: name 8,-2, 8,0 or 8,2")]
    NotAGoal,
    /// A map names a goal already turned face up.
    #[error("that goal card is already face up: look at one still face down")]
    AlreadyRevealed,
    /// Passing while holding cards.
    #[error("you still hold cards: play or discard one")]
    MustPlay,
    /// Gold is being shared: only taking a gold card is possible.
    #[error("gold is being shared: take one of the gold cards offered to you")]
    Sharing,
    /// Taking gold when none is being shared.
    #[error("no gold is being shared now")]
    NotSharing,
    /// No gold card of that value is offered.
    #[error("no gold card of that value is offered: take one of those offered")]
    NotOffered,
}
