"""The game page under load, and in a phone's browser.

Run: python -m bench.bench_web [--seconds 20] [--games 200] [--moves-rate 40] [--page-rate 100]
     [--readers-here]

A finished 4-player AXIO game's page (its HTML and its JSON, taken in turns, each in
full: no If-None-Match) is asked for at `--page-rate` requests a second (an open loop: a
request is due at its time whether the one before was answered or not), over loopback
with gzip, by readers in a process of their own (`web_readers.py`), as browsers are: on
the same two cores, not in the bot's event loop. `--readers-here` puts them in the
server's own process and loop instead (their HTTP client's cost counts against the
bot's figures: an upper bound).

- `page_ms_p95`: the page's round trip, the pages alone (served as `axio-bot web` serves
  them, on SQLite).
- `page_ms_p95_under_moves`, `rtt_ms_p99_with_pages`, `loop_lag_ms_p99_with_pages`: the
  same pages served by the bot itself while bench_load's real path (members' `/axio play`
  through SimCord, the courier drawing and posting every table) runs `--moves-rate` moves a
  second over `--games` games: the page's round trip, the moves' round trip and the event
  loop's lag (bench_load's own gauges). `rtt_ms_p99_moves_alone`,
  `loop_lag_ms_p99_moves_alone`: the same bot's moves in the window just before, no page
  asked for (on this shared machine, what the moves alone do under the load of the
  moment). `page_errors*`: answers other than 200 (a page's
  read that queued past storage's 1.5 s deadline is a 500).
- `first_load_kb`: what a first visit downloads, gzip as served: HTML, script (game.js
  and the board.js it imports), style and JSON.
- `board_visible_ms`: in chromium at 390×844 over loopback, from the navigation's start
  until the board's SVG is drawn and visible; `step_ms`: the p95 of one step back (the
  ◀ button) until the next frame after it is drawn, over 30 steps.

Goals (issue 34): page_ms_p95 ≤ 20, page_ms_p95_under_moves and rtt_ms_p99_with_pages ≤
50, loop_lag_ms_p99_with_pages ≤ 10, first_load_kb ≤ 150, board_visible_ms ≤ 500,
step_ms ≤ 50.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

import aiohttp

from bench.bench_load import drained, figures_of, sqlite_bot, window
from bench.common import percentile, report
from bench.web_readers import ReadersProcess, ask_pages
from bot.web.app import LIMIT, WebServer, start_web
from storage import Repository

PLAYERS = 4
ASSETS = ("/static/game.js", "/static/board.js", "/static/page.css")
STEPS = 30
STEP_SCRIPT = """async () => {
  const back = document.querySelector('[data-go="previous"]');
  const took = [];
  for (let i = 0; i < %d; i++) {
    const began = performance.now();
    back.click();
    await new Promise((done) => requestAnimationFrame(() => done()));
    took.push(performance.now() - began);
  }
  return took;
}"""


async def finished_game(
    repo: Repository, guild_id: int, channel_id: int, seed: int = 5
) -> tuple[int, str]:
    """A 4-player AXIO game played to its end with random legal moves: its id, page code."""
    record = await repo.create_lobby("axio", guild_id, channel_id, 1, "Ann")
    for user, name in ((2, "Ben"), (3, "Cat"), (4, "Dan")):
        record = await repo.join(record.id, user, name)
    record = await repo.start(record.id, seed)
    rng = random.Random(seed)
    while record.status == "running":
        move = rng.choice(record.game.legal_moves())
        record, _ = await repo.record_move(record.id, record.move_count, str(move))
    code = await repo.game_code(record.id)
    assert code is not None
    return record.id, code


@contextlib.asynccontextmanager
async def readers(
    base: str, code: str, rate: float, seconds: float, *, here: bool
) -> AsyncIterator[Callable[[], Awaitable[tuple[list[float], list[int]]]]]:
    """The page's readers, ready: a call that makes them ask and returns each round trip
    (ms) and the statuses other than 200. In a process of their own (web_readers.py), or
    `here`, in the server's own process and loop (their cost counted against it)."""
    if not here:
        async with ReadersProcess(base, code, rate, seconds) as process:
            yield process.run
        return

    async def ask() -> tuple[list[float], list[int]]:
        failed: list[int] = []
        return await ask_pages(base, code, rate, seconds, failed), failed

    yield ask


async def serve(repo: Repository, database: str | Path, *, alone: bool = False) -> WebServer:
    """The pages on a free loopback port, as the bot (or `axio-bot web`) serves them. Beside
    the bot, started by this benchmark rather than by the bot's setup: SimCord counts the
    bot's own waiting tasks as unsettled work, the page server's among them; it runs in the
    same process and loop, on the same repository, all the same."""
    return await start_web(
        repo,
        database,
        host="127.0.0.1",
        port=0,
        public_url="http://127.0.0.1",
        clock=lambda: datetime.now(UTC),
        alone=alone,
    )


def unlimited(server: WebServer) -> str:
    """The server's address, its per-address rate limit lifted: every request here comes
    from the one loopback address, which the limit would hold to 20 a second."""
    server.app[LIMIT].rate = server.app[LIMIT].burst = 1e9
    return f"http://127.0.0.1:{server.port}"


async def first_load_kb(base: str, code: str) -> float:
    """What a first visit downloads, compressed as served."""
    total = 0
    async with aiohttp.ClientSession(auto_decompress=False) as session:
        for path in (f"/g/{code}", *ASSETS, f"/g/{code}.json"):
            async with session.get(base + path, headers={"Accept-Encoding": "gzip"}) as answer:
                assert answer.status == 200 and answer.headers.get("Content-Encoding") == "gzip"
                total += len(await answer.read())
    return round(total / 1024, 1)


async def in_chromium(base: str, code: str) -> dict[str, float]:
    from tests.web.browser import phone_page

    async with phone_page() as page:
        await page.goto(f"{base}/g/{code}")  # a first visit: nothing cached yet
        await page.wait_for_selector("#board svg", state="visible")
        visible = await page.evaluate("performance.now()")
        steps = await page.evaluate(STEP_SCRIPT % STEPS)
    return {
        "board_visible_ms": round(visible, 1),
        "step_ms": round(percentile(steps, 0.95), 1),
    }


async def pages_alone(seconds: float, rate: float, here: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "web.sqlite3"
        async with await Repository.open(database) as repo:
            _, code = await finished_game(repo, guild_id=1 << 22, channel_id=10)
            server = await serve(repo, database, alone=True)
            base = unlimited(server)
            try:
                await ask_pages(base, code, rate, 2.0)  # warm up
                async with readers(base, code, rate, seconds, here=here) as ask:
                    took, failed = await ask()
                figures = {"page_ms_p95": round(percentile(took, 0.95), 1)}
                figures["page_errors"] = len(failed)
                figures["first_load_kb"] = await first_load_kb(base, code)
                figures.update(await in_chromium(base, code))
            finally:
                await server.stop()
    return figures


async def pages_under_moves(
    games: int, moves: float, pages: float, seconds: float, here: bool
) -> dict:
    async with sqlite_bot(games, moves) as (env, driver, seats, guild_id):
        guild = env.create_guild("pages")
        channel = guild.create_text_channel("finished")
        game_id, code = await finished_game(env.bot.repo, guild.id, channel.id)
        env.bot.courier.kick(game_id)  # its end post, as after a real last move
        await drained(env)
        server = await serve(env.bot.repo, "load.sqlite3")
        try:
            alone, _, alone_s, _ = await window(env, driver, seats, guild_id, seconds, rate=moves)
            async with readers(unlimited(server), code, pages, seconds, here=here) as ask:
                (gauges, _, cpu_s, _), (took, failed) = await asyncio.gather(
                    window(env, driver, seats, guild_id, seconds, rate=moves), ask()
                )
        finally:
            await server.stop()
        load, reference = figures_of(gauges, cpu_s), figures_of(alone, alone_s)
    return {
        "page_ms_p95_under_moves": round(percentile(took, 0.95), 1),
        "rtt_ms_p99_with_pages": load["rtt_ms_p99"],
        "loop_lag_ms_p99_with_pages": load["loop_lag_ms_p99"],
        "moves_answered_with_pages": load["moves_answered"],
        "pages_answered_under_moves": len(took),
        "page_errors_under_moves": len(failed),
        "rtt_ms_p99_moves_alone": reference["rtt_ms_p99"],
        "loop_lag_ms_p99_moves_alone": reference["loop_lag_ms_p99"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves-rate", type=float, default=40.0)
    parser.add_argument("--page-rate", type=float, default=100.0)
    parser.add_argument(
        "--readers-here",
        action="store_true",
        help="the page's readers in the server's own process and loop (an upper bound)",
    )
    args = parser.parse_args()
    here = args.readers_here
    figures = asyncio.run(pages_alone(args.seconds, args.page_rate, here))
    figures.update(
        asyncio.run(
            pages_under_moves(args.games, args.moves_rate, args.page_rate, args.seconds, here)
        )
    )
    figures["readers"] = "in the server's process" if here else "in a process of their own"
    report(figures)


if __name__ == "__main__":
    main()
