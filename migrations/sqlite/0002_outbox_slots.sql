-- What the chat adapters need of the outbox beyond sending in order: editing the bot's own earlier
-- message in place, and holding a private message the platform refused until the player opens a chat.

-- The place a message holds in its chat (e.g. `status:12`, a game's status card). NULL for most.
ALTER TABLE outbox ADD COLUMN slot TEXT;
-- 1: this message replaces the last one sent in its slot (edited in place); 0: it is sent anew and
-- becomes the slot's message.
ALTER TABLE outbox ADD COLUMN slot_edits INTEGER NOT NULL DEFAULT 0 CHECK (slot_edits IN (0, 1));
-- When the platform first refused this private message because the user has not opened a chat with
-- the bot (or closed it); NULL otherwise. Such a message waits, retried now and then and at once when
-- the user next writes privately; it is never dropped for this.
ALTER TABLE outbox ADD COLUMN blocked_at INTEGER;

CREATE INDEX outbox_slot ON outbox (platform, target_kind, target, slot, id)
    WHERE slot IS NOT NULL AND platform_message_id IS NOT NULL;
