"""Private messages that carry controls for one move: a member's builder, their hints.

They are ephemeral, so only the interaction that showed one can change it, and only for
Discord's 15 minutes. Each one shown is remembered here with the move it was made for and
the latest interaction that showed it; when a move is stored (`retire`, from the desk),
every one made for an earlier move loses its controls and says the game has moved on, so
no stale button looks alive. Best effort and in memory: one that is older, or outlived a
restart, still refuses when pressed, and its press takes the controls off (see
`commands/controls.py`). A tidy-up that meets a network fault is tried again while the
interaction's token lives.

A Confirm pressed on a private message owns that message's answer (`confirming`): a
double click, a second device or a client's retry sends the same press several times at
once, and only the press whose move was stored may edit the message, so its "You
played …" stays whatever order the answers land in. Every other press made for that move
(or an earlier one) is answered in a reply of its own (`answered_by_another`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import discord

from ..i18n import N_, language_of, translate_in
from .background import Background, retried

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


@dataclass
class _Confirmed:
    """Confirm pressed on a private message, for move `move_count`: the presses on their
    way to the desk, and the one whose move was stored."""

    move_count: int
    pressing: set[int]
    played_by: int | None
    at: float


class PrivateControls:
    def __init__(self, background: Background) -> None:
        self.background = background
        self._shown: dict[int, _Shown] = {}
        self._confirmed: dict[int, _Confirmed] = {}

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

    def confirming(self, interaction: discord.Interaction, move_count: int) -> None:
        """Confirm, pressed on this private message for `move_count`, goes to the desk: the
        message's controls are this press's now (`retire` leaves it alone)."""
        message_id = _message_id(interaction)
        if not message_id:
            return
        self.dropped(message_id)
        self._forget_old()
        entry = self._confirmed.get(message_id)
        if entry is None or entry.move_count < move_count:
            entry = _Confirmed(move_count, set(), None, time.monotonic())
            self._confirmed[message_id] = entry
        entry.pressing.add(interaction.id)

    def confirmed(self, interaction: discord.Interaction, *, stored: bool) -> None:
        """The desk answered this press's Confirm: its move was `stored`, or not (then the
        message is free again unless another press is still on its way)."""
        entry = self._confirmed.get(_message_id(interaction))
        if entry is None or interaction.id not in entry.pressing:
            return
        entry.pressing.discard(interaction.id)
        if stored:
            entry.played_by = interaction.id
        elif not entry.pressing and entry.played_by is None:
            del self._confirmed[_message_id(interaction)]

    def answered_by_another(self, interaction: discord.Interaction, move_count: int) -> bool:
        """Whether another press on this message confirmed a move made for `move_count` or
        later (stored, or on its way): this press, made for `move_count`, must not edit
        the message, whose answer is that press's."""
        entry = self._confirmed.get(_message_id(interaction))
        if entry is None or move_count > entry.move_count:
            return False
        if entry.played_by is not None:
            return entry.played_by != interaction.id
        return bool(entry.pressing - {interaction.id})

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
        """Say the game moved on, without controls; tried again after a network fault
        while the token that may edit the message lives."""
        moved_on = translate_in(language_of(shown.interaction.locale), MOVED_ON)

        async def edit() -> None:
            if shown.own_response:
                await shown.interaction.edit_original_response(
                    content=moved_on, view=None, attachments=[]
                )
            else:
                await shown.interaction.followup.edit_message(
                    message_id, content=moved_on, view=None, attachments=[]
                )

        what = f"tidying private message {message_id}"
        await retried(edit, what, until=shown.at + TOKEN_SECONDS)

    def _forget_old(self) -> None:
        oldest = time.monotonic() - TOKEN_SECONDS
        for message_id in [m for m, s in self._shown.items() if s.at < oldest]:
            del self._shown[message_id]
        for message_id in [m for m, c in self._confirmed.items() if c.at < oldest]:
            del self._confirmed[message_id]


def _message_id(interaction: discord.Interaction) -> int:
    """The message a press was made on (0: none, as for a slash command)."""
    return interaction.message.id if interaction.message is not None else 0
