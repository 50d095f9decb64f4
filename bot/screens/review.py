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
from render import ReviewWords, render_board, render_review, render_table
from storage import GameRecord

from ..i18n import _, ngettext, number, pgettext
from .controls import REVIEW_MOVE, button, view_of
from .present import move_words, title
from .safe_text import MESSAGE_LIMIT, shown_name
from .summary import Paint, image_file
from .words import picture_words

BUTTONS = 10
"""Marked moves with a button (two rows of five): the costliest, shown in game order."""
LISTED = 12
"""Marked moves listed in words, the costliest first picked, then shown in game order."""
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def thresholds() -> str:
    """What the marks mean, in the reader's language."""
    return _(
        "Cost is in points of the mover's lowest colour against the expert's move: "
        "inaccuracy ?! from {inaccuracy}, mistake ? from {mistake}, blunder ?? from {blunder}.",
        inaccuracy=number(INACCURACY, 2),
        mistake=number(MISTAKE, 2),
        blunder=number(BLUNDER, 2),
    )


def grade_name(grade: str) -> str:
    names = {
        "inaccuracy": pgettext("review", "inaccuracy"),
        "mistake": pgettext("review", "mistake"),
        "blunder": pgettext("review", "blunder"),
    }
    return names.get(grade, grade)


def graded(review: GameReview) -> list[MoveReview]:
    """The moves worth a mark (inaccuracies, mistakes, blunders), in game order; a
    stand-in's moves are not its player's, so they earn no mark."""
    return [m for m in review.moves if m.grade in SIGNS and not m.stand_in]


def costliest(review: GameReview, count: int) -> list[MoveReview]:
    """The `count` costliest marked moves, in game order."""
    picked = sorted(graded(review), key=lambda m: (-m.cost, m.number))[:count]
    return sorted(picked, key=lambda m: m.number)


def review_text(record: GameRecord, review: GameReview) -> str:
    """The review in words: one line per player, then the marked moves."""
    names = [shown_name(seat.name) for seat in record.seats]
    lines = [
        _(
            "🔎 **Review of game #{game}**, {title}: each move beside the expert's (thinking "
            "{seconds} s a position).",
            game=record.id,
            title=title(record.kind),
            seconds=number(review.budget_s),
        )
    ]
    for player in review.seats:
        if player.accuracy is None:
            accuracy = _("no move to judge")
        else:
            accuracy = _("{percent} %", percent=number(player.accuracy))
        counts = ", ".join(
            (
                ngettext("{count} inaccuracy", "{count} inaccuracies", player.inaccuracies),
                ngettext("{count} mistake", "{count} mistakes", player.mistakes),
                ngettext("{count} blunder", "{count} blunders", player.blunders),
            )
        )
        if player.stand_in_moves:
            counts += " · " + ngettext(
                "{count} move by a stand-in, not counted",
                "{count} moves by a stand-in, not counted",
                player.stand_in_moves,
            )
        lines.append(
            _(
                "**{name}**: accuracy **{accuracy}** · {counts} · lowest colour {lowest} at "
                "the end",
                name=names[player.seat],
                accuracy=accuracy,
                counts=counts,
                lowest=player.lowest,
            )
        )
    marked = graded(review)
    if not marked:
        lines.append(_("No move cost a mark: every move was the expert's or close to it."))
        return "\n".join(lines)
    lines.append(thresholds())
    shown = costliest(review, LISTED)
    for move in shown:
        lines.append(move_line(review, move, names[move.seat]))
    if len(marked) > len(shown):
        left = len(marked) - len(shown)
        lines.append(
            ngettext(
                "…and {count} smaller mark (see the picture).",
                "…and {count} smaller marks (see the picture).",
                left,
            )
        )
    text = "\n".join(lines)
    while len(text) > MESSAGE_LIMIT and len(lines) > 2:  # very long moves: fewer lines
        lines.pop(-1)
        text = "\n".join(lines)
    return text


def turn_words(review: GameReview, move: MoveReview) -> str:
    """The move as the table numbered it, by turn: `turn 11`, `turn 11, extra move`, `turn
    11, exchange` (what the turn posts called turn 11 holds all three)."""
    place = review.place_in_turn(move)
    if place == 1:
        return _("turn {turn}", turn=move.turn)
    if move.played in ("keep", "exchange"):
        return _("turn {turn}, exchange", turn=move.turn)
    if place == 2:
        return _("turn {turn}, extra move", turn=move.turn)
    return _("turn {turn}, extra move {count}", turn=move.turn, count=place - 1)


def move_line(review: GameReview, move: MoveReview, name: str) -> str:
    """`turn 11` ? **ann** (mistake, −1.72): played `O10 ↻90°` · expert `K4 ↻270°`"""
    return _(
        "`{turn}` {sign} **{name}** ({grade}, −{cost}): played `{played}` · expert `{best}`",
        turn=turn_words(review, move),
        sign=SIGNS[move.grade],
        name=name,
        grade=grade_name(move.grade),
        cost=number(move.cost, 2),
        played=move_words(review.kind, move.played),
        best=move_words(review.kind, move.best),
    )


async def review_file(record: GameRecord, review: GameReview, paint: Paint) -> discord.File:
    names = [seat.name for seat in record.seats]
    return image_file(
        await paint(render_review, review, names, review_words(review)),
        f"axio-review-{record.id}.png",
        review_alt(review, names),
    )


def review_words(review: GameReview) -> ReviewWords:
    """The chart's words in the language being spoken."""
    return ReviewWords(
        title=_("Lowest colour"),
        turns=ngettext("{count} turn", "{count} turns", review.turns),
        no_choices=_("no choices"),
        mistake=pgettext("review", "mistake"),
        blunder=pgettext("review", "blunder"),
    )


ALT_LIMIT = 1000
"""Discord takes up to 1,024 characters of alt text for an attachment."""


def review_alt(review: GameReview, names: list[str]) -> str:
    """The chart in words: the game, then per player where their lowest colour ended,
    their accuracy and their big mistakes, with what the expert would have played."""
    parts = [
        ngettext(
            "Line chart of each player's lowest colour over {count} turn of {game}.",
            "Line chart of each player's lowest colour over {count} turns of {game}.",
            review.turns,
            game=title(review.kind),
        )
    ]
    for player in review.seats:
        name = names[player.seat]
        if player.accuracy is None:
            parts.append(
                _("{name}: lowest colour {lowest} at the end, no moves to judge.",
                  name=name, lowest=player.lowest)
            )  # fmt: skip
        else:
            parts.append(
                _("{name}: lowest colour {lowest} at the end, accuracy {accuracy} %.",
                  name=name, lowest=player.lowest, accuracy=number(player.accuracy, 0))
            )  # fmt: skip
        for move in review.marked(player.seat):
            parts.append(
                _("At {turn}, {grade}: {played} (cost {cost}); the expert: {best}.",
                  turn=turn_words(review, move), grade=grade_name(move.grade),
                  played=move_words(review.kind, move.played), cost=number(move.cost, 2),
                  best=move_words(review.kind, move.best))
            )  # fmt: skip
    words = " ".join(parts)
    return words if len(words) <= ALT_LIMIT else words[: ALT_LIMIT - 1].rstrip() + "…"


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
                label=f"{turn_words(review, move)} {SIGNS[move.grade]}",
                emoji="🔍",
            )
            for move in moves
        )
    )


async def marked_move_files(
    record: GameRecord, review: GameReview, number_: int, paint: Paint
) -> tuple[str, list[discord.File]]:
    """Move `number_`'s words and two pictures: the board before it with the expert's move
    drawn as a ghost, and the table after the move that was played."""
    assert record.game is not None and record.seed is not None
    move = review.moves[number_ - 1]
    name = shown_name(record.seats[move.seat].name)
    log = [str(entry.move) for entry in record.game.log]
    cls = game_class(record.kind)
    before = cls.replay(len(record.seats), record.seed, log[: number_ - 1])
    after = cls.replay(len(record.seats), record.seed, log[:number_])
    best = before.parse_move(move.best)
    ghost = None if isinstance(best, Exchange) else best
    turn = turn_words(review, move)
    if move.grade in SIGNS:
        line = move_line(review, move, name)
    else:
        line = f"`{turn}` **{name}**"
    words = _(
        "{line}\nBefore: the expert's move drawn faintly. After: the move played, ringed.",
        line=line,
    )
    names = [seat.name for seat in record.seats]
    files = [
        image_file(
            await paint(render_board, before, preview=ghost),
            f"before-{number_}.png",
            _(
                "The board before {turn}, with the expert's choice, {move}, drawn faintly.",
                turn=turn,
                move=move_words(record.kind, move.best),
            ),
        ),
        image_file(
            await paint(render_table, after, names, words=picture_words()),
            f"after-{number_}.png",
            _(
                "The board and scores after {turn}: {move}, played by {name}, ringed.",
                turn=turn,
                move=move_words(record.kind, move.played),
                name=record.seats[move.seat].name,
            ),
        ),
    ]
    return words, files
