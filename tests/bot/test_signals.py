"""How the bot stops (bot/ops/stopping.py, bot/table/in_flight.py): SIGTERM and SIGINT stop
`axio-bot run` and `axio-bot playground` cleanly whatever the parent left the signals set to,
and a stopping bot lets the command in flight answer before it closes its database.

The processes are started with SIGINT ignored, as a shell's background job starts them, and
the signal is sent to the process alone. `run` connects to SimCord instead of Discord
(tests/bot/run_child.py); everything else is `axio-bot run`'s own. Every wait is for an
event (a line, the exit); its limit only decides when the test gives up, and a test that
gives up kills what it started.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.table import in_flight
from tests.bot.at_once import dispatch_slash
from tests.bot.console import FAKE_TOKEN, clean_environment
from tests.bot.table import Table
from tests.children import reaped

RUN_CHILD = Path(__file__).with_name("run_child.py")
GIVE_UP_S = 120
"""How long a test waits for a process to start or to end before it gives up (and kills
it): the machine may be busy; the stop itself is bounded by the bot (`STOP_SECONDS`)."""
SIGNALS = [signal.SIGTERM, signal.SIGINT]


def ignore_sigint() -> None:
    """In the child before it runs Python: SIGINT ignored, as a shell's `&` leaves it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@asynccontextmanager
async def started(
    argv: list[str], ready: bytes, cwd: Path, *, session: bool = False, **settings: str
) -> AsyncIterator[asyncio.subprocess.Process]:
    """A child process, once it has printed a line starting with `ready`; killed on the
    way out if it is still there (a failed or abandoned test leaves nothing running).
    `session`: in a process group of its own, as a terminal runs a command."""
    child = await asyncio.create_subprocess_exec(
        *argv,
        cwd=cwd,
        env=clean_environment(**{"LOG_LEVEL": "INFO", "PICTURE_PROCESSES": "1", **settings}),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        preexec_fn=ignore_sigint,
        start_new_session=session,
    )
    async with reaped(child):
        assert child.stdout is not None
        while True:
            line = await asyncio.wait_for(child.stdout.readline(), GIVE_UP_S)
            assert line, "the child ended before it was ready"
            if line.startswith(ready):
                break
        yield child


async def stopped_by(child: asyncio.subprocess.Process, number: signal.Signals) -> str:
    """Send the signal to the child alone; its stderr once it has exited."""
    child.send_signal(number)
    _, err = await asyncio.wait_for(child.communicate(), GIVE_UP_S)
    return err.decode()


def assert_stopped_cleanly(code: int | None, err: str, number: signal.Signals) -> None:
    assert code == 0, err
    assert "Traceback" not in err, err
    stops = [line for line in err.splitlines() if " stopping on " in line]
    assert len(stops) == 1 and f"stopping on {number.name}:" in stops[0], err
    assert "did not stop" not in err, err


@pytest.mark.parametrize("number", SIGNALS, ids=lambda n: n.name)
@pytest.mark.parametrize("moment", [b"ready", b"starting"], ids=["running", "starting"])
async def test_a_signal_stops_run_and_closes_the_database(tmp_path: Path, number, moment):
    database = tmp_path / "axio.sqlite3"
    argv = [sys.executable, str(RUN_CHILD)]
    async with started(
        argv, moment, tmp_path, DISCORD_TOKEN=FAKE_TOKEN, DATABASE_PATH=str(database)
    ) as child:
        if moment == b"ready":
            assert Path(f"{database}-wal").exists()  # the bot has the database open
        err = await stopped_by(child, number)
    assert_stopped_cleanly(child.returncode, err, number)
    assert database.exists()  # the bot opened it (`run` checks it first, then the bot)
    assert not Path(f"{database}-wal").exists(), "the database was not closed"
    with sqlite3.connect(database) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


async def test_a_signal_stops_run_on_postgresql(tmp_path: Path, postgres_url: str):
    argv = [sys.executable, str(RUN_CHILD)]
    settings = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_URL": postgres_url}
    async with started(argv, b"ready", tmp_path, **settings) as child:
        err = await stopped_by(child, signal.SIGTERM)
    assert_stopped_cleanly(child.returncode, err, signal.SIGTERM)


@pytest.mark.parametrize("number", SIGNALS, ids=lambda n: n.name)
async def test_a_signal_stops_the_playground(tmp_path: Path, number):
    argv = [sys.executable, "-m", "bot.cli", "playground", "--seconds", "600"]
    async with started(argv, b"AXIO playground: open", tmp_path, TMPDIR=str(tmp_path)) as child:
        [scratch] = tmp_path.glob("axio-playground-*")  # its database's folder
        err = await stopped_by(child, number)
    assert_stopped_cleanly(child.returncode, err, number)
    assert err.endswith("AXIO playground stopped.\n"), err
    assert not scratch.exists(), "the playground did not close its database and clean up"


async def test_ctrl_c_in_a_terminal_stops_the_bot_and_its_workers_quietly(tmp_path: Path):
    """A terminal's Ctrl-C reaches every process of its group: the bot and the picture
    workers it is still starting. They leave it to the bot, which ends them."""
    database = tmp_path / "axio.sqlite3"
    argv = [sys.executable, str(RUN_CHILD)]
    settings = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(database)}
    settings["PICTURE_PROCESSES"] = "2"
    async with started(argv, b"ready", tmp_path, session=True, **settings) as child:
        os.killpg(child.pid, signal.SIGINT)
        _, err = await asyncio.wait_for(child.communicate(), GIVE_UP_S)
    assert_stopped_cleanly(child.returncode, err.decode(), signal.SIGINT)


HANGING_STOP = """
import asyncio, sys, threading
from bot.ops import stopping
stopping.STOP_SECONDS = 1.0

async def main():
    try:
        print("ready", flush=True)
        await asyncio.Event().wait()
    finally:  # a thread nobody will end, like a database connection nobody closed
        threading.Thread(target=threading.Event().wait, name="forgotten").start()

asyncio.run(stopping.until_signalled(main()))
"""


async def test_a_stop_that_hangs_is_cut_short_and_says_what_held_it(tmp_path: Path):
    async with started([sys.executable, "-c", HANGING_STOP], b"ready", tmp_path) as child:
        err = await stopped_by(child, signal.SIGTERM)
    assert child.returncode == 1, err
    [warning] = [line for line in err.splitlines() if "did not stop" in line]
    assert "forgotten" in warning, err


EARLY_SIGNAL = """
import asyncio, logging, sys
from bot.ops import stopping
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

async def main():
    print("the bot ran", flush=True)

with stopping.held_signals():
    print("ready", flush=True)
    sys.stdin.readline()  # the signal arrives here: before any event loop runs
    asyncio.run(stopping.until_signalled(main()))
print("left", flush=True)
"""


async def test_a_signal_before_the_event_loop_runs_stops_it_when_it_does(tmp_path: Path):
    async with started([sys.executable, "-c", EARLY_SIGNAL], b"ready", tmp_path) as child:
        child.send_signal(signal.SIGTERM)
        out, err = await asyncio.wait_for(child.communicate(b"go\n"), GIVE_UP_S)
    assert_stopped_cleanly(child.returncode, err.decode(), signal.SIGTERM)
    assert out.decode() == "left\n"  # the bot never ran, and nothing cut the way out short


async def gated_lobby(table: Table, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """`/axio new` from ann, held before it reads the database until `gate["open"]` is set;
    `gate["entered"]` is set when it gets there."""
    gate = {"entered": asyncio.Event(), "open": asyncio.Event()}
    repo = table.bot.repo
    real = repo.table_game

    async def held(*args: Any, **kwargs: Any) -> Any:
        gate["entered"].set()
        await gate["open"].wait()
        return await real(*args, **kwargs)

    monkeypatch.setattr(repo, "table_game", held)
    gate["record"] = dispatch_slash(
        table.env, table.ann, table.channel, "axio new", {"game": "axio"}
    )
    await gate["entered"].wait()
    return gate


async def test_a_stopping_bot_lets_the_command_in_flight_answer_then_closes(
    table: Table, monkeypatch
):
    bot = table.bot
    gate = await gated_lobby(table, monkeypatch)
    stop = asyncio.create_task(bot.stop())
    while not all(shard.is_closed() for shard in bot.shards.values()):
        await asyncio.sleep(0)  # one turn of the loop: the stop disconnects the gateway
    late = dispatch_slash(table.env, table.ben, table.channel, "axio help", {})
    assert not stop.done()  # the command in flight holds the database open
    gate["open"].set()
    await stop
    assert gate["record"].responded and not late.responded  # the late one was not taken
    assert bot.repo._closed
    with sqlite3.connect(table.settings.database_path) as conn:
        [(kind,)] = conn.execute("SELECT kind FROM games WHERE status = 'lobby'").fetchall()
    assert kind == "axio"  # the command in flight was answered and stored


async def test_a_command_that_does_not_answer_in_time_is_cut_off(table: Table, monkeypatch):
    monkeypatch.setattr(in_flight, "ANSWER_SECONDS", 0.2)
    gate = await gated_lobby(table, monkeypatch)  # never opened
    await table.bot.stop()
    assert not gate["record"].responded
    assert table.bot.repo._closed
    assert len(table.bot.in_flight) == 0
