"""The review chart as a person sees it: one line per player at their lowest colour,
mistakes ringed and blunders dotted where they happened, readable on a phone (its alt
text is the bot's: tests/bot/test_review_words.py)."""

from __future__ import annotations

from engine.ai.review import GameReview, MoveReview, PlayerReview
from render import render_review, review_layout
from render.review import MARK_RGB, WIDTH, seat_rgb

from .pixels import count, decode

NAMES = ["Alice", "Bob"]


def made_up_review(kind: str = "rota", marks: bool = True) -> GameReview:
    """Two players over 12 moves: Alice climbs to 6, Bob to 3 with a mistake at move 5 and
    a blunder at move 9."""
    lowest = [(0, 0), (1, 0), (1, 1), (2, 1), (2, 1), (3, 1), (3, 2), (4, 2), (4, 2)]
    lowest += [(5, 2), (5, 3), (6, 3), (6, 3)]
    moves = []
    for number in range(1, 13):
        seat = (number - 1) % 2
        grade, cost = "best", 0.0
        if marks and number == 5:
            seat, grade, cost = 1, "mistake", 2.0
        if marks and number == 9:
            seat, grade, cost = 1, "blunder", 6.5
        moves.append(MoveReview(number, seat, number, f"m{number}", f"e{number}", cost, grade))
    seats = (
        PlayerReview(0, 100.0, 0, 0, 0, 6),
        PlayerReview(1, 71.3 if marks else 100.0, 0, int(marks), int(marks), 3),
    )
    return GameReview(kind, 2, 1, 1, 2.0, tuple(moves), seats, tuple(lowest))


def around(x: float, y: float, r: int = 4) -> tuple[int, int, int, int]:
    return (round(x) - r, round(y) - r, round(x) + r, round(y) + r)


def test_the_chart_is_phone_wide_and_tall_enough_for_every_player():
    review = made_up_review()
    image = decode(render_review(review, NAMES))
    layout = review_layout(review)
    assert image.width == WIDTH
    assert image.height == layout.height


def test_each_players_line_runs_at_their_lowest_colour():
    review = made_up_review(marks=False)
    image = decode(render_review(review, NAMES))
    layout = review_layout(review)
    for seat in (0, 1):
        for move in (2, 7, 11):
            value = review.lowest[move][seat]
            # The middle of the step that holds this value until the next move.
            x, y = layout.point(move + 0.5, value, seat)
            assert count(image, around(x, y, 2), seat_rgb(seat)) > 0, (seat, move)


def test_a_blunder_is_a_red_dot_and_a_mistake_an_orange_ring():
    review = made_up_review()
    image = decode(render_review(review, NAMES))
    layout = review_layout(review)
    blunder = layout.point(9, review.lowest[9][1], 1)
    mistake = layout.point(5, review.lowest[5][1], 1)
    assert count(image, around(*blunder, 3), MARK_RGB["blunder"]) > 20
    assert count(image, around(*mistake, 10), MARK_RGB["mistake"]) > 40
    assert count(image, around(*mistake, 3), MARK_RGB["mistake"]) == 0  # a ring: hollow


def test_a_game_without_mistakes_has_no_marks_and_no_key():
    clean = made_up_review(marks=False)
    image = decode(render_review(clean, NAMES))
    for rgb in MARK_RGB.values():
        assert count(image, (0, 0, image.width, image.height), rgb) == 0
    assert review_layout(clean).height < review_layout(made_up_review()).height


def test_the_chart_counts_turns_as_the_table_does():
    """Move 6 is an extra move of turn 5 (an AXIO!): the axis ends at turn 11, and the
    blunder of move 9 (turn 8) is marked at turn 8, where the turn posts put it."""
    base = made_up_review(kind="axio")
    moves = tuple(
        MoveReview(m.number, m.seat, m.number - (m.number > 5), m.played, m.best, m.cost, m.grade)
        for m in base.moves
    )
    review = GameReview("axio", 2, 1, 1, 2.0, moves, base.seats, base.lowest)
    layout = review_layout(review)
    assert layout.turns == 11
    image = decode(render_review(review, NAMES))
    at_turn = layout.point(8, review.lowest[9][1], 1)
    at_move = layout.point(9, review.lowest[9][1], 1)
    assert count(image, around(*at_turn, 3), MARK_RGB["blunder"]) > 20
    assert count(image, around(*at_move, 3), MARK_RGB["blunder"]) == 0
