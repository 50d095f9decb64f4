"""The channel's turn image: a status line, the board, and the scoreboards, in one PNG.

One image reads best on a phone: Discord shows several attachments as small tiles, but a
single one at full width. Every part is the same one drawn alone, so the helpers that say
where things are in each part also say where they are here, shifted by `table_origins`.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from PIL import Image, ImageDraw

from engine.axio import AxioGame
from engine.game import TileGame
from engine.rota import RotaGame

from . import theme
from .axio_board import axio_layout, draw_board
from .marks import LEGEND, draw_legend, legend_title, recent_marks
from .paletted import as_mode, canvas
from .pieces import draw_hand, draw_rack
from .rota_display import draw_display
from .rota_geometry import rota_layout
from .scoreboard import WIDTH, draw_scoreboard, scoreboard_height
from .words import ENGLISH, PictureWords, seat_word

STATUS = 56  # the height of the status line
FOOTER = 40  # the line under the scoreboards: the game and what is left to draw
GAP = 6
STATUS_SIZE = 32  # a cap height of 12+ px when a phone shows the image 390 px wide
SMALLEST_HEADLINE = 22  # a long name in the status line shrinks to this before it is cut
FOOTER_SIZE = 24
CORNER_FREE = 120  # Discord draws its download button over an image's top-right corner


def ending_words(game: TileGame, names: list[str], words: PictureWords = ENGLISH) -> str:
    """How a finished game ended, as the engine ranks it: `Ada wins`, a shared win, a solo
    score, or everyone resigned (the game's resignations must be on `game`)."""
    winners = game.winners()
    if game.solo:
        return words.solo_over.format(name=seat_word(names, 0, words), score=min(game.scores(0)))
    if not winners:
        return words.all_resigned
    if len(winners) == 1:
        return words.wins.format(name=seat_word(names, winners[0], words))
    together = ", ".join(seat_word(names, s, words) for s in winners)
    return words.shared_win.format(names=together)


def status_line(game: TileGame, names: list[str], words: PictureWords = ENGLISH) -> tuple[str, str]:
    """What the table says above the board: the game and turn, then whose move it is or
    how the game ended, then what is left to draw."""
    title = "AXIO Rota" if game.kind == "rota" else "AXIO"
    if game.is_over:
        return f"{title} · {ending_words(game, names, words)}", ""
    mover = seat_word(names, game.to_move, words)
    left = f"{title} · " + words.turn_status.format(turn=game.turn, name=mover)
    if isinstance(game, AxioGame):
        return left, words.bag.format(count=game.bag_count)
    if isinstance(game, RotaGame):
        return left, words.supply.format(count=game.supply_count)
    return left, ""


def draw_any_board(
    game: TileGame,
    preview: object = None,
    labels: bool = True,
    layout: object = None,
    paletted: bool = False,
) -> Image.Image:
    """The board of either game as an RGB image (a Rota display on `layout`, if given);
    `paletted`: on the palette (`render.paletted`)."""
    if isinstance(game, AxioGame):
        return draw_board(game, preview=preview, paletted=paletted)  # type: ignore[arg-type]
    if isinstance(game, RotaGame):
        return draw_display(game, labels, preview, layout, paletted)  # type: ignore[arg-type]
    raise TypeError(f"no board drawing for a {type(game).__name__}")


def table_origins(game: TileGame) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the board and the scoreboard start in the table image (the legend of the
    board's marks between them)."""
    board_w, board_h = _board_size(game)
    return ((WIDTH - board_w) // 2, STATUS), (0, STATUS + board_h + LEGEND + GAP)


def _board_size(game: TileGame) -> tuple[int, int]:
    if isinstance(game, AxioGame):
        return axio_layout(game.players).size
    return rota_layout(game).size  # type: ignore[arg-type]


def headline(
    game: TileGame, names: list[str], room: int, words: PictureWords = ENGLISH
) -> list[tuple[str, int]]:
    """The status line as (words, size) pieces: who is to move, then the turn, or the
    result. A long name shrinks before it is cut, and the rest is never cut (the name
    sits where the language's phrase puts it)."""
    if game.is_over:
        result = ending_words(game, names, words)
        lines, size = theme.fitted(result, room, STATUS_SIZE, SMALLEST_HEADLINE)
        return [(lines[0] if len(lines) == 1 else theme.fit_text(result, size, room), size)]
    before, after = words.to_move.split("{name}", 1)
    before, tail = before.format(turn=game.turn), after.format(turn=game.turn)
    name_room = room - theme.text_width(before + tail, STATUS_SIZE)
    name = seat_word(names, game.to_move, words)
    lines, size = theme.fitted(name, name_room, STATUS_SIZE, SMALLEST_HEADLINE)
    shown = lines[0] if len(lines) == 1 else theme.fit_text(name, size, name_room)
    pieces = [(before, STATUS_SIZE)] if before else []
    return [*pieces, (shown, size), (tail, STATUS_SIZE)]


def draw_table(
    game: TileGame,
    names: list[str],
    tiles: Any = None,
    *,
    replay_layout: Any = None,
    words: PictureWords = ENGLISH,
    paletted: bool = False,
    below: int = 0,
) -> Image.Image:
    """The status line on the left (the top-right corner left free for Discord's
    download button), the board, the legend of its marks, the scoreboards, and a footer
    with the game and what is left to draw; with `tiles` (an AXIO rack, or a Rota tile),
    those under it all. A replay's frame passes the Rota layout every frame shares, and
    has no position names. `paletted`: drawn on the palette from parts
    (`render.paletted`), as the bot sends it. `below`: rows of card left empty under it
    all (a replay frame's caption)."""
    if replay_layout is None:
        board = draw_any_board(game, paletted=paletted)
    else:
        board = draw_any_board(game, labels=False, layout=replay_layout, paletted=paletted)
    scores_height = scoreboard_height(game)
    bx, by = (WIDTH - board.width) // 2, STATUS
    sx, sy = 0, STATUS + board.height + LEGEND + GAP
    image = canvas((WIDTH, sy + scores_height + FOOTER + below), theme.CARD, paletted)
    image.paste(board, (bx, by))
    if paletted:
        legend = _legend_part(game, names, words)
    else:
        legend = draw_legend(game, names, WIDTH, words)
    image.paste(legend, (0, STATUS + board.height))
    draw_scoreboard(game, names, words=words, paletted=paletted, onto=image, at=(sx, sy))
    draw = ImageDraw.Draw(image)
    x = 16
    for piece, size in headline(game, names, WIDTH - x - CORNER_FREE, words):
        theme.text(draw, (x, STATUS // 2 + 4), piece, size, theme.TEXT, anchor="ls")
        x += theme.text_width(piece, size)
    left, right = status_line(game, names, words)
    footer = " · ".join(part for part in (left.split(" · ")[0], right) if part)
    y = sy + scores_height + FOOTER // 2 - 4
    theme.text(draw, (16, y), footer, FOOTER_SIZE, theme.MUTED, anchor="lm")
    if tiles is None:
        return image
    own = draw_hand(tiles) if isinstance(game, RotaGame) else draw_rack(list(tiles))
    if own.width > WIDTH:
        own = own.resize((WIDTH, round(own.height * WIDTH / own.width)), Image.Resampling.LANCZOS)
    return theme.stack([image, as_mode(own, image.mode)])


LEGENDS_KEPT = 64
_legends: OrderedDict[tuple, Image.Image] = OrderedDict()


def _legend_part(game: TileGame, names: list[str], words: PictureWords) -> Image.Image:
    """The legend on the palette, drawn once for what it shows (its badges blend on the
    card, in RGB): kept by the marks' numbers and seats, its title, the names, the words."""
    marks = tuple((mark.number, mark.seat) for mark in recent_marks(game))
    key = (marks, legend_title(game, names, words), tuple(names), words)
    part = _legends.get(key)
    if part is None:
        part = _legends[key] = as_mode(draw_legend(game, names, WIDTH, words), "P")
        if len(_legends) > LEGENDS_KEPT:
            _legends.popitem(last=False)
    else:
        _legends.move_to_end(key)
    return part


def render_table(
    game: TileGame, names: list[str], *, tiles: Any = None, words: PictureWords = ENGLISH
) -> bytes:
    """The turn message's image: status, board (the moves since the player to move last
    played ringed and numbered), the legend of those marks, and scoreboards; with
    `tiles`, a player's own tiles under them (for a solo player's private page); the
    words in the reader's language (`words`)."""
    return theme.png_bytes(draw_table(game, names, tiles, words=words, paletted=True))
