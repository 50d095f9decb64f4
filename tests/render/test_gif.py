"""The replay's GIF writer (`render.replay.gif_bytes`): what a viewer sees is every frame
drawn, each for its time, as Pillow's own writer (what wrote replays before) shows them."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import AxioGame, RotaGame
from render.replay import draw_frames, frame_durations, gif_bytes
from render.samples import finished
from render.theme import to_palette

from .test_table_and_replay import frames_of

NAMES = ["Ann", "Ben", "Cyd"]


def pillow_gif(frames: list[Image.Image]) -> bytes:
    """The frames written by Pillow's GIF writer, whole, on the one palette."""
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], loop=0,
                   duration=frame_durations(len(frames)), optimize=False, disposal=1)  # fmt: skip
    return out.getvalue()


def centiseconds(durations: list[int]) -> list[int]:
    """Durations as a GIF holds them (and Pillow's writer wrote them): in whole 1/100 s."""
    return [duration // 10 * 10 for duration in durations]


@pytest.mark.parametrize(("kind", "players", "seed"), [(AxioGame, 3, 4), (RotaGame, 2, 3)])
def test_a_viewer_sees_every_frame_for_its_time(kind, players, seed):
    game = finished(kind(players, seed), seed)
    moves = [entry.move for entry in game.log]
    drawn = draw_frames(kind, players, seed, moves, NAMES[:players], paletted=True)
    data = gif_bytes(drawn)
    shown = frames_of(data)
    assert [duration for _, duration in shown] == centiseconds(frame_durations(len(drawn)))
    assert [frame.tobytes() for frame, _ in shown] == [d.convert("RGB").tobytes() for d in drawn]
    assert [frame.tobytes() for frame, _ in frames_of(pillow_gif(drawn))] == [
        frame.tobytes() for frame, _ in shown
    ]
    assert Image.open(io.BytesIO(data)).info["loop"] == 0
    assert len(data) < len(pillow_gif(drawn)) / 3  # only what changed is written


def test_frames_that_do_not_change_and_frames_drawn_in_rgb():
    """A frame like the one before is one transparent pixel, shown for its time; an RGB
    frame is mapped to the palette first."""
    first = to_palette(Image.new("RGB", (40, 30), (30, 33, 40)))
    second = Image.new("RGB", (40, 30), (30, 33, 40))
    second.paste((226, 60, 64), (5, 6, 9, 8))
    frames = [first, first.copy(), second, to_palette(second)]
    shown = frames_of(gif_bytes(frames))
    assert [duration for _, duration in shown] == centiseconds(frame_durations(4))
    assert [frame.tobytes() for frame, _ in shown] == [
        to_palette(second).convert("RGB").tobytes()
        if frame is second
        else frame.convert("RGB").tobytes()
        for frame in frames
    ]
    gif = Image.open(io.BytesIO(gif_bytes(frames)))
    gif.seek(1)
    assert gif.tile[0][1] == (0, 0, 1, 1)
    gif.seek(2)
    assert gif.tile[0][1] == (5, 6, 9, 8)


def test_a_replay_needs_a_frame():
    with pytest.raises(ValueError, match="at least one turn"):
        gif_bytes([])
