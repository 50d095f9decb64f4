"""The words the table reads, checked on records built here rather than through Discord."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.screens.present import counted, move_log_text, move_words
from bot.screens.words import points_text
from engine import AxioGame
from storage import GameRecord, Seat

LONG_NAMES = [
    "Bartholomew the Magnificent Tiler",
    "Maximiliana von Pyramidenstein",
    "Wilhelmina Sunstar-Squarington",
    "Konstantin of the Purple Rings",
]


def record_after(moves: int, names: list[str] = LONG_NAMES) -> GameRecord:
    """A running AXIO game, a seat for each name, with `moves` random moves played."""
    game = AxioGame(len(names), seed=5)
    rng = random.Random(5)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    now = datetime(2026, 1, 1, tzinfo=UTC)
    seats = tuple(Seat(i, 100 + i, None, name) for i, name in enumerate(names))
    return GameRecord(
        id=1,
        kind="axio",
        guild_id=1,
        channel_id=2,
        host_id=100,
        status="running",
        max_seats=len(names),
        settings={},
        seats=seats,
        seed=5,
        move_count=moves,
        created_at=now,
        updated_at=now,
        turn_started_at=now,
        reminded_move_count=None,
        lobby_message_id=None,
        turn_message_id=None,
        game=game,
    )


def test_counted_says_one_thing_or_several():
    assert [counted(n, "game") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]


def test_move_log_lists_every_move_of_a_short_game():
    record = record_after(3)
    lines = move_log_text(record).splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("1. turn 1, ")
    last = record.game.log[-1]
    points = record.game.copy()  # what the last move scored, by the engine
    replayed = type(points).replay(
        points.players, points.seed, [e.move for e in record.game.log[:-1]]
    )
    scored = points_text(replayed.play(last.move).points)
    assert lines[-1].endswith(f"{move_words('axio', last.move)} — {scored}")


def test_move_log_of_a_long_game_keeps_the_latest_moves_within_one_message():
    record = record_after(60)
    text = move_log_text(record)
    assert len(text) <= 2000
    lines = text.splitlines()
    shown = len(lines) - 1
    assert 0 < shown < 60
    assert lines[0] == f"(the latest {shown} of 60 moves)"
    assert lines[1].startswith(f"{60 - shown + 1}. turn ")
    assert lines[-1].startswith("60. turn ")
    assert f": {move_words('axio', record.game.log[-1].move)} — " in lines[-1]


def test_move_log_before_the_first_move():
    assert move_log_text(record_after(0)) == "No moves yet."
