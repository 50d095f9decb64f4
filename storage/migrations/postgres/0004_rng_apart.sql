-- The random generator's state in a column of its own (see storage/snapshot.py): games
-- draw on it only when they shuffle, so a move no longer rewrites its 3 KB in games.state.
-- Games saved before keep it inside games.state, with rng NULL, until their next move.
ALTER TABLE games ADD COLUMN rng TEXT;
