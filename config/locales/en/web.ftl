# The web chat's own refusals (the page's words are in web/assets/app.js).
web-who = Choose a name first: this page has none, or the server no longer knows it. Reload the page.
web-name-empty = A name must have at least one letter.
web-name-long = A name has at most { $max } characters.
web-name-control = A name is one line of text: no line breaks or control characters.
web-name-taken = The name { $name } is taken. Choose another, or go on in the tab or browser where you chose it.
web-flood = Too many at once: wait a moment and send again.
web-busy = The game master is busy (the database did not answer): send it again in a moment. Nothing was lost.
web-broken = This game cannot be read back; tell whoever runs the game master.
web-key = The page sent a malformed request: reload it.
web-room = A room's name is 1 to 32 letters, digits, - or _.
web-too-long = The message has { $chars } characters, at most { $max } are read. Shorten it; nothing was sent.
web-binary = That is binary data, not a message: nothing was sent.
web-empty = The message is empty.
web-no-button = That button is not on a message you can see.
web-no-message = There is no such message here.
web-file-long = The file is too long: at most { $kib } KiB. Nothing was sent.
