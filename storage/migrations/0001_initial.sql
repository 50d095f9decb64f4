-- The first schema: games and their seats, the move log, results, ratings, solo high
-- scores, per-guild settings and DM opt-in.
-- Times are INTEGER microseconds since the Unix epoch (UTC): exact round trips, and the
-- scheduler's "waited longer than N hours" is plain arithmetic in SQL.

CREATE TABLE games (
    id                  INTEGER PRIMARY KEY,
    kind                TEXT    NOT NULL,
    guild_id            INTEGER NOT NULL,
    channel_id          INTEGER NOT NULL,
    host_id             INTEGER NOT NULL,
    status              TEXT    NOT NULL DEFAULT 'lobby'
                        CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    max_seats           INTEGER NOT NULL CHECK (max_seats BETWEEN 1 AND 4),
    settings            TEXT    NOT NULL DEFAULT '{}',
    players             INTEGER,         -- the seats dealt in at the start
    seed                INTEGER,
    -- The engine state after move_count moves, without its log (the moves table is the
    -- log); written in the same transaction as the move that produced it.
    state               TEXT,
    move_count          INTEGER NOT NULL DEFAULT 0,
    to_move             INTEGER,
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL,
    turn_started_at     INTEGER,
    reminded_move_count INTEGER,
    lobby_message_id    INTEGER,
    turn_message_id     INTEGER,
    CHECK ((status = 'lobby') = (state IS NULL) OR status = 'cancelled')
);

-- At most one unfinished game per channel (a thread is a channel).
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_running ON games (status, turn_started_at) WHERE status = 'running';
CREATE INDEX games_guild_history ON games (guild_id, status, updated_at);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id  INTEGER,
    computer TEXT CHECK (computer IN ('easy', 'normal', 'hard')),
    name     TEXT    NOT NULL,
    resigned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (computer IS NULL))
) WITHOUT ROWID;

CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- The move log. move_number n is the n-th move (1-based), so the primary key alone
-- refuses a second write for the same turn.
CREATE TABLE moves (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    move_number INTEGER NOT NULL CHECK (move_number >= 1),
    seat        INTEGER NOT NULL,
    turn        INTEGER NOT NULL,
    text        TEXT    NOT NULL,
    played_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, move_number)
) WITHOUT ROWID;

-- One row per seat of every finished game (solo games too).
CREATE TABLE results (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    player_id     INTEGER NOT NULL,  -- Discord user id, or -1/-2/-3 for computer levels
    name          TEXT    NOT NULL,
    rank          INTEGER NOT NULL,
    winner        INTEGER NOT NULL,
    resigned      INTEGER NOT NULL,
    red           INTEGER NOT NULL,
    green         INTEGER NOT NULL,
    blue          INTEGER NOT NULL,
    orange        INTEGER NOT NULL,
    purple        INTEGER NOT NULL,
    lowest        INTEGER NOT NULL,
    rating_before REAL,              -- ordinal, only for rated (multiplayer) games
    rating_after  REAL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX results_player ON results (player_id);

-- Ratings per guild, game kind and player (computers are pseudo-players -1, -2, -3).
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    player_id   INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    best_lowest INTEGER,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, player_id)
) WITHOUT ROWID;

CREATE INDEX ratings_leaderboard ON ratings (guild_id, kind, ordinal DESC, wins DESC);

-- The best solo result of each player per guild and game kind.
CREATE TABLE solo_best (
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    lowest      INTEGER NOT NULL,
    scores      TEXT    NOT NULL,    -- JSON list of the five scores of that game
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    games       INTEGER NOT NULL,
    achieved_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
) WITHOUT ROWID;

CREATE INDEX solo_best_table ON solo_best (guild_id, kind, lowest DESC, achieved_at);

CREATE TABLE guild_settings (
    guild_id       INTEGER PRIMARY KEY,
    reminder_hours REAL    NOT NULL DEFAULT 12 CHECK (reminder_hours >= 0),
    timeout_hours  REAL    NOT NULL DEFAULT 72 CHECK (timeout_hours >= 0),
    timeout_action TEXT    NOT NULL DEFAULT 'computer'
                   CHECK (timeout_action IN ('computer', 'resign')),
    hints_enabled  INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE notify (
    user_id INTEGER PRIMARY KEY,
    enabled INTEGER NOT NULL
);
