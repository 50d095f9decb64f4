"""Pictures a phone can read (issue 23): Rota's position names as large as the scoreboards'
names late in a game, a finished display cropped to its tiles, names that fit without
being cut, letters that stay apart, and a close-up around the last move."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bench.bench_engine import position_after
from engine import AxioGame, RotaGame
from render import render_close_up, render_table, rota_layout, table_origins, theme
from render.rota_display import LABEL_BG
from render.samples import played
from render.scoreboard import SMALLEST_NAME, game_layout, name_lines, name_room
from render.theme import INK

from .pixels import decode

PHONE = 390
LEGIBLE = 12  # px of cap height on a 390-px phone: what the scoreboards' names meet


def forty_tile_display() -> RotaGame:
    """The 40-tile display bench_render times: late in a 4-player game."""
    game = position_after(RotaGame, lambda g: len(g.display), 40)
    assert len(game.display.order) >= 40 and not game.is_over
    return game


def ink_rows(image: Image.Image, box: tuple[int, int, int, int]) -> list[list[int]]:
    """The runs of rows in `box` that hold the badge's white letters, top to bottom."""
    x0, y0, x1, y1 = box
    rows = [y for y in range(y0, y1) if any(image.getpixel((x, y)) == INK for x in range(x0, x1))]
    runs: list[list[int]] = []
    for y in rows:
        if runs and y == runs[-1][-1] + 1:
            runs[-1].append(y)
        else:
            runs.append([y])
    return runs


def test_rota_names_stand_12_px_tall_on_a_phone_late_in_a_game():
    game = forty_tile_display()
    table = decode(render_table(game, ["Ann", "Ben", "Cyd", "Dee"]))
    (bx, by), _ = table_origins(game)
    layout = rota_layout(game)
    measured = 0
    for position in game.legal_positions():
        left, top, right, bottom = layout.position_box(position)
        box = (bx + left, by + top, bx + right, by + bottom)
        assert table.getpixel((box[0] + layout.tile // 8, box[1] + layout.tile // 2)) == LABEL_BG
        for run in ink_rows(table, box):  # each line of the name: letters, or the number
            assert len(run) * PHONE / table.width >= LEGIBLE - 0.5, (position, len(run))
            measured += 1
    assert measured >= 2 * len(game.legal_positions())


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


def test_made_bold_letters_stay_apart():
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
