"""Rendering speed and size: the images every turn sends, and a whole-game replay.

Run: python -m bench.bench_render [--no-encodings]
Goals (issue 4): a late 4-player AXIO board ≤ 30 ms and ≤ 200 KB, a 40-tile Rota display
≤ 30 ms, the replay of a whole 4-player AXIO game ≤ 3 s and ≤ 8 MB. Issue 36 (pictures
from parts, `render/paletted.py`): table ≤ 3.5 ms, board ≤ 1.5 ms, scoreboard ≤ 1.5 ms,
Rota display ≤ 2 ms, a whole replay ≤ 0.5 s, sizes ≤ 10 % above the drawing before it; the
caches ≤ 50 MB with 200 games' pictures.

`*_ms` are median wall times, `*_cpu_ms` median CPU times (`time.process_time`), which a
busy machine disturbs less. `replay_s` is the first replay the process draws (its texts
and marks new, as every replay's are); `replay_box_mpixels` and `replay_lzw_mpixels` what
its frames' rectangles hold and what of it goes through Pillow's LZW coder. `encodings`
times the ways of writing the late table (see `encoding_figures`). `cache_mb_200_games`
is how much the process grows while it draws the tables, boards and scoreboards of 200
games (its caches filling; RSS), after one of each kind was drawn, before anything else
(memory another figure freed would hide it).
`allocator_kept`: glibc's thresholds set as the picture workers set them
(`render.memory`), which every figure here is measured with.
"""

from __future__ import annotations

import argparse
import io
import random
import time
from itertools import pairwise

import psutil
from PIL import Image, ImageChops

import render
from bench.bench_engine import position_after
from bench.common import median_cpu_ms, median_ms, report
from engine import AxioGame, RotaGame
from render import paletted, theme
from render.gif_lzw import changed_bands
from render.memory import keep_picture_memory
from render.png import encode_png
from render.replay import turn_frames
from render.table import draw_table
from render.words import PictureWords

NAMES = ["Alice", "Bob", "Chandra", "Dmitri"]


def axio_tiles(game: AxioGame) -> int:
    return len(game.tiles)


def rota_tiles(game: RotaGame) -> int:
    return len(game.display)


def new_state(draw, *args: object) -> bytes:
    """`draw(*args)` as for a state not drawn before: the parts that show one game's state
    (a badge's window, `paletted.windows`) forgotten first, as a move's new marks find
    none of theirs kept; the parts every game shares stay warm, as in a running worker.
    (`axio_board_redrawn` is the same board drawn again, its badges' windows kept: what
    the table and the previews of one state pay after the first picture.)"""
    paletted.windows.clear()
    return draw(*args)


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
    render.render_table(display, NAMES)  # the display's sprites and names, once a process
    start, cpu = time.perf_counter(), time.process_time()
    replay = render.render_replay(AxioGame, 4, 11, moves, NAMES)
    replay_s, replay_cpu_s = time.perf_counter() - start, time.process_time() - cpu
    timed = {
        "axio_board": lambda: new_state(render.render_axio_board, late),
        "axio_board_redrawn": lambda: render.render_axio_board(late),
        "rota_display": lambda: render.render_rota_display(display),
        "scoreboard": lambda: render.render_scoreboard(late, NAMES),
        "table": lambda: new_state(render.render_table, late, NAMES),
        "rota_table": lambda: render.render_table(display, NAMES),
        "rack": lambda: render.render_rack(rack),
        "hand": lambda: render.render_hand(hand),
    }
    figures: dict[str, float] = {
        "axio_board_first_ms": first_ms,
        "axio_board_tiles": len(late.tiles),
        "rota_display_tiles": len(display.display),
    }
    for name, draw in timed.items():
        figures[f"{name}_ms"] = median_ms(draw, runs=40)
        figures[f"{name}_cpu_ms"] = median_cpu_ms(draw, runs=40)
    figures.update(
        {
            "axio_board_kb": round(len(first) / 1024, 1),
            "rota_display_kb": round(len(render.render_rota_display(display)) / 1024, 1),
            "scoreboard_kb": round(len(render.render_scoreboard(late, NAMES)) / 1024, 1),
            "table_kb": round(len(render.render_table(late, NAMES)) / 1024, 1),
            "replay_turns": len({entry.turn for entry in finished.log}),
            "replay_s": round(replay_s, 3),
            "replay_cpu_s": round(replay_cpu_s, 3),
            "replay_mb": round(len(replay) / 2**20, 3),
            **replay_pixels(moves),
        }
    )
    return figures


def replay_pixels(moves: list[str]) -> dict[str, float]:
    """Millions of pixels in the replay's frames' rectangles (each the box of what changed
    since the frame before), and of those Pillow's LZW coder is given (the bands of
    changed rows, `render.gif_lzw`; the unchanged stretches between are coded apart)."""
    boxed = coded = 0
    for before, after in pairwise(turn_frames(AxioGame, 4, 11, moves, NAMES, paletted=True)):
        changed = ImageChops.difference(before, after)
        box = changed.getbbox()
        if box is None:
            continue
        width = box[2] - box[0]
        boxed += width * (box[3] - box[1])
        coded += sum(width * (last - first) for first, last in changed_bands(changed, box))
    return {
        "replay_box_mpixels": round(boxed / 1e6, 1),
        "replay_lzw_mpixels": round(coded / 1e6, 1),
    }


def encoding_figures(game: AxioGame) -> dict[str, list[float]]:
    """[CPU ms, KB] of writing the late table each way: Pillow's PNG from the RGB picture
    (mapping it to the palette first) at every compress_level; Pillow's PNG of the picture
    drawn on the palette ("palette direct"); our writer with zlib-ng alone, and with the top
    share of the rows by ISA-L (`render.png`); lossless WebP at its lowest efforts (Discord
    shows WebP inline), from the palette picture's colours."""
    rgb = draw_table(game, NAMES)
    direct = draw_table(game, NAMES, paletted=True)

    def pillow(image: Image.Image, **options: object) -> bytes:
        out = io.BytesIO()
        image.save(out, **options)  # type: ignore[arg-type]
        return out.getvalue()

    ways = {
        **{
            f"png_rgb_level_{level}": lambda level=level: pillow(
                theme.to_palette(rgb), format="PNG", compress_level=level
            )
            for level in range(10)
        },
        **{
            f"png_direct_level_{level}": lambda level=level: pillow(
                direct, format="PNG", compress_level=level
            )
            for level in (1, 2, 4)
        },
        **{
            f"png_direct_zlib_ng_{level}": lambda level=level: encode_png(direct, level, 0)
            for level in (1, 2, 3, 4)
        },
        **{
            f"png_direct_isal_share_{share}": lambda share=share: encode_png(direct, 2, share)
            for share in (0.25, 0.5, 0.6, 0.75, 1.0)
        },
        **{
            f"webp_lossless_method_{method}": lambda method=method: pillow(
                direct.convert("RGB"), format="WEBP", lossless=True, method=method, quality=0
            )
            for method in (0, 1)
        },
    }
    return {
        name: [
            median_cpu_ms(write, runs=3 if "level_9" in name else 9),
            round(len(write()) / 1024, 1),
        ]
        for name, write in ways.items()
    }


def cache_figures() -> dict[str, float]:
    """How much the process grows while 200 other games' pictures fill its caches."""
    rng = random.Random(36)
    games = []
    for number in range(200):
        kind, laid = (AxioGame, axio_tiles) if number % 2 else (RotaGame, rota_tiles)
        players = 1 + number % 4
        tiles = rng.randrange(0, 50 if kind is AxioGame else 35)
        names = [f"Player {rng.randrange(10_000)}" for _ in range(players)]
        game = position_after(kind, laid, tiles, players=players, seed=number)
        games.append((game, names))
    german = PictureWords(to_move="{name} ist am Zug · Zug {turn}", low="niedrigste {score}")
    for game, names in games[:4]:
        render.render_table(game, names)
    process = psutil.Process()
    before = process.memory_info().rss
    for game, names in games:
        for words in (PictureWords(), german):
            render.render_table(game, names, words=words)
            render.render_scoreboard(game, names, words)
        render.render_board(game)
    grown = process.memory_info().rss - before
    return {"cache_mb_200_games": round(grown / 2**20, 1), **paletted.cache_counts()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-encodings", action="store_true", help="skip timing the encoders")
    args = parser.parse_args()
    tuned = keep_picture_memory()  # as the bot's picture workers do at start
    caches = cache_figures()  # first: memory freed by the replay would hide the growth
    figures: dict[str, object] = dict(render_figures())
    if not args.no_encodings:
        figures["encodings"] = encoding_figures(position_after(AxioGame, axio_tiles, 60))
    figures.update(caches)
    figures["allocator_kept"] = tuned
    report(figures)


if __name__ == "__main__":
    main()
