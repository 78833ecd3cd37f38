-- Leases, so that several bot processes on one database (PostgreSQL) share the work without doing
-- it twice: a process takes a message to send, or a due timer to fire, for a while. Once the lease
-- runs out (the process died with it), another process takes it over. One process on a SQLite file
-- takes the same leases, alone.

-- Who is sending the message (a process's name, see `Store::owner`) and until when (ms).
ALTER TABLE outbox ADD COLUMN leased_by TEXT;
ALTER TABLE outbox ADD COLUMN leased_until INTEGER;

-- Who is firing the timer and until when (ms); a timer set again is free again.
ALTER TABLE timers ADD COLUMN claimed_by TEXT;
ALTER TABLE timers ADD COLUMN claimed_until INTEGER;
