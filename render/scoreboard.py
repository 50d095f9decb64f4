"""Scoreboards: one panel per seat, one track per colour from 0 to the cap.

Each track shows the seat's marker (the colour's chip) on its score, the steps behind it
filled, and the score as a number; the lowest colour(s), the ones that decide the game,
are inverted so they stand out. A colour at the cap reads AXIO!. The seat to move has a
yellow frame and an arrow; a resigned seat is dimmed. Two seats share a row so four fit
under a board on a phone; solo AXIO's second scoreboard continues each track to 36.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.common import COLOURS
from engine.game import TileGame

from . import theme
from .marks import seat_colour
from .paletted import as_mode, canvas, copy_of, part_for, place
from .theme import RGB
from .words import ENGLISH, PictureWords, ordinal, seat_word

WIDTH = 720
FAST_SHARE = 0.25
"""How much of a scoreboard's PNG is deflated the fast way (`render.png`): little, as
ISA-L deflates its words and tracks 15 % larger than zlib-ng."""
GAP = 8
NAME_SIZE = 32  # names, scores and the status: a cap height of 12+ px at 390 px wide
SMALLEST_NAME = 20  # a long name shrinks to this, then takes two lines: it is never cut short
NUMBER_SIZE = 32
STATUS_SIZE = 32


@dataclass(frozen=True)
class ScoreLayout:
    """The geometry of one seat's panel, shared by drawing and tests."""

    width: int
    slots: int  # track positions: 0..cap, or 0..2×cap on solo AXIO's two scoreboards
    cap: int
    pad: int = 12
    header: int = 48
    legend: int = 0  # a line naming the two scoreboards, in solo AXIO
    row: int = 40
    number: int = 64  # room for the score at the right

    @property
    def height(self) -> int:
        return self.header + self.legend + len(COLOURS) * self.row + self.pad

    def track_box(self, colour_index: int) -> tuple[int, int, int, int]:
        """Where the track of one colour runs, left of its number."""
        y0 = self.header + self.legend + colour_index * self.row
        return (self.pad, y0 + 9, self.width - self.pad - self.number, y0 + self.row - 9)

    def position_x(self, colour_index: int, score: int) -> float:
        """The centre of a track position; the second scoreboard starts after a break."""
        x0, _, x1, _ = self.track_box(colour_index)
        step = (x1 - x0 - self.brk) / self.slots
        return x0 + (score + 0.5) * step + (self.brk if score > self.cap else 0)

    @property
    def brk(self) -> int:
        return 10 if self.slots > self.cap + 1 else 0


def seat_columns(players: int) -> int:
    return 1 if players == 1 else 2


def panel_origin(layout: ScoreLayout, seat: int, columns: int) -> tuple[int, int]:
    """The top-left corner of a seat's panel in the scoreboard image."""
    return (
        GAP + (seat % columns) * (layout.width + GAP),
        GAP + (seat // columns) * (layout.height + GAP),
    )


@lru_cache(maxsize=16)
def score_layout(players: int, cap: int, boards: int = 1, width: int = WIDTH) -> ScoreLayout:
    columns = seat_columns(players)
    return ScoreLayout(
        width=(width - GAP * (columns + 1)) // columns,
        slots=cap * boards + 1,
        cap=cap,
        legend=26 if boards > 1 else 0,
    )


def game_layout(game: TileGame, width: int = WIDTH) -> ScoreLayout:
    board = game.scoreboards[0]
    return score_layout(game.players, board.cap, board.boards, width)


def seat_origin(game: TileGame, seat: int, width: int = WIDTH) -> tuple[int, int]:
    """Where a seat's panel starts in the scoreboards' own image (under its heading)."""
    x, y = panel_origin(game_layout(game, width), seat, seat_columns(game.players))
    return x, y + HEADING


def seat_status(game: TileGame, seat: int, words: PictureWords = ENGLISH) -> tuple[str, RGB]:
    """What the header says on the right: place, resignation, pending AXIO! turns, or the
    lowest score, which is what decides the game."""
    low = min(game.scoreboards[seat].scores)
    if seat in game.resigned:
        return words.resigned, theme.MUTED
    if game.solo:  # a solo game has a score, not a winner: its lowest colour total
        return words.solo_score.format(score=low), (
            theme.HIGHLIGHT if game.is_over else theme.MUTED
        )
    if game.is_over:
        place = next(s for s in game.standings() if s.seat == seat)
        if place.winner:
            return words.winner, theme.HIGHLIGHT
        return ordinal(place.rank, words), theme.TEXT
    extra = getattr(game, "extra_turns", 0)
    if seat == game.to_move and extra:
        return f"AXIO! +{extra}", theme.HIGHLIGHT
    return words.low.format(score=low), theme.MUTED


CORNER_FREE = 120
"""Discord draws its download button over an image's top-right corner: the scoreboards'
own image opens with a heading that keeps clear of it, so no panel is ever under it."""
HEADING = 48
HEADING_SIZE = 28


def name_lines(name: str, room: int) -> tuple[list[str], int]:
    """A seat's name in its header: at NAME_SIZE if it fits, smaller down to SMALLEST_NAME,
    then on two lines; a short name is never cut."""
    return theme.fitted(name, room, NAME_SIZE, SMALLEST_NAME)


def name_room(game: TileGame, seat: int, layout: ScoreLayout, words: PictureWords = ENGLISH) -> int:
    """How many pixels a seat's name has beside its arrow and its status."""
    arrow = 24 if seat == game.to_move and not game.is_over else 0
    right = layout.width - layout.pad
    status = theme.text_width(seat_status(game, seat, words)[0], STATUS_SIZE)
    return right - status - 16 - layout.pad - arrow


def _header(
    draw: ImageDraw.ImageDraw,
    game: TileGame,
    seat: int,
    name: str,
    layout: ScoreLayout,
    words: PictureWords = ENGLISH,
) -> None:
    """The arrow of the seat to move, the name, and the seat's status at the right."""
    mid = layout.header // 2 + 2
    x = layout.pad
    if seat == game.to_move and not game.is_over:
        draw.polygon([(x, mid - 9), (x + 15, mid), (x, mid + 9)], fill=theme.HIGHLIGHT)
        x += 24
    status, colour = seat_status(game, seat, words)
    lines, size = name_lines(name, name_room(game, seat, layout, words))
    if len(lines) == 1:
        theme.text(draw, (x, mid), lines[0], size, theme.TEXT, anchor="lm")
    else:  # a long name on two lines, the header's height between them
        for line, dy in zip(lines, (-11, 12), strict=True):
            theme.text(draw, (x, mid + dy), line, size, theme.TEXT, anchor="lm")
    theme.text(draw, (layout.width - layout.pad, mid), status, STATUS_SIZE, colour, anchor="rm")
    if layout.legend:
        y = layout.header + layout.legend // 2 - 2
        first = (layout.position_x(0, 1) + layout.position_x(0, layout.cap)) / 2
        second = (layout.position_x(0, layout.cap + 1) + layout.position_x(0, layout.slots - 1)) / 2
        theme.text(draw, (first, y), words.first_board, 18, theme.MUTED)
        theme.text(draw, (second, y), words.second_board, 18, theme.MUTED)


def _slots(draw: ImageDraw.ImageDraw, layout: ScoreLayout, i: int, upto: int, fills: tuple) -> None:
    """Slots 1..upto of a track; every sixth is taller to count by. `fills` gives the colour
    on the first scoreboard and on the second."""
    _, y0, _, y1 = layout.track_box(i)
    mid = (y0 + y1) / 2
    half_step = (layout.position_x(i, 1) - layout.position_x(i, 0)) / 2
    for n in range(1, upto + 1):
        cx = layout.position_x(i, n)
        h = (y1 - y0) * (0.8 if n % 6 == 0 else 0.5)
        box = (cx - half_step + 1, mid - h / 2, cx + half_step - 1, mid + h / 2)
        draw.rounded_rectangle(box, radius=2, fill=fills[0] if n <= layout.cap else fills[1])


@lru_cache(maxsize=8)
def _empty_panel(layout: ScoreLayout) -> Image.Image:
    """A panel with every track empty: drawn once, since slots are most of the drawing."""
    image = Image.new("RGB", (layout.width, layout.height), theme.PANEL)
    draw = ImageDraw.Draw(image)
    for i in range(len(COLOURS)):
        _slots(draw, layout, i, layout.slots - 1, (theme.TRACK, theme.TRACK))
    return image


@lru_cache(maxsize=64)
def _full_track(layout: ScoreLayout, i: int) -> Image.Image:
    """One track filled to the end, the band of its box only, to copy the filled part of
    a track from."""
    image = _empty_panel(layout).copy()
    colour = theme.TILE_RGB[COLOURS[i]]
    _slots(
        ImageDraw.Draw(image),
        layout,
        i,
        layout.slots - 1,
        (theme.shade(colour, 0.75), theme.shade(colour, 0.5)),
    )
    _, y0, _, y1 = layout.track_box(i)
    return image.crop((0, y0, layout.width, y1))


def _track(image: Image.Image, i: int, score: int, low: bool, layout: ScoreLayout) -> None:
    """One colour's track: its slots filled up to the score, the marker on the score, AXIO!
    over a full track, and the number (inverted for the lowest colours). On the palette,
    the whole row as one part, drawn once (the marker is blended with the slots under it)."""
    if image.mode == "P":
        row = part_for(image, _track_row, layout, i, score, low)
        place(image, row, (0, _track_band(layout, i)[0]))
        return
    draw = ImageDraw.Draw(image)
    colour = COLOURS[i]
    x0, y0, _, y1 = layout.track_box(i)
    mid = (y0 + y1) / 2
    if score > 0:
        half_step = (layout.position_x(i, 1) - layout.position_x(i, 0)) / 2
        end = round(layout.position_x(i, min(score, layout.slots - 1)) + half_step)
        image.paste(_full_track(layout, i).crop((x0, 0, end, y1 - y0)), (x0, y0))
    marker = y1 - y0 + 6
    cx = layout.position_x(i, min(score, layout.slots - 1))
    theme.paste(image, theme.chip(colour, marker), (cx - marker / 2, mid - marker / 2))
    if score >= layout.cap and layout.slots == layout.cap + 1:
        # A badge in the colour over the full track: the AXIO! that earned an extra turn.
        tx = (x0 + cx - marker / 2) / 2
        w = theme.text_width("AXIO!", 17) / 2 + 8
        badge = (tx - w, mid - marker / 2 + 2, tx + w, mid + marker / 2 - 2)
        draw.rounded_rectangle(badge, radius=6, fill=theme.TILE_RGB[colour])
        theme.text(draw, (tx, mid + 1), "AXIO!", 17, theme.INK)
    nx = layout.width - layout.pad - layout.number / 2 + 4
    if low:
        draw.rounded_rectangle((nx - 27, y0 - 5, nx + 27, y1 + 5), radius=6, fill=theme.TEXT)
    theme.text(draw, (nx, mid + 1), str(score), NUMBER_SIZE, theme.PANEL if low else theme.TEXT)


def seat_stripe(image: Image.Image, seat: int, layout: ScoreLayout) -> None:
    """A bar in the seat's colour down the header's left edge: the colour its moves are
    ringed and badged in on the board."""
    top = layout.header // 2 - 16
    ImageDraw.Draw(image).rectangle((3, top, 7, top + 32), fill=seat_colour(seat))


def _track_band(layout: ScoreLayout, i: int) -> tuple[int, int]:
    """The rows of pixels `_track` draws on: the number's box reaches 5 px past the track
    (a long name's second line may reach into the row above it, and stays)."""
    _, y0, _, y1 = layout.track_box(i)
    return y0 - 5, y1 + 6


def _track_row(layout: ScoreLayout, i: int, score: int, low: bool) -> Image.Image:
    """A colour's track at a score across the panel, drawn in RGB as `_track` draws it and
    mapped: what a palette panel pastes (kept by `part_for`)."""
    image = _empty_panel(layout).copy()
    _track(image, i, score, low, layout)
    top, bottom = _track_band(layout, i)
    return theme.to_palette(image.crop((0, top, layout.width, bottom)))


def draw_panel(
    game: TileGame,
    seat: int,
    name: str,
    width: int = WIDTH,
    words: PictureWords = ENGLISH,
    paletted: bool = False,
) -> Image.Image:
    """One seat's scoreboard: framed in yellow when it is to move, dimmed if resigned.
    `paletted`: on the palette, from parts (a dimmed panel is mapped whole)."""
    if paletted and seat in game.resigned:
        return as_mode(draw_panel(game, seat, name, width, words), "P")
    layout = game_layout(game, width)
    image = copy_of(_empty_panel(layout), paletted)
    board = game.scoreboards[seat]
    lowest = {COLOURS.index(c) for c in board.lowest_colours()}
    _header(ImageDraw.Draw(image), game, seat, name, layout, words)
    if not game.solo:
        seat_stripe(image, seat, layout)
    for i, score in enumerate(board.scores):
        _track(image, i, score, i in lowest, layout)
    if seat == game.to_move and not game.is_over:
        frame = (0, 0, layout.width - 1, layout.height - 1)
        ImageDraw.Draw(image).rectangle(frame, outline=theme.HIGHLIGHT, width=3)
    if seat in game.resigned:
        image = Image.blend(image, Image.new("RGB", image.size, theme.CARD), 0.55)
    return image


def draw_scoreboard(
    game: TileGame,
    names: list[str],
    width: int = WIDTH,
    words: PictureWords = ENGLISH,
    paletted: bool = False,
    onto: Image.Image | None = None,
    at: tuple[int, int] = (0, 0),
) -> Image.Image:
    """Every seat's panel on one card, two seats to a row (one, full width, in solo); with
    `onto`, drawn on that picture from `at` (its card, which a picture's card already is),
    and that picture returned."""
    layout = game_layout(game, width)
    columns = seat_columns(game.players)
    if onto is None:
        onto = canvas((width, scoreboard_height(game, width)), theme.CARD, paletted)
    for seat in range(game.players):
        name = seat_word(names, seat, words)
        panel = draw_panel(game, seat, name, width, words, paletted)
        x, y = panel_origin(layout, seat, columns)
        onto.paste(panel, (at[0] + x, at[1] + y))
    return onto


def scoreboard_height(game: TileGame, width: int = WIDTH) -> int:
    """The height of `draw_scoreboard`'s card: its rows of panels and the gaps around them."""
    rows = -(-game.players // seat_columns(game.players))
    return GAP + rows * (game_layout(game, width).height + GAP)


def render_scoreboard(game: TileGame, names: list[str], words: PictureWords = ENGLISH) -> bytes:
    """The scoreboards as PNG bytes under a heading (`AXIO · scores after turn 12`), whose
    right end is left for Discord's download button; `names` gives each seat's display
    name in seat order."""
    return theme.png_bytes(draw_scores(game, names, words, paletted=True), FAST_SHARE)


def draw_scores(
    game: TileGame, names: list[str], words: PictureWords = ENGLISH, paletted: bool = False
) -> Image.Image:
    """`render_scoreboard`'s picture: the scoreboards under their heading."""
    image = canvas((WIDTH, HEADING + scoreboard_height(game)), theme.CARD, paletted)
    draw_scoreboard(game, names, words=words, paletted=paletted, onto=image, at=(0, HEADING))
    title = "AXIO Rota" if game.kind == "rota" else "AXIO"
    played = game.log[-1].turn if game.log else 0
    if not game.log:
        heading = words.scores.format(game=title)
    elif game.is_over:
        heading = words.final_scores.format(game=title)
    else:
        heading = words.scores_after.format(game=title, turn=played)
    theme.text(ImageDraw.Draw(image), (16, HEADING // 2 + 2), heading, HEADING_SIZE, theme.MUTED,
               anchor="lm")  # fmt: skip
    return image
