"""A `state` message: the game as the table sees it, and what only this member may see.

The public part (`game_view`) is read through `public.state_of`, the game page's own
reader, plus the seats, the move count and the last moves' marks: never a rack, a hand
tile, the bag or a stack. The private part (`you_view`) holds the rack or hand tile of
the member's own seat only, and the legal moves only on their turn; a watcher's has none.
"""

from __future__ import annotations

from typing import Any

from engine import ScoredMove, TileGame
from engine.common import COLOURS, IllegalMoveError, Points
from engine.rota_moves import RotaMove
from engine.rota_tiles import tile_text
from storage import GameRecord, Seat

from ...i18n import _
from ...screens.present import move_words
from ...screens.refusals import NO_GAME_HERE
from ...screens.suggest import SUGGESTIONS, appraise, best_moves, placement
from ..public import placed_cells, rota_tiles, state_of
from ..words import page_words, ranked, result_words

LAST_MOVES = 4
"""How many of the latest moves carry marks (a 4-player round)."""


def state_message(record: GameRecord | None, code: str | None, user_id: int) -> dict[str, Any]:
    """What one member is sent: the game (None: the channel has none) and their part."""
    if record is None or record.game is None:
        note = (
            _(NO_GAME_HERE)
            if record is None
            else _("The game here has not started yet: the host presses **Start**.")
        )
        return {"type": "state", "game": None, "note": note, "you": _nobody()}
    seat = record.seat_of(user_id)
    return {
        "type": "state",
        "game": game_view(record, code),
        "you": you_view(record.game, record, seat),
    }


def _nobody() -> dict[str, Any]:
    return {"seat": None, "to_move": False, "moves": [], "suggested": [], "phase": "move"}


def game_view(record: GameRecord, code: str | None) -> dict[str, Any]:
    """The public board: one step of `/g/<code>.json` plus who plays and what just moved."""
    game = record.game
    assert game is not None
    words = page_words()
    names = [words["formerPlayer"] if seat.is_former else seat.name for seat in record.seats]
    result, winners = None, set()
    if record.status == "finished":  # ranked as the table's result, resignations last
        final = ranked(game, [seat.seat for seat in record.seats if seat.resigned])
        result = result_words(final, names)
        winners = set() if game.solo else set(final.winners())
    view: dict[str, Any] = {
        **state_of(game),
        "code": code,
        "kind": record.kind,
        "cap": game.cap,
        "move_count": record.move_count,
        "to_move": None if game.is_over or record.status != "running" else game.to_move,
        "status": record.status,
        "result": result,
        "players": [
            {
                "seat": seat.seat,
                "name": names[seat.seat],
                "computer": seat.computer is not None,
                "resigned": seat.resigned,
                "winner": seat.seat in winners,
                "scores": list(game.scores(seat.seat)),
            }
            for seat in record.seats
        ],
        "last_moves": [_marks(game, entry) for entry in game.log[-LAST_MOVES:]],
    }
    if record.kind == "rota":
        view["tiles"] = rota_tiles(game)
    else:  # each placed tile's two cells (board indices), so its halves are drawn joined
        view["pairs"] = [[a, b] for a, b in game.tiles]  # type: ignore[attr-defined]
    return view


def _marks(game: TileGame, entry: Any) -> dict[str, Any]:
    """A recent move: who, which turn, its words and where it went."""
    marks: dict[str, Any] = {
        "seat": entry.seat,
        "turn": entry.turn,
        "text": entry.move,
        "words": move_words(game.kind, entry.move),
    }
    if game.kind == "axio":
        marks["cells"] = placed_cells(entry.move)
    else:
        try:
            move = RotaMove.parse(entry.move)
            marks["at"] = [move.x, move.y]
        except IllegalMoveError:
            marks["at"] = None
    return marks


def you_view(game: TileGame, record: GameRecord, seat: Seat | None) -> dict[str, Any]:
    """This member's own part: their seat, their tiles, and on their turn every legal
    move with its points. Nothing for a watcher, a resigned seat or a finished game."""
    if seat is None:
        return _nobody()
    mine = seat.seat
    playing = record.status == "running" and not game.is_over and not seat.resigned
    to_move = playing and game.to_move == mine
    scored = game.scored_moves() if to_move else []
    return {
        "seat": mine,
        "to_move": to_move,
        "tiles": own_tiles(game, mine),
        "moves": legal_moves(game, scored) if to_move else [],
        "suggested": suggested(game, scored) if scored else [],
        "phase": phase_of(game),
    }


def own_tiles(game: TileGame, seat: int) -> list[Any]:
    """AXIO: the seat's rack as colour pairs; Rota: its hand tile's corners (or none)."""
    if game.kind == "axio":
        return [[a.value, b.value] for a, b in game.rack(seat)]  # type: ignore[attr-defined]
    hand = game.hand(seat)  # type: ignore[attr-defined]
    return [] if hand is None else [tile_text(hand)]


def phase_of(game: TileGame) -> str:
    """`exchange` (AXIO's question), `extra` (an AXIO! extra placement, or Rota's supply
    tile) or `move`."""
    if game.kind == "axio":
        if game.phase == "exchange":  # type: ignore[attr-defined]
            return "exchange"
        last = game.log[-1] if game.log else None
        again = last is not None and (last.seat, last.turn) == (game.to_move, game.turn)
        return "extra" if again else "move"
    return "extra" if game.extra_tile is not None else "move"  # type: ignore[attr-defined]


def legal_moves(game: TileGame, scored: list[ScoredMove]) -> list[dict[str, Any]]:
    """Every legal move (`scored`: the game's scored moves) with the points it gives each
    colour now and whether it reaches the cap (an AXIO!, an extra turn); the exchange's
    two answers score nothing."""
    if not scored:
        return [{"move": str(move), "gains": {}, "axio": False} for move in game.legal_moves()]
    scores = game.scores(game.to_move)
    cap = game.cap
    told: dict[Points, tuple[dict[str, int], bool]] = {}  # many moves score alike
    for points in {found.points for found in scored}:
        gains = {c.value: p for c, p in zip(COLOURS, points, strict=True) if p}
        told[points] = gains, any(s < cap <= s + p for s, p in zip(scores, points, strict=True))
    return [
        {"move": str(found.move), "gains": told[found.points][0], "axio": told[found.points][1]}
        for found in scored
    ]


def suggested(game: TileGame, scored: list[ScoredMove]) -> list[str]:
    """The builder's suggestions (`screens.suggest.best_moves`), ranked among only the
    moves that can be among them: its order ranks by what a move's points do first, so
    the best classes of points that hold enough different placements hold the answer."""
    ranks: dict[Points, tuple[int, ...]] = {}
    for found in scored:
        if found.points not in ranks:
            ranks[found.points] = appraise(game, found).sort_key()[:3]
    classes: dict[tuple[int, ...], list[ScoredMove]] = {}
    for found in scored:
        classes.setdefault(ranks[found.points], []).append(found)
    candidates: list[ScoredMove] = []
    places: set[object] = set()
    for rank in sorted(classes):
        if len(places) >= SUGGESTIONS:
            break
        candidates += classes[rank]
        places.update(placement(found.move) for found in classes[rank])
    return [str(s.scored.move) for s in best_moves(game, moves=candidates)]
