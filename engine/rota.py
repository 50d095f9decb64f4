"""AXIO Rota as RULES.md defines it: a stack of 12 and a hand of one per player, one
display that grows side by side, corners scored by the circles they join, and AXIO! extra
turns played with tiles from the general supply.

Decisions where the rulebook is silent (RULES.md marks the others):
- Setup: the shuffled tiles are dealt from the end of the list: the 4 display tiles (in
  the order (0,0) (1,0) (0,1) (1,1)), then each seat's stack of 12 in seat order; what is
  left is the general supply. A start tile without an empty corner is laid as drawn
  (rotation 0). The start player is drawn after the shuffle.
- A colour is named for the placed tile's empty corner exactly when that corner meets
  another tile; a move that names one otherwise is refused rather than ignored, so what
  the player asked for is what is played.
- An extra turn's tile is taken from the general supply when that extra turn begins and
  is public. Extra turns earned beyond what the supply still holds are lost.
- Extra turns are earned in extra turns too (each colour reaches 12 only once, so at most
  5 in one turn); the own stack's next tile is drawn only after the last of them.
- Solo: reaching 12 in all five colours ends the game at once as in any game (the score
  cannot rise any more).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .common import IllegalMoveError, PlayResult, Points, ScoredMove, best_by_points
from .game import TileGame
from .rota_display import CENTRE, START_POSITIONS, Display, corner_points, placed_text
from .rota_moves import Position, RotaMove
from .rota_names import position_name, turn_text
from .rota_tiles import (
    ALL_TILES,
    Tile,
    canonical,
    check_in_box,
    empty_corner,
    parse_tile,
    remaining,
    tile_order,
    tile_text,
    turned,
)

STACK_SIZE = 12


def start_tile(tile: Tile, position: Position) -> Tile:
    """A start tile turned so that its empty corner, if any, meets the centre point."""
    blank = empty_corner(tile)
    if blank is None:
        return tile
    target = corner_points(position).index(CENTRE)
    return turned(tile, ((target - blank) % 4) * 90)


class RotaGame(TileGame):
    """One game of AXIO Rota for 1 to 4 players, created from the player count and a seed.

    Public state: `display` (iterate it for `(position, corners)` in the order laid),
    `extra_tile` (the supply tile of an extra turn being played, else None), the stack
    and supply sizes, the scores. Secret state: `hands` (see `hand`), `stacks`, `supply`.
    """

    kind = "rota"
    cap = 12

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        tiles = list(ALL_TILES)
        self.rng.shuffle(tiles)
        self.display = Display([(p, start_tile(tiles.pop(), p)) for p in START_POSITIONS])
        # Each stack's top is its last tile.
        self.stacks: list[list[Tile]] = [
            [tiles.pop() for _ in range(STACK_SIZE)] for _ in range(players)
        ]
        self.hands: list[Tile | None] = [stack.pop() for stack in self.stacks]
        self.supply: list[Tile] = tiles  # drawn from the end
        self.extra_tile: Tile | None = None
        self.extra_turns = 0  # extra turns still owed after the current placement
        self.to_move = self.rng.randrange(players)

    @classmethod
    def from_position(
        cls,
        display: Display | str,
        players: int = 1,
        hands: list[Tile | str | None] | None = None,
        scores: list[list[int]] | None = None,
        to_move: int = 0,
        stack_size: int | None = None,
        seed: int = 0,
    ) -> RotaGame:
        """A game on a display given in notation, for tools and tests.

        Seats without a given hand draw one at random. Each stack then holds `stack_size`
        tiles (by default 11, or fewer if too few tiles are left to share), the rest is the
        general supply. Every tile must be one the box holds (any turn of it).
        """
        game = cls(players, seed)
        game.display = display if isinstance(display, Display) else Display.parse(display)
        given = [parse_tile(h) if isinstance(h, str) else h for h in (hands or [])]
        if len(given) > players or not 0 <= to_move < players:
            raise IllegalMoveError(f"a game of {players} has seats 0 to {players - 1}")
        known = [t for _, t in game.display] + [t for t in given if t is not None]
        check_in_box(known)
        pool = remaining(known)
        game.rng.shuffle(pool)
        game.hands = given + [pool.pop() for _ in range(players - len(given))]
        if game.hands[to_move] is None:
            raise IllegalMoveError("the player to move needs a tile in hand")
        size = min(STACK_SIZE - 1, len(pool) // players) if stack_size is None else stack_size
        if not 0 <= size * players <= len(pool):
            raise IllegalMoveError(f"{len(pool)} tiles are left, too few for those stacks")
        game.stacks = [[pool.pop() for _ in range(size)] for _ in range(players)]
        game.supply = pool
        for board, row in zip(game.scoreboards, scores or [], strict=False):
            if len(row) != len(board.scores) or not all(0 <= s <= cls.cap for s in row):
                raise IllegalMoveError(f"scores are five numbers from 0 to {cls.cap}")
            board.scores = list(row)
        game.to_move = to_move
        game.extra_tile = None
        game.extra_turns = 0
        return game

    # --- what a seat may know -------------------------------------------------------------
    def hand(self, seat: int) -> Tile | None:
        """The tile in `seat`'s hand, at rotation 0. Only that seat may see it."""
        return self.hands[seat]

    @property
    def tile_to_place(self) -> Tile | None:
        """The tile the seat to move places now: the public supply tile of an extra turn,
        else that seat's secret hand tile (show it to that seat only)."""
        return self.extra_tile if self.extra_tile is not None else self.hands[self.to_move]

    def stack_count(self, seat: int) -> int:
        return len(self.stacks[seat])

    @property
    def supply_count(self) -> int:
        return len(self.supply)

    def last_placements(self) -> list[Position]:
        """The positions laid in the most recent player turn (several after AXIO!)."""
        if not self.log:
            return []
        last = self.log[-1].turn
        count = 0
        for entry in reversed(self.log):
            if entry.turn != last:
                break
            count += 1
        return self.display.order[-count:]

    def unseen_tiles(self, seat: int) -> list[Tile]:
        """Tiles `seat` cannot see (other hands, every stack, the supply), sorted."""
        seen = [t for _, t in self.display]
        seen += [t for t in (self.hands[seat], self.extra_tile) if t is not None]
        return remaining(seen)

    def all_tiles(self) -> list[Tile]:
        """Every tile of the game wherever it is, by identity: always the box's 60."""
        tiles = [t for _, t in self.display] + [t for t in self.hands if t is not None]
        tiles += [t for stack in self.stacks for t in stack] + self.supply
        if self.extra_tile is not None:
            tiles.append(self.extra_tile)
        return sorted((canonical(t) for t in tiles), key=tile_order)

    def resample_hidden(self, seat: int, rng: Any) -> RotaGame:
        """A copy in which everything `seat` cannot see is dealt anew from the unseen tiles.

        Computer players search on such copies, so they never use another hand, a stack
        or the supply order; two games that differ only in hidden tiles give the same copies.
        """
        game = self.copy()
        pool = self.unseen_tiles(seat)
        rng.shuffle(pool)
        for other in range(self.players):
            if other != seat and game.hands[other] is not None:
                game.hands[other] = pool.pop()
        for stack in game.stacks:
            stack[:] = [pool.pop() for _ in stack]
        game.supply = pool
        game.rng.seed(rng.random())
        return game

    def drawing_next(self, tile: Tile) -> RotaGame:
        """A copy whose supply gives `tile` (one of its tiles) next: where the supply is all
        that a seat cannot see, a search weighs each tile an extra turn could draw."""
        game = self.copy()
        game.supply.remove(tile)
        game.supply.append(tile)
        return game

    def copy(self) -> RotaGame:
        game = self._copy_common()
        game.display = self.display.copy()
        game.hands = list(self.hands)
        game.stacks = [list(stack) for stack in self.stacks]
        game.supply = list(self.supply)
        return game

    # --- moves ----------------------------------------------------------------------------
    @classmethod
    def parse_move(cls, text: str) -> RotaMove:
        return RotaMove.parse(text)

    def legal_positions(self) -> list[Position]:
        """Empty positions sharing a side with the display, by row then column; players
        know them by their fixed names (`engine.rota_names`)."""
        return self.display.legal_positions()

    def legal_moves(self) -> list[RotaMove]:
        return [m.move for m in self.scored_moves()]  # type: ignore[misc]

    def scored_moves(self) -> list[ScoredMove]:
        """Every legal move of the tile to place with its points before the cap."""
        tile = self.tile_to_place
        if self.over or tile is None:
            return []
        return [ScoredMove(m, p) for m, p in self.display.scored_placements(tile)]

    def best_move(self, key: Callable[[Points], Any]) -> tuple[RotaMove | None, int]:
        """The legal move whose points `key` ranks highest (the first in `scored_moves()`
        order on ties) and how many moves there are, without building every move: what a
        computer's look-ahead asks of each simulated turn. `key` is called once per
        distinct points vector."""
        tile = self.tile_to_place
        if self.over or tile is None:
            return None, 0
        best, count = best_by_points(self.display.placement_points(tile), key)
        if best is None:
            return None, 0
        return RotaMove(best[0], best[1], best[2], best[3]), count

    def _apply(self, move: Any) -> PlayResult:
        if not isinstance(move, RotaMove):
            raise IllegalMoveError("that is not an AXIO Rota move")
        tile = self.tile_to_place
        if tile is None:
            raise IllegalMoveError("there is no tile to place")
        laid = turned(tile, move.rotation)
        self._check(move, tile, laid)
        seat = self.to_move
        points = self.display.score(move.position, laid, move.name)
        self.display.place(move.position, laid)
        if self.extra_tile is not None:
            self.extra_tile = None
        else:
            self.hands[seat] = None
        kept, reached = self.score_points(seat, points)
        earned = min(len(reached), max(0, len(self.supply) - self.extra_turns))
        self.extra_turns += earned
        self._after_placement()
        if self.over:  # an immediate win owes no extra turns
            earned = 0
        return PlayResult(
            seat=seat,
            move=str(move),
            points=kept,
            axio=reached,
            extra_turns=earned,
            next_seat=None if self.over else self.to_move,
            game_over=self.over,
        )

    def _check(self, move: RotaMove, tile: Tile, laid: Tile) -> None:
        where = position_name(move.position)
        if move.position in self.display.tiles:
            raise IllegalMoveError("{position} already holds a tile", position=where)
        if not self.display.is_legal_position(move.position):
            raise IllegalMoveError(
                "{position} shares no side with a tile of the display (touching only at a "
                "corner is not enough)",
                position=where,
            )
        must_name = self.display.touching_empty_corner(move.position, laid)
        if must_name and move.name is None:
            raise IllegalMoveError(
                "your tile's empty corner touches another tile there: name a colour for it, "
                "like {position} {turn} green",
                position=where,
                turn=turn_text(move.rotation),
            )
        if move.name is not None and not must_name:
            if empty_corner(tile) is None:
                raise IllegalMoveError(
                    "your tile has no empty corner, so no colour is named: leave out {colour}",
                    colour=move.name,
                )
            raise IllegalMoveError(
                "your tile's empty corner touches no other tile there, so no colour is named: "
                "leave out {colour}",
                colour=move.name,
            )

    def _after_placement(self) -> None:
        """Move on: the next extra turn with a supply tile, or draw and pass the turn."""
        if self.over:
            return
        if self.extra_turns and self.supply:
            self.extra_turns -= 1
            self.extra_tile = self.supply.pop()
            return
        self.extra_turns = 0
        seat = self.to_move
        self.hands[seat] = self.stacks[seat].pop() if self.stacks[seat] else None
        for step in range(1, self.players + 1):
            following = (seat + step) % self.players
            if self.hands[following] is not None:
                self.to_move = following
                self.turn += 1
                return
        self.over = True

    # --- serialisation ---------------------------------------------------------------------
    def _state_dict(self) -> dict:
        return {
            "display": [placed_text(p, t) for p, t in self.display],
            "hands": [_text(t) for t in self.hands],
            "stacks": [[tile_text(t) for t in stack] for stack in self.stacks],
            "supply": [tile_text(t) for t in self.supply],
            "extra_tile": _text(self.extra_tile),
            "extra_turns": self.extra_turns,
        }

    def _load_state(self, data: dict) -> None:
        self.display = Display.parse("\n".join(data["display"]))
        self.hands = [_tile(t) for t in data["hands"]]
        self.stacks = [[parse_tile(t) for t in stack] for stack in data["stacks"]]
        self.supply = [parse_tile(t) for t in data["supply"]]
        self.extra_tile = _tile(data["extra_tile"])
        self.extra_turns = data["extra_turns"]


def _text(tile: Tile | None) -> str | None:
    return None if tile is None else tile_text(tile)


def _tile(text: str | None) -> Tile | None:
    return None if text is None else parse_tile(text)
