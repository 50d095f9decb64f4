-- A server's own web page (PUBLIC_URL/s/<code>: its leaderboards, recent games, daily
-- tables and tournaments), only when its managers turn it on (/axio settings web_page:on;
-- off by default). Its code is unguessable like a game's (storage/records.py: new_code),
-- given the first time the page is turned on and kept after (turning it off and on again
-- keeps the address).
ALTER TABLE guild_settings ADD COLUMN server_page INTEGER NOT NULL DEFAULT 0
    CHECK (server_page IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN page_code TEXT;
CREATE UNIQUE INDEX guild_settings_page_code ON guild_settings (page_code);
