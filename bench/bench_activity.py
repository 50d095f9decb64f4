"""The Activity under load: open boards while moves arrive from the board and from commands.

Run: python -m bench.bench_activity [--games 50] [--rate 40] [--seconds 20]

The real bot on SQLite in one process (SimCord as its Discord), its Activity served from
this process's loop on a loopback port as the bot serves it; every game (two members, half
AXIO, half Rota) has both players' boards open over real WebSockets (`--games` × 2
sessions, signed in with the SDK mock's codes before the window: Discord's sign-in is not
the path measured). For `--seconds`, moves arrive at `--rate` a second on a fixed schedule
(an open loop: queueing counts), alternately from a board (the mover's socket sends the
move) and from `/axio play` through SimCord (`bench/load_driver.py`); half the games are
played from their boards, half by commands.

- `board_move_rtt_ms_p99`: from when a board move was due until its board received the
  state with the new move count (stored, posted to the channel's courier, the state built).
- `watch_latency_ms_p99`: from when a move (board or command) was due until each other
  open board of the game (for a command's move, both) received the state showing it.
- `loop_lag_ms_p99`: how late a 10 ms sleep woke meanwhile (the one loop runs the bot,
  SimCord and these boards' clients too, so this is an upper bound).
- `command_rtt_ms_p99`: the commands' round trips meanwhile (answered → "You played").
- `cpu_ms_per_move`: the CPU of this process (the bot, SimCord and the boards' clients)
  and of its picture workers over the window, per move made (bench_load's figure, with
  the boards).
- `sessions`: open Activity sessions (sockets) during the window.

Goals (issue 35, this 2-core machine): 100 sessions on 50 games at 40 moves/s, board move
round trip ≤ 50 ms p99, other boards ≤ 300 ms p99, loop lag p99 ≤ 10 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bench.bench_load import CpuClock, deal, drained
from bench.common import percentile, report
from bench.load_driver import Driver, Gauges, Seats
from bot.app import create_bot
from bot.config import Settings
from bot.playground import simulated
from bot.web.app import WebServer, create_app


@dataclass
class Open:
    """One open board: its member, game and socket."""

    user_id: int
    game_id: int
    ws: aiohttp.ClientWebSocketResponse
    shown: int = -1


@dataclass
class Clocks:
    """When each move was due, and what the boards saw of it."""

    due: dict[tuple[int, int], tuple[float, int | None]] = field(default_factory=dict)
    """(game, move count after it) → (when due, the mover's user id on a board, else None)."""
    board_rtt_ms: list[float] = field(default_factory=list)
    watch_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def sign_in_all(
    base: str, http: aiohttp.ClientSession, games: list[Seats], repo: Any, guild_id: int
) -> list[Open]:
    """Both players' boards of every game, open (mock sign-ins, one instance per game)."""
    opened = []
    for seats in games:
        record = await repo.get_game(seats.game_id)
        for seat in record.seats:
            body = {
                "code": f"mock:{seat.user_id}:{seats.game_id}",
                "instance_id": f"i-{seats.game_id}",
                "guild_id": str(guild_id),
                "channel_id": str(seats.channel.id),
            }
            async with http.post(f"{base}/activity/api/session", json=body) as answer:
                session = (await answer.json())["session"]
            query = {"session": session, "instance_id": body["instance_id"]}
            ws = await http.ws_connect(f"{base}/activity/ws", params=query, max_msg_size=0)
            board = Open(seat.user_id or 0, seats.game_id, ws)
            first = json.loads((await ws.receive()).data)
            board.shown = first["game"]["move_count"]
            opened.append(board)
    return opened


async def listen(board: Open, clocks: Clocks, moved: dict[int, asyncio.Event]) -> None:
    """Time every state this board receives against when its move was due."""
    async for message in board.ws:
        data = json.loads(message.data)
        if data["type"] == "error":
            clocks.errors.append(f"{data['code']}: {data['message']}")
            moved[board.game_id].set()  # its move waits no longer
            continue
        if data["type"] != "state" or data["game"] is None:
            continue
        count = data["game"]["move_count"]
        now = time.perf_counter()
        for shown in range(board.shown + 1, count + 1):
            due, mover = clocks.due.get((board.game_id, shown), (None, None))
            if due is None:
                continue
            if mover == board.user_id:
                clocks.board_rtt_ms.append((now - due) * 1000)
            else:
                clocks.watch_ms.append((now - due) * 1000)
        board.shown = max(board.shown, count)
        moved[board.game_id].set()


async def run_window(
    driver: Driver,
    guild_id: int,
    games: list[Seats],
    boards: list[Open],
    rate: float,
    seconds: float,
) -> tuple[Clocks, Gauges, int]:
    """Moves at `rate` a second, alternately from a board game and by a command."""
    clocks, gauges = Clocks(), Gauges()
    by_board, by_command = games[0::2], games[1::2]
    sockets = {(b.game_id, b.user_id): b for b in boards}
    moved = {seats.game_id: asyncio.Event() for seats in games}
    listeners = [asyncio.create_task(listen(b, clocks, moved)) for b in boards]
    stop = asyncio.Event()
    lag = asyncio.create_task(Driver._lag(gauges, stop))
    tidy = asyncio.create_task(driver._forget_cancelled(stop))
    waiting: set[int] = set()
    counts = {seats.game_id: 0 for seats in games}
    loop = asyncio.get_running_loop()

    def answered(record: Any) -> None:
        gauges.rtt_ms.append((time.perf_counter() - record.bench_due) * 1000)

    async def shown(seats: Seats, count: int, mover: int | None) -> None:
        """Until the game's boards (the mover's, for a board move) show move `count`, or
        one of them was refused (the game is then left out from here on)."""
        game = seats.game_id
        watched = [b for b in boards if b.game_id == game and mover in (None, b.user_id)]
        failed = len(clocks.errors)
        while min(b.shown for b in watched) < count and len(clocks.errors) == failed:
            await moved[game].wait()
            moved[game].clear()
        if len(clocks.errors) > failed:
            seats.next = len(seats.moves)
        counts[game] = count
        waiting.discard(game)

    async def board_move(seats: Seats, user: int, move: str, due: float) -> None:
        count = counts[seats.game_id]
        clocks.due[(seats.game_id, count + 1)] = (due, user)
        moved[seats.game_id].clear()
        await sockets[(seats.game_id, user)].ws.send_str(
            json.dumps({"type": "move", "move": move, "expected": count})
        )
        await shown(seats, count + 1, user)

    async def command_move(seats: Seats, user: int, move: str, due: float) -> None:
        count = counts[seats.game_id]
        clocks.due[(seats.game_id, count + 1)] = (due, None)
        moved[seats.game_id].clear()
        record = driver.send(guild_id, seats.channel.id, user, move, answered)
        record.bench_due = due
        await shown(seats, count + 1, None)

    start, sent, moves = time.perf_counter(), 0, []
    while (due := start + sent / rate) < start + seconds:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        group, send = (by_board, board_move) if sent % 2 == 0 else (by_command, command_move)
        free = [s for s in group if s.game_id not in waiting and s.next < len(s.moves)]
        sent += 1
        if not free:
            gauges.late_starts += 1
            continue
        seats = free[sent % len(free)]
        user, move = seats.moves[seats.next]
        seats.next += 1
        waiting.add(seats.game_id)
        moves.append(loop.create_task(send(seats, user, move, due)))
    await asyncio.wait_for(asyncio.gather(*moves), 120)
    stop.set()
    await lag
    await tidy
    for task in listeners:
        task.cancel()
    return clocks, gauges, len(moves)


async def activity_load(games: int, rate: float, seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            _env_file=None,
            database_path=Path(folder) / "activity.sqlite3",
            computer_processes=0,
            discord_client_id="1100000000000000001",
            discord_client_secret="bench-secret",
        )
        async with simulated(create_bot(settings, shard_count=1), settle_timeout=600) as env:
            guild_id, seats, driver = await deal(env, games, world=0)
            bot = env.bot
            app = create_app(
                bot.repo, activity=bot.axio_activity, mock_discord=True, rate=1e9, burst=1e9
            )
            server = WebServer(app, host="127.0.0.1", port=0)
            await server.start()
            base = f"http://127.0.0.1:{server.port}"
            try:
                async with aiohttp.ClientSession() as http:
                    boards = await sign_in_all(base, http, seats, bot.repo, guild_id)
                    sessions = len(bot.axio_activity.boards)
                    cpu = CpuClock()
                    clocks, gauges, made = await run_window(
                        driver, guild_id, seats, boards, rate, seconds
                    )
                    cpu_s = cpu.seconds()
                    for board in boards:
                        await board.ws.close()
                await drained(env)
            finally:
                await server.stop()
    return {
        "board_errors": len(clocks.errors),
        "board_errors_first": clocks.errors[:3],
        "board_move_rtt_ms_p50": round(percentile(clocks.board_rtt_ms, 0.50), 1),
        "board_move_rtt_ms_p99": round(percentile(clocks.board_rtt_ms, 0.99), 1),
        "board_move_rtt_ms_max": round(max(clocks.board_rtt_ms), 1),
        "watch_latency_ms_p50": round(percentile(clocks.watch_ms, 0.50), 1),
        "watch_latency_ms_p99": round(percentile(clocks.watch_ms, 0.99), 1),
        "watch_latency_ms_max": round(max(clocks.watch_ms), 1),
        "loop_lag_ms_p99": round(percentile(gauges.lag_ms, 0.99), 1),
        "loop_lag_ms_max": round(max(gauges.lag_ms), 1),
        "command_rtt_ms_p99": round(percentile(gauges.rtt_ms, 0.99), 1),
        "cpu_ms_per_move": round(cpu_s * 1000 / max(1, made), 1),
        "sessions": sessions,
        "games": games,
        "rate_moves_per_s": rate,
        "moves_made": made,
        "board_moves": len(clocks.board_rtt_ms),
        "slots_missed": gauges.late_starts,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rate", type=float, default=40.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    figures = asyncio.run(activity_load(args.games, args.rate, args.seconds))
    figures["path"] = (
        "board: socket → Desk.play → state; commands: slash → Desk.play; both → every board"
    )
    report(figures)


if __name__ == "__main__":
    main()
