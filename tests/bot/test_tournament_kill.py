"""`kill -9` of the whole bot in the middle of a tournament's rounds, again and again
(tests/bot/tournament_child.py is the bot; Discord's memory survives it in a log): the
Swiss of 9 at tables of 3 carries on to its end with no resignation lost, no table
without its thread or with two, no post or ping sent twice, and every game equal to the
replay of its log."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from collections import Counter
from pathlib import Path

from storage import Repository
from tests.children import reaped

CHILD = Path(__file__).with_name("tournament_child.py")
NAME = "**Kill Swiss** (tournament #1)"


THREAD, WELCOME, PAIRINGS, STANDINGS = "thread", f"🏆 {NAME} · round", f"🏁 {NAME}", f"📊 {NAME}"
PLAN = [THREAD, WELCOME, 2, 0.3, STANDINGS, PAIRINGS, THREAD, 3, 0.05]
"""Each life's death, in an order a 3-round tournament always reaches: right after Discord
stored the next thread, welcome ping, standings or pairings post (the bot never hears of
it); after that many acknowledged resignations (a round in play); or that many seconds
after it is up (delivering what is owed)."""


async def life(db: Path, log: Path, seed: int, death: str | int | float | None) -> str:
    """One life of the bot, ended as `death` says; None: the last, which plays on to the
    tournament's end and exits."""
    flag = [f"--die-after={death}"] if isinstance(death, str) else []
    child = await asyncio.create_subprocess_exec(
        sys.executable, str(CHILD), str(db), str(log), str(seed), *flag,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    assert child.stdout is not None
    async with reaped(child):  # a life the test gave up on is not left running
        return await lived(child, child.stdout, death)


async def lived(
    child: asyncio.subprocess.Process, stdout: asyncio.StreamReader, death: str | int | float | None
) -> str:
    """What the life said until it ended as `death` says."""
    if death is None or isinstance(death, str):
        out, _ = await asyncio.wait_for(child.communicate(), timeout=300)
        expected = 0 if death is None else -signal.SIGKILL
        assert child.returncode == expected, f"the life to die after {death!r} ended otherwise"
        return out.decode()
    seen: list[str] = []
    acked = 0
    while line := (await asyncio.wait_for(stdout.readline(), timeout=300)).decode():
        seen.append(line)
        if line == "ready\n" and isinstance(death, float):
            await asyncio.sleep(death)  # the moment of the kill, after start-up
            break
        acked += line.startswith("resigned ")
        if acked == death:
            break
    child.send_signal(signal.SIGKILL)
    rest, _ = await child.communicate()
    assert child.returncode == -signal.SIGKILL, "the life ended before it was killed"
    return "".join(seen) + rest.decode()


async def test_sigkill_in_the_middle_of_rounds_loses_and_repeats_nothing(tmp_path: Path):
    db, log = tmp_path / "tournament.sqlite3", tmp_path / "discord.jsonl"
    told: list[str] = []
    in_play = 0
    for number, death in enumerate(PLAN):
        out = await life(db, log, number, death)
        told += [line for line in out.splitlines() if line.startswith("resigned ")]
        in_play += await round_in_play(db)
    out = await life(db, log, 99, None)
    told += [line for line in out.splitlines() if line.startswith("resigned ")]
    assert "over finished 3" in out
    assert in_play >= len(PLAN) - 2  # the kills did land inside rounds

    async with await Repository.open(db) as repo:
        [t] = await repo.tournaments(next(iter(await guilds(repo))))
        tables = await repo.tournament_tables(t.id)
        assert t.status == "finished" and len(tables) == 9
        assert all(x.status == "finished" and x.channel_id for x in tables)
        for line in told:  # every resignation a member was told of is stored
            _, game_id, user_id = line.split()
            record = await repo.get_game(int(game_id))
            assert record.seat_of(int(user_id)).resigned
        for x in tables:
            assert (await repo.get_game(x.game_id)).game == await repo.load_game_from_log(x.game_id)

    entries = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    threads = Counter(e["name"] for e in entries if e["kind"] == "thread")
    assert len(threads) == 9 and set(threads.values()) == {1}, threads
    assert {e["id"] for e in entries if e["kind"] == "thread"} == {x.channel_id for x in tables}
    said = Counter(
        e["content"].split("\n")[0] for e in entries if e["kind"] == "message" and e["content"]
    )
    for number in (1, 2, 3):
        assert said[f"🏁 {NAME} · round {number} of 3: pairings"] == 1
        for table in (1, 2, 3):
            [welcome] = [line for line in said if line.startswith(
                f"🏆 {NAME} · round {number} of 3 · table {table}:"
            )]  # fmt: skip
            assert said[welcome] == 1
    for number in (1, 2):
        assert said[f"📊 {NAME} · standings after round {number} of 3:"] == 1
    assert sum(n for line, n in said.items() if line.startswith(f"🏆 {NAME} is over")) == 1


async def round_in_play(db: Path) -> int:
    """1 if the tournament was in the middle of a round when the bot died."""
    async with await Repository.open(db) as repo:
        found = [t for g in await guilds(repo) for t in await repo.tournaments(g)]
        if not found or found[0].status != "running":
            return 0
        tables = await repo.tournament_tables(found[0].id, found[0].current_round)
        return int(any(x.status == "running" for x in tables))


async def guilds(repo: Repository) -> list[int]:
    rows = await repo._fetchall("SELECT DISTINCT guild_id FROM tournaments", ())
    return [row[0] for row in rows]
