# generate messages (en): why the bot could not compose a maze.
generate-too-small = A { $size } maze is too small to compose: it must be at least { $min } each way. Ask for a bigger maze, such as 5x5.
generate-players = A maze cannot be composed for { $players } players: choose from 1 to { $max } players.
generate-too-few = The ruleset agrees on { $agreed } { $limit ->
    [arsenals] arsenals, but a maze needs at least { $min } (§8.2)
    [hospitals] hospitals, but a maze needs at least { $min } (§8.2)
    [treasures] treasures, but a maze needs the true one (§8.3)
   *[exits] exits, but a maze needs at least { $min } (§8.4)
}. Change `{ $limit }` in the ruleset's limits.
generate-no-room-cells = The agreed arsenals, hospitals and treasures need { $need } cells, but a { $size } maze has { $room }. Ask for a bigger maze or agree on fewer.
generate-no-room-exits = { $need } exits are agreed, but a { $size } maze has only { $room } sides on its border. Ask for a bigger maze or agree on fewer exits.
