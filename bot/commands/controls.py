"""What a press of a button or a menu does. Each kind of control (`screens/controls.py`
draws them) has one DynamicItem here, registered with discord.py, which matches its
custom_id, so every control works after a restart and knows when it has gone stale.

No rules live here: a control loads the game, checks where and for which move it was
pressed, and hands the decision to the move builder or the lobby.

The move builder's controls (`PRIVATE`) act only on the private (ephemeral) message they
were drawn on: the same custom_id forged onto a public message (the lobby, a turn card)
is refused and changes nothing, so no rack is ever drawn over a public message. Each
control says what it changes (`CHANGE`), for the words of a database fault's answer.
"""

from __future__ import annotations

import re
import time
from typing import Any, ClassVar

import discord

from storage import GameRecord

from ..screens import outcomes
from ..screens.controls import (
    COMPUTER,
    FIELD_LIMIT,
    LOBBY,
    MOVE,
    MY_TILES,
    OTHER_CHANNEL,
    PICK,
    PREFIX,
    SHARE,
    SIGNUP,
    Address,
    ForgedControl,
)
from ..screens.outcomes import Change
from ..screens.refusals import SERVER_ONLY, Refusal, changing, reply_refusal
from .builder import Builder
from .services import services

_ITEMS: list[type[GameControl]] = []


class GameControl(discord.ui.DynamicItem[discord.ui.Item], template=r"$^"):
    """Shared by every control: read and validate the custom_id (its `ADDRESS` says how),
    and route errors to the one refusal reply. A forged or malformed id is answered with
    a refusal and never reaches `run`."""

    ADDRESS: ClassVar[Address]
    CHANGE: ClassVar[Change | None] = None
    """What a press may change (its answers to a database fault say so)."""
    PRIVATE: ClassVar[bool] = False
    """Acts only on an ephemeral message: the move builder's own controls."""
    problem: str | None = None

    def __init_subclass__(cls, address: Address | None = None, **kwargs: Any) -> None:
        if address is not None:
            cls.ADDRESS = address
            kwargs["template"] = rf"(?s){PREFIX}:{re.escape(address.kind)}:(?P<fields>.*)"
            _ITEMS.append(cls)
        super().__init_subclass__(**kwargs)

    def __init__(self, item: discord.ui.Item, fields: dict[str, Any] | None = None) -> None:
        super().__init__(item)
        self.fields = fields or {}
        self.game_id: int = self.fields.get("game_id", 0)
        self.move_count: int = self.fields.get("move_count", 0)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> GameControl:
        try:
            return cls(item, cls.ADDRESS.read(match["fields"]))
        except ForgedControl as forged:
            control = cls(item)
            control.problem = str(forged)
            return control

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        started = time.perf_counter()
        try:
            if self.problem is not None:
                raise Refusal(
                    f"That control is not one the bot made ({self.problem}), so it does "
                    "nothing. Use the latest game message, or `/axio hand`."
                )
            if interaction.guild_id is None:
                raise Refusal(SERVER_ONLY)
            if self.PRIVATE and not on_private_message(interaction):
                raise Refusal(NOT_ON_PRIVATE)
            if self.CHANGE is not None:
                changing(interaction, self.CHANGE)
            await self.run(interaction)
        except Exception as error:
            await reply_refusal(interaction, error)
        finally:
            kind = self.ADDRESS.kind if hasattr(self, "ADDRESS") else "unknown"
            services(interaction).metrics.command_done(
                f"control {kind}", time.perf_counter() - started
            )

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def current(self, interaction: discord.Interaction) -> GameRecord:
        """The game, refusing if this control was made for an earlier move. A daily
        challenge's game is in no channel: it is played from its player's own message,
        wherever they opened it, on its own day."""
        record = await services(interaction).repo.get_game(self.game_id)
        daily = is_daily(record)
        if daily:
            services(interaction).daily.check_open(record)
        elif record.channel_id != interaction.channel_id:
            raise Refusal(OTHER_CHANNEL)
        if record.status != "running" or record.game is None:
            raise Refusal("That game is over. Start a new one with `/axio new`.")
        if record.move_count != self.move_count and daily:
            raise Refusal(
                "That was for an earlier move of your daily game; `/axio daily play` shows "
                "where it stands."
            )
        if record.move_count != self.move_count:
            turn = stale_turn(record, self.move_count)
            raise Refusal(
                f"That was for turn {turn}; the game has moved on. Use the latest message's "
                "**My tiles** button, or `/axio hand`."
            )
        return record


class UnknownControl(GameControl, template=r"$^"):
    """Any `axio:` custom_id of a kind the bot does not make: answered, not ignored."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> GameControl:
        control = cls(item)
        control.problem = "its kind is unknown"
        return control


NOT_ON_PRIVATE = (
    "That control belongs to a move builder, which only its player sees, so it does nothing "
    "here. Press **My tiles** on the latest turn message, or use `/axio hand`."
)


def on_private_message(interaction: discord.Interaction) -> bool:
    """Whether the pressed control sits on an ephemeral message (only the presser sees it)."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def is_daily(record: GameRecord) -> bool:
    return "daily" in record.settings


def builder_of(interaction: discord.Interaction, record: GameRecord) -> Builder:
    """The daily challenge's builder for a daily game, else the table's."""
    served = services(interaction)
    return served.daily if is_daily(record) else served.builder


def stale_turn(record: GameRecord, move_count: int) -> int:
    game = record.game
    if game is not None and move_count < len(game.log):
        return game.log[move_count].turn
    return game.turn if game else 0


class LobbyControl(GameControl, address=LOBBY):
    CHANGE = outcomes.LOBBY

    async def run(self, interaction: discord.Interaction) -> None:
        await services(interaction).lobby.press(interaction, self.game_id, self.fields["action"])


class ComputerControl(GameControl, address=COMPUTER):
    CHANGE = outcomes.COMPUTER_SEAT

    async def run(self, interaction: discord.Interaction) -> None:
        await services(interaction).lobby.add_computer(
            interaction, self.game_id, self.fields["level"]
        )


class MyTilesControl(GameControl, address=MY_TILES):
    async def run(self, interaction: discord.Interaction) -> None:
        record = await self.current(interaction)
        await builder_of(interaction, record).open(interaction, record)


class ChoiceControl(GameControl, address=PICK):
    CHANGE, PRIVATE = outcomes.MOVE, True

    async def run(self, interaction: discord.Interaction) -> None:
        record = await self.current(interaction)
        value = chosen_value(interaction)
        await builder_of(interaction, record).chosen(
            interaction, record, self.fields["step"], value
        )


class MoveControl(GameControl, address=MOVE):
    CHANGE, PRIVATE = outcomes.MOVE, True

    async def run(self, interaction: discord.Interaction) -> None:
        act, move = self.fields["act"], self.fields["move"]
        record = await self.current(interaction)
        builder = builder_of(interaction, record)
        if act == "back":
            await builder.open(interaction, record, edit=True)
        elif act == "other":
            await builder.menus(interaction, record)
        elif act == "try":
            await builder.preview(interaction, record, move)
        else:
            await builder.confirm(interaction, record, move or act)


class ShareControl(GameControl, address=SHARE):
    async def run(self, interaction: discord.Interaction) -> None:
        await services(interaction).daily.share(interaction, self.game_id)


class SignupControl(GameControl, address=SIGNUP):
    CHANGE = outcomes.TOURNAMENT

    async def run(self, interaction: discord.Interaction) -> None:
        await services(interaction).signup.press(
            interaction, self.fields["tournament_id"], self.fields["action"]
        )


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


def dynamic_items() -> tuple[type[GameControl], ...]:
    """Every control class to register, and one for `axio:` ids of no known kind (its
    template is made from the kinds, so a new control needs no change here)."""
    kinds = "|".join(re.escape(item.ADDRESS.kind) for item in _ITEMS)
    unknown = type(
        "UnknownAxioControl", (UnknownControl,), {}, template=rf"(?s){PREFIX}:(?!(?:{kinds}):).*"
    )
    return (*_ITEMS, unknown)
