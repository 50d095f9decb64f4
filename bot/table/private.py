"""Private messages that carry controls for one move: a member's builder, their hints.

They are ephemeral, so only the interaction that showed one can change it, and only for
Discord's 15 minutes. Each one shown is remembered here with the move it was made for and
the latest interaction that showed it; when a move is stored (`retire`, from the desk),
every one made for an earlier move loses its controls and says the game has moved on, so
no stale button looks alive. Best effort and in memory: one that is older, or outlived a
restart, still refuses when pressed, and its press takes the controls off (see
`commands/controls.py`).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

import discord

from ..i18n import N_, language_of, translate_in
from .background import Background

log = logging.getLogger(__name__)

TOKEN_SECONDS = 14 * 60
"""How long an interaction may still edit its messages (Discord allows 15 minutes)."""
MOVED_ON = N_(
    "⌛ That was for an earlier move: the game has moved on. Nothing was played from here."
)
"""Said in the language of the member the private message was shown to."""


@dataclass
class _Shown:
    game_id: int
    move_count: int
    interaction: discord.Interaction
    own_response: bool  # the message is the interaction's own response, not a follow-up
    at: float


class PrivateControls:
    def __init__(self, background: Background) -> None:
        self.background = background
        self._shown: dict[int, _Shown] = {}

    def shown(
        self,
        interaction: discord.Interaction,
        message_id: int | None,
        game_id: int,
        move_count: int,
        *,
        own_response: bool = True,
    ) -> None:
        """A private message now shows controls for `move_count` of the game."""
        if message_id is None:
            return
        self._forget_old()
        self._shown[message_id] = _Shown(
            game_id, move_count, interaction, own_response, time.monotonic()
        )

    def dropped(self, message_id: int | None) -> None:
        """The message no longer carries controls (or its own press is answering it)."""
        self._shown.pop(message_id or 0, None)

    def retire(self, game_id: int, move_count: int) -> None:
        """The game reached `move_count`: take the controls off everything made before."""
        stale = [
            (message_id, shown)
            for message_id, shown in self._shown.items()
            if shown.game_id == game_id and shown.move_count < move_count
        ]
        for message_id, shown in stale:
            del self._shown[message_id]
            self.background.spawn(self._take_off(message_id, shown))

    async def _take_off(self, message_id: int, shown: _Shown) -> None:
        moved_on = translate_in(language_of(shown.interaction.locale), MOVED_ON)
        try:
            if shown.own_response:
                await shown.interaction.edit_original_response(
                    content=moved_on, view=None, attachments=[]
                )
            else:
                await shown.interaction.followup.edit_message(
                    message_id, content=moved_on, view=None, attachments=[]
                )
        except (discord.HTTPException, OSError, TimeoutError) as error:
            log.info("could not tidy private message %s: %s", message_id, error)

    def _forget_old(self) -> None:
        oldest = time.monotonic() - TOKEN_SECONDS
        for message_id in [m for m, s in self._shown.items() if s.at < oldest]:
            del self._shown[message_id]
