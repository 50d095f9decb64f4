"""Whole games on a German server, with German members: the lobby, moves by button and by
command, a hint, refusals, a timeout, the end, the leaderboard and the stats. Everything
any member was shown (text, embeds, buttons, menus, alt text) is scanned for English that
slipped through (`ENGLISH_WORDS`), and one English word fails the test, naming where."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import translate_in
from tests.bot.languages import english_in, german, guild_locale  # noqa: F401 (fixtures)
from tests.bot.table import Table, components, labels, select_step, selects, text_of

HOUR = 3600
MAX_MOVES = 400
pytestmark = [pytest.mark.simcord(settle_timeout=60), pytest.mark.usefixtures("german")]


def de(message: str, **values: Any) -> str:
    return translate_in("de", message, **values)


def everything_shown(message: Any) -> list[tuple[str, str]]:
    """(where, words) for every piece of a message a member reads."""
    shown = [("text", text_of(message))]
    for embed in message.embeds:
        raw = embed.to_dict()
        shown += [("embed title", raw.get("title", "")), ("embed", raw.get("description", ""))]
        shown += [("embed footer", raw.get("footer", {}).get("text", ""))]
        for field in raw.get("fields", []):
            shown += [("embed field", f"{field['name']}: {field['value']}")]
    for part in components(message):
        for key in ("label", "placeholder", "description"):
            if part.get(key):
                shown.append((f"component {key}", part[key]))
        for option in part.get("options", []):
            shown.append(("menu option", option.get("label", "")))
        for item in part.get("items", []):
            shown.append(("gallery alt text", item.get("description") or ""))
    for attachment in message.attachments:
        shown.append((f"alt text of {attachment.filename}", attachment.description or ""))
    return shown


def assert_no_english(table: Table) -> int:
    """Every message every member can see, scanned; how many pieces were read."""
    read, found = 0, []
    for member in table.members.values():
        for message in table.seen_by(member):
            for where, words in everything_shown(message):
                read += 1
                english = english_in(words)
                if english:
                    found.append(f"{where}: {english} in {words!r}")
    assert not found, "English in a German table:\n" + "\n".join(sorted(set(found))[:40])
    return read


async def start(table: Table, kind: str, guests: list[Any], computer: bool = False) -> int:
    lobby = (await table.slash(table.ann, "axio new", game=kind)).response
    for guest in guests:
        await table.click(guest, lobby, label=de("Join"))
    if computer:
        menu = await table.click(table.ann, lobby, label=de("Add computer"))
        await table.click(table.ann, menu.response, label=translate_in("de", "Normal"))
    await table.click(table.ann, lobby, label=de("Start"))
    record = await table.game()
    assert record is not None and record.status == "running"
    return record.id


async def play_with_german_builder(table: Table, record: Any, rng: random.Random) -> None:
    """My tiles, then a suggestion or the menus, the preview and Confirm, in German."""
    member = table.member_for(record)
    await table.env.settle()
    post = next(
        m for m in reversed(table.public())
        if f"<@{member.id}>" in text_of(m) and de("My tiles") in labels(m)
    )  # fmt: skip
    builder = (await table.click(member, post, label=de("My tiles"))).response
    if getattr(record.game, "phase", "place") == "exchange":
        choice = rng.choice([de("Exchange my rack"), de("Keep my rack")])
        await table.click(member, builder, label=choice)
        return
    await table.click(member, builder, label=de("Other move…"))
    if not any(custom_id.endswith(":move") for custom_id in selects(builder)):
        first = "position" if record.kind == "rota" else "tile"
        custom_id, options = select_step(builder, first)
        await table.select(member, builder, [rng.choice(options)["value"]], custom_id=custom_id)
    custom_id, options = select_step(builder, "move")
    await table.select(member, builder, [options[0]["value"]], custom_id=custom_id)
    assert de("Confirm") in labels(builder), builder.content
    await table.click(member, builder, label=de("Confirm"))


async def play_to_the_end(table: Table, game_id: int, rng: random.Random) -> None:
    for number in range(MAX_MOVES):
        record = await table.person_to_move(game_id)
        if record.status != "running":
            return
        if number % 4 == 0:
            await play_with_german_builder(table, record, rng)
        else:
            said = (await table.play_by_command(record, rng)).response.content
            assert said.startswith(("Du hast",)), said
    raise AssertionError("the game did not end")


async def a_turn_of_asides(table: Table, game_id: int) -> None:
    """A hint, a refusal to the player waiting, a look at the board and the scores, and a
    move from the autocomplete's German suggestions."""
    record = await table.person_to_move(game_id)
    mover = table.member_for(record)
    waiting = next(m for m in (table.ann, table.ben) if m is not mover)
    hint = await table.slash(mover, "axio hint")
    assert hint.ephemeral and "💡" in hint.response.content
    refused = await table.slash(waiting, "axio play", move="E5 red, F5 red")
    assert refused.ephemeral and "ist am Zug, nicht du" in refused.response.content
    for look in ("axio board", "axio scores", "axio log"):
        assert (await table.slash(mover, look)).ephemeral
    await bad_moves(table, mover, record.kind)
    offered = await table.autocomplete(mover, "axio play", "move", "")
    value = offered[0]["value"] if isinstance(offered[0], dict) else offered[0].value
    played = await table.slash(mover, "axio play", move=value)  # German colours read back
    assert played.response.content.startswith("Du hast"), played.response.content


BAD_MOVES = {
    "axio": ("irgendwas", "E5 rot, G5 blau", "A1 rot, A2 rot", "tauschen", "Q5 rot, R5 rot"),
    "rota": ("irgendwas", "ZQ10 90", "M10 90 grün", "M10 45", "A1 90"),
}
"""Moves the engine refuses for different reasons (unreadable, cells apart, a tile not held,
no exchange to answer, an occupied or lonely position, a wrong turn): each reason must
reach a German player in German (`assert_no_english` scans them with everything else)."""


async def bad_moves(table: Table, mover: Any, kind: str) -> None:
    reasons = set()
    for text in BAD_MOVES[kind]:
        refused = await table.slash(mover, "axio play", move=text)
        said = refused.response.content
        assert refused.ephemeral and said.startswith("Dieser Zug ist nicht erlaubt: "), said
        reasons.add(said)
    assert len(reasons) == len(BAD_MOVES[kind]), reasons


async def test_a_whole_axio_game_in_german(table: Table):
    game_id = await start(table, "axio", [table.ben, table.cat])
    await table.env.advance_time(73 * HOUR)  # the first player times out: a computer moves
    table.check_errors()
    assert any(de("Press **My tiles**") in text_of(m) for m in table.public())
    await a_turn_of_asides(table, game_id)
    await play_to_the_end(table, game_id, random.Random(5))
    final = text_of(table.last_public())
    assert "Spielende" in final, final
    await table.slash(table.ann, "axio leaderboard", game="axio")
    await table.slash(table.ann, "axio stats")
    assert assert_no_english(table) > 300


async def test_a_whole_rota_game_in_german(table: Table):
    game_id = await start(table, "rota", [table.ben], computer=True)
    await a_turn_of_asides(table, game_id)
    await play_to_the_end(table, game_id, random.Random(6))
    assert "Spielende" in text_of(table.last_public())
    await table.slash(table.ben, "axio leaderboard", game="rota")
    await table.slash(table.ben, "axio stats")
    assert assert_no_english(table) > 150
