-- A server's own web page and its unguessable code (see migrations/0013_server_pages.sql).
ALTER TABLE guild_settings ADD COLUMN server_page INTEGER NOT NULL DEFAULT 0
    CHECK (server_page IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN page_code TEXT;
CREATE UNIQUE INDEX guild_settings_page_code ON guild_settings (page_code);
