-- A server's choices about the expert computer level (see migrations/0009_expert_settings.sql).
ALTER TABLE guild_settings ADD COLUMN stand_in_level TEXT NOT NULL DEFAULT 'normal'
    CHECK (stand_in_level IN ('easy', 'normal', 'hard', 'expert'));
ALTER TABLE guild_settings ADD COLUMN expert_hints INTEGER NOT NULL DEFAULT 0;
ALTER TABLE guild_settings ADD COLUMN expert_budget_s DOUBLE PRECISION NOT NULL DEFAULT 2.0
    CHECK (expert_budget_s BETWEEN 0.2 AND 2.0);
