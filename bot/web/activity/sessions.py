"""Sessions: an opaque random token per sign-in, bound to the member, the server, the
channel and the Activity's instance, kept in the bot's memory (a restarted bot asks the
page to sign in again, which the SDK does without asking the member).

A session lasts `SESSION_HOURS` after its sign-in; at most `SESSIONS_KEPT` are kept, the
oldest forgotten first, so sign-ins cannot fill the memory.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from ...i18n import language_of
from .identity import Member

SESSION_HOURS = 8
SESSIONS_KEPT = 20_000


@dataclass(frozen=True)
class Session:
    token: str
    user_id: int
    guild_id: int
    channel_id: int
    instance_id: str
    locale: str
    expires: float

    @property
    def language(self) -> str:
        return language_of(self.locale)


class Sessions:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._kept: OrderedDict[str, Session] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def open(self, member: Member) -> Session:
        session = Session(
            secrets.token_urlsafe(32),
            member.user_id,
            member.guild_id,
            member.channel_id,
            member.instance_id,
            member.locale,
            self.clock() + SESSION_HOURS * 3600,
        )
        self._kept[session.token] = session
        while len(self._kept) > SESSIONS_KEPT:
            self._kept.popitem(last=False)
        return session

    def get(self, token: str) -> Session | None:
        """The session of a token, unless unknown or expired."""
        session = self._kept.get(token)
        if session is not None and session.expires <= self.clock():
            del self._kept[token]
            return None
        return session
