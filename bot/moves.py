"""Move text as players type and read it.

AXIO moves are the engine's text (`E5:b F5:r`, `exchange`, `keep`). For Rota the display
image numbers every position the tile may go, so players may type that number instead of
coordinates: `3 90 g` means position #3 on the latest display, turned 90°, naming green.
"""

from __future__ import annotations

from typing import Any

from engine import COLOURS, IllegalMoveError, ScoredMove, TileGame
from engine.common import MOVE_TEXT_LIMIT, small_number

from .present import counted, points_text

MAX_CHOICES = 25


def parse_player_move(game: TileGame, text: str) -> Any:
    """The engine move a player's text means, with Rota position numbers resolved.

    Reading is plain tokenising, linear in the text, and the text is at most
    MOVE_TEXT_LIMIT long (the `/axio play` option says so too)."""
    if len(text) > MOVE_TEXT_LIMIT:
        raise IllegalMoveError(
            f"a move is at most {MOVE_TEXT_LIMIT} characters, and that text has {len(text)}"
        )
    if game.kind == "rota" and "," not in text:
        labelled = _position_number(text)
        positions = game.legal_positions()  # type: ignore[attr-defined]
        if labelled is not None and 1 <= labelled[0] <= len(positions):
            x, y = positions[labelled[0] - 1]
            return game.parse_move(f"{x},{y} {labelled[1]}")
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


def _position_number(text: str) -> tuple[int, str] | None:
    """`#3 90 g` → (3, "90 g"): a Rota position number and the rest of the move."""
    words = text.strip().removeprefix("#").split(None, 1)
    if len(words) < 2 or not words[0].isdigit():
        return None
    number = small_number(words[0])
    return None if number is None else (number, words[1])


def position_number(game: TileGame, position: tuple[int, int]) -> int:
    return game.legal_positions().index(position) + 1  # type: ignore[attr-defined]


def describe(game: TileGame, move: Any) -> str:
    """A move as a player reads it: `E5:b F5:r`, or `#3 (2,0) turned 90°, naming green`."""
    if game.kind != "rota":
        return str(move)
    text = f"#{position_number(game, move.position)} ({move.x},{move.y}) turned {move.rotation}°"
    if move.name is not None:
        text += f", naming {move.name.label}"
    return text


def option_label(game: TileGame, scored: ScoredMove) -> str:
    """`E5:b F5:r — 5 pts (blue +3, red +2)`, short enough for a select or autocomplete."""
    total = sum(scored.points)
    label = f"{describe(game, scored.move)} — {counted(total, 'pt')}"
    if total:
        label += f" ({points_text(scored.points)})"
    return label[:100]


def ranked(game: TileGame, moves: list[ScoredMove]) -> list[ScoredMove]:
    """Best first: most points for the player's weakest colours, then most points."""
    scores = game.scores(game.to_move)
    low = min(scores)
    weakest = [i for i, s in enumerate(scores) if s == low]

    def key(scored: ScoredMove) -> tuple[int, int, str]:
        return (-sum(scored.points[i] for i in weakest), -sum(scored.points), str(scored.move))

    return sorted(moves, key=key)


def best_by_points(moves: list[ScoredMove]) -> list[ScoredMove]:
    return sorted(moves, key=lambda m: (-sum(m.points), str(m.move)))


def autocomplete_options(game: TileGame, typed: str) -> list[tuple[str, str]]:
    """(label, value) pairs for `/axio play`: legal moves matching what was typed, best
    first."""
    typed = typed[:MOVE_TEXT_LIMIT]
    if getattr(game, "phase", "place") == "exchange":
        options = [("exchange — swap your whole rack", "exchange"), ("keep your rack", "keep")]
        return [
            (label, stamped(game.move_count, value))
            for label, value in options
            if value.startswith(typed.strip().lower())
        ]
    wanted = typed.strip().lower().replace(" ", "")
    found = []
    for scored in best_by_points(game.scored_moves()):
        value = str(scored.move)
        label = option_label(game, scored)
        if (
            wanted
            and wanted not in value.lower().replace(" ", "")
            and wanted not in (label.lower().replace(" ", ""))
        ):
            continue
        found.append((label, stamped(game.move_count, value)))
        if len(found) == MAX_CHOICES:
            break
    return found


def hint_lines(game: TileGame, hints: list[Any]) -> str:
    """Numbered suggestions: the move to type, where it goes (Rota) and why."""
    lines = []
    for number, hint in enumerate(hints, start=1):
        where = f" ({describe(game, hint.move)})" if game.kind == "rota" else ""
        lines.append(f"{number}. `{hint.move}`{where} — {hint.reason}")
    return "\n".join(lines)


def colour_letters() -> str:
    return ", ".join(f"{c.letter} = {c.label}" for c in COLOURS)
