# What the Telegram adapter says itself.
telegram-anonymous = You are writing as the group (an anonymous admin) or as a channel, so I cannot tell who you are and cannot act on commands. Send the command as yourself: turn off “Remain anonymous” in your admin rights, or choose yourself as the sender, and write it again.
