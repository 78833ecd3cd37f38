# The master's words in Saboteur (en), rendered by bot-core/src/saboteur/table/narrate.rs.
# $name, $target: players' names as they are; $cell: a cell as "x,y" (the start is 0,0, the goals
# lie at 8,-2, 8,0 and 8,2); $card: a card's label.

sab-title = Saboteur
sab-help =
    Saboteur: dwarves dig from the ladder to one of three goals; one goal holds the gold. Some of you are saboteurs.
    Your role and your hand come privately; on your turn press a card there, then where it goes.
    Or type (privately, or in the group for a card played face up):
    /play NES 1,0 — a path card at x,y (add "rotated" to turn it round)
    /play break-lamp bob · /play fix-pick bob · /play fix-pick+lamp bob lamp
    /play rockfall 2,0 · /play map 8,-2 · /discard xNS (privately: face down) · /pass · /take 3
    In words: "lay cross at 1,0", "break lamp bob", "fix pick bob", "map top goal", "discard 3".
    Cells are x,y: the start is 0,0, x grows toward the goals at 8,-2, 8,0 and 8,2, y grows downward.

## Cards
sab-tool-pick = pick
sab-tool-lamp = lamp
sab-tool-cart = cart
sab-card-break = break { $tool }
sab-card-fix = fix { $tool }
sab-card-fix-either = fix { $a } or { $b }
sab-card-rockfall = rockfall
sab-card-map = map
sab-role-digger = gold digger
sab-role-saboteur = saboteur
sab-gold = gold
sab-stone = stone

## The round
sab-round-start = Round { $round } of 3 begins. { $first } starts. Your role and your cards are in your private chats.
sab-dealt-digger = Round { $round }: you are a gold digger. Dig a tunnel from the ladder to the gold.
sab-dealt-saboteur = Round { $round }: you are a saboteur. Keep the diggers from the gold, and don't be found out.
sab-hand = Your cards: { $cards }
sab-hand-empty = You have no cards left.
sab-your-move = Your move. Press a card, or type it (e.g. { $example }).
sab-choose-target = { $card }: where? Press one of the marked places.
sab-choose-player = { $card }: in front of whom?
sab-discard-button = Discard it
sab-back-button = « Back
sab-next = { $name }, your move.
sab-next-share = { $name } chooses a gold card.

## Plays, as the group sees them
sab-placed = { $name } lays { $card } at { $cell }.
sab-broke = { $name } breaks { $target }'s { $tool }.
sab-fixed = { $name } mends { $target }'s { $tool }.
sab-rockfall = { $name } brings down the roof at { $cell }: { $card } is gone.
sab-mapped = { $name } looks at the goal at { $cell } on the map.
sab-mapped-you = The goal at { $cell } is { $what }.
sab-discarded = { $name } discards a card face down.
sab-discarded-you = You discarded { $card }.
sab-drew = You draw { $card }.
sab-passed = { $name } has no cards and passes.
sab-goal-gold = The tunnel reaches the goal at { $cell }: the gold!
sab-goal-stone = The tunnel reaches the goal at { $cell }: only stone.
sab-round-diggers = The diggers reached the gold: round { $round } is theirs.
sab-round-saboteurs = The gold was not reached: round { $round } goes to the saboteurs.
sab-round-nobody = The gold was not reached, and nobody is paid for round { $round }: no saboteur was dealt in it.
sab-roles = Roles: { $roles }.
sab-offered = Gold to share: { $cards }. Take one (a button, or /take N); the rest go on to the next digger.
sab-took = { $name } takes a gold card.
sab-took-you = You take a gold card worth { $value }.
sab-paid = { $name } gets { $amount } gold.
sab-nobody-scores = Nobody scores this round.
sab-over = The game is over after three rounds. Gold: { $gold }.
sab-winner = { $n ->
    [one] { $names } wins!
   *[other] { $names } share first place!
}
sab-timeout = { $name } missed the deadline: a card of theirs is discarded face down.
sab-timeout-share = { $name } missed the deadline: the most valuable gold card is taken for them.
sab-removed = { $name } leaves the game; their cards are discarded.

## Status
sab-status = Round { $round }/3 · deck { $deck } · gold cards left { $nuggets }
sab-status-broken = Broken tools: { $list }
sab-status-gold = Gold so far: { $list }
sab-status-you = You are a { $role }. { $hand } Broken in front of you: { $broken }.
sab-none = none

## Refusals
sab-bad-order = I don't understand that play. Try e.g. { $example }, or press a card in our private chat.
sab-not-your-turn = It is { $name }'s turn, not yours.
sab-discard-privately = Discard privately, so nobody sees the card: write /discard to me in our private chat.
sab-take-privately = Choose your gold privately: write /take to me in our private chat.
sab-refused = { $why }
sab-options = Saboteur takes order=join (turns in the order of joining) or order=lot, and seed=N
sab-my-cards = 🃏 My cards
sab-cannot-play = { $card } cannot be played now; you may discard it.

## The engine's refusals
sab-refusal-player-count = Saboteur is played by 3 to 10 players.
sab-refusal-game-over = The game is over.
sab-refusal-not-a-player = You are not playing in this game.
sab-refusal-not-your-turn = It is not your turn: wait for it.
sab-refusal-not-in-hand = You do not hold that card: play one from your hand.
sab-refusal-tool-broken = A broken tool lies in front of you: you cannot lay a path card until it is mended. Play an action card or discard.
sab-refusal-occupied = A card already lies there: choose an empty cell next to the tunnel.
sab-refusal-does-not-fit = The card's sides do not match its neighbours: turn it round or choose another cell.
sab-refusal-not-connected = The card must continue the tunnel that runs from the start card.
sab-refusal-no-such-player = There is no such player in this game.
sab-refusal-already-broken = That tool is already broken in front of that player: break another, or play something else.
sab-refusal-nothing-to-fix = That player has no such broken tool: a fix card mends only a broken tool of its kind.
sab-refusal-wrong-tool = That card does not mend that tool: name one of the two tools it shows.
sab-refusal-nothing-there = No card lies there: name the cell of a path card to remove.
sab-refusal-cannot-remove = The start and the goal cards cannot be removed: name a path card.
sab-refusal-not-a-goal = A map shows a goal card: name 8,-2, 8,0 or 8,2.
sab-refusal-already-revealed = That goal card is already face up: look at one still face down.
sab-refusal-must-play = You still hold cards: play or discard one.
sab-refusal-sharing = Gold is being shared: take one of the gold cards offered to you.
sab-refusal-not-sharing = No gold is being shared now.
sab-refusal-not-offered = No gold card of that value is offered: take one of those offered.
