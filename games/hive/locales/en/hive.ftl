# The master's words in Hive (en), rendered by bot-core/src/hive/table/narrate.rs.
# $name, $winner, $other: players' names (or the bot's); $move: a move in UHP notation;
# $color: "white" or "black".

hive-title = Hive
hive-help =
    Hive: two players, open information. Surround the opposing queen on all six sides to win.
    Each turn either place a piece from your hand (touching only your own colour, after the first two) or move one of yours once your queen is in play. Your queen must be in play by your fourth turn.
    Press a piece under “your move”, then one of the numbered cells on the board. Or type a move in Universal Hive Protocol notation, in the group or with /move:
    /move wA1 -bG1 — ant 1 to the left (west) of black grasshopper 1; marks: X- east, -X west, X/ north-east, /X south-west, X\ south-east, \X north-west, plain X on top (a beetle).
    In words: “ant left of white queen”, “beetle on black queen”, “spider 2 below right of wG1”.
    /pass (only with no move), /undo (the other side agrees), /draw (offer or accept), /resign.
    Options at /newgame hive: opening=tournament (no queen on the first placement), pieces=mlp (the expansions: m mosquito, l ladybug, p pillbug, any of them), clock=1h (each side's time), vs=bot level=1..5, color=white|black, deadline=24h, missed=N.
hive-options = Hive takes opening=tournament|book, pieces=mlp (any of m, l, p), clock=1h, vs=bot, level=1..5 and color=white|black|random
hive-bad-level = the bot's level is 1 to 5
hive-bad-pieces = the expansion pieces are m (mosquito), l (ladybug) and p (pillbug): write pieces=mlp, pieces=lp, pieces=base…

## Words
hive-bug-queen = queen
hive-bug-beetle = beetle
hive-bug-grasshopper = grasshopper
hive-bug-spider = spider
hive-bug-ant = ant
hive-bug-mosquito = mosquito
hive-bug-ladybug = ladybug
hive-bug-pillbug = pillbug
hive-white = white
hive-black = black
hive-bot-name = the bot (level { $level })
hive-yes = ✅ Yes
hive-no = ❌ No
hive-pass-button = Pass
hive-back-button = ↩ Back

## Play
hive-start = Hive begins. ⚪ White: { $white }. ⚫ Black: { $black }. White moves first.
hive-tournament-note = Tournament opening: no queen on the first placement.
hive-pieces-note = With the expansion pieces: { $pieces }.
hive-pieces-base = The base game: no expansion pieces.
hive-clock-note = Clock: { $each } for each side for the whole game.
hive-moved = { $name } ({ $color }): { $move }
hive-passed = { $name } has no move and passes.
hive-your-move = { $name } ({ $color }), your move.
hive-how-to-move = Press a piece below, or type a move, e.g. /move { $example }
hive-queen-due = This is your fourth turn: your queen must come into play now.
hive-only-pass = You have no move: press Pass (or /move pass).
hive-choose-piece = Which piece?
hive-choose-place = { $piece }: where to? The cells are numbered on the board.
hive-piece-cannot-move = That piece cannot move now.
hive-not-your-turn = It is { $name }'s move now.
hive-bad-move = I can't read that move: { $why }. Moves look like /move { $example } (/help explains the notation).
hive-refused = { $move } can't go there: { $why }
hive-missed = { $name } missed the deadline ({ $n } of { $limit }): the move is still theirs, with a fresh deadline.
hive-why-ambiguous = there are several of your { $bug }s — add the number, e.g. “{ $bug } 2”
hive-why-no-piece = no piece is named where one should be
hive-why-no-place = say where: left of, right of, above left of, above right of, below left of, below right of, or on a piece

hive-notation-bad-move = that is not a move: write the piece and where it goes, like wA1 -bQ or bB1 wQ, or pass
hive-notation-unknown-piece = pieces are named like wQ, bA1, wB2, bG3, wS1, wM (w white, b black; Q queen, B beetle, G grasshopper, S spider, A ant; expansions M mosquito, L ladybug, P pillbug)
hive-notation-not-in-game = { $piece } is not in this game: its expansion was not chosen at /newgame (pieces=mlp)
hive-notation-not-on-table = { $piece } is not on the table: say where the piece goes next to a piece in play
hive-notation-no-reference = say where { $piece } goes next to a piece on the table, like { $piece } -wQ (west of wQ)
hive-notation-occupied = that place is taken by { $top }: a mark such as -wQ names a free cell beside a piece; to climb onto { $top } (a beetle, or a piece on top of the hive) write { $piece } { $top }

## Offers
hive-undo-asked = { $name } asks to take back their last move. { $other }, do you agree? (or /undo)
hive-draw-offered = { $name } offers a draw. { $other }, do you accept? (or /draw)
hive-offer-declined = { $name } declines.
hive-no-offer = There is no offer to answer any more.
hive-not-yours-to-answer = This is for the other player to answer.
hive-nothing-to-undo = You have no move to take back.
hive-bot-no-draw = The bot plays on: no draws by agreement against the bot.
hive-undone = Taken back: { $n ->
    [one] one move
   *[other] { $n } moves
}. { $name } moves again.

## The end
hive-queen-surrounded = The { $queen } queen is surrounded: { $winner } ({ $color }) wins!
hive-both-surrounded = Both queens are surrounded at once: a draw.
hive-resigned = { $name } resigns: { $winner } wins.
hive-lost-on-time = { $name } ran out of time: { $winner } wins on time.
hive-draw-agreed = Draw by agreement.

## Status and rules
hive-turn-no = move { $n }
hive-you-play = You play { $color } against { $other }.
hive-not-begun = The game has not begun yet.
hive-rules = Hive, base game: queen, 2 beetles, 3 grasshoppers, 2 spiders, 3 ants a side.
hive-opening-book = Opening by the book: any piece may be placed first.
hive-opening-tournament = Tournament opening: no queen on the first placement.
hive-vs-bot = Against the bot, level { $level }.

## Refusals: the rule a move breaks (bot-core/src/hive/refusal.rs, by id)
hive-refusal-game-over = the game is over: a queen is surrounded
hive-refusal-not-your-piece = that piece is your opponent's: move or place one of your own
hive-refusal-pass-not-allowed = you cannot pass while you have a move: pass only when no piece can be placed or moved
hive-refusal-not-in-hand = that piece is already on the table: move it instead, or place one from your hand
hive-refusal-not-in-play = that piece is still in your hand: place it next to your own pieces
hive-refusal-wrong-source = that piece is not on the cell the move starts from
hive-refusal-tournament-queen = tournament rules: the queen cannot be your first piece; place another one
hive-refusal-must-place-queen = this is your fourth turn and your queen is still in hand: place her now
hive-refusal-queen-not-placed = you cannot move pieces until your queen is on the table: place her first
hive-refusal-out-of-order = pieces of a kind come into play in number order: place the lowest-numbered one first
hive-refusal-first-at-origin = the first piece goes in the middle of the table
hive-refusal-occupied = that cell is taken: only a beetle climbs onto other pieces
hive-refusal-not-touching-hive = the piece must end next to the hive: all pieces stay in one hive
hive-refusal-touches-opponent = a new piece may not touch your opponent's pieces: place it where only your own are next to it
hive-refusal-covered = a beetle lies on that piece: a covered piece cannot move
hive-refusal-breaks-hive = moving that piece would split the hive in two: it must stay where it is
hive-refusal-same-cell = the piece is already there: a move must take it somewhere else
hive-refusal-queen-one-step = the queen moves only one cell at a time
hive-refusal-beetle-one-step = the beetle moves only one cell at a time, onto or off the hive included
hive-refusal-gate = the piece cannot squeeze through: the gap between two pieces is too narrow to slide
hive-refusal-gate-above = the beetle cannot pass between two stacks higher than both where it is and where it goes
hive-refusal-loses-contact = the piece must keep touching the hive as it slides: it cannot cut across open table
hive-refusal-grasshopper-straight = the grasshopper jumps in a straight line
hive-refusal-grasshopper-must-jump = the grasshopper must jump over at least one piece
hive-refusal-grasshopper-gap = the grasshopper lands on the first empty cell: it cannot jump over a gap
hive-refusal-spider-three-steps = the spider moves exactly three cells around the hive, never back to a cell it has left
hive-refusal-just-moved = that piece was moved on the last turn: it cannot move now, nor be moved by a pillbug
hive-refusal-ladybug-path = the ladybug moves exactly three cells: two on top of the hive, then one down to an empty cell
hive-refusal-pillbug-one-step = the pillbug moves only one cell at a time
hive-refusal-mosquito-alone = the mosquito moves as the creatures it touches: touching only mosquitoes, it cannot move
hive-refusal-pillbug-carry = a pillbug lifts a piece next to it over itself onto an empty cell next to it: not a stacked piece, not one the hive needs, not through a gap too narrow
hive-refusal-cannot-reach = that piece cannot get there
