-- A move a computer made for a person's seat (its stand-in, after a timeout, a vote to
-- skip or a resignation) is marked, so that a review does not count it as the person's
-- own. Moves stored before this migration are taken as the person's own.
ALTER TABLE moves ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0 CHECK (stand_in IN (0, 1));
