"""The child process of the kill test and of bench/bench_crash.py: the real bot on SimCord
over a database file, with several tables playing, until it is killed.

    python tests/bot/kill_child.py DB DISCORD_LOG SEED [--check-only]

DB is a SQLite file or a postgresql:// URL. SimCord is rebuilt on every start with the same
guild, channels and members (its ids are deterministic), so the bot meets its stored games
again as after a real restart. Discord's own memory of what was posted is DISCORD_LOG: one
line per message SimCord stores, written the moment it stores it (channel, the users it
pings, its controls' custom ids).

SimCord's clock starts at the same instant in every life, so the child first moves it past
everything its predecessors stored, as a real restart's clock would be. A post the killed
predecessor was delivering stays leased to it until the lease lapses (storage/outbox.py):
the check lets that much time pass, and the restarted bot must deliver it by itself.
While the database server is down (the PostgreSQL bench kills it too), the child's own
reads fail: it waits and plays on.

On start-up the child first lets the restarted bot deliver what is owed and play its
computer seats, then checks every running game and says what it found; then it plays
(unless --check-only). Lines on stdout (a kill may cut the last one; only whole lines
count):
    checked <game> <move_count>          the person to move has been shown this position
    unshown <game> <move_count>          … has not
    stalled <game> <move_count>          a computer to move has not moved
    acked <game> <move_count> <move>     a member was told "You played …": the move that made
                                         the game's move_count this number (`?` when the
                                         member was told it in words only)
    double <game> <move_count>           a second delivery of one submission applied too
    lapsed <seconds>                     the killed predecessor was delivering: its lease
                                         had this long to run before the check
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any

import discord
import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.app import create_bot
from bot.config import Settings
from bot.screens.moves import unstamped
from storage import DATABASE_FAULTS, Repository
from storage.records import from_us
from storage.target import is_postgres_url

MEMBERS = ("ann", "ben", "cat", "dan", "eve")
TABLES = {  # channel name: (command, game, guests, computers)
    "duel": ("new", "axio", ("ben",), ()),
    "robot": ("new", "rota", (), ("easy",)),
    "alone": ("solo", "axio", (), ()),
    "spin": ("solo", "rota", (), ()),
    "crowd": ("new", "axio", ("ben", "cat"), ("easy",)),
}
HOSTS = {"duel": "ann", "robot": "cat", "alone": "dan", "spin": "eve", "crowd": "ann"}
GIVE_UP_S = 120


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def custom_ids(node: Any) -> list[str]:
    """Every custom_id in a message's components, nested layouts included."""
    if isinstance(node, dict):
        found = [node["custom_id"]] if isinstance(node.get("custom_id"), str) else []
        return found + [i for value in node.values() for i in custom_ids(value)]
    if isinstance(node, list):
        return [i for value in node for i in custom_ids(value)]
    return []


def record_discord(backend: Any, log: Path) -> None:
    """Make SimCord write every stored message to the log before anyone hears of it."""
    commit = backend.commit_message
    out = log.open("a", encoding="utf-8")

    def logged(message: Any, **options: Any) -> Any:
        if not message.flags & 64:  # ephemeral messages are not the table
            pinged = ",".join(str(u) for u in message.mention_user_ids) or "-"
            ids = ",".join(custom_ids(message.components)) or "-"
            out.write(f"{message.channel_id}\t{pinged}\t{ids}\n")
            out.flush()
        return commit(message, **options)

    backend.commit_message = logged


def shown(log: Path) -> set[tuple[str, str]]:
    """(turn button custom id, pinged user) pairs Discord holds; a solo game's **Play**
    button is for its player whoever it names, so it is held with `-`."""
    found = set()
    for line in log.read_text(encoding="utf-8").splitlines(keepends=True):
        if not line.endswith("\n") or line.count("\t") != 2:
            continue
        _, pinged, ids = line.rstrip("\n").split("\t")
        for custom_id in ids.split(","):
            if custom_id.startswith("axio:tiles:"):
                found.update((custom_id, user) for user in pinged.split(","))
            elif custom_id.startswith("axio:open:"):
                found.add((custom_id, "-"))
    return found


def turn_began(record: Any) -> int:
    """The move count at which the current person's turn began: the table's post for the
    turn is made then, and their extra moves and exchange answer are made in their builder
    without a post of their own."""
    game = record.game
    count = game.move_count
    while count > 0:
        entry = game.log[count - 1]
        if entry.seat != game.to_move or entry.turn != game.turn:
            break
        count -= 1
    return count


class Child:
    def __init__(self, env: Any, log: Path, rng: random.Random) -> None:
        self.env, self.log, self.rng = env, log, rng
        guild = env.create_guild("Kill test")
        self.channels = {name: guild.create_text_channel(name) for name in TABLES}
        self.members = {name: guild.add_member(env.create_user(name)) for name in MEMBERS}
        self.by_id = {member.id: member for member in self.members.values()}

    @property
    def repo(self) -> Any:
        return self.env.bot.repo

    async def check(self) -> None:
        """After the restart settled: is every person to move shown their position, and
        has every computer to move moved?"""
        await self.env.settle()
        await self.let_leases_lapse()
        held = shown(self.log)
        for record in await self.repo.open_games():
            seat = record.seat_to_move
            if record.status != "running" or seat is None:
                continue
            where = f"{record.id} {record.move_count}"
            if seat.plays_as is not None:
                say(f"stalled {where}")
            elif record.game.solo and (f"axio:open:{record.id}", "-") in held:
                say(f"checked {where}")  # played in the player's builder; Play reopens it
            elif (f"axio:tiles:{record.id}:{turn_began(record)}", str(seat.user_id)) in held:
                say(f"checked {where}")
            else:
                say(f"unshown {where}")

    async def let_leases_lapse(self) -> None:
        """Let the clock run past the leases a killed predecessor held: the restarted bot's
        delivery loop, asleep until then, wakes and delivers those posts itself."""
        row = await self.repo._fetchone(
            "SELECT max(leased_until) FROM outbox WHERE delivered_at IS NULL"
        )
        if row is None or row[0] is None:
            return
        wait = (from_us(row[0]) - self.env.now()).total_seconds()  # type: ignore[operator]
        if wait >= 0:
            say(f"lapsed {wait:.1f}")
            await self.env.advance_time(wait + 0.01)
            await self.env.settle()

    async def play(self) -> None:
        while True:
            for name in TABLES:
                try:
                    await self.step(name)
                except DATABASE_FAULTS:  # the server is down: the bot answers; we wait
                    await asyncio.sleep(0.2)

    async def step(self, name: str) -> None:
        channel = self.channels[name]
        record = await self.repo.game_in_channel(channel.id)
        if record is None or record.status == "lobby":
            await self.deal(name, record)
            return
        member = self.by_id.get(record.seat_to_move.user_id or 0)
        if member is None:
            await self.env.settle()  # a computer thinks
            return
        how = self.rng.random()
        if how < 0.4:
            await self.suggested(channel, member, record)
        elif how < 0.7:
            await self.typed(channel, member, record)
        else:
            await self.built(channel, member, record)

    async def deal(self, name: str, lobby: Any) -> None:
        command, game, guests, computers = TABLES[name]
        channel, host = self.channels[name], self.members[HOSTS[name]]
        if command == "solo":
            await host.slash(channel, "axio solo", game=game)
            return
        made = await host.slash(channel, "axio new", game=game)
        if lobby is not None and made.response.ephemeral:  # its message outlived a kill
            await host.slash(channel, "axio lobby cancel")
            return
        for guest in guests:
            await self.members[guest].slash(channel, "axio lobby join")
        for level in computers:
            menu = await host.click(made.response, label="Add computer")
            await host.click(menu.response, label=level.capitalize())
        await host.slash(channel, "axio lobby start")

    async def submit(self, channel: Any, member: Any, game_id: int, text: str) -> None:
        """/axio play with `text`, sometimes delivered twice (a double Enter)."""
        record = await self.repo.get_game(game_id)
        before = record.move_count
        try:  # the move as the log will hold it (players may type position names)
            stored = str(record.game.parse_move(unstamped(text)[1]))
        except ValueError:
            stored = "?"
        told = await self.told(await member.slash(channel, "axio play", move=text))
        if told:
            say(f"acked {game_id} {before + 1} {stored}")
        if self.rng.random() < 0.3:
            again = await self.told(await member.slash(channel, "axio play", move=text))
            if told and again and text.startswith("@"):
                say(f"double {game_id} {before + 1}")

    async def suggested(self, channel: Any, member: Any, record: Any) -> None:
        choices = await member.autocomplete(channel, "axio play", "move", "")
        if choices:
            await self.submit(channel, member, record.id, self.rng.choice(choices)["value"])

    async def typed(self, channel: Any, member: Any, record: Any) -> None:
        move = self.rng.choice(record.game.legal_moves())
        await self.submit(channel, member, record.id, str(move))

    async def built(self, channel: Any, member: Any, record: Any) -> None:
        """/axio hand, a menu or two, Confirm."""
        opened = await member.slash(channel, "axio hand")
        builder = opened.response
        for _ in range(3):
            menus = [c for c in _components(builder) if c.get("type") == 3]
            buttons = [c for c in _components(builder) if c.get("type") == 2]
            confirm = next((b for b in buttons if b.get("label") == "Confirm"), None)
            if confirm is not None:
                break
            if not menus:
                if buttons:  # the exchange question
                    label = self.rng.choice([b["label"] for b in buttons])
                    await member.click(builder, label=label)
                return
            menu = menus[-1]
            await member.select(builder, [menu["options"][0]["value"]], custom_id=menu["custom_id"])
        else:
            return
        before = record.move_count
        await member.click(builder, label="Confirm")
        if "You played" in (builder.content or ""):
            say(f"acked {record.id} {before + 1} ?")  # told in words: the count is checked

    @staticmethod
    async def told(result: Any) -> bool:
        messages = ([result.response] if result.response else []) + list(result.followups)
        return any(
            (m.content or "").startswith(("You played", "You kept", "You exchanged"))
            for m in messages
        )


def _components(message: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") in (2, 3):
                found.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(message.components)
    return found


async def latest_stamp(db: str) -> Any:
    """The latest moment anything stored says (leases aside: they must lapse on their own)."""
    async with await Repository.open(db) as repo:
        row = await repo._fetchone(
            "SELECT max(stamp) FROM (SELECT max(updated_at) AS stamp FROM games "
            "UNION ALL SELECT max(due_at) FROM outbox UNION ALL SELECT max(created_at) FROM outbox "
            "UNION ALL SELECT max(played_at) FROM moves) AS stamps"
        )
    return from_us(row[0]) if row is not None and row[0] is not None else None


async def main(db: str, log: str, seed: int, check_only: bool) -> None:
    postgres = is_postgres_url(db)
    latest = await latest_stamp(db)
    settings = Settings(
        _env_file=None,
        discord_token=None,
        database_url=db if postgres else None,
        database_path=Path("unused.sqlite3") if postgres else Path(db),
        computer_budget_s=0.02,
        scheduler_minutes=600,
        delivery_idle_seconds=600,
        # Threads, not worker processes: SimCord gives a bot's start-up 5 s to settle (its
        # own limit), and on a busy machine spawning four interpreters to deliver what is
        # owed and resume the computers takes longer. That workers die with a killed bot
        # is tests/bot/test_thinking.py's.
        computer_processes=0,
        picture_processes=0,
    )
    # Discord's world exists before the bot connects, as it does after a real restart:
    # SimCord starts with a bare client, the world is made, then the bot takes its place.
    bare = discord.Client(intents=discord.Intents.default())
    bot = create_bot(settings, shard_count=1)
    # SimCord's settle limit only says when to give up: a busy machine is slow, not wrong.
    async with simcord.run(bare, check_errors=False, settle_timeout=GIVE_UP_S) as env:
        record_discord(env.backend, Path(log))
        child = Child(env, Path(log), random.Random(seed))  # ids from the clock: made first
        if latest is not None and latest > env.now():
            await env.advance_time((latest - env.now()).total_seconds() + 0.001)
        try:
            await env.restart_bot(bot)
            await child.check()
            say("ready")
            if not check_only:
                await child.play()
        finally:  # whatever failed: a connection left open would keep this process alive
            await bot.release()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), "--check-only" in sys.argv))
