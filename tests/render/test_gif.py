"""The replay's GIF writer (`render.replay.gif_bytes`): what a viewer sees is every frame
drawn, each for its time, as Pillow's own writer (what wrote replays before) shows them."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

from engine import AxioGame, RotaGame
from render import gif_lzw
from render.gif_lzw import CYCLE_BITS, PROBE_ROWS, SKIP_PIXELS, changed_bands, next_width
from render.replay import frame_durations, gif_bytes, turn_frames
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
    drawn = list(turn_frames(kind, players, seed, moves, NAMES[:players], paletted=True))
    data = gif_bytes(drawn)
    shown = frames_of(data)
    assert [duration for _, duration in shown] == centiseconds(frame_durations(len(drawn)))
    assert [frame.tobytes() for frame, _ in shown] == [d.convert("RGB").tobytes() for d in drawn]
    assert [frame.tobytes() for frame, _ in frames_of(pillow_gif(drawn))] == [
        frame.tobytes() for frame, _ in shown
    ]
    assert Image.open(io.BytesIO(data)).info["loop"] == 0
    # Only what changed is written (each band of changed rows on an LZW table of its own
    # costs a few percent over one table for the whole rectangle).
    assert len(data) < len(pillow_gif(drawn)) / 2.5


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


def changed_rows(size: tuple[int, int], bands: list[tuple[int, int]], seed: int) -> Image.Image:
    """A palette frame of one colour but for noise in the given rows (`bands`)."""
    frame = Image.new("P", size, 3)
    frame.putpalette(to_palette(Image.new("RGB", (1, 1))).getpalette())  # type: ignore[arg-type]
    for number, (top, bottom) in enumerate(bands):
        noise = Image.effect_noise((size[0], bottom - top), 60 + seed + number).convert("L")
        frame.paste(noise.point(lambda v: v % 29), (0, top))  # 29 colours: many LZW codes
    return frame


@pytest.mark.parametrize("seed", range(12))
def test_bands_of_any_length_join_into_one_stream(seed):
    """Bands of changed rows end on LZW codes of every width, past full tables too, and
    the unchanged stretches between them are runs of any length: each frame decodes to
    its pixels."""
    rng = random.Random(seed)
    width, height = rng.choice([(97, 700), (320, 400), (720, 300)])
    frames = [changed_rows((width, height), [], seed)]
    for number in range(3):
        rows = sorted(rng.sample(range(height + 1), 2 * rng.randrange(1, 5)))
        bands = list(zip(rows[::2], rows[1::2], strict=True))
        frames.append(changed_rows((width, height), bands, seed * 10 + number))
    shown = frames_of(gif_bytes(frames))
    assert [frame.tobytes() for frame, _ in shown] == [
        frame.convert("RGB").tobytes() for frame in frames
    ]


def test_an_unchanged_stretch_longer_than_a_code_table_holds():
    """7.4 million unchanged pixels fill a table of runs: the run goes on after a clear."""
    size = (130, 60_000)
    first = changed_rows(size, [], 0)
    second = changed_rows(size, [(0, 2), (59_998, 60_000)], 1)
    shown = frames_of(gif_bytes([first, second]))
    assert shown[1][0].tobytes() == second.convert("RGB").tobytes()
    assert len(gif_bytes([first, second])) < 100_000


def test_a_part_that_is_not_whole_codes_of_pillows_coder_is_refused():
    """The code width after Pillow's part is read from its length: a length the coder's
    schedule cannot give (a coder that changed) is an error, not a broken GIF."""
    assert next_width(9 * 255) == 10
    assert next_width(9 * 255 + 10 * 512) == 11
    assert next_width(CYCLE_BITS + 9) == 9
    with pytest.raises(ValueError, match="whole codes"):
        next_width(9 * 255 + 3)


def no_pair_twice(symbols: int, length: int) -> bytes:
    """Pixels in which no two neighbours repeat (a de Bruijn sequence's start): an LZW
    coder writes one code for each."""
    found, seen, last = bytearray([0]), set(), 0
    while len(found) < length:
        following = next(s for s in range(symbols - 1, -1, -1) if (last, s) not in seen)
        seen.add((last, following))
        found.append(following)
        last = following
    return bytes(found)


@pytest.mark.parametrize("codes", [255, 256, 767, 768, 1791, 3839, 3840, 5000])
def test_a_band_ending_where_the_code_width_grows(codes):
    """A band of changed pixels that Pillow writes in exactly `codes` codes, around the
    counts at which the decoder's code width grows (255, 767, 1791) or its table is full
    (3839): the clear code after it has the width the decoder reads."""
    gap = -(-SKIP_PIXELS // codes) + 2 * PROBE_ROWS  # rows: long enough to be cut out
    size = (codes, gap + 2)
    first = changed_rows(size, [], 0)
    first.paste(200, (0, 0, *size))
    second = first.copy()
    second.paste(Image.frombytes("P", (codes, 1), no_pair_twice(120, codes)), (0, 0))
    second.paste(7, (0, gap + 1, 5, gap + 2))  # a band at the bottom, after the gap
    changed = ImageChops.difference(first, second)
    assert [band[0] for band in changed_bands(changed, changed.getbbox())] == [0, gap + 1]
    shown = frames_of(gif_bytes([first, second]))
    assert shown[1][0].tobytes() == second.convert("RGB").tobytes()


def test_a_pillow_whose_coder_does_not_join_gets_whole_rectangles(monkeypatch):
    """A Pillow whose coder works otherwise (here: the code width after its part misread)
    fails the check made once a process, and its replays are written whole rectangle by
    whole rectangle through its coder: the same frames, not a broken GIF."""
    frames = [changed_rows((97, 400), [], 0), changed_rows((97, 400), [(0, 2), (390, 400)], 1)]
    joined = gif_bytes(frames)
    assert gif_lzw.joins_pillows_codes()
    monkeypatch.setattr(gif_lzw, "next_width", lambda bits: 12)
    gif_lzw.joins_pillows_codes.cache_clear()
    try:
        assert not gif_lzw.joins_pillows_codes()
        whole = gif_bytes(frames)
    finally:
        gif_lzw.joins_pillows_codes.cache_clear()
    assert whole != joined
    assert [f.tobytes() for f, _ in frames_of(whole)] == [f.tobytes() for f, _ in frames_of(joined)]
    assert frames_of(whole)[1][0].tobytes() == frames[1].convert("RGB").tobytes()
