# store messages (en): what a player may read when the game's records refuse something.
store-chat-busy = A game is already running in this chat. Finish or abort it before starting another.
store-conflict = The game changed while your message was being handled. Please send it again.
store-duplicate = This message was handled already.
store-no-game = That game no longer exists.
store-bad-export = This file is not a game export the master can read.
store-unavailable = The master cannot reach the game records just now. Please try again in a minute.
