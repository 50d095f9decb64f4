"""One open board: a WebSocket of one session (`/activity/ws?session=…&instance_id=…`).

It sends the member a `state` when it opens, after every move of its game from anywhere
(the Activity's LiveGames wakes it) and when asked (`refresh`), and takes their moves to
the bot's one move path, the same checks `/axio play` makes, in the same words. Whatever a
message holds, it is answered at once and changes nothing unless it is a legal move of the
member's own seat for the current move number: a stale one is answered `stale` with the
fresh state, never applied twice (storage checks the number in the move's transaction).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from aiohttp import WSMsgType, web

from engine import IllegalMoveError
from engine.common import MOVE_TEXT_LIMIT
from storage import DATABASE_FAULTS, GameRecord, StaleTurnError, StorageError
from storage.errors import NotYourTurnError, SeatResignedError

from ...i18n import N_, _, speaking
from ...screens import outcomes
from ...screens.moves import parse_player_move
from ...screens.refusals import refusal_text
from .service import Activity
from .sessions import Session
from .view import state_message

log = logging.getLogger(__name__)

MAX_MESSAGE = 4096
"""A client's message longer than this closes the connection (1009)."""
HEARTBEAT_S = 25.0
CLOSED_SESSION = 4401
CLOSED_INSTANCE = 4403
CLOSED_TOO_MANY = 4429
RETRY_FIRST_S = 1.0
RETRY_MAX_S = 30.0
"""A board whose read of its game failed (the database away) reads it again after a pause,
doubling from the first to the longest, until it answers."""
BOARDS_PER_MEMBER = 8
"""Boards one member may have open at once (phone and desktop, reloads). Each is sent a
state after every move of its game, built in the bot's own process: without a limit one
member's signed-in boards could keep the bot busy for everyone."""

UNKNOWN_SESSION = N_("This board's sign-in has expired: open the board again from Discord.")
OTHER_INSTANCE = N_("This sign-in belongs to another Activity: open the board again from Discord.")
TOO_MANY_BOARDS = N_(
    "You have too many boards open: close one, and this one connects again by itself."
)
TOO_FAST = N_("Too many messages at once: wait a moment, then go on.")
NOT_UNDERSTOOD = N_("The board sent something I cannot read: reload it.")
WATCHING = N_("You are watching this game: only its players move.")
NOT_YOUR_SEAT = N_("That seat is not yours: you play only your own.")
NOT_YOUR_MOVE = N_("It is {name}'s move, not yours: wait until it is your turn.")
NO_RUNNING_GAME = N_("There is no game to move in here now.")
STORAGE_AWAY = N_(
    "The game's storage is not answering just now: the board shows the game as it last "
    "was, and catches up by itself."
)


class Board:
    def __init__(self, activity: Activity, session: Session, ws: web.WebSocketResponse) -> None:
        self.activity = activity
        self.session = session
        self.ws = ws
        self.game_id: int | None = None
        self._shown: tuple[int, int, str] | None = None
        self._sending = asyncio.Lock()

    @property
    def member_id(self) -> int:
        return self.session.member.user_id

    async def run(self) -> None:
        """Serve the socket until it closes; its watcher ends with it."""
        self.activity.boards.add(self)
        watcher = asyncio.get_running_loop().create_task(self._watch(), name="activity board")
        try:
            async for message in self.ws:
                if message.type == WSMsgType.TEXT:
                    await self._answer(message.data)
                elif message.type == WSMsgType.BINARY:
                    await self.error("bad", NOT_UNDERSTOOD)
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
            self.activity.boards.discard(self)

    async def close(self) -> None:
        await self.ws.close()

    # --- sending ---------------------------------------------------------------------------
    async def send(self, payload: dict[str, Any]) -> None:
        async with self._sending:
            await self._write(payload)

    async def _write(self, payload: dict[str, Any]) -> None:
        if self.ws.closed:
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.send_str(json.dumps(payload, separators=(",", ":"), ensure_ascii=False))

    async def error(self, code: str, message: str, **values: object) -> None:
        """An `error` message in the member's language (`message` a msgid, or said)."""
        with speaking(self.session.language):
            said = _(message, **values)
        await self.send({"type": "error", "code": code, "message": said})

    async def show(self, record: GameRecord | None, *, again: bool = False) -> None:
        """Send the state of `record` unless this board was shown it, or a later move of
        the game, already (the board's own answer and its watcher may race)."""
        code = None if record is None else await self.activity.code(record.id)
        async with self._sending:
            key = None if record is None else (record.id, record.move_count, record.status)
            shown = self._shown
            same_game = key is not None and shown is not None and key[0] == shown[0]
            if same_game and (key[1] < shown[1] or (key == shown and not again)):  # type: ignore[index]
                return
            self._shown = key
            if record is not None and record.game is not None:
                self.game_id = record.id
            with speaking(self.session.language):
                payload = state_message(record, code, self.session.member.user_id)
            await self._write(payload)

    # --- the game it shows -----------------------------------------------------------------
    async def current(self) -> GameRecord | None:
        """The channel's game this member means (storage's `game_in_channel` order), or
        the game it last showed once that one is over."""
        session = self.session
        record = await self.activity.repo.game_in_channel(
            session.member.place.channel_id, session.member.user_id
        )
        if record is not None and record.guild_id != session.member.place.guild_id:
            record = None
        if record is None and self.game_id is not None:
            record = await self.activity.repo.get_game(self.game_id)
        return record

    async def _watch(self) -> None:
        """Follow the game through any outage of the database: a read that fails is tried
        again after a pause (`RETRY_FIRST_S`, doubling to `RETRY_MAX_S`), and the board is
        then shown the game as stored, so it never stays behind it. Storage says an outage
        in the log itself; anything else is logged here."""
        loop = asyncio.get_running_loop()
        pause = RETRY_FIRST_S
        while True:
            began = loop.time()
            try:
                await self._follow()
            except DATABASE_FAULTS:
                pass
            except Exception:
                log.exception("an Activity board could not follow its game; it reads it again")
            if loop.time() - began > RETRY_MAX_S:  # it had followed the game a while
                pause = RETRY_FIRST_S
            await asyncio.sleep(pause)
            pause = min(pause * 2, RETRY_MAX_S)

    async def _follow(self) -> None:
        """Show the game now and after every change; without a running game, look again
        when one starts in the channel."""
        activity = self.activity
        while True:
            with activity.waiting_for_a_game(self.session.member.place.channel_id) as woken:
                record = await self.current()
                await self.show(record)
                if record is None or record.status != "running":
                    await woken.wait()
                    continue
            activity.latest.keep(record)
            with activity.live.watching(record.id, (record.move_count, record.status)) as changes:
                while record.status == "running":
                    seen = await changes.get()
                    record = await activity.latest.record(record.id, seen)
                    await self.show(record)

    # --- what the member sends -------------------------------------------------------------
    async def _answer(self, text: str) -> None:
        if not self.activity.rates.allow(self.session.token):
            await self.error("rate", TOO_FAST)
            return
        try:
            message = json.loads(text)
        except ValueError:
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "refresh":
            try:
                await self.show(await self.current(), again=True)
            except DATABASE_FAULTS:
                await self.error("fault", STORAGE_AWAY)
        elif kind == "move" and isinstance(message, dict):
            await self._move(message)
        else:
            await self.error("bad", NOT_UNDERSTOOD)

    async def _move(self, message: dict[str, Any]) -> None:
        text, expected = message.get("move"), message.get("expected")
        if (
            not isinstance(text, str)
            or not 0 < len(text) <= MOVE_TEXT_LIMIT
            or not isinstance(expected, int)
            or isinstance(expected, bool)
        ):
            await self.error("bad", NOT_UNDERSTOOD)
            return
        try:
            await self._play(message, text, expected)
        except StaleTurnError:
            await self._stale()
        except DATABASE_FAULTS as error:
            with speaking(self.session.language):
                said = refusal_text(error, outcomes.MOVE) or _(NOT_UNDERSTOOD)
            await self.send({"type": "error", "code": "fault", "message": said})
        except (IllegalMoveError, StorageError) as error:
            turn = isinstance(error, NotYourTurnError | SeatResignedError)
            code = "not_your_turn" if turn else "illegal"
            with speaking(self.session.language):
                said = refusal_text(error, outcomes.MOVE) or _(NOT_UNDERSTOOD)
            await self.send({"type": "error", "code": code, "message": said})

    async def _stale(self) -> None:
        await self.send({"type": "error", "code": "stale", "message": _stale_words(self.session)})
        await self.show(await self.current(), again=True)

    async def _play(self, message: dict[str, Any], text: str, expected: int) -> None:
        """The checks `/axio play` makes, then the bot's move path."""
        record = await self.current()
        if record is None or record.game is None or record.status != "running":
            await self.error("illegal", NO_RUNNING_GAME)
            return
        wanted_game = message.get("game")
        if wanted_game is not None and wanted_game != await self.activity.code(record.id):
            raise StaleTurnError(record.id, expected, record.move_count)
        seat = record.seat_of(self.session.member.user_id)
        if seat is None:
            await self.error("not_your_turn", WATCHING)
            return
        if message.get("seat", seat.seat) != seat.seat:
            await self.error("not_your_turn", NOT_YOUR_SEAT)
            return
        if expected != record.move_count:
            raise StaleTurnError(record.id, expected, record.move_count)
        game = record.game
        if seat.resigned:
            raise SeatResignedError(seat.seat)
        if game.to_move != seat.seat:
            mover = record.seats[game.to_move].name
            await self.error("not_your_turn", NOT_YOUR_MOVE, name=mover)
            return
        with speaking(self.session.language):
            parsed = parse_player_move(game, text)
        record, __ = await self.activity.play(record, parsed, seat=seat.seat, expected=expected)
        self.activity.latest.keep(record)
        await self.show(record)


def _stale_words(session: Session) -> str:
    with speaking(session.language):
        return _("The game has moved on since: here is the board as it is now.")
