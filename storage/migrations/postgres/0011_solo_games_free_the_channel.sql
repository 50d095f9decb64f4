-- Solo games never take a channel (see migrations/0011_solo_games_free_the_channel.sql):
-- one unfinished table game per channel, one unfinished solo game per member and channel.
DROP INDEX games_one_open_per_channel;
CREATE UNIQUE INDEX games_one_table_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running') AND coalesce(players, 0) <> 1;
CREATE UNIQUE INDEX games_one_solo_per_member
    ON games (channel_id, host_id) WHERE status IN ('lobby', 'running') AND players = 1;
