# The Labyrinth's table (en): the lobby's and the start's words, the rules card, the reveal,
# what the master says of plans and of orders; moved here from the session's file, whose words
# are every game's.

lab-table-newgame-usage = Write: /newgame labyrinth classic (or quantum), then options as key=value, e.g. size=6x5 deadline=24h.

lab-table-waiting-plan = Waiting for { $name }, the master, to send the plan privately.

lab-table-send-plan = Send me the plan of the maze for { $players } players, in the plan format (a code block is fine). I will check it and list every problem.

lab-table-exits-known = { $n ->
    [one] one exit
   *[other] { $n } exits
}

lab-table-exits-unknown = exits: as many as the master chose

lab-table-closed-exits = ; some exits may be closed by a wall that a grenade can break

lab-table-cure = a sick player has { $n } moves to reach a hospital

lab-table-cure-unlimited = no time limit for the sick to reach a hospital

lab-table-plan-ready = The maze is ready: { $size }, { $exits }{ $closed }; { $cure }; Nstop { $nstop } rounds. { $start ->
    [placed] The master places you on your start cells himself.
   *[choose] Choose your start cells privately.
}

lab-table-choose-start = Game #{ $id }: which cell do you start on? Write it (e.g. B2) or press a button. Nobody else will know.

lab-table-nothing-to-do = There is nothing to answer now in this game.

lab-table-plan-accepted = The plan is accepted.

lab-table-bad-start = "{ $text }" is not a cell of this maze; write one such as B2.

lab-table-start-noted = Noted: you start on { $cell }.

lab-table-start-refused = The master does not allow that start cell. Choose another.

lab-table-order-join = Turn order, as you joined: { $names }.

lab-table-order-lot = Turn order, drawn by lot: { $names }.

lab-table-orders-help = Write your move in the group: "go up", "go left then shoot down", "blow the wall to the right", "throw the treasure down", "if wall then shoot up", "/move up"; add "don't tell the result" for a dark order.

lab-table-orders-in-group = Orders go in the group chat. Here: /status, or your new cell when wounded.

lab-table-stranger = { $name }, you are not playing in this game.

lab-table-paused = The game is paused; an admin resumes it with /resume.

lab-table-reorder-privately = Name your new cell privately, not here: it is secret.

lab-table-choose-in-order = There is no treasure to choose now. You may name your choice with the move itself: "go right, take new".

lab-table-no-last-move = No move has been made yet.

lab-table-reveal =
    The whole maze:
    { $plan }

lab-table-not-started = The game has not begun yet: orders go once everyone has chosen a start cell.

lab-table-rules = Time for a move: { $deadline }; a player who misses { $missed ->
        [one] a move
       *[other] { $missed } moves in a row
    } leaves the game, his corpse and belongings stay in the maze.

lab-table-rules-start = Start cells: each player chooses his privately. The master refuses, without saying why, the choices of players who picked the same cell; they choose again.

lab-table-status-button = My status

lab-table-rules-secret-start = The master places every player on a cell only he knows; each is told only the kind of his cell.

lab-table-rules-levels = A 3-D maze of { $levels } levels: "up" and "down" climb where a stair leads (level 1 is the lowest, a cell above it is written B3@2); "forward", "back", "left" and "right" (or north, south, west, east) go along a level.

lab-table-rules-handicap = Handicap (§7.2) for { $names }: { $peek } cell types to ask privately before choosing a start (write e.g. "? B3"); a free re-order once a game: { $reorder ->
    [yes] yes
   *[no] no
}.

lab-table-peeked = { $coord } is { $cell ->
    [land] land
    [hospital] a hospital
    [arsenal] an arsenal
    [pit] a pit
    [river] a river
    [mouth] a river mouth
    [swamp] a swamp
    [outlet] a pit's exit
   *[encephalitis] an encephalitis cell
}. Only you know it.

lab-table-plan-kept = The plan is checked and kept: it will be used at /begin if it suits the number of players then.

lab-table-start-chosen-for-you = Time is up, and you had not chosen: I chose your start cell for you, { $cell }.

lab-table-aim-then = { $name } aims { $shot }: and where does { $name } go after the shot? (A turn is one movement, with the shot before it.)
