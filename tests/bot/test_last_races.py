"""The last races and holes: a resigned player moving their seat while its stand-in
thinks, builder controls forged onto public messages, a game whose channel or thread is
deleted, and a Rota hand's alt text."""

from __future__ import annotations

import random

import pytest

from engine import RotaGame
from storage import CHANNEL_GONE
from tests.bot.forge import forged_component
from tests.bot.table import Table, filenames, labels, text_of
from tests.bot.test_delivery import TABLE_POST, answers, two_player
from tests.bot.test_races import HeldComputer

RESIGNED = "You resigned from this game, so a computer plays your seat now"


async def test_a_resigned_player_cannot_move_the_seat_its_stand_in_plays(table: Table, monkeypatch):
    record = await two_player(table)
    mover = table.member_for(record)
    builder = (await table.click(mover, await table.turn_post(record), label="My tiles")).response
    suggestion = next(label for label in labels(builder) if " · +" in label)
    await table.click(mover, builder, label=suggestion)  # a preview opened before resigning
    computer = HeldComputer(table, monkeypatch)
    resigned = await table.resign(mover)
    assert "resigned" in answers(resigned)[-1], answers(resigned)
    await computer.chosen()  # the stand-in is thinking about the seat's move
    confirmed = await table.click(mover, builder, label="Confirm")
    typed = await table.slash(mover, "axio play", move=str(record.game.legal_moves()[0]))
    assert typed.ephemeral and confirmed.followups[-1].ephemeral
    for result in (confirmed, typed):
        assert answers(result)[-1].startswith(RESIGNED), answers(result)
    assert (await table.record(record.id)).move_count == 0
    await computer.let_go()
    after = await table.record(record.id)
    assert after.move_count >= 1 and after.game.log[0].seat == record.game.to_move


def _forged_ids(record) -> dict[str, tuple[str, bool]]:
    """A builder control of each kind for the record's move: custom_id, and whether a menu."""
    game_id, count = record.id, record.move_count
    move = str(record.game.legal_moves()[0])
    return {
        "back": (f"axio:move:{game_id}:{count}:back:", False),
        "other": (f"axio:move:{game_id}:{count}:other:", False),
        "try": (f"axio:move:{game_id}:{count}:try:{move}", False),
        "confirm": (f"axio:move:{game_id}:{count}:ok:{move}", False),
        "menu": (f"axio:pick:{game_id}:{count}:tile", True),
    }


@pytest.mark.parametrize("control", ["back", "other", "try", "confirm", "menu"])
@pytest.mark.parametrize("onto", ["lobby", "turn card"])
async def test_builder_controls_forged_onto_a_public_message_change_nothing(
    table: Table, control: str, onto: str
):
    opened = await table.slash(table.ann, "axio new", game="axio")
    await table.click(table.ben, opened.response, label="Join")
    await table.click(table.ann, opened.response, label="Start")
    record = await table.game()
    mover = table.member_for(record)
    target = opened.response if onto == "lobby" else await table.turn_post(record)
    seen = [(m.id, text_of(m), filenames(m), labels(m)) for m in table.public()]
    custom_id, menu = _forged_ids(record)[control]
    values = [str(record.game.rack(record.game.to_move)[0])] if menu else None
    pressed = await forged_component(mover, target, custom_id, values=values, select=menu)
    table.check_errors()
    assert pressed.ephemeral and "only its player sees" in answers(pressed)[-1]
    assert [(m.id, text_of(m), filenames(m), labels(m)) for m in table.public()] == seen
    assert (await table.record(record.id)).move_count == record.move_count


async def _game_in(table: Table, *, thread: bool):
    """A game in a thread of its own (or in a channel of its own): ann, and ben who
    resigned (a computer plays his seat), on a server whose timeouts make computer moves."""
    await table.slash(table.admin, "axio settings", timeout_hours=1, timeout_action="computer")
    if thread:
        await table.slash(table.ann, "axio new", game="axio", thread=True)
        (where,) = table.channel.threads
    else:
        where = table.guild.create_text_channel("a table of its own")
        await table.ann.slash(where, "axio new", game="axio")
    lobby = list(where.history())[-1]
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.bot.repo.game_in_channel(where.id)
    await table.resign(table.ben, where)
    return where, await table.person_to_move(record.id)


async def _play_in(thread, table: Table, record) -> None:
    move = random.Random(record.id).choice(record.game.legal_moves())
    played = await table.member_for(record).slash(thread, "axio play", move=str(move))
    assert "You played" in answers(played)[-1]


async def _assert_ended_without_a_result(table: Table, record) -> None:
    repo = table.bot.repo
    ended = await table.record(record.id)
    assert (ended.status, ended.ended_reason) == ("cancelled", CHANNEL_GONE)
    await table.env.advance_time(3 * 3600)  # the timeouts and computers would have moved
    assert (await table.record(record.id)).move_count == ended.move_count
    assert await repo.owed_count(record.id) == 0
    assert await repo.game_results(record.id) == []
    assert await repo.leaderboard(table.guild.id, "axio") == []
    history = (await table.slash(table.ann, "axio history")).response.embeds[0]
    assert f"**#{record.id}**" in history.description
    assert "its channel was deleted" in history.description


@pytest.mark.parametrize("deleted", ["thread", "its channel", "channel"])
async def test_a_game_whose_thread_or_channel_is_deleted_ends_without_a_result(
    table: Table, deleted: str
):
    where, record = await _game_in(table, thread=deleted != "channel")
    await _play_in(where, table, record)
    gone = table.channel if deleted == "its channel" else where
    if gone is table.channel:
        table.channel = table.guild.create_text_channel("still here")  # where ann asks
    table.env.backend.delete_channel(gone.id)
    await table.env.settle()
    await _assert_ended_without_a_result(table, record)


async def test_a_game_whose_channel_discord_no_longer_knows_ends_at_its_next_post(
    table: Table,
):
    """The deletion event never came (the bot was down): the courier's next post meets
    Discord's "Unknown Channel" and ends the game the same way."""
    thread, record = await _game_in(table, thread=True)
    table.env.inject_error(
        "POST", TABLE_POST, status=404, code=10003, message="Unknown Channel", times=None
    )
    await _play_in(thread, table, record)
    await table.env.advance_time(30)  # the computer's reply, then the post that sums both up
    await _assert_ended_without_a_result(table, record)


async def test_a_rota_hand_names_its_empty_corner(table: Table):
    seed = next(s for s in range(500) if None in RotaGame(1, s).tile_to_place)
    repo = table.bot.repo
    lobby = await repo.create_lobby("rota", table.guild.id, table.channel.id, table.ann.id, "ann")
    record = await repo.start(lobby.id, seed)
    tile = record.game.tile_to_place
    hand = (await table.slash(table.ann, "axio hand")).response
    [picture] = hand.attachments  # a solo game's page: the table with the tile to place
    words = picture.description.split("(corners from the top left, clockwise): ", 1)[1]
    corners = words.rstrip(".").split(", ")
    assert [c.split(" ")[-1] for c in corners] == [c.label if c else "corner" for c in tile]
    assert "empty corner" in corners
