"""The turn card's story in brief: every move since the player to move last played, each
under the numbered badge the picture marks it with (`render.recent_marks`), so that the
card's words, the board and **My tiles** fit one phone screen.

A move reads `② **Bot B** K10 +4`: its badge, who made it, where (by the names on the
picture's edges) and what it scored; the badge on the board shows the tile in its mover's
colour, the scoreboards what each colour stands at. A marked move an earlier card told
with its points is named by its badge and mover alone. The player to move's own previous
move is theirs to know and left out (unless a stand-in made it). A 4-player card on a
390-px phone takes three lines where it took ten to twelve (`tests/bot/test_sights.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Colour, PlayResult
from engine.axio_board import cell_name
from engine.axio_moves import Placement
from engine.rota_moves import RotaMove
from engine.rota_names import position_name
from render import Mark, recent_marks
from storage import GameRecord, Seat

from ..i18n import _, ngettext
from .safe_text import shown_name
from .words import COLOUR_EMOJI

BRIEF_NAME = 14
"""The longest name a brief move shows; the scoreboards on the picture show it whole."""
BADGES = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"


def badge(number: int) -> str:
    """A move's badge as the board draws it: `②` (past twenty, `(21)`)."""
    return BADGES[number - 1] if 0 < number <= len(BADGES) else f"({number})"


def brief_name(seat: Seat) -> str:
    """A seat's name in a brief: a computer's without its level (`Bot B`), a long name cut."""
    name = seat.name
    if seat.user_id is None and " (" in name:
        name = name.split(" (", 1)[0]
    if len(name) > BRIEF_NAME:
        name = name[: BRIEF_NAME - 1].rstrip() + "…"
    return f"**{shown_name(name)}**"


def points_brief(points: Sequence[int]) -> str:
    """`+5`: the move's points together (the scoreboards show each colour's total)."""
    return f"+{sum(points)}"


def tiles_brief(tiles: Sequence[str]) -> str:
    """AXIO tiles as the engine writes them (`bp`), in emoji: `🔵🟣 🔴🔴`."""
    return " ".join("".join(COLOUR_EMOJI[Colour(letter)] for letter in tile) for tile in tiles)


def where(kind: str, move: str) -> str:
    """Where a placement went, by the names on the picture's edges: a Rota position
    (`O10`), an AXIO tile's top-left cell (`F6`, where its badge sits)."""
    if kind == "rota":
        return position_name(RotaMove.parse(move).position)
    return cell_name(min(Placement.parse(move).cells))


def move_brief(record: GameRecord, result: PlayResult, mark: Mark | None, stand_in: bool) -> str:
    """One move in brief: badge, mover, where, points, and what else it did (AXIO!, 🔺 a
    pyramid each, ✖ a dead cell each; the tiles an exchange showed and put back). A Rota
    tile's named colour is in its points, and in `/axio log`."""
    name = brief_name(record.seats[result.seat])
    who = _("🤖 for {name}", name=name) if stand_in else name
    if result.move == "keep":
        return _("{who} kept the rack", who=who)
    if result.move == "exchange":
        count = len(result.returned)  # the rules show the rack before it goes back
        return ngettext("{who} exchanged {count} tile: {tiles}",
                        "{who} exchanged {count} tiles: {tiles}", count,
                        who=who, tiles=tiles_brief(result.returned))  # fmt: skip
    line = f"{badge(mark.number)} " if mark else ""
    line += f"{who} {where(record.kind, result.move)} {points_brief(result.points)}"
    line += " 🔺" * len(result.pyramids) + " ✖" * len(result.dead_cells)
    if result.axio:
        line += " **AXIO!**"
    return line


def story_brief(record: GameRecord, moves: list[tuple[PlayResult, bool]], left_out: int = 0) -> str:
    """The moves of a card in brief, oldest first, on one paragraph: the marked moves the
    cards before told (badge and mover), then `moves` (each a result and whether a stand-in
    made it), `left_out` earlier ones counted. The player to move's own previous move is
    theirs to know and is left out, unless a stand-in made it for them. A declined AXIO
    exchange is left out too: it changes nothing on the board or the scores, and the card's
    three phone lines are for what did (`/axio log` and the game page list it; a stand-in's
    choice is told, as it was made for someone who was away)."""
    game = record.game
    assert game is not None
    marks = recent_marks(game)
    by_move = {(mark.seat, mark.move): mark for mark in marks}
    told = {(result.seat, result.move) for result, _ in moves}
    parts = [
        f"{badge(mark.number)} {brief_name(record.seats[mark.seat])}"
        for mark in marks
        if (mark.seat, mark.move) not in told
    ]
    if left_out:
        parts.append(ngettext("(… {count} earlier move)", "(… {count} earlier moves)", left_out))
    for result, stand_in in moves:
        mark = by_move.get((result.seat, result.move))
        own = not game.is_over and result.seat == game.to_move and mark is None
        kept = result.move == "keep" and not stand_in
        if (not own or stand_in or game.solo) and not kept:
            parts.append(move_brief(record, result, mark, stand_in))
    return " · ".join(parts)
