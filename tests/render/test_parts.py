"""Pictures drawn from parts on the palette (what the bot sends) against the same pictures
drawn the slow way (every part drawn in RGB, the whole mapped to the palette at the end):
pixel for pixel, every picture kind, both games, 1–4 players, seeded positions."""

from __future__ import annotations

import copy
import io
from fractions import Fraction

import pytest
from PIL import Image

from engine import AxioGame, RotaGame
from engine.axio_board import EMPTY, PYRAMID
from render import (
    render_board,
    render_close_up,
    render_hand,
    render_rack,
    render_replay,
    render_scoreboard,
    render_table,
)
from render.axio_board import draw_board
from render.close_up import axio_close_up, rota_close_up
from render.community import DailyCard, StandingsRow, draw_daily_card, draw_standings
from render.pieces import draw_hand, draw_rack
from render.replay import gif_bytes, turn_frames
from render.rota_display import draw_display
from render.samples import (
    axio_dead_cells,
    axio_extra_turn,
    finished,
    played,
    solo_second_board,
)
from render.scoreboard import draw_scores
from render.table import draw_table
from render.theme import png_bytes, to_palette
from render.words import PictureWords

from .pixels import decode

NAMES = ["Zoë Ångström", "Bob", "Chandrasekhar Subrahmanyan Venkataraman", "Dmitri 🎲"]
GERMAN = PictureWords(to_move="{name} ist am Zug · Zug {turn}", low="niedrigste {score}")


def positions() -> list[tuple[str, object]]:
    """Seeded positions of both games, 1–4 players: the start, mid-game, a late board, a
    finished game, a resigned seat, and the samples' special boards."""
    found: list[tuple[str, object]] = []
    for kind in (AxioGame, RotaGame):
        for players in (1, 2, 3, 4):
            for moves in (0, 9, 40):
                found.append((f"{kind.kind}-{players}p-{moves}", played(kind(players, 5), moves)))
            found.append((f"{kind.kind}-{players}p-over", finished(kind(players, 6), players)))
        resigned = played(kind(3, 2), 12)
        resigned.resign(1)
        found.append((f"{kind.kind}-resigned", resigned))
    found += [("extra-turn", axio_extra_turn()), ("dead-cells", axio_dead_cells())]
    found.append(("solo-36", solo_second_board()))
    return found


POSITIONS = positions()


def assert_same(fast: bytes, slow: Image.Image) -> None:
    """The bytes sent show exactly the pixels of the slow drawing mapped to the palette."""
    sent = decode(fast)
    reference = to_palette(slow).convert("RGB")
    assert sent.size == reference.size
    assert sent.tobytes() == reference.tobytes()


@pytest.mark.parametrize(("label", "game"), POSITIONS, ids=[label for label, _ in POSITIONS])
def test_every_picture_of_a_position_is_the_slow_ones_pixels(label, game):
    names = NAMES[: game.players]
    for words in (PictureWords(), GERMAN):
        assert_same(render_table(game, names, words=words), draw_table(game, names, words=words))
        assert_same(render_scoreboard(game, names, words), draw_scores(game, names, words))
    if isinstance(game, AxioGame):
        assert_same(render_board(game), draw_board(game))
        assert_same(render_close_up(game), axio_close_up(game))
    else:
        assert_same(render_board(game), draw_display(game))
        assert_same(render_close_up(game), rota_close_up(game))
    if not game.is_over:
        tiles = game.hand(game.to_move) if isinstance(game, RotaGame) else game.rack(game.to_move)
        if tiles:  # a solo player's page: the table with their own tiles under it
            assert_same(render_table(game, names, tiles=tiles), draw_table(game, names, tiles))


def test_previews_are_the_slow_ones_pixels():
    axio = played(AxioGame(2, 3), 6)
    move = axio.legal_moves()[0]
    assert_same(render_board(axio, preview=move), draw_board(axio, preview=move))
    rota = played(RotaGame(2, 3), 6)
    move = rota.legal_moves()[-1]
    assert_same(render_board(rota, preview=move), draw_display(rota, False, move))


def test_racks_and_hands_are_the_slow_ones_pixels():
    for seed in range(4):
        rack = AxioGame(2, seed).rack(0)
        for count in range(len(rack) + 1):
            assert_same(render_rack(rack[:count]), draw_rack(rack[:count]))
        hand = RotaGame(2, seed).hand(0)
        assert hand is not None
        assert_same(render_hand(hand), draw_hand(hand))


@pytest.mark.parametrize("kind", [AxioGame, RotaGame])
def test_a_replay_is_the_slow_ones_bytes(kind):
    game = finished(kind(3, 4), 4)
    moves = [entry.move for entry in game.log]
    names = NAMES[:3]
    fast = render_replay(kind, 3, 4, moves, names)
    assert fast == gif_bytes(turn_frames(kind, 3, 4, moves, names))
    assert Image.open(io.BytesIO(fast)).n_frames == len({entry.turn for entry in game.log})


def test_pictures_drawn_in_rgb_are_written_with_their_palette_pixels():
    """The daily card, standings (and the review) are still drawn in RGB: the writer that
    sends every picture gives exactly the palette picture's pixels."""
    card = DailyCard("axio", 12, (24, 19, 31, 18, 22), 87.4, 1234, 5, 9)
    rows = [StandingsRow(i + 1, NAMES[i % 4], Fraction(4 - i), Fraction(2), 50) for i in range(6)]
    noise = Image.effect_noise((97, 61), 80).convert("RGB")  # every row different
    for picture in (draw_daily_card(card), draw_standings("Spring", rows, "round 2"), noise):
        assert decode(png_bytes(picture)).tobytes() == to_palette(picture).convert("RGB").tobytes()


def test_a_badge_kept_from_another_board_shows_this_boards_cells():
    """A badge's mapped window is kept by what it shows (`paletted.windows`): the same
    marks over other cells (every empty cell a pyramid here) draw those cells, not the
    window kept from the first board."""
    game = played(AxioGame(4, 5), 40)
    assert_same(render_board(game), draw_board(game))
    other = copy.deepcopy(game)
    cells = other.board.cells
    other.board.cells = [PYRAMID if ch == EMPTY else ch for ch in cells]
    assert_same(render_board(other), draw_board(other))
