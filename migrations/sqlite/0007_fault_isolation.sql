-- Faults stay where they happen: a game whose saved state no longer reads is set aside
-- (quarantined) rather than loaded again and again, and an input whose handling keeps failing is
-- kept aside rather than retried for ever in front of every other chat's.
--
-- 1. `games.held_at` and `games.held_why`: when and why a game was set aside. A held game keeps its
--    row, state, players and order log untouched (an admin may `/resume` it once a fixed version
--    reads it, or `/abort` it), keeps its chat (no second game starts there meanwhile) and loses
--    its timers, so that nothing fires on it.
-- 2. `held_inputs`: inputs set aside after their handling failed a bounded number of times, kept
--    whole (the adapter's neutral message as JSON) to be handled again by `/resume`, in order.
-- 3. `timers_by_due` is rebuilt on (due_at, game_id, kind): due timers are read in bounded batches
--    in that order, each batch starting after the last key of the one before.

ALTER TABLE games ADD COLUMN held_at INTEGER;
ALTER TABLE games ADD COLUMN held_why TEXT;

CREATE TABLE held_inputs (
    id          INTEGER PRIMARY KEY,
    platform    TEXT    NOT NULL,
    -- The chat whose lane the input came through: a group's id, or `@USER` for a private chat.
    lane        TEXT    NOT NULL,
    -- The game the chat had when the input was set aside, if any (for the log and `/resume`).
    game_id     INTEGER,
    -- The input, as the session's neutral message (JSON). It may hold a player's secret: it never
    -- leaves the database but through the session.
    input       TEXT    NOT NULL,
    -- Why its last attempt failed, in words that hold no secret (an error's kind, a panic's place).
    why         TEXT    NOT NULL,
    attempts    INTEGER NOT NULL CHECK (attempts >= 1),
    held_at     INTEGER NOT NULL
);
CREATE INDEX held_inputs_by_lane ON held_inputs (platform, lane, id);

DROP INDEX timers_by_due;
CREATE INDEX timers_by_due ON timers (due_at, game_id, kind);
