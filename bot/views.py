"""Buttons and menus. Each is a DynamicItem: its custom_id carries the game (and the move
number it was made for), so it works after a restart and knows when it has gone stale.

No rules live here: a control loads the game, checks who pressed it, and hands the
decision to the builder (`bot.builder`) or the desk.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from storage import GameRecord

from .errors import SERVER_ONLY, Refusal, reply_refusal

if TYPE_CHECKING:
    from .app import AxioBot

PREFIX = "axio"
GAME_ID_LIMIT = 2**63 - 1
"""The largest game id storage can hold (SQLite's INTEGER)."""
MOVE_COUNT_LIMIT = 100_000
FIELD_LIMIT = 100
"""A custom_id is at most 100 characters, so no honest field is longer."""

COMPUTER_LEVELS = ("easy", "normal", "hard")
OTHER_CHANNEL = (
    "That control belongs to a game in another channel; use it there, where the game is."
)

_KINDS: list[str] = []
_ITEMS: list[type[GameItem]] = []


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


class GameItem(discord.ui.DynamicItem[discord.ui.Item], template=r"$^"):
    """Shared by every control: read and validate the custom_id, route errors to the one
    refusal reply.

    A subclass names its `kind` (the custom_id is `axio:<kind>:<field>:<field>…`), lists
    its `FIELDS` (its constructor's parameter names, in order; the last takes the rest of
    the id) and, for fields with a fixed set of values, `ALLOWED`. Every id is validated
    here, so a forged or malformed one (unknown action, a game id beyond SQLite's range,
    a missing field) is answered with a refusal and never reaches `run`."""

    FIELDS: ClassVar[tuple[str, ...]] = ()
    ALLOWED: ClassVar[dict[str, Collection[str]]] = {}
    problem: str | None = None

    def __init_subclass__(cls, kind: str | None = None, **kwargs: Any) -> None:
        if kind is not None:
            kwargs["template"] = rf"(?s){PREFIX}:{kind}:(?P<fields>.*)"
            _KINDS.append(kind)
            _ITEMS.append(cls)
        super().__init_subclass__(**kwargs)

    def __init__(self, item: discord.ui.Item, game_id: int, move_count: int = 0) -> None:
        super().__init__(item)
        self.game_id = game_id
        self.move_count = move_count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> GameItem:
        try:
            return cls(**cls.read_fields(match["fields"]))
        except ForgedControl as forged:
            control = cls.__new__(cls)
            GameItem.__init__(control, item, 0)
            control.problem = str(forged)
            return control

    @classmethod
    def read_fields(cls, text: str) -> dict[str, Any]:
        parts = text.split(":", len(cls.FIELDS) - 1)
        if len(parts) != len(cls.FIELDS):
            raise ForgedControl("it has too few parts")
        fields: dict[str, Any] = {}
        for name, part in zip(cls.FIELDS, parts, strict=True):
            if name == "game_id":
                fields[name] = id_number(part, "game", GAME_ID_LIMIT, low=1)
            elif name == "move_count":
                fields[name] = id_number(part, "move number", MOVE_COUNT_LIMIT)
            elif name in cls.ALLOWED and part not in cls.ALLOWED[name]:
                raise ForgedControl(f"its {name} is unknown")
            elif len(part) > FIELD_LIMIT:
                raise ForgedControl(f"its {name} is too long")
            else:
                fields[name] = part
        return fields

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        try:
            if self.problem is not None:
                raise Refusal(
                    f"That control is not one the bot made ({self.problem}), so it does "
                    "nothing. Use the latest game message, or `/axio hand`."
                )
            if interaction.guild_id is None:
                raise Refusal(SERVER_ONLY)
            await self.run(interaction)
        except Exception as error:
            await reply_refusal(interaction, error)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def current(self, interaction: discord.Interaction) -> GameRecord:
        """The game, refusing if this control was made for an earlier move."""
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        record = await bot.repo.get_game(self.game_id)
        if record.channel_id != interaction.channel_id:
            raise Refusal(OTHER_CHANNEL)
        if record.status != "running" or record.game is None:
            raise Refusal("That game is over. Start a new one with `/axio new`.")
        if record.move_count != self.move_count:
            turn = stale_turn(record, self.move_count)
            raise Refusal(
                f"That was for turn {turn}; the game has moved on. Use the latest message's "
                "**My tiles** button, or `/axio hand`."
            )
        return record


class UnknownControl(GameItem, template=r"$^"):
    """Any `axio:` custom_id of a kind the bot does not make: answered, not ignored."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> GameItem:
        control = cls.__new__(cls)
        GameItem.__init__(control, item, 0)
        control.problem = "its kind is unknown"
        return control


def dynamic_items() -> tuple[type[GameItem], ...]:
    """Every control class to register, and one for `axio:` ids of no known kind (its
    template is made from the kinds, so a new control needs no change here)."""
    kinds = "|".join(re.escape(kind) for kind in _KINDS)
    unknown = type(
        "UnknownAxioControl", (UnknownControl,), {}, template=rf"(?s){PREFIX}:(?!(?:{kinds}):).*"
    )
    return (*_ITEMS, unknown)


def stale_turn(record: GameRecord, move_count: int) -> int:
    game = record.game
    if game is not None and move_count < len(game.log):
        return game.log[move_count].turn
    return game.turn if game else 0


class LobbyButton(GameItem, kind="lobby"):
    FIELDS = ("game_id", "action")
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": ("Join", discord.ButtonStyle.success),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "cpu": ("Add computer", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.primary),
        "cancel": ("Cancel", discord.ButtonStyle.danger),
    }
    ALLOWED: ClassVar[dict[str, Collection[str]]] = {"action": tuple(LABELS)}

    def __init__(self, game_id: int, action: str) -> None:
        label, style = self.LABELS[action]
        button = discord.ui.Button(
            label=label, style=style, custom_id=f"{PREFIX}:lobby:{game_id}:{action}"
        )
        super().__init__(button, game_id)
        self.action = action

    async def run(self, interaction: discord.Interaction) -> None:
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        await bot.lobby.press(interaction, self.game_id, self.action)


class ComputerButton(GameItem, kind="cpu"):
    FIELDS = ("game_id", "level")
    ALLOWED: ClassVar[dict[str, Collection[str]]] = {"level": COMPUTER_LEVELS}

    def __init__(self, game_id: int, level: str) -> None:
        button = discord.ui.Button(
            label=level.capitalize(), custom_id=f"{PREFIX}:cpu:{game_id}:{level}"
        )
        super().__init__(button, game_id)
        self.level = level

    async def run(self, interaction: discord.Interaction) -> None:
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        await bot.lobby.add_computer(interaction, self.game_id, self.level)


class MyTilesButton(GameItem, kind="tiles"):
    FIELDS = ("game_id", "move_count")

    def __init__(self, game_id: int, move_count: int) -> None:
        button = discord.ui.Button(
            label="My tiles",
            emoji="🧩",
            style=discord.ButtonStyle.primary,
            custom_id=f"{PREFIX}:tiles:{game_id}:{move_count}",
        )
        super().__init__(button, game_id, move_count)

    async def run(self, interaction: discord.Interaction) -> None:
        record = await self.current(interaction)
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        await bot.builder.open(interaction, record)


class ChoiceSelect(GameItem, kind="pick"):
    """A menu in the move builder: `step` says what is being chosen (tile, position, move)."""

    FIELDS = ("game_id", "move_count", "step")
    ALLOWED: ClassVar[dict[str, Collection[str]]] = {"step": ("tile", "position", "move")}

    def __init__(
        self,
        game_id: int,
        move_count: int,
        step: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"{PREFIX}:pick:{game_id}:{move_count}:{step}",
            options=options or [discord.SelectOption(label="-")],
            placeholder=placeholder,
        )
        super().__init__(select, game_id, move_count)
        self.step = step

    async def run(self, interaction: discord.Interaction) -> None:
        record = await self.current(interaction)
        value = chosen_value(interaction)
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        await bot.builder.chosen(interaction, record, self.step, value)


class MoveButton(GameItem, kind="move"):
    """A builder button: `act` is `ok` (play the move), `back`, `exchange`, `keep`, `try`
    (preview a suggested move, labelled with what it scores) or `other` (the full menus)."""

    FIELDS = ("game_id", "move_count", "act", "move")
    FIXED_MOVES: ClassVar[dict[str, str]] = {
        "back": "",
        "other": "",
        "exchange": "exchange",
        "keep": "keep",
    }
    """What the other acts carry; `ok` and `try` carry the move they play or preview."""

    STYLES: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "ok": ("Confirm", discord.ButtonStyle.success),
        "back": ("Back", discord.ButtonStyle.secondary),
        "exchange": ("Exchange my rack", discord.ButtonStyle.primary),
        "keep": ("Keep my rack", discord.ButtonStyle.secondary),
        "try": ("Preview this move", discord.ButtonStyle.primary),
        "other": ("Other move…", discord.ButtonStyle.secondary),
    }
    ALLOWED: ClassVar[dict[str, Collection[str]]] = {"act": tuple(STYLES)}

    def __init__(
        self,
        game_id: int,
        move_count: int,
        act: str,
        move: str = "",
        *,
        label: str | None = None,
        row: int | None = None,
    ) -> None:
        if not move if act in ("ok", "try") else move != self.FIXED_MOVES[act]:
            raise ForgedControl(f"its move does not go with {act}")
        default, style = self.STYLES[act]
        button = discord.ui.Button(
            label=label or default,
            style=style,
            custom_id=f"{PREFIX}:move:{game_id}:{move_count}:{act}:{move}"[:100],
            row=row,
        )
        super().__init__(button, game_id, move_count)
        self.act = act
        self.move = move

    async def run(self, interaction: discord.Interaction) -> None:
        record = await self.current(interaction)
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        if self.act == "back":
            await bot.builder.open(interaction, record, edit=True)
        elif self.act == "other":
            await bot.builder.menus(interaction, record)
        elif self.act == "try":
            await bot.builder.preview(interaction, record, self.move)
        else:
            await bot.builder.confirm(interaction, record, self.move or self.act)


def chosen_value(interaction: discord.Interaction) -> str:
    """The one value a builder menu sends; a payload without it is refused."""
    values = (interaction.data or {}).get("values")  # type: ignore[union-attr]
    if (
        not isinstance(values, list)
        or len(values) != 1
        or not isinstance(values[0], str)
        or not 0 < len(values[0]) <= FIELD_LIMIT
    ):
        raise Refusal("That menu sent no choice I can read. Press **My tiles** to start again.")
    return values[0]


DYNAMIC_ITEMS = dynamic_items()


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in LobbyButton.LABELS:
        view.add_item(LobbyButton(game_id, action))
    return view


def computer_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for level in COMPUTER_LEVELS:
        view.add_item(ComputerButton(game_id, level))
    return view


def turn_view(record: GameRecord) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(MyTilesButton(record.id, record.move_count))
    return view
