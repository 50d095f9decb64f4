-- Votes to skip a player who is past the reminder time: one row per voter and move.

CREATE TABLE skip_votes (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    move_count INTEGER NOT NULL,
    voter_id   BIGINT  NOT NULL,
    voted_at   BIGINT  NOT NULL,
    PRIMARY KEY (game_id, move_count, voter_id)
);
