"""The child process of test_crash: plays scripted games through the Repository until it
is killed, and says on stdout what has been committed.

    python tests/storage/crash_child.py DB_PATH

Four tables play at once (asyncio tasks on one Repository). Every choice depends only on
what is stored (game id, move count), so a child started after a kill resumes the games
exactly where the database says they are. A line is printed only after the command that
wrote it has returned, i.e. committed:
    started <game_id>             the game was dealt
    committed <game_id> <count>   the move that made move_count <count> is stored
    resigned <game_id> <seat>     the seat is marked resigned
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import engine
from storage import GameRecord, Repository

ROTA = "rota" if hasattr(engine, "RotaGame") else "axio"
TABLES = {  # channel: (kind, people, computers)
    1: ("axio", 4, ()),
    2: ("axio", 1, ("easy",)),
    3: (ROTA, 3, ()),
    4: ("axio", 1, ()),
}
GUILD = 1
RESIGN_AT = 6  # at this move count, table 1's person to move resigns


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def deal(repo: Repository, channel: int) -> GameRecord:
    """The channel's open game, started; a new one if the last has finished."""
    kind, people, computers = TABLES[channel]
    record = await repo.game_in_channel(channel)
    host = channel * 10
    if record is None:
        record = await repo.create_lobby(kind, GUILD, channel, host, f"P{host}")
    for user in range(host + len(record.seats), host + people):
        record = await repo.join(record.id, user, f"P{user}")
    for level in computers[len(record.seats) - people :]:
        record = await repo.add_computer(record.id, level)  # type: ignore[arg-type]
    if record.status == "lobby":
        record = await repo.start(record.id, seed=record.id)
        say(f"started {record.id}")
    return record


async def play_table(repo: Repository, channel: int) -> None:
    while True:
        record = await deal(repo, channel)
        while record.status == "running":
            assert record.game is not None
            to_move = record.seats[record.game.to_move]
            if channel == 1 and record.move_count == RESIGN_AT and to_move.plays_as is None:
                record = await repo.resign(record.id, to_move.seat)
                say(f"resigned {record.id} {to_move.seat}")
            rng = random.Random(f"{record.id}-{record.move_count}")
            move = rng.choice(record.game.legal_moves())
            record, _ = await repo.record_move(record.id, record.move_count, move)
            say(f"committed {record.id} {record.move_count}")


async def main(path: str) -> None:
    async with await Repository.open(path) as repo:
        await asyncio.gather(*(play_table(repo, channel) for channel in TABLES))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
