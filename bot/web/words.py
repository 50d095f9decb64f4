"""The page's texts in the reader's language: the HTML's own, and those the page's script
writes (handed to it as data, so the script holds no language). They go through the bot's
catalogs like every other text (`python -m bot.catalog` finds them here)."""

from __future__ import annotations

from collections.abc import Iterable

from engine import TileGame
from engine.common import COLOURS
from render import ending_words

from ..i18n import DEFAULT, LANGUAGES, N_, _
from ..screens.words import colour_name, picture_words


def reader_language(accept_language: str | None) -> str:
    """The first language of the reader's browser that the bot speaks (`de-AT,de;q=0.9,
    en;q=0.8`: German), in the order of its q-values; else English."""
    choices: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "")[:500].split(",")[:20]):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        choices.append((-weight, i, tag.strip()))
    for weight, _i, tag in sorted(choices):
        base = tag.split("-")[0].lower()
        if weight < 0 and base in LANGUAGES:
            return base
    return DEFAULT


GRADE_WORDS = {
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
STATUS_WORDS = {
    "running": N_("being played"),
    "finished": N_("finished"),
    "cancelled": N_("ended without a result"),
}


def script_words() -> dict[str, object]:
    """What the page's script writes, in the language being spoken."""
    return {
        "start": _("Start of the game"),
        "step": _("Move {step} of {count}"),
        "toMove": _("{name} to move"),
        "over": _("Game over"),
        "exchangeOffer": _("{name} may exchange their rack"),
        "points": _("+{points}"),
        "noPoints": _("no points"),
        "returned": _("returned to the bag: {tiles}"),
        "axio": _("AXIO! in {colours}: an extra turn"),
        "standIn": _("played by a computer for this seat"),
        "expert": _("The expert's move: {move} (dashed)"),
        "cost": _("{grade}: cost {cost} points of the lowest colour"),
        "live": _("Live: new moves appear here"),
        "notLive": _("Not live: reload the page to see new moves"),
        "statuses": {status: _(word) for status, word in STATUS_WORDS.items()},
        "cellTile": _("{cell} {colour} tile"),
        "cellPyramid": _("{cell} pyramid"),
        "cellDead": _("{cell} dead"),
        "tileAt": _("{position}: {corners}"),
        "emptyCorner": _("empty corner"),
        "colours": {c.value: colour_name(c) for c in COLOURS},
        "grades": {key: _(word) for key, word in GRADE_WORDS.items()},
    }


def page_words() -> dict[str, str]:
    """The HTML's own texts, in the language being spoken."""
    return {
        "first": _("First move"),
        "previous": _("Previous move"),
        "next": _("Next move"),
        "last": _("Last move"),
        "slider": _("Move"),
        "board": _("The board"),
        "boardText": _("The board in words"),
        "scores": _("Scores"),
        "moves": _("Moves"),
        "review": _("Review"),
        "accuracy": _("Accuracy"),
        "chart": _("Lowest colour after each move"),
        "legend": _("What the marks mean"),
        "legendMarks": _(
            "A ring in a seat's colour, numbered in order, marks each move made since the "
            "player to move last played."
        ),
        "legendYellow": _("The yellow frame is the move you are looking at."),
        "legendGhost": _("A dashed outline is the expert's move, where the review marks one."),
        "startWord": _("Start"),
        "noScript": _("The board needs JavaScript; the moves and scores are listed below."),
        "pinch": _("Pinch or use the browser's zoom to enlarge the board."),
        "formerPlayer": _("a former player"),
        "resigned": _("resigned"),
        "player": _("Player"),
        "colourHeads": " ".join(colour_name(c) for c in COLOURS),
    }


def status_word(status: str) -> str:
    return _(STATUS_WORDS.get(status, status))


def ranked(game: TileGame, resigned: Iterable[int]) -> TileGame:
    """A copy of `game` that ranks the seats that resigned last, as the table's result does
    (a page's game is replayed from its moves, which hold no resignation)."""
    copy = game.copy()
    for seat in resigned:
        copy.resign(seat)
    return copy


def result_words(game: TileGame, names: list[str]) -> str | None:
    """How a finished game ended, as the table's picture says it (`Ada wins`), ranked by the
    engine (`ranked`); None while it is not over."""
    if not game.is_over:
        return None
    return ending_words(game, names, picture_words())


def error_words(status: int) -> tuple[str, str]:
    """A plain error page's title and sentence."""
    if status == 404:
        return _("Page not found"), _(
            "There is no page at this address: the game may not exist, or its server has "
            "turned its pages off. Check the link you were given."
        )
    if status == 429:
        return _("Too many requests"), _(
            "This address asked for pages too often. Wait a few seconds, then reload."
        )
    if status == 503:
        return _("Not answering just now"), _(
            "The games' storage did not answer in time; nothing is lost. Try again in a minute."
        )
    if status == 500:
        return _("Something went wrong"), _(
            "This page could not be made just now; the error was noted. Try again later."
        )
    return _("Bad request"), _(
        "This request was malformed or too large. Open the link as it was given."
    )
