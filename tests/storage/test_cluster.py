"""Two bot processes on one PostgreSQL database, racing on the same games: every move is
applied exactly once, and every game's reminder is fired by exactly one process."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path

import pytest

from storage import Repository
from tests.children import reaped

from .conftest import running_game

pytestmark = pytest.mark.postgres

CHILD = Path(__file__).with_name("cluster_child.py")
GAMES = 8
GIVE_UP_S = 300
"""When a test stops waiting for a child (to start, or to finish): a limit, not a pace."""


async def run_two(url: str, mode: str) -> list[list[str]]:
    """Both children started, told to go at the same moment, and their lines."""
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            str(CHILD),
            url,
            mode,
            name,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        for name in ("first", "second")
    ]
    async with reaped(children[0]), reaped(children[1]):  # none left if the test gives up
        for child in children:
            assert child.stdout is not None
            assert await asyncio.wait_for(child.stdout.readline(), GIVE_UP_S) == b"ready\n"
        for child in children:
            assert child.stdin is not None
            child.stdin.write(b"go\n")
            await child.stdin.drain()
        outputs = await asyncio.wait_for(
            asyncio.gather(*(child.communicate() for child in children)), GIVE_UP_S
        )
    for child, (_, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err.decode()
    return [out.decode().splitlines() for out, _ in outputs]


async def test_two_processes_apply_each_move_once_and_remind_once(postgres_url: str) -> None:
    async with await Repository.open(postgres_url) as repo:
        games = [
            (await running_game(repo, humans=3, channel=100 + i, seed=i, first_user=10 * i + 1)).id
            for i in range(GAMES)
        ]
    first, second = await run_two(postgres_url, "play")
    applied = [line.split(" ", 3) for line in first + second if line.startswith("applied")]
    stale = sum(line.startswith("stale") for line in first + second)
    assert all(any(line.startswith("applied") for line in out) for out in (first, second))
    assert stale > 0, "the two processes never raced for a turn"
    per_move = Counter((int(game), int(number)) for _, game, number, _ in applied)
    assert max(per_move.values()) == 1  # no move number applied twice
    async with await Repository.open(postgres_url) as repo:
        for game_id in games:  # finished ones too: a race may end a game
            record = await repo.get_game(game_id)
            logged = {(record.id, m.move_number): m.text for m in await repo.moves(record.id)}
            reported = {(int(g), int(n)): text for _, g, n, text in applied if int(g) == record.id}
            assert reported == logged  # each stored move is exactly the one reported
            assert record.game == await repo.load_game_from_log(record.id)

        running = {str(record.id) for record in await repo.open_games()}
    assert running, "every game ended: no reminder left to race for"

    first, second = await run_two(postgres_url, "remind")
    reminded = Counter(line.split()[1] for line in first + second if line.startswith("reminded"))
    assert set(reminded) == running and set(reminded.values()) == {1}
