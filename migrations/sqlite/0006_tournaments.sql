-- Play-by-message tournaments and ratings.
--
-- A tournament is kept whole as JSON, as a game is: its players, rounds, games and results, written
-- with a version that a stale write must match. Its games are ordinary rows of `games`, each of
-- which names its tournament in its own state; when one of them ends, the same commit marks the
-- tournament `dirty`, and the session then records the result, the standings and the next games in
-- commits of their own. A crash in between leaves the mark, and the work is done at the next start.

CREATE TABLE tournaments (
    -- The tournament's number, never reused while the row exists.
    id          INTEGER PRIMARY KEY,
    -- The platform and chat where the director opened it, and where its standings are posted.
    platform    TEXT    NOT NULL CHECK (platform = 'telegram' OR platform = 'discord' OR platform = 'script'
                                     OR platform = 'web'),
    chat        TEXT    NOT NULL,
    -- `lobby` (players join), `running`, `paused`, and the final `finished` and `cancelled`.
    status      TEXT    NOT NULL CHECK (status = 'lobby' OR status = 'running' OR status = 'paused'
                                        OR status = 'finished' OR status = 'cancelled'),
    -- The whole tournament as the engine serialised it (JSON).
    state       TEXT    NOT NULL,
    -- Bumped by every write: a writer names the version it read, and a stale write is refused.
    version     INTEGER NOT NULL CHECK (version >= 1),
    -- 1 when a game of it ended and its result is not recorded yet.
    dirty       INTEGER NOT NULL DEFAULT 0 CHECK (dirty = 0 OR dirty = 1),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

-- At most one open tournament per chat: its commands need no number.
CREATE UNIQUE INDEX tournaments_open_per_chat ON tournaments (platform, chat)
    WHERE status <> 'finished' AND status <> 'cancelled';

-- Tournaments with results to record, found at every tick without a scan.
CREATE INDEX tournaments_dirty ON tournaments (dirty) WHERE dirty = 1;

-- Each player's rating per kind of game and per community (the chat or server where he plays).
CREATE TABLE ratings (
    platform    TEXT    NOT NULL,
    -- The chat (or server) whose players are rated together.
    community   TEXT    NOT NULL,
    -- The game's word: `labyrinth`, `hive`, `saboteur`.
    game        TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    -- The name he last played under, for the leaderboard.
    name        TEXT    NOT NULL,
    -- The rating system's numbers (JSON), opaque to the store.
    rating      TEXT    NOT NULL,
    -- Rated games played.
    games       INTEGER NOT NULL CHECK (games >= 0),
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (platform, community, game, user_id)
);
