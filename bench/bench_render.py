"""Rendering speed and size: the images every turn sends, and a whole-game replay.

Run: python -m bench.bench_render
Goals (issue 4): a late 4-player AXIO board ≤ 30 ms and ≤ 200 KB, a 40-tile Rota display
≤ 30 ms, the replay of a whole 4-player AXIO game ≤ 3 s and ≤ 8 MB.
"""

from __future__ import annotations

import time

import render
from bench.bench_engine import position_after
from bench.common import median_ms, report
from engine import AxioGame, RotaGame

NAMES = ["Alice", "Bob", "Chandra", "Dmitri"]


def axio_tiles(game: AxioGame) -> int:
    return len(game.tiles)


def rota_tiles(game: RotaGame) -> int:
    return len(game.display)


def render_figures() -> dict[str, float]:
    late = position_after(AxioGame, axio_tiles, 60)  # 4 players, most of the board covered
    start = time.perf_counter()
    first = render.render_axio_board(late)  # pays for the palette and the sprites, once a process
    first_ms = round((time.perf_counter() - start) * 1000, 1)
    display = position_after(RotaGame, rota_tiles, 40)
    rack = late.rack(late.to_move)
    hand = display.hand(display.to_move)
    assert hand is not None
    finished = position_after(AxioGame, axio_tiles, 10**6, seed=11)
    moves = [entry.move for entry in finished.log]
    start = time.perf_counter()
    replay = render.render_replay(AxioGame, 4, 11, moves, NAMES)
    replay_s = time.perf_counter() - start
    return {
        "axio_board_first_ms": first_ms,
        "axio_board_tiles": len(late.tiles),
        "axio_board_ms": median_ms(lambda: render.render_axio_board(late), runs=40),
        "axio_board_kb": round(len(first) / 1024, 1),
        "rota_display_tiles": len(display.display),
        "rota_display_ms": median_ms(lambda: render.render_rota_display(display), runs=40),
        "rota_display_kb": round(len(render.render_rota_display(display)) / 1024, 1),
        "scoreboard_ms": median_ms(lambda: render.render_scoreboard(late, NAMES), runs=40),
        "table_ms": median_ms(lambda: render.render_table(late, NAMES), runs=20),
        "table_kb": round(len(render.render_table(late, NAMES)) / 1024, 1),
        "rack_ms": median_ms(lambda: render.render_rack(rack), runs=40),
        "hand_ms": median_ms(lambda: render.render_hand(hand), runs=40),
        "replay_turns": len({entry.turn for entry in finished.log}),
        "replay_s": round(replay_s, 3),
        "replay_mb": round(len(replay) / 2**20, 3),
    }


def main() -> None:
    report(render_figures())


if __name__ == "__main__":
    main()
