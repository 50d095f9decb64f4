-- Votes to skip a player who is past the reminder time: one row per voter and move, so a
-- vote counts once and only for the move it was cast on.

CREATE TABLE skip_votes (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    move_count INTEGER NOT NULL,
    voter_id   INTEGER NOT NULL,
    voted_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, move_count, voter_id)
) WITHOUT ROWID;
