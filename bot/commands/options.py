"""Option choices and limits several commands share."""

from __future__ import annotations

from discord import app_commands

GAME_CHOICES = [
    app_commands.Choice(name="AXIO", value="axio"),
    app_commands.Choice(name="AXIO Rota", value="rota"),
]
OPTION_INTEGER_LIMIT = 2**53
"""The largest integer a Discord option carries."""
TIMEOUT_ACTIONS = [
    app_commands.Choice(name="a computer makes the move", value="computer"),
    app_commands.Choice(name="the seat is resigned", value="resign"),
]
LEVEL_CHOICES = [
    app_commands.Choice(name=f"{level} computer", value=level)
    for level in ("easy", "normal", "hard", "expert")
]
