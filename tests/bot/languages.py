"""Members and servers with their own Discord language in SimCord, which sends every
interaction as `en-US` from an `en-US` server: `speak(monkeypatch, {member: "de"})` sets
each member's `locale`, and every interaction carries its server's `preferred_locale` as
`guild_locale`, as Discord does. A module that imports the fixtures `guild_locale` and
`german` plays on a German server with German members."""

from __future__ import annotations

from typing import Any

import pytest
import simcord.interactions

from bot.playground import with_locales
from tests.bot.table import Table

ENGLISH_WORDS = (
    "the", "your", "you", "game", "move", "turn", "press", "tiles", "rack", "player",
    "lowest", "colour", "colours", "points", "played", "join", "start", "cancel", "leave",
    "seats", "host", "thinking", "exchange", "keep", "board", "scores", "over", "won",
    "red", "green", "blue", "purple", "pyramid", "rematch", "replay", "again", "only",
    "with", "and", "of", "to", "is", "are", "for", "by", "was", "has", "this", "that",
    "which", "here", "there", "when", "all", "first", "after", "wins", "winner", "rating",
    "average", "favourite", "weakest", "season", "month", "rated", "players", "games",
    "win", "choose", "tile", "placement", "suggestion", "suggestions", "scored", "scores",
)  # fmt: skip
"""Words that in a German text mean an English sentence slipped through ("orange" and
"AXIO" are German too)."""


@pytest.fixture
def guild_locale() -> str:
    """A German server (overrides conftest's)."""
    return "de"


@pytest.fixture
def german(table: Table, monkeypatch: Any) -> Table:
    """The table, every member of it speaking German."""
    speak(monkeypatch, {member.id: "de" for member in table.members.values()})
    return table


def speak(monkeypatch: Any, locales: dict[int, str]) -> None:
    """Member ids to their Discord locale (others: `en-US`), for one test."""
    patched = with_locales(simcord.interactions.base_payload, locales)
    monkeypatch.setattr(simcord.interactions, "base_payload", patched)


def english_in(text: str) -> list[str]:
    """The English words in `text` (mentions, code and custom emoji aside)."""
    import re

    plain = re.sub(r"<[^>]*>|`[^`]*`", " ", text)
    words = {word.lower() for word in re.findall(r"[A-Za-zÄÖÜäöüß]+", plain)}
    return sorted(words & set(ENGLISH_WORDS))
