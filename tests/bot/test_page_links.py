"""Link buttons from Discord to the web pages (bot/table/page_links.py): the game page on
the turn and end posts, `/axio history` and `/axio review`, the server page on a
tournament's standings; none without PUBLIC_URL or with the server's pages turned off."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.table import Table, components
from tests.bot.test_review import answer_of, finish_in
from tests.bot.tournament_helpers import open_signup
from tests.bot.web_site import SITE, bot_settings, site  # noqa: F401

pytestmark = pytest.mark.simcord(settle_timeout=60)


def links(message: Any) -> dict[str, str]:
    """The message's link buttons: label → address (a link button has no custom id)."""
    return {
        c.get("label", ""): c["url"]
        for c in components(message)
        if c.get("type") == 2 and c.get("url") and "custom_id" not in c
    }


async def page_of(table: Table, game_id: int) -> str:
    return f"{SITE}/g/{await table.bot.repo.game_code(game_id)}"


async def started(table: Table) -> int:
    lobby = (await table.slash(table.ann, "axio new", game="rota")).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    await table.turn_post(record)
    return record.id


async def test_the_turn_and_end_posts_link_to_the_game_page(table: Table):
    game_id = await started(table)
    page = await page_of(table, game_id)
    assert links(table.last_public()) == {"Game page": page}
    await finish_in(table, table.channel, table.ann, table.ben, seed=5, game_id=game_id)
    await table.until(lambda: "Rematch" in str(components(table.last_public())), "the end post")
    assert links(table.last_public()) == {"Game page": page}


async def test_history_and_review_link_to_the_game_pages(table: Table):
    first = await finish_in(table, table.channel, table.ann, table.ben, seed=3)
    history = await table.slash(table.cat, "axio history")
    assert links(history.response) == {f"Game #{first}": await page_of(table, first)}
    review = answer_of(await table.slash(table.ann, "axio review", game=first))
    assert links(review) == {"Game page": await page_of(table, first)}


async def test_pages_turned_off_give_no_link(table: Table):
    await table.bot.repo.set_web_page(table.guild.id, False)
    game_id = await started(table)
    assert links(table.last_public()) == {}
    await finish_in(table, table.channel, table.ann, table.ben, seed=3, game_id=game_id)
    assert links((await table.slash(table.cat, "axio history")).response) == {}


async def test_the_standings_link_to_the_server_page_once_it_is_on(table: Table):
    t, _ = await open_signup(table, table.ann, game="axio", format="swiss", start="in 2h")
    shown = await table.slash(table.dan, "axio tournament standings")
    assert links(shown.response) == {}
    page = await table.bot.repo.set_web_page(table.guild.id, True)
    shown = await table.slash(table.dan, "axio tournament standings")
    assert links(shown.response) == {"Server page": f"{SITE}/s/{page.code}#t{t.id}"}


@pytest.mark.parametrize("site", [None])
async def test_without_public_url_nothing_changes(table: Table):
    game_id = await started(table)
    assert links(table.last_public()) == {}
    await finish_in(table, table.channel, table.ann, table.ben, seed=3, game_id=game_id)
    assert links(table.last_public()) == {}
    assert links((await table.slash(table.cat, "axio history")).response) == {}
    await table.bot.repo.set_web_page(table.guild.id, True)
    review = answer_of(await table.slash(table.ann, "axio review", game=game_id))
    assert links(review) == {}
