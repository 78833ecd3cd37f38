-- Storage that stays small over months of play.
--
-- 1. `files`: pictures (and any other bytes a message carries) stored once, as BLOBs addressed by
--    the SHA-256 of their bytes, so that a picture sent to five players, or shown again in the web
--    chat's history, is kept once. Rows are referred to by `outbox.picture` and
--    `web_messages.picture_hash`; a file neither refers to is deleted by the store's pruning.
-- 2. `outbox.picture`: the hash of the message's picture. The payload stays JSON without binary:
--    until now the picture was kept inside it as an array of byte numbers (about 3.6 times its
--    size). Existing rows are converted when the store opens (hashing needs code SQLite lacks):
--    see `bot-core/src/store/convert.rs`.
-- 3. `web_messages.picture_hash`: the same for the web chat's history; its `picture` BLOB column
--    is emptied by that conversion and no longer written.
-- 4. `outbox_sent`: pruning finds sent and dropped messages by age without reading the table.
--
-- The file is moved to incremental auto-vacuum when the store opens (`PRAGMA auto_vacuum` cannot
-- change inside a migration's transaction), so that pruning gives space back to the disk.

CREATE TABLE files (
    -- SHA-256 of `bytes`, in lower-case hex.
    hash        TEXT    PRIMARY KEY,
    bytes       BLOB    NOT NULL,
    -- Its length in bytes, for `gm db stats` without reading the BLOBs.
    size        INTEGER NOT NULL CHECK (size >= 0),
    -- When it was first stored.
    created_at  INTEGER NOT NULL
);

ALTER TABLE outbox ADD COLUMN picture TEXT;
CREATE INDEX outbox_by_picture ON outbox (picture) WHERE picture IS NOT NULL;
CREATE INDEX outbox_sent ON outbox (coalesce(sent_at, dropped_at))
    WHERE sent_at IS NOT NULL OR dropped_at IS NOT NULL;

ALTER TABLE web_messages ADD COLUMN picture_hash TEXT;
CREATE INDEX web_messages_by_picture ON web_messages (picture_hash) WHERE picture_hash IS NOT NULL;
CREATE INDEX web_messages_by_age ON web_messages (at);
