"""Reading rendered images the way a person looks at them: the colour that fills a region,
whether a colour appears in a region at all. Positions come from render's own layout
helpers, so the tests check what is drawn where the drawing says it is."""

from __future__ import annotations

import io
from collections import Counter

from PIL import Image

from render.theme import RGB

Box = tuple[int, int, int, int]


def decode(data: bytes) -> Image.Image:
    """A PNG as RGB, checking it really is a PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def inset(box: Box, part: float) -> Box:
    """The box shrunk by `part` of its size on each side: the middle of a cell."""
    x0, y0, x1, y1 = box
    dx, dy = round((x1 - x0) * part), round((y1 - y0) * part)
    return (x0 + dx, y0 + dy, x1 - dx, y1 - dy)


def fill_colour(image: Image.Image, box: Box) -> RGB:
    """The colour covering most of the box: what a person calls the colour of that spot,
    whatever symbol is drawn on it."""
    counts = Counter(image.crop(box).get_flattened_data())
    return counts.most_common(1)[0][0]


def centre_colour(image: Image.Image, box: Box) -> RGB:
    """The fill of the middle of a cell (its central 60%)."""
    return fill_colour(image, inset(box, 0.2))


def count(image: Image.Image, box: Box, rgb: RGB) -> int:
    """How many pixels of the box have exactly this colour."""
    return sum(1 for p in image.crop(box).get_flattened_data() if p == rgb)


def near(a: RGB, b: RGB, tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))
