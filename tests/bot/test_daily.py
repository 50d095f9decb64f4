"""The daily challenge through the simulated Discord: played to its end in the player's
own ephemeral message (no board and no move in public before they share), the same deal
on two servers, one counted attempt, resuming, the place among everyone (a lone player
is told so) and streaks across a day boundary on an injected clock."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.screens.daily import ordinal
from engine.daily import daily_seed, ranking_key
from tests.bot.daily_helpers import DayClock, is_end, page_of, play_moves
from tests.bot.table import Table, filenames, labels

pytestmark = pytest.mark.simcord(settle_timeout=60)
BOARD_FILES = {"daily-board.png", "table.png", "preview.png", "rack.png", "hand.png"}


@pytest.fixture
def bot_clock() -> DayClock:
    return DayClock(day=1, hour=9)


def public_everywhere(table: Table) -> list[Any]:
    """Every message anyone at all can see, in every channel the simulated Discord has."""
    return [
        message
        for messages in table.env.backend.messages.values()
        for message in messages.values()
        if not message.is_ephemeral
    ]


async def play_daily(table: Table, member: Any, kind: str, seed: int, **options: Any) -> Any:
    page = page_of(await table.slash(member, "axio daily play", game=kind, **options))
    return await play_moves(table, member, page, random.Random(seed))


async def daily_game(table: Table, member: Any, kind: str, day: int) -> Any:
    attempt = await table.bot.repo.daily_attempt(kind, member.id, day)
    assert attempt is not None
    return await table.record(attempt.game_id)


async def test_a_daily_game_is_played_to_its_end_in_ephemeral_messages_only(table: Table):
    start = len(table.results)
    page = page_of(await table.slash(table.ann, "axio daily play", game="axio"))
    assert "AXIO daily #1" in page.content and "00:00 UTC" in page.content
    assert filenames(page) == {"daily-board.png", "rack.png"}
    assert "/axio play`" not in page.content  # typing a move is for games in a channel
    page = await play_moves(table, table.ann, page, random.Random(4))
    assert all(result.response.ephemeral for result in table.results[start:])
    assert public_everywhere(table) == []  # nothing at all in public: no board, no move
    record = await daily_game(table, table.ann, "axio", 1)
    assert record.status == "finished" and record.channel_id == -record.id
    assert "🏁" in page.content and "your score is" in page.content
    assert f"AXIO daily #1** · Game #{record.id}:" in page.content  # as /axio replay takes it
    # alone today: no "1st of 1", no "percentile 50 of 1 player"
    assert "the only player on this server today" in page.content
    assert "nobody else on any server has finished it yet" in page.content
    assert "percentile" not in page.content and " of 1 " not in page.content
    assert "Streak 1 day" in page.content
    assert labels(page) == ["Share"]

    shared = await table.click(table.ann, page, label="Share")
    assert not shared.ephemeral
    [card] = public_everywhere(table)
    assert [a["filename"] for a in card.attachments] == ["daily-card.png"]
    alt = card.attachments[0]["description"]
    assert "AXIO daily #1" in alt and "the only player so far" in alt and "percentile" not in alt
    moves = [move.text for move in await table.bot.repo.moves(record.id)]
    assert not any(move in card.content for move in moves)
    assert not any(name in BOARD_FILES for name in filenames(shared.response))


async def test_members_on_two_servers_get_the_same_deal(table: Table):
    other = table.env.create_guild("Second Server")
    channel = other.create_text_channel("puzzles")
    zed = other.add_member(table.env.create_user("zed"))
    for kind in ("axio", "rota"):
        ann = page_of(await table.slash(table.ann, "axio daily play", game=kind))
        theirs = page_of(await zed.slash(channel, "axio daily play", game=kind))
        mine = await daily_game(table, table.ann, kind, 1)
        yours = await daily_game(table, zed, kind, 1)
        assert mine.guild_id != yours.guild_id and mine.id != yours.id
        assert mine.seed == yours.seed == daily_seed(kind, 1)
        assert mine.game.to_dict() == yours.game.to_dict()  # the same tiles, in the same order
        tiles = [a for a in ann.attachments if a.filename in ("rack.png", "hand.png")]
        their_tiles = [a for a in theirs.attachments if a.filename in ("rack.png", "hand.png")]
        assert tiles[0].description == their_tiles[0].description


async def test_only_the_first_attempt_counts(table: Table):
    first = await play_daily(table, table.ann, "rota", seed=1)
    repo = table.bot.repo
    counted = await repo.daily_attempt("rota", table.ann.id, 1)
    assert counted.score is not None and "🏁" in first.content

    again = page_of(await table.slash(table.ann, "axio daily play", game="rota"))
    assert "only your first game of the day counts" in again.content
    assert "Share" in labels(again)  # the counted game's end, not a new deal

    practice = page_of(await table.slash(table.ann, "axio daily play", game="rota", again=True))
    assert "Practice game #1" in practice.content and "counts nowhere" in practice.content
    practice = await play_moves(table, table.ann, practice, random.Random(99))
    assert "Practice game over" in practice.content
    assert f"counted score today stays **{counted.score}**" in practice.content
    assert "Share" not in labels(practice)
    [entry] = await repo.daily_table(1, "rota", table.guild.id)
    assert (entry.user_id, entry.score, entry.game_id) == (
        table.ann.id,
        counted.score,
        counted.game_id,
    )
    assert (await repo.daily_outcome("rota", table.ann.id, table.guild.id)).players == 1


async def test_a_resumed_game_goes_on_where_it_stopped_even_after_a_restart(table: Table):
    page = page_of(await table.slash(table.ann, "axio daily play", game="axio"))
    page = await play_moves(table, table.ann, page, random.Random(2), moves=3)
    before = await daily_game(table, table.ann, "axio", 1)
    assert before.move_count >= 3 and before.status == "running"

    resumed = page_of(await table.slash(table.ann, "axio daily play", game="axio"))
    assert f"turn {before.game.turn}" in resumed.content
    assert (await daily_game(table, table.ann, "axio", 1)).move_count == before.move_count

    await table.restart()
    later = page_of(await table.slash(table.ann, "axio daily play", game="axio"))
    assert f"turn {before.game.turn}" in later.content
    old = await table.click(table.ann, page, label=labels(page)[0])  # the page of before
    assert old.response.ephemeral and "Preview" in page.content  # its controls still work
    later = await play_moves(table, table.ann, later, random.Random(3))
    after = await daily_game(table, table.ann, "axio", 1)
    assert after.id == before.id and after.status == "finished"
    assert after.game.log[: before.move_count] == before.game.log  # nothing replayed or lost
    assert public_everywhere(table) == []


async def test_percentile_and_streak_across_a_day_boundary(table: Table, bot_clock: DayClock):
    other = table.env.create_guild("Second Server")
    channel = other.create_text_channel("puzzles")
    zed = other.add_member(table.env.create_user("zed"))
    for seed, member in enumerate((table.ann, table.ben, table.cat)):
        await play_daily(table, member, "rota", seed)
    await play_moves(
        table, zed, page_of(await zed.slash(channel, "axio daily play", game="rota")),
        random.Random(7),
    )  # fmt: skip
    repo = table.bot.repo
    keys = {}
    for member in (table.ann, table.ben, table.cat, zed):
        attempt = await repo.daily_attempt("rota", member.id, 1)
        keys[member.id] = ranking_key(attempt.scores)
    ann = page_of(await table.slash(table.ann, "axio daily play", game="rota"))
    below = sum(1 for key in keys.values() if key < keys[table.ann.id])
    level = sum(1 for key in keys.values() if key == keys[table.ann.id])
    # four players: the place among everyone, not "percentile 62 of 4"
    assert f"**{ordinal(4 - below - level + 1)}** of 4 on every server so far" in ann.content
    assert "percentile" not in ann.content
    here = sorted((keys[m.id] for m in (table.ann, table.ben, table.cat)), reverse=True)
    rank = ordinal(here.index(keys[table.ann.id]) + 1)
    assert f"**{rank}** of 3 on this server" in ann.content

    ann_game = await daily_game(table, table.ann, "rota", 1)
    during = await table.slash(table.dan, "axio replay", game=ann_game.id)
    assert during.ephemeral and "stay hidden until" in during.response.content
    results = await table.slash(table.dan, "axio daily results", game="rota")
    text = results.response.embeds[0].description
    assert "ann" in text and "game #" not in text  # scores only while the day lasts

    bot_clock.on_day(2, hour=0.5)  # past midnight UTC
    closed = await table.click(table.ann, ann, label="Share")  # still shares day 1's card
    assert not closed.ephemeral and "daily #1" in closed.response.content
    day2 = await play_daily(table, table.ann, "rota", seed=11)
    assert "daily #2" in day2.content and "Streak 2 days (best 2)" in day2.content
    ben = await repo.daily_outcome("rota", table.ben.id, table.guild.id, day=1)
    assert ben.streak == 1  # yesterday's run is alive until today is over
    over = await table.slash(table.dan, "axio daily results", game="rota", day=1)
    assert "game #" in over.response.embeds[0].description
    assert filenames(over.response) == {"daily-board.png"}
    best = (await repo.daily_table(1, "rota", table.guild.id))[0]
    replay = await table.slash(table.dan, "axio replay", game=best.game_id)
    assert not replay.ephemeral and replay.response.attachments

    bot_clock.on_day(4)
    day4 = await play_daily(table, table.ann, "rota", seed=12)
    assert "Streak 1 day (best 2)" in day4.content
    cat = await repo.daily_outcome("rota", table.cat.id, table.guild.id, day=1, now=bot_clock())
    assert (cat.streak, cat.best_streak) == (0, 1)


async def test_a_page_of_yesterday_refuses_and_today_is_a_new_deal(table: Table, bot_clock):
    page = page_of(await table.slash(table.ann, "axio daily play", game="rota"))
    page = await play_moves(table, table.ann, page, random.Random(5), moves=2)
    bot_clock.on_day(2)
    refused = await table.click(table.ann, page, label=labels(page)[0])
    assert refused.ephemeral and "closed at 00:00 UTC" in refused.response.content
    today = page_of(await table.slash(table.ann, "axio daily play", game="rota"))
    assert "daily #2" in today.content and not is_end(today)
    yesterday = await table.bot.repo.daily_attempt("rota", table.ann.id, 1)
    assert yesterday.finished and yesterday.score is None  # closed unfinished: no score


async def test_the_daily_post_comes_once_a_day_and_survives_a_restart(table: Table, bot_clock):
    daily = table.guild.create_text_channel("daily")
    refused = await table.slash(table.ann, "axio settings", daily_channel=daily)
    assert refused.ephemeral and "manage the server" in refused.response.content
    saved = await table.slash(table.admin, "axio settings", daily_channel=daily)
    assert "posted in" in saved.response.content
    await play_daily(table, table.ben, "axio", seed=3)
    await table.env.advance_time(31 * 60)  # the scheduler's next pass
    await table.env.advance_time(31 * 60)  # and one more: still one post today
    posts = daily.history()
    assert len(posts) == 1 and "Daily challenge #1" in posts[0].content

    bot_clock.on_day(2, hour=0.1)
    await table.bot.repo.queue_daily_posts(now=bot_clock())  # owed; the bot dies before
    await table.restart()  # … posting it: the new one delivers it at start-up
    await table.env.settle()
    posts = daily.history()
    assert len(posts) == 2 and "Daily challenge #2" in posts[1].content
    assert "Yesterday (#1)" in posts[1].content and "🥇 ben" in posts[1].content
    assert not any(a.filename in BOARD_FILES for p in posts for a in p.attachments)

    off = await table.slash(table.admin, "axio settings", daily_post=False)
    assert "No more daily posts" in off.response.content
    bot_clock.on_day(3, hour=0.1)
    await table.env.advance_time(31 * 60)
    assert len(daily.history()) == 2
