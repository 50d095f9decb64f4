"""The rules of AXIO and AXIO Rota: pure Python, no I/O, deterministic from a seed."""

from .axio import AxioGame
from .axio_moves import Exchange, Placement
from .common import COLOURS, Colour, IllegalMoveError, PlayResult, ScoredMove, Standing
from .game import LogEntry, TileGame
from .rota import RotaGame
from .rota_moves import RotaMove

__all__ = [
    "COLOURS",
    "AxioGame",
    "Colour",
    "Exchange",
    "IllegalMoveError",
    "LogEntry",
    "Placement",
    "PlayResult",
    "RotaGame",
    "RotaMove",
    "ScoredMove",
    "Standing",
    "TileGame",
    "game_class",
]


def game_class(kind: str) -> type[TileGame]:
    """The game class for a saved kind ("axio" or "rota")."""
    classes = {cls.kind: cls for cls in TileGame.__subclasses__()}
    if kind not in classes:
        raise IllegalMoveError(f"there is no game called {kind!r}: choose axio or rota")
    return classes[kind]
