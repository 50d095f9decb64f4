"""How loud a game is: the public messages whole games leave in their channel.

Run: python -m bench.bench_posts [--seed S]

Plays whole AXIO games through SimCord with the real bot: solo (one person), 2 players (a
person and a computer) and 4 players (two people and two computers). People type a greedy
move with `/axio play` (and keep their rack when an exchange is offered), so the script
runs on any version of the bot; computers move by themselves. After each move the
simulated clock runs on 30 s, so posts a version holds back while computers think are
delivered as they would be. Counted per game: every message everyone in the channel can
see, those that still show a picture at the end, and the pings (a notification to a
member, as Discord counts them when a message is posted: what a name in the text does
only if the message allows it).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from pathlib import Path
from typing import Any

import simcord

import bot.table.lobby
from bench.common import report
from bot.app import create_bot
from bot.config import Settings
from bot.playground import simulated

SETUPS = {"solo": (1, 0), "2p": (1, 1), "4p": (2, 2)}
"""Game -> (people, computers)."""
MAX_MOVES = 600


def greedy(game: Any) -> str:
    if getattr(game, "phase", "place") == "exchange":
        return "keep"
    moves = game.scored_moves()
    return str(max(moves, key=lambda m: (sum(m.points), str(m.move))).move)


class Pings:
    """Every ping SimCord's Discord delivers, by channel, counted as messages are stored."""

    def __init__(self, env: simcord.Env) -> None:
        self.by_channel: dict[int, int] = {}
        commit = env.backend.commit_message  # type: ignore[attr-defined]

        def counted(message: Any, **options: Any) -> Any:
            if not message.flags & 64:
                channel = message.channel_id
                self.by_channel[channel] = self.by_channel.get(channel, 0) + len(
                    message.ping_user_ids
                )
            return commit(message, **options)

        env.backend.commit_message = counted  # type: ignore[attr-defined]


async def play_one(
    env: simcord.Env, pings: Pings, name: str, people: int, computers: int
) -> dict[str, int]:
    guild = env.create_guild(f"bench {name}")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(people)]
    by_id = {m.id: m for m in members}
    host = members[0]
    if people + computers == 1:
        await host.slash(channel, "axio solo", game="axio")
    else:
        lobby = (await host.slash(channel, "axio new", game="axio")).response
        for member in members[1:]:
            await member.click(lobby, label="Join")
        for _ in range(computers):
            picker = await host.click(lobby, label="Add computer")
            await host.click(picker.response, label="Normal")
        await host.click(lobby, label="Start")
    repo = env.bot.repo  # type: ignore[attr-defined]
    record = await repo.game_in_channel(channel.id)
    game_id = record.id
    for _ in range(MAX_MOVES):
        await env.advance_time(30)
        record = await repo.get_game(game_id)
        if record.status != "running":
            break
        seat = record.seats[record.game.to_move]
        if seat.user_id is None or seat.resigned:
            continue  # a computer is still thinking
        await by_id[seat.user_id].slash(channel, "axio play", move=greedy(record.game))
    else:
        raise RuntimeError(f"{name}: the game did not end")
    await env.advance_time(60)
    public = [m for m in channel.history() if not m.flags.ephemeral]
    pictures = [m for m in public if m.attachments]
    return {
        f"{name}_moves": record.move_count,
        f"{name}_public_posts": len(public),
        f"{name}_pictures_at_the_end": len(pictures),
        f"{name}_pings": pings.by_channel.get(channel.id, 0),
    }


async def measure(seed: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    bot.table.lobby._seeds = random.Random(seed)  # the same deals on every version
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            _env_file=None,
            database_path=Path(folder) / "bench.sqlite3",
            computer_budget_s=0.02,
            computer_processes=0,
            scheduler_minutes=600,
        )
        async with simulated(create_bot(settings, shard_count=1), settle_timeout=60) as env:
            pings = Pings(env)
            for name, (people, computers) in SETUPS.items():
                figures.update(await play_one(env, pings, name, people, computers))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report(asyncio.run(measure(args.seed)))


if __name__ == "__main__":
    main()
