"""What a delivery could not record while the database failed, recorded when it answers.

A delivery that meets a database fault half-way leaves the outbox saying something that is
no longer true: rows it claimed stay leased to this process (so nobody, this process
included, takes them until the lease lapses), and a post it sent but could not mark stays
owed (so it would be posted again). The courier notes both here as they happen; when the
database answers again (storage's `health.on_back`), `record` makes the outbox true: sent
posts are marked delivered, claimed rows are given back, due at once. So the owed posts go
out within seconds of the recovery, not a lease later, and nothing sent is sent twice.

A claim whose answer was lost (OutcomeUnknownError) may have leased rows we cannot name:
when no delivery of this process is under way, this process's own leases are then all
orphans, and storage's `release_leases` (lapsed leases and this holder's own) frees them.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime

from storage import DATABASE_FAULTS, Repository, ShardSet

from .background import fault_reason

log = logging.getLogger(__name__)


@dataclass
class Unrecorded:
    """What this process's deliveries owe the outbox, by game."""

    sent_posts: dict[int, tuple[list[int], int | None]] = field(default_factory=dict)
    """game → (rows posted but not marked delivered, the turn message posted)."""
    claimed: dict[int, list[int]] = field(default_factory=dict)
    """game → rows leased to this process and not given back."""
    unsure: bool = False
    """A claim's answer was lost: it may have leased rows nobody can name."""

    def sent(self, game_id: int, ids: list[int], turn_message_id: int | None) -> None:
        self.sent_posts[game_id] = (ids, turn_message_id)
        self.claimed.pop(game_id, None)

    def dropped(self, game_id: int, ids: list[int]) -> None:
        if game_id not in self.sent_posts:
            self.claimed[game_id] = ids

    def unsure_claim(self) -> None:
        self.unsure = True

    async def record(
        self, repo: Repository, owned: ShardSet, *, busy: Collection[int], now: datetime
    ) -> None:
        """Make the outbox true again, leaving alone the games being delivered right now
        (`busy`: their deliveries hold their own leases). What the database fails again
        stays noted for its next recovery."""
        try:
            for game_id, (ids, turn_message_id) in list(self.sent_posts.items()):
                await repo.posts_delivered(ids, turn_message_id=turn_message_id, game_id=game_id)
                del self.sent_posts[game_id]
            for game_id, ids in list(self.claimed.items()):
                if game_id not in busy:
                    await repo.posts_failed(ids, now)  # given back, due at once
                    del self.claimed[game_id]
            if self.unsure and not busy:
                await repo.release_leases(owned)
                self.unsure = False
        except DATABASE_FAULTS as error:
            log.info("outbox not brought up to date yet (%s)", fault_reason(error))
