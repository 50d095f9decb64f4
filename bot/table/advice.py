"""The computer's advice on a person's move: what `/axio hint` lists, and the move the
builder marks among its suggested moves as the computer's choice.

A server chooses where hints come from (`/axio settings hints:` and `expert_hints:`): the
hard search at a budget that answers quickly, or the expert at the server's budget; with
hints off there is no advice at all, and the builder marks nothing. The advice on a move
is thought once and kept while the move is open (`KEPT` moves), so `/axio hint` and the
builder always name the same choice (a search stopped by the wall clock on a busy machine
could otherwise differ) and opening the builder again thinks no more.
"""

from __future__ import annotations

from collections import OrderedDict

from engine.ai import Hint
from storage import GameRecord, GuildSettings, Repository

from .thinking import Thinker

HARD = ("hard", 0.3)
"""Hints from the hard search, at a budget that answers quickly (the expert's, when a
server allows it, at its own budget: both think in the process pool)."""
KEPT = 256
"""Moves whose advice is kept (the newest; a game's move number is part of the key)."""


def hint_level(settings: GuildSettings) -> tuple[str, float] | None:
    """Which search advises on this server, at what budget; None with hints off."""
    if not settings.hints_enabled:
        return None
    return ("expert", settings.expert_budget_s) if settings.expert_hints else HARD


class Advice:
    def __init__(self, repo: Repository, thinker: Thinker) -> None:
        self.repo = repo
        self.thinker = thinker
        self._kept: OrderedDict[tuple[int, int, str, float], list[Hint]] = OrderedDict()

    def known(self, record: GameRecord, level: tuple[str, float]) -> bool:
        """Whether the advice on this move is already thought (no waiting for it)."""
        return (record.id, record.move_count, *level) in self._kept

    async def hints(self, record: GameRecord, level: tuple[str, float]) -> list[Hint]:
        """The search's best few moves for the seat to move, best first (its choice
        first), thought once per move and level."""
        key = (record.id, record.move_count, *level)
        if key not in self._kept:
            assert record.game is not None
            name, budget_s = level
            found = await self.thinker.hints(
                record.game, name, seed=record.move_count, budget_s=budget_s
            )
            self._kept[key] = found
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        return self._kept[key]

    async def level(self, guild_id: int) -> tuple[str, float] | None:
        """The search that advises on this server's moves (None: hints are off)."""
        return hint_level(await self.repo.guild_settings(guild_id))
