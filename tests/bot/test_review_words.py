"""The review picture's words and alt text, in the reader's language: the chart's title,
legend and the alt text that says the same, with moves as players read them (Rota
positions by name, AXIO colours in words), never as the engine's codes."""

from __future__ import annotations

from types import SimpleNamespace

from bot.i18n import speaking
from bot.screens.review import (
    ALT_LIMIT,
    move_line,
    review_alt,
    review_view,
    review_words,
    turn_words,
)
from engine.ai.review import GameReview, MoveReview, PlayerReview
from tests.bot.languages import english_in

NAMES = ["Alice", "Bob"]


def made_up_review(kind: str = "rota") -> GameReview:
    """Two players over 12 moves; Bob makes a mistake at move 5 and a blunder at move 9,
    in moves written as the engine writes them."""
    played, best = ("2,0 90 g", "0,-1 180") if kind == "rota" else ("E5:b F5:r", "G7:o G8:p")
    lowest = [(min(n // 2, 6), min(n // 4, 3)) for n in range(13)]
    moves = []
    for number in range(1, 13):
        seat, grade, cost = (number - 1) % 2, "best", 0.0
        if number == 5:
            seat, grade, cost = 1, "mistake", 2.0
        if number == 9:
            seat, grade, cost = 1, "blunder", 6.5
        moves.append(MoveReview(number, seat, number, played, best, cost, grade))
    seats = (PlayerReview(0, 100.0, 0, 0, 0, 6), PlayerReview(1, 71.3, 0, 1, 1, 3))
    return GameReview(kind, 2, 1, 1, 2.0, tuple(moves), seats, tuple(lowest))


def test_the_alt_text_names_each_players_result_and_their_big_mistakes_in_words():
    words = review_alt(made_up_review(), NAMES)
    assert "12 turns of AXIO Rota" in words
    assert "Alice: lowest colour 6 at the end, accuracy 100 %." in words
    assert "Bob: lowest colour 3 at the end, accuracy 71 %." in words
    assert "At turn 5, mistake: O10 ↻90° green (cost 2); the expert: M9 ↻180°." in words
    assert "At turn 9, blunder: O10 ↻90° green (cost 6.5)" in words
    assert "2,0" not in words  # the engine's coordinates never reach a reader
    axio = review_alt(made_up_review("axio"), NAMES)
    assert "E5 blue, F5 red (cost 2); the expert: G7 orange, G8 purple." in axio
    assert "E5:b" not in axio


def test_the_review_speaks_german_to_a_german_reader():
    with speaking("de"):
        words = review_alt(made_up_review(), NAMES)
        chart = review_words(made_up_review())
    assert "Alice" in words and "100 %" in words and "6,5" in words
    assert english_in(words) == [], words
    shown = [chart.title, chart.turns, chart.no_choices, chart.mistake, chart.blunder]
    assert english_in(" ".join(shown)) == [], shown
    assert chart.turns == "12 Züge"


def test_the_alt_text_stays_within_discords_limit():
    words = review_alt(made_up_review(), ["A" * 600, "B" * 600])
    assert len(words) <= ALT_LIMIT and words.endswith("…")


def test_moves_are_named_by_the_turn_the_table_saw():
    """Turn posts number turns: an AXIO! extra move and the exchange choice belong to
    their turn, in the review's lines and on its buttons, in both languages."""
    turns = [1, 2, 3, 3, 3, 4, 4, 4]
    played = ["E5:b F5:r"] * 8
    played[4] = "exchange"
    grades = {4: ("mistake", 2.0), 8: ("blunder", 4.0)}
    moves = tuple(
        MoveReview(
            n, (t - 1) % 2, t, played[n - 1], "G7:o G8:p", *grades.get(n, ("best", 0.0))[::-1]
        )
        for n, t in enumerate(turns, start=1)
    )
    seats = (PlayerReview(0, 80.0, 0, 0, 1, 2), PlayerReview(1, 90.0, 0, 1, 0, 3))
    lowest = tuple((n // 3, n // 4) for n in range(9))
    review = GameReview("axio", 2, 1, 1, 2.0, moves, seats, lowest)
    assert [turn_words(review, m) for m in moves] == [
        "turn 1",
        "turn 2",
        "turn 3",
        "turn 3, extra move",
        "turn 3, exchange",
        "turn 4",
        "turn 4, extra move",
        "turn 4, extra move 2",
    ]
    view = review_view(SimpleNamespace(id=7), review)
    assert [b.label for b in view.children] == ["turn 3, extra move ?", "turn 4, extra move 2 ??"]
    line = move_line(review, moves[3], "Bob")
    assert line.startswith("`turn 3, extra move` ? **Bob** (mistake, −2):"), line
    assert "4 turns of AXIO" in review_alt(review, NAMES)
    with speaking("de"):
        assert turn_words(review, moves[3]) == "3. Zug, Extrazug"
        assert turn_words(review, moves[4]) == "3. Zug, Tausch"
