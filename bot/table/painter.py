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

Processes, not threads (measured by `bench/bench_paint.py`, 2 cores, a late 4-player
AXIO table of ~10 ms, 40 tables/s while the loop's lag is sampled every 10 ms):

- in a thread the loop's lag p99 was 5.9 ms and max 17.3 ms, and the loop's process
  spent the whole picture's CPU (one interpreter: Pillow keeps the GIL while it draws
  text and shapes, so the thread and the loop take turns);
- in 2 processes the lag p99 was 1.2 ms and max 6.1 ms, and the loop paid 0.35 ms a
  picture (pickling a game of ~8 KB and a PNG of ~65 KB); a picture took ~1 ms longer
  to arrive than in a thread at rest, and both cores draw when many tables move at once.

`processes=0` draws in threads (the tests: no pool to spawn per test, and a gated render
can be swapped in with monkeypatch). Each worker draws a sample table when it starts,
so the first real picture pays no font loading or sprite cache.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import AxioGame, RotaGame
from render import render_table

from .workers import WorkerPool


def _warm_render() -> None:
    """A worker's start: load the fonts and fill the sprite caches once."""
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
