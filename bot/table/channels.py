"""The channels games are played in, as Discord has them now.

The desk, the courier and the scheduler find a game's channel here, and earlier turn posts
lose their buttons here, so each needs only this and not the whole client.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Iterable

import discord

from storage import GameRecord

from ..screens.safe_text import pinging
from ..screens.turn_post import card_story, retired_story_post, retired_turn_post
from .background import DISCORD_FAULTS, retried

log = logging.getLogger(__name__)

KEPT_STORIES = 10_000
"""Turn cards whose story this process keeps until the card is shrunk (a few hundred
bytes each): about one per game in play."""


class Channels:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._stories: OrderedDict[int, str] = OrderedDict()
        """The story of each turn card this process posted, by message id, so that shrinking
        it needs no request to read it back (only the bot edits its messages)."""

    def posted(self, message_id: int, view: discord.ui.LayoutView) -> None:
        """A turn card was posted with this view: keep its story for `retire_turn_message`."""
        self._stories[message_id] = card_story(view)
        while len(self._stories) > KEPT_STORIES:
            self._stories.popitem(last=False)

    async def channel(self, record: GameRecord) -> discord.abc.Messageable | None:
        """The game's channel; None when Discord says it no longer exists."""
        channel = await self.by_id(record.channel_id)
        if channel is None:
            log.warning("game %s: channel %s is gone", record.id, record.channel_id)
        return channel  # type: ignore[return-value]

    async def by_id(self, channel_id: int) -> discord.abc.GuildChannel | discord.Thread | None:
        """A channel or thread by its id; None when Discord says it no longer exists."""
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except discord.NotFound:
                return None
        return channel  # type: ignore[return-value]

    def guild_locale(self, guild_id: int) -> discord.Locale | None:
        """The server's own Discord language, if the bot knows the server (no request)."""
        guild = self.client.get_guild(guild_id)
        return guild.preferred_locale if guild is not None else None

    @property
    def me(self) -> int:
        """The bot's own user id."""
        assert self.client.user is not None
        return self.client.user.id

    async def edit_message(
        self, channel_id: int, message_id: int | None, **changes: object
    ) -> None:
        """Edit one of the bot's messages, best effort (it may be gone)."""
        if message_id is None:
            return
        try:
            message = self.client.get_partial_messageable(channel_id).get_partial_message(
                message_id
            )
            await message.edit(**changes)  # type: ignore[arg-type]
        except DISCORD_FAULTS:
            log.info("could not edit message %s in channel %s", message_id, channel_id)

    async def retire_turn_message(self, record: GameRecord, message_id: int | None) -> None:
        """Shrink an old turn message to its story: its buttons would only say 'too late',
        its call to move is stale and its picture shows a past position (an ended game's
        last card keeps its picture). Best effort: a message that cannot be edited is left
        as it is; a network fault is tried again for a while."""
        if message_id is None:
            return

        async def shrink() -> None:
            channel = await self.channel(record)
            if channel is None:
                return
            ended = record.status == "cancelled"
            story = None if ended else self._stories.get(message_id)
            if story is not None:  # posted by this process: its story is known
                card = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
                await card.edit(**retired_story_post(story))
            else:
                old = await channel.fetch_message(message_id)  # type: ignore[union-attr]
                await old.edit(**retired_turn_post(old, keep_picture=ended))
            self._stories.pop(message_id, None)

        await retried(shrink, f"game {record.id}: tidying turn message {message_id}")

    async def say(self, channel_id: int, text: str, pinged: Iterable[int] = ()) -> None:
        """A line in a channel, pinging only the `pinged` users, best effort (it may be
        gone)."""
        try:
            channel = await self.by_id(channel_id)
            if channel is not None:
                await channel.send(text, allowed_mentions=pinging(pinged))  # type: ignore[union-attr]
        except DISCORD_FAULTS:
            log.info("could not write in channel %s", channel_id)

    async def direct_message(self, user_id: int, text: str) -> None:
        """A direct message to a member, best effort (they may not accept them)."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException:
            log.info("could not send a direct message to %s", user_id)
