-- A server's choices about the expert computer level (issue 26):
-- stand_in_level: the level that moves for a person who timed out, was voted past, or
--   resigned ('normal', as before this migration);
-- expert_hints:   whether /axio hint may come from the expert (off: from the hard level);
-- expert_budget_s: the expert's thinking time a move, in seconds (0.2 to 2).
ALTER TABLE guild_settings ADD COLUMN stand_in_level TEXT NOT NULL DEFAULT 'normal'
    CHECK (stand_in_level IN ('easy', 'normal', 'hard', 'expert'));
ALTER TABLE guild_settings ADD COLUMN expert_hints INTEGER NOT NULL DEFAULT 0;
ALTER TABLE guild_settings ADD COLUMN expert_budget_s REAL NOT NULL DEFAULT 2.0
    CHECK (expert_budget_s BETWEEN 0.2 AND 2.0);
