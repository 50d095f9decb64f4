"""Helpers that let bot tests read like a game at a table: members run commands, press
buttons and read what they can see, through SimCord's real discord.py machinery."""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import simcord

from bot.app import AxioBot, create_bot
from bot.config import Settings
from storage import GameRecord
from tests.waiting import eventually

PRIVATE_FILES = {"rack.png", "hand.png", "preview.png", "solo.png"}


@dataclass
class Table:
    env: simcord.Env
    guild: Any
    channel: Any
    members: dict[str, Any]
    settings: Settings
    clock: Callable[[], datetime] | None = None
    results: list[Any] = field(default_factory=list)
    _errors_seen: int = 0

    def __getattr__(self, name: str) -> Any:
        members = self.__dict__.get("members", {})
        if name in members:
            return members[name]
        raise AttributeError(name)

    @property
    def bot(self) -> AxioBot:
        return self.env.bot  # type: ignore[return-value]

    async def slash(self, member: Any, command: str, /, **options: Any) -> Any:
        return self._after(await member.slash(self.channel, command, **options))

    async def slash_in(self, channel: Any, member: Any, command: str, /, **options: Any) -> Any:
        """A command in another channel or thread than the table's."""
        return self._after(await member.slash(channel, command, **options))

    async def resign(self, member: Any, channel: Any = None) -> Any:
        """`/axio resign` and its confirmation's **Resign**: the press's result (the slash
        command's, when it was refused before asking)."""
        asked = await self.slash_in(channel or self.channel, member, "axio resign")
        if asked.response is None or not asked.response.components:
            return asked
        return await self.click(member, asked.response, label="Resign")

    async def click(self, member: Any, message: Any, **which: Any) -> Any:
        return self._after(await member.click(message, **which))

    async def select(self, member: Any, message: Any, values: list[str], **which: Any) -> Any:
        return self._after(await member.select(message, values, **which))

    async def autocomplete(self, member: Any, command: str, option: str, typed: str) -> Any:
        return await member.autocomplete(self.channel, command, option, typed)

    def _after(self, result: Any) -> Any:
        """Keep the result and check that nothing failed."""
        self.results.append(result)
        self.check_errors()
        return result

    def check_errors(self) -> None:
        """Refusals are answered inside commands and controls, so SimCord's error log stays
        empty: any entry in it is a bug."""
        errors = self.env.errors  # reading acknowledges them, so re-raise them here
        new, self._errors_seen = errors[self._errors_seen :], len(errors)
        if new:
            raise ExceptionGroup("the bot failed", list(new))

    async def game(self) -> GameRecord | None:
        return await self.bot.repo.game_in_channel(self.channel.id)

    async def record(self, game_id: int) -> GameRecord:
        return await self.bot.repo.get_game(game_id)

    def member_for(self, record: GameRecord) -> Any:
        """The member whose seat is to move (None for a computer)."""
        seat = record.seat_to_move
        if seat is None or seat.user_id is None:
            return None
        return next(m for m in self.members.values() if m.id == seat.user_id)

    def public(self) -> list[Any]:
        return list(self.channel.history())

    def seen_by(self, member: Any) -> list[Any]:
        return list(self.channel.history(viewer=member))

    def last_public(self) -> Any:
        return self.channel.last_message

    async def turn_post(self, record: GameRecord) -> Any:
        """The public post with the **My tiles** button for the record's move, once it is
        delivered. A computer that thinks in a process pool works outside what SimCord
        waits for, so the post of the move after it can arrive a moment after SimCord
        has settled."""
        wanted = f"axio:tiles:{record.id}:{record.move_count}"

        def posted() -> bool:
            message = self.last_public()
            return message is not None and any(
                c.get("custom_id") == wanted for c in components(message)
            )

        await self.until(posted, f"the turn post for move {record.move_count} of {record.id}")
        return self.last_public()

    async def until(self, check: Callable[[], object], what: str) -> None:
        """Wait until `check()` holds (it may be a coroutine function), SimCord settled
        each time: what a computer thinking in a process pool posts arrives outside what
        SimCord waits for (tests/waiting.py)."""

        async def settled_check() -> object:
            await self.env.settle()
            held = check()
            return await held if inspect.isawaitable(held) else held

        await eventually(settled_check, what)

    async def person_to_move(self, game_id: int) -> GameRecord:
        """The game once a person is to move or it is over (computers in a process pool
        move outside what SimCord waits for)."""
        found: list[GameRecord] = []

        async def a_person_or_over() -> bool:
            found[:] = [record := await self.record(game_id)]
            seat = record.seat_to_move
            return record.status != "running" or (seat is not None and seat.plays_as is None)

        await self.until(a_person_or_over, f"the computer in game {game_id} moves")
        return found[0]

    async def restart(self) -> AxioBot:
        """A brand-new bot on the same database, as after a crash or a deploy."""
        old = self.bot
        bot = create_bot(self.settings, shard_count=1, clock=self.clock)
        await self.env.restart_bot(bot)
        await old.repo.close()  # the old process is gone; its connection with it
        return bot

    async def play_by_command(self, record: GameRecord, rng: random.Random) -> Any:
        """The player to move types a random legal move with /axio play."""
        member = self.member_for(record)
        assert record.game is not None and member is not None
        move = rng.choice(record.game.legal_moves())
        return await self.slash(member, "axio play", move=str(move))


def filenames(message: Any) -> set[str]:
    return {attachment.filename for attachment in message.attachments}


async def turn_post(table: Table, member: Any) -> Any:
    """The table's post calling on `member`, once it is there: with computers thinking in
    a process pool, the post can still be on its way when their move is stored."""

    def calls_on_them() -> bool:
        last = table.last_public()
        return f"<@{member.id}>" in text_of(last) and "My tiles" in labels(last)

    await table.until(calls_on_them, f"a turn post for {member.name}")
    return table.last_public()


async def open_builder(table: Table, record: GameRecord, member: Any) -> Any:
    """The player to move opens their builder from the table: **My tiles** on the turn
    post, or a solo game's **Play** on its start post (the channel's only post while it
    runs)."""
    assert record.game is not None
    if record.game.solo:
        start = next(m for m in table.public() if "Play" in labels(m))
        return await table.click(member, start, label="Play")
    return await table.click(member, await turn_post(table, member), label="My tiles")


def assert_private_files_never_public(table: Table) -> None:
    """Racks, hand tiles and previews appear only in ephemeral messages."""
    for message in table.public():
        assert not filenames(message) & PRIVATE_FILES, text_of(message)
        assert "Your rack" not in text_of(message)
        assert "Your tile" not in text_of(message)


def components(message: Any) -> list[dict[str, Any]]:
    """Every component of a message, nested ones too (a V2 card's text, gallery, buttons),
    as raw dicts, depth first."""
    found: list[dict[str, Any]] = []

    def walk(items: list[Any]) -> None:
        for item in items:
            raw = item if isinstance(item, dict) else item.to_dict()
            found.append(raw)
            walk(raw.get("components", []))

    walk(list(message.components))
    return found


def text_of(message: Any) -> str:
    """What a message says: its content, or a V2 card's text displays."""
    texts = [c["content"] for c in components(message) if c.get("type") == 10]
    return "\n".join([message.content or "", *texts]).strip()


def gallery_descriptions(message: Any) -> list[str | None]:
    """The alt text of every image in a V2 card's media galleries."""
    return [
        item.get("description")
        for c in components(message)
        if c.get("type") == 12
        for item in c.get("items", [])
    ]


def labels(message: Any) -> list[str]:
    """Button labels of a message, in order, nested V2 ones too."""
    return [c["label"] for c in components(message) if c.get("type") == 2 and c.get("label")]


def selects(message: Any) -> dict[str, list[dict[str, str]]]:
    """The select menus of a raw (ephemeral response) message: custom_id → options."""
    found = {}
    for child in components(message):
        if child.get("type") == 3:
            found[child["custom_id"]] = child["options"]
    return found


def select_step(message: Any, step: str) -> tuple[str, list[dict[str, str]]]:
    """The builder menu for one step (tile, position or move)."""
    for custom_id, options in selects(message).items():
        if custom_id.endswith(f":{step}"):
            return custom_id, options
    raise AssertionError(f"no {step} menu in {message.content!r}")


async def play_suggested(table: Table, record: GameRecord, rng: random.Random) -> list[Any]:
    """The player to move plays one of the suggested moves: My tiles, a suggestion,
    Confirm (or My tiles and the exchange answer). Returns every interaction it took."""
    member = table.member_for(record)
    game = record.game
    assert member is not None and game is not None
    opened = await open_builder(table, record, member)
    builder = opened.response
    if getattr(game, "phase", "place") == "exchange":
        answer = rng.choice(["Exchange my rack", "Keep my rack"])
        return [opened, await table.click(member, builder, label=answer)]
    suggestions = [label for label in labels(builder) if " · lowest " in label]
    assert suggestions, labels(builder)
    tapped = await table.click(member, builder, label=rng.choice(suggestions))
    assert "Preview" in builder.content and filenames(builder) == {"preview.png"}
    return [opened, tapped, await table.click(member, builder, label="Confirm")]


async def play_with_builder(table: Table, record: GameRecord, rng: random.Random) -> Any:
    """The player to move presses My tiles, then Other move…, and builds a move: tile or
    position, then a placement among the best ones, the preview, and Confirm (or answers
    the exchange)."""
    member = table.member_for(record)
    game = record.game
    assert member is not None and game is not None
    opened = await open_builder(table, record, member)
    builder = opened.response
    assert opened.ephemeral and builder.ephemeral
    if getattr(game, "phase", "place") == "exchange":
        return await table.click(
            member, builder, label=rng.choice(["Exchange my rack", "Keep my rack"])
        )
    assert "Other move…" in labels(builder), builder.content
    await table.click(member, builder, label="Other move…")
    if not any(custom_id.endswith(":move") for custom_id in selects(builder)):
        first = "position" if game.kind == "rota" else "tile"
        custom_id, options = select_step(builder, first)
        await table.select(member, builder, [rng.choice(options)["value"]], custom_id=custom_id)
    if any(custom_id.endswith(":page") for custom_id in selects(builder)) and rng.random() < 0.5:
        custom_id, options = select_step(builder, "page")  # a later page, sometimes
        await table.select(member, builder, [options[-1]["value"]], custom_id=custom_id)
        if game.kind == "rota":
            custom_id, options = select_step(builder, "position")
            await table.select(member, builder, [options[0]["value"]], custom_id=custom_id)
    custom_id, options = select_step(builder, "move")
    await table.select(member, builder, [options[0]["value"]], custom_id=custom_id)
    assert "Preview" in builder.content and {a.filename for a in builder.attachments} == {
        "preview.png"
    }
    return await table.click(member, builder, label="Confirm")
