"""Results, ratings, leaderboards, personal stats, history and solo high scores."""

from __future__ import annotations

import pytest

import storage.finish
from engine import Colour
from storage import DatabaseUnavailableError, Repository
from storage.results import initial_rating, rate

from .conftest import GUILD, FakeClock, finish_with, play_random, running_game

ANN, BOB, CY, DI = 100, 101, 102, 103


def _rating(board: list, player: int) -> float:
    return next(e.rating for e in board if e.player_id == player)


async def test_ratings_move_up_for_winners_and_down_for_losers(repo: Repository) -> None:
    game = await finish_with(repo, [ANN, BOB, CY], [(5,) * 5, (3,) * 5, (1,) * 5])
    ann, bob, cy = await repo.game_results(game)
    assert (ann.rank, bob.rank, cy.rank) == (1, 2, 3)
    assert ann.winner and not bob.winner and not cy.winner
    start = initial_rating().ordinal
    assert ann.rating_before == bob.rating_before == cy.rating_before == pytest.approx(start)
    assert ann.rating_after > bob.rating_after > cy.rating_after
    assert ann.rating_after > start > cy.rating_after
    board = await repo.leaderboard(GUILD, "axio")
    assert [e.player_id for e in board] == [ANN, BOB, CY]
    assert [(e.games, e.wins) for e in board] == [(1, 1), (1, 0), (1, 0)]


async def test_tied_players_share_the_win_and_the_rating(repo: Repository) -> None:
    game = await finish_with(repo, [ANN, BOB, CY], [(4, 4, 5, 6, 7), (4, 4, 5, 6, 7), (1,) * 5])
    ann, bob, cy = await repo.game_results(game)
    assert ann.rank == bob.rank == 1 and ann.winner and bob.winner
    assert ann.rating_after == pytest.approx(bob.rating_after)
    assert ann.rating_after > ann.rating_before > cy.rating_after
    board = await repo.leaderboard(GUILD, "axio")
    assert board[0].mu == pytest.approx(board[1].mu)
    assert board[0].sigma == pytest.approx(board[1].sigma)


def test_rating_library_handles_ties_and_many_players() -> None:
    fresh = [initial_rating()] * 4
    after = rate(fresh, [1, 2, 2, 4])
    assert after[1].mu == pytest.approx(after[2].mu)
    assert after[0].mu > after[1].mu > after[3].mu
    assert all(r.sigma < fresh[0].sigma for r in after)


async def test_computers_are_rated_as_pseudo_players(repo: Repository) -> None:
    game = await finish_with(repo, [ANN, "hard", "hard"], [(2,) * 5, (6,) * 5, (4,) * 5])
    results = await repo.game_results(game)
    assert [r.player_id for r in results] == [ANN, -3, -3]
    assert all(r.is_computer for r in results[1:])
    everyone = await repo.leaderboard(GUILD, "axio", include_computers=True)
    hard = next(e for e in everyone if e.player_id == -3)
    assert (hard.games, hard.wins, hard.best_lowest) == (1, 1, 6)
    assert [e.player_id for e in await repo.leaderboard(GUILD, "axio")] == [ANN]


async def test_leaderboard_orders_by_conservative_rating(repo: Repository) -> None:
    outcomes = [
        ([ANN, BOB], [(5,) * 5, (2,) * 5]),
        ([ANN, CY], [(6,) * 5, (3,) * 5]),
        ([BOB, CY, DI], [(7,) * 5, (5,) * 5, (1,) * 5]),
        ([ANN, DI], [(4,) * 5, (3,) * 5]),
        ([CY, DI], [(2,) * 5, (2,) * 5]),
    ]
    for channel, (players, scores) in enumerate(outcomes):
        await finish_with(repo, players, scores, channel=60 + channel)  # type: ignore[arg-type]
    board = await repo.leaderboard(GUILD, "axio")
    assert [e.position for e in board] == [1, 2, 3, 4]
    assert [e.rating for e in board] == sorted((e.rating for e in board), reverse=True)
    for entry in board:
        assert entry.rating == pytest.approx(entry.mu - 3 * entry.sigma)
    assert board[0].player_id == ANN and (board[0].games, board[0].wins) == (3, 3)
    assert board[0].best_lowest == 6
    assert board[-1].player_id == DI
    assert len(await repo.leaderboard(GUILD, "axio", limit=2)) == 2
    assert await repo.leaderboard(GUILD, "rota") == []
    assert await repo.leaderboard(GUILD + 1, "axio") == []


async def test_player_stats(repo: Repository) -> None:
    await finish_with(repo, [ANN, BOB], [(9, 2, 5, 5, 5), (1,) * 5], channel=60)
    await finish_with(repo, [ANN, BOB], [(8, 3, 4, 4, 4), (9,) * 5], channel=61)
    await finish_with(repo, [ANN], [(20, 10, 12, 15, 14)], channel=62)  # solo
    [stats] = await repo.player_stats(GUILD, ANN)
    assert (stats.kind, stats.games, stats.wins) == ("axio", 2, 1)
    assert stats.average_lowest == pytest.approx(2.5) and stats.best_lowest == 3
    assert (stats.solo_games, stats.solo_best) == (1, 10)
    assert stats.favourite_colour is Colour.RED and stats.weakest_colour is Colour.GREEN
    assert stats.rating == _rating(await repo.leaderboard(GUILD, "axio"), ANN)
    assert await repo.player_stats(GUILD, ANN, "rota") == []
    assert await repo.player_stats(GUILD, 999) == []


async def test_recent_history_newest_first(repo: Repository, clock: FakeClock) -> None:
    first = await finish_with(repo, [ANN, BOB], [(5,) * 5, (2,) * 5], channel=60)
    clock.advance(hours=1)
    second = await play_random(repo, await running_game(repo, humans=2, first_user=CY))
    history = await repo.recent_history(GUILD)
    assert [h.game_id for h in history] == [second.id, first]
    assert [r.player_id for r in history[1].winners] == [ANN]
    assert history[0].finished_at == clock.now
    assert [h.game_id for h in await repo.recent_history(GUILD, player_id=ANN)] == [first]
    assert len(await repo.recent_history(GUILD, limit=1)) == 1
    assert await repo.recent_history(GUILD, kind="rota") == []


async def test_solo_high_scores_keep_each_players_best(repo: Repository) -> None:
    await finish_with(repo, [ANN], [(9, 9, 9, 9, 12)], channel=60)
    await finish_with(repo, [ANN], [(7, 8, 9, 9, 9)], channel=61)
    await finish_with(repo, [BOB], [(10, 11, 12, 13, 14)], channel=62)
    table = await repo.solo_high_scores(GUILD, "axio")
    assert [(s.position, s.user_id, s.lowest, s.games) for s in table] == [
        (1, BOB, 10, 1),
        (2, ANN, 9, 2),
    ]
    assert table[1].scores == (9, 9, 9, 9, 12)
    assert await repo.leaderboard(GUILD, "axio") == []  # solo games are not rated
    assert (await repo.game_results(table[0].game_id))[0].winner is False


async def test_a_real_game_ends_with_results_and_ratings(repo: Repository) -> None:
    record = await play_random(repo, await running_game(repo, humans=2, computers=("easy",)))
    results = await repo.game_results(record.id)
    assert len(results) == 3 and any(r.winner for r in results)
    assert record.game is not None
    assert [r.rank for r in results] == [
        s.rank for s in sorted(record.game.standings(), key=lambda s: s.seat)
    ]
    board = await repo.leaderboard(GUILD, "axio", include_computers=True)
    assert sorted(e.player_id for e in board) == [-1, 100, 101]


async def test_results_are_written_in_the_same_transaction_as_the_last_move(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = await running_game(repo, humans=2, seed=4)
    while record.game is not None and not _ends_next(record):
        record = await play_random(repo, record, moves=1, seed=record.move_count)

    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage.finish, "write_results", broken)
    # On PostgreSQL an OSError inside a transaction is taken for the connection failing.
    with pytest.raises((OSError, DatabaseUnavailableError)):
        await repo.record_move(record.id, record.move_count, _ending_move(record))
    assert await repo.get_game(record.id) == record  # the last move was not kept either
    monkeypatch.undo()
    done, _ = await repo.record_move(record.id, record.move_count, _ending_move(record))
    assert done.status == "finished" and len(await repo.game_results(done.id)) == 2


def _ending_move(record) -> str:  # type: ignore[no-untyped-def]
    for move in record.game.legal_moves():
        trial = record.game.copy()
        trial.play(move)
        if trial.is_over:
            return str(move)
    raise AssertionError("no move ends this game")


def _ends_next(record) -> bool:  # type: ignore[no-untyped-def]
    try:
        _ending_move(record)
    except AssertionError:
        return False
    return True
