"""A palette picture written as a PNG, fast: ISA-L and zlib-ng instead of Pillow's zlib.

The same pixels Pillow would write, in a fraction of its time at a similar size
(bench_render's `encodings` compares every level and format). Rows are unfiltered, as
Pillow writes a palette picture: a zero byte, then the row's indices; a kind of picture
may give each row a filter instead (`RowFilters`: "up", the difference from the row
above, where that is smaller on a picture that stands for its kind). The top
`fast_share` of the rows is deflated by ISA-L (`isal`, level 1: 2.5 times zlib-ng's
speed, 8–15 % larger alone), the rest by zlib-ng at level 2, as one zlib stream: ISA-L's
part ends on a byte (a sync flush) and zlib-ng's starts afresh after it, so neither
refers to the other's bytes, and the same picture and share always give the same bytes.
Each picture kind chooses its share (`theme.png_bytes`) so that it stays within a tenth
of the size Pillow wrote before. Nothing here knows the pictures: `theme.png_bytes` maps
a picture to the palette if it is not drawn on it already (`render.paletted`) and calls
this.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from isal import isal_zlib
from PIL import Image
from zlib_ng import zlib_ng

if TYPE_CHECKING:
    from PIL.Image import core

PNG_LEVEL = 2
"""zlib-ng's level for a PNG: a late table in about 2 ms, 1–6 % above what Pillow's level 4
wrote."""
FAST_LEVEL = 1
"""ISA-L's level: its fastest; its level 3 is slower and larger on these pictures."""
FAST_SHARE = 0.5
"""The share of a picture's rows, from the top, deflated by ISA-L unless its kind says."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"
FILTER_NONE = b"\x00"
"""A row's first byte: its PNG filter, none."""
FILTER_UP = 2
"""PNG's filter "up": each byte less the one above it."""
ZLIB_HEADER = b"\x78\x5e"
"""A zlib stream's header: deflate with a 32 KB window, a fast level (a hint only)."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def deflated(
    padded: memoryview, cut: int, level: int = PNG_LEVEL, first: bytes = FILTER_NONE
) -> bytes:
    """The rows as one zlib stream: the bytes before `cut` by ISA-L, the rest by zlib-ng.
    The rows are the first row's filter byte `first`, then `padded` (`padded_rows`) but its
    last byte: both parts are read in place, the byte fed ahead of them, not copied in front
    of half a megabyte."""
    rows = padded[:-1]
    checksum = zlib_ng.adler32(rows, zlib_ng.adler32(first))
    if not cut:
        tail = zlib_ng.compress(first + rows, level, -15)
        return b"".join((ZLIB_HEADER, tail, struct.pack(">I", checksum)))
    fast = isal_zlib.compressobj(FAST_LEVEL, zlib.DEFLATED, -15)
    head = fast.compress(first) + fast.compress(rows[: cut - 1])
    head += fast.flush(isal_zlib.Z_SYNC_FLUSH)
    tail = zlib_ng.compress(rows[cut - 1 :], level, -15)
    return b"".join((ZLIB_HEADER, head, tail, struct.pack(">I", checksum)))


def padded_rows(image: Image.Image) -> memoryview:
    """The picture's indices, each row followed by a zero byte: the rows a PNG holds
    unfiltered (a zero byte, the filter, then the row's indices), from the second byte on
    and one byte further."""
    return _padded(image.im)


def _padded(pixels: core.ImagingCore) -> memoryview:
    """`padded_rows` of a picture's pixels. Pillow's raw encoder pads each row to the stride
    given, in one pass into one buffer (a fifth of the time of pasting the picture into a
    wider one and reading that out)."""
    width, height = pixels.size
    encoder = Image._getencoder("P", "raw", ("P", width + 1))
    encoder.setimage(pixels, (0, 0, width, height))
    chunks, status = [], 0
    while status == 0:  # once: the buffer holds every row
        _, status, data = encoder.encode(height * (width + 1))
        chunks.append(data)
    if status < 0:
        raise ValueError(f"Pillow's raw encoder failed ({status})")
    return memoryview(chunks[0] if len(chunks) == 1 else b"".join(chunks))


@dataclass(frozen=True)
class RowFilters:
    """Each row's PNG filter, chosen once for a kind of picture (`chosen_filters`): none
    (0), or up (2: the row less the row above it, byte by byte, modulo 256; the first row
    less nothing). On a board, rows much like the row above (inside a row of cells) become
    runs of small differences that ISA-L deflates smaller than the indices themselves."""

    kinds: bytes
    """Each row's filter byte."""
    plain: tuple[tuple[int, int], ...]
    """The runs of rows [start, end) written as they are (filter 0)."""


SIGNED_SIZE = bytes(min(value, 256 - value) for value in range(256))
"""How far a byte read as signed is from zero: what PNG's usual choice of filter sums."""


def chosen_filters(picture: Image.Image) -> RowFilters:
    """Each row's filter by PNG's usual rule (the one whose bytes, read as signed, sum to
    less), on a picture that stands for its kind: once a process, in Python."""
    width, height = picture.size
    plain, up = _padded(picture.im), _padded(_differences(picture.im, ()))
    kinds = bytearray()
    for row in range(height):
        start = row * (width + 1)
        sizes = [
            sum(bytes(rows[start : start + width]).translate(SIGNED_SIZE)) for rows in (plain, up)
        ]
        kinds.append(FILTER_UP if sizes[1] < sizes[0] else 0)
    runs, row = [], 0
    while row < height:
        end = row + 1
        while end < height and kinds[end] == kinds[row]:
            end += 1
        if not kinds[row]:
            runs.append((row, end))
        row = end
    return RowFilters(bytes(kinds), tuple(runs))


def _differences(pixels: core.ImagingCore, plain: tuple[tuple[int, int], ...]) -> core.ImagingCore:
    """Each row less the row above it (the first row less nothing), modulo 256, but the
    `plain` runs of rows, which stay as they are."""
    width, _ = pixels.size
    above = pixels.offset(0, 1)  # the last row wraps round to the top: the first is cleared
    above.paste(0, (0, 0, width, 1))
    for start, end in plain:
        above.paste(0, (0, start, width, end))
    return pixels.chop_subtract_modulo(above)


def filtered_rows(image: Image.Image, filters: RowFilters) -> memoryview:
    """`padded_rows` of the picture written with `filters`: each row's bytes as its filter
    makes them, the pad after it the next row's filter byte (the first row's is
    `filters.kinds[:1]`, which `deflated` feeds ahead)."""
    width, _ = image.size
    rows = bytearray(_padded(_differences(image.im, filters.plain)))
    rows[width :: width + 1] = filters.kinds[1:] + FILTER_NONE
    return memoryview(rows)


def encode_png(
    image: Image.Image,
    level: int = PNG_LEVEL,
    fast_share: float = FAST_SHARE,
    filters: RowFilters | None = None,
) -> bytes:
    """A palette ("P") picture as PNG bytes, with its own palette; the top `fast_share` of
    its rows deflated by ISA-L, the rest by zlib-ng at `level`; its rows unfiltered, or
    with `filters` chosen for its kind."""
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    palette = bytes(image.getpalette()[:768])  # type: ignore[index]
    cut = round(height * fast_share) * (width + 1)
    if filters is None:
        data = deflated(padded_rows(image), cut, level)
    else:
        data = deflated(filtered_rows(image, filters), cut, level, filters.kinds[:1])
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", data),
            _chunk(b"IEND", b""),
        )
    )
