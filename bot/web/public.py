"""A game as its page shows it: replayed from its seed and moves, each step holding only
what the table's channel saw after that move.

A step holds the board (AXIO: every cell's letter, pyramids and dead cells included; Rota:
how many tiles lie on the display, whose tiles are listed once in the order laid), the
move, its points per colour, the pyramids and dead cells it made, the colours that reached
the cap, the scores after it, whose turn it is and the public supply tile of a Rota extra
turn. Never a rack, a hand tile, the bag or a stack: they are read nowhere here (only
`PlayResult.returned`, the rack an AXIO exchange showed the table, is passed on, as the
table saw it). `tests/web/test_hidden.py` re-deals the hidden tiles and finds the same
bytes.

A review, when the page may show one, adds each player's accuracy, the moves it marks with
what they cost and the expert's choice (drawn faintly on the board), and each seat's lowest
colour after every move (the chart).

Steps depend only on the game's moves (and the reader's language for the move words), so
they are kept per game and language (routes.py), a new move played on from the steps
kept; names are not part of them (they come from the seats at every request, so a
forgotten member's name is gone at once).
"""

from __future__ import annotations

import json
from typing import Any

from engine import TileGame, game_class
from engine.axio_moves import Placement
from engine.common import IllegalMoveError, PlayResult
from engine.rota_moves import RotaMove
from engine.rota_tiles import parse_tile, tile_text, turned
from storage.pages import PageMove

from ..i18n import speaking
from ..screens.present import move_words

CACHE_SIZE = 512
"""Games × languages kept; a finished 4-player AXIO game's steps are ~40 KB."""


def _dumps(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def state_of(game: TileGame) -> dict[str, Any]:
    """What the table sees of a game now (no rack, hand, bag or stack)."""
    seen: dict[str, Any] = {
        "scores": [list(game.scores(seat)) for seat in range(game.players)],
        "toMove": None if game.is_over else game.to_move,
        "turn": game.turn,
        "over": game.is_over,
    }
    if game.kind == "axio":
        seen["board"] = "".join(game.board.cells)  # type: ignore[attr-defined]
        seen["exchange"] = game.phase == "exchange"  # type: ignore[attr-defined]
    else:
        seen["tiles"] = len(game.display)  # type: ignore[attr-defined]
        extra = game.extra_tile  # type: ignore[attr-defined]
        seen["extra"] = None if extra is None else tile_text(extra)
    return seen


def move_of(game: TileGame, move: PageMove, result: PlayResult) -> dict[str, Any]:
    """What the table was told of one move, just played on `game`."""
    told: dict[str, Any] = {
        "seat": move.seat,
        "turn": move.turn,
        "text": move.text,
        "words": move_words(game.kind, move.text),
        "points": list(result.points),
        "axio": [colour.value for colour in result.axio],
        "standIn": move.stand_in,
    }
    if game.kind == "axio":
        told["cells"] = placed_cells(move.text)
        told["pyramids"] = list(result.pyramids)
        told["dead"] = list(result.dead_cells)
        told["returned"] = list(result.returned)
    else:
        told["at"] = list(game.display.order[-1])  # type: ignore[attr-defined]
    return told


def placed_cells(text: str) -> list[list[Any]]:
    """An AXIO placement's two cells (board indices) with their colours; [] otherwise."""
    try:
        move = Placement.parse(text)
    except IllegalMoveError:
        return []
    return [[move.first, move.first_colour.value], [move.second, move.second_colour.value]]


def step_of(game: TileGame, move: PageMove, result: PlayResult) -> dict[str, Any]:
    """The step the table saw after `move`, just played on `game`: read from the game
    through `state_of` and `move_of` only."""
    return {**state_of(game), "move": move_of(game, move, result)}


def steps_after(game: TileGame, moves: tuple[PageMove, ...]) -> list[dict[str, Any]]:
    """Each move played on `game` (which it changes), with the step after it."""
    return [step_of(game, move, game.play(move.text)) for move in moves]


def rota_tiles(game: TileGame) -> list[list[Any]]:
    """The Rota display's tiles in the order laid: x, y and the corners as they lie."""
    return [[x, y, tile_text(tile)] for (x, y), tile in game.display]  # type: ignore[attr-defined]


def review_view(
    kind: str, data: dict[str, Any], steps: list[dict[str, Any]], tiles: list[list[Any]]
) -> dict[str, Any]:
    """A stored review as the page shows it: the seats' figures, the marked moves with their
    cost and the expert's choice placed on the board, and the lowest colours (the chart)."""
    marks = []
    for move in data["moves"]:
        if move["grade"] not in ("inaccuracy", "mistake", "blunder") or move["stand_in"]:
            continue
        number = move["number"]
        with_words = {
            "number": number,
            "seat": move["seat"],
            "grade": move["grade"],
            "cost": round(move["cost"], 1),
            "best": move_words(kind, move["best"]),
            "ghost": ghost_of(kind, move["best"], move["played"], tiles, steps[number - 1]),
        }
        marks.append(with_words)
    return {
        "seats": [
            {
                "seat": seat["seat"],
                "accuracy": None if seat["accuracy"] is None else round(seat["accuracy"], 1),
                "inaccuracies": seat["inaccuracies"],
                "mistakes": seat["mistakes"],
                "blunders": seat["blunders"],
            }
            for seat in data["seats"]
        ],
        "marks": marks,
        "lowest": [list(row) for row in data["lowest"]],
    }


def ghost_of(
    kind: str, best: str, played: str, tiles: list[list[Any]], step: dict[str, Any]
) -> Any:
    """Where the expert's choice would have gone, to draw faintly: AXIO cells with colours;
    a Rota position with the played tile (the last the step laid among the display's
    `tiles`, as it lies) turned as the expert would have turned it."""
    if kind == "axio":
        return placed_cells(best) or None
    try:
        expert, mine = RotaMove.parse(best), RotaMove.parse(played)
    except IllegalMoveError:
        return None
    laid = parse_tile(tiles[step["tiles"] - 1][2])
    hand = turned(laid, (360 - mine.rotation) % 360)
    return {"at": [expert.x, expert.y], "corners": tile_text(turned(hand, expert.rotation))}


class PublicGame:
    """One game's public steps at one move count: the JSON the page fetches (`body`) and
    the Python data its HTML is rendered from (`start`, `steps`, `tiles`, `review`).
    A later move count is made from an earlier one by playing only the moves since
    (`extended`): a running game's page pays for one move a move, not for its whole game."""

    @classmethod
    def replayed(
        cls,
        kind: str,
        players: int,
        seed: int,
        moves: tuple[PageMove, ...],
        language: str,
        review: dict[str, Any] | None,
    ) -> PublicGame:
        """The game replayed from its seed and moves."""
        game = game_class(kind)(players, seed)
        with speaking(language):
            start = state_of(game)
            steps = steps_after(game, moves)
        return cls(kind, players, start, steps, game, language, review)

    def extended(
        self, moves: tuple[PageMove, ...], language: str, review: dict[str, Any] | None
    ) -> PublicGame:
        """These steps and `moves` (the ones after them) played on."""
        game = self.final.copy()
        with speaking(language):
            steps = [*self.steps, *steps_after(game, moves)]
        return PublicGame(self.kind, self.players, self.start, steps, game, language, review)

    def __init__(
        self,
        kind: str,
        players: int,
        start: dict[str, Any],
        steps: list[dict[str, Any]],
        final: TileGame,
        language: str,
        review: dict[str, Any] | None,
    ) -> None:
        self.kind = kind
        self.players = players
        self.start = start
        self.steps = steps
        self.final = final
        """The game after the last step; never changed (`extended` plays on a copy)."""
        self.moves = len(steps)
        self.tiles = rota_tiles(final) if kind == "rota" else []
        with speaking(language):
            self.review = None if review is None else review_view(kind, review, steps, self.tiles)
        self.body = _dumps(
            {
                "kind": kind,
                "players": players,
                "cap": final.cap,
                "tiles": self.tiles,
                "start": start,
                "steps": steps,
                "review": self.review,
            }
        )
