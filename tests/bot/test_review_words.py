"""The review picture's words and alt text, in the reader's language: the chart's title,
legend and the alt text that says the same, with moves as players read them (Rota
positions by name, AXIO colours in words), never as the engine's codes."""

from __future__ import annotations

from bot.i18n import speaking
from bot.screens.review import ALT_LIMIT, review_alt, review_words
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
    assert "12 moves of AXIO Rota" in words
    assert "Alice: lowest colour 6 at the end, accuracy 100 %." in words
    assert "Bob: lowest colour 3 at the end, accuracy 71 %." in words
    assert "Move 5, mistake: O10 ↻90° green (cost 2); the expert: M9 ↻180°." in words
    assert "Move 9, blunder: O10 ↻90° green (cost 6.5)" in words
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
    shown = [chart.title, chart.moves, chart.no_choices, chart.mistake, chart.blunder]
    assert english_in(" ".join(shown)) == [], shown
    assert chart.moves == "12 Züge"


def test_the_alt_text_stays_within_discords_limit():
    words = review_alt(made_up_review(), ["A" * 600, "B" * 600])
    assert len(words) <= ALT_LIMIT and words.endswith("…")
