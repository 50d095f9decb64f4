"""`python -m engine score …`: score one placement on a position written in notation.

Prints one JSON object on stdout. Missing or malformed input, or an illegal placement,
prints one line on stderr and exits with status 2.

    python -m engine score axio --players 2 --board board.txt --place "E5:b F5:r"
    python -m engine score rota --display display.txt --place "2,0: r g b -" --turn 90 --name g
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .axio import AxioGame
from .axio_board import Board
from .axio_moves import Placement
from .common import Colour, IllegalMoveError
from .rota import RotaGame
from .rota_display import parse_placed
from .rota_moves import RotaMove


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise IllegalMoveError(message)


def score_axio(args: argparse.Namespace) -> dict:
    board = Board.parse(_read(args.board), args.players)
    move = Placement.parse(args.place)
    game = AxioGame.from_position(board, players=args.players, racks=[[move.tile]])
    return game.play(move).to_json()


def score_rota(args: argparse.Namespace) -> dict:
    (x, y), tile = parse_placed(args.place)
    name = Colour.parse(args.name) if args.name else None
    move = RotaMove(x, y, args.turn, name)
    game = RotaGame.from_position(_read(args.display), players=1, hands=[tile])
    return game.play(move).to_json(pyramids=False)


@dataclass(frozen=True)
class Option:
    """One command-line option of a game's scorer, as argparse.add_argument takes it."""

    flag: str
    settings: dict[str, Any]


@dataclass(frozen=True)
class Scorer:
    """How `score <game>` reads its position and placement, and scores it."""

    help: str
    options: tuple[Option, ...]
    score: Callable[[argparse.Namespace], dict]


SCORERS: dict[str, Scorer] = {
    "axio": Scorer(
        "an AXIO board in 13-line notation",
        (
            Option("--players", {"type": int, "choices": (1, 2, 3, 4), "required": True}),
            Option("--board", {"required": True, "help": "file with the board notation"}),
            Option("--place", {"required": True, "help": 'the placement, like "E5:b F5:r"'}),
        ),
        score_axio,
    ),
    "rota": Scorer(
        "an AXIO Rota display, one tile per line like 0,0: r g b -",
        (
            Option("--display", {"required": True, "help": "file with the display notation"}),
            Option(
                "--place",
                {"required": True, "help": 'the position and tile at rotation 0: "2,0: r g b -"'},
            ),
            Option(
                "--turn",
                {"type": int, "default": 0, "help": "degrees clockwise: 0, 90, 180 or 270"},
            ),
            Option("--name", {"help": "the colour named for an empty corner that touches a tile"}),
        ),
        score_rota,
    ),
}


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise IllegalMoveError(f"cannot read {path}: {error.strerror}") from error


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score = commands.add_parser("score", help="score one placement")
    games = score.add_subparsers(dest="game", required=True, parser_class=_Parser)
    for game, scorer in SCORERS.items():
        sub = games.add_parser(game, help=scorer.help)
        for option in scorer.options:
            sub.add_argument(option.flag, **option.settings)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        result = SCORERS[args.game].score(args)
    except IllegalMoveError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0
