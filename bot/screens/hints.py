"""`/axio hint`: the computer's few best moves for the player, each playable from its button
(hint → preview → Confirm), listed in the order the heading says, one per placement
(`suggest.placement`), the computer's own choice marked as the builder marks it.

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

from ..i18n import _, ngettext, pgettext
from .controls import move_button, view_of
from .moves import describe, move_text
from .suggest import CHOICE_MARK, Suggestion, appraise, choice_note, placement, suggestion_label
from .words import change_sentence, colour_name, names_text


def hint_reason(game: TileGame, suggestion: Suggestion) -> str:
    """What the move does, in a sentence: `raises blue by 2; your lowest stays 0 (green
    and purple still at 0)`, and AXIO! when a colour reaches the cap and earns a turn."""
    board = game.scoreboards[game.to_move]
    effect = change_sentence(suggestion.before, suggestion.after)
    reached = [
        colour_name(c)
        for c, a, b in zip(COLOURS, suggestion.before, suggestion.after, strict=True)
        if a < board.cap <= b
    ]
    if reached and not game.solo:
        return ngettext(
            "it {effect}; {colours} reaches {cap}: **AXIO!** another placement",
            "it {effect}; {colours} reach {cap}: **AXIO!** another placement",
            len(reached), effect=effect, colours=names_text(reached), cap=board.cap,
        )  # fmt: skip
    return _("it {effect}", effect=effect)


def exchange_reason(game: TileGame, accept: bool) -> str:
    lowest = names_text(
        [colour_name(c) for c in game.scoreboards[game.to_move].lowest_colours()],
        pgettext("list", "or"),
    )
    if accept:
        return _(
            "swap your rack for new tiles: none of yours shows {colours}, your lowest",
            colours=lowest,
        )
    return _("keep your rack: its tiles still serve your other colours")


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
        return _("💡 No suggestion now: use **My tiles** or `/axio hand`."), view
    if getattr(game, "phase", "place") == "exchange":
        lines = [_("💡 Suggestion:")]
        for number, hint in enumerate(hints, start=1):
            text = move_text(game, hint.move)
            lines.append(f"{number}. **{text}**: {exchange_reason(game, text == 'exchange')}")
            view.add_item(move_button(record.id, record.move_count, text, text))
        return "\n".join(lines), view
    found, taken = [], set()
    for hint in hints:  # the engine's order: of moves on the same cells, its better one
        if (s := appraised(game, hint)) is not None and placement(hint.move) not in taken:
            taken.add(placement(hint.move))
            found.append((hint, s))
    found.sort(key=lambda pair: pair[1].sort_key())
    lines = [
        _(
            "💡 Suggestions, best for your lowest colour first, then most points. "
            "Tap one to preview it:"
        )
        + " "
        + choice_note()
    ]  # SUGGESTED_ORDER, said whole
    for number, (hint, suggestion) in enumerate(found, start=1):
        mark = f"{CHOICE_MARK} " if hint.move == hints[0].move else ""
        lines.append(
            f"{number}. {mark}**{describe(game, hint.move)}**: {hint_reason(game, suggestion)}."
        )
        label = f"{number}. {mark}{suggestion_label(game, suggestion)}"[:80]
        text = move_text(game, hint.move)
        view.add_item(
            move_button(record.id, record.move_count, "try", text, label=label, row=number - 1)
        )
    return "\n".join(lines), view
