"""Game state in, image bytes out: everything players see of a game, drawn with Pillow.

Pure functions: no Discord, no database, no files or network at run time; `render`
imports only `engine` and Pillow. Images are opaque (a dark-slate card that suits
Discord's dark theme), sized to stay legible when a phone scales them to ~400 px wide.

Public API, for the bot (names are stable):

- ``render_board(game, preview=None) -> bytes`` PNG of either game's board, by
  ``game.kind``: ``render_axio_board`` or ``render_rota_display`` (named positions
  without a preview, none with one).
- ``render_axio_board(game, *, preview=None) -> bytes`` the play area, printed spaces,
  tiles with their joins, pyramids, dead cells, and every placement since the player to
  move last played ringed in its mover's seat colour and numbered (``render.marks``).
  ``preview`` (a ``Placement`` or its text) is drawn as a ghost.
- ``render_rota_display(game, *, labels=True, preview=None) -> bytes`` the Rota display
  with column letters and row numbers along its edges, the tiles placed since the player
  to move last played framed and numbered, and
  with ``labels`` every position of ``game.legal_positions()`` marked with its fixed name
  (``engine.rota_names``: what players type).
  ``preview`` (a ``RotaMove`` or its text) shows the tile to place as a ghost.
- ``render_scoreboard(game, names) -> bytes`` one panel per seat (``names`` in seat
  order): a track per colour, the markers, lowest colour(s) inverted, AXIO! at the cap,
  whose turn (yellow frame and arrow), pending extra turns, resigned seats, the result,
  and solo AXIO's second scoreboard.
- ``render_table(game, names) -> bytes`` the turn message's image: a status line, the
  board, the legend of its marks (who made each numbered move) and the scoreboards in one
  PNG.
- ``recent_marks(game)`` the moves the board marks, numbered as its badges (the turn post
  numbers its lines with them).
- ``render_rack(tiles) -> bytes`` an AXIO rack (``game.rack(seat)``), numbered 1..n.
- ``render_hand(tile) -> bytes`` a Rota hand tile in its four turns, labelled ↻0°..↻270°
  (a drawn clockwise arrow).
- ``render_replay(game_class, players, seed, moves, names) -> bytes`` an animated GIF,
  one frame per turn.
- ``render_review(review, names) -> bytes`` a game review (``engine.ai.review.GameReview``)
  as a line chart of each player's lowest colour over the game, mistakes and blunders
  marked, in a ``ReviewWords``'s words (English by default; its alt text is the bot's).
- ``render_daily_card(DailyCard(kind, day, scores, percentile, players, streak,
  best_streak)) -> bytes`` the daily challenge's spoiler-free share card (no board), and
  ``daily_card_alt(card) -> str`` its alt text.
- ``render_standings(title, lines, subtitle="") -> bytes`` a tournament's standings as a
  table (lines: ``StandingsRow`` or anything shaped like it, as
  ``storage.TournamentStanding``: rank, name, points, buchholz, lowest_sum, withdrawn),
  and ``standings_alt(title, lines, subtitle)``.
- ``render_close_up(game) -> bytes`` the board around the last move, drawn large, with the
  column letters and row numbers of that window.

Geometry helpers, so tests (and anything else) find pixels through the same layout the
drawing uses: ``axio_layout``, ``axio_cell_centre``, ``rota_layout``,
``rota_position_centre``, ``rack_half_box``, ``rack_badge_centre``, ``hand_tile_box``,
``table_origins``, ``seat_origin``.

Samples of every image: ``python -m render.samples OUT_DIR``.
"""

from __future__ import annotations

from engine.game import TileGame

from .axio_board import axio_cell_centre, axio_layout, last_turn_placements, render_axio_board
from .close_up import render_close_up
from .community import (
    DailyCard,
    RankingRow,
    StandingsRow,
    daily_card_alt,
    render_daily_card,
    render_leaderboard,
    render_standings,
    standings_alt,
)
from .marks import Mark, recent_marks
from .pieces import hand_tile_box, rack_badge_centre, rack_half_box, render_hand, render_rack
from .replay import render_replay
from .review import render_review, review_layout
from .rota_display import render_rota_display
from .rota_geometry import rota_layout, rota_position_centre
from .scoreboard import render_scoreboard, seat_origin
from .table import ending_words, render_table, table_origins
from .words import PictureWords, ReviewWords


def render_board(game: TileGame, preview: object = None) -> bytes:
    """The board of either game as PNG bytes, by its kind."""
    if game.kind == "axio":
        return render_axio_board(game, preview=preview)  # type: ignore[arg-type]
    if game.kind == "rota":
        # A preview is for confirming one move: the position names would only crowd it
        # (the edges still name every square).
        labels = preview is None
        return render_rota_display(game, labels=labels, preview=preview)  # type: ignore[arg-type]
    raise ValueError(f"no board drawing for a game of kind {game.kind!r}")


__all__ = [
    "DailyCard",
    "Mark",
    "PictureWords",
    "RankingRow",
    "ReviewWords",
    "StandingsRow",
    "axio_cell_centre",
    "axio_layout",
    "daily_card_alt",
    "ending_words",
    "hand_tile_box",
    "last_turn_placements",
    "rack_badge_centre",
    "rack_half_box",
    "recent_marks",
    "render_axio_board",
    "render_board",
    "render_close_up",
    "render_daily_card",
    "render_hand",
    "render_leaderboard",
    "render_rack",
    "render_replay",
    "render_review",
    "render_rota_display",
    "render_scoreboard",
    "render_standings",
    "render_table",
    "review_layout",
    "rota_layout",
    "rota_position_centre",
    "seat_origin",
    "standings_alt",
    "table_origins",
]
