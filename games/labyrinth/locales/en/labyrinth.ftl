# The master's words in the Labyrinth game (en), rendered by bot-core/src/labyrinth/game/narrate.rs.
#
# Every phrase is a clause written as it stands inside a sentence, from a small letter: the narrator
# joins the clauses of one turn ("you walked onto land" + "you found a treasure" → "You walked onto
# land. You found a treasure."), capitalizes the start of each sentence and ends it with a full stop.
# A phrase that ends with "!" or "?" ends its sentence itself. $name is a player's name, shown as is.
# Terse, in the register of the Russian rule book; numbers up to ten are words.

## Joining

# Between a clause and its consequences: English says them as separate sentences.
lab-then = {". "}
# Between the items of a list, and before its last item ("a treasure, two bullets and a corpse").
lab-list-comma = {", "}
lab-list-and = {" and "}

## Numbers and counted nouns
# $n the number; $case nom or acc (English does not need it); $form some (a bullet),
# the (the treasure) or count (one bullet).

lab-num = { $n ->
    [0] zero
    [1] one
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
    [10] ten
   *[other] { $n }
}

lab-count-treasure = { $n ->
    [0] no treasures
    [1] { $form ->
        [count] one treasure
        [the] the treasure
       *[some] a treasure
    }
   *[other] { lab-num } treasures
}
lab-count-corpse = { $n ->
    [0] no corpses
    [1] { $form ->
        [count] one corpse
        [the] the corpse
       *[some] a corpse
    }
   *[other] { lab-num } corpses
}
lab-count-mine = { $n ->
    [0] no mines
    [1] { $form ->
        [count] one mine
        [the] the mine
       *[some] a mine
    }
   *[other] { lab-num } mines
}
lab-count-bullets = { $n ->
    [0] no bullets
    [1] { $form ->
        [count] one bullet
        [the] the bullet
       *[some] a bullet
    }
   *[other] { lab-num } bullets
}
lab-count-grenades = { $n ->
    [0] no grenades
    [1] { $form ->
        [count] one grenade
        [the] the grenade
       *[some] a grenade
    }
   *[other] { lab-num } grenades
}
lab-count-bombs = { $n ->
    [0] no bombs
    [1] { $form ->
        [count] one bomb
        [the] the bomb
       *[some] a bomb
    }
   *[other] { lab-num } bombs
}
lab-count-knives = { $n ->
    [0] no knives
    [1] { $form ->
        [count] one knife
        [the] the knife
       *[some] a knife
    }
   *[other] { lab-num } knives
}
lab-count-cement = { $n ->
    [0] no cement
    [1] { $form ->
        [count] one bag of cement
        [the] the bag of cement
       *[some] a bag of cement
    }
   *[other] { lab-num } bags of cement
}
lab-count-move = { $n ->
    [0] no moves
    [1] { $form ->
        [count] one move
        [the] the move
       *[some] a move
    }
   *[other] { lab-num } moves
}
lab-count-round = { $n ->
    [0] no rounds
    [1] { $form ->
        [count] one round
        [the] the round
       *[some] a round
    }
   *[other] { lab-num } rounds
}
lab-count-reorder = { $n ->
    [0] no re-orders
    [1] { $form ->
        [count] one re-order
        [the] the re-order
       *[some] a re-order
    }
   *[other] { lab-num } re-orders
}

## Cell types (Б §4): $cell is land, hospital, arsenal, pit, river, mouth or encephalitis.

# Where to: "you walked onto land".
lab-cell-into = { $cell ->
    [land] onto land
    [hospital] into a hospital
    [arsenal] into an arsenal
    [pit] into a pit
    [river] into a river
    [mouth] into a river mouth
    [swamp] into a swamp
    [outlet] onto a pit's exit
   *[encephalitis] into an encephalitis cell
}
# Where: "starts on land".
lab-cell-at = { $cell ->
    [land] on land
    [hospital] in a hospital
    [arsenal] in an arsenal
    [pit] in a pit
    [river] in a river
    [mouth] at a river mouth
    [swamp] in a swamp
    [outlet] on a pit's exit
   *[encephalitis] in an encephalitis cell
}

## Turns and the start (Б §6.1–§6.2)

lab-turn = { $name }, your move
lab-round = round { $n }
lab-starts-on = { $name } starts { lab-cell-at }

## Movement (Б §2.2, §4)

lab-arrived-walked = you walked { lab-cell-into }
lab-arrived-along-river = { $cell ->
    [mouth] along the river to its mouth
   *[river] along the river
}
lab-arrived-carried = { $cell ->
    [mouth] you're in a river; the current carried you to its mouth
   *[river] you're in a river; the current carried you on
}
lab-arrived-with-current = you swam with the current { lab-cell-into }
lab-arrived-through-pit = you fell into a pit
lab-arrived-along-cycle = along the pit cycle, into a pit
lab-bumped = wall — you can't go there
lab-bumped-carried = wall — you can't go there; the current carried you { lab-cell-into }
lab-inflow = you can't — a river flows in there
lab-went-out = you walked out of the maze

## What lies on the cell (Б §3.3, §5.1, §5.8)

lab-found = you found { $things }
lab-picked-up = you took { $things }
lab-which-treasure = { $carrying ->
    [yes] { $n ->
        [1] you carry a treasure and found another: which do you take, the old one or the new one?
       *[other] you carry a treasure, and there are { $treasures } here: do you keep yours, or take the bottom one, the second from the bottom, … or the top one?
    }
   *[no] { $n ->
        [2] there are two treasures here: which do you take, the bottom one or the top one?
       *[other] there are { $treasures } here: which do you take — the bottom one, the second from the bottom, … or the top one?
    }
}
lab-kept-treasure = you kept your treasure
lab-exchanged = you left { $thing } in exchange

## Cells' effects (Б §4.2, §4.3, §4.7)

lab-healed = { $immune ->
    [yes] you are healed and now immune to encephalitis
   *[no] you are healed
}
lab-refilled = you have { $bullets } and { $grenades }
lab-tick-woken = you woke the tick
lab-infected = you caught encephalitis
lab-infected-moves = you caught encephalitis; { $n ->
    [0] you have no time to reach a hospital
   *[other] you have { $moves } to reach a hospital
}
lab-cure-left = { $n ->
    [0] no moves left to reach a hospital
   *[other] { $moves } left to reach a hospital
}
# The same said of a player, in the start's announcement to all (Б §6.2).
lab-found-of = { $name } finds { $things }
lab-picked-up-of = { $name } takes { $things }
lab-exchanged-of = { $name } leaves { $thing } in exchange
lab-refilled-of = { $name } has { $bullets } and { $grenades }
lab-refilled-knives = you have { $bullets }, { $grenades } and { $knives }
lab-refilled-knives-of = { $name } has { $bullets }, { $grenades } and { $knives }
lab-tick-woken-of = { $name } woke the tick
lab-cremated = the corpse was taken away and cremated
lab-mine-exploded = a mine went off

## Shots, grenades, things (Б §5.2, §5.4, §5.5, §5.7; В §5.4, §5.5)

lab-shot = { $scream ->
    [yes] a scream is heard
   *[no] no scream
}; { $n ->
    [0] you have no bullets left
   *[other] you have { $bullets } left
}
lab-shot-wasted = a shot from a hospital or an arsenal hits nobody, and the bullet is spent; { $n ->
    [0] you have no bullets left
   *[other] you have { $bullets } left
}
lab-hit-wounded = { $name } is wounded
lab-hit-killed = { $name } is killed
lab-hit-nobody = nobody was hit
lab-caught = you caught { $things } on the fly
lab-blown = { $result ->
    [broke] the wall blew up
    [held] the wall held
    [no-wall] there was no wall
   *[untold] the { $bomb ->
        [yes] bomb
       *[no] grenade
    } went off
}; { $n ->
    [0] you have no { $bomb ->
        [yes] bombs
       *[no] grenades
    } left
   *[other] you have { $grenades } left
}
lab-left-here = you left { $thing } here
lab-at-feet = { $thing } fell at your feet
lab-thrown = you threw { $thing } { $dir ->
    [up] up
    [down] down
    [left] to the left
    [higher] to the level above
    [lower] to the level below
   *[right] to the right
}
lab-mine-set = your mine is set

## Parts of an order that cannot be done (Б §6.5)

lab-cannot = that won't work: { $why ->
    [no-bullets] you have no bullets
    [no-grenades] you have no grenades
    [no-bombs] you have no bombs
    [no-knives] you have no knives
    [no-cement] you have no cement
    [no-boomerang] you have no boomerang
    [no-mine] you have no mine
    [too-weak] the wounded and the sick cannot do that
    [no-shooting-here] no shooting from a hospital or an arsenal
    [outside] outside the maze you can only shoot or step back in
   *[wet-powder] your powder got wet in the river
}
lab-cannot-carrying = that won't work: you have no { $kind ->
    [treasure] treasure
    [corpse] corpse
    [mine] mine
    [bullets] bullets
   *[grenades] grenades
}

## Skips, dark and half-dark orders (Б §6.6–§6.8)

lab-skipped = turn skipped
lab-stabbed = { $scream ->
    [yes] the knife struck and a scream is heard
   *[no] the knife struck nobody
}; { $n ->
    [0] you have no knives left
   *[other] you have { $knives } left
}
lab-kicked = { $hit ->
    [yes] you hit someone: he loses his next move
   *[no] nobody there: you broke your legs and lose your next move
}
lab-sits-out = { $name } loses this move: { $why ->
    [kicked] kicked
    [swamp] stuck in a swamp
   *[broken-legs] broken legs
}
lab-again = the wall did not cost your move: move again
lab-one-way = you passed a one-way wall
lab-mauled = { $name } ran into the bear and is wounded
lab-bear-wounded = a roar: the bear is wounded and goes back to his den
lab-banked = the treasure is true and yours to keep: you have carried out { $mine }; { $n ->
    [0] none is left in the maze
   *[other] { $left } still in the maze
}
lab-back-in = you are back in the maze, on the cell by the exit
lab-outer-wall = it is the outer wall
lab-through-blown = you passed where a wall was blown
lab-evacuated = { $name } is wounded and carried off to a hospital, where he is healed
lab-built = { $result ->
    [built] you put up a wall
    [nothing] the cement set, but no new wall stands there
   *[untold] the cement is laid
}; { $n ->
    [0] you have no cement left
   *[other] you have { $cement } left
}
lab-boomerang = { $scream ->
    [yes] a scream is heard
   *[no] no scream
}; { $back ->
    [yes] the boomerang came back to you
   *[no] the boomerang hit a wall and broke
}
lab-stocked = you also have { $things }
lab-stocked-of = { $name } also has { $things }
lab-stocked-boomerang = { $has ->
    [yes] a boomerang
   *[no] no boomerang
}
lab-was-rubber = { $room ->
    [yes] you were in a rubber room: those steps were bumps into rubber walls
   *[no] there was a rubber wall: that step of yours only bounced you back
}
lab-dark = understood — no result will be told
lab-half-dark = { $wall ->
    [yes] you can't, there is a wall
   *[no] no wall
}

## Wounds, re-orders, deaths (Б §3.4, §5.5)

lab-wounded = { $name } is wounded
lab-reorder-offer = { $n ->
    [0] you may choose a new cell; this is your last re-order
   *[other] you may choose a new cell, leaving you { $reorders }
}
lab-reordered = you go on from { $cell }
lab-reordered-secret = a new cell was chosen
lab-died = { $name } is dead
lab-dust = the treasure crumbled to dust! Step back into the maze on your next move
lab-lost = { $name } did not step back in and is out of the game
lab-removed = { $name } did not name a move in time and is out of the game
lab-removed-left = { $name } is out of the game; his corpse and everything he had stay in the maze
lab-alone = { $n ->
    [0] you are the last one left in the maze, but you have no moves left to carry out the treasure
   *[other] you are the last one left in the maze: you have { $moves } to carry out the treasure
}

## The end (Б §3.4–§3.6, §4.6, §5.2, §6.6)

lab-quiet = { $rounds } without change...
lab-over = { $end ->
    [treasure] { $name } carried out the true treasure and wins! Game over
    [most-treasures] every true treasure is out; { $name } carried out the most and wins! Game over
    [treasures-shared] every true treasure is out, the most of them by more than one — game over, DRAW!
    [last-standing] { $name } is the last one left in the maze and wins! Game over
    [treasure-lost] the true treasure is lost — game over, DRAW!
    [all-skipped] everybody skipped a turn — game over, DRAW!
    [nstop] Nstop rounds without change — game over, DRAW!
   *[nobody-left] nobody can win any more — game over, DRAW!
}

## A player's status (Б §6.4)

lab-status-wounded = wounded
lab-status-sick = sick with encephalitis
lab-status-dead = you are dead
lab-status-immune = immune to encephalitis
lab-status-reorders = { $reorders } left
lab-status-boomerang = a boomerang
lab-status-outside = you are outside the maze; step back in on your next move
labyrinth-title = Labyrinth

## Help
lab-help-intro = { $code ->
    [quantum] Labyrinth (Terra incognita), the quantum code (Kodex, part В): a maze only the master sees. Each of you starts on a cell of your choice, told to nobody, and plays blind. A turn is one action: a move of one cell (up, down, left, right), a shot, a grenade, setting a mine, or leaving or throwing a thing. I say only what you run into — a wall, a river, a pit, an arsenal (bullets and grenades), a hospital (heals), a treasure. Find the true treasure and carry it out through an exit. A shot reaches only the next cell (or your own: "shoot here") and spends the bullet even when it hits nobody; fired from an arsenal or a hospital it hits nobody. A wounded player drops the treasure, corpse or mine he carried but keeps his bullets and may shoot; a second wound kills. Grenades break walls. Draw the maze on paper as you learn it.
    [wiki] Labyrinth (Terra incognita) as the encyclopedia tells it: a maze only the master sees. Each of you starts on a cell of your choice, told to nobody, and plays blind. A turn is one action: a move of one cell (up, down, left, right), a skip, a shot, the knife or a bomb. You start with nothing; an arsenal gives 3 bullets, 3 knives and 3 bombs. I say only what you run into — a wall, a river (it carries you two cells), a pit (it takes you to the next one), an arsenal, a hospital (heals), the treasure. Find the treasure and carry it out through an exit. A bullet flies to the first wall or player and wounds him, the knife wounds whoever shares your cell, a bomb breaks a wall; the wounded use no weapon and carry no treasure until a hospital heals them, and nobody dies. Draw the maze on paper as you learn it.
   *[classic] Labyrinth (Terra incognita), the classic code (Kodex, part Б): a maze only the master sees. Each of you starts on a cell of your choice, told to nobody, and plays blind: on your turn you move one cell (up, down, left, right) and may shoot or throw a grenade before or after. I say only what you run into — a wall, a river that carries you, a pit, an arsenal (bullets and grenades), a hospital (heals), a treasure. Find the true treasure and carry it out through an exit. A bullet flies until it meets a wall or a player and wounds him: the wounded drop their bullets and what they carried, and carry nothing until healed; a second wound kills. Grenades break walls. Draw the maze on paper as you learn it.
}
lab-help =
    /newgame labyrinth cylinder — the 8x8 maze with glued edges, creatures and no turn order: queue several moves at once ("north, north, east").
    /newgame labyrinth classic|quantum|wiki [key=value …] — open a game (size=6x5, plan=own, order=join, deadline=24h, missed=3, seed=N and the ruleset's options; wiki is the encyclopedia's game, whose modifications are options too: swamps=yes, bear=mimic, cement=yes, boomerang=2 …; size=5x5x2 is a 3-D maze of two levels, where "up" and "down" climb stairs and "forward", "back" go along a level; queue=on lets you send several turns at once, "up; up; left, expect C5")
    Orders go in the group in plain words: "go up then shoot left", "/move up"; in wiki also "stab", "kick", "build a wall up", "throw the boomerang left" where agreed. /rules lists what is on.
    Privately: your start cell, /status, a new cell when wounded. In several games, start with the game's number: "#12 B2".

## Queued play (queue=on)
lab-queue-option = write queue=on or queue=off
lab-queue-rules = Queued play: send the orders of several turns at once, any time, in the group or privately ("up; up; shoot left, go down; expect C5"). Each is played when its turn comes; a round waits for those with nothing queued until its deadline, then skips them. A queue stops at a wound, at the master's question which treasure you take, at an order refused when its turn comes, and where you are not on the cell you said you expected.
lab-queue-part = «{ $part }»: { $why }
lab-queue-not-a-turn = this is not a turn's order; send orders only, one turn after another
lab-queue-expect = name the cell you expect after a turn, as in "up, expect C5"
lab-queue-too-many = at most { $n } turns at once
lab-queue-waiting = { $name }: { $n ->
        [one] one turn queued; it is played when its turn comes
       *[other] { $n } turns queued; each is played when its turn comes
    }.
lab-queue-played = Played: see the group.
lab-queue-status = Queued: { $turns }.
lab-queue-status-empty = Nothing queued.
lab-queue-halt-wounded = you are wounded
lab-queue-halt-asked = the master asks which treasure you take (old or new)
lab-queue-halt-expect = you are not on { $cell }, where you expected to be
lab-queue-halt-refused = «{ $order }» cannot be played: { $why }
lab-queue-halted = Your queue stopped: { $why }. { $n ->
        [0] Send your next orders.
        [one] One more turn was dropped; send new orders.
       *[other] { $n } more turns were dropped; send new orders.
    }
lab-queue-turn = { $name }: «{ $order }»
lab-queue-lapsed = { $name }'s turn is skipped: nothing was queued for it in time.

## /rules in sentences: every option of the ruleset as agreed (table/rules.rs)
lab-rules-code = { $code ->
    [quantum] Labyrinth by the quantum code (Kodex, part В): a turn is one action — a move, a shot, a grenade, setting a mine, or leaving or throwing a thing.
    [wiki] Labyrinth as the encyclopedia tells it: a turn is one action — a move, a skip, a shot, the knife or a bomb. Everyone starts with nothing, and nobody dies.
   *[classic] Labyrinth by the classic code (Kodex, part Б): a turn is one movement, with any actions before or after it.
}
lab-rules-maze = The maze:
lab-rules-orders = Orders:
lab-rules-arms = Weapons and wounds:
lab-rules-start-end = Start and end:
lab-rules-modifications = Agreed modifications (the encyclopedia's):
lab-rules-rivers = { $rivers ->
    [deep] Rivers are deep: whoever is in a river is carried one cell downstream each move.
    [shallow] Rivers are shallow: only whoever enters a river is carried; then one walks along it, and cannot leave a mouth against a river flowing into it.
    [torrential] Rivers are torrential: whoever enters a river is carried straight to its mouth.
   *[swift] Whoever enters a river is carried two cells downstream, a mouth stopping him; whoever stays in it floats on two cells a move.
}
lab-rules-open-exit = { $on ->
    [yes] At least one exit is open at the start.
   *[no] Every exit may be closed at the start.
}
lab-rules-closed-exits = { $on ->
    [yes] An exit may be closed by a wall that a grenade breaks.
   *[no] No exit is closed by a wall.
}
lab-rules-chains = Land, hospitals, arsenals and mouths form unbroken chains joining opposite walls.
lab-rules-encephalitis = { $on ->
    [yes] Encephalitis ticks are in play: { $limited ->
        [yes] the sick must reach a hospital in the time the plan sets, or die.
       *[no] the sick have no time limit to reach a hospital.
    }
   *[no] No encephalitis.
}
lab-rules-mines = { $on ->
    [yes] Mines are in play; { $start ->
        [yes] each player starts with one
       *[no] nobody starts with one
    }; { $throw ->
        [yes] an armed mine may be thrown to a neighbouring cell.
       *[no] a mine may be set on one's own cell only.
    }
   *[no] No mines.
}
lab-rules-floating = Things in rivers drift downstream every round.
lab-rules-limits = Agreed counts: { $list }.
lab-rules-limit = { $key ->
    [max_pits] at most { $n } { $n ->
        [one] pit
       *[other] pits
    }
    [max_pit_cycles] at most { $n } pit { $n ->
        [one] cycle
       *[other] cycles
    }
    [max_pit_cycle_len] at most { $n } { $n ->
        [one] pit
       *[other] pits
    } in a cycle
    [max_river_systems] at most { $n } river { $n ->
        [one] system
       *[other] systems
    }
    [max_tributaries] at most { $n } { $n ->
        [one] river
       *[other] rivers
    } flowing into one cell
    [max_river_len] at most { $n } { $n ->
        [one] cell
       *[other] cells
    } in a river system
    [arsenals] { $n } { $n ->
        [one] arsenal
       *[other] arsenals
    }
    [hospitals] { $n } { $n ->
        [one] hospital
       *[other] hospitals
    }
    [treasures] { $n } { $n ->
        [one] treasure
       *[other] treasures, true and false
    }
    [max_inner_walls] at most { $n } inner { $n ->
        [one] wall
       *[other] walls
    }
   *[exits] { $n } { $n ->
        [one] exit
       *[other] exits
    }
}
lab-rules-conditional = { $on ->
    [yes] Conditional orders are allowed ("if wall then shoot up").
   *[no] Conditional orders are not allowed.
}
lab-rules-dark = { $on ->
    [yes] Dark orders ("don't tell the result") are allowed.
   *[no] Dark orders are not allowed.
}
lab-rules-half-dark = { $on ->
    [yes] Half-dark orders ("tell only if wall") are allowed.
   *[no] Half-dark orders are not allowed.
}
lab-rules-throwing = { $on ->
    [yes] Things may be thrown to a neighbouring cell.
   *[no] Things may only be left, not thrown.
}
lab-rules-skip = { $on ->
    [yes] A turn may be skipped.
   *[no] Turns may not be skipped.
}
lab-rules-repeats = A move that cannot change anything, such as bumping the same wall again, is refused.
lab-rules-shot-range = { $n ->
    [0] A bullet flies until it meets a wall or a player.
    [1] A bullet reaches only the next cell.
   *[other] A bullet flies up to { $n } cells.
}
lab-rules-depots = { $on ->
    [yes] Bullets fly through arsenals and hospitals.
   *[no] Arsenals and hospitals stop bullets, and a shot fired in one hits nobody.
}
lab-rules-river-shots = { $on ->
    [yes] One may shoot from a river.
   *[no] Powder gets wet in a river: nobody shoots from one.
}
lab-rules-named-target = A shot names its target and his cell, and wounds only him, if he is there.
lab-rules-blast-report = { $on ->
    [yes] The master says what a blast did to the wall.
   *[no] The master does not say what a blast did.
}
lab-rules-wounded = { $on ->
    [yes] The wounded keep their bullets and may shoot.
   *[no] { $code ->
        [wiki] The wounded keep their weapons but cannot use them until healed.
       *[other] The wounded drop their bullets and cannot shoot until healed.
    }
}
lab-rules-reorders = { $on ->
    [yes] A wounded player may choose a new cell on his next turn (N−1 times a game for N players){ $mines ->
        [yes] { $after_mine ->
            [yes] , after a mine's wound too.
           *[no] , but not after a mine's wound.
        }
       *[no] .
    }
   *[no] Nobody chooses a new cell after a wound.
}
lab-rules-common-start = Everyone starts on one cell the master chooses, without bullets and grenades.
lab-rules-last-standing = { $n ->
    [0] The last one alive wins at once.
   *[other] The last one alive has { $moves } to carry the treasure out, or the game is a draw.
}
lab-rules-mod = { $mod ->
    [bear_path] A bear walks his path in the maze and wounds whoever he meets.
    [bear_mimic] A bear walks the maze repeating each player's step and wounds whoever he meets.
    [pit_exits] Pits may be pit–exit pairs: whoever falls into one comes out of its exit.
    [arsenal_kinds] Arsenals may give different things.
    [swamps] Swamps: entering one loses the next move.
    [windows] Walls may have windows: bullets fly through, players cannot pass.
    [rubber_walls] Walls may be rubber: you are told you went, and you stay.
    [one_way_walls] Walls may be one-way: open one way, a wall the other.
    [one_way_silent] Passing a one-way wall is not told.
    [several_treasures] Several treasures may be true.
    [win_all] The game is won by carrying out the most true treasures, not the first.
    [rivers_south] Every river flows south.
    [straight_rivers] Every river runs straight.
    [rivers_apart] No two rivers touch.
    [wall_keeps_turn] A wall bumped does not lose the move.
    [kick] One may kick whoever he thinks shares his cell.
    [cement] Arsenals give cement, to build a wall.
    [boomerang] Arsenals give a boomerang; it flies { $n } cells.
    [random_hospital] A wounded player is carried at once to a hospital drawn at random.
    [outer_wall_told] A bump into the outer wall is told as such.
   *[blown_told] Passing where a wall was blown is told.
}

## /newgame options refused (table/options.rs)
lab-option-unknown = there is no such option; /help shows how to open a game, and /rules in a game tells its options
lab-option-values = { $kind ->
    [yes-no] write yes or no
    [number] write a whole number, such as 2
    [rivers] rivers are deep, shallow, torrential or swift
    [bear] the bear is bear=path (he walks the plan's path), bear=mimic (he repeats each player's step) or bear=off
   *[code] the code is set by the ruleset's name: /newgame labyrinth classic, quantum or wiki
}

## A refused order's part at fault (table/fault.rs)
lab-fault-second-movement = «{ $part }» is a second movement, and a turn has exactly one (§2.1): send the turn again with one movement.
lab-fault-second-action = «{ $part }» is a second action, and a turn is exactly one action (§2.1): send one of them.
