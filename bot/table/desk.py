"""The table's flow: store a move, owe the channel its post, let computer seats move.

Every path that changes a running game comes through `Desk.play`, so a button, `/axio
play`, a computer seat and a timeout all store and continue in exactly the same way. A
move is committed together with the post it owes (the outbox); the courier delivers it.
Computer seats play from stored state: after every commit, at start-up, and on every pass
of the delivery loop, each game whose seat to move is a computer (or a resigned person)
plays on, so no failed post and no restart can stall one.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import discord

from engine import PlayResult
from storage import (
    GameNotFoundError,
    GameRecord,
    Repository,
    ShardSet,
    StaleTurnError,
    WrongStatusError,
)

from .advice import Advice
from .background import Background, log_event
from .thinking import Thinker

log = logging.getLogger(__name__)

MOVED_ON = (StaleTurnError, WrongStatusError, GameNotFoundError)
"""What a computer's move meets when the game moved on or ended while it thought."""


def skip_votes_needed(record: GameRecord) -> int:
    """A majority of the other people still playing."""
    late = record.seat_to_move
    others = [s for s in record.humans_playing if late is None or s.seat != late.seat]
    return len(others) // 2 + 1


class Desk:
    """`deliver(game_id)` asks for the game's owed posts to go out (the courier's kick);
    `ended(record)` is told of every game a commit here ended (a tournament's round may
    have closed with it, owing channel posts); `moved(game_id, move_count)` is told of
    every move a person's command or a stand-in stored (private controls made for earlier
    moves are taken off); `owned` are the servers whose games this process drives;
    `on_move(kind, by)` is told of every move stored (by a "person" or a "computer"), for
    the metrics."""

    def __init__(
        self,
        repo: Repository,
        thinker: Thinker,
        background: Background,
        *,
        deliver: Callable[[int], None],
        owned: ShardSet,
        computer_budget_s: float,
        ended: Callable[[GameRecord], None] = lambda record: None,
        moved: Callable[[int, int], None] = lambda game_id, move_count: None,
        clock: Callable[[], datetime] = discord.utils.utcnow,
        on_move: Callable[[str, str], None] = lambda kind, by: None,
    ) -> None:
        self.on_move = on_move
        self.repo = repo
        self.ended = ended
        self.moved = moved
        self.thinker = thinker
        self.background = background
        self.deliver = deliver
        self.owned = owned
        self.computer_budget_s = computer_budget_s
        self.clock = clock
        self.advice = Advice(repo, thinker)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._driving: set[int] = set()
        self._asked_again: set[int] = set()
        self._stand_ins_asked: dict[int, tuple[int, str]] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks[game_id]

    # --- moves ---------------------------------------------------------------------------
    async def play(
        self,
        record: GameRecord,
        move: Any,
        *,
        seat: int | None,
        expected: int,
        note: str = "",
        event: str = "move",
        stand_in: bool = False,
    ) -> tuple[GameRecord, PlayResult]:
        """Store a move made for move number `expected` (with the post it owes), then have
        the post delivered and computers play on. `stand_in`: a computer makes the move of
        `seat` for its person: the table is told so, and a resigned seat is played by
        nobody else (storage refuses a person's move for it)."""
        async with self.lock(record.id):
            record, result = await self.repo.record_move(
                record.id,
                expected,
                move,
                seat=seat,
                now=self.clock(),
                note=note,
                stand_in=stand_in,
            )
        log_event(record, event, move=result.move, seat=result.seat)
        self.on_move(record.kind, "person" if event == "move" else "computer")
        self.committed(record)
        return record, result

    def committed(self, record: GameRecord) -> None:
        """After any commit: deliver what it owes, take stale private controls off, and
        let a computer to move think."""
        self.deliver(record.id)
        if record.status != "running":
            self.ended(record)
        self.moved(record.id, record.move_count)
        seat = record.seat_to_move
        if record.status == "running" and seat is not None and seat.plays_as is not None:
            self.drive(record.id)

    def drive(self, game_id: int) -> None:
        """Let the game's computer seats play on, once per game at a time; asked while
        they do, they look once more when done (what they read may predate this ask)."""
        if game_id in self._driving:
            self._asked_again.add(game_id)
            return
        self._driving.add(game_id)
        self.background.spawn(self._run_computers(game_id))

    async def _run_computers(self, game_id: int) -> None:
        await self._while_asked(game_id, self.run_computers(game_id))

    async def _while_asked(self, game_id: int, first: Awaitable[None]) -> None:
        """Run `first` for the game, then what `drive` and `stand_in` asked for it
        meanwhile, until nothing is left; the game is free for the next one after."""
        try:
            self._asked_again.discard(game_id)
            await first
            while True:
                if (stand_in := self._stand_ins_asked.pop(game_id, None)) is not None:
                    seat, note = stand_in
                    await self.play_for(game_id, seat, note=note)
                elif game_id in self._asked_again:
                    self._asked_again.discard(game_id)
                    await self.run_computers(game_id)
                else:
                    return
        finally:
            # A stand-in still asked for means a run failed; by the next run it may be for
            # a turn long past. The next pass's resume finds the vote if it still stands.
            self._stand_ins_asked.pop(game_id, None)
            self._driving.discard(game_id)

    async def run_computers(self, game_id: int) -> None:
        """Play every computer (or resigned) seat whose turn it is, from stored state. A
        game that moved on or ended while a computer thought is left as it is."""
        while True:
            record = await self.repo.get_game(game_id)
            seat = record.seat_to_move
            if record.status != "running" or seat is None or seat.plays_as is None:
                return
            expected = record.move_count
            level = seat.computer or await self.stand_in_level(record)
            move = await self.computer_move(record, level)
            try:
                async with self.lock(game_id):
                    record, result = await self.repo.record_move(
                        game_id, expected, move, now=self.clock(), stand_in=seat.is_human
                    )
            except MOVED_ON:
                log.info("game %s moved on while a computer thought", game_id)
                return
            log_event(record, "computer move", move=result.move, seat=result.seat)
            self.on_move(record.kind, "computer")
            self.deliver(game_id)
            if record.status != "running":
                self.ended(record)

    async def play_for(self, game_id: int, seat: int, note: str = "") -> None:
        """A computer at the server's stand-in level makes `seat`'s moves until its turn is
        over (extra turns, the exchange): what a timeout or a vote to skip does. `note`
        goes with the first move of the turn, so a stand-in resumed after a crash does not
        say it twice."""
        record = await self.repo.get_game(game_id)
        level = await self.stand_in_level(record)
        turn = record.game.turn if record.game else 0
        while (
            record.status == "running"
            and record.game is not None
            and record.game.to_move == seat
            and record.game.turn == turn
        ):
            game = record.game
            begun = bool(game.log) and (game.log[-1].seat, game.log[-1].turn) == (seat, turn)
            expected = game.move_count
            move = await self.computer_move(record, level)
            try:
                record, _ = await self.play(
                    record,
                    move,
                    seat=seat,
                    expected=expected,
                    note="" if begun else note,
                    event="stand-in move",
                    stand_in=True,
                )
            except MOVED_ON:
                log.info("game %s moved on before its stand-in move", game_id)
                return

    async def computer_move(self, record: GameRecord, level: str) -> Any:
        """Think in the bot's Thinker (a process pool), so the bot keeps answering
        meanwhile; the seed makes the choice repeatable for this game and move. The expert
        thinks for its server's budget, the other levels for the bot's."""
        assert record.game is not None
        budget_s = self.computer_budget_s
        if level == "expert":
            budget_s = (await self.repo.guild_settings(record.guild_id)).expert_budget_s
        return await self.thinker.choose(
            record.game,
            level,
            seed=(record.seed or 0) * 1009 + record.game.move_count,
            budget_s=budget_s,
        )

    async def stand_in_level(self, record: GameRecord) -> str:
        """The level that plays for a person (timed out, voted past, resigned): the
        server's choice (`/axio settings stand_in_level`), read when it moves, so a change
        applies from the next move on."""
        return (await self.repo.guild_settings(record.guild_id)).stand_in_level

    # --- the start and restarts -----------------------------------------------------------
    def started(self, record: GameRecord) -> None:
        """A game has been dealt (its first post is owed): show it, let computers open."""
        log_event(record, "started")
        self.committed(record)

    async def resume(self) -> None:
        """At start-up and on every delivery pass: computer seats whose turn it is play
        on, and so do stand-ins for votes to skip that passed (this process's servers)."""
        owned = self.owned
        for game_id in await self.repo.games_awaiting_computer(owned):
            self.drive(game_id)
        for game_id, votes in await self.repo.games_skip_voted():
            record = await self.repo.get_game(game_id)
            late = record.seat_to_move
            if owned.owns(record.guild_id) and late and votes >= skip_votes_needed(record):
                self.stand_in(record.id, late.seat, note="")

    def stand_in(self, game_id: int, seat: int, note: str) -> None:
        """A computer makes one person's turn (a vote to skip), once per game at a time;
        asked while the game's computers move, it follows them, its note with it."""
        if game_id in self._driving:
            self._stand_ins_asked[game_id] = (seat, note)
            return
        self._driving.add(game_id)
        self.background.spawn(self._stand_in(game_id, seat, note))

    async def _stand_in(self, game_id: int, seat: int, note: str) -> None:
        await self._while_asked(game_id, self.play_for(game_id, seat, note=note))
