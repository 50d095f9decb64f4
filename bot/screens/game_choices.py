"""Finished games offered as a command's suggestions (`/axio review game:`, `/axio replay
game:`): by number, game, players and date, so a member finds a game without its number
(`#42 · AXIO · Ada, Brook, hard computer · 25 Nov`), the newest first, filtered by what
they typed (any part of the label: the number, a name, the game, the date).
"""

from __future__ import annotations

from discord import app_commands

from storage import GameChoice, Seat

from ..i18n import _, short_day
from .moves import MAX_CHOICES
from .present import title
from .safe_text import plain_name

CHOICE_LIMIT = 100
"""Discord shows at most 100 characters of a choice's name."""
SEARCHED = 100
"""Games searched for what a member typed: the newest this many (one indexed query), of
which the first MAX_CHOICES that match are offered."""


def computer_words(level: str) -> str:
    """A computer seat by its level, as lists of players say it: `hard computer`."""
    names = {
        "easy": _("easy computer"),
        "normal": _("normal computer"),
        "hard": _("hard computer"),
        "expert": _("expert computer"),
    }
    return names.get(level, level)


def seat_words(seat: Seat) -> str:
    return computer_words(seat.computer) if seat.computer else plain_name(seat.name)


def choice_label(choice: GameChoice) -> str:
    """`#42 · AXIO · Ada, Brook, hard computer · 25 Nov`, the players cut to fit."""
    head = f"#{choice.game_id} · {title(choice.kind)} · "
    tail = f" · {short_day(choice.finished_at)}"
    players = ", ".join(seat_words(seat) for seat in choice.seats)
    room = CHOICE_LIMIT - len(head) - len(tail)
    if len(players) > room:
        players = players[: room - 1].rstrip(", ") + "…"
    return head + players + tail


def game_choices(found: list[GameChoice], typed: str) -> list[app_commands.Choice[int]]:
    """The games whose label holds every word typed, newest first: a number is the start
    of the game's number (`#4`, `4`: #4, #42) or the day of the month it finished on."""
    words = typed.lower().split()
    choices = []
    for choice in found:
        label = choice_label(choice)
        if all(_matches(choice, label.lower(), word) for word in words):
            choices.append(app_commands.Choice(name=label, value=choice.game_id))
    return choices[:MAX_CHOICES]


def _matches(choice: GameChoice, label: str, word: str) -> bool:
    digits = word.lstrip("#")
    if digits.isdigit():
        day = str(choice.finished_at.day)
        return str(choice.game_id).startswith(digits) or (digits == day and word == digits)
    return word in label


def searched(typed: str) -> int:
    """How many of the newest games to fetch: the first page when nothing was typed."""
    return SEARCHED if typed.strip().lstrip("#") else MAX_CHOICES
