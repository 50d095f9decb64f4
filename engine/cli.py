"""`python -m engine score …`: score one placement on a position written in notation.

Prints one JSON object on stdout. Missing or malformed input, or an illegal placement,
prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .axio import AxioGame
from .axio_board import Board
from .axio_moves import Placement
from .common import IllegalMoveError


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise IllegalMoveError(message)


def score_axio(args: argparse.Namespace) -> dict:
    board = Board.parse(_read(args.board), args.players)
    move = Placement.parse(args.place)
    game = AxioGame.from_position(board, players=args.players, racks=[[move.tile]])
    return game.play(move).to_json()


SCORERS: dict[str, Callable[[argparse.Namespace], dict]] = {"axio": score_axio}


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise IllegalMoveError(f"cannot read {path}: {error.strerror}") from error


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score one placement")
    games = score.add_subparsers(dest="game", required=True)
    axio = games.add_parser("axio", help="an AXIO board in 13-line notation")
    axio.add_argument("--players", type=int, choices=(1, 2, 3, 4), required=True)
    axio.add_argument("--board", required=True, help="file with the board notation")
    axio.add_argument("--place", required=True, help='the placement, like "E5:b F5:r"')
    for parser_ in (parser, score, axio):
        parser_.__class__ = _Parser
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        result = SCORERS[args.game](args)
    except IllegalMoveError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0
