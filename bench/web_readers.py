"""Readers of a game page, in a process of their own: its HTML and its JSON in turns at a
steady rate, over loopback with gzip, as browsers elsewhere would ask for them.

A process apart from the server's, so that what the readers cost (their HTTP client, the
decompression) is not counted against the bot's event loop, as no real reader's is; it
still runs on the same two cores.

Run by `bench_web` (`ReadersProcess`): python -m bench.web_readers BASE CODE RATE SECONDS;
it says `ready`, waits for a line on its input, asks, then prints one JSON line: each
round trip in ms and the statuses other than 200.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from types import TracebackType

import aiohttp


async def ask_pages(
    base: str, code: str, rate: float, seconds: float, failed: list[int] | None = None
) -> list[float]:
    """The page's HTML and JSON in turns at `rate` a second (an open loop: a request is due
    at its time whether the one before was answered or not): each round trip in ms (a
    failed answer's too; its status is added to `failed`)."""
    paths = (f"/g/{code}", f"/g/{code}.json")
    took: list[float] = []
    failed = [] if failed is None else failed
    headers = {"Accept-Encoding": "gzip", "Accept-Language": "en"}

    async def one(path: str) -> None:
        began = time.perf_counter()
        async with session.get(base + path, headers=headers) as response:
            await response.read()
            if response.status != 200:
                failed.append(response.status)
        took.append((time.perf_counter() - began) * 1000)

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        start, sent, tasks = time.perf_counter(), 0, []
        while (due := start + sent / rate) < start + seconds:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            tasks.append(asyncio.create_task(one(paths[sent % 2])))
            sent += 1
        await asyncio.gather(*tasks)
    return took


class ReadersProcess:
    """`async with ReadersProcess(...) as readers:` the readers' process, started and
    ready; `await readers.run()` makes it ask and returns (round trips, failed statuses)."""

    def __init__(self, base: str, code: str, rate: float, seconds: float) -> None:
        self.arguments = [base, code, str(rate), str(seconds)]

    async def __aenter__(self) -> ReadersProcess:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.web_readers",
            *self.arguments,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self.process.stdout is not None
        said = await self.process.stdout.readline()
        if said.strip() != b"ready":
            raise RuntimeError(f"the readers' process did not start: {said!r}")
        return self

    async def run(self) -> tuple[list[float], list[int]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(b"go\n")
        await self.process.stdin.drain()
        answer = json.loads(await self.process.stdout.readline())
        return answer["took"], answer["failed"]

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


def main() -> None:
    base, code, rate, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
    print("ready", flush=True)
    sys.stdin.readline()
    failed: list[int] = []
    took = asyncio.run(ask_pages(base, code, rate, seconds, failed))
    print(json.dumps({"took": took, "failed": failed}), flush=True)


if __name__ == "__main__":
    main()
