"""The typeface every picture writes in, and which letters of a text it can draw
(`theme.text` draws with it; a name's emoji are left out rather than drawn as boxes).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONTS = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {
    False: FONTS / "DejaVuSansCondensed.ttf",
    True: FONTS / "DejaVuSansCondensed-Bold.ttf",
}
"""DejaVu Sans Condensed and its bold, shipped with the package (their licence beside
them). They have every letter of German and of the other Latin, Greek and Cyrillic
alphabets players' names are written in, where Pillow's own font has only ASCII and drew
"Züge" or "Jürgen" with a box; a real bold keeps its letters apart on a phone ("rn" never
reads "m", "turn" never "tum"), where Pillow's one regular face had to be made bold with a
stroke; condensed, so names and German words fit a phone's width; and the same files on
every machine draw the same pictures."""


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_FILES[bold]), size=size)


def drawable(words: str, bold: bool = True) -> str:
    """`words` on one line of characters the font can draw.

    - A line break, a tab or another control character (a member may put one in their
      name) becomes a space, as does a lone surrogate, which the text layout refuses.
    - Characters the font has no letter for (emoji, Chinese or Japanese; DejaVu has
      neither) are left out, with the joiners and variation selectors that build emoji,
      so that "🎲 Anna" is drawn "Anna", not "□ Anna". A name of nothing else is drawn as
      it is: its boxes show at least that there is a name, where the message beside the
      picture shows it whole.
    """
    if words.isascii() and words.isprintable():
        return words
    line = "".join(ch if ch.isprintable() else " " for ch in words)
    kept = "".join(ch for ch in line if _has_letter(ch, bold))
    if kept == line:
        return line
    return " ".join(kept.split()) or line


EMOJI_GLUE = frozenset(
    [0x200D, 0x20E3, *range(0xFE00, 0xFE10), *range(0xE0020, 0xE0080), *range(0x1F3FB, 0x1F400)]
)
"""The zero-width joiner, the keycap, variation selectors, tags and skin tones: parts of
emoji that mean nothing without them (DejaVu draws some of them as boxes of their own)."""


MISSING_PROBE_SIZE = 20
"""The size at which a letter's shape is compared with the box for a missing letter."""


@lru_cache(maxsize=4096)
def _has_letter(ch: str, bold: bool) -> bool:
    """Whether the font draws `ch` as itself, not as the box it draws for what it lacks."""
    if ch.isascii():
        return True
    if ord(ch) in EMOJI_GLUE:
        return False
    shape = font(MISSING_PROBE_SIZE, bold).getmask(ch)
    return (shape.size, bytes(shape)) != _missing_shape(bold)


@lru_cache(maxsize=2)
def _missing_shape(bold: bool) -> tuple[tuple[int, int], bytes]:
    """The box the font draws for a letter it lacks (a private-use letter no font has)."""
    shape = font(MISSING_PROBE_SIZE, bold).getmask("\U0010fffd")
    return shape.size, bytes(shape)
