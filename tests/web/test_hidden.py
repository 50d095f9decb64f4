"""No page and no JSON ever carries a rack, a hand tile, the bag or a stack: every game
along a whole game is re-dealt (everything one seat cannot see dealt anew, for each seat in
turn) and the page's JSON and HTML come out byte for byte the same."""

from __future__ import annotations

import random
from types import SimpleNamespace

import jinja2
import pytest

from bot.web.app import TEMPLATES
from bot.web.public import PublicGame, state_of, step_of
from bot.web.routes import page_context
from engine import game_class
from storage.pages import PageMove, PageSeat


def random_moves(kind: str, players: int, seed: int) -> tuple[PageMove, ...]:
    game, rng, moves = game_class(kind)(players, seed), random.Random(seed), []
    while not game.is_over:
        seat, turn = game.to_move, game.turn
        move = str(rng.choice(game.legal_moves()))
        game.play(move)
        moves.append(PageMove(seat, turn, move, False))
    return tuple(moves)


def replay(kind: str, players: int, seed: int, moves: tuple[PageMove, ...]):
    """The game at its start and after every move (each a copy, to re-deal), from its seed."""
    game = game_class(kind)(players, seed)
    start, history = game.copy(), []
    for move in moves:
        result = game.play(move.text)
        history.append((game.copy(), move, result))
    return start, history


def public_of(kind: str, players: int, first, history) -> PublicGame:  # type: ignore[no-untyped-def]
    """The page's steps read from these games (the start's and each move's) only."""
    steps = [step_of(game, move, result) for game, move, result in history]
    return PublicGame(kind, players, state_of(first), steps, history[-1][0], "en", None)


def html_of(public: PublicGame, players: int) -> str:
    seats = tuple(PageSeat(s, f"P{s}", None, False, False) for s in range(players))
    page = SimpleNamespace(kind=public.kind, code="C" * 16, status="finished", seats=seats)
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, undefined=jinja2.StrictUndefined
    )
    context = page_context(page, public, "en", "https://axio.example")  # type: ignore[arg-type]
    return environment.get_template("game.html").render(context)


@pytest.mark.parametrize(("kind", "seed"), [("axio", 3), ("axio", 8), ("rota", 3), ("rota", 8)])
def test_re_dealing_the_hidden_tiles_changes_no_byte(kind: str, seed: int):
    players = 4
    moves = random_moves(kind, players, seed)
    first, history = replay(kind, players, seed, moves)
    original = public_of(kind, players, first, history)
    assert PublicGame.replayed(kind, players, seed, moves, "en", None).body == original.body
    for seat in range(players):
        deal = random.Random(seed * 10 + seat)
        first_again = first.resample_hidden(seat, deal)
        history_again = [(g.resample_hidden(seat, deal), m, r) for g, m, r in history]
        hidden_changed = sum(
            a.to_dict() != b.to_dict()
            for (a, _, _), (b, _, _) in zip(history, history_again, strict=True)
        )
        assert hidden_changed > len(history) // 2  # the re-deal really dealt other tiles
        again = public_of(kind, players, first_again, history_again)
        assert again.body == original.body
        assert html_of(again, players) == html_of(original, players)


@pytest.mark.parametrize("kind", ["axio", "rota"])
def test_the_json_names_no_hidden_part_of_the_game(kind: str):
    moves = random_moves(kind, 3, 5)
    body = PublicGame.replayed(kind, 3, 5, moves, "en", None).body.decode()
    for word in ("rack", "hand", "bag", "stack", "supply"):
        assert f'"{word}' not in body


@pytest.mark.parametrize("kind", ["axio", "rota"])
def test_steps_played_on_from_earlier_ones_equal_a_whole_replay(kind: str):
    moves = random_moves(kind, 3, 6)
    whole = PublicGame.replayed(kind, 3, 6, moves, "de", None)
    earlier = PublicGame.replayed(kind, 3, 6, moves[:10], "de", None)
    before = (earlier.body, earlier.final.to_dict())
    later = earlier.extended(moves[10:20], "de", None).extended(moves[20:], "de", None)
    assert later.body == whole.body and later.moves == len(moves)
    assert (earlier.body, earlier.final.to_dict()) == before  # the kept steps stay as they were
