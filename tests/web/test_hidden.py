"""No page and no JSON ever carries a rack, a hand tile, the bag or a stack: every game
along a whole game is re-dealt (everything one seat cannot see dealt anew, for each seat in
turn) and the page's JSON and HTML come out byte for byte the same."""

from __future__ import annotations

import random
from types import SimpleNamespace

import jinja2
import pytest

from bot.web.app import TEMPLATES
from bot.web.public import PublicGame, replay
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
    original = PublicGame(kind, players, first, history, "en", None)
    for seat in range(players):
        deal = random.Random(seed * 10 + seat)
        first_again = first.resample_hidden(seat, deal)
        history_again = [(g.resample_hidden(seat, deal), m, r) for g, m, r in history]
        hidden_changed = sum(
            a.to_dict() != b.to_dict()
            for (a, _, _), (b, _, _) in zip(history, history_again, strict=True)
        )
        assert hidden_changed > len(history) // 2  # the re-deal really dealt other tiles
        again = PublicGame(kind, players, first_again, history_again, "en", None)
        assert again.body == original.body
        assert html_of(again, players) == html_of(original, players)


@pytest.mark.parametrize("kind", ["axio", "rota"])
def test_the_json_names_no_hidden_part_of_the_game(kind: str):
    moves = random_moves(kind, 3, 5)
    first, history = replay(kind, 3, 5, moves)
    body = PublicGame(kind, 3, first, history, "en", None).body.decode()
    for word in ("rack", "hand", "bag", "stack", "supply"):
        assert f'"{word}' not in body
