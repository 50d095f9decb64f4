"""Driving the real bot at a steady rate through SimCord, for `bench_load`.

SimCord's members run one operation at a time and wait for the bot to settle after each,
which is right for tests and wrong for load: real members do not wait for each other. So
the driver builds each `/axio play` interaction the way SimCord does and hands it to
SimCord's gateway without waiting, on a fixed schedule (an open loop: a command's round
trip counts from when it was due, so any queueing shows). A command is answered the moment
SimCord records its answer: a message, or the follow-up that replaces "thinking…" (the
driver hooks those two methods of SimCord's record of the interaction, so nothing polls).
Uses SimCord's internals (`simcord.interactions`, the record's methods), pinned by the dev
extra (`simcord==3.2.1`).

SimCord keeps a list of the bot's pending timers and forgets the ones the bot cancelled
only when it settles, which an open loop never lets it do; every callback the bot schedules
then walks that list (a removal by equality), so the list grew by ~6 cancelled timers a
move (each storage transaction's deadline) and the simulator's cost grew without bound over
a window (~20 ms a move after 8 s). The driver forgets them every 100 ms exactly as
settling would (`_forget_cancelled`): SimCord's bookkeeping, not the bot's work.
"""

from __future__ import annotations

import asyncio
import copy
import gc
import random
import time
from dataclasses import dataclass, field
from typing import Any

import simcord
from simcord import actors as sim_actors
from simcord import interactions as sim_interactions
from simcord._settlement import _active_callbacks
from simcord.enums import AppCommandType

from bot.screens.moves import move_text
from engine import game_class

COMMAND = 2  # Discord's APPLICATION_COMMAND interaction type


@dataclass
class Seats:
    """One game the driver plays: its channel, and the moves to send in order, each with
    the member who sends it (worked out beforehand from the same seed, so choosing a move
    costs the timed window nothing)."""

    game_id: int
    channel: Any
    moves: list[tuple[int, str]]
    next: int = 0
    busy: bool = False


@dataclass
class Gauges:
    """What the window saw: round trips, event-loop lag, collector pauses."""

    rtt_ms: list[float] = field(default_factory=list)
    lag_ms: list[float] = field(default_factory=list)
    gc_ms: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    late_starts: int = 0
    drain_s: float = 0.0
    """How long after the window the courier took to deliver every owed post."""
    simcord_cpu_s: float = 0.0
    """The CPU the simulated Discord took meanwhile (`bench.cpu_split`)."""
    workers_cpu_s: float = 0.0
    """The worker processes' CPU meanwhile (the pictures)."""
    busiest: list[str] = field(default_factory=list)
    """The loop thread's busiest places meanwhile (`bench.cpu_split`)."""


def planned_moves(kind: str, players: int, seed: int, users: list[int], count: int) -> list:
    """The first `count` moves of a game dealt from `seed`, as (user id, text) pairs."""
    game = game_class(kind)(players, seed)
    rng = random.Random(seed)
    plan = []
    while len(plan) < count and not game.is_over:
        move = rng.choice(game.legal_moves())
        plan.append((users[game.to_move], move_text(game, move)))
        game.play(move)
    return plan


class Driver:
    def __init__(self, env: simcord.Env, template: dict[str, Any]) -> None:
        self.env = env
        self.backend = env.backend
        self.template = template

    @staticmethod
    def capture_template(member: Any, channel: Any) -> dict[str, Any]:
        """The data of one `/axio play`, built as SimCord's `slash` builds it, to be copied
        with other moves. (Not sent: on PostgreSQL SimCord's settling after a command
        never ended, and the driver never needs it to.)"""
        parts = ["axio", "play"]
        root = sim_actors._resolve_visible_command(
            member, channel.id, parts[0], AppCommandType.CHAT_INPUT
        )
        leaf, nesting = sim_interactions.walk_to_subcommand(root, parts[1:])
        options, _ = sim_interactions.build_options(
            member, "axio play", leaf, {"move": "E5:b F5:r"}, channel_id=channel.id
        )
        return {
            "id": root["id"],
            "name": root["name"],
            "type": root.get("type", AppCommandType.CHAT_INPUT),
            "options": sim_interactions.nest_options(root, nesting, options),
        }

    def send(self, guild_id: int, channel_id: int, user_id: int, move: str, answered: Any) -> Any:
        """Hand one `/axio play move:<move>` to the bot; returns SimCord's record of it.
        `answered(record)` is called when the bot's answer arrives."""
        data = copy.deepcopy(self.template)
        data["options"][0]["options"][0]["value"] = move
        record, payload = sim_interactions.base_payload(
            self.backend,
            type=COMMAND,
            channel_id=channel_id,
            guild_id=guild_id,
            user_id=user_id,
            data=data,
        )
        _on_answer(record, answered)
        self.backend.emit("INTERACTION_CREATE", payload)
        return record

    async def run(
        self,
        games: list[Seats],
        guild_id: int,
        seconds: float,
        *,
        rate: float | None = None,
        concurrency: int = 0,
    ) -> tuple[Gauges, int]:
        """Send moves for `seconds`, round-robin over the games: at `rate` per second (an
        open loop; a game whose previous command is unanswered is passed over this time),
        or, without a rate, keeping `concurrency` commands in flight (a closed loop, for
        the most a process can do). Returns the gauges and the commands sent."""
        gauges = Gauges()
        stop = asyncio.Event()
        lag = asyncio.create_task(self._lag(gauges, stop))
        tidy = asyncio.create_task(self._forget_cancelled(stop))
        paused = _track_gc(gauges)
        in_flight: dict[int, tuple[float, Seats]] = {}
        all_answered = asyncio.Event()
        all_answered.set()

        loop = asyncio.get_running_loop()

        def answered(record: Any) -> None:
            due, seats = in_flight.pop(record.id)
            gauges.rtt_ms.append((time.perf_counter() - due) * 1000)
            seats.busy = False
            loop.call_soon(check, record)  # SimCord writes the text just after the hook
            if not in_flight:
                all_answered.set()

        def check(record: Any) -> None:
            text = self._answer_text(record)
            if "You played" not in text:
                gauges.refused.append(text[:120])

        start = time.perf_counter()
        sent = 0
        turn = 0
        try:
            while (due := self._due(start, sent, rate, in_flight, concurrency)) < start + seconds:
                delay = due - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay if rate else 0.0005)
                    if not rate:
                        continue
                elif rate:
                    gauges.late_starts += 1
                seats = _next_free(games, turn)
                turn += 1
                if seats is None:
                    sent += 1  # every game is waiting for its answer: this slot is lost
                    continue
                user, move = seats.moves[seats.next]
                seats.next += 1
                seats.busy = True
                all_answered.clear()
                record = self.send(guild_id, seats.channel.id, user, move, answered)
                in_flight[record.id] = (due, seats)
                sent += 1
            await asyncio.wait_for(all_answered.wait(), timeout=60)
        finally:
            stop.set()
            await lag
            await tidy
            gc.callbacks.remove(paused)
        return gauges, sent

    @staticmethod
    def _due(
        start: float, sent: int, rate: float | None, in_flight: dict, concurrency: int
    ) -> float:
        """When the next command is due: on the schedule, or now if a slot is free."""
        if rate:
            return start + sent / rate
        now = time.perf_counter()
        return now if len(in_flight) < concurrency else now + 0.0005

    def _answer_text(self, record: Any) -> str:
        message_id = record.followup_ids[-1] if record.followup_ids else record.message_id
        if message_id is None:
            return ""
        return self.backend.get_message(record.channel_id, message_id).content or ""

    async def _forget_cancelled(self, stop: asyncio.Event) -> None:
        """What SimCord's settling does to its list of the bot's timers: drop the cancelled;
        and SimCord's diagnostic logs (every request and event, kept for a test's failure
        report), which no real Discord keeps in the bot's process: ~10 objects a move that
        never died, so each full collection walked more of them (`longest_gc_pause_ms`)."""
        backend = self.env.backend
        while not stop.is_set():
            _active_callbacks(self.env._settlement_state())
            backend.http_requests.clear()
            backend.transcript.clear()
            await asyncio.sleep(0.1)

    @staticmethod
    async def _lag(gauges: Gauges, stop: asyncio.Event) -> None:
        """How late a 10 ms sleep wakes: the event loop's lag."""
        while not stop.is_set():
            began = time.perf_counter()
            await asyncio.sleep(0.01)
            gauges.lag_ms.append(max(0.0, (time.perf_counter() - began - 0.01) * 1000))


def _on_answer(record: Any, answered: Any) -> None:
    """Call `answered(record)` once the bot answers: SimCord records an answer by one of
    these two methods (an answer at once, or the follow-up after "thinking…")."""
    for name in ("respond_with_message", "complete_deferred"):
        method = getattr(record, name)

        def hooked(*args: Any, _method: Any = method, **kwargs: Any) -> Any:
            result = _method(*args, **kwargs)
            if not record.loading:
                answered(record)
            return result

        setattr(record, name, hooked)


def _next_free(games: list[Seats], turn: int) -> Seats | None:
    for offset in range(len(games)):
        seats = games[(turn + offset) % len(games)]
        if not seats.busy and seats.next < len(seats.moves):
            return seats
    return None


def _track_gc(gauges: Gauges) -> Any:
    started: dict[str, float] = {}

    def paused(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started["at"] = time.perf_counter()
        elif "at" in started:
            gauges.gc_ms.append((time.perf_counter() - started.pop("at")) * 1000)

    gc.callbacks.append(paused)
    return paused
