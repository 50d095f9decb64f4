"""What AXIO and AXIO Rota share: colours, the error type, scoreboards and the standings.

Both games score five colours on one scoreboard per player, cap each track, grant an
AXIO! extra turn when a track reaches its cap, and rank players by their sorted scores.
Keeping that here means the two game classes only hold what really differs.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


class Colour(enum.Enum):
    """The five colours; each has a symbol so colour-blind players can tell them apart."""

    RED = "r"
    GREEN = "g"
    BLUE = "b"
    ORANGE = "o"
    PURPLE = "p"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Colour:
        """Read a colour from its letter or its name ("b", "Blue", "star")."""
        key = text.strip().lower()
        for colour in cls:
            if key in (colour.value, colour.label, colour.symbol):
                return colour
        raise IllegalMoveError(
            "'{text}' is not a colour: use r, g, b, o or p (red, green, blue, orange, purple)",
            text=excerpt(text),
        )

    def __str__(self) -> str:
        return self.value


_SYMBOLS = {
    Colour.RED: "sun",
    Colour.GREEN: "dot",
    Colour.BLUE: "star",
    Colour.ORANGE: "square",
    Colour.PURPLE: "ring",
}

COLOURS: tuple[Colour, ...] = tuple(Colour)
COLOUR_INDEX: dict[Colour, int] = {colour: i for i, colour in enumerate(COLOURS)}


class IllegalMoveError(ValueError):
    """Any move or move text the rules refuse. The message is written for the player.

    It is kept as a `template` with named `{fields}` and the `values` that fill them
    (`IllegalMoveError("{cell} is not empty", cell="E5")`), so that an interface speaking
    another language translates the sentence whole, and the values it has words for (a
    `Colour`, an AXIO tile as a pair of them) in its own words. `str(error)` is the English
    sentence, colours by name. A template without values is used as it is (it may quote
    braces a player typed)."""

    def __init__(self, template: str, /, **values: object) -> None:
        self.template = template
        self.values = values
        english = {name: _english(value) for name, value in values.items()}
        super().__init__(template.format_map(english) if values else template)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole (games are played in worker processes too): its kind and values."""
        return (_illegal_move, (type(self), self.template, self.values))


def _illegal_move(
    kind: type[IllegalMoveError], template: str, values: dict[str, object]
) -> IllegalMoveError:
    return kind(template, **values)


def _english(value: object) -> object:
    """A value as the English message writes it: colours by name, a tile `red-blue`."""
    if isinstance(value, Colour):
        return value.label
    if isinstance(value, tuple) and value and all(isinstance(c, Colour) for c in value):
        return "-".join(c.label for c in value)
    return value


MOVE_TEXT_LIMIT = 100
"""The longest move text read: every real move is far shorter, and a bound keeps reading
(and the refusal that quotes it) cheap whatever a player pastes."""

EXCERPT_LIMIT = 40


def excerpt(text: str, limit: int = EXCERPT_LIMIT) -> str:
    """What a player typed, as an error message may quote it: one line of printable
    characters, at most `limit` long (a refusal never repeats a whole paste)."""
    line = "".join(ch if ch.isprintable() else " " for ch in text[: limit * 4])
    line = " ".join(line.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def small_number(token: str, digits: int = 6) -> int | None:
    """An optionally signed number of plain ASCII digits, at most `digits` long, else None
    (no unicode digits, and no huge digit strings for `int()` to chew on)."""
    body = token[1:] if token[:1] == "-" else token
    if not body or len(body) > digits or not (body.isascii() and body.isdigit()):
        return None
    return int(token)


Points = tuple[int, int, int, int, int]
"""Points per colour, in the order of COLOURS."""

NO_POINTS: Points = (0, 0, 0, 0, 0)


def points_dict(points: Sequence[int]) -> dict[str, int]:
    """Points as {"blue": 3, ...}, leaving out colours that scored nothing."""
    return {COLOURS[i].label: n for i, n in enumerate(points) if n}


def add_points(a: Sequence[int], b: Sequence[int]) -> Points:
    return tuple(x + y for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


class Scoreboard:
    """One player's five tracks, each capped.

    `boards` is 2 only in solo AXIO: once a colour reaches the cap on the first board,
    points past the cap from that scoring are lost and later points go on the second
    board, up to the cap again.
    """

    __slots__ = ("boards", "cap", "scores")

    def __init__(self, cap: int, boards: int = 1, scores: Iterable[int] | None = None) -> None:
        self.cap = cap
        self.boards = boards
        self.scores = list(scores) if scores is not None else [0] * len(COLOURS)

    def add(self, points: Sequence[int]) -> tuple[Points, tuple[Colour, ...]]:
        """Add points; return the points actually kept and the colours that reached the cap."""
        kept = []
        reached = []
        for i, gained in enumerate(points):
            before = self.scores[i]
            after = self.capped(before, gained)
            self.scores[i] = after
            kept.append(after - before)
            if before < self.cap <= after:
                reached.append(COLOURS[i])
        return tuple(kept), tuple(reached)  # type: ignore[return-value]

    def capped(self, before: int, gained: int) -> int:
        """The track value after gaining points from one scoring, the cap applied."""
        if before < self.cap:
            return min(before + gained, self.cap)
        return min(before + gained, self.cap * self.boards) if self.boards > 1 else before

    def all_capped(self) -> bool:
        return all(score >= self.cap for score in self.scores)

    def lowest_colours(self) -> tuple[Colour, ...]:
        low = min(self.scores)
        return tuple(COLOURS[i] for i, score in enumerate(self.scores) if score == low)

    def __getitem__(self, colour: Colour) -> int:
        return self.scores[COLOUR_INDEX[colour]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scoreboard) and (
            (self.cap, self.boards, self.scores) == (other.cap, other.boards, other.scores)
        )

    def __repr__(self) -> str:
        return f"Scoreboard(cap={self.cap}, boards={self.boards}, scores={self.scores})"


@dataclass(frozen=True)
class Standing:
    """One seat's place at the end (or so far): rank 1 is best; equal ranks share it."""

    seat: int
    rank: int
    scores: Points
    sorted_scores: tuple[int, ...]
    winner: bool
    resigned: bool = False

    @property
    def lowest(self) -> int:
        return self.sorted_scores[0]


def rank_key(
    scores: Sequence[int], *, resigned: bool = False, immediate_winner: bool = False
) -> tuple[int, int, tuple[int, ...]]:
    """What `standings` ranks a seat by, the smaller first: resigned seats last, an
    immediate winner first, then the scores sorted ascending, the higher first."""
    return (1 if resigned else 0, 0 if immediate_winner else 1, tuple(-s for s in sorted(scores)))


def standings(
    scores_by_seat: Sequence[Sequence[int]],
    resigned: Iterable[int] = (),
    immediate_winner: int | None = None,
) -> list[Standing]:
    """Rank seats by their scores sorted ascending, compared lexicographically.

    The highest lowest score wins, ties go to the next lowest, and so on; seats equal on
    all five share the rank. A seat whose five colours are all at the cap has won at once
    and ranks first alone. Resigned seats rank after everyone else, in score order.
    """
    resigned_set = set(resigned)

    def key(seat: int) -> tuple[int, int, tuple[int, ...]]:
        return rank_key(
            scores_by_seat[seat],
            resigned=seat in resigned_set,
            immediate_winner=seat == immediate_winner,
        )

    order = sorted(range(len(scores_by_seat)), key=key)
    result: list[Standing] = []
    for position, seat in enumerate(order):
        if result and key(order[position - 1]) == key(seat):
            rank = result[-1].rank
        else:
            rank = position + 1
        result.append(
            Standing(
                seat=seat,
                rank=rank,
                scores=tuple(scores_by_seat[seat]),  # type: ignore[arg-type]
                sorted_scores=tuple(sorted(scores_by_seat[seat])),
                winner=rank == 1 and seat not in resigned_set,
                resigned=seat in resigned_set,
            )
        )
    return result


def rng_state_to_json(rng: random.Random) -> list:
    """random.Random state as plain JSON lists, so a saved game keeps its exact future."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(state: Sequence) -> random.Random:
    version, internal, gauss = state
    return rng_with_state((version, tuple(internal), gauss))


def rng_with_state(state: tuple) -> random.Random:
    """A Random in exactly `state`. Made unseeded, since setstate replaces all of it:
    Random() would first read the OS's entropy, and games are copied thousands of times
    a computer move."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(state)
    return rng


def check_player_count(players: int, allowed: Mapping[int, object] | range) -> None:
    if players not in allowed:
        raise IllegalMoveError(f"a game needs 1 to 4 players, not {players}")


@dataclass(frozen=True)
class PlayResult:
    """What one move did, for the message that tells the table.

    `points` are the points kept after the cap; `axio` the colours that reached the cap,
    each earning an extra turn; `extra_turns` counts only those that will be played (none
    when the move ends the game, the rack is empty, no placement is left or the supply is
    out), so the table is never promised a turn that does not come.
    `pyramids` and `dead_cells` name AXIO cells and stay empty in Rota. `returned` names
    the tiles an AXIO exchange revealed and put back in the bag (the table saw them).
    """

    seat: int
    move: str
    points: Points = NO_POINTS
    axio: tuple[Colour, ...] = ()
    extra_turns: int = 0
    pyramids: tuple[str, ...] = ()
    dead_cells: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()
    next_seat: int | None = None
    game_over: bool = False

    def to_json(self, pyramids: bool = True) -> dict:
        """The CLI's answer; Rota has no pyramids, so it leaves that key out."""
        found: dict[str, object] = {"points": points_dict(self.points)}
        if pyramids:
            found["pyramids"] = list(self.pyramids)
        return {**found, "extra_turns": self.extra_turns}


def best_by_points(
    found: Iterable[tuple[Any, ...]], key: Callable[[Points], Any]
) -> tuple[tuple[Any, ...] | None, int]:
    """The first of `found` (tuples whose last item is their points) whose points `key`
    ranks highest, and how many there were. `key` is called once per distinct points
    vector: many placements score alike."""
    keys: dict[Points, Any] = {}
    best, best_key, count = None, None, 0
    for item in found:
        count += 1
        points = item[-1]
        rank = keys.get(points)
        if rank is None:
            rank = keys[points] = key(points)
        if best_key is None or rank > best_key:
            best, best_key = item, rank
    return best, count


@dataclass(frozen=True)
class ScoredMove:
    """A legal move with the points it would score now, before any cap."""

    move: object
    points: Points

    @property
    def total(self) -> int:
        return sum(self.points)
