"""copy(): equal to a round trip through to_dict(), and sharing nothing mutable."""

from __future__ import annotations

import random

import pytest

from engine import AxioGame, RotaGame


@pytest.mark.parametrize("kind", [AxioGame, RotaGame], ids=lambda k: k.kind)
@pytest.mark.parametrize("players", [1, 2, 4])
def test_copy_equals_the_original_and_plays_on_independently(kind, players):
    game = kind(players, seed=players)
    rng = random.Random(players)
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    before = game.to_dict()
    twin = game.copy()
    assert twin.to_dict() == before == kind.from_dict(before).to_dict()
    while not twin.is_over:
        twin.play(rng.choice(twin.legal_moves()))
    assert game.to_dict() == before
    # The copy's future (bag shuffles, draws) is the original's.
    again = game.copy()
    assert again.rng.getstate() == game.rng.getstate()
