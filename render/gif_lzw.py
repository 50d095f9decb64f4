"""A replay frame's image data: Pillow's LZW coder for the rows that changed, and codes
written here for the long runs of unchanged rows between them.

Pillow's coder costs about 4 ns a pixel, even on a run of one index, and a frame's
rectangle spans the whole picture (its status line and caption change every turn) though
a turn changes a few percent of it. So a frame is cut where whole rows did not change:
each band of changed rows goes through Pillow's coder, and each stretch of unchanged rows
between them is a run of the transparent index, whose LZW codes are known in advance
(the lengths 1, 2, 3, … each a code of its own: `run_codes`). The parts are joined bit
for bit into one code stream, a clear code between two parts, so each starts on an empty
code table as it was coded: a GIF decoder reads one stream, the same pixels.

Joining needs the code width the decoder has reached where a part ends. Pillow's coder
(Pillow ≥ 9.4) emits a code for each table entry and clears the table when it is full,
so its code widths follow one fixed schedule (`CODES_AT_WIDTH`) and a part's length in
bits says how many codes it holds; a length the schedule cannot give (a coder that
changed) raises. Once a process, a frame joined here is decoded by Pillow's reader
(`joins_pillows_codes`); a Pillow whose coder works otherwise gets whole rectangles through
its coder, as before the join: slower, the same pictures. `tests/render/test_gif.py`
decodes every frame.
"""

from __future__ import annotations

import io
import math
import random
import struct
from functools import lru_cache

from PIL import GifImagePlugin, Image, ImageChops

CLEAR = 256
END = 257
FIRST_ENTRY = 258
TABLE_FULL = 4096
CODES_AT_WIDTH = ((255, 9), (512, 10), (1024, 11), (2048, 12))
"""How many codes an LZW coder of 8-bit pixels writes at each width after a clear code,
until its table is full: the width grows as the decoder's next entry reaches 2**width."""
CYCLE_BITS = sum(count * width for count, width in CODES_AT_WIDTH) + 12
"""A full table's codes and the clear code after them, in bits."""
PROBE_ROWS = 64
"""Rows compared at once when looking for unchanged stretches (`changed_bands`): a
stretch within one probe's rows is not seen, so Pillow's coder is given it."""
SKIP_PIXELS = 16384
"""An unchanged stretch at least this long is written here: shorter, the cost of a part
of its own (a call to Pillow's coder, a table started afresh, which costs bytes) outweighs
Pillow's 4 ns a pixel. On the 76-turn replay 8192, 16384 and 32768 take the same time
(±1 %), the GIF 6.7, 6.3 and 5.2 % larger than one part a frame."""


def code_width(number: int) -> int:
    """The width of the `number`th code after a clear code (1 for the first)."""
    for count, width in CODES_AT_WIDTH:
        if number <= count:
            return width
        number -= count
    return 12


def next_width(bits: int) -> int:
    """The width of the code that follows Pillow's codes of `bits` bits after its first
    clear code (its own later clear codes included)."""
    left = bits % CYCLE_BITS
    if left == 0:
        raise ValueError("an LZW part cannot end on its coder's clear code")
    codes = 0
    for count, width in CODES_AT_WIDTH:
        if left <= count * width:
            whole, rest = divmod(left, width)
            if rest:
                raise ValueError(f"{bits} bits are not whole codes of Pillow's GIF coder")
            return code_width(codes + whole + 1)
        left -= count * width
        codes += count
    raise ValueError(f"{bits} bits are not whole codes of Pillow's GIF coder")


@lru_cache(maxsize=1)
def run_codes(index: int) -> tuple[int, tuple[int, ...]]:
    """The codes of runs of `index` after a clear code, as one number (the first code in
    the lowest bits): `index`, then 258 (two of it, the entry the decoder makes from the
    code before), 259 (three), … until the table is full; and how many bits the first k
    codes take, for each k."""
    codes, bits, ends = index, 9, [0, 9]
    for number in range(2, TABLE_FULL - FIRST_ENTRY + 2):
        codes |= (FIRST_ENTRY + number - 2) << bits
        bits += code_width(number)
        ends.append(bits)
    return codes, tuple(ends)


def run_part(index: int, length: int) -> tuple[int, int, int]:
    """`length` pixels of `index` coded after a clear code: (codes, bits, the width of the
    code after them). Runs longer than one table's worth are cut by clear codes."""
    codes, ends = run_codes(index)
    most = len(ends) - 2  # whole runs 1..most, and room for the rest's code
    out, at = 0, 0
    while True:
        whole = min(most, (math.isqrt(8 * length + 1) - 1) // 2)  # runs 1..whole
        length -= whole * (whole + 1) // 2
        if length > whole + 1:  # more than one more code holds: a table of its own
            out |= ((codes & ((1 << ends[whole]) - 1)) | CLEAR << ends[whole]) << at
            at += ends[whole] + code_width(whole + 1)
            continue
        out |= (codes & ((1 << ends[whole]) - 1)) << at
        at += ends[whole]
        if length:  # the rest: the entry that holds that many (or the index alone)
            out |= (index if length == 1 else FIRST_ENTRY + length - 2) << at
            at += code_width(whole + 1)
            whole += 1
        return out, at, code_width(whole + 1)


def pillow_part(piece: Image.Image) -> tuple[int, int, int]:
    """Pillow's LZW codes of a palette picture, its first clear code and its end code
    left out: (codes, bits, the width of the code after them)."""
    blocks = piece.tobytes("gif", "P")
    data, at = bytearray(), 0
    while at < len(blocks):
        size = blocks[at]
        data += blocks[at + 1 : at + 1 + size]
        at += size + 1
    stream = int.from_bytes(data, "little")
    end = stream.bit_length() - 9  # the end code, 257: its top bit is the stream's last
    bits = end - 9
    return (stream >> 9) & ((1 << bits) - 1), bits, next_width(bits)


def changed_bands(changed: Image.Image, box: tuple[int, int, int, int]) -> list[list[int]]:
    """The stretches of rows of `box` with a change in `changed` (0 where unchanged), as
    [top, bottom]: two are apart when at least `SKIP_PIXELS` unchanged pixels part them."""
    left, top, right, bottom = box
    apart = -(-SKIP_PIXELS // (right - left))  # rows
    bands: list[list[int]] = []
    core = changed.im  # Pillow's own picture: a crop of it skips the wrapper's palette copy
    for y in range(top, bottom, PROBE_ROWS):
        found = core.crop((left, y, right, min(y + PROBE_ROWS, bottom))).getbbox()
        if found is None:
            continue
        first, last = y + found[1], y + found[3]
        if bands and first - bands[-1][1] < apart:
            bands[-1][1] = last
        else:
            bands.append([first, last])
    return bands


def frame_codes(frame: Image.Image, changed: Image.Image, box: tuple[int, int, int, int],
                unchanged: int, same: list[int]) -> bytes:  # fmt: skip
    """The image data of `frame`'s `box` (after its LZW minimum code size): the pixels
    `changed` says are as before (`same` maps a difference to 255 for those) written as
    `unchanged`, in sub-blocks, ended. Where this Pillow's coder does not join
    (`joins_pillows_codes`), the whole box goes through it, as before the join."""
    if joins_pillows_codes():
        return frame_codes_joined(frame, changed, box, unchanged, same)
    return whole_codes(frame, changed, box, unchanged, same)


def frame_codes_joined(frame: Image.Image, changed: Image.Image, box: tuple[int, int, int, int],
                       unchanged: int, same: list[int]) -> bytes:  # fmt: skip
    """`frame_codes` by bands of Pillow's coder and runs coded here, joined."""
    left, top, right, bottom = box
    width = right - left
    parts, y = [], top
    for first, last in changed_bands(changed, box):
        if first > y:
            parts.append(run_part(unchanged, (first - y) * width))
        parts.append(
            pillow_part(marked(frame, changed, (left, first, right, last), unchanged, same))
        )
        y = last
    if bottom > y:  # nothing changed: the box is one transparent run
        parts.append(run_part(unchanged, (bottom - y) * width))
    stream, at, width_now = CLEAR, 9, 9
    for codes, bits, width_after in parts:
        if at > 9:
            stream |= CLEAR << at
            at += width_now
        stream |= codes << at
        at += bits
        width_now = width_after
    stream |= END << at
    at += width_now
    return sub_blocks(stream.to_bytes((at + 7) // 8, "little"))


def whole_codes(frame: Image.Image, changed: Image.Image, box: tuple[int, int, int, int],
                unchanged: int, same: list[int]) -> bytes:  # fmt: skip
    """`frame_codes` by Pillow's coder alone: every pixel of the box through it."""
    return marked(frame, changed, box, unchanged, same).tobytes("gif", "P") + b"\0"


def marked(frame: Image.Image, changed: Image.Image, box: tuple[int, int, int, int],
           unchanged: int, same: list[int]) -> Image.Image:  # fmt: skip
    """`box` of `frame`, the pixels `changed` says are as before written as `unchanged`."""
    piece = frame.crop(box)
    piece.im.paste(unchanged, (0, 0, *piece.size), changed.im.crop(box).point(same, "1"))
    return piece


@lru_cache(maxsize=1)
def joins_pillows_codes() -> bool:
    """Whether parts of Pillow's coder, joined here, decode to what they were drawn from:
    checked once a process on a frame with two bands of noise around a long unchanged
    stretch, so that a Pillow whose coder works otherwise gets whole boxes (slower, the
    same pictures) instead of broken ones."""
    noise = random.Random(36)
    width, height = 97, 2 * PROBE_ROWS + -(-SKIP_PIXELS // 97) + PROBE_ROWS
    before = Image.new("P", (width, height), 0)
    after = before.copy()
    for y in [*range(3), *range(height - 3, height)]:
        for x in range(width):
            after.putpixel((x, y), noise.randrange(1, 200))
    changed = ImageChops.difference(before, after)
    same, unchanged = [255] + [0] * 255, 255
    box = (0, 0, width, height)
    shown = bytes(unchanged if index == 0 else index for index in after.tobytes())
    try:
        data = frame_codes_joined(after, changed, box, unchanged, same)
        return decoded(data, box, after.getpalette() or []) == shown
    except (ValueError, OSError):  # a length off the schedule; a stream Pillow cannot read
        return False


def decoded(data: bytes, box: tuple[int, int, int, int], palette: list[int]) -> bytes:
    """The palette indices of one frame's image data, read by Pillow's GIF decoder."""
    width, height = box[2] - box[0], box[3] - box[1]
    screen = struct.pack("<HHBBB", width, height, 0x87, 0, 0)
    place = struct.pack("<BHHHHB", 0x2C, 0, 0, width, height, 0)
    colours = bytes(palette[:768]).ljust(768, b"\0")
    gif = b"GIF89a" + screen + colours + place + b"\x08" + data + b";"
    with GifImagePlugin.GifImageFile(io.BytesIO(gif)) as picture:
        return picture.tobytes()


def sub_blocks(data: bytes) -> bytes:
    """Image data as a GIF holds it: blocks of at most 255 bytes, each after its length,
    and an empty one at the end."""
    blocks = [data[at : at + 255] for at in range(0, len(data), 255)]
    return b"".join(bytes((len(block),)) + block for block in blocks) + b"\0"
