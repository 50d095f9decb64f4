-- The outbox: what a stored change owes the channel, written in the same transaction as
-- the change, so a crash or a failed Discord call between "stored" and "posted" delays a
-- post but never loses it. The bot's delivery loop posts what is owed and marks it done.
--   kind 'start': the game was dealt (the first position is owed)
--   kind 'move':  move number move_count was played; `result` is what it did (JSON)
--   kind 'note':  a line for the table (a timeout, a resignation) before the next post
-- Every row of a game up to its current position is delivered together, as one post.

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id     INTEGER NOT NULL,
    move_count   INTEGER NOT NULL,
    kind         TEXT    NOT NULL CHECK (kind IN ('start', 'move', 'note')),
    result       TEXT,
    note         TEXT    NOT NULL DEFAULT '',
    created_at   INTEGER NOT NULL,
    due_at       INTEGER NOT NULL,   -- not tried before this (a retry's back-off)
    leased_until INTEGER,            -- a delivery is under way until then
    attempts     INTEGER NOT NULL DEFAULT 0,
    delivered_at INTEGER,
    outcome      TEXT                -- 'posted', or why it was given up ('channel gone')
);

CREATE INDEX outbox_owed ON outbox (due_at) WHERE delivered_at IS NULL;
CREATE INDEX outbox_game ON outbox (game_id, id) WHERE delivered_at IS NULL;
