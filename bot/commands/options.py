"""Option choices and limits several commands share."""

from __future__ import annotations

from discord import app_commands

from ..i18n import LANGUAGES

GAME_CHOICES = [
    app_commands.Choice(name="AXIO", value="axio"),
    app_commands.Choice(name="AXIO Rota", value="rota"),
]
OPTION_INTEGER_LIMIT = 2**53
"""The largest integer a Discord option carries."""
SERVER_LANGUAGE = "auto"
"""The language choice that goes back to the server's own Discord language."""
LANGUAGE_CHOICES = [
    app_commands.Choice(name="The server's Discord language", value=SERVER_LANGUAGE),
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
]
"""One choice per catalog (`bot.i18n.LANGUAGES`), each in its own language's words."""
ON_OFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
TIMEOUT_ACTIONS = [
    app_commands.Choice(name="a computer makes the move", value="computer"),
    app_commands.Choice(name="the seat is resigned", value="resign"),
]
LEVEL_CHOICES = [
    app_commands.Choice(name=f"{level} computer", value=level)
    for level in ("easy", "normal", "hard", "expert")
]
