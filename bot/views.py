"""Buttons and menus. Each is a DynamicItem: its custom_id carries the game (and the move
number it was made for), so it works after a restart and knows when it has gone stale.

No rules live here: a control loads the game, checks who pressed it, and hands the
decision to the builder (`bot.builder`) or the desk.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from storage import GameRecord

from .errors import Refusal, reply_refusal

if TYPE_CHECKING:
    from .app import AxioBot

PREFIX = "axio"


class GameItem(discord.ui.DynamicItem[discord.ui.Item], template=r"$^"):
    """Shared by every control: parse the ids, route errors to the one refusal reply."""

    def __init__(self, item: discord.ui.Item, game_id: int, move_count: int = 0) -> None:
        super().__init__(item)
        self.game_id = game_id
        self.move_count = move_count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> GameItem:
        return cls.from_match(match, item)

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item) -> GameItem:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        try:
            await self.run(interaction)
        except Exception as error:
            await reply_refusal(interaction, error)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def current(self, interaction: discord.Interaction) -> GameRecord:
        """The game, refusing if this control was made for an earlier move."""
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        record = await bot.repo.get_game(self.game_id)
        if record.status != "running" or record.game is None:
            raise Refusal("That game is over. Start a new one with `/axio new`.")
        if record.move_count != self.move_count:
            turn = stale_turn(record, self.move_count)
            raise Refusal(
                f"That was for turn {turn}; the game has moved on. Use the latest message's "
                "**My tiles** button, or `/axio hand`."
            )
        return record


def stale_turn(record: GameRecord, move_count: int) -> int:
    game = record.game
    if game is not None and move_count < len(game.log):
        return game.log[move_count].turn
    return game.turn if game else 0


class LobbyButton(GameItem, template=rf"{PREFIX}:lobby:(?P<game>\d+):(?P<action>[a-z]+)"):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": ("Join", discord.ButtonStyle.success),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "cpu": ("Add computer", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.primary),
        "cancel": ("Cancel", discord.ButtonStyle.danger),
    }

    def __init__(self, game_id: int, action: str) -> None:
        label, style = self.LABELS[action]
        button = discord.ui.Button(
            label=label, style=style, custom_id=f"{PREFIX}:lobby:{game_id}:{action}"
        )
        super().__init__(button, game_id)
        self.action = action

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item) -> GameItem:
        return cls(int(match["game"]), match["action"])

    async def run(self, interaction: discord.Interaction) -> None:
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        await bot.lobby.press(interaction, self.game_id, self.action)


class ComputerButton(GameItem, template=rf"{PREFIX}:cpu:(?P<game>\d+):(?P<level>[a-z]+)"):
    def __init__(self, game_id: int, level: str) -> None:
        button = discord.ui.Button(
            label=level.capitalize(), custom_id=f"{PREFIX}:cpu:{game_id}:{level}"
        )
        super().__init__(button, game_id)
        self.level = level

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item) -> GameItem:
        return cls(int(match["game"]), match["level"])

    async def run(self, interaction: discord.Interaction) -> None:
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        await bot.lobby.add_computer(interaction, self.game_id, self.level)


class MyTilesButton(GameItem, template=rf"{PREFIX}:tiles:(?P<game>\d+):(?P<count>\d+)"):
    def __init__(self, game_id: int, move_count: int) -> None:
        button = discord.ui.Button(
            label="My tiles",
            emoji="🧩",
            style=discord.ButtonStyle.primary,
            custom_id=f"{PREFIX}:tiles:{game_id}:{move_count}",
        )
        super().__init__(button, game_id, move_count)

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item) -> GameItem:
        return cls(int(match["game"]), int(match["count"]))

    async def run(self, interaction: discord.Interaction) -> None:
        record = await self.current(interaction)
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        await bot.builder.open(interaction, record)


class ChoiceSelect(GameItem, template=rf"{PREFIX}:pick:(?P<game>\d+):(?P<count>\d+):(?P<step>\w+)"):
    """A menu in the move builder: `step` says what is being chosen (tile, position, move)."""

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

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item) -> GameItem:
        return cls(int(match["game"]), int(match["count"]), match["step"])

    async def run(self, interaction: discord.Interaction) -> None:
        record = await self.current(interaction)
        value = (interaction.data or {}).get("values", [""])[0]  # type: ignore[union-attr]
        bot: AxioBot = interaction.client  # type: ignore[assignment]
        await bot.builder.chosen(interaction, record, self.step, value)


class MoveButton(
    GameItem, template=rf"{PREFIX}:move:(?P<game>\d+):(?P<count>\d+):(?P<act>\w+):(?P<move>.*)"
):
    """A builder button: `act` is `ok` (play the move), `back`, `exchange`, `keep`, `try`
    (preview a suggested move, labelled with what it scores) or `other` (the full menus)."""

    STYLES: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "ok": ("Confirm", discord.ButtonStyle.success),
        "back": ("Back", discord.ButtonStyle.secondary),
        "exchange": ("Exchange my rack", discord.ButtonStyle.primary),
        "keep": ("Keep my rack", discord.ButtonStyle.secondary),
        "try": ("Preview this move", discord.ButtonStyle.primary),
        "other": ("Other move…", discord.ButtonStyle.secondary),
    }

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

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item) -> GameItem:
        return cls(int(match["game"]), int(match["count"]), match["act"], match["move"])

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


DYNAMIC_ITEMS = (LobbyButton, ComputerButton, MyTilesButton, ChoiceSelect, MoveButton)


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in LobbyButton.LABELS:
        view.add_item(LobbyButton(game_id, action))
    return view


def computer_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for level in ("easy", "normal", "hard"):
        view.add_item(ComputerButton(game_id, level))
    return view


def turn_view(record: GameRecord) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(MyTilesButton(record.id, record.move_count))
    return view
