"""Write one of every image for several game states, for a person to look at.

Run: python -m render.samples OUT_DIR

Positions come from seeded random play (the same every run) plus a few made-up ones that
random play rarely reaches: an AXIO! extra turn, dead cells, solo's second scoreboard.
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

from engine import AxioGame, RotaGame
from engine.axio_board import Board
from engine.axio_moves import parse_tile
from engine.game import TileGame
from engine.rota_tiles import parse_tile as parse_rota_tile

from . import (
    DailyCard,
    render_axio_board,
    render_close_up,
    render_daily_card,
    render_hand,
    render_rack,
    render_replay,
    render_rota_display,
    render_scoreboard,
    render_standings,
    render_table,
)
from .community import StandingsRow

NAMES = ["Alice", "Bob the Builder of Very Long Names", "Chandra", "Dmitri"]


def played(game: TileGame, moves: int, seed: int = 1) -> TileGame:
    """The game after up to `moves` random legal moves."""
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def axio_extra_turn() -> AxioGame:
    """Bob reaches 18 red, earns AXIO! and places twice in one turn: both are ringed."""
    racks = [[parse_tile("bb")], [parse_tile(t) for t in ("rg", "oo", "pp")]]
    game = AxioGame.from_position(
        Board(2), 2, racks=racks, scores=[[4, 3, 5, 2, 6], [17, 4, 3, 5, 4]], has_placed=[True] * 2
    )
    for move in ("I9:b I10:b", "G4:r G5:g", "C9:o D9:o"):
        if game.phase == "exchange":
            game.play("keep")
        game.play(move)
    return game


def axio_dead_cells() -> AxioGame:
    """A crowded 4-player board where the oldest pyramids have become dead cells."""
    late = played(AxioGame(4, 21), 70, seed=21)
    board = Board.parse(late.board.notation(), 4)
    pyramids = [i for i, ch in enumerate(board.cells) if ch == "^"]
    for cell in pyramids[:3]:
        board.cells[cell] = "x"
    return AxioGame.from_position(board, 4, scores=[list(late.scores(s)) for s in range(4)])


def solo_second_board() -> AxioGame:
    game = played(AxioGame(1, 3), 30, seed=3)
    game.scoreboards[0].scores = [24, 18, 31, 19, 20]
    return game  # type: ignore[return-value]


def finished(game: TileGame, seed: int) -> TileGame:
    return played(game, 10_000, seed)


def samples() -> dict[str, bytes]:
    """File name -> image bytes, one of each kind for several states."""
    out: dict[str, bytes] = {}
    axio = {
        "solo_mid": played(AxioGame(1, 1), 20),
        "2p_early": played(AxioGame(2, 2), 8, seed=2),
        "3p_mid": played(AxioGame(3, 3), 40, seed=3),
        "4p_late": played(AxioGame(4, 4), 120, seed=4),
        "4p_finished": finished(AxioGame(4, 5), 5),
        "axio_extra_turn": axio_extra_turn(),
        "dead_cells": axio_dead_cells(),
    }
    for name, game in axio.items():
        out[f"axio_board_{name}.png"] = render_axio_board(game)  # type: ignore[arg-type]
    early = axio["2p_early"]
    preview = early.legal_moves()[len(early.legal_moves()) // 3]  # type: ignore[union-attr]
    out["axio_preview_2p.png"] = render_axio_board(early, preview=preview)  # type: ignore[arg-type]

    rota = {
        "start_solo": RotaGame(1, 1),
        "2p_mid": played(RotaGame(2, 2), 12, seed=2),
        "4p_40_tiles": played(RotaGame(4, 3), 36, seed=3),
        "3p_finished": finished(RotaGame(3, 4), 4),
        "4p_wrapped": played(RotaGame(4, 321), 47, seed=321),  # 18 across: two bands
    }
    for name, game in rota.items():
        out[f"rota_display_{name}.png"] = render_rota_display(game)  # type: ignore[arg-type]
    mid = rota["2p_mid"]
    move = mid.legal_moves()[len(mid.legal_moves()) // 2]
    out["rota_preview_2p.png"] = render_rota_display(mid, labels=False, preview=move)  # type: ignore[arg-type]

    resigned = played(AxioGame(3, 6), 30, seed=6)
    resigned.resign(1)
    scoreboards = {
        "solo_second_board": solo_second_board(),
        "2p_axio_extra_turn": axio_extra_turn(),
        "3p_resigned": resigned,
        "4p_late": axio["4p_late"],
        "4p_finished": axio["4p_finished"],
        "rota_3p_finished": rota["3p_finished"],
    }
    for name, game in scoreboards.items():
        out[f"scoreboard_{name}.png"] = render_scoreboard(game, NAMES)

    tables = {
        "axio_3p": axio["3p_mid"],
        "rota_2p": mid,
        "rota_4p_wrapped": rota["4p_wrapped"],
        "axio_solo": axio["solo_mid"],
    }
    for name, game in tables.items():
        out[f"table_{name}.png"] = render_table(game, NAMES)
    solo_rota = played(RotaGame(1, 5), 6, seed=5)
    out["solo_page_axio.png"] = render_table(
        axio["solo_mid"], NAMES, tiles=axio["solo_mid"].rack(0)
    )  # type: ignore[attr-defined]
    out["solo_page_rota.png"] = render_table(solo_rota, NAMES, tiles=solo_rota.tile_to_place)  # type: ignore[attr-defined]
    out["close_up_axio_4p.png"] = render_close_up(axio["4p_late"])
    out["close_up_rota_40_tiles.png"] = render_close_up(rota["4p_40_tiles"])

    rack_game = axio["3p_mid"]
    out["rack_5.png"] = render_rack(rack_game.rack(rack_game.to_move))  # type: ignore[attr-defined]
    out["rack_2.png"] = render_rack([parse_tile("rg"), parse_tile("pp")])
    out["rack_solo.png"] = render_rack(axio["solo_mid"].rack(0))  # type: ignore[attr-defined]
    out["hand_four_colours.png"] = render_hand(mid.hand(mid.to_move))  # type: ignore[arg-type]
    out["hand_empty_corner.png"] = render_hand(parse_rota_tile("r g - p"))

    out.update(community_samples())
    for name, game in (("axio_4p", axio["4p_finished"]), ("rota_3p", rota["3p_finished"])):
        moves = [entry.move for entry in game.log]
        out[f"replay_{name}.gif"] = render_replay(type(game), game.players, game.seed, moves, NAMES)
    return out


def community_samples() -> dict[str, bytes]:
    """The daily share cards and a standings table, from made-up numbers."""
    out = {
        "daily_card_axio.png": render_daily_card(
            DailyCard("axio", 12, (24, 19, 31, 18, 22), 87.4, 1234, 5, 9)
        ),
        "daily_card_rota_late.png": render_daily_card(
            DailyCard("rota", 3, (7, 5, 9, 12, 6), None, 1, 0, 4)
        ),
    }
    lines = [
        StandingsRow(1, NAMES[0], Fraction(3), Fraction(9, 2), 60),
        StandingsRow(2, NAMES[1], Fraction(5, 2), Fraction(4), 55),
        StandingsRow(2, NAMES[2], Fraction(5, 2), Fraction(4), 55),
        StandingsRow(4, NAMES[3], Fraction(1), Fraction(7, 3), 40, withdrawn=True),
        *(StandingsRow(5 + i, f"Player {i + 5}", Fraction(0), Fraction(1), 10) for i in range(26)),
    ]
    out["standings_30_players.png"] = render_standings("Spring Swiss", lines, "after round 3 of 5")
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m render.samples OUT_DIR", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in samples().items():
        (folder / name).write_bytes(data)
        print(f"{folder / name}  {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
