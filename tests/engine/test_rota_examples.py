"""The rulebook's scoring examples (seeds 000 and 003), rebuilt as positions.

The pictures are lost, so each position is made up to show what the text says. The new
tile always goes on (2,0), right of the 2×2 start square: its TL meets (1,0)'s TR at the
grid point (2,0); its BL meets (1,0)'s BR, (1,1)'s TR and, where a tile lies on (2,1),
that tile's TL at (2,1); its BR meets (2,1)'s TR at (3,1); its TR meets nothing.
"""

from __future__ import annotations

from engine import RotaGame
from engine.common import points_dict


def display(right_top: str, right_bottom: str, beyond: str | None = None) -> str:
    """The start square with the given tiles on (1,0) and (1,1), and one on (2,1) if given;
    (0,0) and (0,1) never meet the new tile."""
    lines = ["0,0: r g b o", f"1,0: {right_top}", "0,1: g b o p", f"1,1: {right_bottom}"]
    return "\n".join(lines + ([f"2,1: {beyond}"] if beyond else []))


def points(position: str, hand: str, move: str) -> dict[str, int]:
    game = RotaGame.from_position(position, hands=[hand])
    return points_dict(game.play(move).points)


def test_rota_example_purple_and_blue_green_finds_none_orange_touches_nothing() -> None:
    """ "1 point for purple and 1 point for blue. (The corner with the green color symbol
    scores 0 points because there are no adjacent green color symbols. The corner with
    the orange color symbol does not score because there is no adjacent tile for this
    corner.)" """
    # The hand tile turned 180 lies as "p o g b": TL p meets (1,0)'s TR p; BL b meets
    # r, b, o; BR g meets (2,1)'s TR r; TR o meets nothing.
    position = display("g p r o", "o b g r", "o r b g")
    assert points(position, "g b p o", "2,0 180") == {"purple": 1, "blue": 1}


TWO_RED_ONE_BLUE = display("g b r o", "o r b g", "g o p b")


def test_rota_example_two_red_and_one_blue() -> None:
    """ "2 points for red and 1 point for blue." """
    # "b g p r": TL b meets b; BL r meets r, r, g; BR p meets o; TR g meets nothing.
    assert points(TWO_RED_ONE_BLUE, "b g p r", "2,0 0") == {"red": 2, "blue": 1}


def test_rota_example_one_red_and_one_blue() -> None:
    """ "1 point for red and 1 point for blue." """
    # "r g o b": TL r meets r; BL b meets b and p; BR and TR meet nothing.
    assert points(display("g r b o", "o p g r"), "r g o b", "2,0 0") == {"red": 1, "blue": 1}


def test_rota_example_empty_corner_named_blue_red_meets_an_empty_corner() -> None:
    """ "1 Point for purple and 1 point for blue, if you name blue for the empty corner.
    (The corner with the red symbol scores 0 points because the adjacent corner does not
    have a color symbol)." """
    # "r b p -": TL r meets (1,0)'s empty TR; BR p meets (2,1)'s TR p; the empty BL meets
    # g, b, r and is named blue; TR b meets nothing.
    position = display("o - g b", "o b g r", "r p o g")
    assert points(position, "r b p -", "2,0 0 b") == {"purple": 1, "blue": 1}
    assert points(position, "r b p -", "2,0 0 r") == {"purple": 1, "red": 1}
    assert points(position, "r b p -", "2,0 0 o") == {"purple": 1}


def test_rota_example_blue_and_two_red_or_one_purple_for_the_named_colour() -> None:
    """ "1 point for blue and either 2 points for red or 1 point for purple, depending on
    whether you name red or purple for the empty corner." """
    # "r o - b" turned 90 lies as "b r o -": TL b meets b; the empty BL meets r, r, p.
    position = display("g b r o", "o r b g", "p g o b")
    assert points(position, "r o - b", "2,0 90 r") == {"blue": 1, "red": 2}
    assert points(position, "r o - b", "2,0 90 p") == {"blue": 1, "purple": 1}


def test_rota_example_scoreboard_moves_by_the_points() -> None:
    """ "You score 2 points for red and 1 point for blue. You will move the red Score
    Marker 2 spaces and the blue Score Marker 1 space to the right." """
    game = RotaGame.from_position(TWO_RED_ONE_BLUE, hands=["b g p r"], scores=[[3] * 5])
    game.play("2,0 0")
    assert game.scores(0) == (5, 3, 4, 3, 3)
