-- The language chosen for a server's table posts (see migrations/0008_guild_language.sql).
ALTER TABLE guild_settings ADD COLUMN language TEXT;
