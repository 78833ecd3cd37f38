# generate messages (en).
