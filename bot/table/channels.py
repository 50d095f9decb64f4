"""The channels games are played in, as Discord has them now.

The desk, the courier and the scheduler find a game's channel here, and earlier turn posts
lose their buttons here, so each needs only this and not the whole client.
"""

from __future__ import annotations

import logging

import discord

from storage import GameRecord

from ..screens.turn_post import retired_turn_post

log = logging.getLogger(__name__)


class Channels:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def channel(self, record: GameRecord) -> discord.abc.Messageable | None:
        """The game's channel; None when Discord says it no longer exists."""
        channel = self.client.get_channel(record.channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(record.channel_id)
            except discord.NotFound:
                log.warning("game %s: channel %s is gone", record.id, record.channel_id)
                return None
        return channel  # type: ignore[return-value]

    async def retire_turn_message(self, record: GameRecord, message_id: int | None) -> None:
        """Shrink an old turn message to its story: its buttons would only say 'too late',
        its call to move is stale and its picture shows a past position (an ended game's
        last card keeps its picture). Best effort: a message that cannot be edited is left
        as it is."""
        if message_id is None:
            return
        try:
            channel = await self.channel(record)
            if channel is not None:
                old = await channel.fetch_message(message_id)  # type: ignore[union-attr]
                ended = record.status == "cancelled"
                await old.edit(**retired_turn_post(old, keep_picture=ended))
        except (TimeoutError, discord.HTTPException, OSError):
            log.info("game %s: could not tidy turn message %s", record.id, message_id)

    async def direct_message(self, user_id: int, text: str) -> None:
        """A direct message to a member, best effort (they may not accept them)."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException:
            log.info("could not send a direct message to %s", user_id)
