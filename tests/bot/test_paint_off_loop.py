"""Pictures are drawn off the event loop: a member's command is answered while another
game's table picture is still being drawn (`bot/table/painter.py`).

The table picture is gated: when its drawing starts (in the painter's worker) it hands the
bot another member's `/axio log` and waits until that command is answered. Drawn in a
worker, the loop is free: the command is answered at once and the picture goes on. Drawn on
the loop, the loop is stuck in the gate: the command cannot be answered until the gate
gives up (`GATE_S`), and the test fails.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from simcord.results import InteractionResult

from bot.screens import turn_post
from tests.bot.at_once import AnswerClock, dispatch_slash
from tests.bot.table import Table, filenames
from tests.bot.test_delivery import two_player

GATE_S = 60.0
"""How long the gated picture waits for the other command's answer before it gives up
(drawn on the loop, it waits all of it: the answer cannot come)."""


async def test_a_command_is_answered_while_a_table_picture_is_drawn(table: Table, monkeypatch):
    first = await two_player(table)
    elsewhere = table.guild.create_text_channel("elsewhere")
    second = await two_player_in(table, elsewhere)
    clock = AnswerClock(table.env, monkeypatch)
    loop_thread = threading.get_ident()
    other: dict[str, Any] = {}
    gate: dict[str, Any] = {}
    real = turn_post.render_table

    def gated(game: Any, names: list[str], **options: Any) -> bytes:
        if "started" in gate:  # only the first picture is gated
            return real(game, names, **options)
        gate["started"] = time.perf_counter()
        gate["on_loop"] = threading.get_ident() == loop_thread
        table.env._loop.call_soon_threadsafe(ask_for_the_log)
        deadline = time.perf_counter() + GATE_S
        while "record" not in other or other["record"].id not in clock.answered:
            if time.perf_counter() > deadline:
                gate["gave_up"] = True
                break
            time.sleep(0.005)
        png = real(game, names, **options)
        gate["drawn"] = time.perf_counter()
        return png

    def ask_for_the_log() -> None:
        member = table.member_for(second)
        other["record"] = dispatch_slash(table.env, member, elsewhere, "axio log", {})

    monkeypatch.setattr(turn_post, "render_table", gated)
    mover = table.member_for(first)
    await table.slash(mover, "axio play", move=str(first.game.legal_moves()[0]))
    await table.env.settle()

    assert "started" in gate, "the move's table post drew no picture"
    assert not gate["on_loop"], "the table picture was drawn on the event loop"
    assert "gave_up" not in gate, "the other command was not answered while the picture waited"
    record = other["record"]
    assert clock.answered[record.id] < gate["drawn"]
    log = InteractionResult(table.env, record)
    assert log.response is not None and log.response.content == "No moves yet.", log.response
    assert "table.png" in filenames(table.last_public())  # and the picture was posted


async def two_player_in(table: Table, channel: Any):  # type: ignore[no-untyped-def]
    """A second game between the same two members, in `channel`."""
    lobby = (await table.slash_in(channel, table.ann, "axio new", game="axio")).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    return await table.bot.repo.game_in_channel(channel.id)
