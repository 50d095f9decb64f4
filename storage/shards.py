"""Which servers' games one process looks after, when the bot's shards run as several
processes on one database.

Discord puts a server on shard `(guild_id >> 22) % shard_count`; direct messages (stored
with guild 0) belong to shard 0. The scheduler, start-up resume and outbox delivery of a
process ask only for the games of its own shards, so two processes never both act on one
game's reminders, timeouts, computer turns or posts.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ShardSet:
    """`count` shards in all, of which this process runs `ids` (None: every one)."""

    count: int = 1
    ids: frozenset[int] | None = None

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if self.ids is not None and not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must lie between 0 and {self.count - 1}")

    @property
    def everything(self) -> bool:
        return self.ids is None or len(self.ids) == self.count

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.everything or self.shard_of(guild_id) in self.ids  # type: ignore[operator]

    def where(self, column: str = "guild_id") -> tuple[str, list[int]]:
        """An SQL condition on `column` (and its parameters) true for this set's servers."""
        if self.everything:
            return "1 = 1", []
        ids = sorted(self.ids)  # type: ignore[arg-type]
        marks = ", ".join("?" for _ in ids)
        return f"(({column} >> 22) % ?) IN ({marks})", [self.count, *ids]


ALL_SHARDS = ShardSet()
