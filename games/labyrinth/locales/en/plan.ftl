# plan messages (en): problems of a plan's text (bot-core/src/labyrinth/plan/errors.rs).
# $body is one of the messages below; $cell and $other are cell names such as C2.

plan-at-line = line { $line }: { $body }
plan-at-cell = line { $line }, { $cell }: { $body }

## The whole text

plan-empty = The plan is empty. Send the drawing, starting with a line such as labyrinth 5x4.
plan-too-long = The plan is { $bytes } bytes long, over the limit of { $limit }. Even a 26x26 maze takes far less: send only the plan.
plan-control-character = the text holds a control character ({ $code }); it looks like a file, not a plan. Send the plan as plain text.

## The header

plan-no-header = a plan begins with the line labyrinth WxH, for example labyrinth 5x4
plan-missing-size = write the maze's size after labyrinth, for example labyrinth 5x4
plan-bad-size = "{ $found }" is not a size; write width x height, each from 1 to 26, for example 5x4
plan-not-a-setting = "{ $found }" is not a setting; write key=value, for example cure=6
plan-unknown-setting = there is no setting "{ $key }"; the settings are cure (moves a sick player has to reach a hospital) and nstop (moves without result before a draw)
plan-duplicate-setting = { $key } is set twice; keep one { $key }=N
plan-bad-setting-value = "{ $key }={ $value }": the value must be a whole number from 1, for example { $key }=6

## The drawing

plan-missing-lines = the drawing of a { $size } maze takes { $expected } lines, but only { $found } { $found ->
        [one] is
       *[other] are
    } here; every row needs a cell line and a wall line below it
plan-extra-line = the drawing of a { $size } maze ends at line { $last }; put items after a line items:, or fix the size in the header
plan-line-too-long = the line is longer than { $max } characters, the width of a { $size } drawing; remove the extra characters or fix the size in the header
plan-blank-line = a blank line inside the drawing; remove it
plan-tab = a tab inside the drawing; tabs line up differently everywhere, so use spaces
plan-long-dash = "{ $found }" is a long dash, probably put in by a keyboard or chat app; draw walls with three plain minus signs ---
plan-not-a-wall-line = expected a wall line such as +---+   +; the drawing alternates wall lines and cell lines
plan-not-a-cell-line = expected a cell line such as | .   M |; the drawing alternates wall lines and cell lines
plan-bad-corner = "{ $found }" at column { $column } stands where a corner + belongs; a wall line has + at every fourth character
plan-non-ascii = "{ $found }" ({ $code }) is not a plain ASCII character; a plan uses only Latin letters, digits, spaces and + - | # ~ . > < ^
plan-cyrillic-latin = "{ $found }" is a Cyrillic letter; type the Latin { $instead }
plan-cyrillic-land = "{ $found }" is a Cyrillic letter; land is written as a dot: .
plan-cyrillic-pit = "{ $found }" is a Cyrillic letter; a pit is written as a Latin lowercase letter (its cycle) and its number, like a1
plan-cyrillic-river = "{ $found }" is a Cyrillic letter; a river is written as the way it flows: > < ^ v

## Sides

plan-bad-inner-wall = "{ $found }" between { $cell } and { $other } is not a wall; write --- (wall), ### (unbreakable wall) or three spaces (no wall)
plan-bad-inner-side = "{ $found }" between { $cell } and { $other } is not a side; write | (wall), # (unbreakable wall) or a space (no wall)
plan-bad-border-wall = "{ $found }" { $dir ->
        [up] above
       *[down] below
    } { $cell } is not an outer side; write --- (outer wall), ~~~ (closed exit) or three spaces (open exit)
plan-bad-border-side = "{ $found }" { $dir ->
        [left] left of
       *[right] right of
    } { $cell } is not an outer side; write | (outer wall), ~ (closed exit) or a space (open exit)
plan-solid-on-border = "{ $found }" { $dir ->
        [up] above
        [down] below
        [left] left of
       *[right] right of
    } { $cell }: { $found } marks an unbreakable wall between cells, and the outer wall is unbreakable anyway; write { $instead }
plan-closed-exit-inside = "{ $found }" between { $cell } and { $other }: a closed exit lies only on the border; between cells write { $instead } for a wall a grenade breaks

## Cells

plan-empty-cell = the cell is empty; write its type: . M A U E > < ^ v or a pit like a1
plan-bad-glyph = "{ $found }" is not a cell type; use . M A U E > < ^ v or a pit like a1
plan-lowercase-glyph = "{ $found }" is not a cell type; write the capital { $instead }
plan-pit-uppercase = "{ $found }" is not a cell type; a pit's cycle is a lowercase letter: { $instead }
plan-pit-place-zero = "{ $found }": the pits of a cycle are numbered from 1; write a1, a2, …
plan-pit-leading-zero = "{ $found }": write the pit's number without a leading zero: { $instead }

## Items

plan-items-label-text = write each item on its own line after items:
plan-bad-item-cell = "{ $found }" is not a cell name; an item line begins with a cell such as B3, then the item: B3 treasure
plan-item-off-board = there is no cell { $cell } on a { $size } board
plan-missing-item = say what lies on { $cell }, for example { $cell } treasure
plan-unknown-item = "{ $found }" is not an item; use treasure, fake, mine, armed-mine, bullets N, grenades N or corpse
plan-missing-count = say how many { $item } lie there, for example { $cell } { $item } 3
plan-bad-count = "{ $found }" is not a count; write a whole number from 1
plan-extra-words = unexpected "{ $found }"; write one item per line: cell, item, count

## Kinds of arsenal (the encyclopedia's modification 13)

plan-arsenals-label-text = write each arsenal on its own line after arsenals:
plan-missing-supply = say what the arsenal on { $cell } gives, for example { $cell } bullets grenades
plan-unknown-supply = "{ $found }" is not something an arsenal gives; use bullets, grenades (or bombs), knives, cement or boomerang
plan-repeated-stock = the arsenal on { $cell } is listed twice; list all it gives on one line

## The bear (the encyclopedia's modification 2)

plan-bad-bear-line = under bear: write the den and the path, one per line: den C3, then path right right down left
plan-bad-bear-dir = "{ $found }" is not a direction of the bear's path; use up, down, left or right
plan-missing-level = a maze of levels draws each level under its own line: level 1, then its drawing, then level 2 and its drawing, and so on; level { $level } is missing or out of place here
plan-stairs-label-text = write the stairs on lines after stairs:, cells such as B2 C3@2
plan-stair-on-top = a stair leads to the level above, and this is the highest of { $levels } levels; put the stair on a lower level
