"""Votes to skip a late player: each voter once per move, refused once the game moves on."""

import pytest

from storage import StaleTurnError
from tests.storage.conftest import running_game


async def test_each_voter_counts_once_per_move(repo):
    game = await running_game(repo, humans=3, first_user=100)
    assert await repo.vote_skip(game.id, 0, 101) == 1
    assert await repo.vote_skip(game.id, 0, 101) == 1
    assert await repo.vote_skip(game.id, 0, 102) == 2


async def test_votes_belong_to_their_move(repo):
    game = await running_game(repo, humans=3, first_user=100)
    await repo.vote_skip(game.id, 0, 101)
    move = game.game.legal_moves()[0]
    await repo.record_move(game.id, 0, move)
    with pytest.raises(StaleTurnError):
        await repo.vote_skip(game.id, 0, 102)
    assert await repo.vote_skip(game.id, 1, 102) == 1


async def test_migrations_reach_the_skip_votes_version(repo):
    assert await repo.schema_version() >= 2
    assert await repo._fetchall("SELECT * FROM skip_votes") == []
