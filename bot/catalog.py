"""Rewrite the message catalogs from the code: `python -m bot.catalog`.

The English catalog (`bot/i18n/locales/messages.pot`) is every message the code marks
(`_`, `ngettext`, `pgettext`, `N_`, `translate_in`), every template of the refusals the
engine and storage raise (`error_messages`), and every text of the slash commands
(descriptions, option descriptions and choices, as the `CatalogTranslator` is asked for
them; names stay English, see `bot/i18n/commands.py`).
Each language's `.po` is then updated from it: new messages arrive untranslated, gone ones
are kept as obsolete, so a translator sees exactly what is missing
(`tests/bot/test_catalogs.py` fails naming it)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from .i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALES

ROOT = Path(__file__).resolve().parent
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "translate_in": (2,),
}
Message = tuple[str | tuple[str, str], str | None, str]
"""(the message or its singular and plural, its context, where it comes from)."""


def code_messages() -> Iterator[Message]:
    for filename, _line, message, _comments, context in extract_from_dir(
        ROOT, method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        yield message, context, f"bot/{filename}"


RAISED_TEMPLATES = {
    "IllegalMoveError": 0,
    "PositionNameError": 0,
    "StorageError": 0,
    "WrongStatusError": 2,
}
"""The errors whose template the bot translates (`screens.words.told`), by the position of
the template among the arguments they are raised with."""
RAISING_PACKAGES = ("engine", "storage", "render", "bot")
SUBCLASSING_PACKAGE = "storage"
"""Where `super().__init__(template, …)` is a StorageError subclass naming its template."""


def error_messages() -> Iterator[Message]:
    """The templates of the engine's and storage's refusals: the argument named above when
    it is a plain string. Refusals built with an f-string are operators' messages (a saved
    game or a setting that does not read) and stay English."""
    project = ROOT.parent
    for package in RAISING_PACKAGES:
        subclassing = package == SUBCLASSING_PACKAGE
        for path in sorted((project / package).rglob("*.py")):
            where = path.relative_to(project).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), where)):
                template = _raised_template(node, subclassing)
                if template is not None:
                    yield template, None, where


def _raised_template(node: ast.AST, subclassing: bool) -> str | None:
    if not isinstance(node, ast.Call):
        return None
    name = getattr(node.func, "id", getattr(node.func, "attr", None))
    index = RAISED_TEMPLATES.get(name) if isinstance(name, str) else None
    if subclassing and name == "__init__":
        index = 0
    if index is None or len(node.args) <= index:
        return None
    argument = node.args[index]
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return argument.value
    return None


def command_messages() -> Iterator[Message]:
    """Every text of /axio that Discord shows, with the context the translator asks in."""
    from .commands.cog import AxioCog

    group = AxioCog(None).app_command  # type: ignore[arg-type]
    yield group.description, None, "/axio"
    for command in group.walk_commands():
        where = f"/{command.qualified_name}"
        yield command.description, None, where
        if isinstance(command, app_commands.Group):
            continue
        for parameter in command.parameters:
            yield parameter.description, None, where
            for choice in parameter.choices:
                yield choice.name, None, where


def template() -> Catalog:
    catalog = Catalog(project="axio-bot", domain=DOMAIN, fuzzy=False)
    for message, context, where in (*code_messages(), *error_messages(), *command_messages()):
        if message and message != "…":
            catalog.add(message, locations=[(where.replace(" ", "/"), 0)], context=context)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=True)


def main() -> None:
    english = template()
    write(english, LOCALES / f"{DOMAIN}.pot")
    for language in LANGUAGES:
        if language == DEFAULT:
            continue
        path = LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN)
        catalog.update(english, no_fuzzy_matching=True)
        write(catalog, path)
        missing = sum(1 for m in catalog if m.id and not m.string)
        print(f"{language}: {len(catalog)} messages, {missing} untranslated")


if __name__ == "__main__":
    main()
