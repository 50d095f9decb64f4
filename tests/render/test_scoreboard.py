"""Scoreboards as players read them: a marker on each track at the score, the lowest
colours picked out, whose turn it is, AXIO! at the cap, resigned seats, solo's second
scoreboard."""

from __future__ import annotations

from engine import COLOURS, AxioGame, RotaGame
from render import render_scoreboard, seat_origin
from render.scoreboard import game_layout
from render.theme import HIGHLIGHT, INK, MUTED, PANEL, TEXT, TILE_RGB, WELL

from .pixels import count, decode

NAMES = ["Alice", "Bob", "Chandra", "Dmitri"]


def with_scores(game, scores):
    for board, row in zip(game.scoreboards, scores, strict=False):
        board.scores = list(row)
    return game


def marker_box(game, seat, colour_index, score):
    """The square where a track's marker sits, in scoreboard image pixels."""
    layout = game_layout(game)
    ox, oy = seat_origin(game, seat)
    _, y0, _, y1 = layout.track_box(colour_index)
    cx = ox + layout.position_x(colour_index, score)
    half = (y1 - y0) // 2
    return (round(cx - half), oy + y0, round(cx + half), oy + y1)


def number_box(game, seat, colour_index):
    layout = game_layout(game)
    ox, oy = seat_origin(game, seat)
    _, y0, x1, y1 = layout.track_box(colour_index)
    return (ox + x1 + 4, oy + y0, ox + layout.width - 4, oy + y1)


def test_sizes_for_one_to_four_players():
    heights = []
    for players in (1, 2, 3, 4):
        image = decode(render_scoreboard(AxioGame(players, 1), NAMES))
        assert image.width == 720
        heights.append(image.height)
    # Two seats share a row; solo has one wide panel (with the second-board legend).
    assert heights[1] < heights[2] == heights[3]
    assert heights[0] < heights[2]


def test_markers_sit_at_each_score():
    scores = [[3, 7, 0, 12, 18], [1, 2, 3, 4, 5], [9, 9, 9, 9, 9]]
    game = with_scores(AxioGame(3, 2), scores)
    image = decode(render_scoreboard(game, NAMES))
    for seat, row in enumerate(scores):
        for i, score in enumerate(row):
            colour = TILE_RGB[COLOURS[i]]
            assert count(image, marker_box(game, seat, i, score), colour) > 40, (seat, i)
            if score < game.cap:  # the next slot along is an empty step of the track
                ahead = marker_box(game, seat, i, score + 2) if score + 2 <= game.cap else None
                if ahead:
                    assert count(image, ahead, colour) == 0
                    assert count(image, ahead, WELL) > 0


def test_lowest_colours_are_inverted():
    game = with_scores(AxioGame(2, 3), [[4, 2, 9, 2, 5], [1, 1, 1, 1, 1]])
    image = decode(render_scoreboard(game, NAMES))
    for seat, lowest in ((0, {1, 3}), (1, {0, 1, 2, 3, 4})):
        for i in range(5):
            pill = count(image, number_box(game, seat, i), TEXT) > 600  # most of the box
            assert pill == (i in lowest), (seat, i)


def test_seat_to_move_is_framed():
    game = AxioGame(4, 5)
    image = decode(render_scoreboard(game, NAMES))
    layout = game_layout(game)
    for seat in range(4):
        ox, oy = seat_origin(game, seat)
        frame = count(image, (ox, oy, ox + layout.width, oy + layout.height), HIGHLIGHT)
        assert (frame > layout.width) == (seat == game.to_move), seat


def test_axio_at_the_cap():
    game = with_scores(RotaGame(2, 1), [[12, 3, 3, 3, 3], [3, 3, 3, 3, 3]])
    image = decode(render_scoreboard(game, NAMES))
    layout = game_layout(game)
    ox, oy = seat_origin(game, 0)

    def words_on_track(i):
        _, y0, _, y1 = layout.track_box(i)
        start, end = round(layout.position_x(i, 5)), round(layout.position_x(i, 9))
        return count(image, (ox + start, oy + y0, ox + end, oy + y1), INK)

    assert words_on_track(0) > 30  # AXIO! written along the full red track
    assert words_on_track(1) == 0


def test_resigned_seat_is_dimmed():
    game = AxioGame(2, 4)
    game.resign(1 - game.to_move)
    image = decode(render_scoreboard(game, NAMES))
    layout = game_layout(game)
    for seat in range(2):
        ox, oy = seat_origin(game, seat)
        inside = (ox + 4, oy + layout.height - 6)  # panel background below the tracks
        assert (image.getpixel(inside) == PANEL) == (seat not in game.resigned)


def test_solo_second_scoreboard():
    game = with_scores(AxioGame(1, 6), [[25, 18, 3, 36, 0]])
    assert game.scoreboards[0].boards == 2
    image = decode(render_scoreboard(game, NAMES))
    layout = game_layout(game)
    assert layout.slots == 37
    for i, score in enumerate([25, 18, 3, 36, 0]):
        assert count(image, marker_box(game, 0, i, score), TILE_RGB[COLOURS[i]]) > 40
    # The second scoreboard starts after a visible break.
    assert layout.position_x(0, 19) - layout.position_x(0, 18) > (
        layout.position_x(0, 18) - layout.position_x(0, 17)
    )


def test_the_top_right_corner_is_left_for_discords_download_button():
    from render.scoreboard import CORNER_FREE, HEADING

    for game in (AxioGame(1, 1), AxioGame(2, 1), RotaGame(4, 2)):
        image = decode(render_scoreboard(game, ["A rather long name for a player", "Bob"]))
        corner = (image.width - CORNER_FREE, 0, image.width, HEADING)
        assert count(image, corner, TEXT) == 0 and count(image, corner, MUTED) == 0
