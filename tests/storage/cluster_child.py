"""A child process of test_cluster: one of two bot processes sharing one PostgreSQL
database. It waits for "go" on stdin, so that both start together, then:

    python tests/storage/cluster_child.py URL play NAME     # race the other on every game
    python tests/storage/cluster_child.py URL remind NAME   # fire every due reminder

and says on stdout what it did, a line only after the command that did it returned:
    applied <game_id> <move_number> <text>    stale <game_id>    reminded <game_id> <count>
"""

from __future__ import annotations

import asyncio
import random
import sys
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from storage import Repository, StaleTurnError, WrongStatusError
from storage.db import utc_now

MOVES_PER_GAME = 48


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def play(repo: Repository, game_id: int, name: str) -> None:
    record = await repo.get_game(game_id)
    while record.status == "running" and record.move_count < MOVES_PER_GAME:
        assert record.game is not None
        rng = random.Random(f"{name}-{game_id}-{record.move_count}")  # each its own choice
        move = str(rng.choice(record.game.legal_moves()))
        try:
            record, _ = await repo.record_move(game_id, record.move_count, move)
            say(f"applied {game_id} {record.move_count} {move}")
        except (StaleTurnError, WrongStatusError):
            # The other process moved first; if its move ended the game, the game is no
            # longer running and the refusal says so instead of "stale".
            say(f"stale {game_id}")
            record = await repo.get_game(game_id)


async def remind(repo: Repository) -> None:
    for due in await repo.games_due_reminder(utc_now() + timedelta(days=2)):
        if await repo.mark_reminded(due.game_id, due.move_count):
            say(f"reminded {due.game_id} {due.move_count}")


async def main(url: str, mode: str, name: str) -> None:
    async with await Repository.open(url) as repo:
        games = [record.id for record in await repo.open_games()]
        say("ready")
        await asyncio.to_thread(sys.stdin.readline)
        if mode == "play":
            await asyncio.gather(*(play(repo, game_id, name) for game_id in games))
        else:
            await remind(repo)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
