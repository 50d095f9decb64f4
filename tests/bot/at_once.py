"""Members' commands arriving at the same moment, and how long each waited for its answer.

SimCord runs one member operation at a time, so `slash_at_once` builds each command as
SimCord's `slash` does and hands them all to the bot before it settles once: the bot
handles them concurrently, as it would commands from several members at once;
`clicks_at_once` does the same with presses of buttons.

`AnswerClock` measures, on SimCord's clock, from the moment an interaction reached the
bot to its first answer (a message, a defer, an update): what Discord's three seconds
count. It is the clock the bot's own deadlines run on (storage's budget, asyncio's
timeouts), and it moves only when the test moves it or a timer of the bot's falls due, so
what it measures does not depend on the machine's speed. Work in threads (SQLite waiting
for another process's lock) does not move it: what bounds that is what SQLite is told
(`lock_waits_are_external` notes it).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from simcord import actors as _actors
from simcord import interactions as _interactions
from simcord.backend import serializers
from simcord.backend.models import Interaction
from simcord.enums import AppCommandType, ComponentType, InteractionType
from simcord.results import InteractionResult

from tests.lock_holder import LockWait, noting_lock_waits
from tests.waiting import GIVE_UP_S

ANSWER_LIMIT_S = 3.0
"""Discord's window for a first answer."""
_FIRST_ANSWERS = (
    "respond_with_message",
    "defer",
    "defer_update",
    "update_source",
    "show_modal",
    "complete_autocomplete",
)


class AnswerClock:
    """Seconds on SimCord's clock from each interaction's dispatch to its first answer;
    `answered` also keeps the wall-clock instant of each first answer, to tell which of
    two things happened first."""

    def __init__(self, env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        self.env = env
        self.sent: dict[int, float] = {}
        self.answered: dict[int, float] = {}
        self.answered_at: dict[int, float] = {}
        monkeypatch.setattr(
            env, "_dispatch_observers", [*env._dispatch_observers, self._dispatched]
        )
        for name in _FIRST_ANSWERS:
            monkeypatch.setattr(Interaction, name, self._stamped(getattr(Interaction, name)))

    def _now(self) -> float:
        return self.env.now().timestamp()

    def _dispatched(self, record: Any) -> None:
        self.sent[record.id] = self._now()

    def _stamped(self, marker: Any) -> Any:
        def stamped(record: Any, *args: Any, **kwargs: Any) -> Any:
            if record.id not in self.answered:
                self.answered[record.id] = time.perf_counter()
                self.answered_at[record.id] = self._now()
            return marker(record, *args, **kwargs)

        return stamped

    def seconds(self, result: InteractionResult) -> float:
        """How long the interaction waited for its first answer (inf: none came)."""
        record = result._interaction
        if record.id not in self.answered_at:
            return float("inf")
        return self.answered_at[record.id] - self.sent[record.id]

    def slowest(self) -> float:
        """The longest wait of every interaction dispatched so far (inf: one got none)."""
        waits = [self.answered_at.get(i, float("inf")) - sent for i, sent in self.sent.items()]
        return max(waits, default=0.0)


def _slash_data(actor: Any, channel: Any, name: str, options: dict[str, Any]) -> dict[str, Any]:
    """The payload data of `/name options`, as SimCord's `slash` builds it."""
    parts = name.split()
    root = _actors._resolve_visible_command(actor, channel.id, parts[0], AppCommandType.CHAT_INPUT)
    leaf, nesting = _interactions.walk_to_subcommand(root, parts[1:])
    leaf_options, resolved = _interactions.build_options(
        actor, name, leaf, options, channel_id=channel.id
    )
    data: dict[str, Any] = {
        "id": root["id"],
        "name": root["name"],
        "type": root.get("type", AppCommandType.CHAT_INPUT),
        "options": _interactions.nest_options(root, nesting, leaf_options),
    }
    if resolved:
        data["resolved"] = resolved
    if root.get("guild_id"):
        data["guild_id"] = root["guild_id"]
    return data


def dispatch_slash(env: Any, actor: Any, channel: Any, name: str, options: dict[str, Any]) -> Any:
    """Hand `/name options` from `actor` to the bot without waiting for anything; SimCord's
    record of the interaction (its answers arrive on it)."""
    data = _slash_data(actor, channel, name, options)
    return _dispatch(env, actor, channel.id, InteractionType.APPLICATION_COMMAND, data)


def _dispatch(
    env: Any, actor: Any, channel_id: int, kind: int, data: dict[str, Any], message: Any = None
) -> Any:
    """Emit one interaction of `actor` (on SimCord's stored `message`, for a control)."""
    record, payload = _interactions.base_payload(
        env.backend,
        type=kind,
        channel_id=channel_id,
        guild_id=actor.guild.id,
        user_id=actor.id,
        data=data,
    )
    if message is not None:
        payload["message"] = dict(serializers.message_payload(env.backend, message))
        record.source_message_id = message.id
    env._notify_dispatch_observers(record)
    env.backend.emit("INTERACTION_CREATE", payload)
    return record


async def slash_at_once(
    env: Any, calls: list[tuple[Any, Any, str, dict[str, Any]]], *, seconds: float = 0.0
) -> list[InteractionResult]:
    """Each (member, channel, command, options) sent before the bot handles any of them;
    their results, in order, once the bot has settled, `seconds` later on SimCord's clock.

    SimCord's clock stands still while work waits in a thread (SQLite waiting for another
    process's lock), and a timer on a wait SimCord recognises (a lock's deadline) fires only
    when that clock moves: `seconds` moves it as the real one moves meanwhile."""
    return await _all_at_once(
        env, "slash_at_once", lambda: [dispatch_slash(env, *call) for call in calls], seconds
    )


def dispatch_click(env: Any, member: Any, message: Any, label: str) -> Any:
    """Hand a press of `member` on the button `label` of `message` to the bot without
    waiting for anything, as SimCord's `click` builds it; SimCord's record of the press."""
    stored = _actors._visible_message(member, message)
    button = _actors._find_component(
        stored.components, types=(ComponentType.BUTTON,), custom_id=None, label=label
    )
    data: dict[str, Any] = {"custom_id": button["custom_id"], "component_type": button["type"]}
    if button.get("id") is not None:
        data["id"] = button["id"]
    kind = InteractionType.MESSAGE_COMPONENT
    return _dispatch(env, member, stored.channel_id, kind, data, stored)


async def clicks_at_once(
    env: Any, member: Any, message: Any, labels: list[str]
) -> list[InteractionResult]:
    """A press of each button in `labels` (the same one several times: a double click, a
    second device, a client's retry), all sent before the bot handles any; their results
    once the bot has settled."""
    return await _all_at_once(
        env,
        "clicks_at_once",
        lambda: [dispatch_click(env, member, message, label) for label in labels],
        0.0,
    )


async def _all_at_once(
    env: Any, operation: str, dispatch: Callable[[], list[Any]], seconds: float
) -> list[InteractionResult]:
    env._begin_operation(operation)
    give_up = time.perf_counter() + GIVE_UP_S
    try:
        records = dispatch()
        if seconds:
            await env.advance_time(seconds)
        else:
            await env._settle_internal(dispatch="INTERACTION_CREATE")
        # work in an external wait finishes outside SimCord's settling
        while not all(record.responded for record in records) and time.perf_counter() < give_up:
            await asyncio.sleep(0.025)
            await env._settle_internal()
        return [InteractionResult(env, record) for record in records]
    finally:
        env._end_operation()


async def declared_wait(env: Any, awaitable: Any, reason: str) -> Any:
    """Await `awaitable`, declared to SimCord as a wait on something outside it when the
    bot's own work waits (SimCord refuses the declaration elsewhere: the test's own
    set-up and tear-down, such as closing the repository, wait undeclared)."""
    task = asyncio.current_task()
    if task in env._work.tasks and task not in env._work.external_waits:
        return await env.external_wait(awaitable, reason=reason)
    return await awaitable


def lock_waits_are_external(env: Any, repo: Any, monkeypatch: pytest.MonkeyPatch) -> list[LockWait]:
    """Tell SimCord that the repository's writes wait on something outside it: SQLite's
    writer taking the write lock another process holds (BEGIN IMMEDIATE, in a thread), and
    this process's commands queueing for that writer. Real time passes there that SimCord's
    clock does not see; declared, SimCord neither waits for them before it moves its clock
    nor holds back the deadlines that end them (see `slash_at_once`'s `seconds`).

    The list it returns gets a `LockWait` for each BEGIN IMMEDIATE: SimCord's clock does not
    move while SQLite waits in its thread, so what bounds that wait is the busy timeout the
    bot gave SQLite, which the test can check against what the command had left."""
    reason = "SQLite's write lock, held by another process"
    waits, begin = noting_lock_waits(
        repo._conn,
        lambda: env.now().timestamp(),
        lambda begun: declared_wait(env, begun, reason),
    )

    class QueueForTheWriter(asyncio.Lock):
        async def acquire(self) -> bool:
            return await declared_wait(env, super().acquire(), reason)

    monkeypatch.setattr(repo._conn, "execute", begin)
    monkeypatch.setattr(repo, "_lock", QueueForTheWriter())
    return waits


def server_waits_are_external(env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tell SimCord that the bot's waits on the PostgreSQL server (a pooled connection, a
    statement's answer) wait on something outside it. A frozen server answers nothing:
    undeclared, SimCord would wait for those answers before moving its clock, and the
    commands' deadlines (on that clock) could never end them. Declared, the deadlines end
    them as the clock moves (`env.advance_time`); the test then waits for the answers
    (`answered`), which a thawed server gives in real time."""
    import asyncpg
    from asyncpg.pool import Pool

    reason = "the PostgreSQL server"

    def declared(method: Any) -> Any:
        async def waits(*args: Any, **kwargs: Any) -> Any:
            return await declared_wait(env, method(*args, **kwargs), reason)

        return waits

    for owner, name in (
        (Pool, "_acquire"),
        (asyncpg.Connection, "execute"),
        (asyncpg.Connection, "executemany"),
        (asyncpg.Connection, "fetch"),
        (asyncpg.Connection, "fetchval"),
    ):
        monkeypatch.setattr(owner, name, declared(getattr(owner, name)))


def pauses_are_on_simcords_clock(env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Put the bot's pauses before trying again on SimCord's clock alone: the storage's
    probe while the database is away, and a call to Discord after a network fault. Each
    waits for something outside the bot (the database, the network). Undeclared, SimCord
    would wait for them in real time, settling only when they end or its limit does
    (minutes of a test that injects a lasting fault); declared, they go on when the test
    moves the clock (`env.advance_time`)."""
    from bot.table import background
    from storage.db import Database

    pause_between_probes = Database._pause_between_probes
    pause_before_retry = background.pause_before_retry

    async def probe_pause(database: Database) -> None:
        await declared_wait(env, pause_between_probes(database), "the database, away")

    async def retry_pause(seconds: float) -> None:
        await declared_wait(env, pause_before_retry(seconds), "the network, failing")

    monkeypatch.setattr(Database, "_pause_between_probes", probe_pause)
    monkeypatch.setattr(background, "pause_before_retry", retry_pause)


async def answered(env: Any, results: list[InteractionResult], seconds: float = GIVE_UP_S) -> None:
    """Wait (wall-clock, SimCord's clock standing) until every interaction has its final
    answer (a deferred one, its follow-up)."""
    started = time.perf_counter()
    while not all(r.acknowledged and not r.deferred for r in results):
        if time.perf_counter() - started > seconds:
            raise AssertionError(f"not answered: {results}")
        await asyncio.sleep(0.02)
        await env.settle()
