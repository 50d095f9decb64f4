-- Game reviews (engine/ai/review.py), kept once per game so that a second request is
-- answered from here instead of thinking again: the review as JSON, with the expert's
-- budget a position and the seed it was computed with (the same game, budget and seed
-- always give the same review).
CREATE TABLE reviews (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    data       TEXT    NOT NULL,
    budget_s   REAL    NOT NULL CHECK (budget_s > 0),
    seed       INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);

-- The expert computer level may take a seat. SQLite cannot change a CHECK in place, so
-- the seats table is rebuilt with the wider check (nothing references it).
CREATE TABLE seats_new (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id  INTEGER,
    computer TEXT CHECK (computer IN ('easy', 'normal', 'hard', 'expert')),
    name     TEXT    NOT NULL,
    resigned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (computer IS NULL))
) WITHOUT ROWID;

INSERT INTO seats_new (game_id, seat, user_id, computer, name, resigned)
    SELECT game_id, seat, user_id, computer, name, resigned FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;

CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;
