# validate messages (ru).
