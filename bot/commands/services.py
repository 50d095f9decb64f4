"""What the commands and controls work with, in one small typed object.

The app builds it once; the cog gets it in its constructor, and a control (which
discord.py builds from a custom_id, with only the interaction at hand) finds it through the
client that received the press. Nothing here reaches any further into the bot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol, cast

import discord

from storage import Repository

from ..ops.metrics import Metrics
from ..screens.summary import Paint
from ..table.background import Background
from ..table.channels import Channels
from ..table.desk import Desk
from ..table.in_flight import InFlight
from ..table.lobby import Lobby
from ..table.notices import Notices
from ..table.page_links import PageLinks
from ..table.private import PrivateControls
from ..table.reviews import Reviews
from ..table.signup import Signup
from .answers import Answers
from .builder import Builder
from .daily_flow import DailyBuilder


@dataclass(frozen=True)
class Services:
    repo: Repository
    desk: Desk
    lobby: Lobby
    builder: Builder
    channels: Channels
    background: Background
    clock: Callable[[], datetime]
    metrics: Metrics
    private: PrivateControls
    answers: Answers
    daily: DailyBuilder
    signup: Signup
    notices: Notices
    paint: Paint
    """Draws a picture in the painter's workers (`bot/table/painter.py`), off the loop."""
    reviews: Reviews
    links: PageLinks
    """Links to the web pages (with PUBLIC_URL): `bot/table/page_links.py`."""
    in_flight: InFlight = field(default_factory=InFlight)
    """The interactions being answered: a stopping bot lets them finish."""


class _Served(Protocol):
    services: Services


def services(interaction: discord.Interaction) -> Services:
    """The services of the client that received this interaction."""
    return cast(_Served, interaction.client).services
