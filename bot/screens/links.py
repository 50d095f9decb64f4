"""The link buttons to the web pages (`bot/table/page_links.py` decides whether there is
one): plain URL buttons, which Discord opens itself; no custom id, no interaction."""

from __future__ import annotations

import discord

from ..i18n import N_, _

NO_WEB_PAGES = N_(
    "This bot serves no web pages: its operator has not set PUBLIC_URL. The other settings "
    "work without it."
)
MAX_LINKS = 10
"""Game links one answer carries (two rows of five: Discord allows five rows)."""


def page_button(url: str, label: str | None = None) -> discord.ui.Button:
    """A button that opens a web page."""
    return discord.ui.Button(label=label or _("Game page"), url=url, emoji="🌐")


def server_page_button(url: str) -> discord.ui.Button:
    return page_button(url, _("Server page"))


def links_view(links: dict[int, str]) -> discord.ui.View | None:
    """One button per game (`#12`), newest first as given; None without any."""
    if not links:
        return None
    view = discord.ui.View(timeout=None)
    for game_id, url in list(links.items())[:MAX_LINKS]:
        view.add_item(page_button(url, _("Game #{game}", game=game_id)))
    return view


def web_page_note(on: bool, url: str | None) -> str:
    """What `/axio settings web_page:` says it did."""
    if on and url:
        return _("This server's page is on: {url} (its games' pages are on too).", url=f"<{url}>")
    return _("This server's page and its games' pages are off: their links answer 404.")


def web_page_line(
    embed: discord.Embed, server_page: bool, game_pages: bool, url: str | None
) -> None:
    """The settings' field for the web pages."""
    if server_page and url:
        value = _("on: {url}", url=url)
    elif game_pages:
        value = _("off (the games' pages are on)")
    else:
        value = _("off (the games' pages too)")
    embed.add_field(name=_("Web page"), value=value)
