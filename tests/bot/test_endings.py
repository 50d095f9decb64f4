"""Help and endings, and controls that die when used: `/axio help` and the lobby's How to
play, the level picker (once per tap), the end post's Rematch and Replay, Close-up, and the
log with each move's points."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import bot.table.lobby
from bot.screens.words import colour_words
from tests.bot.table import Table, filenames, labels
from tests.bot.test_games import start_game


async def test_help_lists_the_commands_and_the_lobby_explains_the_game(table: Table):
    helped = await table.slash(table.ann, "axio help")
    said = helped.response.content
    assert helped.ephemeral
    for command in ("/axio new", "/axio solo", "/axio play", "/axio hint", "/axio resign",
                    "/axio board", "/axio log", "/axio leaderboard", "/axio settings"):  # fmt: skip
        assert command in said, command
    lobby = (await table.slash(table.ann, "axio new", game="rota")).response
    rules = await table.click(table.ben, lobby, label="How to play")
    assert rules.ephemeral and "AXIO Rota" in rules.response.content
    assert filenames(rules.response) == {"rules.png"}
    assert "`O10 90 green`" in rules.response.content


def test_help_names_every_command_and_group():
    """A command added without a line in `/axio help` fails here."""
    from bot.commands.cog import AxioCog
    from bot.screens.rules import HELP

    for command in AxioCog.__cog_app_commands__:
        assert f"/axio {command.name}" in HELP, command.name


async def test_the_level_picker_adds_one_computer_however_often_it_is_tapped(table: Table):
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    picker = (await table.click(table.ann, lobby, label="Add computer")).response
    stale = (await table.click(table.ann, lobby, label="Add computer")).response  # opened twice
    await table.click(table.ann, picker, label="Easy")
    assert picker.content == "🤖 Bot A (easy) joined." and labels(picker) == []  # used up
    await table.click(table.ann, stale, label="Easy")  # shown for one seat: two are taken
    assert "already made" in stale.content and labels(stale) == []
    record = await table.game()
    assert [s.name for s in record.seats] == ["ann", "Bot A (easy)"]
    second = (await table.click(table.ann, lobby, label="Add computer")).response
    await table.click(table.ann, second, label="Easy")
    record = await table.game()
    assert [s.name for s in record.seats] == ["ann", "Bot A (easy)", "Bot B (easy)"]
    assert "a easy" not in lobby.content.lower()


async def finish(table: Table, game_id: int, rng: random.Random) -> None:
    while (record := await table.record(game_id)).status == "running":
        await table.play_by_command(record, rng)


async def test_the_end_offers_a_rematch_with_the_same_seats_and_a_private_replay(table: Table):
    game_id = await start_game(table, "rota", table.ann, guests=[table.ben], computers=["hard"])
    await finish(table, game_id, random.Random(2))
    end = table.last_public()
    assert labels(end) == ["Rematch", "Replay"]
    replay = await table.click(table.cat, end, label="Replay")  # anyone may watch it
    assert replay.ephemeral
    (gif,) = [m for m in [replay.response, *replay.followups] if m is not None and m.attachments]
    assert filenames(gif) == {f"axio-replay-{game_id}.gif"}
    assert all(a.description for a in gif.attachments)
    stranger = await table.click(table.cat, end, label="Rematch")
    assert stranger.ephemeral and "Only the players" in stranger.response.content
    rematch = await table.click(table.ben, end, label="Rematch")
    lobby = rematch.response
    assert not rematch.ephemeral and "hosted by <@" in lobby.content
    record = await table.game()
    assert record.status == "lobby" and record.host_id == table.ben.id
    assert [s.name for s in record.seats] == ["ben", "ann", "Bot A (hard)"]
    twice = await table.click(table.ann, end, label="Rematch")
    assert twice.ephemeral and "already has a game open" in twice.response.content
    await table.click(table.ben, lobby, label="Start")
    assert (await table.game()).status == "running"


async def test_a_solo_game_ends_with_play_again(table: Table):
    await table.slash(table.dan, "axio solo", game="rota")
    record = await table.game()
    await finish(table, record.id, random.Random(3))
    end = table.last_public()
    assert labels(end) == ["Play again", "Replay"]
    again = await table.click(table.dan, end, label="Play again")
    assert again.ephemeral and filenames(again.response) == {"solo.png"}
    new = await table.game()
    assert new.status == "running" and new.id != record.id and new.kind == "rota"


async def test_close_up_and_the_log_with_points_and_named_colours(table: Table, monkeypatch):
    # seed 1: the first tile has an empty corner that can touch the display
    monkeypatch.setattr(bot.table.lobby, "_seeds", SimpleNamespace(randrange=lambda _: 1))
    game_id = await start_game(table, "rota", table.ann, guests=[table.ben])
    rng = random.Random(5)
    named = None
    for _ in range(10):
        record = await table.record(game_id)
        moves = record.game.legal_moves()
        with_name = [m for m in moves if m.name is not None]
        move = with_name[0] if with_name and named is None else rng.choice(moves)
        named = named or (move if move.name is not None else None)
        await table.slash(table.member_for(record), "axio play", move=str(move))
    closer = await table.click(table.cat, table.last_public(), label="Close-up")
    (picture,) = [
        m for m in [closer.response, *closer.followups] if m is not None and m.attachments
    ]
    assert closer.ephemeral and filenames(picture) == {"close-up.png"}
    log = (await table.slash(table.cat, "axio log")).response.content
    lines = log.splitlines()
    assert len(lines) == 10 and all(re.search(r" — (\+\d+ [a-z]+|no points)", x) for x in lines)
    assert named is not None and f"empty corner named {colour_words(named.name)}" in log
