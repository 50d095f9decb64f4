"""The shared look: every flat colour survives PNG encoding exactly, so what tests read is
what was drawn; images are palette PNGs; the font is Pillow's own."""

from __future__ import annotations

import io

from PIL import Image

from render import theme


def test_key_colours_survive_encoding_exactly():
    keys = list(dict.fromkeys(theme.KEY_COLOURS))
    image = Image.new("RGB", (len(keys), 1))
    image.putdata(keys)
    decoded = Image.open(io.BytesIO(theme.png_bytes(image)))
    assert decoded.mode == "P"
    assert list(decoded.convert("RGB").get_flattened_data()) == keys


def test_font_is_pillows_scalable_default():
    font = theme.font(24)
    assert font.size == 24
    assert font.getbbox("A1")[3] > 12
