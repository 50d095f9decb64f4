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

from ..i18n import N_, _, language_of, use
from ..screens import outcomes
from ..screens.controls import (
    AFTER,
    BOARD,
    CLOSE_UP,
    COMPUTER,
    FIELD_LIMIT,
    LEVEL,
    LOBBY,
    MOVE,
    MY_TILES,
    OPEN,
    OTHER_CHANNEL,
    PICK,
    PREFIX,
    RESIGN,
    REVIEW_MOVE,
    RULES,
    SHARE,
    SIGNUP,
    Address,
    ForgedControl,
)
from ..screens.outcomes import Change
from ..screens.refusals import SERVER_ONLY, Refusal, changing, reply_refusal
from .builder import Builder
from .review import show_marked_move
from .services import services


class Stale(Refusal):
    """A control made for a move the game has moved past. Pressed on a private message, it
    takes that message's controls off as it answers, so nothing stale looks alive; unless
    another press on it confirmed a move, whose answer stays there (this one is answered
    in a reply of its own)."""


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
        with services(interaction).in_flight.one():  # a stopping bot lets it answer
            await self._answer_timed(interaction)

    async def _answer_timed(self, interaction: discord.Interaction) -> None:
        started = time.perf_counter()
        use(language_of(interaction.locale))  # this task answers only this member
        try:
            await self._answer(interaction)
        except Stale as stale:
            message = interaction.message
            if (
                message is not None
                and message.flags.ephemeral
                and not interaction.response.is_done()
                and not services(interaction).private.answered_by_another(
                    interaction, self.move_count
                )
            ):
                await interaction.response.edit_message(
                    content=f"⌛ {stale}", view=None, attachments=[]
                )
            else:
                await reply_refusal(interaction, stale)
        finally:
            kind = self.ADDRESS.kind if hasattr(self, "ADDRESS") else "unknown"
            services(interaction).metrics.command_done(
                f"control {kind}", time.perf_counter() - started
            )

    async def _answer(self, interaction: discord.Interaction) -> None:
        try:
            if self.problem is not None:
                raise Refusal(
                    _(
                        "That control is not one the bot made ({problem}), so it does "
                        "nothing. Use the latest game message, or `/axio hand`.",
                        problem=self.problem,
                    )
                )
            if interaction.guild_id is None:
                raise Refusal(SERVER_ONLY)
            if self.PRIVATE and not on_private_message(interaction):
                raise Refusal(NOT_ON_PRIVATE)
            if self.CHANGE is not None:
                changing(interaction, self.CHANGE)
            await self.run(interaction)
        except Stale:
            raise
        except Exception as error:
            await reply_refusal(interaction, error)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def refuse_repeat(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Before a stale press is refused: a press that repeats the move made since (a
        Confirm's) is told so instead (`MoveControl`)."""

    async def running(self, interaction: discord.Interaction) -> GameRecord:
        """The game, refusing if it is in another channel or not running. A daily
        challenge's game is in no channel: it is played from its player's own message,
        wherever they opened it, on its own day."""
        record = await services(interaction).repo.get_game(self.game_id)
        daily = is_daily(record)
        if daily:
            services(interaction).daily.check_open(record)
        elif record.channel_id != interaction.channel_id:
            raise Refusal(OTHER_CHANNEL)
        if record.status != "running" or record.game is None:
            raise Refusal(_("That game is over. Start a new one with `/axio new`."))
        return record

    async def current(
        self, interaction: discord.Interaction, *, same_turn: bool = False
    ) -> GameRecord:
        """The game, refusing if this control was made for an earlier move (with
        `same_turn`, for an earlier turn: the moves since were the mover's own)."""
        record = await self.running(interaction)
        if record.move_count == self.move_count:
            return record
        if same_turn and still_their_turn(record, self.move_count):
            return record
        await self.refuse_repeat(interaction, record)
        if is_daily(record):
            raise Stale(
                _(
                    "That was for an earlier move of your daily game; `/axio daily play` "
                    "shows where it stands."
                )
            )
        turn = stale_turn(record, self.move_count)
        raise Stale(
            _(
                "That was for turn {turn}; the game has moved on. Use the latest message's "
                "**My tiles** button, or `/axio hand`.",
                turn=turn,
            )
        )


class UnknownControl(GameControl, template=r"$^"):
    """Any `axio:` custom_id of a kind the bot does not make: answered, not ignored."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> GameControl:
        control = cls(item)
        control.problem = "its kind is unknown"
        return control


NOT_ON_PRIVATE = N_(
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


def still_their_turn(record: GameRecord, move_count: int) -> bool:
    """Every move since `move_count` was the current mover's, in the current turn: their
    turn began before and is not over (an AXIO! extra move, the exchange answer)."""
    game = record.game
    if game is None or move_count > len(game.log):
        return False
    return all(e.seat == game.to_move and e.turn == game.turn for e in game.log[move_count:])


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
    """The level picker as drawn before it knew its seats (old messages)."""

    CHANGE = outcomes.COMPUTER_SEAT

    async def run(self, interaction: discord.Interaction) -> None:
        await services(interaction).lobby.add_computer(
            interaction, self.game_id, self.fields["level"]
        )


class LevelControl(GameControl, address=LEVEL):
    CHANGE = outcomes.COMPUTER_SEAT

    async def run(self, interaction: discord.Interaction) -> None:
        await services(interaction).lobby.add_computer(
            interaction, self.game_id, self.fields["level"], seats=int(self.fields["seats"])
        )


class MyTilesControl(GameControl, address=MY_TILES):
    async def run(self, interaction: discord.Interaction) -> None:
        record = await self.current(interaction, same_turn=True)
        await builder_of(interaction, record).open(interaction, record)


class OpenControl(GameControl, address=OPEN):
    """A solo game's **Play**: the builder at whatever move the game is on."""

    async def run(self, interaction: discord.Interaction) -> None:
        record = await self.running(interaction)
        await services(interaction).builder.open(interaction, record)


class CloseUpControl(GameControl, address=CLOSE_UP):
    async def run(self, interaction: discord.Interaction) -> None:
        await services(interaction).answers.close_up(interaction, await self.running(interaction))


BOARD_OFF = N_(
    "The board is off: this bot's operator has not set up its Discord Activity. Press "
    "**My tiles** or use `/axio play`."
)


class BoardControl(GameControl, address=BOARD):
    """**Board**: Discord opens the Activity in this channel, where it shows the channel's
    game (to a watcher too: it shows them the public board)."""

    async def run(self, interaction: discord.Interaction) -> None:
        if not services(interaction).links.board:
            raise Refusal(_(BOARD_OFF))
        await interaction.response.launch_activity()


class AfterControl(GameControl, address=AFTER):
    """The end post's **Rematch** (or **Play again**) and **Replay**."""

    CHANGE = outcomes.NEW_GAME

    async def run(self, interaction: discord.Interaction) -> None:
        found = services(interaction)
        if self.fields["act"] == "replay":
            await found.answers.replay(interaction, self.game_id)
            return
        record = await found.lobby.rematch(interaction, self.game_id)
        if record.status == "running":  # a solo game starts at once, in its builder
            await found.builder.open(interaction, record)


class ResignControl(GameControl, address=RESIGN):
    """`/axio resign`'s confirmation: resign, or play on."""

    CHANGE = outcomes.RESIGN

    async def run(self, interaction: discord.Interaction) -> None:
        if self.fields["act"] == "no":
            await interaction.response.edit_message(content=_("You play on."), view=None)
            return
        await services(interaction).answers.resign(interaction, await self.running(interaction))


class RulesControl(GameControl, address=RULES):
    """The lobby's **How to play**."""

    async def run(self, interaction: discord.Interaction) -> None:
        await services(interaction).answers.rules(interaction, self.fields["kind"])


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

    async def refuse_repeat(self, interaction: discord.Interaction, record: GameRecord) -> None:
        if self.fields["act"] in CONFIRMS:
            text = self.fields["move"] or self.fields["act"]
            await builder_of(interaction, record).refuse_repeat(
                interaction, record, self.move_count, text
            )


CONFIRMS = ("ok", "exchange", "keep")
"""The move buttons that play a move (the others look or go back)."""


class ShareControl(GameControl, address=SHARE):
    async def run(self, interaction: discord.Interaction) -> None:
        await services(interaction).daily.share(interaction, self.game_id)


class ReviewControl(GameControl, address=REVIEW_MOVE):
    """A review's button: the position before and after one of its marked moves."""

    async def run(self, interaction: discord.Interaction) -> None:
        await show_marked_move(services(interaction), interaction, self.game_id, self.move_count)


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
        raise Refusal(_("That menu sent no choice I can read. Press **My tiles** to start again."))
    return values[0]


def dynamic_items() -> tuple[type[GameControl], ...]:
    """Every control class to register, and one for `axio:` ids of no known kind (its
    template is made from the kinds, so a new control needs no change here)."""
    kinds = "|".join(re.escape(item.ADDRESS.kind) for item in _ITEMS)
    unknown = type(
        "UnknownAxioControl", (UnknownControl,), {}, template=rf"(?s){PREFIX}:(?!(?:{kinds}):).*"
    )
    return (*_ITEMS, unknown)
