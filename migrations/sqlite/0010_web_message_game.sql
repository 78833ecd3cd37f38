-- The game a web chat message is about (the outbox's `game_id` of the message it shows), so that
-- a player's private chat can show each game's messages together and fold away finished games.
-- Messages shown before this migration, and the players' own words, have none.
ALTER TABLE web_messages ADD COLUMN game INTEGER;
