"""The channel's turn image: a status line, the board, and the scoreboards, in one PNG.

One image reads best on a phone: Discord shows several attachments as small tiles, but a
single one at full width. Every part is the same one drawn alone, so the helpers that say
where things are in each part also say where they are here, shifted by `table_origins`.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.axio import AxioGame
from engine.game import TileGame
from engine.rota import RotaGame

from . import theme
from .axio_board import axio_layout, draw_board
from .rota_display import draw_display, rota_layout
from .scoreboard import WIDTH, draw_scoreboard

STATUS = 56  # the height of the status line
FOOTER = 40  # the line under the scoreboards: the game and what is left to draw
GAP = 6
STATUS_SIZE = 32  # a cap height of 12+ px when a phone shows the image 390 px wide
FOOTER_SIZE = 24
CORNER_FREE = 120  # Discord draws its download button over an image's top-right corner


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def status_line(game: TileGame, names: list[str]) -> tuple[str, str]:
    """What the table says above the board: the game and turn, then whose move it is or
    how the game ended, then what is left to draw."""
    title = "AXIO Rota" if game.kind == "rota" else "AXIO"
    if game.is_over:
        winners = game.winners()
        if game.solo:
            state = f"game over: score {min(game.scores(0))}"
        elif len(winners) == 1:
            state = f"{_name(names, winners[0])} wins"
        else:
            state = "shared win: " + ", ".join(_name(names, s) for s in winners)
        return f"{title} · {state}", ""
    mover = _name(names, game.to_move)
    left = f"{title} · turn {game.turn} · {mover} to move"
    if isinstance(game, AxioGame):
        return left, f"bag {game.bag_count}"
    if isinstance(game, RotaGame):
        return left, f"supply {game.supply_count}"
    return left, ""


def draw_any_board(game: TileGame, preview: object = None, labels: bool = True) -> Image.Image:
    """The board of either game as an RGB image."""
    if isinstance(game, AxioGame):
        return draw_board(game, preview=preview)  # type: ignore[arg-type]
    if isinstance(game, RotaGame):
        return draw_display(game, labels=labels, preview=preview)  # type: ignore[arg-type]
    raise TypeError(f"no board drawing for a {type(game).__name__}")


def table_origins(game: TileGame) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the board and the scoreboard start in the table image."""
    board_w, board_h = _board_size(game)
    return ((WIDTH - board_w) // 2, STATUS), (0, STATUS + board_h + GAP)


def _board_size(game: TileGame) -> tuple[int, int]:
    if isinstance(game, AxioGame):
        return axio_layout(game.players).size
    return rota_layout(game).size  # type: ignore[arg-type]


def headline(game: TileGame, names: list[str], room: int) -> str:
    """The status line: who is to move (the name cut to fit, never the rest), or the result."""
    if game.is_over:
        return theme.fit_text(status_line(game, names)[0].split(" · ", 1)[1], STATUS_SIZE, room)
    tail = f" to move · turn {game.turn}"
    name_room = room - theme.text_width(tail, STATUS_SIZE)
    return theme.fit_text(_name(names, game.to_move), STATUS_SIZE, name_room) + tail


def draw_table(game: TileGame, names: list[str]) -> Image.Image:
    """The status line on the left (the top-right corner left free for Discord's
    download button), the board, the scoreboards, and a footer with the game and what is
    left to draw."""
    board = draw_any_board(game)
    scores = draw_scoreboard(game, names)
    (bx, by), (sx, sy) = table_origins(game)
    image = Image.new("RGB", (WIDTH, sy + scores.height + FOOTER), theme.CARD)
    image.paste(board, (bx, by))
    image.paste(scores, (sx, sy))
    draw = ImageDraw.Draw(image)
    room = WIDTH - 16 - CORNER_FREE
    words = headline(game, names, room)
    theme.text(draw, (16, STATUS // 2 + 4), words, STATUS_SIZE, theme.TEXT, anchor="lm")
    left, right = status_line(game, names)
    footer = " · ".join(part for part in (left.split(" · ")[0], right) if part)
    y = sy + scores.height + FOOTER // 2 - 4
    theme.text(draw, (16, y), footer, FOOTER_SIZE, theme.MUTED, anchor="lm")
    return image


def render_table(game: TileGame, names: list[str]) -> bytes:
    """The turn message's image: status, board (last move ringed) and scoreboards."""
    return theme.png_bytes(draw_table(game, names))
