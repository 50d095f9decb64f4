"""A finished game as an animated GIF, one frame per turn, for `/axio replay`.

Discord plays GIFs inline on every client. Frames are small (a board 400 px wide) and
share the one palette, so Pillow writes each frame as the rectangle that changed; a whole
4-player AXIO game comes to a few hundred kilobytes. Timing keeps any game under about
fifteen seconds, and the last frame, with the result, stays up longer.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from PIL import Image, ImageDraw

from engine.axio import AxioGame
from engine.game import TileGame
from engine.rota import RotaGame
from engine.rota_moves import RotaMove
from engine.rota_names import position_name

from . import theme
from .axio_board import draw_board
from .rota_display import draw_display, rota_layout
from .table import status_line

FRAME_WIDTH = 400
CAPTION = 34
WHOLE_GAME_MS = 14_000
FRAME_MS = (120, 400)  # the shortest and longest time one turn is shown
LAST_FRAME_MS = 4_000


def frame_durations(frames: int) -> list[int]:
    """Milliseconds per frame: the game fits in about WHOLE_GAME_MS, the end is held."""
    low, high = FRAME_MS
    each = max(low, min(high, WHOLE_GAME_MS // max(frames, 1)))
    return [each] * (frames - 1) + [LAST_FRAME_MS]


def _caption(board: Image.Image, words: str, right: str) -> Image.Image:
    """The board with a line under it. The line sits at the bottom and the words at its
    left, so that what changes from frame to frame stays in a small rectangle."""
    image = Image.new("RGB", (board.width, board.height + CAPTION), theme.CARD)
    image.paste(board, (0, 0))
    draw = ImageDraw.Draw(image)
    y = board.height + CAPTION // 2 - 2
    right_w = theme.text_width(right, 16) if right else 0
    theme.text(draw, (board.width - 10, y), right, 16, theme.MUTED, anchor="rm")
    room = board.width - 30 - right_w
    theme.text(draw, (10, y), theme.fit_text(words, 17, room), 17, theme.TEXT, anchor="lm")
    return image


def turn_states(
    game_class: type[TileGame], players: int, seed: int, moves: Iterable[Any]
) -> Iterable[TileGame]:
    """The game after each whole turn, extra turns and the exchange answer included. The
    same object is yielded each time, changed in place: draw it before asking for the next."""
    game = game_class(players, seed)
    for move in moves:
        game.play(move)
        if game.is_over or game.turn != game.log[-1].turn:
            yield game


def move_caption(game: TileGame, move: str) -> str:
    """A move in a frame's caption: a Rota position by the name on its edges (`O10 90°`),
    an AXIO placement by its cells (`E5 F5`)."""
    if isinstance(game, RotaGame) and move[:1] not in ("", "k", "e"):
        parsed = RotaMove.parse(move)
        return f"{position_name(parsed.position)} {parsed.rotation}°"
    return " ".join(part.split(":")[0] for part in move.split())


def turn_caption(game: TileGame, names: list[str]) -> str:
    """Who played the turn just shown, and its moves (several after AXIO!)."""
    last = game.log[-1]
    mover = names[last.seat] if last.seat < len(names) else f"Player {last.seat + 1}"
    moves = [e.move for e in game.log if e.turn == last.turn and e.seat == last.seat]
    # A long name is cut, never the moves: they are what the frame shows.
    return f"{theme.fit_text(mover, 17, 150)}: {', '.join(move_caption(game, m) for m in moves)}"


def draw_frames(
    game_class: type[TileGame], players: int, seed: int, moves: list[Any], names: list[str]
) -> list[Image.Image]:
    """One RGB frame per turn: the board after that turn, its moves ringed, and a caption."""
    draw: Any
    if issubclass(game_class, RotaGame):
        final = game_class.replay(players, seed, moves)
        layout = rota_layout(final, FRAME_WIDTH, FRAME_WIDTH)  # the same size in every frame

        def draw(game: TileGame) -> Image.Image:
            return draw_display(game, labels=False, layout=layout)  # type: ignore[arg-type]
    elif issubclass(game_class, AxioGame):

        def draw(game: TileGame) -> Image.Image:
            return draw_board(game, width=FRAME_WIDTH)  # type: ignore[arg-type]
    else:
        raise TypeError(f"no replay for {game_class.__name__}")
    boards, captions = [], []
    for game in turn_states(game_class, players, seed, moves):
        boards.append(draw(game))
        captions.append(status_line(game, names)[0] if game.is_over else turn_caption(game, names))
    total = len(boards)
    return [
        _caption(board, words, f"turn {n}/{total}")
        for n, (board, words) in enumerate(zip(boards, captions, strict=True), start=1)
    ]


def gif_bytes(frames: list[Image.Image]) -> bytes:
    """The frames as a looping GIF on the shared palette."""
    if not frames:
        raise ValueError("a replay needs at least one turn")
    paletted = [theme.to_palette(frame) for frame in frames]
    out = io.BytesIO()
    paletted[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=paletted[1:],
        duration=frame_durations(len(paletted)),
        loop=0,
        optimize=False,
    )
    return out.getvalue()


def render_replay(
    game_class: type[TileGame], players: int, seed: int, moves: list[Any], names: list[str]
) -> bytes:
    """A finished (or unfinished) game replayed from its seed and moves as an animated GIF,
    one frame per turn; `names` are the seats' display names."""
    return gif_bytes(draw_frames(game_class, players, seed, list(moves), names))
