"""Pictures a phone can read (issue 23): Rota's position names as large as the scoreboards'
names late in a game, a finished display cropped to its tiles, names that fit without
being cut, letters that stay apart, and a close-up around the last move."""

from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageDraw

from bench.bench_engine import position_after
from engine import AxioGame, RotaGame
from render import (
    axio_layout,
    render_axio_board,
    render_close_up,
    render_table,
    rota_layout,
    table_origins,
    theme,
)
from render.rota_display import LABEL_BG
from render.samples import played
from render.scoreboard import SMALLEST_NAME, game_layout, name_lines, name_room
from render.theme import INK

from .pixels import decode, near

PHONE = 390
LEGIBLE = 12  # px of cap height on a 390-px phone: what the scoreboards' names meet
TALLEST_TABLE = 2100  # px: a 4-player table wrapped in two bands, about 1140 px tall on a phone


def forty_tile_display() -> RotaGame:
    """The 40-tile display bench_render times: late in a 4-player game."""
    game = position_after(RotaGame, lambda g: len(g.display), 40)
    assert len(game.display.order) >= 40 and not game.is_over
    return game


def ink_runs(image: Image.Image, box: tuple[int, int, int, int]) -> list[int]:
    """The heights of the runs of rows in `box` that hold a badge's white letters, top to
    bottom: a row counts where a pixel is at least half ink, a blend of the badge's slate
    and white that is nearer white in every channel (how far an edge reads as the letter)."""
    crop = image.crop(box)
    halves = [
        crop.getchannel(band).point(lambda v, mid=(bg + ink) / 2: 255 if v > mid else 0)
        for band, bg, ink in zip("RGB", LABEL_BG, INK, strict=True)
    ]
    mask = ImageChops.logical_and(
        ImageChops.logical_and(halves[0].convert("1"), halves[1].convert("1")),
        halves[2].convert("1"),
    ).convert("L")
    width, data = mask.width, mask.tobytes()
    runs: list[int] = []
    previous = False
    for y in range(mask.height):
        inked = bool(data[y * width : (y + 1) * width].strip(b"\0"))
        if inked and previous:
            runs[-1] += 1
        elif inked:
            runs.append(1)
        previous = inked
    return runs


def phone_cap_heights(game: RotaGame, table: Image.Image) -> list[float]:
    """The cap height, in px on a phone showing the game's table picture PHONE px wide, of
    every line of every position name on it (a name in a column two bands share, twice)."""
    (bx, by), _ = table_origins(game)
    layout = rota_layout(game)
    heights = []
    for position in game.legal_positions():
        boxes = layout.boxes(position)
        assert boxes, position  # every open position is on the picture
        for left, top, right, bottom in boxes:
            box = (bx + left, by + top, bx + right, by + bottom)
            assert (
                table.getpixel((box[0] + layout.tile // 8, box[1] + layout.tile // 2)) == LABEL_BG
            )
            runs = ink_runs(table, box)
            assert len(runs) in (1, 2), (position, runs)  # the name, or its letters over its number
            heights.extend(run * PHONE / table.width for run in runs)
    return heights


def test_rota_names_stand_12_px_tall_on_a_phone_late_in_a_game():
    game = forty_tile_display()
    table = decode(render_table(game, ["Ann", "Ben", "Cyd", "Dee"]))
    heights = phone_cap_heights(game, table)
    assert len(heights) >= len(game.legal_positions())  # a name on one line, or two
    assert min(heights) >= LEGIBLE, min(heights)


def test_a_finished_rota_display_is_cropped_to_its_tiles():
    over = played(RotaGame(3, 4), 10_000, seed=4)
    assert over.is_over
    layout = rota_layout(over)
    placed = {position for position, _ in over.display}
    for x in range(layout.x0, layout.x0 + layout.cols):
        assert any((x, y) in placed for y in range(layout.y0, layout.y0 + layout.rows)), x
    for y in range(layout.y0, layout.y0 + layout.rows):
        assert any((x, y) in placed for x in range(layout.x0, layout.x0 + layout.cols)), y
    running = played(RotaGame(3, 4), 10, seed=4)
    assert (
        rota_layout(running).cols == running.display.bounds()[2] - running.display.bounds()[0] + 3
    )


def test_short_names_are_never_cut_and_long_ones_wrap_whatever_the_status():
    short = ["Brook", "Bot A (easy)", "Bot B (hard)", "Chandrasekhar"]
    games = [played(AxioGame(4, 5), n, seed=5) for n in (10, 10_000)]
    resigned = played(AxioGame(4, 6), 20, seed=6)
    resigned.resign(1)
    for game in [*games, resigned]:
        layout = game_layout(game)
        for seat in range(4):
            lines, size = name_lines(short[seat], name_room(game, seat, layout))
            assert lines == [short[seat]], (lines, seat)  # on one line, whole
            assert size >= SMALLEST_NAME
    long = "Bartholomew the Magnificent Tiler"
    lines, size = name_lines(long, name_room(games[0], 1, game_layout(games[0])))
    assert len(lines) == 2 and lines[0].startswith("Bartholomew") and size == SMALLEST_NAME


def test_bold_letters_stay_apart():
    """At the status line's size, "r" and "n" keep a gap: "turn" never reads "tum"."""
    image = Image.new("RGB", (200, 60), theme.CARD)
    theme.text(ImageDraw.Draw(image), (10, 30), "rn", 32, theme.TEXT, anchor="lm")
    inked = [any(image.getpixel((x, y)) != theme.CARD for y in range(60)) for x in range(200)]
    runs = sum(1 for x in range(1, 200) if inked[x] and not inked[x - 1])
    assert runs == 2  # two letters, two separate runs of ink


def test_a_close_up_draws_the_last_move_large_with_its_edges_named():
    game = played(AxioGame(4, 3), 40, seed=3)
    close = decode(render_close_up(game))
    assert close.width >= 700
    rota = forty_tile_display()
    picture = decode(render_close_up(rota))
    layout_tile = rota_layout(rota).tile
    assert picture.width >= 5 * layout_tile * 1.5  # drawn far larger than on the table


def late_positions(players: int, seed: int) -> list[RotaGame]:
    """The positions of one seeded random game where names are hardest to read: two thirds
    and five sixths of the way, the last one before it ends, and the one whose display is
    widest (the most columns, then rows)."""
    rng, game, moves, widest = random.Random(seed), RotaGame(players, seed), [], (0, 0, 0)
    while not game.is_over:
        x0, y0, x1, y1 = game.display.bounds()
        widest = max(widest, (x1 - x0, y1 - y0, len(moves)))
        moves.append(rng.choice(game.legal_moves()))
        game.play(moves[-1])
    count = len(moves)
    points = sorted({2 * count // 3, 5 * count // 6, count - 1, widest[2]})
    return [RotaGame.replay(players, seed, moves[:point]) for point in points]


def check_bands(game: RotaGame) -> None:
    """Every band is cropped: its first and last rows and columns hold a tile or an open
    position (a row inside may be empty where the display bends round through columns of
    another band); and every open position has a band that shows the columns on both its
    sides, where the tiles its corners meet lie."""
    shown = {*game.display.tiles, *game.legal_positions()}
    layout = rota_layout(game)
    for band in layout.bands:
        xs = range(band.x0, band.x0 + band.cols)
        ys = range(band.y0, band.y0 + band.rows)
        assert all(any((x, y) in shown for y in ys) for x in (xs[0], xs[-1])), band
        assert all(any((x, y) in shown for x in xs) for y in (ys[0], ys[-1])), band
    for x, y in game.legal_positions():
        home = layout.home((x, y))
        for side in (x - 1, x + 1):
            if layout.x0 <= side < layout.x0 + layout.cols:
                assert home.x0 <= side < home.x0 + home.cols, ((x, y), home)


SEEDS = {2: [*range(10), 62, 351], 3: [*range(10), 16, 104], 4: [*range(20), 234, 321, 356]}
"""Seeded games, and after them the ones of the first 400 seeds whose displays grow widest
(13, 15 and 18 positions across, the ring of open positions included)."""


def test_rota_names_stand_12_px_tall_on_a_phone_late_in_every_game():
    """Seeded random games of 2, 3 and 4 players, each measured at its late points and at
    its widest display: every name on the table picture is 12 px tall on a phone, and the
    picture stays cropped to the display and short enough to scroll through."""
    widest, tallest = 0, 0
    for players, seeds in SEEDS.items():
        names = ["Ann", "Ben", "Cyd", "Dee"][:players]
        for seed in seeds:
            for game in late_positions(players, seed):
                assert not game.is_over and game.legal_positions()
                table = decode(render_table(game, names))
                heights = phone_cap_heights(game, table)
                assert min(heights) >= LEGIBLE, (players, seed, len(game.log), min(heights))
                check_bands(game)
                layout = rota_layout(game)
                widest = max(widest, layout.cols)
                tallest = max(tallest, table.height)
    assert widest >= 18  # the widest displays random play makes were among them
    assert tallest <= TALLEST_TABLE, tallest


def test_a_13x13_boards_cells_and_column_letters_at_390_px():
    """Issue 33: a 4-player board's cells stay 27+ px on a 390-px phone (they take 92% of
    the width), and its column letters grew from a cap height of 8 px to 11."""
    layout = axio_layout(4)
    board = decode(render_axio_board(AxioGame(4, 1)))
    scale = PHONE / board.width
    assert layout.cell * scale >= 27
    cx, _ = layout.cell_centre(4)  # column E: a letter with a flat top and bottom
    band = board.crop((cx - layout.cell // 2, 0, cx + layout.cell // 2, layout.origin[1]))
    rows = [y for y in range(band.height) if any(near(band.getpixel((x, y)), theme.MUTED, 40)
                                                 for x in range(band.width))]  # fmt: skip
    assert (max(rows) - min(rows) + 1) * scale >= 10.5
