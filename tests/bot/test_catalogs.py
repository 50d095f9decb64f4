"""The catalogs are complete: every message the code and the slash commands use (the
English catalog, extracted afresh from the code here) has a translation in every other
language, with exactly the same `{placeholders}`; a missing or broken one fails, naming it.
Run `python -m bot.catalog` after changing texts, then translate what it reports."""

from __future__ import annotations

import string

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from discord import Locale
from discord.app_commands import TranslationContextLocation as Where

from bot.catalog import template
from bot.i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALES, _, language_of, ngettext, speaking
from bot.i18n.commands import translated_command_text

OTHER_LANGUAGES = [code for code in LANGUAGES if code != DEFAULT]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


@pytest.fixture(scope="module")
def english():
    return template()


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_english_message_is_translated_with_its_placeholders(english, language: str):
    with (LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    problems = []
    for message in english:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        named = f"{key!r}" + (f" (context {message.context!r})" if message.context else "")
        found = catalog.get(message.id, context=message.context)
        if found is None or not all(forms(found.string)) or found.fuzzy:
            problems.append(f"{language}: no translation of {named}")
            continue
        wanted = set().union(*(placeholders(text) for text in forms(message.id)))
        for text in forms(found.string):
            if placeholders(text) - {"count"} != wanted - {"count"}:
                problems.append(
                    f"{language}: {named} has placeholders {sorted(placeholders(text))}, "
                    f"not {sorted(wanted)}"
                )
    assert not problems, "\n".join(problems[:50]) + f"\n({len(problems)} in all)"


def test_the_check_names_a_missing_key():
    english = Catalog()
    english.add("Settings saved.")  # translated
    english.add("A sentence nobody translated, {name}")
    with pytest.raises(AssertionError, match="no translation of 'A sentence nobody translated"):
        test_every_english_message_is_translated_with_its_placeholders(english, "de")


def test_member_locales_map_to_languages():
    assert language_of(Locale.german) == "de"
    assert language_of("de-AT") == "de"
    assert language_of(Locale.american_english) == "en"
    assert language_of(Locale.brazil_portuguese) == DEFAULT  # no catalog: English
    assert language_of(None) == DEFAULT


def test_plural_forms_come_from_the_catalog():
    with speaking("de"):
        assert _("Settings saved.") == "Einstellungen gespeichert."
        assert ngettext("{count} game", "{count} games", 1) == "1 Partie"
        assert ngettext("{count} game", "{count} games", 3) == "3 Partien"
    assert _("Settings saved.") == "Settings saved."  # the block ended: English again


def test_slash_command_texts_are_translated_but_names_stay():
    german = translated_command_text("Play AXIO and AXIO Rota", Locale.german, Where.other)
    assert german == "AXIO und AXIO Rota spielen"
    assert translated_command_text("Play AXIO and AXIO Rota", Locale.british_english,
                                   Where.other) is None  # fmt: skip
    assert translated_command_text("hand", Locale.german, Where.command_name) is None


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_translated_command_texts_fit_discords_limits(language: str):
    """Discord refuses a sync whose description or choice is over 100 characters."""
    from bot.catalog import command_messages

    locale = next(loc for loc in Locale if language_of(loc) == language)
    too_long = [
        (where, text)
        for message, _context, where in command_messages()
        if (text := translated_command_text(message, locale, Where.other)) and len(text) > 100
    ]
    assert not too_long, too_long


def test_no_german_translation_keeps_english_words():
    """A German message with English words in it ("E5 blue, F5 red") is a translation left
    half done. Commands, code and placeholders are left out, and so are words German
    shares with English ("was", "start")."""
    import re

    from tests.bot.languages import english_in

    shared = {"was", "start"}
    with (LOCALES / "de" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as file:
        catalog = read_po(file, locale="de")
    found = []
    for message in catalog:
        for text in forms(message.string) if message.id else ():
            plain = re.sub(r"/axio[\w -]*|\{[^}]*\}", " ", text or "")
            english = set(english_in(plain)) - shared
            if english:
                found.append(f"{sorted(english)} in {text!r}")
    assert not found, "\n".join(found)
