"""Whether the database answers: an outage is noted once when it starts and once when it
ends, however many commands fail in between.

The backends tell `Health` about every command: `answered()` when one got its answer,
`failed(reason)` when one got none (DatabaseUnavailableError or OutcomeUnknownError). A
busy SQLite lock is not an outage (the database answers; another process holds it), and
neither is a refusal. While an outage lasts the Repository probes the database every
second (see db.py), so its end is noticed within about a second even when no command
comes, and `on_back` callbacks run then: the bot delivers the posts it owes at once,
rather than at its next idle pass.

`log` says it here, once each way (WARNING): the bot need not, and must not log a
traceback per refused command.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]


@dataclass(frozen=True)
class Outage:
    """A time the database did not answer: from the first command it failed to answer to
    the first answer after that."""

    started_at: datetime
    reason: str
    """Why the first command got no answer."""
    refused: int = 1
    """Commands that got no answer meanwhile (the first one included)."""
    ended_at: datetime | None = None

    @property
    def seconds(self) -> float | None:
        if self.ended_at is None:
            return None
        return (self.ended_at - self.started_at).total_seconds()


Callback = Callable[[Outage], object]


class Health:
    """The database's reachability as the commands found it, and its outages."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._outage: Outage | None = None
        self.last: Outage | None = None
        """The latest outage that has ended, if any."""
        self._on_down: list[Callback] = []
        self._on_back: list[Callback] = []

    @property
    def reachable(self) -> bool:
        """False from a command that got no answer until the next one that did: what a
        readiness probe reports (Repository.ping() asks the database itself)."""
        return self._outage is None

    @property
    def outage(self) -> Outage | None:
        """The outage under way, or None."""
        return self._outage

    def on_down(self, callback: Callback) -> None:
        """Call `callback(outage)` when an outage starts (once per outage)."""
        self._on_down.append(callback)

    def on_back(self, callback: Callback) -> None:
        """Call `callback(outage)` when the database answers again (once per outage), the
        outage carrying its end and how many commands it refused."""
        self._on_back.append(callback)

    def failed(self, reason: str, *, command: bool = True) -> None:
        """A command got no answer (`command=False`: a probe, not counted as refused)."""
        if self._outage is not None:
            if command:
                self._outage = replace(self._outage, refused=self._outage.refused + 1)
            return
        self._outage = Outage(self._clock(), reason, refused=int(command))
        log.warning("database stopped answering: %s", reason)
        self._tell(self._on_down, self._outage)

    def answered(self) -> None:
        """A command (or a probe) got its answer: an outage under way has ended."""
        if self._outage is None:
            return
        ended = replace(self._outage, ended_at=self._clock())
        self._outage, self.last = None, ended
        log.warning(
            "database answering again after %.1f s; %d commands got no answer meanwhile",
            ended.seconds or 0.0,
            ended.refused,
        )
        self._tell(self._on_back, ended)

    @staticmethod
    def _tell(callbacks: list[Callback], outage: Outage) -> None:
        for callback in callbacks:
            try:
                callback(outage)
            except Exception:  # a listener's bug must not turn into a storage failure
                log.exception("an outage listener failed")
