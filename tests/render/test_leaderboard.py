"""The leaderboard picture as a phone shows it (390 px wide): a row per player on one line,
long names shrunk or cut inside their column rather than wrapped below the row, and the
rated computers listed among the players, greyed."""

from __future__ import annotations

from render import RankingRow, render_leaderboard, theme
from render.community import (
    LEADERBOARD_WIDTHS,
    PAD,
    SMALL_SIZE,
    TABLE_ROW,
    TITLE_SIZE,
    WIDTH,
    _column_edges,
)

from .pixels import count, decode

PHONE = 390
HEADS = ("#", "player", "rating", "games", "wins", "best")
LONG = "Chandrasekhar Subrahmanyan the Magnificent"
ROWS = [
    RankingRow("1", "Ada", ("1,320?", "3", "2", "15")),
    RankingRow("", "hard computer", ("1,248", "125", "80", "17"), muted=True),
    RankingRow("2", LONG, ("1,212", "6", "2", "12")),
    *(RankingRow(str(n), f"Player {n}", ("1,000", "9", "1", "8")) for n in range(3, 11)),
    RankingRow("", "normal computer", ("996", "40", "9", "11"), muted=True),
]
BACKGROUND = {theme.CARD, theme.PANEL}


def row_top(index: int) -> int:
    """Where row `index` (0: the first player) begins, as draw_ranking lays them out."""
    return PAD + TITLE_SIZE + 12 + 2 * (SMALL_SIZE + 10) + TABLE_ROW * (index + 1)


def test_every_row_is_one_line_on_a_phone():
    picture = decode(render_leaderboard("AXIO leaderboard", "all time", "legend", HEADS, ROWS))
    assert picture.width == WIDTH  # like the other pictures: 390 px wide on a phone
    assert picture.height == row_top(len(ROWS)) + PAD  # a row per entry, none wrapped
    phone_scale = PHONE / WIDTH
    assert round(TABLE_ROW * phone_scale) >= 24  # a row a thumb can find
    edges = _column_edges(list(zip(HEADS, LEADERBOARD_WIDTHS, strict=True)))
    name_left, name_right = edges[1]
    rating_right = edges[2][1]
    for index, row in enumerate(ROWS):
        top = row_top(index)
        band = (top + 2, top + TABLE_ROW - 2)
        name = (name_left, band[0], name_right, band[1])
        ink = theme.HIGHLIGHT if row.rank == "1" else theme.MUTED if row.muted else theme.TEXT
        assert count(picture, name, ink) > 20, row.name
        # Between the name's column and the right-aligned rating: background only, so a
        # long name stopped inside its column.
        figure_left = rating_right - 4 - theme.text_width(row.figures[0], 30)
        gap = picture.crop((name_right - 2, band[0], figure_left - 4, band[1]))
        inks = set(gap.get_flattened_data())
        assert inks <= BACKGROUND, (row.name, inks - BACKGROUND)


def test_computers_are_greyed_and_people_are_not():
    picture = decode(render_leaderboard("AXIO leaderboard", "all time", "legend", HEADS, ROWS))
    edges = _column_edges(list(zip(HEADS, LEADERBOARD_WIDTHS, strict=True)))
    for index in (0, 1):
        top = row_top(index)
        rating = (edges[2][0], top, edges[2][1], top + TABLE_ROW)
        people_ink = count(picture, rating, theme.TEXT)
        grey_ink = count(picture, rating, theme.MUTED)
        # The row's figures are drawn in one ink; the other shows only in a few anti-aliased
        # edge pixels the palette maps to it.
        greyed = grey_ink > 10 * people_ink
        plain = people_ink > 10 * grey_ink
        assert (plain, greyed) == ((index == 0), (index == 1)), (people_ink, grey_ink)
