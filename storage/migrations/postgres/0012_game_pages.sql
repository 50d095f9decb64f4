-- A game's unguessable page code and a server's game-pages switch (see
-- migrations/0012_game_pages.sql). gen_random_uuid() draws from a strong source.
ALTER TABLE games ADD COLUMN code TEXT;
UPDATE games SET code = replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX games_code ON games (code);
ALTER TABLE guild_settings ADD COLUMN game_pages INTEGER NOT NULL DEFAULT 1
    CHECK (game_pages IN (0, 1));
