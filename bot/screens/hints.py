"""`/axio hint`: the computer's few best moves for the player, each playable from its button
(hint → preview → Confirm), listed in the order the heading says."""

from __future__ import annotations

from typing import Any

import discord

from engine import ScoredMove
from storage import GameRecord

from .controls import move_button, view_of
from .moves import describe, move_text
from .suggest import SUGGESTED_ORDER, appraise, suggestion_label


def hint_message(record: GameRecord, hints: list[Any]) -> tuple[str, discord.ui.View]:
    """The hints as numbered lines with their reasons, and one button each."""
    game = record.game
    assert game is not None
    view = view_of()
    if not hints:
        return "💡 No suggestion now: use **My tiles** or `/axio hand`.", view
    exchange = getattr(game, "phase", "place") == "exchange"
    if exchange:
        ordered = [(hint, None) for hint in hints]
        heading = "💡 Suggestion:"
    else:
        appraised = [(h, appraise(game, ScoredMove(h.move, tuple(h.points)))) for h in hints]
        ordered = sorted(appraised, key=lambda pair: pair[1].sort_key())
        heading = f"💡 Suggestions, {SUGGESTED_ORDER}. Tap one to preview it:"
    lines = [heading]
    for number, (hint, suggestion) in enumerate(ordered, start=1):
        lines.append(f"{number}. **{describe(game, hint.move)}** — {hint.reason}")
        text = move_text(game, hint.move)
        if suggestion is None:  # the exchange answer: its own button plays it
            view.add_item(move_button(record.id, record.move_count, text, text))
        else:
            label = f"{number}. {suggestion_label(game, suggestion)}"[:80]
            view.add_item(
                move_button(record.id, record.move_count, "try", text, label=label, row=number - 1)
            )
    return "\n".join(lines), view
