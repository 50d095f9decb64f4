"""The child process of the tournament kill test: the real bot on SimCord over a database
file, running a Swiss of 9 at tables of 3, until it is killed.

    python tests/bot/tournament_child.py DB DISCORD_LOG SEED [--die-after=WHAT]

Discord outlives the bot, so what Discord held must survive the kill: every message and
thread SimCord stores is written to DISCORD_LOG the moment it is stored (one JSON line),
and each new life first rebuilds that world — the same guild, channel and members (their
ids are deterministic), the threads the bot opened (with their ids) and the bot's
messages with their text — before the bot connects, as after a real restart. Each life's
clock starts a minute after the last's, so new ids never meet old ones.

The members sign up and the host starts; then at each round's tables the members resign
one by one (a computer plays each seat on), until the kill. With --die-after=WHAT the
process kills itself (SIGKILL) the moment Discord has stored the next WHAT (`thread`, or a
message starting so): the bot never hears that its thread or post exists, the worst
moment for it. Once the tournament is over a life says so and exits. Lines on stdout
(only whole lines count):
    ready                              the bot is up
    resigned <game> <user>             a member was told their resignation stands
    over <status> <rounds>             the tournament is over
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys
from pathlib import Path
from typing import Any

import discord
import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.app import create_bot
from bot.config import Settings

MEMBERS = ("ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy")
PAUSE = 0.05
"""Real seconds between the members' actions, so kills land inside rounds."""


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def read_log(log: Path) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    return [json.loads(line) for line in lines if line.endswith("\n")]


def record_discord(backend: Any, log: Path, die_after: str | None) -> None:
    """Write every stored public message and every new thread to the log first; with
    `die_after`, die once one that fits is stored."""
    out = log.open("a", encoding="utf-8")

    def write(entry: dict[str, Any]) -> None:
        out.write(json.dumps(entry) + "\n")
        out.flush()
        what = "thread" if entry["kind"] == "thread" else entry.get("content", "")
        if die_after and what.startswith(die_after):
            killer.set()

    killer = Dying()

    commit, create_thread = backend.commit_message, backend.create_thread

    def committed(message: Any, **options: Any) -> Any:
        if not message.flags & 64:
            write(
                {
                    "kind": "message",
                    "channel": message.channel_id,
                    "author": message.author_id,
                    "content": message.content or "",
                    "pinged": list(message.mention_user_ids),
                }
            )
        stored = commit(message, **options)
        killer.now_if_set()
        return stored

    def created(parent_id: int, name: str, owner_id: int, **options: Any) -> Any:
        thread = create_thread(parent_id, name, owner_id, **options)
        write({"kind": "thread", "id": thread.id, "parent": parent_id, "name": name})
        killer.now_if_set()
        return thread

    backend.commit_message, backend.create_thread = committed, created


class Dying:
    """SIGKILL of this very process, once set, after Discord has stored what set it."""

    def __init__(self) -> None:
        self.armed = False

    def set(self) -> None:
        self.armed = True

    def now_if_set(self) -> None:
        if self.armed:
            os.kill(os.getpid(), signal.SIGKILL)


def rebuild(env: Any, entries: list[dict[str, Any]]) -> None:
    """What Discord held before this life: threads with their ids, the bot's messages."""
    backend = env.backend
    bot_id = backend.bot_user.id
    for entry in entries:
        if entry["kind"] == "thread":
            backend.reserve_id(entry["id"])
            backend.create_thread(
                entry["parent"], entry["name"], bot_id, message_id=entry["id"], broadcast=False
            )
        elif entry["kind"] == "message" and entry["author"] == bot_id and entry["content"]:
            backend.create_message(entry["channel"], bot_id, entry["content"], broadcast=False)


class Child:
    def __init__(self, env: Any, rng: random.Random) -> None:
        self.env, self.rng = env, rng
        guild = env.create_guild("Tournament kill test")
        self.channel = guild.create_text_channel("swiss")
        self.members = {name: guild.add_member(env.create_user(name)) for name in MEMBERS}
        self.by_id = {member.id: member for member in self.members.values()}

    @property
    def repo(self) -> Any:
        return self.env.bot.repo

    async def tournament(self) -> Any:
        found = await self.repo.tournaments(self.channel.guild.id)
        return found[0] if found else None

    async def sign_up(self) -> None:
        host = self.members["ann"]
        await host.slash(
            self.channel, "axio tournament new", game="rota", format="swiss", table_size=3,
            rounds=3, name="Kill Swiss",
        )  # fmt: skip
        for name in MEMBERS[1:]:
            await self.members[name].slash(self.channel, "axio tournament join")
            await asyncio.sleep(PAUSE)
        await host.slash(self.channel, "axio tournament start")

    async def play(self) -> None:
        while True:
            await self.env.settle()
            t = await self.tournament()
            if t is None:
                await self.sign_up()
                continue
            if t.status == "signup":
                await self.members["ann"].slash(self.channel, "axio tournament start")
                continue
            if t.status != "running":
                say(f"over {t.status} {t.current_round}")
                return
            await self.resign_one(t)

    async def resign_one(self, t: Any) -> None:
        """One member still playing at an open table of the round resigns in its thread."""
        seats = []
        for table in await self.repo.tournament_tables(t.id, t.current_round):
            if table.status != "running" or table.channel_id is None:
                continue
            record = await self.repo.get_game(table.game_id)
            seats += [(table, seat) for seat in record.humans_playing]
        if not seats:
            await asyncio.sleep(PAUSE)  # the tables' threads are opening, or computers play
            return
        table, seat = self.rng.choice(seats)
        thread = next(x for x in self.channel.threads if x.id == table.channel_id)
        member = self.by_id[seat.user_id]
        asked = await member.slash(thread, "axio resign")
        if asked.response is not None and asked.response.components:
            await member.click(asked.response, label="Resign")
            if "You resigned" in (asked.response.content or ""):
                say(f"resigned {table.game_id} {seat.user_id}")
        await asyncio.sleep(PAUSE)


async def main(db: str, log: str, seed: int, die_after: str | None) -> None:
    settings = Settings(
        _env_file=None,
        discord_token=None,
        database_path=Path(db),
        computer_budget_s=0.02,
        scheduler_minutes=600,
        delivery_idle_seconds=600,
        computer_processes=0,
        picture_processes=0,  # threads: SimCord gives start-up 5 s (see kill_child.py)
    )
    entries = read_log(Path(log))
    lives = sum(1 for entry in entries if entry["kind"] == "life")
    bare = discord.Client(intents=discord.Intents.default())
    async with simcord.run(bare, check_errors=False, settle_timeout=60) as env:
        child = Child(env, random.Random(seed))
        rebuild(env, entries)
        env.backend.advance_clock(60 * (lives + 1))
        with Path(log).open("a", encoding="utf-8") as out:
            out.write(json.dumps({"kind": "life", "number": lives + 1}) + "\n")
        record_discord(env.backend, Path(log), die_after)
        bot = create_bot(settings, shard_count=1)
        try:
            await env.restart_bot(bot)
            say("ready")
            await child.play()
        finally:  # whatever failed: a connection left open would keep this process alive
            await bot.release()


if __name__ == "__main__":
    flags = sys.argv[4:]
    dying = next((f.split("=", 1)[1] for f in flags if f.startswith("--die-after=")), None)
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), dying))
