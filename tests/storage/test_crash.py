"""Kill a child process that is writing games with SIGKILL, again and again: every move it
had reported as committed must still be there, and every game must be consistent."""

from __future__ import annotations

import asyncio
import random
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

from storage import Repository
from tests.children import reaped

CHILD = Path(__file__).with_name("crash_child.py")
KILLS = 55


@dataclass
class Reported:
    """What the children said had been committed."""

    moves: dict[int, int] = field(default_factory=dict)
    started: set[int] = field(default_factory=set)
    resigned: set[tuple[int, int]] = field(default_factory=set)

    def read(self, output: bytes) -> set[int]:
        """Take in one child's output; complete lines only (a kill may cut the last)."""
        touched = set()
        for line in output.decode().splitlines(keepends=True):
            if not line.endswith("\n"):
                continue
            word, game, *rest = line.split()
            game_id = int(game)
            touched.add(game_id)
            if word == "committed":
                self.moves[game_id] = max(self.moves.get(game_id, 0), int(rest[0]))
            elif word == "started":
                self.started.add(game_id)
            elif word == "resigned":
                self.resigned.add((game_id, int(rest[0])))
        return touched


async def run_and_kill(db: Path, delay: float, *, once_writing: bool) -> bytes:
    """Kill the child `delay` seconds after it starts or, `once_writing`, after its first
    commit (so that a busy machine, slow to start Python, still plays between kills)."""
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        str(CHILD),
        str(db),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert child.stdout is not None
    async with reaped(child):  # none left if the test gives up waiting
        first = await asyncio.wait_for(child.stdout.readline(), 300) if once_writing else b""
        await asyncio.sleep(delay)  # the moment of the kill
        child.send_signal(signal.SIGKILL)
        out, err = await child.communicate()
    assert child.returncode == -signal.SIGKILL, err.decode()  # killed, never crashed
    return first + out


async def check(db: Path, reported: Reported, games: set[int] | None) -> None:
    """Reopen the database and compare it with what was reported (`games`: which games
    to replay in full; None for all of them)."""
    async with await Repository.open(db) as repo:
        for game_id, count in reported.moves.items():
            record = await repo.get_game(game_id)
            assert record.move_count >= count, f"game {game_id} lost reported moves"
        for game_id in reported.started:
            assert (await repo.get_game(game_id)).status != "lobby"
        for game_id, seat in reported.resigned:
            assert (await repo.get_game(game_id)).seats[seat].resigned
        if games is None:
            games = {row[0] for row in await repo._fetchall("SELECT id FROM games")}
        games |= {record.id for record in await repo.open_games()}
        for game_id in sorted(games):
            await check_game(repo, game_id)
        assert [tuple(r) for r in await repo._fetchall("PRAGMA integrity_check")] == [("ok",)]
        assert await repo._fetchall("PRAGMA foreign_key_check") == []


async def check_game(repo: Repository, game_id: int) -> None:
    record = await repo.get_game(game_id)
    moves = await repo.moves(game_id)
    assert [m.move_number for m in moves] == list(range(1, record.move_count + 1))
    results = await repo.game_results(game_id)
    if record.game is None:
        assert record.status in ("lobby", "cancelled") and not moves
        return
    assert record.game == await repo.load_game_from_log(game_id)
    assert record.game.is_over == (record.status == "finished")
    assert len(results) == (len(record.seats) if record.status == "finished" else 0)


async def check_ratings(db: Path) -> None:
    """Each rated player's game count equals their results in finished multiplayer games."""
    async with await Repository.open(db) as repo:
        rows = await repo._fetchall(
            "SELECT r.player_id, count(DISTINCT r.game_id), sum(r.winner) FROM results r "
            "JOIN games g ON g.id = r.game_id WHERE g.players > 1 GROUP BY r.player_id"
        )
        counted = {row[0]: (row[1], row[2]) for row in rows}
        rated = {
            row[0]: (row[1], row[2])
            for row in await repo._fetchall("SELECT player_id, games, wins FROM ratings")
        }
    assert rated == counted


async def test_sigkill_at_random_moments_loses_no_reported_commit(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    rng = random.Random(20240501)
    reported = Reported()
    for _ in range(KILLS):
        # Some kills land while the child starts up (opening, migrating), most mid-play.
        writing = rng.random() < 0.8
        touched = reported.read(
            await run_and_kill(db, rng.uniform(0.02, 0.6), once_writing=writing)
        )
        await check(db, reported, touched)
    await check(db, reported, None)
    await check_ratings(db)
    assert sum(reported.moves.values()) > 500
    assert len(reported.started) > 10 and reported.resigned
