"""A real PostgreSQL server frozen (SIGSTOP) for ten seconds, stopped, killed with SIGKILL,
and cut off by the network, under a Repository in use: every command returns or raises
within its budget, says truthfully what became of its change, and works again by itself
when the server is back; the outage is logged once each way and its end is announced
(how soon is bench's to measure: the waits for it here only bound a hang).

These tests start a server of their own (freezing the shared one would stall other
tests); they need the server binaries (see storage/pg_local.py)."""

from __future__ import annotations

import asyncio
import logging
import os
import zlib
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg
import pytest

from storage import (
    DatabaseBusyError,
    DatabaseUnavailableError,
    NothingStoredError,
    Outage,
    OutcomeUnknownError,
    Repository,
)
from storage.load import fetch_row
from storage.pg_local import (
    HOW_TO_GET_ONE,
    LocalServer,
    in_schema,
    server_binaries,
    temporary_server,
)
from tests.waiting import GIVE_UP_S

from .conftest import running_game

pytestmark = pytest.mark.postgres

BUDGET = 1.5
SLACK = 0.4
"""What a command may take past its budget: the event loop's own delays on a busy machine."""
FROZEN_ROUNDS = 7
"""Rounds of commands against the frozen server: each waits out its budget, so the freeze
lasts more than ten seconds however fast the machine is."""


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    if server_binaries() is None:
        message = f"no PostgreSQL server binaries: {HOW_TO_GET_ONE}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    own, scratch = temporary_server()
    own.start()
    try:
        yield own
    finally:
        own.thaw()
        own.stop()
        scratch.cleanup()


@pytest.fixture
def running(server: LocalServer) -> LocalServer:
    """The server, answering (a test before may have left it stopped or killed)."""
    server.thaw()
    if not server.pids():
        server.start()
    return server


@pytest.fixture
async def url(running: LocalServer, request: pytest.FixtureRequest) -> str:
    """A schema of the test's own on the server, as a URL (left for the server's folder
    to take away: the test restarts the server under any connection kept to drop it)."""
    name = f"t_{zlib.crc32(request.node.name.encode()):x}"
    admin = await asyncpg.connect(running.url)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
    finally:
        await admin.close()
    return in_schema(running.url, name)


async def _timed(command: Callable[[], Awaitable[Any]]) -> tuple[float, Any]:
    """How long the command took, and what it returned or raised."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        outcome: Any = await command()
    except Exception as error:
        outcome = error
    return loop.time() - started, outcome


async def _until_answered(repo: Repository, seconds: float) -> float:
    """Seconds until a plain command works again (failing the test after `seconds`)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    while loop.time() - started < seconds:
        try:
            await repo.open_games()
            return loop.time() - started
        except NothingStoredError:
            await asyncio.sleep(0.1)
    raise AssertionError(f"commands did not work again within {seconds} s")


async def _until_back(backs: list[Outage], seconds: float) -> float:
    loop = asyncio.get_running_loop()
    started = loop.time()
    while not backs:
        assert loop.time() - started < seconds, "the end of the outage was not announced"
        await asyncio.sleep(0.05)
    return loop.time() - started


async def test_a_frozen_server_fails_every_command_in_time_and_is_used_again_after(
    running: LocalServer, url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="storage.health")
    async with await Repository.open(url, budget_s=BUDGET) as repo:
        # held games move in one statement (the batch); games another process moved last
        # go the ordinary way: both kinds meet the freeze
        held = [await running_game(repo, channel=i, seed=i) for i in range(3)]
        held = [(await repo.record_move(g.id, 0, g.game.legal_moves()[0]))[0] for g in held]
        async with await Repository.open(url) as other:
            cold = [await running_game(other, channel=10 + i, seed=i) for i in range(3)]
        backs: list[Outage] = []
        repo.health.on_back(backs.append)
        attempts: list[tuple[str, Any, float, Any]] = []  # (what, which, seconds, outcome)
        # a busy process has connections open: the first statements meet the freeze on them
        await asyncio.gather(*(repo.get_game(g.id) for g in [*held, *cold] * 2))

        def move(record: Any) -> Callable[[], Awaitable[Any]]:
            text = str(record.game.legal_moves()[0])
            return lambda: repo.record_move(record.id, record.move_count, text)

        running.freeze()
        try:
            for round_number in range(1, FROZEN_ROUNDS + 1):
                commands = {("move", g.id): move(g) for g in [*held, *cold]} | {
                    ("lobby", 100 + round_number): lambda n=round_number: repo.create_lobby(
                        "axio", 1, 100 + n, 7, "Ann"
                    ),
                    ("notify", round_number): lambda n=round_number: repo.set_notify(n, True),
                    ("read", 0): lambda: repo.get_game(held[0].id),
                    ("claim", 0): lambda: repo.claim_posts(held[1].id),
                }
                timed = await asyncio.gather(*(_timed(c) for c in commands.values()))
                for (what, which), (seconds, outcome) in zip(commands, timed, strict=True):
                    attempts.append((what, which, seconds, outcome))
            assert not repo.health.reachable and repo.health.outage is not None
            assert not await repo.ping()
        finally:
            running.thaw()
        await _until_answered(repo, GIVE_UP_S)
        await _until_back(backs, GIVE_UP_S)

    slowest = max(seconds for _, _, seconds, _ in attempts)
    assert slowest < BUDGET + SLACK, attempts
    outcomes = {type(outcome) for *_, outcome in attempts}
    assert outcomes <= {DatabaseUnavailableError, OutcomeUnknownError}, outcomes
    assert DatabaseUnavailableError in outcomes and OutcomeUnknownError in outcomes
    assert len(attempts) == FROZEN_ROUNDS * 10  # six moves, a lobby, a notify, a read, a claim
    # what was said not stored was not; what was unknown may be; nothing applied twice
    async with await Repository.open(url) as check:
        for what, which, _, outcome in attempts:
            if what == "move" and isinstance(outcome, DatabaseUnavailableError):
                before = next(g for g in [*held, *cold] if g.id == which)
                assert (await check.get_game(which)).move_count == before.move_count
            if what == "lobby" and isinstance(outcome, DatabaseUnavailableError):
                assert await check.game_in_channel(which) is None
        for record in [*held, *cold]:
            stored = await check.get_game(record.id)
            assert stored.move_count in (record.move_count, record.move_count + 1)
            assert stored.game == await check.load_game_from_log(record.id)
    [outage] = backs
    assert outage.refused >= len(attempts) - 1 and outage.seconds and outage.seconds >= 9
    said = [r.getMessage() for r in caplog.records]
    assert sum("stopped answering" in line for line in said) == 1
    assert sum("answering again" in line for line in said) == 1


@pytest.mark.parametrize("how", ["stop", "kill"])
async def test_a_server_stopped_or_killed_and_started_again_is_used_again(
    running: LocalServer, url: str, how: str
) -> None:
    async with await Repository.open(url, budget_s=BUDGET) as repo:
        record = await running_game(repo)
        record, _ = await repo.record_move(record.id, 0, record.game.legal_moves()[0])
        backs: list[Outage] = []
        repo.health.on_back(backs.append)
        running.stop() if how == "stop" else running.kill()
        for _ in range(3):
            seconds, outcome = await _timed(lambda: repo.set_notify(1, True))
            assert isinstance(outcome, DatabaseUnavailableError) and seconds < BUDGET + SLACK
            seconds, outcome = await _timed(
                lambda: repo.record_move(record.id, 1, record.game.legal_moves()[0])
            )
            assert isinstance(outcome, (DatabaseUnavailableError, OutcomeUnknownError))
            assert seconds < BUDGET + SLACK
        assert not repo.health.reachable
        running.start()
        await _until_answered(repo, GIVE_UP_S)
        await _until_back(backs, GIVE_UP_S)
        moved, _ = await repo.record_move(record.id, 1, record.game.legal_moves()[0])
        assert moved.move_count == 2
        await repo.set_notify(1, True)
        assert await repo.notify_enabled(1)


async def test_opening_a_server_that_never_answers_fails_in_time(tmp_path: Path) -> None:
    """A socket that accepts connections and never says a word (a frozen server, a
    stuck proxy): opening says so within its connect timeout, not a minute later."""
    silent = await asyncio.start_unix_server(lambda r, w: None, path=tmp_path / ".s.PGSQL.5432")
    async with silent:
        seconds, outcome = await _timed(
            lambda: Repository.open(
                f"postgresql://axio:s3cret@/axio?host={tmp_path}", connect_timeout=1.0
            )
        )
    assert isinstance(outcome, DatabaseUnavailableError), outcome
    assert seconds < 2.5 and "no answer within 1 s" in outcome.reason


class Cuttable:
    """A proxy in front of the server's socket, for a network cut: once `cut()`, nothing
    passes either way and nothing is closed (each side just hears nothing, as when a cable
    is pulled); `mend()` lets new connections through again, while the old ones stay dead."""

    def __init__(self, server: LocalServer, folder: Path) -> None:
        self.upstream = server.folder / ".s.PGSQL.5432"
        self.folder = folder
        self.generation = 0
        self.cut_generation = -1
        self._handlers: set[asyncio.Task[Any]] = set()
        self._writers: list[asyncio.StreamWriter] = []

    @property
    def url(self) -> str:
        return f"postgresql://postgres@/postgres?host={self.folder}"

    def cut(self) -> None:
        self.cut_generation = self.generation

    def mend(self) -> None:
        self.generation += 1

    async def __aenter__(self) -> Cuttable:
        path = self.folder / ".s.PGSQL.5432"
        self._server = await asyncio.start_unix_server(self._handle, path=path)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._server.close()
        for writer in self._writers:  # every pump reads its end and stops
            writer.close()
        await asyncio.wait_for(asyncio.gather(*self._handlers, return_exceptions=True), 10)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        handler = asyncio.current_task()
        assert handler is not None
        self._handlers.add(handler)
        born = self.generation
        up_reader, up_writer = await asyncio.open_unix_connection(self.upstream)
        self._writers += [writer, up_writer]
        await asyncio.gather(
            self._pump(reader, up_writer, born),
            self._pump(up_reader, writer, born),
            return_exceptions=True,
        )

    async def _pump(self, source: Any, sink: Any, born: int) -> None:
        while data := await source.read(65536):
            if self.cut_generation < born:  # cut connections swallow everything
                sink.write(data)
                await sink.drain()


async def test_a_network_cut_mid_transaction_fails_in_time_and_frees_its_locks(
    running: LocalServer, url: str, tmp_path: Path
) -> None:
    """The cut leaves the server a transaction whose client is gone, holding the game's
    row: the server ends it after 10 s of silence, so the game plays on by itself."""
    proxy = Cuttable(running, tmp_path)
    schema = parse_qs(urlsplit(url).query)["search_path"][0]
    async with (
        proxy,
        await Repository.open(in_schema(proxy.url, schema), budget_s=BUDGET) as far,
        await Repository.open(url, budget_s=BUDGET) as near,
    ):
        record = await running_game(far)
        move = str(record.game.legal_moves()[0])

        async def cut_mid_transaction() -> None:
            async with far._write() as conn:
                await fetch_row(conn, record.id)  # the game's row locked FOR UPDATE
                proxy.cut()
                await conn.execute("SELECT 1")

        seconds, outcome = await _timed(cut_mid_transaction)
        assert isinstance(outcome, DatabaseUnavailableError) and seconds < BUDGET + SLACK
        seconds, outcome = await _timed(lambda: far.set_notify(1, True))  # still cut
        assert isinstance(outcome, DatabaseUnavailableError) and seconds < BUDGET + SLACK
        proxy.mend()
        loop = asyncio.get_running_loop()
        cut_at = loop.time()
        busy = 0
        while True:  # the row stays locked by the vanished transaction, for a while
            seconds, outcome = await _timed(lambda: near.record_move(record.id, 0, move))
            assert seconds < BUDGET + SLACK
            if not isinstance(outcome, Exception):
                break
            assert isinstance(outcome, DatabaseBusyError), outcome  # busy, not an outage
            busy += 1
            assert loop.time() - cut_at < 15, "the vanished transaction kept its locks"
        assert outcome[0].move_count == 1 and busy >= 3
        assert near.health.reachable and near.health.last is None
        await _until_answered(far, GIVE_UP_S)  # a new connection through the mended network
        await far.set_notify(1, True)
        assert await near.notify_enabled(1)
