"""The AXIO board's sprites: one cell each (a well, a printed space, a tile half, a
ghost half, a pyramid, a dead cell), opaque on the board surface, drawn once per size
(`render.axio_board` pastes them; `render.pieces` shows tile halves on a rack).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.axio_board import DEAD, PYRAMID, TILE_LETTERS
from engine.common import Colour

from . import theme

DRAWN = frozenset(TILE_LETTERS + PYRAMID + DEAD)
"""What a cell of the board notation shows a sprite for (`cell_sprite`)."""


def _gap(s: int) -> float:
    return max(1.5, s / 18)


@lru_cache(maxsize=8)
def well_sprite(s: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        g = _gap(s) * k
        draw.rounded_rectangle((g, g, s * k - g, s * k - g), radius=s * k * 0.12, fill=theme.WELL)

    return theme.smooth((s, s), theme.SURFACE, paint)


@lru_cache(maxsize=64)
def printed_sprite(colour: Colour, s: int) -> Image.Image:
    """A printed space: flat in the board, a deeper shade than a tile, framed like an inlay."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        g = _gap(s) * k
        fill = theme.PRINTED_RGB[colour]
        draw.rectangle((g, g, s * k - g, s * k - g), fill=fill)
        inset = g + s * k * 0.07
        draw.rectangle(
            (inset, inset, s * k - inset, s * k - inset),
            outline=theme.shade(fill, 1.35),
            width=max(1, round(s * k * 0.035)),
        )
        theme.draw_symbol(draw, colour, s * k / 2, s * k / 2, s * k * 0.27, back=fill)

    return theme.smooth((s, s), theme.SURFACE, paint)


def _body(s: float, g: float, towards: int | None) -> tuple[float, float, float, float]:
    """The tile body inside a cell: inset by the gap except toward the other half."""
    x0, y0, x1, y1 = g, g, s - g, s - g
    if towards == 0:
        y0 = 0
    elif towards == 1:
        x1 = s
    elif towards == 2:
        y1 = s
    elif towards == 3:
        x0 = 0
    return (x0, y0, x1, y1)


def _rounded_corners(towards: int | None) -> tuple[bool, bool, bool, bool]:
    """Which corners (tl, tr, br, bl) are rounded: not those on the joined side."""
    joined = {0: (0, 1), 1: (1, 2), 2: (2, 3), 3: (3, 0)}.get(towards, ())  # type: ignore[arg-type]
    return tuple(i not in joined for i in range(4))  # type: ignore[return-value]


@lru_cache(maxsize=256)
def half_sprite(colour: Colour, s: int, towards: int | None = None) -> Image.Image:
    """One tile half. `towards` (0 up, 1 right, 2 down, 3 left) is the side joined to the
    other half: the body runs to the cell's edge there and a dark seam marks the join, so a
    domino reads as one piece and a double as two halves."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        sk, g = s * k, _gap(s) * k
        x0, y0, x1, y1 = _body(sk, g, towards)
        corners = _rounded_corners(towards)
        radius = sk * 0.16
        lift = max(k, sk * 0.05)
        edge, fill = theme.TILE_EDGE[colour], theme.TILE_RGB[colour]
        draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=edge, corners=corners)
        draw.rounded_rectangle((x0, y0, x1, y1 - lift), radius=radius, fill=fill, corners=corners)
        if towards == 2:  # the lower half's body continues: no lip across the join
            draw.rectangle((x0, y1 - lift, x1, y1), fill=fill)
        seam = max(k, sk * 0.025)
        seam_box = {
            0: (x0, 0, x1, seam),
            1: (sk - seam, y0, sk, y1 - lift),
            2: (x0, sk - seam, x1, sk),
            3: (0, y0, seam, y1 - lift),
        }.get(towards)  # type: ignore[arg-type]
        if seam_box:
            draw.rectangle(seam_box, fill=edge)
        theme.draw_symbol(draw, colour, sk / 2, (sk - lift) / 2, sk * 0.32)

    return theme.smooth((s, s), theme.SURFACE, paint)


@lru_cache(maxsize=256)
def ghost_sprite(colour: Colour, s: int, towards: int | None = None) -> Image.Image:
    """A proposed half: the tile seen half through, over the empty cell it would cover."""
    return Image.blend(well_sprite(s), half_sprite(colour, s, towards), theme.GHOST_ALPHA)


@lru_cache(maxsize=8)
def pyramid_sprite(s: int) -> Image.Image:
    """A pyramid from above: four faces meeting at the apex, lit from the top left."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        sk, g = s * k, _gap(s) * k + s * k * 0.06
        a, b, c = g, sk - g, sk / 2
        tl, tr, br, bl, apex = (a, a), (b, a), (b, b), (a, b), (c, c)
        for face, colour in zip(
            ((tl, tr, apex), (tr, br, apex), (br, bl, apex), (bl, tl, apex)),
            theme.PYRAMID_FACES,
            strict=True,
        ):
            draw.polygon(face, fill=colour)

    return theme.smooth((s, s), theme.SURFACE, paint)


@lru_cache(maxsize=8)
def dead_sprite(s: int) -> Image.Image:
    """A dead cell: a dark hole with a cross, so it never reads as an empty, playable cell."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        sk, g = s * k, _gap(s) * k
        draw.rounded_rectangle((g, g, sk - g, sk - g), radius=sk * 0.12, fill=theme.DEAD_WELL)
        m, w = sk * 0.3, round(sk * 0.07)
        draw.line((m, m, sk - m, sk - m), fill=theme.DEAD_MARK, width=w)
        draw.line((sk - m, m, m, sk - m), fill=theme.DEAD_MARK, width=w)

    return theme.smooth((s, s), theme.SURFACE, paint)


@lru_cache(maxsize=256)
def cell_sprite(ch: str, s: int, towards: int | None) -> Image.Image:
    """What a cell of the board notation shows: a tile half (joined `towards` its other
    half), a pyramid or a dead cell."""
    if ch == PYRAMID:
        return pyramid_sprite(s)
    if ch == DEAD:
        return dead_sprite(s)
    return half_sprite(Colour(ch), s, towards)
