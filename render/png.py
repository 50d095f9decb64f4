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
FILTER_NONE = b"\x00"
"""A row's first byte: its PNG filter, none."""
ZLIB_HEADER = b"\x78\x5e"
"""A zlib stream's header: deflate with a 32 KB window, a fast level (a hint only)."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def deflated(padded: memoryview, cut: int, level: int = PNG_LEVEL) -> bytes:
    """The rows as one zlib stream: the bytes before `cut` by ISA-L, the rest by zlib-ng.
    The rows are a zero byte, then `padded` (`padded_rows`) but its last byte: both parts
    are read in place, the zero fed ahead of them, not copied in front of half a megabyte."""
    rows = padded[:-1]
    checksum = zlib_ng.adler32(rows, zlib_ng.adler32(FILTER_NONE))
    if not cut:
        tail = zlib_ng.compress(FILTER_NONE + rows, level, -15)
        return b"".join((ZLIB_HEADER, tail, struct.pack(">I", checksum)))
    fast = isal_zlib.compressobj(FAST_LEVEL, zlib.DEFLATED, -15)
    head = fast.compress(FILTER_NONE) + fast.compress(rows[: cut - 1])
    head += fast.flush(isal_zlib.Z_SYNC_FLUSH)
    tail = zlib_ng.compress(rows[cut - 1 :], level, -15)
    return b"".join((ZLIB_HEADER, head, tail, struct.pack(">I", checksum)))


def padded_rows(image: Image.Image) -> memoryview:
    """The picture's indices, each row followed by a zero byte: the rows a PNG holds
    unfiltered (a zero byte, the filter, then the row's indices), from the second byte on
    and one byte further. Pillow's raw encoder pads each row to the stride given, in one
    pass into one buffer (a fifth of the time of pasting the picture into a wider one and
    reading that out)."""
    width, height = image.size
    encoder = Image._getencoder("P", "raw", ("P", width + 1))
    encoder.setimage(image.im, (0, 0, width, height))
    chunks, status = [], 0
    while status == 0:  # once: the buffer holds every row
        _, status, data = encoder.encode(height * (width + 1))
        chunks.append(data)
    if status < 0:
        raise ValueError(f"Pillow's raw encoder failed ({status})")
    return memoryview(chunks[0] if len(chunks) == 1 else b"".join(chunks))


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
            _chunk(b"IDAT", deflated(padded_rows(image), cut, level)),
            _chunk(b"IEND", b""),
        )
    )
