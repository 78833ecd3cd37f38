# gm messages (en).
