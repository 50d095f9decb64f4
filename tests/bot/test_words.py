"""Wording players read: suggestions, the table in words (alt text), autocomplete that
matches the move and the player's own words, and the fixed phrasings of issue 16."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime

from bot.screens.autocomplete import autocomplete_options
from bot.screens.community import shown_rating
from bot.screens.moves import describe, unstamped
from bot.screens.present import move_words, standings_text, turn_prompt
from bot.screens.safe_text import shown_name
from bot.screens.suggest import (
    SUGGESTIONS,
    best_moves,
    placement,
    ranked_suggestions,
    suggestion_label,
)
from bot.screens.summary import (
    ALT_TEXT_LIMIT,
    alt,
    last_move_points,
    points_since,
    table_summary,
)
from bot.screens.turn_post import posts_scored
from engine import AxioGame, RotaGame
from storage import OwedPost, Seat
from storage.outbox import decode_result, encode_result
from tests.bot.test_present import LONG_NAMES, record_after

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def test_suggestions_are_best_for_the_lowest_colour_first_and_say_so():
    record = record_after(9)
    game = record.game
    best = best_moves(game)
    assert len(best) == SUGGESTIONS
    everything = ranked_suggestions(game)
    assert [s.sort_key() for s in everything] == sorted(s.sort_key() for s in everything)
    assert [s.sort_key() for s in best] == sorted(s.sort_key() for s in best)
    assert best[0] == everything[0]
    cells = [placement(s.scored.move) for s in best]
    assert len(set(cells)) == len(cells)  # a choice of where, not one placement four ways
    label = suggestion_label(game, best[0])
    assert label.startswith(describe(game, best[0].scored.move))
    assert len(label) <= 80
    low = min(best[0].before)
    if best[0].lowest_lift:
        assert f"· lowest {low} → {low + best[0].lowest_lift}" in label
    else:
        assert f"· lowest stays {low}" in label


def test_table_summary_says_whose_move_the_numbered_moves_and_every_lowest_colour():
    record = record_after(6, LONG_NAMES[:2])
    game = record.game
    text = table_summary(record)
    names = [shown_name(name) for name in LONG_NAMES]  # as every message shows them
    assert f"{names[game.to_move]} to move" in text
    last = game.log[-1]  # the other seat's: the one move since the seat to move played
    assert last.seat != game.to_move
    since = f"Numbered on the picture, the moves since {names[game.to_move]} last played: "
    assert f"{since}1. {names[last.seat]} played {move_words('axio', last.move)} for " in text
    for seat, name in enumerate(names[:2]):
        assert f"{name} {min(game.scores(seat))} (" in text
    assert "**" not in alt(text) and len(alt("x" * 5000)) == ALT_TEXT_LIMIT


def test_the_last_moves_points_follow_a_game_move_by_move():
    """Each table's summary scores the move just played: from the game kept after the move
    before (one move to play), as a replay from the seed would."""
    for kind in (AxioGame, RotaGame):
        game, rng = kind(3, 9), random.Random(9)
        while not game.is_over:
            points = game.play(rng.choice(game.legal_moves())).points
            assert last_move_points(game) == points
        assert last_move_points(game) == points  # asked again for the same table
        assert last_move_points(kind.replay(3, 9, [e.move for e in game.log])) == points


def test_the_points_since_a_move_follow_games_that_share_a_seed_and_go_back():
    """The marked moves' points, kept per game and played on move by move, are what each
    move scored: for every start, in two games dealt from one seed that go apart, and for a
    position older than the one kept (the game is replayed or cut, never mixed up). The
    games begin alike, as the members' games of one daily challenge may."""
    for kind in (AxioGame, RotaGame):
        games = [kind(3, 11), kind(3, 11)]
        scored: list[list] = [[game.play(game.legal_moves()[0]).points] for game in games]
        rngs = [random.Random(1), random.Random(2)]
        while not any(game.is_over for game in games):
            for game, rng, points in zip(games, rngs, scored, strict=True):
                points.append(game.play(rng.choice(game.legal_moves())).points)
                for start in range(max(0, len(points) - 4), len(points)):
                    assert points_since(game, start) == points[start:]
        early = kind.replay(3, 11, [entry.move for entry in games[1].log][:3])
        assert points_since(early, 1) == scored[1][1:3]
        assert points_since(games[1], 0) == scored[1]


def test_the_alt_text_tells_the_points_the_owed_posts_carry_as_a_replay_finds_them():
    """The courier's table words take the marked moves' points from the owed posts (as the
    outbox stores and reads them back): the same words as found by playing the game."""
    for kind, players in ((AxioGame, 2), (RotaGame, 3), (AxioGame, 4)):
        game, rng = kind(players, 21), random.Random(players)
        record = replace(record_after(0, LONG_NAMES[:players]), kind=kind.kind, game=game)
        posts = []
        while not game.is_over and game.move_count < 40:
            result = game.play(rng.choice(game.legal_moves()))
            stored = decode_result(encode_result(result))
            posts.append(OwedPost(game.move_count, 1, game.move_count, "move", stored, "", NOW, 0))
            scored = posts_scored([OwedPost(0, 1, 0, "start", None, "", NOW, 0), *posts[-3:]])
            assert scored[game.move_count - 1] == result.points
            assert len(scored) == min(3, len(posts))
            record = replace(record, move_count=game.move_count)
            assert table_summary(record, scored) == table_summary(record)


def test_rota_moves_read_by_position_name_and_turn_arrow():
    game = RotaGame(2, 3)
    move = game.legal_moves()[0]
    words = move_words("rota", str(move))
    assert words.startswith(move.named_text.split(" ")[0]) and "↻" in words
    assert "," not in words.split(" ")[0]  # no coordinates


def suggested(game, typed: str) -> list[tuple[str, str]]:
    """Autocomplete's (label, move text) pairs, each checked to be for the current move."""
    found = []
    for label, value in autocomplete_options(game, typed):
        made_for, text = unstamped(value)
        assert made_for == game.move_count
        found.append((label, text))
    return found


def test_autocomplete_matches_the_move_and_the_players_words_not_the_label():
    record = record_after(5, LONG_NAMES[:2])
    game = record.game
    g_moves = suggested(game, "G")
    assert g_moves and all(value.startswith("G") or " G" in value for _, value in g_moves[:5])
    e5 = suggested(game, "e5")
    assert e5 and all("E5 " in value for _, value in e5)
    red = suggested(game, "red")
    assert red and all("red" in value or "red" in label.split(" · ")[1] for label, value in red)
    ranks = [
        ranked_suggestions(game).index(
            next(s for s in ranked_suggestions(game) if describe(game, s.scored.move) == value)
        )
        for _, value in e5
    ]
    assert ranks == sorted(ranks)  # best first


def test_rota_autocomplete_by_position_name():
    game = RotaGame(2, 3)
    name = game.legal_moves()[0].named_text.split(" ")[0]
    found = suggested(game, name.lower())
    assert found and all(value.startswith(name) for _, value in found)


def test_fixed_wordings():
    solo = record_after(0, ["Ann"])
    rng = random.Random(1)
    while not solo.game.is_over:
        solo.game.play(rng.choice(solo.game.legal_moves()))
    text = standings_text(solo)
    assert "lowest 10 (" not in text and "lowest colour of" not in text
    assert f"scored **{min(solo.game.scores(0))}**, their lowest colour" in text
    record = record_after(3, LONG_NAMES[:2])
    computer = replace(
        record, seats=tuple(Seat(s.seat, None, "hard", s.name) for s in record.seats)
    )
    prompt = turn_prompt(computer)
    assert "((" not in prompt and "))" not in prompt


def test_axio_move_words():
    game = AxioGame(2, 1)
    move = game.legal_moves()[0]
    words = move_words("axio", str(move))
    assert ":" not in words and move.first_colour.label in words


def test_ratings_read_on_a_familiar_scale_and_say_when_provisional():
    assert shown_rating(0.0, 0) == "1,000?"
    assert shown_rating(-1.8, 1) == "928?"
    assert shown_rating(6.2, 12) == "1,248"
