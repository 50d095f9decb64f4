"""`/axio review game:` and `/axio replay game:` suggest finished games as a member types:
by number, game, players and date, newest first, 25 at most; the review only the games it
would show the member (their own on any server, this server's), the replay this server's;
and a suggestion picked is a game the command shows."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.config import Settings
from storage import Repository
from tests.bot.table import Table, text_of
from tests.storage.conftest import play_random, raw_sql

pytestmark = pytest.mark.simcord(settle_timeout=60)

LABEL = re.compile(r"^#(\d+) · (AXIO|AXIO Rota) · (.+) · (\d{1,2} [A-Z][a-z]{2})$")


@pytest.fixture
def bot_settings(bot_settings: Settings) -> Settings:
    """Reviews at a tiny budget: a whole game in well under a second."""
    return bot_settings.model_copy(update={"review_budget_s": 0.02})


async def seated(repo: Repository, guild: Any, channel: Any, players: list[Any], kind: str) -> Any:
    """A started game of `players` (members, or computer levels) in `channel`."""
    host, *others = players
    record = await repo.create_lobby(kind, guild.id, channel.id, host.id, host.name)
    for player in others:
        if isinstance(player, str):
            record = await repo.add_computer(record.id, player)  # type: ignore[arg-type]
        else:
            record = await repo.join(record.id, player.id, player.name)
    return await repo.start(record.id, seed=record.id)


async def played_out(table: Table, guild: Any, channel: Any, players: list[Any]) -> int:
    """A two-seat AXIO Rota game played to its end through storage (as the desk stores
    moves), in a channel of its own."""
    record = await seated(table.bot.repo, guild, channel, players, "rota")
    record = await play_random(table.bot.repo, record, seed=record.id)
    assert record.status == "finished"
    return record.id


async def offered(table: Table, member: Any, command: str, typed: str = "") -> list[dict]:
    return await table.autocomplete(member, command, "game", typed)


def numbers(choices: list[dict]) -> list[int]:
    return [int(c["value"]) for c in choices]


async def test_the_review_suggests_the_members_games_newest_first(table: Table):
    other = table.env.create_guild("Second Server")
    away = other.add_member(table.dan.user)
    zed = other.add_member(table.env.create_user("zed"))
    channels = [table.guild.create_text_channel(f"t{i}") for i in range(3)]
    here = await played_out(table, table.guild, channels[0], [table.ann, table.ben])
    mine_away = await played_out(table, other, other.create_text_channel("a"), [away, "hard"])
    theirs_away = await played_out(table, other, other.create_text_channel("b"), [zed, "easy"])
    with_computer = await played_out(table, table.guild, channels[1], [table.cat, "hard"])
    running = await seated(table.bot.repo, table.guild, channels[2], [table.ann, table.ben], "rota")

    dans = await offered(table, table.dan, "axio review")
    assert numbers(dans) == [with_computer, mine_away, here]
    assert theirs_away not in numbers(dans) and running.id not in numbers(dans)
    for choice in dans:
        match = LABEL.match(choice["name"])
        assert match and int(match[1]) == int(choice["value"]), choice["name"]
        assert match[2] == "AXIO Rota"
    assert LABEL.match(dans[0]["name"])[3] == "cat, hard computer"
    assert LABEL.match(dans[2]["name"])[3] == "ann, ben"
    assert numbers(await offered(table, table.ann, "axio review")) == [with_computer, here]

    assert numbers(await offered(table, table.dan, "axio review", "hard")) == [
        with_computer,
        mine_away,
    ]
    assert numbers(await offered(table, table.dan, "axio review", f"#{here}")) == [here]
    assert numbers(await offered(table, table.dan, "axio review", "ann BEN")) == [here]
    assert await offered(table, table.dan, "axio review", "nobody") == []

    picked = dans[1]  # another server's game of dan's: reviewable by dan, here
    shown = await table.slash(table.dan, "axio review", game=int(picked["value"]))
    answer = shown.followups[-1] if shown.followups else shown.response
    assert f"Review of game #{mine_away}" in text_of(answer)


async def test_the_replay_suggests_this_servers_games(table: Table):
    other = table.env.create_guild("Second Server")
    away = other.add_member(table.ann.user)
    here = await played_out(
        table, table.guild, table.guild.create_text_channel("t"), [table.ben, "normal"]
    )
    await played_out(table, other, other.create_text_channel("a"), [away, "hard"])
    choices = await offered(table, table.ann, "axio replay")
    assert numbers(choices) == [here]
    assert LABEL.match(choices[0]["name"])[3] == "ben, normal computer"


async def test_at_most_25_the_newest_of_many(table: Table):
    """Sixty finished games here: the 25 newest, in order; a number typed finds an older
    one among the newest hundred."""
    repo = table.bot.repo
    games = []
    for i in range(60):
        channel = table.guild.create_text_channel(f"t{i}")
        record = await seated(repo, table.guild, channel, [table.ann, "hard"], "axio")
        await raw_sql(
            repo,
            f"UPDATE games SET status = 'finished', updated_at = {1_000_000 * (i + 1)} "
            f"WHERE id = {record.id}",
        )
        games.append(record.id)
    newest = games[::-1]
    assert numbers(await offered(table, table.ben, "axio review")) == newest[:25]
    assert numbers(await offered(table, table.ann, "axio replay")) == newest[:25]
    old = games[5]
    typed = await offered(table, table.ben, "axio review", f"#{old} ")
    assert old in numbers(typed) and all(str(old) in c["name"] for c in typed)
