"""A finished game as an animated GIF, one frame per turn, for `/axio replay`.

Discord plays GIFs inline on every client. Each frame is the table as the channel saw it
after that turn (the status line, the board with the turn's moves ringed, the scoreboards)
at the table's own 720 px width, so a phone reads it as it read the table, with a caption
under it: the turn's number as the table numbered it, who played and where. Frames share
the one palette, and each is written as the rectangle that changed, its unchanged pixels
transparent (`gif_lzw` codes them). Timing keeps any game under about twenty seconds, and
the last frame, with the result, stays up longer.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from engine.axio import AxioGame
from engine.game import TileGame
from engine.rota import RotaGame
from engine.rota_moves import RotaMove
from engine.rota_names import position_name

from . import theme
from .gif_lzw import frame_codes
from .rota_geometry import rota_layout
from .table import draw_table, ending_words
from .words import ENGLISH, PictureWords, seat_word

CAPTION = 52
CAPTION_SIZE = 28  # a cap height of 10+ px on a 390-px phone, like the table's footer
WHOLE_GAME_MS = 20_000
FRAME_MS = (250, 700)  # the shortest and longest time one turn is shown
LAST_FRAME_MS = 5_000


def frame_durations(frames: int) -> list[int]:
    """Milliseconds per frame: the game fits in about WHOLE_GAME_MS, the end is held."""
    low, high = FRAME_MS
    each = max(low, min(high, WHOLE_GAME_MS // max(frames, 1)))
    return [each] * (frames - 1) + [LAST_FRAME_MS]


def _caption(frame: Image.Image, words: str, right: str) -> Image.Image:
    """A line in the `CAPTION` rows at the bottom of the frame (the table drawn above
    them): the turn's words at the left, the count at the right. The line sits at the
    bottom, so what changes from frame to frame stays in few rectangles."""
    draw = ImageDraw.Draw(frame)
    y = frame.height - CAPTION + CAPTION // 2
    right_w = theme.text_width(right, CAPTION_SIZE) if right else 0
    theme.text(draw, (frame.width - 16, y), right, CAPTION_SIZE, theme.MUTED, anchor="rm")
    room = frame.width - 48 - right_w
    theme.text(draw, (16, y), theme.fit_text(words, CAPTION_SIZE, room), CAPTION_SIZE,
               theme.TEXT, anchor="lm")  # fmt: skip
    return frame


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
    """A move in a frame's caption: a Rota position by the name on its edges and the turn
    (`O10 90°`: the font has no ↻), an AXIO placement by its cells (`E5 F5`)."""
    if isinstance(game, RotaGame) and move[:1] not in ("", "k", "e"):
        parsed = RotaMove.parse(move)
        return f"{position_name(parsed.position)} {parsed.rotation}°"
    return " ".join(part.split(":")[0] for part in move.split())


def turn_caption(game: TileGame, names: list[str], words: PictureWords = ENGLISH) -> str:
    """The turn just shown, numbered as the table numbered it, who played it and its moves
    (several after AXIO!): `turn 12 · Ann: E5 F5`."""
    last = game.log[-1]
    mover = seat_word(names, last.seat, words)
    moves = [e.move for e in game.log if e.turn == last.turn and e.seat == last.seat]
    # A long name is cut, never the moves: they are what the frame shows.
    who = theme.fit_text(mover, CAPTION_SIZE, 260)
    shown = ", ".join(move_caption(game, m) for m in moves)
    return words.replay_turn.format(turn=last.turn, name=who, moves=shown)


def turn_frames(
    game_class: type[TileGame],
    players: int,
    seed: int,
    moves: list[Any],
    names: list[str],
    words: PictureWords = ENGLISH,
    paletted: bool = False,
) -> Iterator[Image.Image]:
    """One RGB frame per turn: the table after that turn, its moves ringed, and a caption.
    A Rota display is drawn on the final display's layout in every frame, so frames are one
    size and the tiles stay in place as the display grows. `paletted`: frames drawn on the
    palette from parts (`render.paletted`), as the replay sends them. Each frame is drawn
    when it is asked for (a replay is written as it is drawn, not held whole: 76 frames
    of a megabyte), after a pass of the game alone for the last turn the captions count to."""
    layout = None
    if issubclass(game_class, RotaGame):
        layout = rota_layout(game_class.replay(players, seed, moves))  # type: ignore[arg-type]
    elif not issubclass(game_class, AxioGame):
        raise TypeError(f"no replay for {game_class.__name__}")
    last = 0
    for game in turn_states(game_class, players, seed, moves):
        last = game.log[-1].turn
    for game in turn_states(game_class, players, seed, moves):
        frame = draw_table(
            game, names, replay_layout=layout, words=words, paletted=paletted, below=CAPTION
        )
        caption = turn_caption(game, names, words)
        if game.is_over:
            caption = f"{caption} · {ending_words(game, names, words)}"
        turn = game.log[-1].turn
        yield _caption(frame, caption, words.replay_count.format(turn=turn, last=last))


UNCHANGED = 255
"""A palette index no colour uses (the shared palette's padding): a frame's pixels that
are as in the frame before are written as this, transparent, which compresses to almost
nothing, so a turn costs about what it changed."""


SAME = [255, *(0,) * 255]
"""A pixel's difference mapped to "unchanged" (only a difference of nothing)."""


LOOP_FOREVER = b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
"""The application extension that makes a GIF loop (0: for ever)."""


def gif_bytes(frames: Iterable[Image.Image]) -> bytes:
    """The frames as a looping GIF on the shared palette (`gif_frame`): the first whole,
    each later one as the rectangle that changed since the frame before, its unchanged
    pixels transparent, shown for `frame_durations`. The file around the pixels is written
    here, as Pillow's writer would compare every frame with the one before a second time;
    the pixels by `gif_lzw`, Pillow's LZW coder for the rows that changed. Each frame is
    written as it comes and only the one before kept; the times, which depend on how many
    there are, are put in at the end."""
    boxes: list[tuple[int, int, int, int]] = []
    pixels: list[bytes] = []
    before = None
    for frame in frames:
        after = frame if frame.mode == "P" else theme.to_palette(frame)
        if before is None:
            first = after
            boxes.append((0, 0, *after.size))
            pixels.append(after.tobytes("gif", "P") + b"\0")
        else:
            changed = ImageChops.difference(before, after)  # palette indices: 0 where the same
            box = changed.getbbox() or (0, 0, 1, 1)  # nothing changed: one transparent pixel
            boxes.append(box)
            pixels.append(frame_codes(after, changed, box, UNCHANGED, SAME))
        before = after
    if before is None:
        raise ValueError("a replay needs at least one turn")
    width, height = first.size
    palette = bytes(first.getpalette()[:768]).ljust(768, b"\0")  # type: ignore[index]
    parts = [b"GIF89a", struct.pack("<HHBBB", width, height, 0x87, 0, 0), palette, LOOP_FOREVER]
    for box, duration, data in zip(boxes, frame_durations(len(boxes)), pixels, strict=True):
        parts += gif_frame(box, duration, data)
    parts.append(b";")
    return b"".join(parts)


def gif_frame(box: tuple[int, int, int, int], duration: int, pixels: bytes) -> list[bytes]:
    """One frame of a GIF on its global palette, its `pixels` (LZW sub-blocks, ended) at
    `box` of the picture: shown for `duration` ms, left in place under the next (disposal
    1), `UNCHANGED` transparent."""
    control = struct.pack("<BBBBHBB", 0x21, 0xF9, 4, 1 << 2 | 1, duration // 10, UNCHANGED, 0)
    left, top, right, bottom = box
    place = struct.pack("<BHHHHB", 0x2C, left, top, right - left, bottom - top, 0)
    return [control, place, b"\x08", pixels]


def render_replay(
    game_class: type[TileGame],
    players: int,
    seed: int,
    moves: list[Any],
    names: list[str],
    words: PictureWords = ENGLISH,
) -> bytes:
    """A finished (or unfinished) game replayed from its seed and moves as an animated GIF,
    one frame per turn; `names` are the seats' display names, `words` the captions'."""
    return gif_bytes(turn_frames(game_class, players, seed, list(moves), names, words, True))
