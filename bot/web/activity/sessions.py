"""Sessions: an opaque random token per sign-in, bound to the member, the server, the
channel and the Activity's instance, kept in the bot's memory (a restarted bot asks the
page to sign in again, which the SDK does without asking the member).

A session lasts `SESSION_HOURS` after its sign-in, or until its instance ends: a board
that connects more than `RECHECK_S` after the session's instance was last looked at has
it looked at again (routes.py). At most `SESSIONS_KEPT` are kept, the oldest forgotten
first, so sign-ins cannot fill the memory.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace

from ...i18n import language_of
from .identity import Member

SESSION_HOURS = 8
SESSIONS_KEPT = 20_000
RECHECK_S = 600.0


@dataclass(frozen=True)
class Session:
    token: str
    user_id: int
    guild_id: int
    channel_id: int
    instance_id: str
    locale: str
    expires: float
    checked: float
    """When Discord last said the member is in the instance."""
    mock: bool = False

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
            self.clock(),
            member.mock,
        )
        self._kept[session.token] = session
        while len(self._kept) > SESSIONS_KEPT:
            self._kept.popitem(last=False)
        return session

    def due_for_check(self, session: Session) -> bool:
        return not session.mock and self.clock() - session.checked >= RECHECK_S

    def checked(self, session: Session, still_in: bool) -> Session | None:
        """Discord looked at the session's instance again: the session renewed, or ended
        when the member is no longer in it."""
        if not still_in:
            self._kept.pop(session.token, None)
            return None
        renewed = replace(session, checked=self.clock())
        self._kept[session.token] = renewed
        return renewed

    def get(self, token: str) -> Session | None:
        """The session of a token, unless unknown or expired."""
        session = self._kept.get(token)
        if session is not None and session.expires <= self.clock():
            del self._kept[token]
            return None
        return session
