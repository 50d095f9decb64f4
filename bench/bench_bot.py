"""Bot round trips through SimCord: `/axio play` (with the new table image) and the move
autocomplete, on a late 4-player AXIO position.

Run: python -m bench.bench_bot [--moves N]

Each figure includes SimCord's own work: after every action it waits until the bot's tasks
have settled (polling them at most every 50 ms), so it is an upper bound on the bot's share.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import simcord

from bench.common import report
from bot.app import create_bot
from bot.config import Settings
from bot.playground import simulated

LATE_AFTER_TILES = 40


async def measure(moves: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            _env_file=None, database_path=Path(folder) / "bench.sqlite3", computer_budget_s=0.05
        )
        async with simulated(create_bot(settings, shard_count=1), settle_timeout=30) as env:
            return await time_late_game(env, moves)


async def time_late_game(env: simcord.Env, moves: int) -> dict[str, float]:
    """Four members reach a late position, then `/axio play` and its autocomplete are timed."""
    guild = env.create_guild("bench")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(4)]
    by_id = {m.id: m for m in members}
    lobby = (await members[0].slash(channel, "axio new", game="axio")).response
    for member in members[1:]:
        await member.click(lobby, label="Join")
    await members[0].click(lobby, label="Start")
    repo = env.bot.repo  # type: ignore[attr-defined]
    record = await repo.game_in_channel(channel.id)
    rng = random.Random(1)
    while len(record.game.tiles) < LATE_AFTER_TILES:
        move = rng.choice(record.game.legal_moves())
        record, _ = await repo.record_move(record.id, record.move_count, move)

    play_ms, complete_ms = [], []
    for _ in range(moves):
        mover = by_id[record.seats[record.game.to_move].user_id]
        start = time.perf_counter()
        await mover.autocomplete(channel, "axio play", "move", "")
        complete_ms.append((time.perf_counter() - start) * 1000)
        move = str(rng.choice(record.game.legal_moves()))
        start = time.perf_counter()
        result = await mover.slash(channel, "axio play", move=move)
        play_ms.append((time.perf_counter() - start) * 1000)
        assert "You played" in result.response.content, result.response.content
        record = await repo.game_in_channel(channel.id)
        if record is None or record.status != "running":
            break
    return {
        "play_ms_median": round(statistics.median(play_ms), 1),
        "autocomplete_ms_median": round(statistics.median(complete_ms), 1),
        "samples": len(play_ms),
        "tiles_on_board_at_start": LATE_AFTER_TILES,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    report(asyncio.run(measure(args.moves)))


if __name__ == "__main__":
    main()
