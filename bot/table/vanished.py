"""A game whose channel or thread was deleted stops.

Its games end without a result (storage's `channel_gone`: cancelled with the reason
CHANNEL_GONE, its owed posts dropped, no rating): no stand-in or computer moves on, since
every move is refused once the game is not running, and the scheduler forgets it. Its
players still find it in `/axio history`, which says its channel was deleted. Ending it
rather than pausing it: nobody can bring a deleted channel back, and a paused game nobody
can reach would hold its players' seats forever.

Two ways to learn of it: Discord's deletion events (`ChannelWatch`, for the servers of this
process's shards), and the courier meeting a channel Discord no longer knows. A deletion
the database could not record (it was not answering) is recorded when it answers again
(`database_back`), so a missed event cannot leave a game playing on to a rated result.

On deletion events: `on_raw_thread_delete` comes for every deleted thread, cached or not
(`on_thread_delete` only for cached ones, so it would add nothing). A deleted channel
takes its threads with it: Discord sends no event for them, but discord.py sends
`raw_thread_delete` for each thread of the channel it knows; any other is caught by the
courier's next post.
"""

from __future__ import annotations

import logging

import discord

from storage import DATABASE_FAULTS, GameRecord, Repository

from .background import Background, fault_reason, log_event

log = logging.getLogger(__name__)


async def channel_lost(repo: Repository, channel_id: int) -> list[GameRecord]:
    """End the unfinished games of a channel that is gone (its table game and the solo
    games beside it); the games ended, none if it had none (or they ended meanwhile)."""
    ended = await repo.channel_gone(channel_id)
    for record in ended:
        log_event(record, "channel gone: ended without a result")
    return ended


class ChannelWatch:
    """Listens for deleted channels and threads (register its `on_…` methods as the bot's
    listeners) and ends their games."""

    def __init__(self, repo: Repository, background: Background) -> None:
        self.repo = repo
        self.background = background
        self.pending: set[int] = set()
        """Deleted channels whose games the database could not end yet."""

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.gone([channel.id])

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.gone([payload.thread_id])

    async def gone(self, channel_ids: list[int]) -> None:
        """End the games of these channels; the database failing keeps them for later."""
        for channel_id in channel_ids:
            try:
                await channel_lost(self.repo, channel_id)
                self.pending.discard(channel_id)
            except DATABASE_FAULTS as error:
                self.pending.add(channel_id)
                log.warning(
                    "channel %s was deleted; its game ends when the database answers (%s)",
                    channel_id,
                    fault_reason(error),
                )

    def database_back(self, outage: object = None) -> None:
        """The database answers again: end the games of channels deleted meanwhile."""
        if self.pending:
            self.background.spawn(self.gone(sorted(self.pending)))
