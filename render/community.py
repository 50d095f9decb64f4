"""The daily challenge's share card and a tournament's standings, with their alt text.

The share card is spoiler-free: the day's number, the score, the percentile (the place
on a small day), the streak and the five colour totals as short tracks; never the board or
a move, since others have the same deal to play that day. The standings are a table (rank,
name, points and the tie-breaks) at the width of the other images, so a phone shows them
390 px wide with text of 12 px or more. Pure functions: numbers in, PNG bytes or words out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from PIL import Image, ImageDraw

from engine import COLOURS, game_class
from engine.daily import told_as
from engine.tournament import format_points

from . import theme
from .words import CARD_ENGLISH, CardWords, ordinal

WIDTH = 720
PAD = 24
TITLE_SIZE = 40
BIG_SIZE = 72
TEXT_SIZE = 30
SMALL_SIZE = 24
TRACK_ROW = 40
TABLE_ROW = 46
STANDINGS_SHOWN = 24
"""Rows a standings picture shows; the rest are summed up in its last line (and the
text version the bot posts beside it can list them all)."""


def _title(kind: str) -> str:
    return "AXIO Rota" if kind == "rota" else "AXIO"


def track_cap(kind: str) -> int:
    """The most one colour can total in a solo game of `kind` (solo AXIO's two boards)."""
    game = game_class(kind)
    return game.cap * (2 if game.solo_boards_doubled else 1)


@dataclass(frozen=True)
class DailyCard:
    """What the share card shows."""

    kind: str
    day: int
    scores: tuple[int, ...]
    """The five colour totals, in colour order (engine.COLOURS)."""
    percentile: float | None
    """None: not finished on its day (no place among everyone either)."""
    players: int
    streak: int
    best_streak: int
    place: int = 1
    """The place among everyone (told instead of the percentile on a small day)."""

    @property
    def score(self) -> int:
        return min(self.scores)


def render_daily_card(card: DailyCard, words: CardWords = CARD_ENGLISH) -> bytes:
    return theme.png_bytes(draw_daily_card(card, words))


def draw_daily_card(card: DailyCard, words: CardWords = CARD_ENGLISH) -> Image.Image:
    top = PAD + TITLE_SIZE + 12
    tracks_top = top + BIG_SIZE + 2 * TEXT_SIZE + 56
    height = tracks_top + len(COLOURS) * TRACK_ROW + PAD
    image = Image.new("RGB", (WIDTH, height), theme.CARD)
    draw = ImageDraw.Draw(image)
    title = words.daily.format(game=_title(card.kind), day=card.day)
    theme.text(draw, (PAD, PAD + TITLE_SIZE // 2), title, TITLE_SIZE, theme.HIGHLIGHT, "lm")
    theme.text(draw, (PAD, top + BIG_SIZE // 2), str(card.score), BIG_SIZE, theme.TEXT, "lm")
    label_x = PAD + theme.text_width(str(card.score), BIG_SIZE) + 16
    theme.text(draw, (label_x, top + BIG_SIZE // 2 + 8), words.score, TEXT_SIZE, theme.MUTED,
               "lm")  # fmt: skip
    y = top + BIG_SIZE + 16 + TEXT_SIZE // 2
    room = WIDTH - 2 * PAD
    for line in (_standing_words(card, words), _streak_words(card, words)):
        theme.text(draw, (PAD, y), theme.fit_text(line, TEXT_SIZE, room), TEXT_SIZE, theme.TEXT,
                   "lm")  # fmt: skip
        y += TEXT_SIZE + 14
    _tracks(image, card, tracks_top)
    return image


def _standing_words(card: DailyCard, words: CardWords = CARD_ENGLISH) -> str:
    """The card's place among everyone: the percentile, or on a small day the place, or
    that the player is the only one so far (engine.daily.told_as)."""
    if card.percentile is None:
        return words.not_on_its_day
    if words.standing_line:
        return words.standing_line
    told = told_as(card.players)
    if told == "alone":
        return "the only player so far"
    if told == "place":
        return f"{ordinal(card.place)} of {card.players} players"
    return f"percentile {int(card.percentile)} of {card.players:,} players"


def _streak_words(card: DailyCard, words: CardWords = CARD_ENGLISH) -> str:
    if words.streak_line:
        return words.streak_line
    days = "day" if card.streak == 1 else "days"
    return f"streak {card.streak} {days} (best {card.best_streak})"


def _tracks(image: Image.Image, card: DailyCard, top: int) -> None:
    """Each colour: its chip, a bar as long as its total against the cap, the number;
    the lowest colour (the score) in full colour, the others a shade darker."""
    draw = ImageDraw.Draw(image)
    cap = track_cap(card.kind)
    chip = TRACK_ROW - 8
    left, right = PAD + chip + 12, WIDTH - PAD - 64
    for i, (colour, total) in enumerate(zip(COLOURS, card.scores, strict=True)):
        mid = top + i * TRACK_ROW + TRACK_ROW // 2
        theme.paste(image, theme.chip(colour, chip), (PAD, mid - chip / 2))
        bar = (left, mid - 9, right, mid + 9)
        draw.rounded_rectangle(bar, radius=6, fill=theme.TRACK)
        lowest = total == card.score
        rgb = theme.TILE_RGB[colour] if lowest else theme.PRINTED_RGB[colour]  # in the palette
        end = max(left + 12, left + (right - left) * min(total, cap) / cap)
        if total:
            draw.rounded_rectangle((left, mid - 9, end, mid + 9), radius=6, fill=rgb)
        ink = theme.TEXT if lowest else theme.MUTED
        theme.text(draw, (WIDTH - PAD, mid + 1), str(total), TEXT_SIZE, ink, "rm")


def daily_card_alt(card: DailyCard, words: CardWords = CARD_ENGLISH) -> str:
    """The share card in words (its image's description)."""
    totals = ", ".join(f"{name} {t}" for name, t in zip(words.colours, card.scores, strict=True))
    return words.card_alt.format(
        title=words.daily.format(game=_title(card.kind), day=card.day),
        score=card.score,
        percentile=_standing_words(card, words),
        streak=_streak_words(card, words),
        totals=totals,
    )


class StandingLine(Protocol):
    """One line of standings: storage.TournamentStanding has this shape, or StandingsRow."""

    rank: int
    name: str
    points: Fraction
    buchholz: Fraction
    lowest_sum: int
    withdrawn: bool


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    name: str
    points: Fraction
    buchholz: Fraction
    lowest_sum: int
    withdrawn: bool = False


_COLUMNS = (("#", 56), ("player", 0), ("pts", 84), ("buch", 104), ("lows", 100))
"""Column titles and widths; the name takes what is left."""


def points_figure(value: Fraction) -> str:
    """Points in the picture's font (which has no ½): 3, 2.5, 2.33."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0")


def render_standings(
    title: str,
    lines: Sequence[StandingLine],
    subtitle: str = "",
    words: CardWords = CARD_ENGLISH,
) -> bytes:
    return theme.png_bytes(draw_standings(title, lines, subtitle, words))


def draw_standings(
    title: str,
    lines: Sequence[StandingLine],
    subtitle: str = "",
    words: CardWords = CARD_ENGLISH,
) -> Image.Image:
    """The standings as a table: rank, name, points, Buchholz, sum of lowest colours;
    `subtitle` (say, "after round 3 of 5") on the line under the title."""
    rows = [
        RankingRow(
            str(line.rank),
            words.withdrawn.format(name=line.name) if line.withdrawn else line.name,
            (points_figure(line.points), points_figure(line.buchholz), str(line.lowest_sum)),
            muted=line.withdrawn,
        )
        for line in lines
    ]
    columns = [(words.player if c == "player" else c, width) for c, width in _COLUMNS]
    return draw_ranking(title, subtitle, words.legend, columns, rows, words.more)


@dataclass(frozen=True)
class RankingRow:
    """One row of a ranked table: its place (empty for none), the name, and its figures
    as the reader writes them; a muted row (a withdrawn player, a computer) is grey."""

    rank: str
    name: str
    figures: tuple[str, ...]
    muted: bool = False


LEADERBOARD_WIDTHS = (48, 0, 116, 96, 76, 76)
"""The leaderboard's columns: place, name (what is left), rating, games, wins, best."""
SMALLEST_NAME = 24
"""A long name shrinks to this (13 px on a 390-px phone), then is cut short."""
SMALLEST_LEGEND = 18
"""A legend too long for its line (a longer language) shrinks to this, then is cut."""


def render_leaderboard(
    title: str, subtitle: str, legend: str, heads: Sequence[str], rows: Sequence[RankingRow]
) -> bytes:
    """A server's leaderboard as a table, a row per player (computers greyed): place,
    name, rating, games, wins and best lowest colour under `heads`, in the reader's
    words. A picture, so that a phone shows each row on one line."""
    columns = list(zip(heads, LEADERBOARD_WIDTHS, strict=True))
    return theme.png_bytes(draw_ranking(title, subtitle, legend, columns, rows))


def draw_ranking(
    title: str,
    subtitle: str,
    legend: str,
    columns: Sequence[tuple[str, int]],
    rows: Sequence[RankingRow],
    more: str = "… and {count} more",
) -> Image.Image:
    """A title, a subtitle and a legend, then a table: a head row and a row per entry
    (the first place in gold), at most STANDINGS_SHOWN of them."""
    shown = list(rows[:STANDINGS_SHOWN])
    left = len(rows) - len(shown)
    head = PAD + TITLE_SIZE + 12 + 2 * (SMALL_SIZE + 10)
    height = head + TABLE_ROW * (1 + len(shown) + (1 if left else 0)) + PAD
    image = Image.new("RGB", (WIDTH, height), theme.CARD)
    draw = ImageDraw.Draw(image)
    room = WIDTH - 2 * PAD - 130  # clear of the corner Discord covers
    theme.text(draw, (PAD, PAD + TITLE_SIZE // 2), theme.fit_text(title, TITLE_SIZE, room),
               TITLE_SIZE, theme.HIGHLIGHT, "lm")  # fmt: skip
    y = PAD + TITLE_SIZE + 12 + SMALL_SIZE // 2
    theme.text(draw, (PAD, y), subtitle, TEXT_SIZE - 4, theme.TEXT, "lm")
    lines, size = theme.fitted(legend, WIDTH - 2 * PAD, SMALL_SIZE - 2, SMALLEST_LEGEND)
    legend = lines[0] if len(lines) == 1 else theme.fit_text(legend, size, WIDTH - 2 * PAD)
    theme.text(draw, (PAD, y + SMALL_SIZE + 10), legend, size, theme.MUTED, "lm")
    edges = _column_edges(columns)
    _row(draw, head, edges, [c for c, _ in columns], theme.MUTED, SMALL_SIZE)
    name_room = edges[1][1] - edges[1][0] - 16
    for i, row in enumerate(shown):
        y = head + TABLE_ROW * (i + 1)
        if i % 2 == 0:
            draw.rectangle((PAD // 2, y, WIDTH - PAD // 2, y + TABLE_ROW - 1), fill=theme.PANEL)
        lines, size = theme.fitted(row.name, name_room, TEXT_SIZE, SMALLEST_NAME)
        name = lines[0] if len(lines) == 1 else theme.fit_text(row.name, size, name_room)
        cells = [row.rank, name, *row.figures]
        colour = theme.MUTED if row.muted else theme.TEXT
        _row(draw, y, edges, cells, colour, TEXT_SIZE, gold=row.rank == "1", name_size=size)
    if left:
        y = head + TABLE_ROW * (len(shown) + 1) + TABLE_ROW // 2
        theme.text(draw, (PAD, y), more.format(count=left), SMALL_SIZE, theme.MUTED, "lm")
    return image


def _column_edges(columns: Sequence[tuple[str, int]]) -> list[tuple[int, int]]:
    """(left, right) of each column; the name column (width 0) stretches."""
    fixed = sum(width for _, width in columns)
    name = WIDTH - 2 * PAD - fixed
    edges, x = [], PAD
    for _, width in columns:
        width = width or name
        edges.append((x, x + width))
        x += width
    return edges


def _row(
    draw: ImageDraw.ImageDraw,
    y: int,
    edges: Sequence[tuple[int, int]],
    cells: Sequence[str],
    colour: theme.RGB,
    size: int,
    gold: bool = False,
    name_size: int | None = None,
) -> None:
    """One row: the rank right-aligned, the name left, the numbers right-aligned."""
    mid = y + TABLE_ROW // 2
    for column, ((left, right), cell) in enumerate(zip(edges, cells, strict=True)):
        ink = theme.HIGHLIGHT if gold and column < 2 else colour
        if column == 1:
            theme.text(draw, (left + 12, mid), cell, name_size or size, ink, "lm")
        else:
            theme.text(draw, (right - 4, mid), cell, size, ink, "rm")


def standings_alt(
    title: str,
    lines: Sequence[StandingLine],
    subtitle: str = "",
    words: CardWords = CARD_ENGLISH,
) -> str:
    """The standings in words: every line, with the tie-breaks named."""
    said = [f"{title}{', ' + subtitle if subtitle else ''}."]
    for line in lines:
        name = words.withdrawn_alt.format(name=line.name) if line.withdrawn else line.name
        said.append(
            words.standing_alt.format(
                rank=line.rank,
                name=name,
                points=format_points(line.points),
                buchholz=format_points(line.buchholz),
                lows=line.lowest_sum,
            )
        )
    return " ".join(said)
