# What the chat is told when something fails in it alone: a game set aside because its saved state
# does not read back (or its deadlines keep failing), and a message whose handling kept failing.
# Each is said once; nothing of the game or the message is lost.

faults-game-held = Game #{ $id } in this chat is set aside: { $why }. Nothing of it is lost, and other chats play on. A chat admin can /resume to try it again (after the bot is updated) or /abort to end it.
faults-game-still-held = Game #{ $id } in this chat is set aside: { $why }. A chat admin can /resume to try it again or /abort to end it.
faults-game-back = Game #{ $id } reads again and goes on; the time for the move starts afresh.
faults-game-not-back = Game #{ $id } still does not read: { $why }. It stays set aside: update the bot and /resume again, or /abort it.
faults-game-aborted = Game #{ $id } is ended. Its saved state could not be read, so there is nothing to reveal; the chat is free for a new game.
faults-game-private = Your game #{ $id } is set aside: { $why }. An admin of its chat can /resume it.
faults-input-held = { $name }'s message could not be handled ({ $why }) and is kept aside; the game goes on without it. A chat admin can /resume to try it again, or /abort the game.
faults-input-held-private = Your message could not be handled ({ $why }) and is kept aside; nothing of it is lost. An admin of the game's chat can /resume to try it again.
faults-inputs-replayed = { $n ->
    [one] One message kept aside was handled again.
   *[other] { $n } messages kept aside were handled again.
}
faults-input-still-fails = A message kept aside still cannot be handled ({ $why }); it stays aside with those after it.
faults-admins = Only a chat admin may resume or abort a game that is set aside.
faults-nothing-held = Nothing is set aside in this chat.

faults-why-state = its saved state does not match this version of the bot
faults-why-kind = it is a game this version of the bot does not host
faults-why-panic = the game's code failed on it
faults-why-store = the database could not take it
faults-why-timer = its deadlines kept failing
