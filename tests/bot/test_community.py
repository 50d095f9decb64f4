"""What builds up over finished games: leaderboards, stats, history, replays, the log."""

from __future__ import annotations

import io
import random
import re

from PIL import Image

from tests.bot.table import Table, labels, text_of
from tests.storage.conftest import play_random


async def finish_game(table: Table, kind: str, host, guest, seed: int) -> int:
    lobby = (await table.slash(host, "axio new", game=kind)).response
    await table.click(guest, lobby, label="Join")
    await table.click(host, lobby, label="Start")
    record = await table.game()
    rng = random.Random(seed)
    while (record := await table.record(record.id)).status == "running":
        await table.play_by_command(record, rng)
    return record.id


async def test_leaderboard_stats_history_and_replay_after_several_games(table: Table):
    games = [await finish_game(table, "rota", table.ann, table.ben, seed) for seed in range(3)]
    await table.slash(table.cat, "axio solo", game="rota")
    solo = await table.game()
    rng = random.Random(9)
    while (solo := await table.record(solo.id)).status == "running":
        await table.play_by_command(solo, rng)

    results = [await table.bot.repo.game_results(g) for g in games]
    wins = {table.ann.id: 0, table.ben.id: 0}
    for seats in results:
        for seat in seats:
            wins[seat.player_id] += seat.winner

    board = (await table.slash(table.dan, "axio leaderboard", game="rota")).response
    (picture,) = board.attachments
    assert picture.filename == "axio-leaderboard.png"
    text = picture.description  # the picture's rows in words
    assert "ann" in text and "ben" in text
    leader = table.ann if text.index("ann") < text.index("ben") else table.ben
    other = table.ben if leader is table.ann else table.ann
    assert wins[leader.id] >= wins[other.id]  # ratings follow the results
    notes = board.content
    assert notes.startswith("🏆 AXIO Rota leaderboard\n")
    assert "Ratings start at 1,000" in notes and "? = still settling" in notes
    assert not any(sign in notes for sign in "μσ×")  # plain words, no formula
    ratings = re.findall(r"\d+\. \w+: rating ([\d,]+)(\??), ", text)
    assert len(ratings) == 2 and all(mark == "?" for _, mark in ratings)  # 3 games: provisional
    assert all(500 < int(value.replace(",", "")) < 1500 for value, _ in ratings)

    solo_board = (await table.slash(table.dan, "axio leaderboard", game="rota", solo=True)).response
    assert "cat" in solo_board.embeds[0].description

    stats = (await table.slash(table.ann, "axio stats")).response.embeds[0]
    field = stats.fields[0]
    assert field.name == "AXIO Rota" and "3 games" in field.value
    ann_wins = wins[table.ann.id]
    expected_wins = "1 win" if ann_wins == 1 else f"{ann_wins} wins"
    assert f"· {expected_wins}\n" in field.value
    about_ben = (await table.slash(table.ann, "axio stats", member=table.ben)).response
    assert about_ben.embeds[0].title == "📊 ben"

    history = (await table.slash(table.dan, "axio history")).response.embeds[0].description
    for game_id in games:
        assert f"#{game_id}" in history
    assert "🏆" in history

    replay = await table.slash(table.dan, "axio replay", game=games[0])
    (attachment,) = replay.response.attachments
    assert attachment.filename.endswith(".gif")
    gif = Image.open(io.BytesIO(await attachment.read()))
    record = await table.record(games[0])
    turns = len({entry.turn for entry in record.game.log})
    assert gif.n_frames >= turns


async def test_replay_of_an_unknown_or_unfinished_game_is_refused(table: Table):
    """Checked before the (public) defer: the refusal is for the asker only."""
    missing = await table.slash(table.ann, "axio replay", game=999)
    assert missing.ephemeral and not missing.deferred
    assert "no game #999 on this server" in missing.response.content
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    assert lobby
    record = await table.game()
    running = await table.slash(table.ann, "axio replay", game=record.id)
    assert running.ephemeral and "has not finished" in running.response.content
    assert not any("no game #" in (m.content or "") for m in table.public())


async def test_everyone_in_the_channel_can_follow_the_game(table: Table):
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    rng = random.Random(3)
    for _ in range(3):
        await table.play_by_command(await table.record(record.id), rng)
    log = await table.slash(table.dan, "axio log")
    assert log.ephemeral and log.response.content.count("turn ") == 3
    board = await table.slash(table.dan, "axio board")
    assert {a.filename for a in board.response.attachments} == {"table.png"}
    scores = await table.slash(table.dan, "axio scores")
    assert {a.filename for a in scores.response.attachments} == {"scores.png"}
    rules = await table.slash(table.dan, "axio rules", game="rota")
    assert "AXIO Rota" in rules.response.content
    assert {a.filename for a in rules.response.attachments} == {"rules.png"}


async def test_resign_hands_the_seat_to_a_computer_and_ranks_last(table: Table):
    lobby = (await table.slash(table.ann, "axio new", game="rota")).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    asked = (await table.slash(table.ben, "axio resign")).response
    assert asked.ephemeral and "cannot be undone" in asked.content
    assert labels(asked) == ["Resign", "Keep playing"]
    await table.click(table.ben, asked, label="Keep playing")
    assert asked.content == "You play on." and labels(asked) == []
    assert not (await table.record(record.id)).seats[1].resigned
    asked = (await table.slash(table.ben, "axio resign")).response
    await table.click(table.ben, asked, label="Resign")
    assert "You resigned" in asked.content and labels(asked) == []
    rng = random.Random(2)
    while (record := await table.record(record.id)).status == "running":
        await table.play_by_command(record, rng)
    results = await table.bot.repo.game_results(record.id)
    ben = next(r for r in results if r.player_id == table.ben.id)
    assert ben.resigned and ben.rank == 2 and not ben.winner
    assert "(resigned)" in text_of(table.last_public())
    told = "\n".join(text_of(m) for m in table.public())
    assert "🏳️ **ben** resigned" in told
    stand_ins = [e for e in record.game.log if e.seat == 1]
    for_ben = re.findall(r"(🤖 for )?\*\*ben\*\* (?:[A-Z]+\d+ \+\d|kept|exchanged)", told)
    assert stand_ins and for_ben.count("🤖 for ") == len(stand_ins)
    after = told.split("🏳️ **ben** resigned")[1]
    assert not re.search(r"(?<!🤖 for )\*\*ben\*\* (?:[A-Z]+\d+ \+\d|kept|exchanged)", after)


async def test_end_is_for_the_host_or_moderators_and_rates_nobody(table: Table):
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    refused = await table.slash(table.ben, "axio end")
    assert refused.ephemeral and "Only the host" in refused.response.content
    ended = await table.slash(table.mod, "axio end")
    assert not ended.ephemeral and "counts for no one's rating" in ended.response.content
    assert await table.game() is None
    assert await table.bot.repo.leaderboard(table.guild.id, "axio") == []


async def test_the_leaderboard_lists_the_rated_computers_among_the_players(table: Table):
    """'Computers are rated too', the notes say: their rows are there to check, by level,
    without a place of their own."""
    repo = table.bot.repo
    for seed, level in ((1, "hard"), (2, "easy")):
        record = await repo.create_lobby("rota", table.guild.id, table.channel.id, 7, "ann")
        record = await repo.add_computer(record.id, level)
        record = await play_random(repo, await repo.start(record.id, seed), seed=seed)
        assert record.status == "finished"
    board = (await table.slash(table.ben, "axio leaderboard", game="rota")).response
    said = board.attachments[0].description
    assert "Computers are rated too" in board.content
    rows = said.split(". ", 1)[1]
    assert "hard computer: rating" in rows and "easy computer: rating" in rows
    assert not re.search(r"(^|\. )\d+\. (hard|easy) computer", rows)  # no place of their own
    assert rows.startswith("1. ann: rating")
