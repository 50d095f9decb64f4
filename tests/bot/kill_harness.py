"""Kill the whole bot again and again and count what went wrong: shared by the kill test
(tests/bot/test_kill.py) and bench/bench_crash.py.

Each round starts tests/bot/kill_child.py (the real bot on SimCord over one database: a
SQLite file, or a PostgreSQL database), SIGKILLs it at a random moment, and reads what it
said. Given the PostgreSQL server itself (a storage.pg_local.LocalServer), a third of the
rounds also SIGKILL the server while the bot plays, and start it again (crash recovery)
before the bot is killed: the bot must go on by itself. A last round only checks. Then the
database is opened and every acknowledged move, every game's replay and the database's
integrity are checked.
"""

from __future__ import annotations

import asyncio
import random
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

from storage import Repository
from storage.pg_local import LocalServer
from storage.target import Target
from tests.children import reaped

CHILD = Path(__file__).with_name("kill_child.py")
GIVE_UP_S = 300
"""How long a round waits for the child to be ready, or to finish checking, before it
gives up: a limit for a stuck child, never a pace (a busy machine is only slower)."""


@dataclass
class Tally:
    kills: int = 0
    acked: dict[tuple[int, int], str] = field(default_factory=dict)
    double_applies: int = 0
    unshown: set[tuple[int, int]] = field(default_factory=set)
    stalled: set[tuple[int, int]] = field(default_factory=set)
    checked: int = 0
    server_kills: int = 0
    lapsed_leases: int = 0
    lost_acked_moves: int = 0
    replay_mismatches: int = 0
    integrity: str = ""

    def read(self, output: bytes) -> None:
        """Whole lines only: a kill may cut the last one."""
        for line in output.decode(errors="replace").splitlines(keepends=True):
            if not line.endswith("\n"):
                continue
            word, *rest = line.split(maxsplit=3)
            if word == "acked":
                self.acked[(int(rest[0]), int(rest[1]))] = rest[2].strip()
            elif word == "double":
                self.double_applies += 1
            elif word == "unshown":
                self.unshown.add((int(rest[0]), int(rest[1])))
            elif word == "stalled":
                self.stalled.add((int(rest[0]), int(rest[1])))
            elif word == "checked":
                self.checked += 1
            elif word == "lapsed":
                self.lapsed_leases += 1

    def summary(self) -> dict[str, int | str]:
        return {
            "kills": self.kills,
            "server_kills": self.server_kills,
            "kills_mid_delivery": self.lapsed_leases,
            "acked_moves": len(self.acked),
            "lost_acked_moves": self.lost_acked_moves,
            "double_applies": self.double_applies,
            "positions_never_shown": len(self.unshown),
            "stalled_computers": len(self.stalled),
            "positions_checked": self.checked,
            "replay_mismatches": self.replay_mismatches,
            "integrity_check": self.integrity,
        }


async def run_child(
    db: Target,
    log: Path,
    seed: int,
    *,
    kill: Kill | None,
    server: LocalServer | None = None,
) -> bytes:
    """One life of the bot: killed as `kill` says, or (None) left to check and exit; the
    database server killed and started again meanwhile if `kill.server_down` says so."""
    errors = log.with_name("child-stderr.log")  # every life's, for a failure's message
    with errors.open("ab") as stderr:
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            str(CHILD),
            str(db),
            str(log),
            str(seed),
            *(["--check-only"] if kill is None else []),
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
        )
    assert child.stdout is not None
    async with reaped(child):  # a round that gave up or failed leaves no child behind
        try:
            return await _live(child, child.stdout, kill, server)
        except BaseException as failure:
            tail = errors.read_text(errors="replace")[-3000:]
            failure.add_note(f"the children's stderr ends with:\n{tail}")
            raise


async def _live(
    child: asyncio.subprocess.Process,
    stdout: asyncio.StreamReader,
    kill: Kill | None,
    server: LocalServer | None,
) -> bytes:
    """What `child` says until it is killed as `kill` says (or, None, until it exits)."""
    if kill is None:
        out, _ = await asyncio.wait_for(child.communicate(), timeout=GIVE_UP_S)
        assert child.returncode == 0, "the checking child failed"
        return out
    seen = b""
    if kill.after_ready:  # let start-up finish (it is slower on a busy machine), then play
        while not seen.endswith(b"ready\n"):
            line = await asyncio.wait_for(stdout.readline(), timeout=GIVE_UP_S)
            assert line, "the child stopped before it was ready"
            seen += line
    if server is not None and kill.server_down is not None:
        await asyncio.sleep(kill.seconds / 2)
        server.kill()
        await asyncio.sleep(kill.server_down)
        await asyncio.to_thread(server.start)
        await asyncio.sleep(kill.seconds / 2)
    else:
        await asyncio.sleep(kill.seconds)  # the moment of the kill: drawn at random
    child.send_signal(signal.SIGKILL)
    out, _ = await child.communicate()
    assert child.returncode == -signal.SIGKILL, "the child stopped before it was killed"
    return seen + out


@dataclass(frozen=True)
class Kill:
    """When to kill: `seconds` after start, or after start-up when `after_ready`; and
    whether the database server is killed halfway and stays down `server_down` seconds."""

    seconds: float
    after_ready: bool
    server_down: float | None = None

    @classmethod
    def drawn(cls, rng: random.Random, *, server: bool = False) -> Kill:
        """A quarter of the kills land in start-up (while owed posts are delivered and
        computers resume), the rest while members play; with a server, a third of those
        kill the server too."""
        if rng.random() < 0.25:
            return cls(rng.uniform(0.3, 1.5), after_ready=False)
        if server and rng.random() < 1 / 3:
            return cls(rng.uniform(1.0, 3.0), after_ready=True, server_down=rng.uniform(0.2, 2))
        return cls(rng.uniform(0.2, 2.5), after_ready=True)


async def verify(db: Target, tally: Tally) -> None:
    """Acknowledged moves are in the log as told; every game equals its replay."""
    async with await Repository.open(db) as repo:
        logs: dict[int, list[str]] = {}
        for (game_id, number), text in tally.acked.items():
            if game_id not in logs:
                logs[game_id] = [m.text for m in await repo.moves(game_id)]
            moves = logs[game_id]
            if len(moves) < number or text not in ("?", moves[number - 1]):
                tally.lost_acked_moves += 1
        for row in await repo._fetchall("SELECT id FROM games WHERE seed IS NOT NULL"):
            record = await repo.get_game(row[0])
            if record.game != await repo.load_game_from_log(row[0]):
                tally.replay_mismatches += 1
        tally.integrity = ",".join(await repo.damage()) or "ok"


async def kill_again_and_again(
    folder: Path,
    kills: int,
    seed: int,
    *,
    database: str | None = None,
    server: LocalServer | None = None,
) -> Tally:
    """`kills` lives of the bot over `database` (a SQLite file in `folder` by default),
    killing `server` too in some of them when it is given."""
    db: Target = database or folder / "kill.sqlite3"
    log = folder / "discord.log"
    rng = random.Random(seed)
    tally = Tally()
    for round_number in range(kills):
        kill = Kill.drawn(rng, server=server is not None)
        out = await run_child(db, log, seed + round_number, kill=kill, server=server)
        tally.read(out)
        tally.kills += 1
        tally.server_kills += server is not None and kill.server_down is not None
    tally.read(await run_child(db, log, seed, kill=None))
    await verify(db, tally)
    return tally
