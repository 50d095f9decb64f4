"""Where the pictures are drawn: a pool of worker processes, so that no table, close-up,
replay or card is drawn on the bot's event loop, where every other server's command would
wait for it.

    painter = Painter(processes=2)
    png = await painter.paint(render_table, game, names)   # any render function
    painter.close()

The screens take `painter.paint` as their `paint` (`bot/screens/summary.py`'s `Paint`):
they say what to draw, the painter decides where. `render/` stays pure and unchanged; a
render function and its arguments (engine games, names, dataclasses) are picklable, and
the PNG comes back as bytes.

Processes, not threads (measured by `bench/bench_paint.py` on the shared 2-core machine,
load average 1.9: a late 4-player AXIO table of ~13 ms, 40 tables a second for 8 s while
a 10 ms sleep samples the loop's lag):

- in threads the loop's own process spent 10.6 ms of CPU per picture (all of it: Pillow
  keeps the GIL while it draws text and shapes, so the thread and the loop take turns),
  lag p99 7.1 ms, max 9.3 ms;
- in 2 processes the loop spent 0.7 ms per picture (pickling a game of ~8 KB, unpickling
  a PNG of ~65 KB) and the workers 10.6 ms, lag p99 4.5 ms, max 6.7 ms; a picture took
  about 1 ms longer to arrive (p50 11.8 ms against 11.0).

What decides it is the 10 ms a picture takes from the loop's interpreter: at 40 moves a
second that is 40 % of the one core the loop has, which every command would queue behind.

`processes=0` draws in threads (the tests: no pool to spawn per test, and a gated render
can be swapped in with monkeypatch). Each worker draws a sample table when it starts,
so the first real picture pays no font loading or sprite cache.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import AxioGame, RotaGame
from render import render_table
from render.memory import keep_picture_memory

from .workers import WorkerPool


def _warm_render() -> None:
    """A worker's start: its allocator set for pictures (`render.memory`), the fonts
    loaded and the sprite caches filled once."""
    keep_picture_memory()
    for game in (AxioGame(4, 0), AxioGame(2, 0), RotaGame(2, 0)):
        render_table(game, ["a", "b", "c", "d"][: game.players])


class Painter:
    def __init__(self, processes: int = 2) -> None:
        self.processes = processes
        self.pool = WorkerPool(processes, prepare=_warm_render)

    async def paint(self, draw: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """`draw(*args, **kwargs)` (a render function) in a worker: the image's bytes."""
        return await self.pool.run(draw, *args, **kwargs)

    def start(self) -> None:
        """Spawn the workers now, so that the bot's first picture does not wait for them."""
        self.pool.start()

    def close(self) -> None:
        self.pool.close()
