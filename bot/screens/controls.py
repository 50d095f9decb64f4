"""The buttons and menus people see, and the custom_ids they carry.

A control's custom_id is its address: `axio:<kind>:<field>:<field>…`, naming the game (and
the move number it was made for), so a press works after a restart and knows when it has
gone stale. This module draws controls and reads addresses; what a press does is the
command layer's (`bot/commands/controls.py`), which registers one handler per kind with
discord.py. So a screen that shows a control needs no handler, and discord.py keeps no
view in memory per message: every drawn control is non-dispatchable, and its press is
routed by its custom_id alone.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from ..i18n import N_, _, pgettext

PREFIX = "axio"
GAME_ID_LIMIT = 2**63 - 1
"""The largest game id storage can hold (SQLite's INTEGER)."""
MOVE_COUNT_LIMIT = 100_000
FIELD_LIMIT = 100
"""A custom_id is at most 100 characters, so no honest field is longer."""

COMPUTER_LEVELS = ("easy", "normal", "hard", "expert")
OTHER_CHANNEL = N_(
    "That control belongs to a game in another channel; use it there, where the game is."
)


class ForgedControl(ValueError):
    """A custom_id the bot never made: its message says which part is wrong."""


def id_number(text: str, name: str, high: int, low: int = 0) -> int:
    """A number field of a custom_id: plain ASCII digits within [low, high]."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
        raise ForgedControl(f"its {name} is not a number")
    number = int(text)
    if not low <= number <= high:
        raise ForgedControl(f"its {name} is out of range")
    return number


@dataclass(frozen=True)
class Address:
    """One kind of control: its `kind`, its `fields` in order (the last takes the rest of
    the id), for fields with a fixed set of values the values `allowed`, and a `check` of
    the fields together (raising ForgedControl)."""

    kind: str
    fields: tuple[str, ...]
    allowed: Mapping[str, Collection[str]] = field(default_factory=dict)
    check: Callable[[dict[str, Any]], None] | None = None

    def custom_id(self, *values: object) -> str:
        return ":".join((PREFIX, self.kind, *map(str, values)))[:100]

    def read(self, text: str) -> dict[str, Any]:
        """The fields of the part after `axio:<kind>:`, validated: a forged or malformed
        id (unknown value, a game id beyond SQLite's range, a missing field) raises
        ForgedControl and never reaches a handler."""
        parts = text.split(":", len(self.fields) - 1)
        if len(parts) != len(self.fields):
            raise ForgedControl("it has too few parts")
        found: dict[str, Any] = {}
        for name, part in zip(self.fields, parts, strict=True):
            if name in ("game_id", "tournament_id"):
                found[name] = id_number(part, name.split("_")[0], GAME_ID_LIMIT, low=1)
            elif name == "move_count":
                found[name] = id_number(part, "move number", MOVE_COUNT_LIMIT)
            elif name in self.allowed and part not in self.allowed[name]:
                raise ForgedControl(f"its {name} is unknown")
            elif len(part) > FIELD_LIMIT:
                raise ForgedControl(f"its {name} is too long")
            else:
                found[name] = part
        if self.check is not None:
            self.check(found)
        return found


LOBBY_LABELS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "cpu": (N_("Add computer"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
    "cancel": (N_("Cancel"), discord.ButtonStyle.danger),
}
MOVE_STYLES: dict[str, tuple[str, discord.ButtonStyle]] = {
    "ok": (N_("Confirm"), discord.ButtonStyle.success),
    "back": (N_("Back"), discord.ButtonStyle.secondary),
    "exchange": (N_("Exchange my rack"), discord.ButtonStyle.primary),
    "keep": (N_("Keep my rack"), discord.ButtonStyle.secondary),
    "try": (N_("Preview this move"), discord.ButtonStyle.primary),
    "other": (N_("Other move…"), discord.ButtonStyle.secondary),
}
FIXED_MOVES = {"back": "", "other": "", "exchange": "exchange", "keep": "keep"}
"""What a move button's other acts carry; `ok` and `try` carry the move they play or
preview."""
PICK_STEPS = ("tile", "position", "move", "page")


def _move_fits(fields: dict[str, Any]) -> None:
    act, move = fields["act"], fields["move"]
    if not move if act in ("ok", "try") else move != FIXED_MOVES[act]:
        raise ForgedControl(f"its move does not go with {act}")


LOBBY = Address("lobby", ("game_id", "action"), {"action": tuple(LOBBY_LABELS)})
COMPUTER = Address("cpu", ("game_id", "level"), {"level": COMPUTER_LEVELS})
"""The level picker as first drawn (still in old messages): it adds a computer per press."""
LEVEL = Address(
    "level", ("game_id", "seats", "level"), {"seats": tuple("01234"), "level": COMPUTER_LEVELS}
)
"""The level picker: `seats` is how many seats were taken when it was shown, so a second
press of it (a double tap) adds no second computer."""
MY_TILES = Address("tiles", ("game_id", "move_count"))
PICK = Address("pick", ("game_id", "move_count", "step"), {"step": PICK_STEPS})
"""A menu in the move builder: `step` says what is being chosen (tile, position, a page of
a long list, or the move)."""
OPEN = Address("open", ("game_id",))
"""A solo game's **Play** button: the player's builder at the current move."""
CLOSE_UP = Address("zoom", ("game_id",))
"""**Close-up**: the current position around the last move, to whoever asks."""
AFTER = Address("after", ("game_id", "act"), {"act": ("rematch", "replay")})
"""The end post's **Rematch** (same seats, a new lobby) and **Replay**."""
RESIGN = Address("resign", ("game_id", "act"), {"act": ("yes", "no")})
"""`/axio resign`'s confirmation."""
RULES = Address("rules", ("kind",), {"kind": ("axio", "rota")})
"""The lobby's **How to play**."""
MOVE = Address(
    "move", ("game_id", "move_count", "act", "move"), {"act": tuple(MOVE_STYLES)}, _move_fits
)
"""A builder button: `act` is `ok` (play the move), `back`, `exchange`, `keep`, `try`
(preview a suggested move, labelled with what it scores) or `other` (the full menus)."""
SIGNUP_LABELS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
}
SIGNUP = Address("signup", ("tournament_id", "action"), {"action": tuple(SIGNUP_LABELS)})
"""A tournament's sign-up button: join or leave."""
BOARD = Address("board", ("game_id",))
"""**Board**: opens the Activity (the playable board) in the game's channel."""
SHARE = Address("share", ("game_id",))
"""The Share button of a finished daily challenge: posts its spoiler-free card."""
REVIEW_MOVE = Address("review", ("game_id", "move_count"))
"""A review's button for one marked move (`move_count` is its number, from 1): the
position before and after it."""


class ControlButton(discord.ui.Button):
    """A button routed by its custom_id alone (see the module's docstring)."""

    def is_dispatchable(self) -> bool:
        return False


class ControlSelect(discord.ui.Select):
    """A menu routed by its custom_id alone (see the module's docstring)."""

    def is_dispatchable(self) -> bool:
        return False


def lobby_button(game_id: int, action: str) -> ControlButton:
    label, style = LOBBY_LABELS[action]
    return ControlButton(label=_(label), style=style, custom_id=LOBBY.custom_id(game_id, action))


def level_name(level: str) -> str:
    """A computer level's name: `Easy` / `Leicht`."""
    names = {
        "easy": pgettext("level", "Easy"),
        "normal": pgettext("level", "Normal"),
        "hard": pgettext("level", "Hard"),
        "expert": pgettext("level", "Expert"),
    }
    return names.get(level, level.capitalize())


def computer_button(game_id: int, seats: int, level: str) -> ControlButton:
    return ControlButton(label=level_name(level), custom_id=LEVEL.custom_id(game_id, seats, level))


def button(
    address: Address,
    *values: object,
    label: str,
    emoji: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
) -> ControlButton:
    """A button for any of the simple addresses above."""
    return ControlButton(
        label=label, emoji=emoji, style=style, custom_id=address.custom_id(*values)
    )


def my_tiles_button(game_id: int, move_count: int) -> ControlButton:
    return ControlButton(
        label=_("My tiles"),
        emoji="🧩",
        style=discord.ButtonStyle.primary,
        custom_id=MY_TILES.custom_id(game_id, move_count),
    )


def board_button(game_id: int, row: int | None = None) -> ControlButton:
    """**Board**: launches the Discord Activity, the board one plays by tapping; shown only
    when the bot's operator configured it (DISCORD_CLIENT_ID)."""
    return ControlButton(
        label=_("Board"),
        emoji="🎲",
        style=discord.ButtonStyle.success,
        custom_id=BOARD.custom_id(game_id),
        row=row,
    )


def choice_select(
    game_id: int,
    move_count: int,
    step: str,
    options: list[discord.SelectOption] | None = None,
    placeholder: str | None = None,
) -> ControlSelect:
    return ControlSelect(
        custom_id=PICK.custom_id(game_id, move_count, step),
        options=options or [discord.SelectOption(label="-")],
        placeholder=placeholder,
    )


def move_button(
    game_id: int,
    move_count: int,
    act: str,
    move: str = "",
    *,
    label: str | None = None,
    row: int | None = None,
) -> ControlButton:
    _move_fits({"act": act, "move": move})
    default, style = MOVE_STYLES[act]
    return ControlButton(
        label=label or _(default),
        style=style,
        custom_id=MOVE.custom_id(game_id, move_count, act, move),
        row=row,
    )


def view_of(*items: discord.ui.Item) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def lobby_view(game_id: int, kind: str) -> discord.ui.View:
    """Join, Leave, Add computer, Start, Cancel; and How to play on a row of its own."""
    view = view_of(*(lobby_button(game_id, action) for action in LOBBY_LABELS))
    view.add_item(button(RULES, kind, label=_("How to play"), emoji="📖"))
    return view


def computer_view(game_id: int, seats: int) -> discord.ui.View:
    return view_of(*(computer_button(game_id, seats, level) for level in COMPUTER_LEVELS))


def signup_view(tournament_id: int) -> discord.ui.View:
    return view_of(
        *(
            ControlButton(
                label=_(label), style=style, custom_id=SIGNUP.custom_id(tournament_id, act)
            )
            for act, (label, style) in SIGNUP_LABELS.items()
        )
    )


def share_view(game_id: int) -> discord.ui.View:
    return view_of(
        ControlButton(
            label=_("Share"),
            emoji="📣",
            style=discord.ButtonStyle.primary,
            custom_id=SHARE.custom_id(game_id),
        )
    )
