-- Game reviews, kept once per game (see migrations/0007_reviews.sql).
CREATE TABLE reviews (
    game_id    BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    data       TEXT    NOT NULL,
    budget_s   DOUBLE PRECISION NOT NULL CHECK (budget_s > 0),
    seed       BIGINT  NOT NULL,
    created_at BIGINT  NOT NULL
);

-- The expert computer level may take a seat.
ALTER TABLE seats DROP CONSTRAINT seats_computer_check;
ALTER TABLE seats ADD CONSTRAINT seats_computer_check
    CHECK (computer IN ('easy', 'normal', 'hard', 'expert'));
