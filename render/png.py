"""A palette picture written as a PNG, fast: ISA-L and zlib-ng instead of Pillow's zlib.

The same pixels Pillow would write, in a fraction of its time at a similar size
(bench_render's `encodings` compares every level and format). Rows are unfiltered, as
Pillow writes a palette picture (filters do little for palette indices): a zero byte,
then the row's indices. The top `fast_share` of the rows is deflated by ISA-L (`isal`,
level 1: 2.5 times zlib-ng's speed, 8–15 % larger alone), the rest by zlib-ng at level 2,
as one zlib stream: ISA-L's part ends on a byte (a sync flush) and zlib-ng's starts afresh
after it, so neither refers to the other's bytes, and the same picture and share always
give the same bytes. Each picture kind chooses its share (`theme.png_bytes`) so that it
stays within a tenth of the size Pillow wrote before. Nothing here knows the pictures:
`theme.png_bytes` maps a picture to the palette if it is not drawn on it already
(`render.paletted`) and calls this.
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image
from zlib_ng import zlib_ng

PNG_LEVEL = 2
"""zlib-ng's level for a PNG: a late table in about 2 ms, 1–6 % above what Pillow's level 4
wrote."""
FAST_LEVEL = 1
"""ISA-L's level: its fastest; its level 3 is slower and larger on these pictures."""
FAST_SHARE = 0.5
"""The share of a picture's rows, from the top, deflated by ISA-L unless its kind says."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x5e"
"""A zlib stream's header: deflate with a 32 KB window, a fast level (a hint only)."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def deflated(rows: bytes, cut: int, level: int = PNG_LEVEL) -> bytes:
    """`rows` as one zlib stream: the bytes before `cut` by ISA-L, the rest by zlib-ng."""
    view = memoryview(rows)  # the two parts read in place, not copied
    fast = isal_zlib.compressobj(FAST_LEVEL, zlib.DEFLATED, -15)
    head = fast.compress(view[:cut]) + fast.flush(isal_zlib.Z_SYNC_FLUSH) if cut else b""
    tail = zlib_ng.compress(view[cut:], level, -15)
    return b"".join((ZLIB_HEADER, head, tail, struct.pack(">I", zlib_ng.adler32(rows))))


def rows_of(image: Image.Image) -> bytes:
    """The picture's rows as a PNG holds them unfiltered: a zero byte (the filter), then
    the row's indices. Pillow's raw encoder pads each row with a zero byte to the stride
    given, in one pass into one buffer (a fifth of the time of pasting the picture into a
    wider one and reading that out); the zero that ends the last row starts the first."""
    width, height = image.size
    encoder = Image._getencoder("P", "raw", ("P", width + 1))
    encoder.setimage(image.im, (0, 0, width, height))
    chunks, status = [], 0
    while status == 0:  # once: the buffer holds every row
        _, status, data = encoder.encode(height * (width + 1))
        chunks.append(data)
    if status < 0:
        raise ValueError(f"Pillow's raw encoder failed ({status})")
    padded = memoryview(chunks[0] if len(chunks) == 1 else b"".join(chunks))
    return b"\x00" + padded[:-1]


def encode_png(image: Image.Image, level: int = PNG_LEVEL, fast_share: float = FAST_SHARE) -> bytes:
    """A palette ("P") picture as PNG bytes, with its own palette; the top `fast_share` of
    its rows deflated by ISA-L, the rest by zlib-ng at `level`."""
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    palette = bytes(image.getpalette()[:768])  # type: ignore[index]
    cut = round(height * fast_share) * (width + 1)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", deflated(rows_of(image), cut, level)),
            _chunk(b"IEND", b""),
        )
    )
