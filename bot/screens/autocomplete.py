"""`/axio play`'s suggestions as the player types: legal moves that match the words typed,
best first, each stamped with the move it was made for.

Here rather than in `moves` because it ranks moves (`suggest`), which reads moves' words
(`moves`): each of those imports only what is below it.
"""

from __future__ import annotations

from engine import COLOURS, ScoredMove, TileGame
from engine.axio_board import cell_name
from engine.common import MOVE_TEXT_LIMIT
from engine.rota_names import position_name

from ..i18n import _
from .moves import MAX_CHOICES, move_text, move_value, stamped
from .suggest import Suggestion, ranked_suggestions, suggestion_label


def _words(text: str) -> list[str]:
    return text.lower().replace(",", " ").replace(":", " ").split()


def _terms(game: TileGame, scored: ScoredMove) -> tuple[set[str], set[str]]:
    """What a player may type to find a move: where it goes (AXIO cells; a Rota position's
    name and turn), and the colours it places, names or scores in (words and letters)."""
    move = scored.move
    colours = {COLOURS[i] for i, n in enumerate(scored.points) if n}
    if game.kind == "rota":
        place = {position_name(move.position).lower(), str(move.rotation), f"{move.rotation}°"}
        if move.name is not None:
            colours.add(move.name)
    elif hasattr(move, "first_colour"):
        place = {cell_name(move.first).lower(), cell_name(move.second).lower()}
        colours.update((move.first_colour, move.second_colour))
    else:
        place = {str(move)}
    return place, {c.label for c in colours} | {c.letter for c in colours}


def match_tier(game: TileGame, scored: ScoredMove, typed: str) -> int | None:
    """How well a move matches what was typed: 0 by where it goes (its text starts with
    it, or each word starts a cell or position name: `e5`, `G`, `O1`), 1 by its colours
    too (`red`, `e5 blue`), None if not at all. Never by a label's other words."""
    words = _words(typed)
    if not words:
        return 0
    lowered = typed.strip().lower()
    if move_text(game, scored.move).lower().startswith(lowered):
        return 0
    place, colours = _terms(game, scored)
    if all(any(term.startswith(word) for term in place) for word in words):
        return 0
    every = place | colours
    if all(any(term.startswith(word) for term in every) for word in words):
        return 1
    return None


def autocomplete_options(game: TileGame, typed: str) -> list[tuple[str, str]]:
    """(label, value) pairs for `/axio play`: legal moves matching what was typed (where
    the move goes first, then its colours; never the label's words), best first."""
    if getattr(game, "phase", "place") == "exchange":
        options = [
            (_("exchange — swap your whole rack"), "exchange"),
            (_("keep your rack"), "keep"),
        ]
        return [
            (label, stamped(game.move_count, value))
            for label, value in options
            if value.startswith(typed.strip().lower()[:MOVE_TEXT_LIMIT])
        ]
    typed = typed[:MOVE_TEXT_LIMIT]
    tiers: tuple[list[Suggestion], list[Suggestion]] = ([], [])
    for suggestion in ranked_suggestions(game):
        tier = match_tier(game, suggestion.scored, typed)
        if tier is not None:
            tiers[tier].append(suggestion)
    found = (tiers[0] + tiers[1])[:MAX_CHOICES]
    return [
        (suggestion_label(game, s), stamped(game.move_count, move_value(game, s.scored.move)))
        for s in found
    ]


def waiting_option(mover: str) -> tuple[str, str]:
    """The one line a member sees when it is not their move: whose move it is. Choosing it
    sends `wait`, which `/axio play` answers with the same words."""
    return (_("It is {name}'s move: wait until you are mentioned.", name=mover)[:100], "wait")
