"""The small words every screen shares: colours, tiles, points, counts and articles.

One place for them, so a colour reads the same in a message, on a button and in alt text:
its word beside an emoji of the same colour (`🔴 red`), never a letter code and never a
symbol of another colour (a yellow ☀️ beside "red" told players two things at once). The
board's own symbols (sun, dot, star, square, ring) stay in the pictures, where they sit on
the colour they mark.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import COLOURS, Colour

COLOUR_EMOJI: dict[Colour, str] = {
    Colour.RED: "🔴",
    Colour.GREEN: "🟢",
    Colour.BLUE: "🔵",
    Colour.ORANGE: "🟠",
    Colour.PURPLE: "🟣",
}
VOWEL_SOUND = ("a", "e", "i", "o", "u")
CONSONANT_SOUND_EXCEPTIONS = ("one", "once", "uni", "use", "usu", "eu", "ur")
"""Words that start with a vowel letter but a consonant sound: "a unique", "a one"."""


def colour_words(colour: Colour | None) -> str:
    """`🔴 red`: a colour as players read it (or `empty corner` for a Rota blank)."""
    if colour is None:
        return "empty corner"
    return f"{COLOUR_EMOJI[colour]} {colour.label}"


def tile_words(tile: Sequence[Colour]) -> str:
    """An AXIO tile: `🔴 red + 🟢 green`."""
    return " + ".join(colour_words(colour) for colour in tile)


def tile_code_words(code: str) -> str:
    """An AXIO tile as the engine writes it (`bp`), in words: `🔵 blue + 🟣 purple`."""
    return tile_words([Colour(letter) for letter in code if letter in "rgbop"])


def counted(number: int, noun: str) -> str:
    """`1 game`, `3 games`: a count with its noun in the right number."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def with_article(phrase: str) -> str:
    """`an easy computer`, `a hard computer`, `a one-player game`: by the sound."""
    word = phrase.lstrip("*_ ").lower()
    vowel = word.startswith(VOWEL_SOUND) and not word.startswith(CONSONANT_SOUND_EXCEPTIONS)
    return f"{'an' if vowel or word.startswith('hour') else 'a'} {phrase}"


def points_text(points: Sequence[int]) -> str:
    """`+3 blue, +2 red`, or `no points`."""
    parts = [f"+{n} {COLOURS[i].label}" for i, n in enumerate(points) if n]
    return ", ".join(parts) if parts else "no points"


def names_text(names: Sequence[str], joiner: str = "and") -> str:
    """`green`, `green and blue`, `green, blue and purple`."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {joiner} {names[-1]}"


def lowest_change(before: Sequence[int], after: Sequence[int]) -> str:
    """What a move does to the lowest score: `lowest stays 0` or `lowest 0 → 2`."""
    low, high = min(before), min(after)
    return f"lowest stays {low}" if low == high else f"lowest {low} → {high}"


def change_text(before: Sequence[int], after: Sequence[int], *, compact: bool = False) -> str:
    """A move's effect in a label's few words: `+2 blue · lowest stays 0`; `compact`, for a
    label that would not fit, names the colours by their emoji: `+2🔵 +1🔴 · lowest 0 → 1`."""
    gains = [b - a for a, b in zip(before, after, strict=True)]
    if compact and any(gains):
        gained = " ".join(
            f"+{n}{COLOUR_EMOJI[c]}" for c, n in zip(COLOURS, gains, strict=True) if n
        )
    else:
        gained = points_text(gains)
    return f"{gained} · {lowest_change(before, after)}"


def change_sentence(before: Sequence[int], after: Sequence[int]) -> str:
    """A move's effect in a sentence: which colours rise, and whether the lowest does
    (and if not, which colours hold it down)."""
    gains = [(c, b - a) for c, a, b in zip(COLOURS, before, after, strict=True) if b > a]
    if not gains:
        rises = "scores nothing now"
    else:
        rises = "raises " + names_text([f"{c.label} by {n}" for c, n in gains])
    low, high = min(before), min(after)
    if high > low:
        return f"{rises}, and your lowest score rises from {low} to {high}"
    holding = [c.label for c, b in zip(COLOURS, after, strict=True) if b == high]
    return f"{rises}; your lowest stays {low} ({names_text(holding)} still at {low})"
