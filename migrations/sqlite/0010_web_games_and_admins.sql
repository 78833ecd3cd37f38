-- The web chat's messages know their game, and a room's game its admins.

-- The game a message is about (the outbox's `game_id` of the message it shows), so that a
-- player's private chat can show each game's messages together and fold away finished games.
-- Messages shown before this migration, and the players' own words, have none.
ALTER TABLE web_messages ADD COLUMN game INTEGER;

-- Whom the opener of a room's game named to manage it with him (`/admin NAME`): for that game
-- only, so a room's next game starts with its own opener alone.
CREATE TABLE web_room_admins (
    room        TEXT    NOT NULL,
    game        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES web_users (id),
    named_by    INTEGER NOT NULL REFERENCES web_users (id),
    at          INTEGER NOT NULL,
    PRIMARY KEY (room, game, user_id)
);

-- Who wrote first in a room was its admin for good; nothing reads it since a room's game became
-- its opener's to manage.
DROP TABLE web_rooms;
