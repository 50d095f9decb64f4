"""The one `/axio` command group. Its commands live in one module per area (the lobby,
play, looking at the game, the community, game reviews, the daily challenge, tournaments) and are
gathered here into one GroupCog, so Discord shows them all under `/axio` (the daily
challenge and tournaments as subgroups: `/axio daily play`, `/axio tournament new`).

Each command is `@answered`: its refusals are answered ephemerally inside it, and only
bugs reach the tree's one handler. The group is server-only (see `SERVER_ONLY` in
`screens/refusals.py` for why)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from .community import CommunityCommands
from .daily import DailyCommands
from .lobby import LobbyCommands
from .look import LookCommands
from .play import PlayCommands
from .privacy import PrivacyCommands
from .review import ReviewCommands
from .services import Services
from .tournament import TournamentCommands


@app_commands.guild_only()
class AxioCog(
    LobbyCommands,
    PlayCommands,
    LookCommands,
    CommunityCommands,
    ReviewCommands,
    DailyCommands,
    TournamentCommands,
    PrivacyCommands,
    commands.GroupCog,
    group_name="axio",
    group_description="Play AXIO and AXIO Rota",
):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()
