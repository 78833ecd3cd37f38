# Why the rules engine refused an order, a start or a new cell (en).
engine-not-in-play = The game is not in play.
engine-not-your-turn = It is not your turn.
engine-not-a-player = You are not in this game.
engine-needs-one-movement = A turn needs exactly one movement: left, right, up, down, with the current or along the cycle, and it cannot depend on a condition.
engine-one-action-only = A turn is exactly one action.
engine-no-conditionals = Conditional orders are not allowed in this game.
engine-no-dark = Dark orders are not allowed in this game.
engine-no-half-dark = Half-dark orders are not allowed in this game.
engine-no-throwing = Throwing things is not allowed in this game; you may leave them on your cell.
engine-no-mine-to-neighbour = In this game a mine may only be set on your own cell.
engine-no-skip = Skipping a turn is not allowed in this game.
engine-repeat = Repeating a move that changes nothing is not allowed in this game: order something else.
engine-target-rule = Name the target as agreed for this game: the player and his cell when shots name a target, nothing otherwise.
engine-off-board = That cell is not on the board.
engine-no-reorder = You cannot choose a new cell now: only on your turn right after a wound.
engine-choose-first = First say which treasure you take: "old" or "new" (or "bottom", "2nd from bottom", … "top").
engine-nothing-to-choose = There is no treasure to choose now.
engine-no-such-treasure = There is no such treasure here: they are counted from the bottom — "bottom", "2nd from bottom", … "top".
engine-bad-start = Every player needs one start cell and one place in the turn order.
engine-not-in-river = Only a player in a river can move with the current.
engine-not-in-pit = Only a player in a pit can move along its cycle.
engine-skip-alone = Skipping is a whole turn: order nothing else with it.
engine-no-aim-here = Shoot left, right, up or down; shooting into your own cell is for the quantum code.
engine-no-knife-rule = There are no knives in this game: they belong to the encyclopedia's rules (ruleset wiki).
engine-no-kick-rule = Kicking was not agreed on for this game (option kick=yes).
engine-no-cement-rule = There is no cement in this game (option cement=yes).
engine-no-boomerang-rule = There are no boomerangs in this game (option boomerang=N, how far it flies).
engine-started = That is only possible before the game starts.
engine-no-peek = You have no cells left to ask about: the handicap's questions are used up.
