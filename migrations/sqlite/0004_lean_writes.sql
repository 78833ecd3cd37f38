-- Fewer b-trees written per accepted order: the same tables, rebuilt (SQLite cannot alter a CHECK or
-- a table's key in place), with the same columns and the same data.
--
-- 1. `CHECK (x IN (a, b, c))` with three or more values makes SQLite build a temporary b-tree of the
--    values for every row it writes: about eight per order, a sixth of an order's whole cost. The
--    same checks are written as ORs, which SQLite evaluates in place.
-- 2. `orders` and `timers` are looked up only by their primary key: stored WITHOUT ROWID in that key's
--    order, a write touches one b-tree instead of the table and its key's index.
--
-- SQLite's procedure for rebuilding a table: create the new one, copy, drop the old, rename the new.
-- The store runs migrations on a connection with foreign keys off, so dropping `games` does not
-- cascade to its players, orders and timers; the last statement checks that every reference still
-- holds, failing the migration (rolled back whole) otherwise.

CREATE TABLE games_new (
    id          INTEGER PRIMARY KEY,
    platform    TEXT    NOT NULL CHECK (platform = 'telegram' OR platform = 'discord' OR platform = 'script'),
    chat        TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status = 'lobby' OR status = 'setup' OR status = 'playing'
                                        OR status = 'paused' OR status = 'finished' OR status = 'aborted'),
    state       TEXT    NOT NULL,
    version     INTEGER NOT NULL CHECK (version >= 1),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
INSERT INTO games_new (id, platform, chat, kind, status, state, version, created_at, updated_at)
    SELECT id, platform, chat, kind, status, state, version, created_at, updated_at FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE UNIQUE INDEX games_running_per_chat ON games (platform, chat)
    WHERE status NOT IN ('finished', 'aborted');

CREATE TABLE orders_new (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    user_id     TEXT    NOT NULL,
    text        TEXT    NOT NULL,
    at          INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO orders_new (game_id, seq, user_id, text, at)
    SELECT game_id, seq, user_id, text, at FROM orders;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;

CREATE TABLE timers_new (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    due_at      INTEGER NOT NULL,
    payload     TEXT    NOT NULL,
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;
INSERT INTO timers_new (game_id, kind, due_at, payload)
    SELECT game_id, kind, due_at, payload FROM timers;
DROP TABLE timers;
ALTER TABLE timers_new RENAME TO timers;
CREATE INDEX timers_by_due ON timers (due_at);

CREATE TABLE outbox_new (
    id                   INTEGER PRIMARY KEY,
    platform             TEXT    NOT NULL CHECK (platform = 'telegram' OR platform = 'discord' OR platform = 'script'),
    target_kind          TEXT    NOT NULL CHECK (target_kind IN ('chat', 'user')),
    target               TEXT    NOT NULL,
    game_id              INTEGER REFERENCES games (id) ON DELETE SET NULL,
    payload              TEXT    NOT NULL,
    created_at           INTEGER NOT NULL,
    sent_at              INTEGER,
    platform_message_id  TEXT,
    dropped_at           INTEGER,
    attempts             INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at      INTEGER NOT NULL DEFAULT 0,
    slot                 TEXT,
    slot_edits           INTEGER NOT NULL DEFAULT 0 CHECK (slot_edits IN (0, 1)),
    blocked_at           INTEGER,
    parts_sent           INTEGER NOT NULL DEFAULT 0 CHECK (parts_sent >= 0)
);
INSERT INTO outbox_new (id, platform, target_kind, target, game_id, payload, created_at, sent_at,
                        platform_message_id, dropped_at, attempts, next_attempt_at, slot, slot_edits,
                        blocked_at, parts_sent)
    SELECT id, platform, target_kind, target, game_id, payload, created_at, sent_at,
           platform_message_id, dropped_at, attempts, next_attempt_at, slot, slot_edits,
           blocked_at, parts_sent FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (platform, target_kind, target, id)
    WHERE sent_at IS NULL AND dropped_at IS NULL;
CREATE INDEX outbox_slot ON outbox (platform, target_kind, target, slot, id)
    WHERE slot IS NOT NULL AND platform_message_id IS NOT NULL;

CREATE TABLE inbound_new (
    platform    TEXT    NOT NULL CHECK (platform = 'telegram' OR platform = 'discord' OR platform = 'script'),
    key         TEXT    NOT NULL,
    at          INTEGER NOT NULL,
    PRIMARY KEY (platform, key)
) WITHOUT ROWID;
INSERT INTO inbound_new (platform, key, at) SELECT platform, key, at FROM inbound;
DROP TABLE inbound;
ALTER TABLE inbound_new RENAME TO inbound;

-- Every reference still holds, or the migration fails: json() of a text that is not JSON raises.
SELECT json(CASE WHEN EXISTS (SELECT 1 FROM pragma_foreign_key_check) THEN 'a broken reference'
                 ELSE '0' END);
