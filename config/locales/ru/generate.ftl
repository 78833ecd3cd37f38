# generate messages (ru).
