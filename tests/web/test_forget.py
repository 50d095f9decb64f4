"""`axio-bot forget` run beside a serving web process (another process's forgetting, as the
operator's command is): every page the member was on names "a former player" at the next
request, though each had just been read and cached: the game page, its JSON, its
unfurled picture and the server's page."""

from __future__ import annotations

import asyncio

from bot.ops import admin
from bot.table.painter import Painter
from storage.records import FORMER_PLAYER_NAME
from tests.storage.conftest import GUILD
from tests.web.conftest import client_for, names, played


async def test_axio_bot_forget_leaves_a_former_player_on_every_page(repo, clock, tmp_path):
    painter = Painter(processes=0)
    client = await client_for(repo, clock, paint=painter.paint)
    try:
        _, code = await played(repo, "axio")
        server = (await repo.set_web_page(GUILD, True)).code
        pages = (f"/g/{code}", f"/g/{code}.json", f"/s/{server}")
        before = [await (await client.get(path)).text() for path in pages]
        picture = await (await client.get(f"/g/{code}/board.png")).read()
        assert all(names(text, "P1") for text in before)
        done = await asyncio.to_thread(admin.forget, tmp_path / "axio.sqlite3", 101, yes=True)
        assert done == 0
        after = [await (await client.get(path)).text() for path in pages]
        assert all(not names(text, "P1") and FORMER_PLAYER_NAME in text for text in after)
        assert await (await client.get(f"/g/{code}/board.png")).read() != picture
    finally:
        await client.close()
        painter.close()
