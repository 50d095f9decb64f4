"""Our PNG writer (`render.png`): whatever share of the rows ISA-L deflates, the PNG shows
the picture's pixels, is one valid zlib stream, and the same picture gives the same bytes."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from engine import AxioGame
from render.png import encode_png
from render.samples import played
from render.table import draw_table
from render.theme import to_palette


def pictures() -> list[Image.Image]:
    noise = to_palette(Image.effect_noise((97, 61), 80).convert("RGB"))
    table = draw_table(played(AxioGame(4, 2), 40), ["a", "b", "c", "d"], paletted=True)
    one_row = to_palette(Image.linear_gradient("L").convert("RGB").crop((0, 9, 256, 10)))
    return [noise, table, one_row]


def idat(data: bytes) -> bytes:
    """The PNG's image data, its chunks checked for their lengths and CRCs."""
    at, found = 8, b""
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        crc = int.from_bytes(data[at + 8 + length : at + 12 + length], "big")
        assert zlib.crc32(kind + body) == crc
        found += body if kind == b"IDAT" else b""
        at += 12 + length
    return found


@pytest.mark.parametrize("share", [0.0, 0.25, 0.5, 0.6, 1.0])
def test_every_share_writes_the_pictures_pixels(share):
    for picture in pictures():
        data = encode_png(picture, fast_share=share)
        shown = Image.open(io.BytesIO(data))
        assert shown.mode == "P" and shown.size == picture.size
        assert shown.tobytes() == picture.tobytes()
        assert shown.getpalette()[:768] == picture.getpalette()[:768]
        rows = zlib.decompress(idat(data))  # checks the stream's adler32 too
        assert len(rows) == (picture.width + 1) * picture.height
        assert encode_png(picture, fast_share=share) == data


def test_isa_ls_share_is_the_larger():
    """What the share trades for its speed (bench_render's `encodings` times it): bytes."""
    table = pictures()[1]
    assert len(encode_png(table, fast_share=1.0)) > len(encode_png(table, fast_share=0.0))
