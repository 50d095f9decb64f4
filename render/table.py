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

STATUS = 46  # the height of the status line
GAP = 6


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


def draw_table(game: TileGame, names: list[str]) -> Image.Image:
    board = draw_any_board(game)
    scores = draw_scoreboard(game, names)
    (bx, by), (sx, sy) = table_origins(game)
    image = Image.new("RGB", (WIDTH, sy + scores.height), theme.CARD)
    image.paste(board, (bx, by))
    image.paste(scores, (sx, sy))
    draw = ImageDraw.Draw(image)
    left, right = status_line(game, names)
    right_w = theme.text_width(right, 20) if right else 0
    theme.text(draw, (WIDTH - 16, STATUS // 2 + 4), right, 20, theme.MUTED, anchor="rm")
    room = WIDTH - 32 - right_w - 16
    theme.text(
        draw, (16, STATUS // 2 + 4), theme.fit_text(left, 24, room), 24, theme.TEXT, anchor="lm"
    )
    return image


def render_table(game: TileGame, names: list[str]) -> bytes:
    """The turn message's image: status, board (last move ringed) and scoreboards."""
    return theme.png_bytes(draw_table(game, names))
