"""How many lines a card's text takes on a phone: Discord's iPhone app on a 390×844 screen,
where a message's card leaves about 276 px for its text (390 less the screen's margins,
the bot's avatar and the card's padding) in a 16-px font.

The font is the one the pictures ship (DejaVu Sans Condensed, bold where the text is
`**bold**`), close to Discord's own gg sans in width; an emoji takes 22 px (Discord draws
them 1.375 em), a mention is drawn as `@name` on a pill. Words wrap as a browser wraps
them: at spaces, a word too long for a line broken where it fills it."""

from __future__ import annotations

import re
import unicodedata

from render.typeface import font

TEXT_WIDTH = 276
SIZE = 16
EMOJI = 22
PILL = 8  # a mention's pill adds its padding to the name

TOKEN = re.compile(r"\*\*|<@!?(\d+)>|\s+|[^\s*<]+|[*<]")


def is_emoji(ch: str) -> bool:
    return ord(ch) >= 0x1F000 or (unicodedata.category(ch) == "So" and ord(ch) >= 0x2600)


def width(word: str, bold: bool) -> float:
    """A word's width in px: letters in the font, emoji at EMOJI, joiners and variation
    selectors at nothing."""
    total, letters = 0.0, ""
    for ch in word:
        if ord(ch) in (0x200D, 0xFE0F):
            continue
        if is_emoji(ch):
            total += EMOJI
        else:
            letters += ch
    if letters:
        total += font(SIZE, bold).getlength(letters)
    return total


def words_of(paragraph: str, names: dict[int, str]) -> list[tuple[float, bool]]:
    """(width, is it a space) for each word and space, bold as the markdown says."""
    bold, out = False, []
    for match in TOKEN.finditer(paragraph):
        piece = match.group(0)
        if piece == "**":
            bold = not bold
        elif match.group(1):
            out.append((width("@" + names.get(int(match.group(1)), "user"), True) + PILL, False))
        elif piece.isspace():
            out.append((width(" ", bold), True))
        else:
            out.append((width(piece, bold), False))
    return out


def phone_lines(text: str, names: dict[int, str] | None = None) -> int:
    """The lines `text` takes on the phone (each paragraph starts a line)."""
    count = 0
    for paragraph in text.split("\n"):
        line, lines = 0.0, 1
        for size, space in words_of(paragraph, names or {}):
            if space:
                line += size
                continue
            if line + size > TEXT_WIDTH and line > 0:
                lines, line = lines + 1, 0.0
            while size > TEXT_WIDTH:  # a word longer than a line
                lines, size = lines + 1, size - TEXT_WIDTH
            line += size
        count += lines
    return count
