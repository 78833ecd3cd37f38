-- The session engine's durable state: games and their players, the order log, the outbox of messages
-- to send, processed inbound updates, timers and a little key-value metadata.
--
-- Conventions, kept so that a PostgreSQL twin of this file differs only where it must (the key columns):
-- * Times are unix milliseconds (INTEGER), passed in by the engine; the store never reads the clock.
-- * Platform, chat and user ids are TEXT: Telegram's are 64-bit integers, Discord's snowflakes, the
--   script adapter's free names, and none of them is ever computed with.
-- * JSON columns are TEXT and opaque to the store: it writes and reads them whole.
-- * Enumerations are TEXT with a CHECK, readable in a dump and extensible by a later migration.

-- One game of one kind in one chat, from its lobby to its end.
CREATE TABLE games (
    -- The game's number, never reused while the row exists.
    id          INTEGER PRIMARY KEY,
    -- The platform of the chat the game is played in.
    platform    TEXT    NOT NULL CHECK (platform IN ('telegram', 'discord', 'script')),
    -- The platform's id of the group chat or channel.
    chat        TEXT    NOT NULL,
    -- Which game it is (`labyrinth`, later `saboteur`, `hive`); chooses the rules engine.
    kind        TEXT    NOT NULL,
    -- Where in its life the game is. `finished` and `aborted` are final; the others are "running".
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'setup', 'playing', 'paused', 'finished', 'aborted')),
    -- The whole game as the engine serialised it (JSON).
    state       TEXT    NOT NULL,
    -- Bumped by every write: a writer names the version it read, and a stale write is refused.
    version     INTEGER NOT NULL CHECK (version >= 1),
    -- When the game was created and last written.
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

-- At most one running game per chat: a second `/new` must be refused, whichever process handles it.
-- The same expression in a query's WHERE lets it use this index to list the running games.
CREATE UNIQUE INDEX games_running_per_chat ON games (platform, chat)
    WHERE status NOT IN ('finished', 'aborted');

-- The people seated in a game. The roster is rewritten whole when it changes (joins, seat draws).
CREATE TABLE players (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The player's place in the turn order, from 0.
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    -- Copied from the game, so that a user's games are found by one index.
    platform    TEXT    NOT NULL,
    -- The platform's id of the user.
    user_id     TEXT    NOT NULL,
    -- The name shown in the game's messages.
    name        TEXT    NOT NULL,
    -- The player's language for private messages: `en` or `ru`.
    lang        TEXT    NOT NULL CHECK (lang IN ('en', 'ru')),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

-- "Which games is this user in": private messages must be routed to the right game.
CREATE INDEX players_by_user ON players (platform, user_id);

-- Every accepted order, in the order accepted: the game can be replayed or audited from it.
CREATE TABLE orders (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- 1, 2, 3, ... within the game.
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    -- Who gave the order.
    user_id     TEXT    NOT NULL,
    -- The order as typed.
    text        TEXT    NOT NULL,
    -- When it was accepted.
    at          INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- Messages to send, written in the same transaction as the state that caused them, and marked sent
-- only once the platform accepted them. An id is the message's stable identity and its place in the
-- send order: new ids are above the highest, and pruning never deletes the highest row, so ids keep
-- growing without AUTOINCREMENT's extra write per insert.
CREATE TABLE outbox (
    id                   INTEGER PRIMARY KEY,
    -- Which bot sends it.
    platform             TEXT    NOT NULL CHECK (platform IN ('telegram', 'discord', 'script')),
    -- `chat` for a group chat or channel, `user` for a private message.
    target_kind          TEXT    NOT NULL CHECK (target_kind IN ('chat', 'user')),
    -- The platform's id of that chat or user.
    target               TEXT    NOT NULL,
    -- The game the message belongs to, if any; kept (as NULL) if the game is deleted.
    game_id              INTEGER REFERENCES games (id) ON DELETE SET NULL,
    -- The message itself (JSON: text, buttons, picture), as the engine rendered it.
    payload              TEXT    NOT NULL,
    created_at           INTEGER NOT NULL,
    -- When the platform accepted it; NULL while unsent.
    sent_at              INTEGER,
    -- The platform's id of the sent message, for later edits.
    platform_message_id  TEXT,
    -- When the sender gave up on it (e.g. a user who blocked the bot); it then no longer holds back
    -- later messages to the same target.
    dropped_at           INTEGER,
    -- Failed sending attempts so far.
    attempts             INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- Not to be tried before this time (back-off after a platform error, e.g. 429 retry_after).
    next_attempt_at      INTEGER NOT NULL DEFAULT 0
);

-- The unsent messages by target, in order: "is there an earlier unsent message for this target?"
CREATE INDEX outbox_pending ON outbox (platform, target_kind, target, id)
    WHERE sent_at IS NULL AND dropped_at IS NULL;

-- Inbound platform updates already processed, so that a redelivered one does nothing twice. Stored
-- in its key's order (WITHOUT ROWID) and with no index on the time: each accepted input writes one
-- page here, not three. Pruning old keys, rare, scans the table.
CREATE TABLE inbound (
    platform    TEXT    NOT NULL CHECK (platform IN ('telegram', 'discord', 'script')),
    -- The adapter's key of the update: an update id, a message id, an interaction id.
    key         TEXT    NOT NULL,
    -- When it was processed; old keys can be pruned once the platform no longer redelivers them.
    at          INTEGER NOT NULL,
    PRIMARY KEY (platform, key)
) WITHOUT ROWID;

-- Small settings the bots keep between runs, e.g. the Telegram update offset.
CREATE TABLE meta (
    key         TEXT    PRIMARY KEY,
    value       TEXT    NOT NULL
);

-- Deadlines, reminders and other things a game waits for; at most one of each kind per game.
CREATE TABLE timers (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- What the timer is for: `deadline`, `reminder`, ... (distinct kinds for several reminders).
    kind        TEXT    NOT NULL,
    -- When it fires.
    due_at      INTEGER NOT NULL,
    -- What the engine needs when it fires (JSON).
    payload     TEXT    NOT NULL,
    PRIMARY KEY (game_id, kind)
);

-- "Which timers are due at time T", and the next one to sleep until.
CREATE INDEX timers_by_due ON timers (due_at);
