"""What `/axio review` shows: each player's accuracy and marked moves (theirs beside the
expert's), the review picture, and buttons that show the position before and after a
marked move.

Names come from the game's seats at show time (a stored review holds none). Only the
player's moves and the expert's alternatives are shown, never a rack as such.
"""

from __future__ import annotations

import discord

from engine import game_class
from engine.ai.review import BLUNDER, INACCURACY, MISTAKE, GameReview, MoveReview
from engine.axio_moves import Exchange
from render import render_board, render_review, render_table, review_alt_text
from storage import GameRecord

from .controls import REVIEW_MOVE, button, view_of
from .present import move_words, title
from .safe_text import MESSAGE_LIMIT, shown_name
from .summary import image_file

BUTTONS = 10
"""Marked moves with a button (two rows of five): the costliest, shown in game order."""
LISTED = 12
"""Marked moves listed in words, the costliest first picked, then shown in game order."""
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
THRESHOLDS = (
    f"Cost is in points of the mover's lowest colour against the expert's move: "
    f"inaccuracy ?! from {INACCURACY:g}, mistake ? from {MISTAKE:g}, blunder ?? from {BLUNDER:g}."
)


def graded(review: GameReview) -> list[MoveReview]:
    """The moves worth a mark (inaccuracies, mistakes, blunders), in game order."""
    return [m for m in review.moves if m.grade in SIGNS]


def costliest(review: GameReview, count: int) -> list[MoveReview]:
    """The `count` costliest marked moves, in game order."""
    picked = sorted(graded(review), key=lambda m: (-m.cost, m.number))[:count]
    return sorted(picked, key=lambda m: m.number)


def review_text(record: GameRecord, review: GameReview) -> str:
    """The review in words: one line per player, then the marked moves."""
    names = [shown_name(seat.name) for seat in record.seats]
    lines = [
        f"🔎 **Review of game #{record.id}**, {title(record.kind)}: each move beside the "
        f"expert's (thinking {review.budget_s:g} s a position)."
    ]
    for player in review.seats:
        accuracy = "no move to judge" if player.accuracy is None else f"{player.accuracy:g} %"
        counts = ", ".join(
            f"{n} {one if n == 1 else many}"
            for n, one, many in (
                (player.inaccuracies, "inaccuracy", "inaccuracies"),
                (player.mistakes, "mistake", "mistakes"),
                (player.blunders, "blunder", "blunders"),
            )
        )
        lines.append(
            f"**{names[player.seat]}**: accuracy **{accuracy}** · {counts} · "
            f"lowest colour {player.lowest} at the end"
        )
    marked = graded(review)
    if not marked:
        lines.append("No move cost a mark: every move was the expert's or close to it.")
        return "\n".join(lines)
    lines.append(THRESHOLDS)
    shown = costliest(review, LISTED)
    for move in shown:
        lines.append(move_line(record.kind, move, names[move.seat]))
    if len(marked) > len(shown):
        lines.append(f"…and {len(marked) - len(shown)} smaller marks (see the picture).")
    text = "\n".join(lines)
    while len(text) > MESSAGE_LIMIT and len(lines) > 2:  # very long moves: fewer lines
        lines.pop(-1)
        text = "\n".join(lines)
    return text


def move_line(kind: str, move: MoveReview, name: str) -> str:
    """`#11` ? **ann** (mistake, −1.72): played `O10 ↻90°` · expert `K4 ↻270°`"""
    return (
        f"`#{move.number}` {SIGNS[move.grade]} **{name}** ({move.grade}, −{move.cost:g}): "
        f"played `{move_words(kind, move.played)}` · expert `{move_words(kind, move.best)}`"
    )


def review_file(record: GameRecord, review: GameReview) -> discord.File:
    names = [seat.name for seat in record.seats]
    return image_file(
        render_review(review, names),
        f"axio-review-{record.id}.png",
        review_alt_text(review, names),
    )


def review_view(record: GameRecord, review: GameReview) -> discord.ui.View | None:
    """A button per costliest marked move: the position before and after it."""
    moves = costliest(review, BUTTONS)
    if not moves:
        return None
    return view_of(
        *(
            button(
                REVIEW_MOVE,
                record.id,
                move.number,
                label=f"#{move.number} {SIGNS[move.grade]}",
                emoji="🔍",
            )
            for move in moves
        )
    )


def marked_move_files(
    record: GameRecord, review: GameReview, number: int
) -> tuple[str, list[discord.File]]:
    """Move `number`'s words and two pictures: the board before it with the expert's move
    drawn as a ghost, and the table after the move that was played."""
    assert record.game is not None and record.seed is not None
    move = review.moves[number - 1]
    name = shown_name(record.seats[move.seat].name)
    log = [str(entry.move) for entry in record.game.log]
    cls = game_class(record.kind)
    before = cls.replay(len(record.seats), record.seed, log[: number - 1])
    after = cls.replay(len(record.seats), record.seed, log[:number])
    best = before.parse_move(move.best)
    ghost = None if isinstance(best, Exchange) else best
    line = move_line(record.kind, move, name) if move.grade in SIGNS else f"`#{number}` **{name}**"
    words = f"{line}\nBefore: the expert's move drawn faintly. After: the move played, ringed."
    files = [
        image_file(
            render_board(before, preview=ghost),
            f"before-{number}.png",
            f"The board before move {number}, with the expert's choice, "
            f"{move_words(record.kind, move.best)}, drawn faintly.",
        ),
        image_file(
            render_table(after, [seat.name for seat in record.seats]),
            f"after-{number}.png",
            f"The board and scores after move {number}: {move_words(record.kind, move.played)}, "
            "played by "
            f"{record.seats[move.seat].name}, ringed.",
        ),
    ]
    return words, files
