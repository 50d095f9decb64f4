-- Every game gets an unguessable code for its web page (PUBLIC_URL/g/<code>): a page's
-- address must not be the game's sequential id, which anyone could count through. New
-- games are given theirs when inserted (storage/pages.py: new_code); the games already
-- stored get one here, 128 random bits written in hex. A server may turn its game pages
-- off (game_pages; on by default): they then answer 404.
ALTER TABLE games ADD COLUMN code TEXT;
UPDATE games SET code = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX games_code ON games (code);
ALTER TABLE guild_settings ADD COLUMN game_pages INTEGER NOT NULL DEFAULT 1
    CHECK (game_pages IN (0, 1));
