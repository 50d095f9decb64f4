"""A game page's link unfurled: the Open Graph head and the board's picture, which is the
table picture the channel sees, drawn by the painter, cached per game and move count, and
dropped for a forgotten member's name."""

from __future__ import annotations

import asyncio
import html as markup
import re

import pytest

from bot.i18n import speaking
from bot.screens.words import picture_words
from bot.table.painter import Painter
from bot.web.unfurl import PICTURES_KEY
from render import render_table
from tests.web.conftest import client_for, played


class CountedPainter:
    """The painter in threads, counting what it draws."""

    def __init__(self) -> None:
        self.painter = Painter(processes=0)
        self.drawn = 0

    async def paint(self, draw, *args, **kwargs) -> bytes:
        self.drawn += 1
        return await self.painter.paint(draw, *args, **kwargs)


@pytest.fixture
async def painted(repo, clock):
    counted = CountedPainter()
    client = await client_for(repo, clock, paint=counted.paint)
    yield client, counted
    await client.close()
    counted.painter.close()


def meta(html: str, key: str) -> str:
    found = re.search(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)">', html)
    assert found, key
    return markup.unescape(found.group(1))


async def test_the_head_names_the_title_players_and_the_boards_picture(repo, painted):
    client, _ = painted
    record, code = await played(repo, "axio", moves=6)
    html = await (await client.get(f"/g/{code}")).text()
    assert meta(html, "og:title") == "AXIO: P0, P1, Bot A (hard), Bot B (easy)"
    lowest = ", ".join(f"{seat.name} {min(record.game.scores(seat.seat))}" for seat in record.seats)
    assert meta(html, "og:description") == f"6 moves, being played. Lowest colours: {lowest}."
    image = meta(html, "og:image")
    assert image == f"https://axio.example/g/{code}/board.png?m=6"
    assert meta(html, "twitter:card") == "summary_large_image"
    assert meta(html, "theme-color") == "#16181d"
    assert meta(html, "og:url") == f"https://axio.example/g/{code}"


async def test_the_picture_is_the_channels_table_picture_without_a_rack(repo, painted):
    client, counted = painted
    record, code = await played(repo, "axio", moves=6)
    response = await client.get(f"/g/{code}/board.png?m=6")
    assert response.status == 200 and response.content_type == "image/png"
    with speaking("en"):
        channels = render_table(record.game, [s.name for s in record.seats], words=picture_words())
    assert await response.read() == channels
    again = await client.get(f"/g/{code}/board.png?m=6")
    assert await again.read() == channels and counted.drawn == 1


async def test_a_new_move_draws_the_picture_again(repo, painted):
    client, counted = painted
    record, code = await played(repo, "axio", moves=2)
    first = await (await client.get(f"/g/{code}/board.png")).read()
    move = record.game.legal_moves()[0]
    await repo.record_move(record.id, record.move_count, str(move))
    second = await (await client.get(f"/g/{code}/board.png?m=3")).read()
    assert first != second and counted.drawn == 2
    assert len(client.app[PICTURES_KEY]) == 1  # the old move count's picture is gone


async def test_a_forgotten_member_leaves_no_picture_with_their_name(repo, painted):
    client, counted = painted
    record, code = await played(repo, "axio", moves=4)
    await client.get(f"/g/{code}/board.png")
    await client.get(f"/g/{code}/board.png", headers={"Accept-Language": "de"})
    assert len(client.app[PICTURES_KEY]) == 2
    await repo.forget_member(101)
    png = await (await client.get(f"/g/{code}/board.png")).read()
    names = ["P0", "a former player", "Bot A (hard)", "Bot B (easy)"]
    with speaking("en"):
        assert png == render_table(record.game, names, words=picture_words())
    assert counted.drawn == 3 and len(client.app[PICTURES_KEY]) == 1  # the German one too


async def test_readers_asking_at_once_wait_for_one_picture(repo, painted):
    client, counted = painted
    _, code = await played(repo, "axio", moves=3)
    answers = await asyncio.gather(*(client.get(f"/g/{code}/board.png") for _ in range(5)))
    bodies = {await answer.read() for answer in answers}
    assert len(bodies) == 1 and counted.drawn == 1


async def test_turned_off_pages_and_bad_counts_draw_nothing(repo, painted):
    client, counted = painted
    record, code = await played(repo, "axio", moves=2)
    assert (await client.get(f"/g/{code}/board.png?m=x1")).status == 400
    await repo.set_game_pages(record.guild_id, False)
    assert (await client.get(f"/g/{code}/board.png")).status == 404
    assert counted.drawn == 0


async def test_without_a_painter_no_picture_is_named(repo, client):
    _, code = await played(repo, "axio", moves=2)
    html = await (await client.get(f"/g/{code}")).text()
    assert "og:image" not in html and meta(html, "twitter:card") == "summary"
    assert (await client.get(f"/g/{code}/board.png")).status == 404
