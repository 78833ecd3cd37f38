-- A message the platform shows as several (a long text cut in parts, a photo and its text, a grid of
-- buttons over several messages) goes out part by part. Each part sent is recorded as it goes, so
-- that after a failure or a restart the rest follows without repeating a part already shown.
ALTER TABLE outbox ADD COLUMN parts_sent INTEGER NOT NULL DEFAULT 0 CHECK (parts_sent >= 0);
