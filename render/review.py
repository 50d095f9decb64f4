"""The review picture: each player's lowest colour over the game as a line chart, the
big mistakes marked (its alt text is the bot's, `bot/screens/review.py`, in the reader's
language).

The lowest colour is what decides the game, so it is the one line per player worth
following. Players read it on a phone (about 390 px wide): the image is 720 px wide like
the other images, lines are thick, and the marks are few and large: a mistake is a ring
on the player's line with "?", a blunder a filled dot with "??" (chess's signs), the turn
beside it so it can be found in the list. Only the `LABELS` costliest marks get a number,
so that four players' marks never pile into a smear. The x axis counts turns as the table
numbers them (the turn posts' "turn 11"): an AXIO! extra move or an exchange falls on its
turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.ai.review import GameReview, MoveReview, PlayerReview
from engine.common import Colour

from . import theme
from .theme import RGB
from .words import REVIEW_ENGLISH, ReviewWords

WIDTH = 720
TITLE = 64
PLOT_TOP = TITLE + 24
PLOT_HEIGHT = 380
AXIS_LEFT = 64
AXIS_RIGHT = 28
AXIS_BOTTOM = 44
LEGEND_ROW = 52
PAD = 12
LINE = 5
LABELS = 6
TEXT_SIZE = 28
SMALL_SIZE = 24
MARK_RGB: dict[str, RGB] = {
    "mistake": theme.TILE_RGB[Colour.ORANGE],
    "blunder": theme.TILE_RGB[Colour.RED],
}
"""Orange and red, as chess sites mark mistakes and blunders."""
MARK_RADIUS = 11
GRID: RGB = theme.PANEL
SIGNS = {"mistake": "?", "blunder": "??"}
GAME_NAMES = {"axio": "AXIO", "rota": "AXIO Rota"}


@dataclass(frozen=True)
class ChartLayout:
    """Where the plot lies, shared by the drawing and the tests."""

    turns: int
    top: int
    cap: int
    players: int

    @property
    def left(self) -> int:
        return AXIS_LEFT

    @property
    def right(self) -> int:
        return WIDTH - AXIS_RIGHT

    @property
    def bottom(self) -> int:
        return PLOT_TOP + PLOT_HEIGHT

    marks: bool = False
    """Whether any mistake is marked: then a last row says what ? and ?? mean."""

    @property
    def height(self) -> int:
        rows = self.players + (1 if self.marks else 0)
        return self.bottom + AXIS_BOTTOM + rows * LEGEND_ROW + PAD

    def point(self, turn: int, value: float, seat: int = 0) -> tuple[float, float]:
        """Where the line of `seat` is at the end of turn `turn` at `value`; the lines of
        several players at one value lie a few pixels apart, so none hides another."""
        x = self.left + (self.right - self.left) * turn / max(1, self.turns)
        spread = (seat - (self.players - 1) / 2) * (LINE - 1)
        y = self.bottom - (self.bottom - self.top) * value / self.top_value + spread
        return x, y

    @property
    def top_value(self) -> int:
        return max(self.cap, 1)


def review_layout(review: GameReview) -> ChartLayout:
    cap = {"axio": 18, "rota": 12}.get(review.kind, 18)
    highest = max(max(row) for row in review.lowest)
    top = cap if highest <= cap else 2 * cap  # solo AXIO's second scoreboard
    marks = bool(review.marked())
    return ChartLayout(review.turns, PLOT_TOP, top, review.players, marks)


def render_review(
    review: GameReview, names: Sequence[str], words: ReviewWords = REVIEW_ENGLISH
) -> bytes:
    """The chart as PNG bytes; `names` in seat order."""
    layout = review_layout(review)
    image = Image.new("RGB", (WIDTH, layout.height), theme.CARD)
    draw = ImageDraw.Draw(image)
    title = words.title
    theme.text(draw, (PAD, TITLE // 2 + 4), title, 34, theme.TEXT, anchor="lm")
    # After the title, not in the top-right corner, where Discord puts its download button.
    turns = words.turns or f"{layout.turns} turns"
    subtitle = f"{GAME_NAMES.get(review.kind, review.kind)} · {turns}"
    x = PAD + theme.text_width(title, 34) + 16
    theme.text(draw, (x, TITLE // 2 + 6), subtitle, SMALL_SIZE, theme.MUTED, anchor="lm")
    _axes(draw, layout)
    turns = [0, *(move.turn for move in review.moves)]
    for seat in range(review.players):
        values = [row[seat] for row in review.lowest]
        _line(draw, layout, seat, values, turns)
    _marks(draw, layout, review)
    _legend(draw, layout, review, names, words)
    return theme.png_bytes(image)


def seat_rgb(seat: int) -> RGB:
    return theme.PLAYER_RGB[seat % len(theme.PLAYER_RGB)]


def _axes(draw: ImageDraw.ImageDraw, layout: ChartLayout) -> None:
    step = 6 if layout.top_value > 12 else 3
    for value in range(0, layout.top_value + 1, step):
        _, y = layout.point(0, value)
        draw.line((layout.left, y, layout.right, y), fill=GRID, width=2)
        theme.text(draw, (layout.left - 12, y), str(value), SMALL_SIZE, theme.MUTED, anchor="rm")
    every = _tick_step(layout.turns)
    for turn in range(0, layout.turns + 1, every):
        x, _ = layout.point(turn, 0)
        draw.line((x, layout.bottom, x, layout.bottom + 8), fill=theme.MUTED, width=2)
        theme.text(draw, (x, layout.bottom + 26), str(turn), SMALL_SIZE, theme.MUTED)


def _tick_step(turns: int) -> int:
    for step in (5, 10, 20, 25, 50, 100):
        if turns / step <= 6:
            return step
    return 200


def _line(
    draw: ImageDraw.ImageDraw, layout: ChartLayout, seat: int, values: list[int], turns: list[int]
) -> None:
    """A staircase: the lowest colour holds until the turn that changes it (`turns[m]` is
    move m's turn, `values[m]` the lowest colour after it)."""
    points = [layout.point(0, values[0], seat)]
    for move in range(1, len(values)):
        points.append(layout.point(turns[move], values[move - 1], seat))
        points.append(layout.point(turns[move], values[move], seat))
    draw.line(points, fill=theme.CARD, width=LINE + 4, joint="curve")
    draw.line(points, fill=seat_rgb(seat), width=LINE, joint="curve")


def _marks(draw: ImageDraw.ImageDraw, layout: ChartLayout, review: GameReview) -> None:
    marked = review.marked()
    labelled = sorted(marked, key=lambda m: -m.cost)[:LABELS]
    taken: list[tuple[float, float, float, float]] = []
    for move in marked:
        x, y = layout.point(move.turn, review.lowest[move.number][move.seat], move.seat)
        _mark(draw, (x, y), move.grade)
        if move in labelled:
            _label(draw, layout, move, (x, y), MARK_RGB[move.grade], taken)


def _mark(draw: ImageDraw.ImageDraw, at: tuple[float, float], grade: str) -> None:
    """A blunder's filled dot or a mistake's ring."""
    x, y = at
    box = (x - MARK_RADIUS, y - MARK_RADIUS, x + MARK_RADIUS, y + MARK_RADIUS)
    if grade == "blunder":
        draw.ellipse(box, fill=MARK_RGB[grade], outline=theme.CARD, width=3)
    else:
        draw.ellipse(box, fill=theme.CARD, outline=MARK_RGB[grade], width=5)


def _label(
    draw: ImageDraw.ImageDraw,
    layout: ChartLayout,
    move: MoveReview,
    at: tuple[float, float],
    colour: RGB,
    taken: list[tuple[float, float, float, float]],
) -> None:
    """The turn and the move's sign in a small box above the mark (below it if that is
    taken or off the plot); no label at all if both are taken."""
    words = f"{move.turn}{SIGNS[move.grade]}"
    w, h = theme.text_width(words, SMALL_SIZE) + 12, SMALL_SIZE + 8
    x, y = at
    x = min(max(x, layout.left + w / 2), layout.right - w / 2)
    for cy in (y - 20 - h / 2, y + 20 + h / 2):
        box = (x - w / 2, cy - h / 2, x + w / 2, cy + h / 2)
        inside = layout.top - 16 <= box[1] and box[3] <= layout.bottom + 4
        if inside and not any(_overlap(box, other) for other in taken):
            taken.append(box)
            draw.rounded_rectangle(box, radius=6, fill=theme.PANEL, outline=colour, width=2)
            theme.text(draw, (x, cy), words, SMALL_SIZE, theme.TEXT)
            return


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _legend(
    draw: ImageDraw.ImageDraw,
    layout: ChartLayout,
    review: GameReview,
    names: Sequence[str],
    words: ReviewWords,
) -> None:
    """One row per player: their line's colour, name, accuracy and marks."""
    y = layout.bottom + AXIS_BOTTOM + LEGEND_ROW // 2
    for player in review.seats:
        seat = player.seat
        draw.line((PAD, y, PAD + 36, y), fill=seat_rgb(seat), width=LINE + 2)
        summary = _summary(player, words.no_choices)
        right = WIDTH - PAD
        summary_w = theme.text_width(summary, SMALL_SIZE)
        name = theme.fit_text(names[seat], TEXT_SIZE, right - summary_w - 24 - (PAD + 48))
        theme.text(draw, (PAD + 48, y), name, TEXT_SIZE, theme.TEXT, anchor="lm")
        theme.text(draw, (right, y), summary, SMALL_SIZE, theme.MUTED, anchor="rm")
        y += LEGEND_ROW
    if layout.marks:
        grades = (("mistake", words.mistake), ("blunder", words.blunder))
        x = PAD
        for grade, word in grades:
            _mark(draw, (x + 18, y), grade)
            legend = f"{SIGNS[grade]} {word}"
            theme.text(draw, (x + 44, y), legend, SMALL_SIZE, theme.MUTED, anchor="lm")
            x += max(220, 44 + theme.text_width(legend, SMALL_SIZE) + 40)


def _summary(player: PlayerReview, no_choices: str) -> str:
    accuracy = player.accuracy
    parts = [f"{accuracy:.0f} %" if accuracy is not None else no_choices]
    if player.mistakes:
        parts.append(f"{player.mistakes}?")
    if player.blunders:
        parts.append(f"{player.blunders}??")
    return "  ".join(parts)
