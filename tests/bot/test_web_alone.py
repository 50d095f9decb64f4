"""`axio-bot web` as an operator runs it: the game pages in a process of their own, beside
the bot's. SIGTERM or SIGINT stops it as it stops `run` and the playground
(tests/bot/test_signals.py): the event streams end, the painter's workers and the database
are closed, one stop line, exit 0. With METRICS_PORT it serves /metrics (its requests by
route), /healthz and /readyz, which `axio-bot health` asks.

The child starts with SIGINT ignored, as a shell's background job starts it. Every wait is
for an event (an answer, the end of a stream, the exit); its limit only says when the test
gives up, and a test that gives up kills what it started.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import asyncpg
import pytest

from bot.ops import admin
from storage import Repository
from storage.backup import DatabaseInUseError, sole_use
from storage.target import Target
from tests.bot.console import clean_environment
from tests.bot.test_health import free_port
from tests.bot.test_signals import (
    GIVE_UP_S,
    SIGNALS,
    assert_stopped_cleanly,
    ignore_sigint,
    stopped_by,
)
from tests.children import reaped
from tests.waiting import eventually
from tests.web.conftest import played

Child = asyncio.subprocess.Process
STOPPED = "AXIO game pages stopped.\n"


async def a_running_game(database: Target) -> str:
    """A running game's page code: its page holds an event stream open."""
    async with await Repository.open(database) as repo:
        record, code = await played(repo, moves=3)
    assert record.status == "running"
    return code


async def status_of(url: str) -> int | None:
    """The status `url` answers with, or None while nothing listens there."""
    try:
        async with aiohttp.ClientSession() as session, session.get(url) as answer:
            return answer.status
    except aiohttp.ClientConnectionError:
        return None


@asynccontextmanager
async def serving(cwd: Path, code: str, **settings: str) -> AsyncIterator[tuple[Child, str]]:
    """`axio-bot web` on a free port, once it answers the game's page (200); its address.
    Killed on the way out if it is still there."""
    port = free_port()
    environment = clean_environment(LOG_LEVEL="INFO", WEB_PORT=str(port), **settings)
    child = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "bot.cli", "web"),
        cwd=cwd,
        env=environment,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        preexec_fn=ignore_sigint,
    )
    base = f"http://127.0.0.1:{port}"
    async with reaped(child):

        async def answered() -> bool:
            assert child.returncode is None, "axio-bot web ended before it served a page"
            return await status_of(f"{base}/g/{code}") == 200

        await eventually(answered, "axio-bot web answers a page", give_up_s=GIVE_UP_S)
        yield child, base


def workers_of(pid: int) -> set[int]:
    """The worker processes `pid` spawned (multiprocessing's; not its resource tracker,
    which leaves when the process has gone), from Linux's /proc."""
    found: set[int] = set()
    for listing in Path(f"/proc/{pid}/task").glob("*/children"):
        for child in map(int, listing.read_text().split()):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.add(child)
    return found


def running(pid: int) -> bool:
    """The process exists and has not ended (a zombie has)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return False
    return fields[0] != "Z"


async def to_its_end(stream: aiohttp.ClientResponse) -> None:
    """Read an event stream until the server ends it (cut short or closed)."""
    with contextlib.suppress(aiohttp.ClientPayloadError):  # cut off mid-way: ended too
        await asyncio.wait_for(stream.content.read(), GIVE_UP_S)


@pytest.mark.parametrize("number", SIGNALS, ids=lambda n: n.name)
async def test_a_signal_ends_the_streams_and_closes_the_painter_and_database(
    tmp_path: Path, number: signal.Signals
):
    database = tmp_path / "axio.sqlite3"
    code = await a_running_game(database)
    async with serving(tmp_path, code, DATABASE_PATH=str(database)) as (child, base):
        assert Path(f"{database}-wal").exists()  # the pages have the database open
        with pytest.raises(DatabaseInUseError), sole_use(database):  # as `axio-bot restore`
            pass
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/g/{code}/board.png") as picture:
                assert picture.status == 200 and picture.content_type == "image/png"
            workers = workers_of(child.pid)  # the painter's, which drew the picture
            assert workers
            async with session.get(f"{base}/g/{code}/events") as stream:
                assert (await stream.content.readline()).startswith(b"data: ")
                child.send_signal(number)
                await to_its_end(stream)
        _, err = await asyncio.wait_for(child.communicate(), GIVE_UP_S)
    stderr = err.decode()
    assert_stopped_cleanly(child.returncode, stderr, number)
    assert stderr.endswith(STOPPED), stderr
    assert not [pid for pid in workers if running(pid)], "a painter's worker outlived the pages"
    assert not Path(f"{database}-wal").exists(), "the database was not closed"
    with sole_use(database):  # the hold went with the process
        pass


async def test_a_signal_stops_the_pages_on_postgresql_leaving_no_connection(
    tmp_path: Path, postgres_url: str
):
    code = await a_running_game(postgres_url)
    name = f"axio_web_alone_{tmp_path.name}"  # the child's connections say who they are
    settings = {"DATABASE_URL": f"{postgres_url}&application_name={name}"}

    async def connections() -> int:
        conn = await asyncpg.connect(postgres_url)
        try:
            sql = "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1"
            return await conn.fetchval(sql, name)
        finally:
            await conn.close()

    async with serving(tmp_path, code, **settings) as (child, _):
        assert await connections() > 0
        stderr = await stopped_by(child, signal.SIGTERM)
    assert_stopped_cleanly(child.returncode, stderr, signal.SIGTERM)
    assert stderr.endswith(STOPPED), stderr

    async def all_closed() -> bool:
        return await connections() == 0

    await eventually(all_closed, "the pages' connections closed", give_up_s=GIVE_UP_S)


async def test_metrics_and_probes_of_the_pages_alone(tmp_path: Path, capsys):
    database = tmp_path / "axio.sqlite3"
    code = await a_running_game(database)
    metrics_port = free_port()
    settings = {"DATABASE_PATH": str(database), "METRICS_PORT": str(metrics_port)}
    internal = f"http://127.0.0.1:{metrics_port}"
    async with serving(tmp_path, code, **settings) as (child, base):
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/g/{code}.json") as steps:
                assert steps.status == 200
            async with session.get(f"{internal}/metrics") as scrape:
                page = await scrape.text()
            async with session.get(f"{internal}/healthz") as alive:
                assert alive.status == 200 and await alive.json() == {"alive": True}
            async with session.get(f"{internal}/readyz") as ready:
                body = await ready.json()
        assert ready.status == 200, body
        assert body["checks"] == {"database": "ok", "pages": f"ok: {base}"}
        assert 'axio_web_requests_total{route="/g/{code}.json",status="2xx"} 1.0' in page
        assert "axio_database_up 1.0" in page and "process_cpu_seconds_total" in page
        assert await asyncio.to_thread(admin.health, "127.0.0.1", metrics_port, ready=True) == 0
        assert capsys.readouterr().out.splitlines()[-1] == "ready"
        stderr = await stopped_by(child, signal.SIGTERM)
    assert_stopped_cleanly(child.returncode, stderr, signal.SIGTERM)
