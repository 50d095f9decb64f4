"""Member-chosen text as the bot shows it: literal, one line, short; pings only on purpose."""

from __future__ import annotations

import discord

from bot.screens.refusals import refusal_text
from bot.screens.safe_text import MESSAGE_LIMIT, NAME_LIMIT, capped, pinging, shown_name
from engine import IllegalMoveError


def test_a_name_shows_literally_on_one_short_line():
    shown = shown_name("**Bold**\n<@123456789012345678> @everyone " + "x" * 100)
    assert "\n" not in shown and "**" not in shown
    assert "<@123456789012345678>" not in shown and "@everyone" not in shown
    assert len(shown) <= 2 * NAME_LIMIT  # the escapes may add a few characters
    assert shown_name("") == "?" and shown_name("\x00\x01") == "?"


def test_pings_go_only_to_the_people_named():
    allowed = pinging([5, None, 5, 7])
    assert allowed.everyone is False and allowed.roles is False
    assert [user.id for user in allowed.users] == [5, 7]  # type: ignore[union-attr]
    assert pinging([]).users is False


def test_a_reply_never_exceeds_one_message():
    assert len(capped("x" * 5000)) == MESSAGE_LIMIT
    assert capped("short") == "short"


def test_an_illegal_move_refusal_escapes_what_was_typed():
    text = refusal_text(IllegalMoveError("'<@123456789012345678> **x**' is not a placement"))
    assert text is not None
    assert "<@123456789012345678>" not in text and "\\*\\*x\\*\\*" in text
    assert discord.utils.escape_mentions("<@123456789012345678>") in text
