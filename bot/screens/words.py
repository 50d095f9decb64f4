"""The small words every screen shares: colours, tiles, points, counts and articles.

One place for them, so a colour reads the same in a message, on a button and in alt text:
its word beside an emoji of the same colour (`🔴 red`), never a letter code and never a
symbol of another colour (a yellow ☀️ beside "red" told players two things at once). The
board's own symbols (sun, dot, star, square, ring) stay in the pictures, where they sit on
the colour they mark.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from functools import cache

from engine import COLOURS, Colour, IllegalMoveError
from engine.daily import told_as
from render import PictureWords
from render.community import DailyCard
from render.words import CardWords
from storage import StorageError

from ..i18n import LANGUAGES, _, current, long_day, ngettext, number, pgettext, speaking

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


def colour_name(colour: Colour) -> str:
    """`red` / `rot`: a colour's word in the language being spoken (only its own word is
    looked up: a move's card and summary name colours dozens of times)."""
    match colour:
        case Colour.RED:
            return pgettext("colour", "red")
        case Colour.GREEN:
            return pgettext("colour", "green")
        case Colour.BLUE:
            return pgettext("colour", "blue")
        case Colour.ORANGE:
            return pgettext("colour", "orange")
        case Colour.PURPLE:
            return pgettext("colour", "purple")
    raise KeyError(colour)


def engine_colour_words(text: str) -> str:
    """A typed move with its colours (and `keep`, `exchange`) in the engine's words:
    `E5 blau` → `E5 blue`, `tauschen` → `exchange`. Every
    language's colour names are read, whatever is spoken, since a suggestion offered in
    one language may be sent back by its member (and a colour name is never a cell)."""
    names = _typed_words()
    words = re.split(r"(\W+)", text)
    return "".join(names.get(word.lower(), word) for word in words)


@cache
def _typed_words() -> dict[str, str]:
    """Every language's colour names, `keep` and `exchange`, lower case, to the engine's
    words: the catalogs are read once a process, so this is built once."""
    names = {}
    for language in LANGUAGES:
        with speaking(language):
            names.update({colour_name(colour).lower(): colour.label for colour in COLOURS})
            names[pgettext("move", "keep").lower()] = "keep"
            names[pgettext("move", "exchange").lower()] = "exchange"
    return names


def colour_words(colour: Colour | None) -> str:
    """`🔴 red`: a colour as players read it (or `empty corner` for a Rota blank)."""
    if colour is None:
        return _("empty corner")
    return f"{COLOUR_EMOJI[colour]} {colour_name(colour)}"


def tile_words(tile: Sequence[Colour]) -> str:
    """An AXIO tile: `🔴 red + 🟢 green`."""
    return " + ".join(colour_words(colour) for colour in tile)


def tile_code_words(code: str) -> str:
    """An AXIO tile as the engine writes it (`bp`), in words: `🔵 blue + 🟣 purple`."""
    return tile_words([Colour(letter) for letter in code if letter in "rgbop"])


def told(error: IllegalMoveError | StorageError) -> str:
    """What the engine or storage refuses, in the language being spoken (`in_words`)."""
    return in_words(error.template, error.values)


def in_words(template: str, values: Mapping[str, object]) -> str:
    """A template with its values, in the language being spoken: the template translated
    whole, its values in the reader's words (colours and tiles `🔴 red + 🔵 blue`, numbers
    `0,25`, dates); cells, positions and what was typed stay as they are. A template the
    catalog does not hold (an operator's message about a saved game) stays English."""
    return _(template, **{name: _value_words(value) for name, value in values.items()})


def _value_words(value: object) -> object:
    if isinstance(value, Colour):
        return colour_words(value)
    if isinstance(value, tuple) and value and all(isinstance(c, Colour) for c in value):
        return tile_words(value)
    if isinstance(value, float):
        return number(value, 2)
    if isinstance(value, date):
        return long_day(value)
    return value


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
    parts = [f"+{n} {colour_name(COLOURS[i])}" for i, n in enumerate(points) if n]
    return ", ".join(parts) if parts else _("no points")


def names_text(names: Sequence[str], joiner: str | None = None) -> str:
    """`green`, `green and blue`, `green, blue and purple` (`und` in German: a list's
    last joiner, the same place in both languages)."""
    if len(names) <= 1:
        return "".join(names)
    last = joiner or pgettext("list", "and")
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def lowest_change(before: Sequence[int], after: Sequence[int]) -> str:
    """What a move does to the lowest score: `lowest stays 0` or `lowest 0 → 2`."""
    low, high = min(before), min(after)
    if low == high:
        return _("lowest stays {low}", low=low)
    return _("lowest {low} → {high}", low=low, high=high)


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
    raised = names_text(
        [_("{colour} by {points}", colour=colour_name(c), points=n) for c, n in gains]
    )
    low, high = min(before), min(after)
    if high > low:
        if not gains:  # cannot happen (the lowest rose), but say it truly
            return _("your lowest score rises from {low} to {high}", low=low, high=high)
        return _(
            "raises {raised}, and your lowest score rises from {low} to {high}",
            raised=raised, low=low, high=high,
        )  # fmt: skip
    holding = names_text([colour_name(c) for c, b in zip(COLOURS, after, strict=True) if b == high])
    if not gains:
        return _(
            "scores nothing now; your lowest stays {low} ({colours} still at {low})",
            low=low, colours=holding,
        )  # fmt: skip
    return _(
        "raises {raised}; your lowest stays {low} ({colours} still at {low})",
        raised=raised, low=low, colours=holding,
    )  # fmt: skip


_PICTURE_WORDS: dict[str, PictureWords] = {}


def picture_words() -> PictureWords:
    """The words inside the pictures, in the language being spoken (made once each)."""
    language = current()
    words = _PICTURE_WORDS.get(language)
    if words is None:
        words = _PICTURE_WORDS[language] = PictureWords(
            player=pgettext("picture", "Player {number}"),
            to_move=pgettext("picture", "{name} to move · turn {turn}"),
            turn_status=pgettext("picture", "turn {turn} · {name} to move"),
            solo_over=pgettext("picture", "{name} scored {score}"),
            all_resigned=pgettext("picture", "game over: everyone resigned"),
            wins=pgettext("picture", "{name} wins"),
            shared_win=pgettext("picture", "shared win: {names}"),
            bag=pgettext("picture", "bag {count}"),
            supply=pgettext("picture", "supply {count}"),
            resigned=pgettext("picture", "resigned"),
            solo_score=pgettext("picture", "score {score}"),
            winner=pgettext("picture", "winner"),
            place=_place_phrase(),
            low=pgettext("picture", "low {score}"),
            final_scores=pgettext("picture", "{game} · final scores"),
            scores_after=pgettext("picture", "{game} · scores after turn {turn}"),
            scores=pgettext("picture", "{game} · scores"),
            no_tiles=pgettext("picture", "no tiles"),
            first_board=pgettext("picture", "1st scoreboard"),
            second_board=pgettext("picture", "2nd scoreboard"),
            replay_turn=pgettext("picture", "turn {turn} · {name}: {moves}"),
            replay_count=pgettext("picture", "{turn} of {last}"),
            marks_since=pgettext("picture", "since {name} last played:"),
            marks_last_turn=pgettext("picture", "last turn:"),
        )
    return words


def ordinal(rank: int) -> str:
    """`2nd` / `2.`: a place, as the language writes it (a whole phrase, `{rank}th`)."""
    phrase = pgettext("picture", "{rank}th")
    if phrase != "{rank}th":
        return phrase.format(rank=rank)
    if 10 <= rank % 100 <= 20:
        return f"{rank}th"
    return f"{rank}{({1: 'st', 2: 'nd', 3: 'rd'}).get(rank % 10, 'th')}"


def _place_phrase() -> str:
    """A finishing place in the pictures: English keeps its ordinals (`2nd`); a language
    translates the phrase `{rank}th` whole (German: `{rank}.`)."""
    phrase = pgettext("picture", "{rank}th")
    return "" if phrase == "{rank}th" else phrase


def _standing_line(card: DailyCard, percentile: float) -> str:
    """The card's place among everyone (engine.daily.told_as): the only player, the place
    on a small day, else the percentile."""
    told = told_as(card.players)
    if told == "alone":
        return _("the only player so far")
    if told == "place":
        return _("{place} of {players} players", place=ordinal(card.place), players=card.players)
    return ngettext(
        "percentile {percentile} of {players} player",
        "percentile {percentile} of {players} players",
        card.players, percentile=int(percentile), players=number(card.players, digits=0),
    )  # fmt: skip


def card_words(card: DailyCard | None = None) -> CardWords:
    """The words of the daily card (`card`'s own phrases with their counts) and of the
    standings picture, in the language being spoken."""
    lines = {}
    if card is not None:
        lines["streak_line"] = ngettext(
            "streak {count} day (best {best})", "streak {count} days (best {best})",
            card.streak, best=card.best_streak,
        )  # fmt: skip
        if card.percentile is not None:  # else the picture's "not finished on its day"
            lines["standing_line"] = _standing_line(card, card.percentile)
    return CardWords(
        daily=_("{game} daily #{day}"),
        score=pgettext("picture", "score"),
        not_on_its_day=pgettext("picture", "not finished on its day"),
        card_alt=_("{title}: score {score}, {percentile}, {streak}. Colour totals: {totals}."),
        colours=tuple(colour_name(colour) for colour in COLOURS),
        player=pgettext("picture", "player"),
        legend=pgettext("picture", "pts: points · buch: Buchholz · lows: sum of lowest colours"),
        more=pgettext("picture", "… and {count} more"),
        withdrawn=_("{name} (withdrawn)"),
        withdrawn_alt=_("{name}, withdrawn"),
        standing_alt=_(
            "{rank}. {name}: {points} points (Buchholz {buchholz}, lowest colours {lows})."
        ),
        **lines,
    )
