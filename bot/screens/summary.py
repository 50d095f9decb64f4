"""The table in words: whose move, the moves the picture numbers (since the player to move
last played) and what each scored, each player's lowest colour. It is the alt text of every
table image (what a screen reader says, and what a notification shows) and the text of
`/axio board` and `/axio scores`.

Also the one way the bot attaches an image: `image_file` always gives it alt text; and
`Paint`, how a screen has its picture drawn (the bot's painter, `bot/table/painter.py`,
off the event loop).
"""

from __future__ import annotations

import io
import pickle
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from functools import lru_cache
from typing import Any, Protocol

import discord

from engine import COLOURS, TileGame
from engine.common import Points
from render import Mark, recent_marks
from storage import GameRecord

from ..i18n import _, ngettext
from .present import move_words, seat_name, title
from .words import colour_name, names_text, points_text

Scored = Mapping[int, Points]
"""Moves' points by their place in the game's log (0 the first move)."""
ALT_TEXT_LIMIT = 1024
"""Discord's longest attachment description, in characters."""


class Paint(Protocol):
    """`await paint(render_function, *args)`: the picture's bytes, drawn in a worker. A
    screen says what to draw; it never draws on the event loop itself."""

    def __call__(
        self, draw: Callable[..., bytes], /, *args: Any, **kwargs: Any
    ) -> Awaitable[bytes]: ...


def image_file(png: bytes, filename: str, description: str) -> discord.File:
    """An image attachment with its alt text (cut to Discord's limit)."""
    return discord.File(io.BytesIO(png), filename=filename, description=alt(description))


def alt(text: str) -> str:
    """Alt text is plain words: no Markdown stars or backticks, within Discord's limit."""
    plain = text.replace("**", "").replace("`", "")
    return plain if len(plain) <= ALT_TEXT_LIMIT else plain[: ALT_TEXT_LIMIT - 1] + "…"


GAMES_KEPT = 256
"""Games kept after their latest move, so that the next move's points are one move away:
pickled (a few KB each, and nothing for the collector to walk: 256 live games would add
some 200,000 objects to every full collection's pause)."""
_kept: OrderedDict[tuple, tuple[tuple[str, ...], bytes]] = OrderedDict()
"""By game (its class, players, seed and first move: the members playing one daily
challenge share its seed): its moves so far and, pickled, the game after them with each
move's points."""


@lru_cache(maxsize=64)
def _every_move_points(
    cls: type[TileGame], players: int, seed: int, moves: tuple[str, ...]
) -> tuple[Points, ...]:
    """What each of `moves` scored (after the cap), by playing on from the game kept after
    the moves before (a move on an active game: the new moves only), else by replaying
    from the seed (1–2 ms late in a game)."""
    key = (cls, players, seed, moves[:1])
    kept_moves, kept = _kept.pop(key, ((), b""))
    if kept and kept_moves[: len(moves)] == moves:  # this position or an earlier one
        _kept[key] = (kept_moves, kept)
        return tuple(pickle.loads(kept)[1][: len(moves)])
    if kept and moves[: len(kept_moves)] == kept_moves:
        game, points = pickle.loads(kept)
    else:  # not kept, or another game with the same seed
        game, points, kept_moves = cls(players, seed), [], ()
    points.extend(game.play(move).points for move in moves[len(kept_moves) :])
    _kept[key] = (moves, pickle.dumps((game, points)))
    if len(_kept) > GAMES_KEPT:
        _kept.popitem(last=False)
    return tuple(points)


def last_move_points(game: TileGame) -> Points | None:
    """What the latest move scored (after the cap), found by replaying the game to it."""
    points = points_since(game, game.move_count - 1) if game.log else None
    return points[-1] if points else None


def points_since(game: TileGame, start: int) -> list[Points] | None:
    """What each move from the log's `start` on scored, found by replaying the game; None
    for a game set up from a position, which has no seed to replay."""
    moves = tuple(entry.move for entry in game.log)
    try:
        return list(_every_move_points(type(game), game.players, game.seed, moves)[start:])
    except Exception:
        return None


def marked_moves(
    record: GameRecord, names: list[str], marks: list[Mark], scored: Scored | None = None
) -> str:
    """The moves the picture numbers, in words: `Since Ann last played: 1. Bot A played F6
    blue, F7 red for +2 blue; 2. …` (what the badges and rings show)."""
    game = record.game
    assert game is not None
    points = _marked_points(game, marks, scored or {})
    each = []
    for mark in marks:
        name, move = names[mark.seat], move_words(record.kind, mark.move)
        if points is None:
            each.append(_("{number}. {name} played {move}", number=mark.number, name=name,
                          move=move))  # fmt: skip
        else:
            scored_text = points_text(points[mark.index])
            each.append(_("{number}. {name} played {move} for {points}", number=mark.number,
                          name=name, move=move, points=scored_text))  # fmt: skip
    if game.is_over or game.solo:
        return _("Last turn, numbered on the picture: {moves}.", moves="; ".join(each))
    return _(
        "Numbered on the picture, the moves since {name} last played: {moves}.",
        name=names[game.to_move], moves="; ".join(each),
    )  # fmt: skip


def _marked_points(game: TileGame, marks: list[Mark], scored: Scored) -> Scored | None:
    """Each marked move's points by its place in the log: those the caller knows (what the
    owed posts carry, as the moves scored them), else by playing the game (`points_since`)."""
    if all(mark.index in scored for mark in marks):
        return scored
    since = points_since(game, marks[0].index)
    return None if since is None else dict(enumerate(since, start=marks[0].index))


def lowest_text(game: TileGame, seat: int) -> str:
    board = game.scoreboards[seat]
    colours = names_text([colour_name(c) for c in board.lowest_colours()])
    return f"{min(board.scores)} ({colours})"


def table_summary(record: GameRecord, scored: Scored | None = None) -> str:
    """`AXIO, turn 4. Ben to move. Numbered on the picture, the moves since Ben last played:
    1. Ann played E5 blue, F5 red for +3 blue, +2 red. Lowest colours: Ann 3 (red), Ben 4
    (blue and green).` A finished game is over
    after its last turn, as the table numbered it (not the turn no one could play).
    `scored`: moves' points the caller already has, by their place in the log (the owed
    posts' results), so that the game need not be played again to find them."""
    game = record.game
    assert game is not None
    names = [seat_name(seat) for seat in record.seats]
    if game.is_over:
        final_turn = game.log[-1].turn if game.log else 0
        parts = [
            _("{game}, game over after turn {turn}.", game=title(record.kind), turn=final_turn)
        ]
        if not game.solo:
            winners = game.winners()
            names_won = names_text([names[s] for s in winners])
            parts.append(ngettext("{names} won.", "{names} won.", len(winners), names=names_won))
    else:
        parts = [
            _("{game}, turn {turn}.", game=title(record.kind), turn=game.turn),
            _("{name} to move.", name=names[game.to_move]),
        ]
    marks = recent_marks(game)
    if marks:
        parts.append(marked_moves(record, names, marks, scored))
    elif game.log:
        last = game.log[-1]
        points = last_move_points(game)
        name, move = names[last.seat], move_words(record.kind, last.move)
        if points is None:
            parts.append(_("Last move: {name} played {move}.", name=name, move=move))
        else:
            parts.append(
                _("Last move: {name} played {move} for {points}.",
                  name=name, move=move, points=points_text(points))
            )  # fmt: skip
    else:
        parts.append(_("No moves yet."))
    lows = ", ".join(f"{names[s]} {lowest_text(game, s)}" for s in range(game.players))
    parts.append(
        ngettext("Lowest colour: {lows}.", "Lowest colours: {lows}.", game.players, lows=lows)
    )
    return " ".join(parts)


def scores_summary(record: GameRecord) -> str:
    """Every seat's five scores in words, lowest colour first named."""
    game = record.game
    assert game is not None
    lines = []
    for seat in record.seats:
        scores = game.scores(seat.seat)
        each = ", ".join(f"{colour_name(c)} {s}" for c, s in zip(COLOURS, scores, strict=True))
        lines.append(
            _("{name}: lowest {lowest}; {each}.",
              name=seat_name(seat), lowest=lowest_text(game, seat.seat), each=each)
        )  # fmt: skip
    return "\n".join(lines)
