"""AXIO as RULES.md defines it: racks of five, placements, pyramids, AXIO! and the exchange.

Decisions where the rulebook is silent (RULES.md marks the others):
- One placement is one scoring: both halves and the pyramids it creates are added
  together before the cap is applied. This only matters in solo, where the points past 18
  "from that scoring" are lost before a colour moves on to the second scoreboard.
- The exchange option is offered only while the bag holds tiles and the rack is not
  empty; with an empty bag an exchange would only throw the rack away.
- If a turn's extra placement cannot be made, every extra turn still owed is lost (the rack
  does not change in between, so none of them could be made).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from .axio_board import (
    DEAD,
    NEIGHBOURS,
    PRINTED_INDEX,
    PYRAMID,
    TILE_LETTERS,
    Board,
    cell_name,
    direction_between,
)
from .axio_moves import AxioMove, Exchange, Placement, parse_axio_move, tile_key, tile_text
from .axio_runs import RunTable
from .common import (
    COLOURS,
    Colour,
    IllegalMoveError,
    PlayResult,
    Points,
    ScoredMove,
    add_points,
    best_by_points,
)
from .game import TileGame

RACK_SIZE = 5
PYRAMID_SUPPLY = 20
PLACE = "place"
EXCHANGE = "exchange"

Tile = tuple[Colour, Colour]


def _tile_mix() -> list[Tile]:
    """[reconstructed] 100 tiles: each double ×6 and each mixed pair ×7 (40 halves per colour)."""
    tiles: list[Tile] = []
    for i, a in enumerate(COLOURS):
        for b in COLOURS[i:]:
            tiles.extend([(a, b)] * (DOUBLE_COPIES if a is b else MIXED_COPIES))
    return tiles


DOUBLE_COPIES = 6
MIXED_COPIES = 7
ALL_TILES: tuple[Tile, ...] = tuple(_tile_mix())
COLOUR_POSITION = {colour: i for i, colour in enumerate(COLOURS)}


class AxioGame(TileGame):
    """One game of AXIO for 1 to 4 players, created from the player count and a seed."""

    kind = "axio"
    cap = 18
    solo_boards_doubled = True

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        self.board = Board(players)
        self.bag: list[Tile] = list(ALL_TILES)
        self.rng.shuffle(self.bag)
        self.racks: list[list[Tile]] = [[] for _ in range(players)]
        self.pyramids: list[int] = []  # oldest first
        self.tiles: list[tuple[int, int]] = []  # placed tiles as cell pairs, in order
        self.has_placed = [False] * players
        self.phase = PLACE
        self.extra_turns = 0
        for seat in range(players):
            self._draw(seat, 1 if self.solo else RACK_SIZE)
        self.to_move = self.rng.randrange(players)
        self._start_turn()

    @classmethod
    def from_position(
        cls,
        board: Board | str,
        players: int,
        racks: list[list[Tile]] | None = None,
        scores: list[list[int]] | None = None,
        to_move: int = 0,
        has_placed: list[bool] | None = None,
        seed: int = 0,
    ) -> AxioGame:
        """A game set up on a position given in notation, for tools and tests.

        Pyramids are taken as placed in cell order (the first one is the oldest). Unless
        told otherwise, every seat counts as having placed its first tile when the board
        holds any tile, and the bag holds the tiles that are neither on the board nor in a
        rack (tiles are counted by their halves, as the notation does not pair them).
        """
        game = cls(players, seed)
        game.board = board if isinstance(board, Board) else Board.parse(board, players)
        cells = game.board.cells
        game.pyramids = [i for i, ch in enumerate(cells) if ch == PYRAMID]
        game.tiles = []
        given = [list(rack) for rack in racks or []]
        game.racks = given + [[] for _ in range(players - len(given))]
        any_tile = any(ch in TILE_LETTERS for ch in cells)
        game.has_placed = list(has_placed) if has_placed else [any_tile] * players
        if scores:
            for board_, row in zip(game.scoreboards, scores, strict=True):
                board_.scores = list(row)
        halves = Counter(ch for ch in cells if ch in TILE_LETTERS)
        for rack in game.racks:
            for a, b in rack:
                halves[a.value] += 1
                halves[b.value] += 1
        game.bag = [t for t in ALL_TILES if _take(halves, t)]
        game.rng.shuffle(game.bag)
        game.to_move = to_move
        game.over = False
        game.phase = PLACE
        game._start_turn()
        return game

    # --- what a seat may know -------------------------------------------------------------
    def rack(self, seat: int) -> list[Tile]:
        """The tiles only `seat` may see (in solo: the one drawn tile)."""
        return list(self.racks[seat])

    @property
    def bag_count(self) -> int:
        return len(self.bag)

    def unseen_tiles(self, seat: int) -> list[Tile]:
        """Tiles `seat` cannot see: the bag and the other racks, in a fixed order."""
        seen = Counter(self.rack(seat))
        for a, b in self.tiles:
            seen[tile_key(Colour(self.board.cells[a]), Colour(self.board.cells[b]))] += 1
        left = Counter(ALL_TILES) - seen
        return sorted(left.elements(), key=tile_text)

    def resample_hidden(self, seat: int, rng: Any) -> AxioGame:
        """A copy in which everything `seat` cannot see is dealt anew from the unseen tiles.

        Computer players search on such copies, so they never use another rack or the bag
        order; two games that differ only in hidden tiles give the same copies.
        """
        game = self.copy()
        pool = self.unseen_tiles(seat)
        rng.shuffle(pool)
        for other in range(self.players):
            if other != seat:
                size = len(game.racks[other])
                game.racks[other], pool = pool[:size], pool[size:]
        game.bag = pool
        game.rng.seed(rng.random())
        return game

    def copy(self) -> AxioGame:
        game = self._copy_common()
        game.board = self.board.copy()
        game.bag = list(self.bag)
        game.racks = [list(rack) for rack in self.racks]
        game.pyramids = list(self.pyramids)
        game.tiles = list(self.tiles)
        game.has_placed = list(self.has_placed)
        return game

    # --- moves ----------------------------------------------------------------------------
    @classmethod
    def parse_move(cls, text: str) -> AxioMove:
        return parse_axio_move(text)

    def legal_moves(self) -> list[AxioMove]:
        if self.over:
            return []
        if self.phase == EXCHANGE:
            return [Exchange(True), Exchange(False)]
        return [m.move for m in self.scored_moves()]

    def placement_pairs(self, seat: int) -> list[tuple[int, int]]:
        """The cell pairs `seat` may cover now (the first-tile rule applied)."""
        pairs = self.board.empty_pairs()
        near = self._first_tile_cells(seat)
        if near is None:
            return pairs
        return [(a, b) for a, b in pairs if a in near or b in near]

    def may_cover(self, seat: int, a: int, b: int) -> bool:
        """Whether `seat` may cover the empty adjacent cells a and b now: the first-tile
        rule alone (one test, where placement_pairs lists the whole board)."""
        near = self._first_tile_cells(seat)
        return near is None or a in near or b in near

    def _first_tile_cells(self, seat: int) -> set[int] | None:
        """The cells a first tile must cover one of, or None once `seat` has placed."""
        if self.has_placed[seat]:
            return None
        targets = [i for i in PRINTED_INDEX if self.solo or not self.board.printed_touched(i)]
        return {n for t in targets for n in NEIGHBOURS[t]}

    def scored_moves(self) -> list[ScoredMove]:
        """All legal placements with their points, computed from one scan of the board."""
        return [
            ScoredMove(Placement(a, ca, b, cb), points)
            for a, ca, b, cb, points in self._placement_points()
        ]

    def best_move(self, key: Callable[[Points], Any]) -> tuple[Placement | None, int]:
        """The legal placement whose points `key` ranks highest (the first in
        `scored_moves()` order on ties) and how many placements there are.

        What a computer's look-ahead asks of every simulated turn: building a move object
        for each of a thousand placements took most of its time. `key` is called once per
        distinct points vector.
        """
        best, count = best_by_points(self._placement_points(), key)
        if best is None:
            return None, 0
        return Placement(best[0], best[1], best[2], best[3]), count

    def _placement_points(self) -> Iterator[tuple[int, Colour, int, Colour, Points]]:
        """Every legal placement as (cell, colour, cell, colour, points), from one scan of
        the board, in the engine's fixed order."""
        if self.over or self.phase != PLACE:
            return
        runs = RunTable(self.board)
        turns = [
            (ca, cb, COLOUR_POSITION[ca], COLOUR_POSITION[cb])
            for x, y in sorted(set(self.racks[self.to_move]), key=tile_text)
            for ca, cb in (((x, y), (y, x)) if x is not y else ((x, y),))
        ]
        for a, b in self.placement_pairs(self.to_move):
            towards_b = direction_between(a, b)
            points_a = runs.half_points[a][towards_b]
            points_b = runs.half_points[b][(towards_b + 2) % 4]
            base, touching_a, touching_b = runs.pyramid_points(a, b)
            for ca, cb, ia, ib in turns:
                points = list(base)
                points[ia] += points_a[ia] + touching_a
                points[ib] += points_b[ib] + touching_b
                yield a, ca, b, cb, tuple(points)  # type: ignore[misc]

    def _apply(self, move: AxioMove) -> PlayResult:
        if isinstance(move, Exchange):
            return self._answer_exchange(move)
        if not isinstance(move, Placement):
            raise IllegalMoveError("that is not an AXIO move")
        self._check_placement(move)
        return self._place(move)

    def _check_placement(self, move: Placement) -> None:
        if self.phase == EXCHANGE:
            raise IllegalMoveError("first answer the exchange option: exchange or keep")
        seat = self.to_move
        if move.tile not in self.racks[seat]:
            if self.solo:
                raise IllegalMoveError("the tile you drew is not {tile}", tile=move.tile)
            raise IllegalMoveError("your rack has no {tile} tile", tile=move.tile)
        for cell in move.cells:
            if cell not in self.board.area:
                raise IllegalMoveError(
                    "{cell} is outside the play area of this game", cell=cell_name(cell)
                )
            if not self.board.is_empty(cell):
                raise IllegalMoveError("{cell} is not empty", cell=cell_name(cell))
        if not self.may_cover(seat, *move.cells):
            if self.solo:
                raise IllegalMoveError("your first tile must touch a printed colour space")
            raise IllegalMoveError(
                "your first tile must touch a printed colour space no tile touches yet"
            )

    def _place(self, move: Placement) -> PlayResult:
        seat, board = self.to_move, self.board
        self.racks[seat].remove(move.tile)
        a, b = move.cells
        board.cells[a] = move.first_colour.value
        board.cells[b] = move.second_colour.value
        self.tiles.append((a, b))
        self.has_placed[seat] = True
        points = [0, 0, 0, 0, 0]
        for cell, colour, other in ((a, move.first_colour, b), (b, move.second_colour, a)):
            index = COLOURS.index(colour)
            points[index] += board.half_points(cell, index, other)
        pyramids, dead = [], []
        for cell in board.isolated_neighbours(move.cells):
            if len(self.pyramids) == PYRAMID_SUPPLY:
                oldest = self.pyramids.pop(0)
                board.cells[oldest] = DEAD
                dead.append(cell_name(oldest))
            board.cells[cell] = PYRAMID
            self.pyramids.append(cell)
            pyramids.append(cell_name(cell))
            points = list(add_points(points, board.symbol_points(cell)))
        kept, reached = self.score_points(seat, tuple(points))
        if not self.solo:
            self.extra_turns += len(reached)
        turn = self.turn
        self._after_placement()
        earned = min(len(reached) if not self.solo else 0, self._extra_turns_ahead(seat, turn))
        return PlayResult(
            seat=seat,
            move=str(move),
            points=kept,
            axio=reached if not self.solo else (),
            extra_turns=earned,
            pyramids=tuple(pyramids),
            dead_cells=tuple(dead),
            next_seat=None if self.over else self.to_move,
            game_over=self.over,
        )

    def _after_placement(self) -> None:
        """Move on after a placement: an extra placement, the exchange option, or the next turn."""
        if self.over:
            return
        seat = self.to_move
        if self.solo:
            self._draw(seat, 1)
            self._end_turn()
            return
        if self.extra_turns:
            self.extra_turns -= 1
            if self._can_place(seat):
                return
            self.extra_turns = 0  # [decided] the rack cannot change, so all are lost
        if self._exchange_allowed(seat):
            self.phase = EXCHANGE
            return
        self._refill_and_pass()

    def _extra_turns_ahead(self, seat: int, turn: int) -> int:
        """Extra placements the seat will still make this turn: none once the game is over
        or the turn has passed, and at most one per tile left in the (unrefilled) rack."""
        if self.over or self.turn != turn or self.to_move != seat or self.phase != PLACE:
            return 0
        return min(self.extra_turns + 1, len(self.racks[seat]))

    def _exchange_allowed(self, seat: int) -> bool:
        rack = self.racks[seat]
        if not rack or not self.bag:
            return False
        lowest = set(self.scoreboards[seat].lowest_colours())
        return not any(a in lowest or b in lowest for a, b in rack)

    def _answer_exchange(self, move: Exchange) -> PlayResult:
        if self.phase != EXCHANGE:
            raise IllegalMoveError("there is no exchange to answer now: place a tile")
        seat = self.to_move
        revealed: list[Tile] = []
        if move.accept:
            revealed = self.racks[seat]
            self.racks[seat] = []
            self._draw(seat, RACK_SIZE)
            self.bag.extend(revealed)
            self.rng.shuffle(self.bag)
        self.phase = PLACE
        self._refill_and_pass()
        return PlayResult(
            seat=seat,
            move=str(move),
            returned=tuple(tile_text(tile) for tile in revealed),
            next_seat=None if self.over else self.to_move,
            game_over=self.over,
        )

    def _refill_and_pass(self) -> None:
        seat = self.to_move
        self._draw(seat, RACK_SIZE - len(self.racks[seat]))
        self._end_turn()

    def _end_turn(self) -> None:
        self.to_move = (self.to_move + 1) % self.players
        self.turn += 1
        self._start_turn()

    def _start_turn(self) -> None:
        """A turn begins: the game ends at once if the player to move cannot place."""
        self.extra_turns = 0
        if not self._can_place(self.to_move):
            self.over = True

    def _can_place(self, seat: int) -> bool:
        return bool(self.racks[seat]) and self.board.has_empty_pair(self._first_tile_cells(seat))

    def _draw(self, seat: int, count: int) -> None:
        for _ in range(min(count, len(self.bag))):
            self.racks[seat].append(self.bag.pop())

    # --- serialisation ---------------------------------------------------------------------
    def _state_dict(self) -> dict:
        return {
            "board": self.board.notation(),
            "bag": [tile_text(t) for t in self.bag],
            "racks": [[tile_text(t) for t in rack] for rack in self.racks],
            "pyramids": [cell_name(c) for c in self.pyramids],
            "tiles": [[cell_name(a), cell_name(b)] for a, b in self.tiles],
            "has_placed": list(self.has_placed),
            "phase": self.phase,
            "extra_turns": self.extra_turns,
        }

    def _load_state(self, data: dict) -> None:
        from .axio_board import parse_cell
        from .axio_moves import parse_tile

        self.board = Board.parse(data["board"], self.players)
        self.bag = [parse_tile(t) for t in data["bag"]]
        self.racks = [[parse_tile(t) for t in rack] for rack in data["racks"]]
        self.pyramids = [parse_cell(c) for c in data["pyramids"]]
        self.tiles = [(parse_cell(a), parse_cell(b)) for a, b in data["tiles"]]
        self.has_placed = list(data["has_placed"])
        self.phase = data["phase"]
        self.extra_turns = data["extra_turns"]


def _take(halves: Counter, tile: Tile) -> bool:
    """Whether `tile` is still free once the counted halves are used up (then count it)."""
    a, b = tile[0].value, tile[1].value
    if halves[a] > 0 and halves[b] > (1 if a == b else 0):
        halves[a] -= 1
        halves[b] -= 1
        return False
    return True
