# The Discord adapter's own words: slash command and option descriptions, acknowledgements.
discord-opt-ruleset = The rules (Labyrinth: classic or quantum)
discord-opt-game = The game (without it, buttons offer the games)
discord-opt-options = Options, e.g. size=6x5 plan=own deadline=24h
discord-opt-order = Your order, e.g. go up, or shoot left then go down
discord-opt-player = The player's name
discord-opt-vacation = How long you are away, e.g. 3d, or off
discord-opt-lang = The language of what I tell you privately
discord-done = ✓ Done
discord-said = Answered in the channel: { $text }
discord-asked = Asked in the channel, with buttons there: { $text }
discord-said-privately = ✓ Done: my answer is in your private messages.
discord-dm-closed = I cannot write to you privately, and your game's secrets are waiting there. Allow direct messages from this server's members (server menu → Privacy Settings), then write to me or press a button again.
discord-failed = Something went wrong on my side; please try again in a moment.
discord-send-again = I could not take your message just now (my database is busy): please send it again.
discord-file-too-big = That file is over { $limit }, far more than an exported game, so I did not read it and nothing changed. Send me the file that /export gave you.
discord-file-unread = I could not fetch that file from Discord, and nothing changed. Please send it again.
discord-thread = I read orders only in the game's channel itself: write yours there, as a new message.
discord-edited = I do not read edits of a message: write your order again, as a new message.
discord-answered-before-restart = ✓ Handled; I was restarted before I could say so here: the channel shows what came of it.
discord-interrupted = I was restarted before I could handle this command: please use it again.
discord-opt-tournament = new GAME [options], join, leave, start, pause, resume, cancel, kick NAME, host ID, export
