-- Reasons to come back: the daily challenge, tournaments, seasons, and the posts owed to a
-- channel that belong to no single game (the daily post, a tournament's rounds).
--
-- A game in no channel has channel_id = -id: a daily challenge (played in its player's
-- private replies) for good, a tournament table until its thread is opened. Such a game owes
-- the outbox nothing and has no reminders or timeouts (see storage/deal.py).

-- A game's own timeout (a tournament's days per move), over its server's setting.
ALTER TABLE games ADD COLUMN timeout_hours REAL CHECK (timeout_hours > 0);
ALTER TABLE games ADD COLUMN timeout_action TEXT CHECK (timeout_action IN ('computer', 'resign'));

-- The channel that gets the daily post at the turn of the day (NULL: none).
ALTER TABLE guild_settings ADD COLUMN daily_channel_id INTEGER;

-- Daily challenge attempts: attempt 1 of a (day, kind, user) is the one that counts; later
-- ones are practice on the same deal. score and ranking are set when the game ends on its
-- own day (engine.daily.ranking_key orders results as the rulebook's tie-break does).
CREATE TABLE daily_attempts (
    day         INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    attempt     INTEGER NOT NULL CHECK (attempt >= 1),
    guild_id    INTEGER NOT NULL,   -- where it was played: the server table it counts in
    name        TEXT    NOT NULL,
    game_id     INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    started_at  INTEGER NOT NULL,
    finished_at INTEGER,            -- ended: played out, or closed unfinished after its day
    score       INTEGER,            -- the lowest colour total, if it ended on its day
    ranking     INTEGER,
    scores      TEXT,               -- JSON list of the five colour totals
    PRIMARY KEY (day, kind, user_id, attempt)
) WITHOUT ROWID;

CREATE INDEX daily_everyone ON daily_attempts (day, kind, ranking)
    WHERE attempt = 1 AND ranking IS NOT NULL;
CREATE INDEX daily_server ON daily_attempts (day, kind, guild_id, ranking)
    WHERE attempt = 1 AND ranking IS NOT NULL;
CREATE INDEX daily_player ON daily_attempts (user_id, kind, day)
    WHERE attempt = 1 AND ranking IS NOT NULL;
CREATE INDEX daily_unfinished ON daily_attempts (day) WHERE finished_at IS NULL;

-- Posts owed to a channel by no single game, queued once by their key in the transaction
-- that owes them and delivered like the outbox's (a lease, retries, at least once).
CREATE TABLE channel_posts (
    id           INTEGER PRIMARY KEY,
    post_key     TEXT    NOT NULL UNIQUE,   -- e.g. 'daily:<guild>:<day>'
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    payload      TEXT    NOT NULL DEFAULT '{}',
    created_at   INTEGER NOT NULL,
    due_at       INTEGER NOT NULL,
    leased_until INTEGER,
    attempts     INTEGER NOT NULL DEFAULT 0,
    delivered_at INTEGER,
    outcome      TEXT,
    message_id   INTEGER
);

CREATE INDEX channel_posts_owed ON channel_posts (due_at) WHERE delivered_at IS NULL;

CREATE TABLE tournaments (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    host_id           INTEGER NOT NULL,
    name              TEXT    NOT NULL,
    kind              TEXT    NOT NULL,
    format            TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin')),
    table_size        INTEGER NOT NULL CHECK (table_size BETWEEN 2 AND 4),
    rounds            INTEGER CHECK (rounds >= 1),  -- a round robin's is set at the start
    timeout_hours     REAL    NOT NULL CHECK (timeout_hours > 0),
    timeout_action    TEXT    NOT NULL CHECK (timeout_action IN ('computer', 'resign')),
    starts_at         INTEGER,                      -- NULL: when the host starts it
    cap               INTEGER NOT NULL CHECK (cap >= 2),
    seed              INTEGER NOT NULL,
    status            TEXT    NOT NULL DEFAULT 'signup'
                      CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    current_round     INTEGER NOT NULL DEFAULT 0,
    signup_message_id INTEGER,
    created_at        INTEGER NOT NULL,
    started_at        INTEGER,
    ended_at          INTEGER
);

CREATE INDEX tournaments_guild ON tournaments (guild_id, status, id);
CREATE INDEX tournaments_due ON tournaments (starts_at) WHERE status = 'signup';

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    joined_at     INTEGER NOT NULL,
    seed_number   INTEGER,            -- the pairing number, drawn at the start
    withdrawn_at  INTEGER,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- A round row is written in the transaction that pairs it (so it is paired once) and
-- closed once, when its last table ends.
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    paired_at     INTEGER NOT NULL,
    closed_at     INTEGER,
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    table_number  INTEGER NOT NULL,
    game_id       INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (tournament_id, round, table_number),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
        ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
        ON DELETE CASCADE
) WITHOUT ROWID;

-- Ratings per calendar month (UTC), from that month's rated games alone, kept beside the
-- all-time table in the transaction that rates a game.
CREATE TABLE season_ratings (
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    season      INTEGER NOT NULL,   -- YYYYMM
    player_id   INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    best_lowest INTEGER,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, season, player_id)
) WITHOUT ROWID;

CREATE INDEX season_leaderboard ON season_ratings (guild_id, kind, season, ordinal DESC, wins DESC);
