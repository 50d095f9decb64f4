"""The turn message's one image, and the replay GIF."""

from __future__ import annotations

import io
from itertools import pairwise

from PIL import Image

from engine import AxioGame, RotaGame
from render import (
    render_board,
    render_replay,
    render_table,
    table_origins,
    typeface,
)
from render.replay import LAST_FRAME_MS, turn_caption, turn_frames, turn_states
from render.samples import played
from render.scoreboard import draw_scoreboard
from render.table import FOOTER, status_line
from render.theme import png_bytes, to_palette

from .pixels import count, decode

NAMES = ["Alice", "Bob", "Chandra", "Dmitri"]


def test_table_is_status_board_and_scores_in_one_image():
    for game in (played(AxioGame(3, 1), 12), played(RotaGame(2, 1), 8)):
        table = decode(render_table(game, NAMES))
        board = decode(render_board(game))
        scores = decode(png_bytes(draw_scoreboard(game, NAMES)))
        (bx, by), (sx, sy) = table_origins(game)
        assert table.width == 720 and table.height == sy + scores.height + FOOTER
        board_part = table.crop((bx, by, bx + board.width, by + board.height))
        scores_part = table.crop((sx, sy, sx + scores.width, sy + scores.height))
        assert board_part.tobytes() == board.tobytes()
        assert scores_part.tobytes() == scores.tobytes()


def finished(game):
    return played(game, 10_000)


def frames_of(data: bytes) -> list[Image.Image]:
    assert data[:6] in (b"GIF87a", b"GIF89a")
    image = Image.open(io.BytesIO(data))
    frames = []
    for n in range(image.n_frames):
        image.seek(n)
        frames.append((image.copy().convert("RGB"), image.info.get("duration")))
    return frames


def test_replay_has_one_frame_per_turn():
    for game_class, players, seed in ((RotaGame, 2, 3), (AxioGame, 1, 2)):
        game = finished(game_class(players, seed))
        assert game.is_over
        turns = len({entry.turn for entry in game.log})
        data = render_replay(game_class, players, seed, [e.move for e in game.log], NAMES)
        frames = frames_of(data)
        assert len(frames) == turns
        assert len({frame.size for frame, _ in frames}) == 1
        assert frames[-1][1] == LAST_FRAME_MS
        assert all(duration < LAST_FRAME_MS for _, duration in frames[:-1])


def test_replay_frames_are_the_table_after_each_turn_numbered_as_the_table_numbers_them():
    game = finished(AxioGame(2, 4))
    moves = [e.move for e in game.log]
    frames = frames_of(render_replay(AxioGame, 2, 4, moves, NAMES))
    # Each frame differs from the one before (a tile was added) …
    assert all(a[0].tobytes() != b[0].tobytes() for a, b in pairwise(frames))
    # … and, put together as a GIF player does (a frame holds only what changed), the last
    # is the final table with the scoreboards, at the table's width, and its caption.
    drawn = list(turn_frames(AxioGame, 2, 4, moves, NAMES))
    assert len(drawn) == len(frames)
    last = frames[-1][0]
    assert last.size == drawn[-1].size and last.width == 720
    assert last.tobytes() == to_palette(drawn[-1]).convert("RGB").tobytes()
    table = decode(render_table(game, NAMES))
    assert last.crop((0, 0, *table.size)).tobytes() == table.tobytes()
    turns = [entry.turn for entry in game.log]
    states = list(turn_caption(state, NAMES) for state in copies(AxioGame, 2, 4, moves))
    assert [c.split(" · ")[0] for c in states] == [f"turn {t}" for t in dict.fromkeys(turns)]


def copies(game_class, players, seed, moves):
    """The game after each turn, each a copy of its own."""
    return [state.copy() for state in turn_states(game_class, players, seed, moves)]


def test_names_and_numbers_are_legible_on_a_390_px_phone():
    """Discord shows the table image 390 px wide on a phone: the capitals of the names, the
    scores and the status line stand at least 12 px tall there."""
    from render import render_table
    from render.scoreboard import NAME_SIZE, NUMBER_SIZE, STATUS_SIZE
    from render.table import STATUS_SIZE as HEADLINE_SIZE

    game = played(AxioGame(3, 3), 20, seed=3)
    width = decode(render_table(game, ["Ann", "Ben", "Cyd"])).width
    for size in (NAME_SIZE, NUMBER_SIZE, STATUS_SIZE, HEADLINE_SIZE):
        top, bottom = typeface.font(size).getbbox("H")[1::2]
        assert (bottom - top) * 390 / width >= 12, size


def test_the_top_right_corner_is_left_for_discords_download_button():
    from render import render_table
    from render.table import CORNER_FREE, STATUS
    from render.theme import CARD

    for game in (played(AxioGame(2, 2), 8, seed=2), played(RotaGame(2, 2), 8, seed=2)):
        image = decode(render_table(game, ["A very long name indeed, longer than any", "Ben"]))
        corner = (image.width - CORNER_FREE, 0, image.width, STATUS)
        assert count(image, corner, CARD) == CORNER_FREE * STATUS


def test_every_end_heads_the_picture_with_who_did_what():
    """A solo game's result reads like every other end's (`Alice wins`): the player and
    their score, not "game over: score 15"."""
    for game_class in (AxioGame, RotaGame):
        solo = finished(game_class(1, 5))
        title = "AXIO Rota" if game_class is RotaGame else "AXIO"
        score = min(solo.scores(0))
        assert status_line(solo, NAMES) == (f"{title} · Alice scored {score}", "")
        duel = finished(game_class(2, 5))
        (winner,) = duel.winners() or [None]
        assert winner is None or status_line(duel, NAMES)[0] == f"{title} · {NAMES[winner]} wins"
