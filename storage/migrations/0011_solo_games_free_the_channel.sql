-- Solo games never take a channel. A channel keeps at most one unfinished table game (a
-- lobby, or a started game of two or more seats, computers included); a one-player game
-- (players = 1, set when it is dealt, and already when `/axio solo` stores it) is its
-- player's own and stands beside it. Each member has at most one unfinished solo game per
-- channel, so "my game here" always names one game.
DROP INDEX games_one_open_per_channel;
CREATE UNIQUE INDEX games_one_table_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running') AND coalesce(players, 0) <> 1;
CREATE UNIQUE INDEX games_one_solo_per_member
    ON games (channel_id, host_id) WHERE status IN ('lobby', 'running') AND players = 1;
