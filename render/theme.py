"""The look every image shares: colours, text, the five symbols, and PNG encoding.

Players mostly see these images on a phone in Discord's dark theme (#313338), scaled to
about 400 px wide, so everything sits on an opaque dark-slate card, colours are strong and
each colour carries its own white symbol for colour-blind players. Images are written as
palette PNGs with one fixed palette that holds every flat colour exactly, which keeps them
small and fast, and lets tests compare colours exactly; the bot's pictures are drawn on
that palette from parts drawn once in RGB (`render.paletted`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.common import Colour

from .png import FAST_SHARE, RowFilters, encode_png
from .typeface import drawable, font

RGB = tuple[int, int, int]

# --- colours ------------------------------------------------------------------------------
CARD: RGB = (30, 33, 40)  # the opaque card behind everything; a shade under Discord's #313338
PANEL: RGB = (40, 45, 55)  # raised panels on the card (scoreboard seats, rack slots)
SURFACE: RGB = (48, 54, 66)  # the board around the cells
WELL: RGB = (66, 75, 91)  # an empty cell of the play area
DEAD_WELL: RGB = (24, 26, 31)  # a dead cell: a hole in the board
DEAD_MARK: RGB = (92, 98, 110)
TEXT: RGB = (236, 238, 242)
MUTED: RGB = (150, 158, 172)
INK: RGB = (255, 255, 255)  # symbols on colour
HIGHLIGHT: RGB = (255, 214, 10)  # the seat to move; used for nothing else
GHOST_LINE: RGB = (140, 220, 255)  # the outline of a proposed move: pale sky, unlike the ink
TRACK: RGB = WELL  # an unfilled step of a score track: an empty slot, like an empty cell
PYRAMID_FACES: tuple[RGB, RGB, RGB, RGB] = (  # top, right, bottom, left, lit from the top left
    (236, 214, 160),
    (176, 148, 96),
    (140, 114, 70),
    (212, 186, 130),
)
ROTA_FACE: RGB = (226, 221, 208)  # a Rota tile's face
ROTA_EMPTY: RGB = (190, 184, 168)  # an empty Rota corner: the face, a shade darker

TILE_RGB: dict[Colour, RGB] = {
    Colour.RED: (226, 60, 64),
    Colour.GREEN: (30, 160, 92),
    Colour.BLUE: (46, 112, 232),
    Colour.ORANGE: (246, 136, 26),
    Colour.PURPLE: (150, 80, 206),
}


def shade(rgb: RGB, factor: float) -> RGB:
    """The colour darkened (factor < 1) or lightened toward white (factor > 1)."""
    if factor <= 1:
        return tuple(round(c * factor) for c in rgb)  # type: ignore[return-value]
    t = factor - 1
    return tuple(round(c + (255 - c) * t) for c in rgb)  # type: ignore[return-value]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a part t of the way from a to b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


# Printed spaces are part of the board, so they are a deeper shade than the raised tiles.
PRINTED_RGB: dict[Colour, RGB] = {c: shade(rgb, 0.72) for c, rgb in TILE_RGB.items()}
GHOST_ALPHA = 0.65
GHOST_RGB: dict[Colour, RGB] = {c: mix(WELL, rgb, GHOST_ALPHA) for c, rgb in TILE_RGB.items()}
TILE_EDGE: dict[Colour, RGB] = {c: shade(rgb, 0.62) for c, rgb in TILE_RGB.items()}
PLAYER_RGB: tuple[RGB, ...] = ((255, 255, 255), (255, 214, 10), (90, 220, 230), (255, 130, 200))
SEAT_RGB: tuple[RGB, ...] = ((255, 255, 255), (185, 165, 255), (255, 130, 200), (190, 235, 80))
"""Each seat's colour on the table picture: the rings and badges of its moves, its stripe on
the scoreboard. Light, so a ring reads on every tile and on the empty board, and unlike the
five tile colours, the yellow of the seat to move and the pale sky of a proposed move."""

KEY_COLOURS: tuple[RGB, ...] = (
    CARD,
    PANEL,
    SURFACE,
    WELL,
    DEAD_WELL,
    DEAD_MARK,
    TEXT,
    MUTED,
    INK,
    HIGHLIGHT,
    GHOST_LINE,
    TRACK,
    ROTA_FACE,
    ROTA_EMPTY,
    (0, 0, 0),
    *PYRAMID_FACES,
    *TILE_RGB.values(),
    *PRINTED_RGB.values(),
    *GHOST_RGB.values(),
    *(mix(CARD, rgb, GHOST_ALPHA) for rgb in TILE_RGB.values()),  # a Rota ghost, on the card
    *TILE_EDGE.values(),
    *PLAYER_RGB[2:],
    SEAT_RGB[1],
    SEAT_RGB[3],
    (66, 82, 116),  # the Rota position badge
)


# --- text --------------------------------------------------------------------------------
def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: RGB = TEXT,
    anchor: str = "mm",
    bold: bool = True,
) -> None:
    """Draw text, bold unless told otherwise: thin strokes vanish when a phone scales the
    image down. (On a palette picture `draw` draws it from a part drawn once,
    `render.paletted.PaletteDraw`.)"""
    draw.text(xy, drawable(words, bold), font=font(size, bold), fill=fill, anchor=anchor)


@lru_cache(maxsize=8192)
def text_width(words: str, size: int, bold: bool = True) -> int:
    return round(font(size, bold).getlength(drawable(words, bold)))


def fitted(words: str, room: int, largest: int, smallest: int) -> tuple[list[str], int]:
    """A name made to fit `room` pixels, never cut when it can be helped: at the largest
    size from `largest` down to `smallest` that fits on one line; else on two lines at
    `smallest` (broken at the space nearest the middle, or mid-word); only a name too long
    for that too has its second line cut with dots."""
    for size in range(largest, smallest - 1, -2):
        if text_width(words, size) <= room:
            return [words], size
    spaces = [i for i, ch in enumerate(words) if ch == " "]
    middle = len(words) // 2
    cut = min(spaces, key=lambda i: abs(i - middle)) if spaces else middle
    first, second = words[:cut].rstrip(), words[cut:].lstrip()
    if text_width(first, smallest) > room:  # one long word: break it where it fills the line
        cut = max(i for i in range(1, len(words)) if text_width(words[:i], smallest) <= room)
        first, second = words[:cut], words[cut:]
    return [first, fit_text(second, smallest, room)], smallest


def fit_text(words: str, size: int, room: int) -> str:
    """The words, cut short with dots until they fit `room` pixels (long Discord names)."""
    if text_width(words, size) <= room:
        return words
    while words and text_width(words + "...", size) > room:
        words = words[:-1]
    return words.rstrip() + "..."


# --- symbols ------------------------------------------------------------------------------
SUPERSAMPLE = 4


def smooth(
    size: tuple[int, int],
    background: RGB | tuple[int, int, int, int],
    paint: Callable[[ImageDraw.ImageDraw, float], None],
) -> Image.Image:
    """An RGB picture painted at four times the size and scaled down, for smooth edges.

    Pillow draws shapes without anti-aliasing; sprites are made once and cached, so the
    extra work is paid once per process. `paint` gets the draw and the scale factor. A
    background with alpha gives an RGBA sprite, to paste over anything with itself as mask.
    """
    big = Image.new(
        "RGBA" if len(background) == 4 else "RGB",
        (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE),
        background,
    )
    paint(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.resize(size, Image.Resampling.LANCZOS)


def star_points(
    cx: float, cy: float, outer: float, inner: float, turn: float = 0
) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5 + turn
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_symbol(
    draw: ImageDraw.ImageDraw,
    colour: Colour,
    cx: float,
    cy: float,
    r: float,
    ink: RGB = INK,
    back: RGB | None = None,
) -> None:
    """Draw a colour's symbol, filling a circle of radius r: sun (disc with rays), dot
    (filled disc), star, square, ring (hollow circle). `back` is the colour under the
    symbol, needed to hollow the ring."""
    back = back if back is not None else TILE_RGB[colour]
    symbol = colour.symbol
    if symbol == "sun":
        # A disc and eight rays standing clear of it, so it never blurs into the star.
        core = r * 0.42
        for i in range(8):
            angle = i * math.pi / 4
            ca, sa = math.cos(angle), math.sin(angle)
            inner, half = r * 0.62, r * 0.12
            px, py = -sa * half, ca * half
            base = (cx + inner * ca, cy + inner * sa)
            draw.polygon(
                [
                    (base[0] + px, base[1] + py),
                    (cx + r * ca, cy + r * sa),
                    (base[0] - px, base[1] - py),
                ],
                fill=ink,
            )
        draw.ellipse((cx - core, cy - core, cx + core, cy + core), fill=ink)
    elif symbol == "dot":
        d = r * 0.62
        draw.ellipse((cx - d, cy - d, cx + d, cy + d), fill=ink)
    elif symbol == "star":
        draw.polygon(star_points(cx, cy + r * 0.06, r * 1.02, r * 0.44), fill=ink)
    elif symbol == "square":
        d = r * 0.6
        draw.rectangle((cx - d, cy - d, cx + d, cy + d), fill=ink)
    else:  # ring
        outer, inner = r * 0.8, r * 0.46
        draw.ellipse((cx - outer, cy - outer, cx + outer, cy + outer), fill=ink)
        draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=back)


@lru_cache(maxsize=128)
def chip(colour: Colour, size: int) -> Image.Image:
    """A round colour chip with its symbol, RGBA: a colour's badge and a score marker."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        draw.ellipse((k, k, s - k, s - k), fill=TILE_RGB[colour])
        draw_symbol(draw, colour, s / 2, s / 2, s * 0.3)

    return smooth((size, size), (0, 0, 0, 0), paint)


def paste(image: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    """Paste a sprite at a point, through its own alpha if it has one."""
    at = (round(xy[0]), round(xy[1]))
    if image.mode == "P":  # blending needs the RGB colours under it: a window drawn in RGB
        raise ValueError("a sprite is blended on a palette picture in an RGB window")
    image.paste(sprite, at, sprite if sprite.mode == "RGBA" else None)


Box = tuple[int, int, int, int]


def highlight_box(draw: ImageDraw.ImageDraw, box: Box, cell: int, colour: RGB = HIGHLIGHT) -> None:
    """A move's mark: a thick ring (in its mover's seat colour) with a dark inner edge, so
    it stands out on a full board and against any tile alike. It stays inside `box`
    (inclusive)."""
    width = max(3, cell // 7)
    x0, y0, x1, y1 = box
    draw.rectangle(box, outline=colour, width=width)
    inner = (x0 + width, y0 + width, x1 - width, y1 - width)
    draw.rectangle(inner, outline=CARD, width=max(1, width // 3))


def dashed_box(draw: ImageDraw.ImageDraw, box: Box, colour: RGB, width: int) -> None:
    """A dashed rectangle inside `box` (inclusive): the mark of something not yet played."""
    x0, y0, x1, y1 = box
    dash = width * 3
    for x in range(x0, x1, dash * 2):
        end = min(x + dash, x1)
        draw.rectangle((x, y0, end, y0 + width - 1), fill=colour)
        draw.rectangle((x, y1 - width + 1, end, y1), fill=colour)
    for y in range(y0, y1, dash * 2):
        end = min(y + dash, y1)
        draw.rectangle((x0, y, x0 + width - 1, end), fill=colour)
        draw.rectangle((x1 - width + 1, y, x1, end), fill=colour)


# --- encoding -----------------------------------------------------------------------------
def _blend_steps(pairs: Iterable[tuple[RGB, RGB]], steps: int) -> list[RGB]:
    return [mix(a, b, i / (steps + 1)) for a, b in pairs for i in range(1, steps + 1)]


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """One palette for every image: the key colours exactly, then the blends that smooth
    edges between them, chosen by median cut so the 256 entries go where edges are."""
    keys = list(dict.fromkeys(KEY_COLOURS))
    pairs = [(a, b) for i, a in enumerate(keys) for b in keys[i + 1 :]]
    blends = _blend_steps(pairs, 5)
    sheet = Image.new("RGB", (len(blends), 1))
    sheet.putdata(blends)
    spare = 256 - len(keys)
    reduced = sheet.quantize(spare, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    found = reduced.getpalette()[: spare * 3]  # type: ignore[index]
    # Pillow maps colours through a cache of 4×4×4 cells; a blend that close to a key
    # colour could take the key's place, so keys stay alone in their neighbourhood.
    extra = [
        rgb
        for rgb in zip(found[0::3], found[1::3], found[2::3], strict=True)
        if all(max(abs(a - b) for a, b in zip(rgb, key, strict=True)) > 8 for key in keys)
    ]
    flat = [c for rgb in keys + extra for c in rgb]
    flat += [0] * (768 - len(flat))
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image


def to_palette(image: Image.Image) -> Image.Image:
    """The image mapped to the shared palette, without dithering (flat areas stay flat)."""
    return image.quantize(palette=palette_image(), dither=Image.Dither.NONE)


def png_bytes(
    image: Image.Image, fast_share: float = FAST_SHARE, filters: RowFilters | None = None
) -> bytes:
    """A palette PNG: a tenth of the RGB size. A picture drawn on the palette already
    (`render.paletted`) is written as it is; `fast_share`: how much of it (from the top)
    is deflated the fast way, `filters`: its rows' PNG filters, if any (`render.png`)."""
    palette_picture = image if image.mode == "P" else to_palette(image)
    return encode_png(palette_picture, fast_share=fast_share, filters=filters)


def stack(images: list[Image.Image], gap: int = 0, background: RGB = CARD) -> Image.Image:
    """Images one above the other, centred, on the card (on the palette if they are)."""
    width = max(im.width for im in images)
    height = sum(im.height for im in images) + gap * (len(images) - 1)
    out = Image.new("RGB", (width, height), background)
    if images[0].mode == "P":
        out = to_palette(out)
    y = 0
    for im in images:
        out.paste(im, ((width - im.width) // 2, y))
        y += im.height + gap
    return out
