"""RULES.md, AXIO Rota: tiles and display, setup, placing and scoring, one test per rule."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import COLOURS, Colour, RotaGame, RotaMove
from engine.common import points_dict
from engine.rota import STACK_SIZE, start_tile
from engine.rota_display import CENTRE, START_POSITIONS, corner_points
from engine.rota_tiles import ALL_TILES, canonical, parse_tile, tile_text
from tests.engine.rota_positions import refused, rota_game

# --- tiles and display ----------------------------------------------------------------------


def test_rota_tile_corners_meet_the_grid_points_around_its_position() -> None:
    # TL (x, y), TR (x+1, y), BR (x+1, y+1), BL (x, y+1); up to four corners meet at a point.
    assert corner_points((2, -1)) == ((2, -1), (3, -1), (3, 0), (2, 0))
    display = RotaGame(1, 0).display
    assert display.points[CENTRE][-1] == 4
    assert [display.points[p][-1] for p in ((0, 0), (1, 0), (2, 1))] == [1, 2, 2]


# --- setup ----------------------------------------------------------------------------------


def test_rota_setup_lays_four_tiles_in_a_square_at_the_centre() -> None:
    game = RotaGame(3, 11)
    assert sorted(game.display.tiles) == sorted(START_POSITIONS)
    assert game.display.order == list(START_POSITIONS)


def test_rota_start_display_turns_empty_corners_to_centre() -> None:
    blanks_seen = 0
    for seed in range(40):
        for position, tile in RotaGame(2, seed).display:
            if None in tile:
                blanks_seen += 1
                assert corner_points(position)[tile.index(None)] == CENTRE
    assert blanks_seen >= 10


@pytest.mark.parametrize("position", START_POSITIONS)
def test_rota_start_tile_turned_whatever_its_empty_corner(position: tuple[int, int]) -> None:
    for text in ("r g b -", "- r g b", "b - r g", "g b - r"):
        laid = start_tile(parse_tile(text), position)
        assert canonical(laid) == canonical(parse_tile(text))
        assert corner_points(position)[laid.index(None)] == CENTRE
    full = parse_tile("r g b o")
    assert start_tile(full, position) == full


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rota_setup_stack_of_twelve_hand_of_one_rest_is_general_supply(players: int) -> None:
    game = RotaGame(players, 5)
    for seat in range(players):
        assert game.hand(seat) is not None
        assert game.stack_count(seat) == STACK_SIZE - 1
    assert game.supply_count == 60 - 4 - STACK_SIZE * players
    assert Counter(game.all_tiles()) == Counter(ALL_TILES)


def test_rota_start_player_drawn_at_random() -> None:
    starts = {RotaGame(4, seed).to_move for seed in range(40)}
    assert starts == {0, 1, 2, 3}


def test_rota_setup_is_the_same_for_the_same_seed() -> None:
    assert RotaGame(3, 99) == RotaGame(3, 99)
    assert RotaGame(3, 99) != RotaGame(3, 100)


# --- placing ---------------------------------------------------------------------------------


def test_rota_tile_must_share_a_side_with_the_display() -> None:
    game = rota_game()
    refused(game, "2,2 0", r"shares no side .* corner is not enough")  # (1,1)'s corner only
    refused(game, "5,5 0", "shares no side")
    game.play("2,1 0")
    assert (2, 1) in game.display.tiles


def test_rota_tile_must_go_on_an_empty_position() -> None:
    refused(rota_game(), "1,1 0", "N11 already holds a tile")


def test_rota_legal_positions_are_the_empty_ones_sharing_a_side_sorted_by_row() -> None:
    game = rota_game()
    assert game.legal_positions() == [
        (0, -1), (1, -1), (-1, 0), (2, 0), (-1, 1), (2, 1), (0, 2), (1, 2),
    ]  # fmt: skip
    assert {m.position for m in game.legal_moves()} == set(game.legal_positions())


def test_rota_tile_may_be_placed_in_any_of_four_turns() -> None:
    for rotation, laid in [(0, "r g b o"), (90, "o r g b"), (180, "b o r g"), (270, "g b o r")]:
        game = rota_game(hand="r g b o")
        game.play(RotaMove(2, 0, rotation))
        assert tile_text(game.display.tiles[(2, 0)]) == laid
    moves = rota_game(hand="r g b o").legal_moves()
    assert Counter(m.rotation for m in moves) == dict.fromkeys((0, 90, 180, 270), 8)


# --- scoring ---------------------------------------------------------------------------------


def test_rota_corner_touching_no_tile_scores_nothing() -> None:
    # At (2,0) the TR and BR corners meet the grid points (3,0) and (3,1): no tile there.
    game = rota_game(hand="b o r g")
    assert game.display.points.get((3, 0)) is None
    assert game.display.points.get((3, 1)) is None
    result = game.play("2,0 0")
    # TL b meets (1,0)'s TR b; BL g meets (1,0)'s BR r and (1,1)'s TR r: no green.
    assert points_dict(result.points) == {"blue": 1}


def test_rota_corner_scores_one_point_per_other_corner_of_its_colour() -> None:
    # At (0,2) the placed tile's TL p meets (0,1)'s BL p; its TR r meets (0,1)'s BR o and
    # (1,1)'s BL g.
    game = rota_game(hand="p r b o")
    assert points_dict(game.play("0,2 0").points) == {"purple": 1}
    # At (2,0) the BL r meets (1,0)'s BR r, (1,1)'s TR r and (2,1)'s TL g: two reds.
    game = rota_game("2,1: g o b r", hand="o g b r")
    assert points_dict(game.play("2,0 0").points) == {"red": 2}


def test_rota_own_corner_does_not_score_itself() -> None:
    # The TL b meets one other blue corner, (1,0)'s TR: 1 point, not 2.
    assert points_dict(rota_game(hand="b o r g").play("2,0 0").points) == {"blue": 1}
    # Meeting only other colours scores nothing, though the corner shows its own symbol.
    assert rota_game(hand="o r g b").play("2,0 0").points == (0, 0, 0, 0, 0)


def test_rota_empty_corner_scores_as_the_named_colour() -> None:
    # "r g b -" at (2,0): BL empty meets (1,0) BR r and (1,1) TR r.
    for name, expected in [("r", {"red": 2}), ("g", {}), ("o", {})]:
        game = rota_game(hand="r g b -")
        assert points_dict(game.play(f"2,0 0 {name}").points) == expected


def test_rota_empty_corner_of_display_never_matches() -> None:
    start = "0,0: r g b o\n1,0: o - g b\n0,1: g b o p\n1,1: o b g r"
    game = rota_game(hand="b o g r", start=start)  # TL b meets (1,0)'s empty TR
    result = game.play("2,0 0")
    assert result.points == (0, 0, 0, 0, 0)
    # Whatever the placed empty corner is named, it finds no match in an empty corner:
    # turned 90, "- r g b" puts it on (1,0)'s empty TR; only the BL b scores.
    game = rota_game(hand="r g b -", start=start)
    named = [m for m in game.scored_moves() if m.move.position == (2, 0) and m.move.rotation == 90]
    assert len(named) == 5
    assert all(points_dict(m.points) == {"blue": 1} for m in named)


def test_rota_must_name_a_colour_when_the_empty_corner_touches_a_tile() -> None:
    refused(rota_game(hand="r g b -"), "2,0 0", "name a colour for it, like O10 ↻0° green")


def test_rota_no_colour_named_when_the_empty_corner_touches_no_tile() -> None:
    game = rota_game(hand="r g b -")
    # Turned 180 at (2,0), "b - r g" puts the empty corner on (3,0), which no tile touches.
    refused(game, "2,0 180 g", r"touches no other tile there.*leave out green")
    game.play("2,0 180")
    assert len(game.display) == 5
    refused(rota_game(hand="r g b o"), "2,0 0 r", "your tile has no empty corner")


def test_rota_legal_moves_offer_all_five_names_for_a_touching_empty_corner() -> None:
    moves = rota_game(hand="r g b -").legal_moves()
    named = [m for m in moves if m.position == (2, 0) and m.rotation == 0]
    assert [m.name for m in named] == list(COLOURS)
    alone = [m for m in moves if m.position == (2, 0) and m.rotation == 180]
    assert [m.name for m in alone] == [None]


def test_rota_scores_go_to_the_scoreboard_capped_at_12() -> None:
    game = rota_game("2,1: g o b r", hand="o g b r", scores=[[11, 0, 0, 0, 0]])
    result = game.play("2,0 0")  # 2 red: one is lost past the cap
    assert result.points == (1, 0, 0, 0, 0)
    assert game.scores(0) == (12, 0, 0, 0, 0)
    assert result.axio == (Colour.RED,)


def test_rota_scored_moves_are_the_points_play_keeps() -> None:
    game = rota_game("2,1: g o b r", hand="r g b -")
    for scored in game.scored_moves():
        copy = game.copy()
        assert copy.play(scored.move).points == scored.points, str(scored.move)
