"""Computer players think in a process pool (or a thread): the same move either way."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.table.thinking import Thinker
from engine import AxioGame, RotaGame
from engine.ai import choose_move


async def test_the_pool_chooses_what_the_thread_chooses_and_leaves_the_game_alone() -> None:
    games = [AxioGame(3, 5), RotaGame(2, 6)]
    pool, thread = Thinker(2), Thinker(0)
    try:
        for game in games:
            before = game.copy()
            moves = await asyncio.gather(
                *(pool.choose(game, "easy", seed, 0.05) for seed in range(4))
            )
            assert game == before
            for seed, move in enumerate(moves):
                expected = choose_move(game.copy(), "easy", seed=seed, budget_s=0.05)
                assert str(move) == str(expected)
                assert str(await thread.choose(game, "easy", seed, 0.05)) == str(expected)
    finally:
        pool.close()


def test_workers_leave_when_the_bot_is_killed(tmp_path) -> None:
    """A SIGKILLed bot must not leave its thinking processes behind."""
    script = tmp_path / "thinking_bot.py"
    script.write_text(
        "import asyncio, os\n"
        "from bot.table.thinking import Thinker\n"
        "from engine import AxioGame\n"
        "async def main():\n"
        "    thinker = Thinker(2)\n"
        "    await asyncio.gather(*(thinker.choose(AxioGame(2, 1), 'easy', s, 0.01) "
        "for s in range(4)))\n"
        "    print(' '.join(str(p) for p in thinker.pool.worker_pids()), flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    root = Path(__file__).resolve().parents[2]
    child = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, cwd=root, text=True
    )
    try:
        workers = [int(pid) for pid in child.stdout.readline().split()]  # type: ignore[union-attr]
        assert len(workers) == 2
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    deadline = time.monotonic() + 20
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"
