-- Leases of messages to send and timers to fire, as the SQLite migration of the same number
-- describes.
ALTER TABLE outbox ADD COLUMN leased_by TEXT, ADD COLUMN leased_until BIGINT;
ALTER TABLE timers ADD COLUMN claimed_by TEXT, ADD COLUMN claimed_until BIGINT;
