# validate messages (en): the §8 validator's findings.
# A finding reads "<cell>: <text> (<section>)"; $section is the code's own numbering (§4.5, §8 в).

validate-finding-at = { $cell }: { $text } ({ $section })
validate-finding = { $text } ({ $section })

validate-verdict-valid = { $warnings ->
    [0] The plan is valid.
    [one] The plan is valid, with { $warnings } warning.
   *[other] The plan is valid, with { $warnings } warnings.
}
validate-verdict-refused = The plan is refused: { $problems ->
    [one] { $problems } problem
   *[other] { $problems } problems
}{ $warnings ->
    [0] .
    [one] , { $warnings } warning.
   *[other] , { $warnings } warnings.
}
validate-heading-problems = Problems (the plan cannot be played until they are fixed):
validate-heading-warnings = Warnings (recommendations of §8; the plan may be played as it is):

## Rivers (§4.5)

validate-river-off-board = the river flows { $dir ->
    [up] up
    [down] down
    [left] left
   *[right] right
} off the board; a river must end in a mouth
validate-river-through-wall = a wall stands across the river flowing into { $to }; a wall cannot cross a river
validate-river-into-non-mouth = the river flows into { $kind ->
    [land] the land
    [hospital] the hospital
    [arsenal] the arsenal
    [pit] the pit
    [encephalitis] the encephalitis cell
    [swamp] the swamp
   *[other] the cell
} at { $to }; a river must end in a mouth
validate-circular-river = the river runs in a circle of { $n } cells through here and never reaches a mouth; a river must end in a mouth
validate-mouth-without-river = no river flows into this mouth; a river system has at least one river

## Pits (§4.4)

validate-lone-pit = { $pit } is the only pit of cycle { $cycle }; a cycle has at least two pits
validate-pit-gap = cycle { $cycle } has no { $n ->
    [one] pit
   *[other] pits
} { $missing } before this one; the pits of a cycle are numbered 1, 2, 3… without gaps
validate-repeated-pit = pit { $pit } is already at { $first }; each number of a cycle is one pit

## What the maze must contain (§8.2, §8.3, §3.1, §8.6)

validate-missing-cell-type = the maze has no { $kind ->
    [arsenal] arsenal
    [hospital] hospital
   *[land] land
}; it needs at least one arsenal, one hospital and one land cell
validate-no-treasure = there is no true treasure; put exactly one on land (a `treasure` item)
validate-several-treasures = there are { $n } true treasures; there must be exactly one (make the others `fake`)
validate-treasure-off-land = the true treasure lies { $kind ->
    [hospital] in the hospital
    [arsenal] in the arsenal
    [pit] in a pit
    [river] in a river
    [mouth] in a mouth
    [encephalitis] on an encephalitis cell
    [swamp] in a swamp
   *[other] off land
}; it may only be put on land
validate-fake-off-land = a false treasure lies { $kind ->
    [hospital] in the hospital
    [arsenal] in the arsenal
    [pit] in a pit
    [river] in a river
    [mouth] in a mouth
    [encephalitis] on an encephalitis cell
    [swamp] in a swamp
   *[other] off land
}; at the start all treasures lie on land
validate-setting-below-one = { $setting ->
    [cure] cure=0: a sick player needs at least 1 move to reach a hospital
   *[nstop] nstop=0: a draw needs at least 1 round without change
}

## Exits (§1.4, §8.4, §7.1)

validate-too-few-exits = { $n ->
    [0] the maze has no exit
   *[other] the maze has only one exit
}; { $least ->
    [1] it needs at least one
   *[other] it needs at least two, open or closed
}
validate-no-open-exit = no exit is open; at least one exit must be open at the start
validate-exit-on-never-stood = the exit { $dir ->
    [up] at the top
    [down] at the bottom
    [left] on the left
   *[right] on the right
} is on a cell no one can ever stand on (a river's source; with torrential rivers, any river); move the exit
validate-closed-exit-not-allowed = the exit { $dir ->
    [up] at the top
    [down] at the bottom
    [left] on the left
   *[right] on the right
} is closed, but exits cannot be closed in this game; open it or make it a wall

## Reachability (§8.5)

validate-unreachable = this cell cannot be reached from the rest of the maze without grenades; open a wall or turn a river so there is a way in
validate-no-way-out = a player here can never get back to the rest of the maze without grenades: { $kind ->
    [mouth] a mouth must not be closed in by walls and inflowing rivers
   *[other] open a wall of the closed-in area
}
validate-cut-off = this cell is cut off from the rest of the maze without grenades: there is no way in and no way out

## Options agreed on (§7.1)

validate-mines-not-allowed = a mine lies here, but this game is played without mines
validate-mine-off-land = a mine lies { $kind ->
    [hospital] in the hospital
    [pit] in a pit
    [river] in a river
    [mouth] in a mouth
    [encephalitis] on an encephalitis cell
    [swamp] in a swamp
   *[other] off land
}; the master lays mines on land and arsenals only
validate-armed-at-start = an armed mine at the start; the master lays mines unarmed (write `mine`, not `armed-mine`)
validate-encephalitis-not-allowed = an encephalitis cell, but this game is played without encephalitis
validate-stock-off-arsenal = the arsenals: section lists this cell, but it is { $kind ->
    [land] land
    [hospital] a hospital
    [pit] a pit
    [river] a river
    [mouth] a mouth
    [encephalitis] an encephalitis cell
    [swamp] a swamp
   *[other] no arsenal
}; list arsenals only
validate-pit-without-exit = pit Y{ $n } has no exit X{ $n }; a pit of a pair leads to its own exit
validate-exit-without-pit = exit X{ $n } has no pit Y{ $n }; an exit belongs to its pit
validate-repeated-pair = { $which ->
    [pit] pit Y{ $n }
   *[exit] exit X{ $n }
} is already at { $first }; each pair has one pit and one exit
validate-no-bear = the game has a bear, but the plan does not say where his den is (a bear: section with den C3)
validate-bad-den = the bear's den is { $kind ->
    [river] in a river
    [pit] in a pit
   *[other] on a cell
} nobody can stand on; put it where one can
validate-bear-without-path = the bear walks his path (bear=path), but the plan gives none (path right down left … under bear:)
validate-not-agreed = { $feature ->
    [swamps] a swamp
    [windows] a window in the wall
    [rubber_walls] a rubber wall
    [one_way_walls] a one-way wall
    [arsenal_kinds] a kind of arsenal
    [pit_exits] a pit–exit pair
   *[bear] a bear
}, but this game was not opened with { $feature ->
    [bear] one (`bear=path` for a bear walking the plan's path, or `bear=mimic` for one repeating each player's step, at /newgame)
   *[other] them (`{ $feature }=yes` at /newgame)
}
validate-river-not-south = the river flows { $dir ->
    [up] up, to the north
    [left] left, to the west
   *[right] right, to the east
}, but the group agreed rivers flow only south (`rivers_south=yes`)
validate-river-turns = the river from { $from } turns here, but the group agreed every river runs straight (`straight_rivers=yes`)
validate-river-tributary = { $n } rivers flow into this cell, but the group agreed every river runs straight, with no tributaries (`straight_rivers=yes`)
validate-rivers-touch = this river system touches another one at { $other }, but the group agreed rivers do not touch (`rivers_apart=yes`)
validate-limit-max = { $limit ->
    [pits] number of pits
    [pit-cycles] number of pit cycles
    [pit-cycle-len] pits in this cycle
    [river-systems] number of river systems
    [tributaries] rivers flowing into this cell
    [river-len] river cells flowing into this mouth
   *[inner-walls] number of inner walls
}: { $found }, but the group agreed on at most { $allowed }
validate-limit-exact = { $limit ->
    [arsenals] number of arsenals
    [hospitals] number of hospitals
    [treasures] number of treasures, true and false
   *[exits] number of exits, open and closed
}: { $found }, but the group agreed on exactly { $allowed }
validate-no-chain = no unbroken chain of land, hospitals, arsenals and mouths joins the { $axis ->
    [left-right] left and right
   *[top-bottom] top and bottom
} walls, as the group agreed

## Items (§1.4, §5.1)

validate-no-count = the `{ $item }` line has a count of 0; write at least 1 or leave the line out
validate-item-off-board = this cell is not on the board; move the `{ $item }` line onto it

## Recommendations (§8 а–е)

validate-few-arsenals = the maze has { $n ->
    [one] only one arsenal
   *[other] { $n } arsenals
}; two or more make life easier for the wounded and their moves harder to follow
validate-few-hospitals = the maze has { $n ->
    [one] only one hospital
   *[other] { $n } hospitals
}; two or more make life easier for the wounded and their moves harder to follow
validate-hospital-next-to-arsenal = this hospital is next to the arsenal at { $arsenal }; a wounded player heals and rearms at once, and the fight can go round in circles
validate-no-false-treasure = there is no false treasure; put at least one (a `fake` item)
validate-too-many-false-treasures = { $n } false treasures for { $players ->
    [one] { $players } player
   *[other] { $players } players
}; there should be no more false treasures than players
validate-mouth-one-way-out = { $n ->
    [0] this mouth has no way out
   *[other] this mouth has only one way out
} (its other sides are walls or inflowing rivers): a strong attractor where players gather
validate-mouths-side-by-side = this mouth is next to the mouth at { $other }; two mouths side by side are a strong attractor
validate-no-rivers = the maze has no river; rivers make the treasure and the exits harder to reach
validate-no-encephalitis = encephalitis is in play but no cell has it; ticks make the treasure and the exits harder to reach
validate-treasure-near-exit = { $treasure ->
    [true] the true treasure
   *[fake] a false treasure
} lies { $place ->
    [here] on a cell with an exit
   *[next] next to the exit at { $exit }
}; a treasure, especially the true one, should not lie near an exit
