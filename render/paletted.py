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

Caches are bounded by the bytes they hold (`PARTS_BYTES`, `TEXT_BYTES`), and hold parts
on the palette only (one byte a pixel): a sprite drawn for the palette is drawn in RGB for
the moment it is mapped, and its RGB drawing is not kept (`part_for`). So a process's
caches stay a few megabytes whatever names and games pass through it.
"""

from __future__ import annotations

import math
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from . import theme
from .theme import RGB

if TYPE_CHECKING:
    from typing import TypeAlias

    from PIL.Image import core

    Part: TypeAlias = Image.Image | core.ImagingCore  # a picture, or its pixels alone

PARTS_BYTES = 10 * 2**20
"""The palette parts kept (`part_for`): tiles, labels and cells at each size met."""
TEXT_BYTES = 4 * 2**20
"""The text parts kept: a name or a number at a size, on a ground, at a sub-pixel spot."""
WINDOWS_BYTES = 2**18
"""The windows kept by what they show (`windows`): a board's badges over its tiles,
each game's own, so kept apart from the parts every game shares, which they would push
out; a hundred badges, a few dozen games' latest boards."""
MAPPED_LIMIT = 64
"""Cached RGB parts whose palette twin is kept by identity (`mapped`): the few large ones
(an empty board, a scoreboard panel) that other drawings need in RGB too."""


class PartCache:
    """Parts by key, the least recently used dropped first when they hold more than
    `limit` bytes (one a pixel: parts are on the palette, or 1-bit masks)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held = 0
        self.parts: OrderedDict[tuple, tuple[Part, ...]] = OrderedDict()

    def get(self, key: tuple) -> tuple[Part, ...] | None:
        found = self.parts.get(key)
        if found is not None:
            self.parts.move_to_end(key)
        return found

    def put(self, key: tuple, found: tuple[Part, ...]) -> tuple[Part, ...]:
        self.parts[key] = found
        self.held += _bytes(found)
        while self.held > self.limit and len(self.parts) > 1:
            self.held -= _bytes(self.parts.popitem(last=False)[1])
        return found

    def clear(self) -> None:
        self.parts.clear()
        self.held = 0


def _bytes(found: tuple[Part | None, ...]) -> int:
    return sum(part.size[0] * part.size[1] for part in found if part is not None)


_parts = PartCache(PARTS_BYTES)
windows = PartCache(WINDOWS_BYTES)
"""The mapped pixels of parts that show one game's state (`mapped_core`; a board's badge
windows, `axio_board._blend_badges`)."""


def part_for(
    image: Image.Image, draw_part: Callable[..., Image.Image], *args: Hashable
) -> Image.Image:
    """The part `draw_part(*args)` in `image`'s terms: the RGB drawing (from its own cache)
    for an RGB picture; for a palette picture its mapped twin, kept by the drawing and its
    arguments, drawn without its RGB cache when missing (`__wrapped__` of an `lru_cache`),
    so that only the palette part is kept."""
    if image.mode != "P":
        return draw_part(*args)
    key = (draw_part, *args)
    found = _parts.get(key)
    if found is None:
        drawing = getattr(draw_part, "__wrapped__", draw_part)(*args)
        found = _parts.put(key, (drawing if drawing.mode == "P" else theme.to_palette(drawing),))
    return found[0]


def mapped_core(image: Image.Image) -> core.ImagingCore:
    """An RGB part's pixels on the palette, as `theme.to_palette` maps them (Pillow's own
    mapping), without the `Image` and palette objects around them: a part that is only
    pasted (a board's badge window) needs its pixels alone, and the two objects cost a
    small part twice the mapping."""
    return image.im.convert("P", Image.Dither.NONE, theme.palette_image().im)


_mapped: dict[int, tuple[Image.Image, Image.Image]] = {}


def mapped(sprite: Image.Image) -> Image.Image:
    """A cached RGB part on the palette, mapped once per process. Only for parts that
    live in a cache: the twin is found by the part's identity (and keeps it alive)."""
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
    image.getdraw = partial(_palette_draw, weakref.ref(image))  # type: ignore[attr-defined]
    return image


def _palette_draw(picture: weakref.ref[Image.Image], mode: str | None = None) -> PaletteDraw:
    """The picture's `getdraw`: it knows its picture by a weak reference, so a picture and
    its `getdraw` make no cycle, and a megabyte picture is freed as soon as it is written,
    not when the garbage collector next runs."""
    return PaletteDraw(picture(), mode)  # type: ignore[arg-type]


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
    mapped, kept, and pasted over the pixels the text would touch. On a ground that is
    not flat (never, in these pictures) it is drawn for this call alone."""
    x, y = xy
    left, top = math.floor(x), math.floor(y)
    shape = (shown, font, anchor, (x - left, y - top))
    dx, dy, part_w, part_h = _text_box(shape)
    box = (left + dx, top + dy, left + dx + part_w, top + dy + part_h)
    width, height = draw.im.size
    inside = (max(0, box[0]), max(0, box[1]), min(width, box[2]), min(height, box[3]))
    if inside[0] >= inside[2] or inside[1] >= inside[3]:
        return
    cut = (inside[0] - box[0], inside[1] - box[1], inside[2] - box[0], inside[3] - box[1])
    low, high = draw.im.crop(inside).getextrema()
    if low != high:  # not flat: the text over what is there, only where it touches
        coverage = _coverage(shape)
        under = Image.new("P", coverage.size)
        under.putpalette(palette_data())
        under.im.paste(draw.im.crop(inside), cut)
        rgb = under.convert("RGB")
        rgb.paste(Image.new("RGB", coverage.size, fill), (0, 0), coverage)
        part, touched = theme.to_palette(rgb), _touched(coverage)
    else:
        part, touched = _on_ground(shape, fill, low)
    if cut != (0, 0, part_w, part_h):  # at a picture's edge: only what is inside it
        part = part.crop(cut)
        touched = touched.crop(cut) if touched is not None else None
    if touched is None:
        draw.im.paste(part.im, inside)
    else:
        draw.im.paste(part.im, inside, touched.im)


TEXT_BOXES = 16384
"""Where texts sit (four numbers each), kept apart from their parts: a part is found by
the ground under it, and where it sits says where to look."""


_just_rendered: dict[tuple, Image.Image] = {}
"""The coverage `_text_box` rendered to find where a new text sits, kept until the next
one: the part drawn next for that text takes it rather than render the text again."""


@lru_cache(maxsize=TEXT_BOXES)
def _text_box(shape: tuple) -> tuple[int, int, int, int]:
    """Where the text's coverage sits from the start's whole pixel, and its size."""
    coverage, (dx, dy) = _render(shape)
    _just_rendered.clear()
    _just_rendered[shape] = coverage
    return (dx, dy, *coverage.size)


def _coverage(shape: tuple) -> Image.Image:
    """The text's coverage: an L mask, exactly as Pillow would blend it."""
    found = _just_rendered.pop(shape, None)
    return found if found is not None else _render(shape)[0]


def _render(shape: tuple) -> tuple[Image.Image, tuple[int, int]]:
    shown, font, anchor, spot = shape
    mask, offset = font.getmask2(shown, "L", anchor=anchor, start=spot)
    part = Image.new("L", mask.size)
    part.im.paste(mask, (0, 0, *mask.size))
    return part, offset


def _touched(coverage: Image.Image) -> Image.Image:
    """A 1-bit mask of the pixels the text touches."""
    return coverage.point(lambda v: 255 if v else 0).convert("1")


_texts = PartCache(TEXT_BYTES)


def _on_ground(shape: tuple, fill: RGB, ground: int) -> tuple[Image.Image, Image.Image | None]:
    """The text blended onto a flat palette colour and mapped, and the mask to paste it
    through: none where the ground's own colour maps back to the ground (the pixels the
    text leaves are then the ground's index already), else the pixels it touches."""
    key = (shape, fill, ground)
    found = _texts.get(key)
    if found is None:
        coverage = _coverage(shape)
        colour: RGB = tuple(palette_data()[ground * 3 : ground * 3 + 3])  # type: ignore[assignment]
        part = coverage.point(_blended_indices(fill, colour), "P")
        part.putpalette(palette_data())
        touched = None if index_of(colour) == ground else _touched(coverage)
        found = _texts.put(key, (part, touched))
    return found  # type: ignore[return-value]


@lru_cache(maxsize=256)
def _blended_indices(fill: RGB, ground: RGB) -> list[int]:
    """The palette index of a text's pixel at each coverage (0–255): `fill` pasted over
    `ground` through that coverage and mapped, as the text drawn in RGB and mapped would
    have it (blending and mapping are pixel by pixel), without drawing it in RGB."""
    levels = Image.new("L", (256, 1))
    levels.putdata(range(256))
    rgb = Image.new("RGB", (256, 1), ground)
    rgb.paste(Image.new("RGB", (256, 1), fill), (0, 0), levels)
    return list(theme.to_palette(rgb).tobytes())


def clear_caches() -> None:
    """Forget every part kept here (tests draw with a cold cache and a warm one)."""
    _parts.clear()
    _texts.clear()
    windows.clear()
    _mapped.clear()
    _text_box.cache_clear()
    _just_rendered.clear()
    _blended_indices.cache_clear()


def cache_counts() -> dict[str, int]:
    """How many parts the caches here hold, and their megabytes (bench_render reports
    them)."""
    return {
        "mapped_sprites": len(_mapped) + len(_parts.parts),
        "text_shapes": _text_box.cache_info().currsize,
        "text_parts": len(_texts.parts),
        "cache_parts_mb": round((_parts.held + _texts.held + windows.held) / 2**20, 1),
    }
