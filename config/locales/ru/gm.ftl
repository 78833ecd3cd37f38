# gm messages (ru).
