"""Many moves at once: on PostgreSQL a process stores the moves of games it already holds
in shared statements (one_trip.py). Every move must still apply exactly once, in order,
with its log row and its post, whatever else writes the same games."""

from __future__ import annotations

import asyncio
import random

from storage import GameRecord, NothingStoredError, Repository, StaleTurnError

from .conftest import play_random, running_game, submitted


async def _owed_moves(repo: Repository, game_id: int) -> list[int]:
    rows = await repo._fetchall(
        "SELECT move_count FROM outbox WHERE game_id = ? AND kind = 'move' ORDER BY id",
        (game_id,),
    )
    return [row[0] for row in rows]


async def _check_whole(repo: Repository, record: GameRecord) -> None:
    """The stored game is its log replayed, and every move owes exactly one post."""
    stored = await repo.get_game(record.id)
    assert stored == record
    assert stored.game == await repo.load_game_from_log(record.id)
    assert [m.move_number for m in await repo.moves(record.id)] == list(
        range(1, stored.move_count + 1)
    )
    assert await _owed_moves(repo, record.id) == list(range(1, stored.move_count + 1))


async def test_thirty_games_moving_at_once_apply_every_move_once(repo: Repository) -> None:
    games = [await running_game(repo, humans=2 + i % 3, channel=100 + i, seed=i) for i in range(30)]
    played = await asyncio.gather(*(play_random(repo, g, moves=12, seed=g.id) for g in games))
    for record in played:
        await _check_whole(repo, record)
    if repo.dialect == "postgres":
        batcher = repo._batcher
        assert batcher is not None
        assert batcher.batches < batcher.moves / 3  # they really went together


async def test_submissions_racing_for_a_held_turn_apply_exactly_one(repo: Repository) -> None:
    record = await play_random(repo, await running_game(repo, humans=4), moves=3)
    assert record.game is not None
    moves = [str(m) for m in record.game.legal_moves()[:60]]

    submissions = (submitted(repo, record.id, record.move_count, m) for m in moves)
    applied = [m for m in await asyncio.gather(*submissions) if m]
    assert len(applied) == 1
    assert (await repo.moves(record.id))[-1].text == applied[0]
    after = await repo.get_game(record.id)
    assert after.move_count == record.move_count + 1
    await _check_whole(repo, after)


async def test_two_repositories_alternating_on_held_games_never_double_apply(
    database: str,
) -> None:
    """Each repository holds every game it moved; the other's moves make that stale."""
    async with (
        await Repository.open(database) as first,
        await Repository.open(database) as second,
    ):
        games = [await running_game(first, humans=3, channel=200 + i, seed=i) for i in range(8)]
        rng = random.Random(4)

        async def race(record: GameRecord) -> GameRecord:
            for _ in range(10):
                if record.status != "running":
                    break
                assert record.game is not None
                move = str(rng.choice(record.game.legal_moves()))
                outcomes = await asyncio.gather(
                    first.record_move(record.id, record.move_count, move),
                    second.record_move(record.id, record.move_count, move),
                    return_exceptions=True,
                )
                stored = [o for o in outcomes if not isinstance(o, BaseException)]
                refused = [o for o in outcomes if isinstance(o, BaseException)]
                # The other is refused as stale. On a loaded machine either may instead say
                # "nothing stored" (busy, or no answer within its budget): allowed if true.
                truthful = (StaleTurnError, NothingStoredError)
                assert len(stored) <= 1, outcomes
                assert all(isinstance(o, truthful) for o in refused), outcomes
                now = await first.get_game(record.id)
                assert now.move_count == record.move_count + len(stored), outcomes
                record = stored[0][0] if stored else now
            return record

        for record in await asyncio.gather(*(race(g) for g in games)):
            await _check_whole(first, record)
            await _check_whole(second, record)


async def test_a_resignation_elsewhere_is_never_overwritten_by_a_held_game(
    database: str,
) -> None:
    """A resignation changes the stored game but not its move count: a process holding
    the game from before must not store its next move on top of the old state."""
    async with (
        await Repository.open(database) as first,
        await Repository.open(database) as second,
    ):
        record = await play_random(first, await running_game(first, humans=3), moves=2)
        assert record.game is not None
        resigning = next(s for s in range(3) if s != record.game.to_move)
        await second.resign(record.id, resigning)
        after, _ = await first.record_move(
            record.id, record.move_count, str(record.game.legal_moves()[0])
        )
        assert after.game is not None and after.game.resigned == {resigning}
        assert after.seats[resigning].resigned
        stored = await second.get_game(record.id)
        assert stored == after
        await _check_whole(second, stored)
