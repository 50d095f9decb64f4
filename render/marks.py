"""The marks of what happened since the player to move last played: every placement made
since (the other players', the computers', AXIO! extra ones), each ringed in its mover's
seat colour with a badge numbered in the order it was made, and the legend under the board
that says who each number is and what the marks mean.

Which moves are marked is decided here, from the game's log alone, so the board, the
legend and the bot's turn post (which numbers its lines with the same badges) agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.game import TileGame

from . import theme
from .theme import RGB
from .words import ENGLISH, PictureWords, seat_word

NOT_PLACEMENTS = ("keep", "exchange")
LEGEND = 48  # the height of the legend's strip under the board
LEGEND_SIZE = 28  # a cap height of 11 px at 390 px wide, like the footer's words
CHIP = 38  # a badge's diameter in the legend
NAME_ROOM = 160  # the widest a mover's name is drawn in the legend


@dataclass(frozen=True)
class Mark:
    """One placement to mark: its badge number (1 the oldest), who made it, the move as the
    log stores it, and where it stands in the log."""

    number: int
    seat: int
    move: str
    index: int


def recent_marks(game: TileGame) -> list[Mark]:
    """The placements made since the seat to move last played, oldest first; its own extra
    placements of this turn included. With no one to move (the game over) or one player,
    the last turn's placements."""
    log = game.log
    if not log:
        return []
    start = len(log)
    if game.is_over or game.solo:
        while start > 0 and log[start - 1].turn == log[-1].turn:
            start -= 1
    else:
        while start > 0 and not (
            log[start - 1].seat == game.to_move and log[start - 1].turn != game.turn
        ):
            start -= 1
    placed = [i for i in range(start, len(log)) if log[i].move not in NOT_PLACEMENTS]
    return [Mark(n + 1, log[i].seat, log[i].move, i) for n, i in enumerate(placed)]


def seat_colour(seat: int) -> RGB:
    """A seat's colour: its rings and badges on the board, its stripe on the scoreboard."""
    return theme.SEAT_RGB[seat % len(theme.SEAT_RGB)]


@lru_cache(maxsize=256)
def number_chip(number: int, seat: int, size: int) -> Image.Image:
    """A badge: a disc in the seat's colour with a dark rim and the number in dark ink, RGBA
    (the same on the board and in the legend)."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        draw.ellipse((k, k, s - k, s - k), fill=theme.CARD)
        rim = max(k, s * 0.08)
        draw.ellipse((rim, rim, s - rim, s - rim), fill=seat_colour(seat))

    chip = theme.smooth((size, size), (0, 0, 0, 0), paint)
    digits = str(number)
    font = round(size * (0.62 if len(digits) == 1 else 0.5))
    theme.text(ImageDraw.Draw(chip), (size / 2, size / 2 + 1), digits, font, theme.CARD)
    return chip


def paste_chip(image: Image.Image, mark: Mark, centre: tuple[float, float], size: int) -> None:
    """A mark's badge centred on a point of the image."""
    theme.paste(
        image,
        number_chip(mark.number, mark.seat, size),
        (centre[0] - size / 2, centre[1] - size / 2),
    )


def legend_title(game: TileGame, names: list[str], words: PictureWords) -> str:
    """What the marks are: since whom last played, or the last turn."""
    if game.is_over or game.solo:
        return words.marks_last_turn
    return words.marks_since.format(name=seat_word(names, game.to_move, words))


def draw_legend(
    game: TileGame, names: list[str], width: int, words: PictureWords = ENGLISH
) -> Image.Image:
    """The strip under the board: what the marks are, then each badge with its mover's name
    when they all fit (names cut to NAME_ROOM), else the badges alone (the scoreboards'
    stripes say whose colour each is). Before any placement the strip stays empty, so the
    picture keeps its layout."""
    image = Image.new("RGB", (width, LEGEND), theme.CARD)
    marks = recent_marks(game)
    if not marks:
        return image
    draw = ImageDraw.Draw(image)
    mid, left, right = LEGEND // 2, 16, width - 16
    badges = min(len(marks), 4) * (CHIP + 8) + 14
    title = theme.fit_text(legend_title(game, names, words), LEGEND_SIZE, right - left - badges)
    theme.text(draw, (left, mid), title, LEGEND_SIZE, theme.MUTED, anchor="lm")
    x = left + theme.text_width(title, LEGEND_SIZE) + 14
    movers = [
        theme.fit_text(seat_word(names, m.seat, words), LEGEND_SIZE, NAME_ROOM) for m in marks
    ]
    named = sum(CHIP + 8 + theme.text_width(n, LEGEND_SIZE) + 16 for n in movers) <= right - x
    for mark, mover in zip(marks, movers, strict=True):
        if x + CHIP > right:  # more placements than the strip holds: the rest are on the board
            break
        paste_chip(image, mark, (x + CHIP / 2, mid), CHIP)
        x += CHIP + 8
        if named:
            theme.text(draw, (x, mid), mover, LEGEND_SIZE, theme.TEXT, anchor="lm")
            x += theme.text_width(mover, LEGEND_SIZE) + 16
    return image
