"""The rules of AXIO and AXIO Rota: pure Python, no I/O, deterministic from a seed."""

from .axio import AxioGame
from .axio_moves import Exchange, Placement
from .common import COLOURS, Colour, IllegalMoveError, PlayResult, ScoredMove, Standing
from .game import LogEntry, TileGame

__all__ = [
    "COLOURS",
    "AxioGame",
    "Colour",
    "Exchange",
    "IllegalMoveError",
    "LogEntry",
    "Placement",
    "PlayResult",
    "ScoredMove",
    "Standing",
    "TileGame",
]
