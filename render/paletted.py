"""Pictures drawn straight on the shared palette, from parts drawn once (`render.png`
writes them).

Every picture ends as a palette PNG (`theme.to_palette`): each RGB colour maps to one
palette index, pixel by pixel, without dithering. So a part pasted whole (a tile, a board's
empty background, a name in its font) can be mapped once and pasted already mapped, and a
flat shape in a key colour can be filled with that colour's index: the picture comes out
index for index as if it had been drawn in RGB and mapped at the end, without the end's
full-picture mapping (a tenth of a table's time) or three bytes a pixel to move around.

What needs the colours under it stays in RGB and is mapped as a part: anti-aliased text
(drawn on the flat colour under it, then cached as a sprite per words, size and spot), a
chip over a score track (the whole track row is one part), a resigned seat's dimmed panel.
Every drawing function keeps its RGB path (`paletted=False`, today's drawing with nothing
cached): `tests/render/test_parts.py` compares the two, pixel for pixel, for every kind.

Caches are bounded: sprites by their own `lru_cache`, their mapped twins and text parts
here (`MAPPED_LIMIT`, `TEXT_LIMIT`), so a process's caches stay a few megabytes whatever
names and games pass through it.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache, partial

from PIL import Image, ImageDraw, ImageFont

from . import theme
from .theme import RGB

MAPPED_LIMIT = 4096
"""Cached sprites whose palette twin is kept (each a few kilobytes)."""
TEXT_LIMIT = 8192
"""Text parts kept: a name or a number at a size, on a ground, at a sub-pixel spot."""

_mapped: dict[int, tuple[Image.Image, Image.Image]] = {}


def mapped(sprite: Image.Image) -> Image.Image:
    """A cached RGB sprite on the palette, mapped once per process. Only for sprites that
    live in a cache: the twin is found by the sprite's identity (and keeps it alive)."""
    if sprite.mode == "P":
        return sprite
    found = _mapped.get(id(sprite))
    if found is not None and found[0] is sprite:
        return found[1]
    if len(_mapped) >= MAPPED_LIMIT:
        _mapped.clear()
    twin = theme.to_palette(sprite)
    _mapped[id(sprite)] = (sprite, twin)
    return twin


@lru_cache(maxsize=1)
def palette_data() -> list[int]:
    return theme.palette_image().getpalette()  # type: ignore[return-value]


@lru_cache(maxsize=64)
def index_of(colour: RGB) -> int:
    """The palette index a colour maps to."""
    return theme.to_palette(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))  # type: ignore[return-value]


@lru_cache(maxsize=1)
def _colour_indices() -> dict[tuple[int, ...], int]:
    return dict(theme.palette_image().palette.colors)  # type: ignore[union-attr]


def _drawable(image: Image.Image) -> Image.Image:
    """A palette picture to draw on: `ImageDraw.Draw(image)` gives a `PaletteDraw` (Pillow
    asks an image for its `getdraw`), and its colour lookup (what shapes are filled with)
    is the shared one, copied, not built again from its 256 entries for each picture."""
    image.palette.colors = dict(_colour_indices())  # type: ignore[union-attr]
    image.getdraw = partial(PaletteDraw, image)  # type: ignore[attr-defined]
    return image


def canvas(size: tuple[int, int], colour: RGB, paletted: bool) -> Image.Image:
    """A new picture filled with `colour`: on the palette, or in RGB (the reference)."""
    if not paletted:
        return Image.new("RGB", size, colour)
    image = Image.new("P", size, index_of(colour))
    image.putpalette(palette_data())
    return _drawable(image)


def copy_of(part: Image.Image, paletted: bool) -> Image.Image:
    """A cached part (an empty board, an empty panel) copied to draw on: on the palette,
    or as it is (the reference)."""
    return _drawable(mapped(part).copy()) if paletted else part.copy()


def place(image: Image.Image, sprite: Image.Image, at: tuple[int, int]) -> None:
    """Paste an opaque sprite (cached, or already on the palette) with its top-left corner
    at `at`, on the picture's own terms."""
    if image.mode == "P":
        sprite = mapped(sprite)
    x, y = at
    width, height = sprite.size
    image.im.paste(sprite.im, (x, y, x + width, y + height))


def as_mode(part: Image.Image, mode: str) -> Image.Image:
    """A part drawn for this call (not cached) in the picture's mode: mapped if need be."""
    return theme.to_palette(part) if mode == "P" and part.mode != "P" else part


# --- text ------------------------------------------------------------------------------
_texts: OrderedDict[tuple, tuple[Image.Image, Image.Image]] = OrderedDict()


class PaletteDraw(ImageDraw.ImageDraw):
    """Drawing on a palette picture: shapes as `ImageDraw` draws them (flat, in a key
    colour's index); one line of text from parts (`draw_text`), where `ImageDraw` would
    blend palette indices as if they were grey levels."""

    def text(  # type: ignore[override]
        self,
        xy: tuple[float, float],
        text: str,
        fill: RGB | None = None,
        font: ImageFont.FreeTypeFont | None = None,
        anchor: str | None = None,
        **options: object,
    ) -> None:
        if options or font is None or fill is None or "\n" in text:
            raise ValueError("a palette picture draws one line in a given font and colour")
        draw_text(self, xy, text, font, fill, anchor)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    shown: str,
    font: ImageFont.FreeTypeFont,
    fill: RGB,
    anchor: str | None,
) -> None:
    """Text on a palette picture: the words drawn in RGB once on the flat colour under
    them, at the same sub-pixel spot (Pillow places a glyph by the fraction of its start),
    mapped, kept, and pasted over exactly the pixels the text would touch. On a ground
    that is not flat (never, in these pictures) it is drawn for this call alone."""
    x, y = xy
    left, top = math.floor(x), math.floor(y)
    spot = (x - left, y - top)
    width, height = draw.im.size
    shape = (shown, font, anchor, spot)
    found = _texts.get((shape, fill))
    if found is None:
        found = _text_part(shape, fill)
    else:
        _texts.move_to_end((shape, fill))
    part, touched = found
    box = (left + part.info["dx"], top + part.info["dy"])
    box = (*box, box[0] + part.width, box[1] + part.height)
    inside = (max(0, box[0]), max(0, box[1]), min(width, box[2]), min(height, box[3]))
    if inside[0] >= inside[2] or inside[1] >= inside[3]:
        return
    cut = (inside[0] - box[0], inside[1] - box[1], inside[2] - box[0], inside[3] - box[1])
    low, high = draw.im.crop(inside).getextrema()
    if low != high:  # not flat: the text over what is there, only where it touches
        under = Image.new("P", part.size)
        under.putpalette(palette_data())
        under.im.paste(draw.im.crop(inside), cut)
        rgb = under.convert("RGB")
        rgb.paste(Image.new("RGB", part.size, fill), (0, 0), part)
        mapped_part = theme.to_palette(rgb)
    else:
        mapped_part = _on_ground(found, shape, fill, low)
    if cut != (0, 0, *part.size):  # at a picture's edge: only what is inside it
        mapped_part, touched = mapped_part.crop(cut), touched.crop(cut)
    draw.im.paste(mapped_part.im, inside, touched.im)


def _text_part(shape: tuple, fill: RGB) -> tuple[Image.Image, Image.Image]:
    """The text's coverage (an L mask, exactly as Pillow would blend it) and where it
    sits from the start's whole pixel (`info` dx, dy); and a 1-bit mask of the pixels it
    touches."""
    shown, font, anchor, spot = shape
    mask, (dx, dy) = font.getmask2(shown, "L", anchor=anchor, start=spot)
    part = Image.new("L", mask.size)
    part.im.paste(mask, (0, 0, *mask.size))
    part.info = {"dx": dx, "dy": dy}
    touched = part.point(lambda v: 255 if v else 0).convert("1")
    found = (part, touched)
    _texts[(shape, fill)] = found
    if len(_texts) > TEXT_LIMIT:
        _texts.popitem(last=False)
    return found


_grounded: OrderedDict[tuple, Image.Image] = OrderedDict()


def _on_ground(found: tuple, shape: tuple, fill: RGB, ground: int) -> Image.Image:
    """The text blended onto a flat palette colour and mapped: the part pasted."""
    key = (shape, fill, ground)
    part = _grounded.get(key)
    if part is not None:
        _grounded.move_to_end(key)
        return part
    colour = tuple(palette_data()[ground * 3 : ground * 3 + 3])
    rgb = Image.new("RGB", found[0].size, colour)  # type: ignore[arg-type]
    rgb.paste(Image.new("RGB", rgb.size, fill), (0, 0), found[0])
    part = theme.to_palette(rgb)
    _grounded[key] = part
    if len(_grounded) > TEXT_LIMIT:
        _grounded.popitem(last=False)
    return part


def cache_counts() -> dict[str, int]:
    """How many parts the caches here hold (bench_render reports them)."""
    return {
        "mapped_sprites": len(_mapped),
        "text_shapes": len(_texts),
        "text_parts": len(_grounded),
    }
