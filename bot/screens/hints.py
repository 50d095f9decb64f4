"""`/axio hint`: the computer's few best moves for the player, each playable from its button
(hint → preview → Confirm), listed in the order the heading says.

The engine picks the moves; the reasons are said here, from what each move does to the
player's five scores (the cap and pyramids included, as `suggest.appraise` works them
out): which colours rise and by how much, and whether the lowest score rises or which
colours keep it where it is. So a hint never promises a lift the move does not give.
"""

from __future__ import annotations

from typing import Any

import discord

from engine import COLOURS, TileGame
from storage import GameRecord

from .controls import move_button, view_of
from .moves import describe, move_text
from .suggest import SUGGESTED_ORDER, Suggestion, appraise, suggestion_label
from .words import change_sentence, names_text


def hint_reason(game: TileGame, suggestion: Suggestion) -> str:
    """What the move does, in a sentence: `raises blue by 2; your lowest stays 0 (green
    and purple still at 0)`, and AXIO! when a colour reaches the cap and earns a turn."""
    board = game.scoreboards[game.to_move]
    text = f"it {change_sentence(suggestion.before, suggestion.after)}"
    reached = [
        c.label
        for c, a, b in zip(COLOURS, suggestion.before, suggestion.after, strict=True)
        if a < board.cap <= b
    ]
    if reached and not game.solo:
        text += f"; {names_text(reached)} reaches {board.cap}: **AXIO!** another placement"
    return text


def exchange_reason(game: TileGame, accept: bool) -> str:
    lowest = names_text([c.label for c in game.scoreboards[game.to_move].lowest_colours()], "or")
    if accept:
        return f"swap your rack for new tiles: none of yours shows {lowest}, your lowest"
    return "keep your rack: its tiles still serve your other colours"


def appraised(game: TileGame, hint: Any) -> Suggestion | None:
    """The hint's move as the engine scores it now (None for an exchange answer)."""
    scored = next((m for m in game.scored_moves() if m.move == hint.move), None)
    return None if scored is None else appraise(game, scored)


def hint_message(record: GameRecord, hints: list[Any]) -> tuple[str, discord.ui.View]:
    """The hints as numbered lines with their reasons, and one button each."""
    game = record.game
    assert game is not None
    view = view_of()
    if not hints:
        return "💡 No suggestion now: use **My tiles** or `/axio hand`.", view
    if getattr(game, "phase", "place") == "exchange":
        lines = ["💡 Suggestion:"]
        for number, hint in enumerate(hints, start=1):
            text = move_text(game, hint.move)
            lines.append(f"{number}. **{text}**: {exchange_reason(game, text == 'exchange')}")
            view.add_item(move_button(record.id, record.move_count, text, text))
        return "\n".join(lines), view
    found = [(h, s) for h in hints if (s := appraised(game, h)) is not None]
    found.sort(key=lambda pair: pair[1].sort_key())
    lines = [f"💡 Suggestions, {SUGGESTED_ORDER}. Tap one to preview it:"]
    for number, (hint, suggestion) in enumerate(found, start=1):
        lines.append(f"{number}. **{describe(game, hint.move)}**: {hint_reason(game, suggestion)}.")
        label = f"{number}. {suggestion_label(game, suggestion)}"[:80]
        text = move_text(game, hint.move)
        view.add_item(
            move_button(record.id, record.move_count, "try", text, label=label, row=number - 1)
        )
    return "\n".join(lines), view
