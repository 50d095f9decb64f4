"""Our PNG writer (`render.png`): whatever share of the rows ISA-L deflates, the PNG shows
the picture's pixels, is one valid zlib stream, and the same picture gives the same bytes."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from engine import AxioGame
from render.png import FILTER_UP, RowFilters, chosen_filters, encode_png
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


def test_rows_written_with_filters_show_the_pictures_pixels():
    """Rows filtered "up" (`chosen_filters`) decode, by Pillow's reader, to the picture's
    indices, whatever share ISA-L deflates; the filters chosen on one picture serve another
    of its size, and the first row, with no row above it, is written right either way."""
    table = pictures()[1]
    filters = chosen_filters(table)
    kinds = set(filters.kinds)
    assert kinds == {0, FILTER_UP}  # a table has rows of both sorts
    other = draw_table(played(AxioGame(4, 3), 10), ["e", "f", "g", "h"], paletted=True)
    for picture in (table, other):
        for share in (0.0, 0.5, 1.0):
            data = encode_png(picture, fast_share=share, filters=filters)
            assert Image.open(io.BytesIO(data)).tobytes() == picture.tobytes()
            rows = zlib.decompress(idat(data))
            assert rows[:: picture.width + 1] == filters.kinds
            assert encode_png(picture, fast_share=share, filters=filters) == data


def test_the_first_row_is_filtered_up_against_nothing():
    """A picture whose first row is best written as differences (a gradient row under
    nothing): filter up on the first row subtracts zeros, as PNG reads it."""
    ramp = to_palette(Image.linear_gradient("L").convert("RGB").crop((0, 0, 256, 3)))
    filters = RowFilters(bytes([FILTER_UP] * 3), ())
    shown = Image.open(io.BytesIO(encode_png(ramp, filters=filters)))
    assert shown.tobytes() == ramp.tobytes()
