-- A stand-in's move for a person's seat is marked (see migrations/0010_stand_in_moves.sql).
ALTER TABLE moves ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0 CHECK (stand_in IN (0, 1));
