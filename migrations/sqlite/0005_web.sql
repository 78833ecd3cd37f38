-- The local web chat: a fourth platform, and the chat's own history.
--
-- 1. `games`, `outbox` and `inbound` check their platform against a list; they are rebuilt (SQLite
--    cannot alter a CHECK in place) to take 'web' too, by the procedure of 0004, with the same
--    columns, keys, indexes and data.
-- 2. The web chat is its own platform server as well as its adapter: it keeps who may write under
--    which name, its rooms, and every message shown in a room or a private chat, so that a reloaded
--    page shows the history and a restart loses none of it.

CREATE TABLE games_new (
    id          INTEGER PRIMARY KEY,
    platform    TEXT    NOT NULL CHECK (platform = 'telegram' OR platform = 'discord' OR platform = 'script'
                                     OR platform = 'web'),
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

CREATE TABLE outbox_new (
    id                   INTEGER PRIMARY KEY,
    platform             TEXT    NOT NULL CHECK (platform = 'telegram' OR platform = 'discord' OR platform = 'script'
                                     OR platform = 'web'),
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
    platform    TEXT    NOT NULL CHECK (platform = 'telegram' OR platform = 'discord' OR platform = 'script'
                                     OR platform = 'web'),
    key         TEXT    NOT NULL,
    at          INTEGER NOT NULL,
    PRIMARY KEY (platform, key)
) WITHOUT ROWID;
INSERT INTO inbound_new (platform, key, at) SELECT platform, key, at FROM inbound;
DROP TABLE inbound;
ALTER TABLE inbound_new RENAME TO inbound;

CREATE TABLE web_users (
    id          INTEGER PRIMARY KEY,
    -- The name as chosen, shown to everyone.
    name        TEXT    NOT NULL,
    -- The name folded to lower case: "Ann" and "ann" are one person.
    name_key    TEXT    NOT NULL UNIQUE,
    -- SHA-256 of the secret the browser holds in its cookie, in hex: the secret itself is never
    -- stored, so the file does not let anyone write as someone else.
    token_hash  TEXT    NOT NULL UNIQUE,
    created_at  INTEGER NOT NULL
);

CREATE TABLE web_rooms (
    name        TEXT    PRIMARY KEY,
    -- Who opened the room (wrote in it first): its admin, as a group's administrator is.
    opener      INTEGER NOT NULL REFERENCES web_users (id),
    created_at  INTEGER NOT NULL
);

CREATE TABLE web_messages (
    id          INTEGER PRIMARY KEY,
    -- Raised at every insert and edit, across all chats: a page asks for what changed after the
    -- last one it saw.
    rev         INTEGER NOT NULL UNIQUE,
    chat_kind   TEXT    NOT NULL CHECK (chat_kind = 'room' OR chat_kind = 'private'),
    -- The room's name, or the id of the user whose private chat with the master it is.
    chat        TEXT    NOT NULL,
    -- The writer (a web user's id), or NULL for the master.
    author      INTEGER REFERENCES web_users (id),
    text        TEXT    NOT NULL,
    -- Rows of buttons as JSON, or NULL.
    buttons     TEXT,
    picture     BLOB,
    file_name   TEXT,
    file_text   TEXT,
    -- The outbox message it shows (with the part of it), so a delivery repeated after a crash is
    -- shown once.
    delivery    TEXT    UNIQUE,
    -- The key the page sent with a user's message, so a message sent again is shown once.
    client_key  TEXT    UNIQUE,
    at          INTEGER NOT NULL
);
CREATE INDEX web_messages_by_chat ON web_messages (chat_kind, chat, rev);

-- Every reference still holds, or the migration fails: json() of a text that is not JSON raises.
SELECT json(CASE WHEN EXISTS (SELECT 1 FROM pragma_foreign_key_check) THEN 'a broken reference'
                 ELSE '0' END);
