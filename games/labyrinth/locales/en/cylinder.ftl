# cylinder messages (en): the cylinder game of seed 004 — problems of a plan's text
# (bot-core/src/labyrinth/cylinder/plan/errors.rs) and the validator's findings
# (bot-core/src/labyrinth/cylinder/validate/text.rs). $cell and $other are cell names such as C2.

cylinder-plan-at-line = line { $line }: { $body }
cylinder-plan-at-cell = line { $line }, { $cell }: { $body }

## The whole text

cylinder-plan-empty = The plan is empty. Send the drawing, starting with a line such as cylinder 8x8.
cylinder-plan-too-long = The plan is { $bytes } bytes long, over the limit of { $limit }. Even a 26x26 cylinder takes far less: send only the plan.
cylinder-plan-control-character = the text holds a control character ({ $code }); it looks like a file, not a plan. Send the plan as plain text.

## The header

cylinder-plan-no-header = a cylinder plan begins with the line cylinder WxH, for example cylinder 8x8
cylinder-plan-bad-size = "{ $found }" is not a size; write width x height, each from 3 to 26, for example 8x8

## The drawing

cylinder-plan-missing-lines = the drawing of a { $size } cylinder takes { $expected } lines, but only { $found } { $found ->
        [one] is
       *[other] are
    } here; every row needs a cell line and a wall line below it
cylinder-plan-extra-line = the drawing of a { $size } cylinder ends at line { $last }; put the treasure after a line items:, or fix the size in the header
cylinder-plan-line-too-long = the line is longer than { $max } characters, the width of a { $size } drawing; remove the extra characters or fix the size in the header
cylinder-plan-blank-line = a blank line inside the drawing; remove it
cylinder-plan-tab = a tab inside the drawing; tabs line up differently everywhere, so use spaces
cylinder-plan-long-dash = "{ $found }" is a long dash, probably put in by a keyboard or chat app; draw walls with three plain minus signs ---
cylinder-plan-not-a-wall-line = expected a wall line such as +---+   +; the drawing alternates wall lines and cell lines
cylinder-plan-not-a-cell-line = expected a cell line such as | .   M |; the drawing alternates wall lines and cell lines
cylinder-plan-bad-corner = "{ $found }" at column { $column } stands where a corner + belongs; a wall line has + at every fourth character
cylinder-plan-non-ascii = "{ $found }" ({ $code }) is not a plain ASCII character; a plan uses only Latin letters, digits, spaces and + - | . * > < ^
cylinder-plan-cyrillic = "{ $found }" is a Cyrillic letter; type the Latin { $instead }

## Sides

cylinder-plan-solid-wall = "{ $found }": nothing breaks walls in this game, so no wall is marked unbreakable; write --- or | for a wall
cylinder-plan-closed-exit = "{ $found }": an exit here is a gap in the outer wall, never closed; write three spaces for an exit on the north or south edge
cylinder-plan-bad-wall = "{ $found }" between { $cell } and { $other } is not a wall; write --- (wall) or three spaces (no wall)
cylinder-plan-bad-side = "{ $found }" between { $cell } and { $other } is not a side; write | (wall) or a space (no wall)
cylinder-plan-bad-rim = "{ $found }" { $dir ->
        [up] above
       *[down] below
    } { $cell } is not an edge; write --- (outer wall) or three spaces (exit)
cylinder-plan-seam-mismatch = the line { $west ->
        [wall] begins with | but ends with a space
       *[open] begins with a space but ends with |
    }; both ends draw the same seam between { $other } and { $cell }, so write | at both (a wall) or a space at both (no wall)

## Cells

cylinder-plan-empty-cell = the cell is empty; write its type: . *e *s *w ^ v < > S P A M or K
cylinder-plan-bad-glyph = "{ $found }" is not a cell type; use . (land), *e *s *w (spinner), ^ v < > (river), S (swamp), P (pit), A (arsenal), M (morgue) or K (crocodile)
cylinder-plan-lowercase-glyph = "{ $found }" is not a cell type; write the capital { $instead }
cylinder-plan-bad-spinner = "{ $found }" is not a spinner; write * and where its needle points instead of north: *e (east), *s (south) or *w (west)

## Sections

cylinder-plan-unknown-section = "{ $found }" is not a section; the sections are items:, pits:, bear: and ghost:
cylinder-plan-repeated-section = { $section }: is written twice; keep one and put all its lines under it
cylinder-plan-label-with-text = write the lines of { $section }: each on its own line after it
cylinder-plan-bad-cell = "{ $found }" is not a cell name; write a cell such as C5
cylinder-plan-off-board = there is no cell { $cell } on a { $size } board
cylinder-plan-missing-item = say what lies on { $cell }: { $cell } treasure
cylinder-plan-unknown-item = "{ $found }" is not an item; the only item is the treasure ({ $cell } treasure); draw a crocodile as K
cylinder-plan-extra-words = extra "{ $found }" at the end of the line; remove it
cylinder-plan-second-treasure = the treasure already lies on { $first }; there is one treasure
cylinder-plan-no-treasure = the plan has no treasure; add a line items: and under it a line such as C5 treasure
cylinder-plan-missing-target = say where the pit leads: write after { $cell } the pit it leads to
cylinder-plan-not-a-pit = { $cell } is not drawn as a pit P; only pits are listed under pits:
cylinder-plan-repeated-pit-line = where { $cell } leads is already written on line { $first }; a pit leads to one pit
cylinder-plan-pit-without-line = say where this pit leads: under pits: write { $cell } and the pit it leads to
cylinder-plan-bad-creature-line = { $section ->
        [bear] under bear: write start and the bear's cell, for example start D4
       *[ghost] under ghost: write start and the ghost's cell, then path and his steps, for example start A1 and path east south west north
    }
cylinder-plan-missing-start = { $section ->
        [bear] say where the bear starts: start D4
       *[ghost] say where the ghost starts: start A1
    }
cylinder-plan-repeated-start = { $section ->
        [bear] the bear
       *[ghost] the ghost
    } already has a start; keep one start line
cylinder-plan-bad-dir = "{ $found }" is not a direction; write north, south, west or east

## The validator

cylinder-check-at = { $cell }: { $text }
cylinder-check-valid = { $warnings ->
    [0] The plan is accepted.
    [one] The plan is accepted, with { $warnings } warning.
   *[other] The plan is accepted, with { $warnings } warnings.
}
cylinder-check-refused = The plan is refused: { $problems } { $problems ->
    [one] problem
   *[other] problems
}{ $warnings ->
    [0] .
    [one] , { $warnings } warning.
   *[other] , { $warnings } warnings.
}
cylinder-check-problems = Problems (the plan cannot be played until they are fixed):
cylinder-check-warnings = Warnings (the plan can be played as it is):

cylinder-check-no-morgue = there is no morgue; draw one M, where the dead come back to life
cylinder-check-second-morgue = a second morgue (the first is on { $first }); the maze has one morgue
cylinder-check-treasure-in-river = the treasure lies in a river, which carries everyone on; put it where a player can stand
cylinder-check-no-exit = there is no exit; leave a gap (three spaces) in the north or south edge
cylinder-check-off-board = { $thing ->
        [treasure] the treasure
        [crocodile] a crocodile
        [bear] the bear
        [ghost] the ghost
       *[pit-target] the pit's target
    } is on { $at }, off the board
cylinder-check-river-off-board = the river flows { $dir ->
        [north] north past the edge
        [south] south past the edge
       *[other] off the board
    }; a river flows into a river or a swamp
cylinder-check-river-through-wall = a wall stands across the river flowing into { $to }; no wall may cross a river
cylinder-check-river-into-non-swamp = the river flows into { $kind ->
        [land] land
        [spinner] a spinner
        [pit] a pit
        [arsenal] the arsenal
        [morgue] the morgue
       *[other] a cell
    } on { $to }; every river ends in a swamp
cylinder-check-circular-river = the river runs in a circle of { $n } cells through this cell and never reaches a swamp; every river ends in a swamp
cylinder-check-pit-to-itself = the pit leads to itself; each pit leads to another pit
cylinder-check-pit-into-non-pit = the pit leads to { $kind ->
        [land] land
        [spinner] a spinner
        [river] a river
        [swamp] a swamp
        [arsenal] the arsenal
        [morgue] the morgue
       *[other] a cell
    } on { $to }; each pit leads to another pit
cylinder-check-pit-not-entered = no pit leads into this pit; exactly one pit leads into each
cylinder-check-pit-entered-several = { $n } pits lead into this pit; exactly one pit leads into each
cylinder-check-crocodile-off-land = a crocodile lies on { $kind ->
        [spinner] a spinner
        [river] a river
        [swamp] a swamp
        [pit] a pit
        [arsenal] the arsenal
        [morgue] the morgue
       *[other] a cell that is not land
    }; crocodiles lie on land
cylinder-check-starts-in-river = { $creature ->
        [bear] the bear starts
       *[ghost] the ghost starts
    } in a river, which would carry him off at once; start him on a cell one can stand on
cylinder-check-ghost-without-path = the ghost has no path; write his steps under ghost: as path east south …
cylinder-check-ghost-leaves = at step { $step } the ghost's path leads him { $dir ->
        [north] north past the edge
        [south] south past the edge
       *[other] off the board
    }; his path, walked round and round, must keep him on the board
cylinder-check-few-starts = { $n } { $n ->
        [one] cell
       *[other] cells
    } to start on (land or spinner with nothing on it), but { $needed } { $needed ->
        [one] is
       *[other] are
    } needed: one for every player
cylinder-check-cut-off = from this start cell { $goal ->
        [treasure] the treasure cannot be reached
       *[exit] no exit can be reached
    }
cylinder-check-cut-off-everywhere = from no start cell { $goal ->
        [treasure] can the treasure be reached
       *[exit] can an exit be reached
    }
cylinder-check-no-way-out = from the treasure no exit can be reached
cylinder-check-no-spinner = there is no spinner (*e, *s or *w); the post's maze has them
cylinder-check-no-crocodile = there is no crocodile (K); the post's maze has them
cylinder-check-no-river = there is no river; the post's maze has rivers into swamps

## The table (cylinder/table)

cyl-options = the cylinder game takes size=8x8, plan=own (you are the master and send the plan privately), plan=generated, order=join or order=lot (the order of moves within a step) and seed=N
cyl-size = the cylinder is one level, each side from { $min } to 26: size=8x8
cyl-rules = Labyrinth, the cylinder game: 8x8, the west and east edges glued; spinners, rivers into swamps, pits, crocodiles, the arsenal, the morgue, the bear and the ghost. No turn order: queue moves whenever you like; a step runs when everyone has a move queued or the deadline passes.
cyl-help =
    The cylinder Labyrinth: the west and east edges of the maze are glued. Find the treasure and carry it out through an exit (without it an exit is a wall).
    Send your moves any time, several at once, in the group or privately: "north, north, east", "shoot north, go north", "go east and shoot south", "west x3", "north twice then east, expect C5", "stop if near" (stops your moves when the bear or the ghost is near). A new order replaces what is left of the old one.
    A step runs as soon as everyone has a move queued; those with none are waited for until the deadline, then stand still. /status privately: bullets, the treasure, your queue.
cyl-awaiting-plan = Waiting for the master to send the plan privately.
cyl-send-plan = Send me the plan of the cylinder maze for { $players } players, best in a code block:
    the first line: cylinder 8x8 (the width and the height);
    then the drawing, wall lines (+---+   +) and cell lines (| .   . |) in turn, the first and last character of a cell line both | (a wall on the west–east seam) or both a space (none); a gap in the top or bottom wall line is an exit;
    cells: . land, *e *s *w a spinner pointing east, south or west, ^ v < > a river flowing that way, S a swamp, P a pit, A the arsenal, M the morgue, K a crocodile on land;
    then items: with a line such as E6 treasure; pits: with a line FROM TO for every P; and, if you like, bear: with start F3, and ghost: with start B7 and path east east south west.
    I will check it and list every problem.
cyl-plan-accepted = The plan is accepted.
cyl-no-room = The maze has no room to start every player on land; the game cannot start.
cyl-started = The maze is ready: { $size }, the west and east edges glued. Each of you starts on land, no bullets. Send your moves any time, several at once: "north, north, east"; a step runs when everyone has one queued.
cyl-you-start = You start on land, with no bullets.
cyl-queued = { $name }: { $n ->
        [one] one move queued
       *[other] { $n } moves queued
    }.
cyl-removed = { $name } is out of the game.
cyl-step = Step { $n }:
cyl-went = { $name } — { $cell ->
        [land] land
        [swamp] a swamp
        [river] fell into a river
        [pit] fell into a pit
        [arsenal] the arsenal
       *[morgue] the morgue
    }
cyl-carried = { $name } — the river carried { $name } to { $cell ->
        [land] land
        [swamp] a swamp
        [river] the river further down
        [pit] a pit
        [arsenal] the arsenal
       *[morgue] the morgue
    }
cyl-wall = { $name } — wall
cyl-shot = { $name } fires
cyl-no-bullets = { $name } has no bullets
cyl-armed = { $name } takes three bullets
cyl-found = { $name } found the treasure!
cyl-died = { $name } { $how ->
        [swamp] drowned in a swamp
        [crocodile] was eaten by a crocodile
        [bear] was eaten by the bear
        [ghost] was taken by the ghost
       *[shot] was shot
    } and is in the morgue, alive again, without bullets
cyl-treasure-back = The treasure went back to its place.
cyl-stepped-on = { $name } stepped on the { $beast ->
        [bear] bear
       *[ghost] ghost
    }
cyl-near = { $name }: the { $beast ->
        [bear] bear
       *[ghost] ghost
    } is near
cyl-escaped = { $name } walked out with the treasure and wins!
cyl-halt-done = { $name }'s moves are done; send more.
cyl-halt-died = { $name }'s moves stop: dead. Send new ones.
cyl-halt-expected = Your moves stop: you are not on { $cell }, where you expected to be. Send new ones.
cyl-halt-near = { $name }'s moves stop: the { $beast ->
        [bear] bear
       *[ghost] ghost
    } is near. Send new ones.
cyl-halt-over = { $name }'s moves stop: the game is over.
cyl-reveal = The whole maze:
    { $plan }
cyl-status = Bullets: { $bullets }; the treasure: { $treasure ->
        [yes] you carry it
       *[no] not with you
    }; moves queued: { $queued }.
cyl-status-none = The game has not started.
cyl-order-empty = No move in that order; name ways such as north, east.
cyl-order-unknown = "{ $word }" is not understood; write ways (north, south, west, east), shots (shoot north), a cell you expect (expect C5) or stop if near.
cyl-order-shot-way = "{ $word }": shoot which way? north, south, west or east.
cyl-order-expect = "{ $word }": name the cell you expect after a move, such as expect C5.
cyl-order-too-many = At most { $max } moves at once.

## Generator
cylinder-generate-not-flat = A { $size } cylinder cannot be composed: a cylinder has one level, such as 8x8.
cylinder-generate-side = A { $size } cylinder cannot be composed: each side must be from { $min } to { $max } cells; the post's board is 8x8.
cylinder-generate-players = A cylinder cannot be composed for { $players } { $players ->
        [one] player
       *[other] players
    }: choose from 1 to { $max } players.
