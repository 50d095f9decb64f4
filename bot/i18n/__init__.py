"""The bot's languages: one gettext catalog per language, read at startup with Babel.

Why gettext + Babel: the catalogs are plain `.po` files that translators and their tools
(Poedit, Weblate, `pybabel update`) already know; plural forms come from the catalog's own
`Plural-Forms` header, so a language with three forms needs no code; and Babel also gives
the reader's conventions for numbers and dates (`24.11.2026`, `1,5`). The `.po` files are
read (and compiled in memory) when first used, so a clean checkout, CI and the Docker image
need no build step.

Who reads which language (the caller chooses, with `speaking(language)`):
- an ephemeral answer is in the member's language, `interaction.locale` (never stored);
- what the table sees is in the server's language: the `/axio settings language:` of its
  managers, else Discord's `guild_locale`, else English.

Adding a language: a catalog `locales/<code>/LC_MESSAGES/messages.po` and one line in
`LANGUAGES`. English is the source language: its catalog is the template,
`locales/messages.pot` (`python -m bot.i18n.catalog` rewrites it from the code).

A sentence is translated whole, with named placeholders (`{name}`): never assembled from
translated fragments, since word order differs between languages.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from functools import cache
from pathlib import Path

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
}
"""Every language the bot speaks, by code, with its own name for itself."""
DEFAULT = "en"
DOMAIN = "messages"
LOCALES = Path(__file__).resolve().parent / "locales"

_speaking: ContextVar[str] = ContextVar("language", default=DEFAULT)


def language_of(locale: object) -> str:
    """The language the bot speaks to a Discord locale (`de`, `en-US`, a `discord.Locale`),
    or None's and unknown ones' English: `de-AT` would be German, `pt-BR` English."""
    text = str(getattr(locale, "value", locale) or "").lower()
    if text in LANGUAGES:
        return text
    base = text.split("-")[0]
    return base if base in LANGUAGES else DEFAULT


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog of `language`, compiled in memory from its `.po` (English: none)."""
    path = LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if language == DEFAULT or not path.exists():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po, locale=language)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def current() -> str:
    """The language being spoken now (set by `speaking`)."""
    return _speaking.get()


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Speak `language` inside the block (in this task and the tasks it starts)."""
    token = _speaking.set(language if language in LANGUAGES else DEFAULT)
    try:
        yield language
    finally:
        _speaking.reset(token)


def use(language: str) -> None:
    """Speak `language` from now on in this task: for an interaction's handler, whose task
    ends with it."""
    _speaking.set(language if language in LANGUAGES else DEFAULT)


def _(message: str, /, **values: object) -> str:
    """`message` in the current language, its `{placeholders}` filled from `values`."""
    text = translations(_speaking.get()).gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, count: int, /, **values: object) -> str:
    """The form for `count` in the current language (`{count}` is filled in too)."""
    text = translations(_speaking.get()).ngettext(singular, plural, count)
    return text.format(count=count, **values)


def pgettext(context: str, message: str, /, **values: object) -> str:
    """`message` as meant in `context` (the same English word, two German ones)."""
    text = translations(_speaking.get()).pgettext(context, message)
    return text.format(**values) if values else text


def N_(message: str) -> str:
    """Mark a message for the catalog without translating it yet (a module constant, to be
    translated where it is shown: `_(CONSTANT)`)."""
    return message


def translate_in(language: str, message: str, /, **values: object) -> str:
    """`message` in `language`, whatever is being spoken now."""
    with speaking(language):
        return _(message, **values)


def number(value: float, digits: int = 1, *, fixed: bool = False) -> str:
    """A number as the reader writes it: `1.5` / `1,5`, `12,345` / `12.345`; `fixed`
    keeps every decimal (`6.0` / `6,0`)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + ("0" if fixed else "#") * digits if digits else "")
    return format_decimal(value, format=pattern, locale=_speaking.get())


def month_name(year: int, month: int) -> str:
    """A month as the reader says it: `March 2026` / `März 2026`."""
    from babel.dates import format_date

    return format_date(date(year, month, 1), format="LLLL y", locale=_speaking.get())


def long_day(value: date | datetime) -> str:
    """A date written out in the reader's order: `24 November 2026` / `24. November 2026`
    (the pattern is the catalog's, so each language keeps its own)."""
    from babel.dates import format_date

    pattern = pgettext("date pattern", "d MMMM y")
    return format_date(value, format=pattern, locale=_speaking.get())


def short_day(value: date | datetime) -> str:
    """A day and month, short, in the reader's order: `25 Nov` / `25. Nov.`."""
    from babel.dates import format_date

    pattern = pgettext("date pattern", "d MMM")
    return format_date(value, format=pattern, locale=_speaking.get())


def day(value: date | datetime) -> str:
    """A date in the reader's order: `Nov 24, 2026` / `24.11.2026`."""
    from babel.dates import format_date

    return format_date(value, format="medium", locale=_speaking.get())
