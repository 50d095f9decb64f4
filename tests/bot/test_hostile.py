"""What a hostile member can type, name themselves or forge: it pings nobody, breaks no
layout, is refused privately, and changes nothing."""

from __future__ import annotations

import discord
import pytest
from simcord import SetupError

from bot.screens.controls import GAME_ID_LIMIT
from bot.screens.present import move_summary
from bot.screens.refusals import SERVER_ONLY
from engine import Colour, PlayResult
from tests.bot.forge import forged_component, forged_slash, pinged
from tests.bot.table import Table
from tests.bot.test_present import record_after


async def start_with(table: Table, host, *others):
    lobby = (await table.slash(host, "axio new", game="axio")).response
    for member in others:
        await table.click(member, lobby, label="Join")
    await table.click(host, lobby, label="Start")
    return lobby, await table.game()


def member_named(table: Table, name: str):
    user = table.env.create_user(f"hostile{len(table.members)}", global_name=name)
    member = table.guild.add_member(user)
    table.members[user.name] = member
    return member


async def test_names_with_mentions_and_markdown_ping_nobody_and_stay_literal(table: Table):
    pinger = member_named(table, f"<@{table.dan.id}> @everyone")
    bold = member_named(table, "**x** __y__ `z`\nline")
    lobby, record = await start_with(table, pinger, bold)
    public = table.public()
    assert public, "the game was announced"
    for message in public:
        content = message.content or ""
        assert f"<@{table.dan.id}>" not in content, content
        assert "@everyone" not in content.replace("@\u200beveryone", "")
        assert "**x**" not in content and "\nline" not in content
        assert table.dan.id not in pinged(table, message)
        assert pinged(table, message) <= {pinger.id, bold.id}
    assert "\\*\\*x\\*\\*" in lobby.content
    turn = table.last_public()
    mover = table.member_for(record)
    assert pinged(table, turn) == {mover.id}, "only the person to move is pinged"


async def test_a_refusal_quotes_a_short_escaped_excerpt(table: Table):
    await table.slash(table.ann, "axio solo", game="rota")
    typed = "<@1234567890123456789> **" + "9" * 70
    refused = await table.slash(table.ann, "axio play", move=typed)
    content = refused.response.content
    assert refused.ephemeral and "is not a Rota move" in content
    assert "<@1234567890123456789>" not in content and "9" * 41 not in content
    assert len(content) < 400


async def test_a_move_text_over_the_limit_is_refused_by_the_option_and_by_the_bot(table: Table):
    await table.slash(table.ann, "axio solo", game="rota")
    record = await table.game()
    with pytest.raises(SetupError):  # Discord's client enforces the option's max_length
        await table.slash(table.ann, "axio play", move="1,1 " + " " * 200 + "x")
    table.check_errors()
    forged = await forged_slash(table.ann, table.channel, "axio play", move="1" * 5000)
    table.check_errors()
    assert forged.ephemeral and "at most 100 characters" in forged.response.content
    assert len(forged.response.content) <= 2000
    assert (await table.record(record.id)).move_count == record.move_count


async def test_game_commands_are_server_only_and_refused_in_a_dm(table: Table):
    user = table.ann._user if hasattr(table.ann, "_user") else table.ann.user
    with pytest.raises(SetupError):  # not offered in DMs at all
        await user.slash("axio solo", game="axio")
    for name, options in [("axio solo", {"game": "axio"}), ("axio history", {})]:
        forged = await forged_slash(user, user.dm_channel, name, **options)
        table.check_errors()
        assert forged.ephemeral and forged.response.content == SERVER_ONLY
    assert await table.bot.repo.game_in_channel(user.dm_channel.id) is None


FORGED_IDS = [
    "axio:lobby:{game}:zzz",  # unknown action
    f"axio:lobby:{2**64}:join",  # beyond SQLite's INTEGER
    f"axio:lobby:{GAME_ID_LIMIT + 1}:join",
    "axio:lobby:0:join",
    "axio:lobby:-1:join",
    "axio:lobby:١:join",  # a unicode digit
    "axio:lobby:{game}",  # a part missing
    "axio:lobby:",
    "axio:cpu:{game}:godlike",
    "axio:tiles:{game}:99999999999999999999999",
    "axio:pick:{game}:0:colour",
    "axio:move:{game}:0:fly:E5:b F5:r",
    "axio:zzz:{game}:0",  # unknown kind
    "axio:",
]


@pytest.mark.parametrize("template", FORGED_IDS)
async def test_forged_custom_ids_are_refused_and_change_nothing(table: Table, template: str):
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    record = await table.game()
    custom_id = template.format(game=record.id)
    pressed = await forged_component(table.ben, lobby, custom_id)
    table.check_errors()
    assert pressed.ephemeral and "not one the bot made" in pressed.response.content
    after = await table.record(record.id)
    assert (after.status, after.seats) == (record.status, record.seats)


@pytest.mark.parametrize("values", [[], [""], ["x" * 500], ["1", "2"]])
async def test_a_menu_payload_without_one_readable_value_is_refused(table: Table, values):
    _, record = await start_with(table, table.ann, table.ben)
    mover = table.member_for(record)
    custom_id = f"axio:pick:{record.id}:{record.move_count}:tile"
    chosen = await forged_component(
        mover, table.last_public(), custom_id, values=values, select=True
    )
    table.check_errors()
    assert chosen.ephemeral and "no choice I can read" in chosen.response.content
    assert (await table.record(record.id)).move_count == record.move_count


async def test_a_lobby_button_pressed_from_another_channel_is_refused(table: Table):
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    record = await table.game()
    elsewhere = table.guild.create_text_channel(
        "elsewhere",
        overwrites={table.ben: discord.PermissionOverwrite(manage_messages=True)},
    )
    note = await table.ben.send(elsewhere, "hello")
    for action in ("join", "start", "cancel"):
        pressed = await forged_component(table.ben, note, f"axio:lobby:{record.id}:{action}")
        table.check_errors()
        assert pressed.ephemeral and "another channel" in pressed.response.content
    after = await table.record(record.id)
    assert after.status == "lobby" and len(after.seats) == 1
    assert "ben" not in lobby.content


async def test_managing_rights_come_from_the_games_channel(table: Table):
    """A member who may manage messages in another channel only is not a moderator here."""
    await start_with(table, table.ann, table.cat)
    table.guild.create_text_channel(
        "elsewhere",
        overwrites={table.ben: discord.PermissionOverwrite(manage_messages=True)},
    )
    refused = await table.slash(table.ben, "axio end")
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert (await table.game()).status == "running"


def test_axio_without_extra_turns_to_come_announces_none():
    record = record_after(0)
    won = PlayResult(seat=0, move="E5:b E6:o", axio=(Colour.BLUE,), extra_turns=0)
    assert move_summary(record, won).endswith("**AXIO!** (blue).")
    owed = PlayResult(seat=0, move="E5:b E6:o", axio=(Colour.BLUE,), extra_turns=1)
    assert move_summary(record, owed).endswith("**AXIO!** (blue) — 1 extra turn.")
