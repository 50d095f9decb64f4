"""Move text as players type and read it.

AXIO moves are the engine's text (`E5:b F5:r`, `exchange`, `keep`) and read as
`E5 blue, F5 red`. Rota positions go by the names printed along the display's edges
(`engine.rota_names`), which stay the same all game: `O10 90 g` is the tile on O10,
turned 90° clockwise, naming green, and reads `O10 ↻90° green`. The engine's
coordinates (`2,0 90 g`) are still accepted.
"""

from __future__ import annotations

from typing import Any

from engine import COLOURS, IllegalMoveError, ScoredMove, TileGame
from engine.axio_board import cell_name
from engine.common import MOVE_TEXT_LIMIT
from engine.rota_names import position_name

from .present import counted, move_words, points_text

MAX_CHOICES = 25


def parse_player_move(game: TileGame, text: str) -> Any:
    """The engine move a player's text means (Rota position names are read by the
    engine). Reading is plain tokenising, linear in the text, and the text is at most
    MOVE_TEXT_LIMIT long (the `/axio play` option says so too)."""
    if len(text) > MOVE_TEXT_LIMIT:
        raise IllegalMoveError(
            f"a move is at most {MOVE_TEXT_LIMIT} characters, and that text has {len(text)}"
        )
    return game.parse_move(text)


STAMP = "@"
"""Autocomplete values begin `@<move number> `: a suggestion is for the move it was made
for, so one delivered twice (a double Enter, a client's retry) applies at most once."""


def stamped(move_count: int, text: str) -> str:
    return f"{STAMP}{move_count} {text}"


def unstamped(text: str) -> tuple[int | None, str]:
    """(the move number a suggestion was made for, or None when typed; the move text)."""
    if not text.startswith(STAMP):
        return None, text
    number, _, rest = text[len(STAMP) :].partition(" ")
    if not number.isdecimal() or len(number) > 9:
        return None, text
    return int(number), rest


def move_text(game: TileGame, move: Any) -> str:
    """The move as a player would type it: a button's or a suggestion's value."""
    if game.kind != "rota":
        return str(move)
    named = f" {move.name}" if move.name is not None else ""
    return f"{position_name(move.position)} {move.rotation}{named}"


def describe(game: TileGame, move: Any) -> str:
    """A move as a player reads it: `E5 blue, F5 red`, or `O10 ↻90° green`."""
    return move_words(game.kind, str(move))


def option_label(game: TileGame, scored: ScoredMove) -> str:
    """`E5:b F5:r — 5 pts (blue +3, red +2)`, short enough for a select or autocomplete."""
    total = sum(scored.points)
    label = f"{describe(game, scored.move)} — {counted(total, 'pt')}"
    if total:
        label += f" ({points_text(scored.points)})"
    return label[:100]


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
    from .suggest import ranked_suggestions

    if getattr(game, "phase", "place") == "exchange":
        options = [("exchange — swap your whole rack", "exchange"), ("keep your rack", "keep")]
        return [
            (label, stamped(game.move_count, value))
            for label, value in options
            if value.startswith(typed.strip().lower()[:MOVE_TEXT_LIMIT])
        ]
    typed = typed[:MOVE_TEXT_LIMIT]
    tiers: tuple[list[ScoredMove], list[ScoredMove]] = ([], [])
    for suggestion in ranked_suggestions(game):
        tier = match_tier(game, suggestion.scored, typed)
        if tier is not None:
            tiers[tier].append(suggestion.scored)
    found = (tiers[0] + tiers[1])[:MAX_CHOICES]
    return [
        (option_label(game, m), stamped(game.move_count, move_text(game, m.move))) for m in found
    ]


def hint_lines(game: TileGame, hints: list[Any]) -> str:
    """Numbered suggestions: the move as players read it and why."""
    return "\n".join(
        f"{number}. **{describe(game, hint.move)}** — {hint.reason}"
        for number, hint in enumerate(hints, start=1)
    )
