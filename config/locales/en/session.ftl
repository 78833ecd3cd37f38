# The session engine: lobbies, setup, commands, deadlines (bot-core/src/session).

session-help-common =
    In the group:
    /join, /leave — take or leave a seat; /begin — start (the opener)
    /rules — the rules of this game; /status — where it stands; /games — your games
    Over days: /extend — more time for your move; /vacation 3d — days away (your deadlines stretch); privately /lang ru|en — the language I write to you in.
    Tournaments: /tournament new GAME [options] — many games, standings and ratings; /tournament join, /standings, /rating, /leaderboard GAME.
    Admins: /pause, /resume, /kick NAME, /skip, /abort, /cancel, /export, /import. /kick, /abort and /cancel ask first; “/abort yes” goes ahead at once.
session-help = I am a game master for groups. The games: { $games }. Open one with /newgame GAME, e.g. /newgame labyrinth classic; in a game's chat, /help tells its rules.
session-too-long = That message is too long to read; orders are a line or two.
session-garbled = Your message arrived garbled (some characters could not be read); please send it again.
session-no-such-game = You play in no running game #{ $id }.
session-not-playing = You are in no running game. Open one in a group with /newgame labyrinth classic.
session-no-game = There is no game in this chat; open one with /newgame labyrinth classic.
session-unknown-command = I don't know the command /{ $cmd }. /help lists them.
session-not-admin = Only the game's opener or a chat admin may do that.
session-game-line = #{ $id } in { $chat }: { $code }, { $status }
session-no-such-player = Nobody called { $name } plays here.
session-in-group = That is done in the group chat.
session-which-game = You play in several games ({ $games }): start your message with the game's number, e.g. "#12 B2", or press a button.
session-chat-busy = This chat already has a running game: finish it or /abort it first.
session-lobby = { $name } opens a game of { $game } ({ $code }). /join to play; { $name } says /begin when everyone is in.
session-lobby-master = { $name } opens a game of { $game } ({ $code }) and will be its master. /join to play; { $name } says /begin when everyone is in.
session-join-button = Join
session-bad-option = The option "{ $option }" is not understood: { $why }. Nothing was created.
session-bad-duration = give a time such as 45m, 24h or 2d
session-bad-number = give a whole number
session-join-closed = The game has begun; seats are taken.
session-already-joined = { $name }, you have a seat already.
session-master-cannot-play = { $name }, you are the master of this game and do not play.
session-table-full = The table is full.
session-joined = { $name } joins ({ $n } at the table).
session-not-in-game = You are not in this game.
session-member-gone = { $name } left the chat. Unless he comes back and writes here, he leaves the game when the deadline of his move passes.
session-left = { $name } leaves the game.
session-begun-already = The game has already begun.
session-too-few = At least { $n } players are needed to begin.
session-reminder = { $name }, it is your move: { $left } left before it is skipped.
session-deadline-missed = { $name } did not move in time: the turn is skipped.
session-not-playing-now = That is not possible at this point of the game.
session-aborted = The game is over without a result.
session-paused-now = The game is paused: no deadlines run until /resume.
session-resumed = The game goes on; the time for the move starts afresh.
session-status = { $code }, { $status }; players: { $players }; round { $round }; move: { $turn }.

## Chat bots: links, buttons, popups
session-hello = Hello! I am the Labyrinth's game master. Whatever only you may know of your games (your start cell, a wound, your status) I will write here. Games are opened in a group with /newgame; /help tells more.
session-link-no-game = That game is no longer open to join. Ask in the group for a new one (/newgame).
session-dm-blocked = { $name }, I cannot write to you privately, and the game needs to. Open a chat with me (the button below, then Start); what I have for you is waiting, nothing is lost.
session-open-chat-button = Open a chat with the master
session-press-stale = This button is from an earlier turn or game; it does nothing now.
session-press-stranger = You are not playing in this game.
session-press-not-your-turn = It is not your turn: { $name } is to move.

## The command menu of the chat platforms (one line each)
command-newgame = Open a game: /newgame labyrinth classic|quantum|wiki, /newgame saboteur, /newgame hive [options]
command-join = Take a seat in the open game
command-leave = Leave the game
command-begin = Start the game (the opener)
command-move = Make your move: /move up (Labyrinth), /move wA1 -bG1 (Hive)
command-undo = Ask to take back your last move (Hive)
command-draw = Offer or accept a draw (Hive)
command-resign = Resign the game (Hive)
command-status = Where the game stands (privately: your own status)
command-rules = The rules and options of this game
command-help = How to play with the master
command-games = Your running games
command-tournament = Tournaments: /tournament new GAME …, join, start, pause, resume, cancel, kick NAME, export
command-standings = The tournament's standings
command-rating = Your rating here (or a player's)
command-leaderboard = The best rated players here in a game
command-pause = Pause the deadlines (admins)
command-resume = Resume the deadlines (admins)
command-skip = Skip the current turn (admins)
command-kick = Remove a player, leaving his corpse (admins)
command-abort = End the game without a result (admins)
command-cancel = Cancel the game (admins)
command-export = The game as JSON, privately (admins)
session-too-few-left = Too few players are left to play: the game is called off. Open a new one with /newgame.
session-confirm = { $command } cannot be undone. Sure? (Or write “{ $command } yes”.)
session-confirm-yes = Yes, do it
session-confirm-no = No
session-kept = Nothing changed; the game goes on.
session-status-left = Time left for the move: { $left }.
session-status-out = { $name } (out)

session-stage = { $status ->
        [lobby] gathering players
        [setup] setting up
        [playing] in play
        [paused] paused
        [finished] over
       *[aborted] called off
    }
session-export-player = You play in this game: its export shows the whole maze, so it is for after the end (or for an admin who does not play).
session-export-sent = Game #{ $id } as a file. It holds the whole maze: keep it to yourself. To go on with it elsewhere, an admin writes /import in the group there and sends me this file privately.
session-export-done = { $name }, I sent you the game privately.
session-import-admins = Only a chat admin may bring a game into this group.
session-import-busy = This group has a game running: finish or abort it before bringing in another.
session-import-send = { $name }, send me the exported game's file privately within 10 minutes: it will go on in this group.
session-import-how = To bring in a game exported elsewhere: write /import in the group where it should go on, then send me its file here.
session-import-refused = That file cannot be imported: { $why }. Nothing changed.
session-imported = Game #{ $id } is imported and goes on in the group.
session-imported-group = Game #{ $id } was brought here from another installation and goes on ({ $status }). The time for the move starts afresh.
command-import = Bring in a game exported elsewhere (chat admins)

session-days = { $n }d
session-hours = { $n }h
session-minutes = { $n }m
session-seconds = { $n }s
session-turn-time = ⏳ { $left } for the move.
session-newgame-choose = Which game? Press one, or write /newgame GAME (games: { $games }).
session-newgame-unknown = There is no game "{ $game }" here. Press one, or write /newgame GAME (games: { $games }).
session-newgame-rulesets = Which rules for { $game }? Press one, or write /newgame { $word } RULESET (rulesets: { $rulesets }), then options as key=value.
session-reminder-private = Your choice is awaited: { $left } left.
session-lang-usage = Write /lang ru or /lang en: what I tell you privately will be in that language, in all your games.
session-lang-set = From now on I write to you privately in English, in all your games.
session-vacation-usage = Write /vacation 3d (at most { $cap }) to be away: the deadlines of your moves stretch over it in all your games. /vacation off ends it.
session-vacation-set = Noted: you are away for { $days }. The deadlines of your moves in all your games stretch over it.
session-vacation-off = Welcome back: your moves have their usual time again.
session-extend-not-now = There is no running move to take more time for.
session-extend-not-yours = Only the player whose move it is may take more time for it.
session-extend-used = You have taken more time { $n } times in this game already; that is all it allows.
session-extended = { $name } takes { $more } more for this move ({ $used } of { $times }): { $left } left.
session-status-away = Away: { $names }.
session-status-extended = More time taken: { $names }.
session-bad-extend = give times and a duration, such as 2x12h
command-extend = More time for your move
command-vacation = Days away: your deadlines stretch
command-lang = Your language for private messages
session-undelivered = One of my messages to you could not be delivered ({ $why }), so it is skipped and the game goes on. If you miss something, ask in the game's chat.
session-move-no-game = No game runs in this chat, so there is nothing to move. /newgame opens one; /help says how to play.
session-move-elsewhere = No game runs in this chat. { $n ->
    [one] Your game runs in { $chats }: write your move there.
   *[other] Your games run in { $chats }: write your move in the game's chat.
}
session-addressed-only =
    In a group where it is not an administrator, this bot hears only commands, replies to its messages and messages that begin with @{ $bot } (its privacy mode is on): plain words do not reach it. Give orders as /move followed by the order, as a reply to one of its messages, or beginning with @{ $bot }.
    To let it hear plain words, make it an administrator of the group, or turn its privacy mode off with @BotFather (/setprivacy) and add it to the group again.
