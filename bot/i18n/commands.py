"""Slash commands in the member's language: discord.py asks this `Translator` for every
command and group name, description, option and choice (each a `locale_str`) when the
commands are synced, and Discord shows each member the words of their own client.

Descriptions, option descriptions and choices are translated. Command and option NAMES
stay English by decision: every text, the help, the README and the members of a
mixed-language server name a command one way (`/axio hand`), and a German sentence that
says `/axio hand` must work when typed by a member whose Discord is in English. The
machinery would take a name from the catalog under the context `command` or `option`
(a third language may add them); a name Discord would refuse (spaces, capitals, over 32
characters) is left out rather than failing the sync."""

from __future__ import annotations

import re

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from . import DEFAULT, language_of, translations

NAME_CONTEXTS = {
    Where.command_name: "command",
    Where.group_name: "command",
    Where.parameter_name: "option",
}
"""The catalog context of each kind of name; descriptions and choices have none."""
VALID_NAME = re.compile(r"^[-_\w]{1,32}$")


def context_of(location: Where) -> str | None:
    return NAME_CONTEXTS.get(location)


class CatalogTranslator(app_commands.Translator):
    """Command texts from the same gettext catalogs as every message."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return translated_command_text(string.message, locale, context.location)


def translated_command_text(message: str, locale: object, location: Where) -> str | None:
    """`message` for `locale`, or None where the catalog has nothing (English serves)."""
    language = language_of(locale)
    if language == DEFAULT:
        return None
    catalog = translations(language)
    where = context_of(location)
    text = catalog.pgettext(where, message) if where else catalog.gettext(message)
    if text == message:
        return None
    if where and (text != text.lower() or not VALID_NAME.match(text)):
        return None
    return text
