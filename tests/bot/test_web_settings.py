"""`/axio settings web_page:` as members meet it: a manager turns the server's page on and
is given its link, off turns it and the server's game pages off, only managers may, a bot
without PUBLIC_URL says so and changes nothing, and the bot removed from the server turns
its pages off."""

from __future__ import annotations

import pytest

from tests.bot.table import Table, text_of
from tests.bot.web_site import SITE, bot_settings, site  # noqa: F401


def embed_field(result, name: str) -> str:
    fields = result.response.embeds[0].fields
    return next(field.value for field in fields if field.name == name)


async def test_a_manager_turns_the_page_on_and_is_given_its_link_then_off(table: Table):
    repo = table.bot.repo
    shown = await table.slash(table.ann, "axio settings")
    assert embed_field(shown, "Web page") == "off (the games' pages are on)"
    on = await table.slash(table.admin, "axio settings", web_page="on")
    page = await repo.web_page(table.guild.id)
    url = f"{SITE}/s/{page.code}"
    assert page.server_page and f"This server's page is on: <{url}>" in on.response.content
    assert embed_field(on, "Web page") == f"on: {url}"
    off = await table.slash(table.admin, "axio settings", web_page="off")
    assert "This server's page and its games' pages are off" in off.response.content
    page = await repo.web_page(table.guild.id)
    assert not page.server_page and not page.game_pages
    assert embed_field(off, "Web page") == "off (the games' pages too)"


async def test_only_managers_may(table: Table):
    refused = await table.slash(table.ann, "axio settings", web_page="on")
    assert refused.ephemeral and "Only members who may manage the server" in text_of(
        refused.response
    )
    assert not (await table.bot.repo.web_page(table.guild.id)).server_page


@pytest.mark.parametrize("site", [None])
async def test_without_public_url_it_says_so_and_changes_nothing(table: Table):
    refused = await table.slash(table.admin, "axio settings", web_page="on", hints=False)
    assert refused.ephemeral and "has not set PUBLIC_URL" in text_of(refused.response)
    assert not (await table.bot.repo.web_page(table.guild.id)).server_page
    assert (await table.bot.repo.guild_settings(table.guild.id)).hints_enabled
    shown = await table.slash(table.ann, "axio settings")
    assert "Web page" not in [field.name for field in shown.response.embeds[0].fields]


async def test_the_bot_removed_from_the_server_turns_its_pages_off(table: Table):
    await table.slash(table.admin, "axio settings", web_page="on")
    await table.bot.get_guild(table.guild.id).leave()
    await table.env.settle()
    page = await table.bot.repo.web_page(table.guild.id)
    assert not page.server_page and not page.game_pages
