# Reading players' orders from chat (bot-core/src/labyrinth/game/parse.rs).
# $word is the player's word(s) as typed, $n its number in the message, $expected one of the
# orders-expected-* messages below.

orders-not-understood = Did not understand "{ $word }" (word { $n }): expected { $expected }
orders-missing = Something is missing after "{ $word }" (word { $n }): expected { $expected }
orders-empty = There is no move in your message. Write, for example: "go up, then shoot left".
orders-too-long = The message is too long: I read at most { $cap } words. Please write your move shorter.
orders-how-many = "{ $word }" (word { $n }): how many? Put the number first, e.g. "2 bullets".
orders-number-too-big = "{ $word }" (word { $n }) is too big a number.
orders-only-one = "{ $word }" (word { $n }): you carry only one of these, leave out the number.
orders-negated-condition = "{ $word }" (word { $n }): "if not …" works only with a wall, as in "if no wall then …".
orders-else-needs-wall = "{ $word }" (word { $n }): "otherwise" may only follow "if wall" or "if no wall".
orders-unknown-player = There is no player "{ $name }" in this game.

orders-expected-action = an action — go, shoot, blow, throw, leave, set mine, skip
orders-expected-direction = a direction — up, down, left, right, with the current, along the cycle
orders-expected-aim = where to shoot — up, down, left, right or here (your own cell)
orders-expected-wall-side = which wall — up, down, left, right
orders-expected-thing = a thing — treasure, corpse, mine, bullet, grenade (with a number: "2 bullets")
orders-expected-condition = a condition — "find treasure" (a bullet, grenade, mine, corpse), "land in a pit" (river, mouth, arsenal, hospital, on land), "wall", "no wall"
orders-expected-cell = a cell such as B2
orders-expected-target-cell = the target's cell, as in "at ann on C3"
orders-expected-pick = which treasure — new, old, bottom, 2nd from bottom…
orders-expected-light = what to tell — "don't tell" or "tell only if wall"
orders-expected-negation = "don't tell", "no refill" or "no wall"
orders-expected-weapon = what to strike with — the knife or the feet
orders-expected-end = the end of the message
