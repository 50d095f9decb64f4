"""Shard ownership: Discord's formula, DMs on shard 0, and the SQL filter agreeing with it."""

from __future__ import annotations

import sqlite3

import pytest

from storage.shards import ALL_SHARDS, ShardSet

GUILDS = [0, 1 << 22, 2 << 22, 3 << 22, 81384788765712384, 175928847299117063, 2**62 + 12345]


def test_discord_formula_and_direct_messages_on_shard_zero() -> None:
    shards = ShardSet(4, frozenset({1, 3}))
    assert [shards.shard_of(g) for g in GUILDS[:4]] == [0, 1, 2, 3]
    assert not shards.owns(0)  # a DM game belongs to shard 0
    assert shards.owns(1 << 22) and not shards.owns(2 << 22) and shards.owns(3 << 22)
    assert all(ALL_SHARDS.owns(g) for g in GUILDS)


def test_sql_filter_selects_exactly_the_owned_guilds() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE games (guild_id INTEGER)")
    conn.executemany("INSERT INTO games VALUES (?)", [(g,) for g in GUILDS])
    for shards in (ShardSet(3, frozenset({0})), ShardSet(4, frozenset({1, 2})), ALL_SHARDS):
        condition, params = shards.where()
        rows = conn.execute(f"SELECT guild_id FROM games WHERE {condition}", params)
        assert sorted(r[0] for r in rows) == sorted(g for g in GUILDS if shards.owns(g))


def test_shard_ids_must_exist() -> None:
    with pytest.raises(ValueError):
        ShardSet(2, frozenset({2}))
    with pytest.raises(ValueError):
        ShardSet(0)
