# validate messages (en).
