# Tournaments: /tournament, /standings, /rating, /leaderboard.

tour-new-usage = Write /tournament new GAME [RULESET] [key=value …], for example "/tournament new labyrinth classic format=series games=3 deadline=24h" or "/tournament new hive format=round-robin". Formats: round-robin (cycles=2 for a double one) and swiss (rounds=N) for games of two; series (games=N) and tables (table=4 rounds=N) for games of more. Scoring: treasure=3 last=2 draw=1 win=1 half=0.5 loss=0 bye=1.
tour-bad-format = `{ $format }` is not a format: write format=round-robin, swiss, series or tables.
tour-busy = This chat already has an open tournament: /tournament shows it; its director can /tournament cancel it.
tour-none = This chat has no tournament. /tournament new GAME opens one.
tour-not-director = Only the tournament's director or a chat admin can do that.
tour-not-started = The tournament has not started yet: /tournament start when everyone has joined.
tour-about = { $game }, { $format }{ $rounds ->
        [-1] {""}
        [one] , one round
       *[other] , { $rounds } rounds
    }
tour-opened = { $name } opens a tournament: { $about }. /tournament join (or the button) to enter; { $name } says /tournament start when everyone is in.
tour-join-button = Join the tournament
tour-joined = { $name } enters the tournament ({ $n } in).
tour-left = { $name } leaves the tournament.
tour-withdrawn = { $name } withdraws from the tournament: the games still to play are forfeited.
tour-started = The tournament starts with { $n } players: { $about }.
    { $schedule }
tour-round = Round { $round }:
tour-bye = { $name }: a bye
tour-next-round = Round { $round }:
    { $schedule }
tour-game-opens = Round { $round }, game { $game }: { $names } — in { $chat }.
tour-your-game = Your tournament game of round { $round } begins in { $chat }.
tour-game-over = Round { $round }, game { $game } is over.
tour-standings = Standings:
    { $table }
tour-finished = The tournament is over. { $n ->
        [0] No winner.
        [one] Winner: { $names }!
       *[other] Winners: { $names }!
    }
tour-paused = The tournament is paused: games under way go on, no new game opens until /tournament resume.
tour-resumed = The tournament goes on.
tour-cancelled = The tournament is cancelled: no new game opens; games under way end by themselves and are not counted.
tour-host-usage = Write /tournament host ID in a chat that should host the tables of tournament ID.
tour-host-already = This chat already hosts that tournament (or is its own chat).
tour-hosting = This chat now hosts tables of tournament #{ $id }.
tour-summary = Tournament #{ $id }: { $about }; { $state }. { $n ->
        [0] Nobody has joined yet.
       *[other] Players: { $names }.
    }
tour-col-name = Player
tour-col-games = G
tour-col-wins = W
tour-col-draws = D
tour-col-losses = L
tour-col-firsts = 1st
tour-col-points = Pts
tour-col-buchholz = BH
tour-col-sb = SB
tour-rating-line = { $name }, { $game }: { $rating } after { $games ->
        [one] one rated game
       *[other] { $games } rated games
    }.
tour-no-rating = No rated games yet. Tournament games are rated when their round is over; /newgame … rated=yes rates a casual one when it ends.
tour-no-ratings = Nobody has a { $game } rating in this chat yet.
tour-leaderboard = The best in { $game } here:
    { $lines }
tour-leaderboard-usage = Write /leaderboard GAME, for example /leaderboard hive.
tour-rated-option = write rated=yes or rated=no
tour-err-not-enough = Not enough players: { $have } joined, the tournament needs at least { $need }.
tour-err-full = The tournament is full: its table seats at most { $max }.
tour-err-joined = { $name } has already joined.
tour-err-not-joined = You are not in this tournament.
tour-err-withdrawn = { $name } has already withdrawn.
tour-err-two-player = A { $format } tournament pairs two players a game, but { $game } seats { $min } to { $max }: choose format=series or format=tables.
tour-err-table-size = { $game } seats { $min } to { $max } players a table: write table= in that range.
tour-err-zero = The { $format } format needs at least one { $what }.
tour-err-started = The tournament has already started.
tour-err-not-running = The tournament is not running.
tour-err-internal = The tournament cannot do that now.
tour-scoring-key-value = `{ $word }`: write a scoring rule as key=value, for example treasure=3.
tour-scoring-unknown = `{ $word }` is not a scoring key of this game: write { $keys }.
tour-scoring-number = `{ $word }`: write a number, for example win=1 or half=0.5.
tour-scoring-twice = `{ $word }` is given twice: write it once.
tour-thread-name = R{ $round } G{ $game }: { $names }
tour-no-threads = I could not open a thread for round { $round }, game { $game } (may I manage topics or create threads here?). The tournament's games now play in this chat and in chats added with /tournament host, one at a time.
tour-export-player = You play at a game of this tournament under way: its export holds that game's secrets. The director, or an admin who does not play, may export it.
tour-export-sent = Tournament #{ $id } as a file, with its games under way. It holds their secrets: keep it to yourself. To go on with it elsewhere, an admin writes /import in the group there and sends me this file privately. Ratings stay here.
tour-export-done = { $name }, I sent you the tournament privately.
tour-import-busy = That group has a tournament open already: it must finish (or be cancelled) before another comes in.
tour-imported = Tournament #{ $id } is imported and goes on in the group.
tour-imported-group = Tournament #{ $id } was brought here from another installation and goes on. Its games under way go on where they are told; /standings shows where it stands.
tour-where-here = this chat
tour-where-thread = «{ $thread }» in { $group }
