"""The daily share card and the tournament standings: what a person would see, and the
same in words for the alt text."""

from __future__ import annotations

import io
from fractions import Fraction

from PIL import Image

from engine import COLOURS
from render import (
    DailyCard,
    daily_card_alt,
    render_daily_card,
    render_standings,
    standings_alt,
    theme,
)
from render.community import (
    PAD,
    STANDINGS_SHOWN,
    TABLE_ROW,
    TRACK_ROW,
    WIDTH,
    StandingsRow,
    points_figure,
)


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


CARD = DailyCard("axio", 12, (24, 19, 31, 18, 22), 87.4, 1234, 5, 9)


def test_the_share_card_shows_the_tracks_and_no_board():
    picture = image(render_daily_card(CARD))
    assert picture.width == WIDTH and picture.height < 520  # a card, not a board
    top = picture.height - PAD - len(COLOURS) * TRACK_ROW
    left = PAD + TRACK_ROW - 8 + 12
    for i, colour in enumerate(COLOURS):
        y = top + i * TRACK_ROW + TRACK_ROW // 2
        start = picture.getpixel((left + 20, y))
        lowest = CARD.scores[i] == min(CARD.scores)
        expected = theme.TILE_RGB[colour] if lowest else theme.PRINTED_RGB[colour]
        assert start == expected, colour
    # blue (31 of 36) reaches further than orange (18 of 36)
    blue_y = top + 2 * TRACK_ROW + TRACK_ROW // 2
    orange_y = top + 3 * TRACK_ROW + TRACK_ROW // 2
    x = left + int((WIDTH - PAD - 64 - left) * 0.7)
    assert picture.getpixel((x, blue_y)) != theme.TRACK
    assert picture.getpixel((x, orange_y)) == theme.TRACK


def test_the_share_card_in_words():
    words = daily_card_alt(CARD)
    assert words.startswith("AXIO daily #12: score 18, percentile 87 of 1,234 players")
    assert "streak 5 days (best 9)" in words and "blue 31" in words
    late = DailyCard("rota", 3, (7, 5, 9, 12, 6), None, 1, 1, 1)
    assert "not finished on its day" in daily_card_alt(late)
    assert "streak 1 day " in daily_card_alt(late)


def test_a_small_days_card_tells_the_place_and_a_lone_players_no_percentile():
    scores = (7, 5, 9, 12, 6)
    alone = daily_card_alt(DailyCard("rota", 3, scores, 50.0, 1, 1, 1, place=1))
    assert "score 5, the only player so far, streak" in alone and "percentile" not in alone
    two = daily_card_alt(DailyCard("rota", 3, scores, 75.0, 2, 1, 1, place=1))
    assert "score 5, 1st of 2 players, streak" in two and "percentile" not in two
    nine = daily_card_alt(DailyCard("rota", 3, scores, 50.0, 9, 1, 1, place=3))
    assert "3rd of 9 players" in nine
    ten = daily_card_alt(DailyCard("rota", 3, scores, 45.0, 10, 1, 1, place=6))
    assert "percentile 45 of 10 players" in ten


LINES = [
    StandingsRow(1, "Alice", Fraction(3), Fraction(9, 2), 60),
    StandingsRow(2, "Bob", Fraction(5, 2), Fraction(4), 55),
    StandingsRow(3, "Dmitri", Fraction(1), Fraction(7, 3), 40, withdrawn=True),
]


def test_standings_are_a_row_per_player_up_to_a_page():
    three = image(render_standings("Spring Swiss", LINES, "after round 3 of 5"))
    many = [StandingsRow(i + 1, f"P{i}", Fraction(0), Fraction(0), 0) for i in range(40)]
    page = image(render_standings("Spring Swiss", many))
    assert three.width == page.width == WIDTH
    assert page.height - three.height == TABLE_ROW * (STANDINGS_SHOWN + 1 - 3)
    # every other row is on a raised panel, so rows can be followed across on a phone
    first_row = three.height - PAD - 3 * TABLE_ROW + 4
    assert three.getpixel((PAD // 2 + 2, first_row)) == theme.PANEL
    assert three.getpixel((PAD // 2 + 2, first_row + TABLE_ROW)) == theme.CARD


def test_points_read_in_the_picture_and_in_words():
    assert [points_figure(x) for x in (Fraction(3), Fraction(5, 2), Fraction(7, 3))] == [
        "3",
        "2.5",
        "2.33",
    ]
    words = standings_alt("Spring Swiss", LINES, "after round 3 of 5")
    assert words.startswith("Spring Swiss, after round 3 of 5. 1. Alice: 3 points")
    assert "2. Bob: 2½ points (Buchholz 4, lowest colours 55)" in words
    assert "Dmitri, withdrawn" in words
