"""The caches pictures are drawn from (`render.paletted`): bounded by the bytes they hold,
and never a part of what a picture looks like: a cold cache, a warm one and one too small
to keep anything for long give the same bytes."""

from __future__ import annotations

import gc
import weakref

import pytest
from PIL import ImageDraw

from engine import AxioGame, RotaGame
from render import paletted, render_board, render_scoreboard, render_table
from render.samples import played
from render.table import draw_table
from render.words import PictureWords

NAMES = ["Zoë", "Bob", "Chandra", "Dmitri"]
GERMAN = PictureWords(to_move="{name} ist am Zug · Zug {turn}", low="niedrigste {score}")
GAMES = [played(kind(players, players), moves) for kind in (AxioGame, RotaGame)
         for players in (2, 3, 4) for moves in (5, 30)]  # fmt: skip


def every_picture() -> list[bytes]:
    pictures = []
    for game in GAMES:
        names = NAMES[: game.players]
        for words in (PictureWords(), GERMAN):
            pictures.append(render_table(game, names, words=words))
            pictures.append(render_scoreboard(game, names, words))
        pictures.append(render_board(game))
    return pictures


def starve(monkeypatch: pytest.MonkeyPatch) -> None:
    """Caches that keep almost nothing: every part is dropped soon after it is drawn."""
    monkeypatch.setattr(paletted._parts, "limit", 20_000)
    monkeypatch.setattr(paletted._texts, "limit", 2_000)
    monkeypatch.setattr(paletted.windows, "limit", 2_000)
    paletted.clear_caches()


@pytest.fixture
def starved(monkeypatch):
    starve(monkeypatch)
    yield
    paletted.clear_caches()


def test_a_cold_a_warm_and_a_starved_cache_draw_the_same_bytes(monkeypatch):
    paletted.clear_caches()
    cold = every_picture()
    warm = every_picture()
    assert warm == cold
    starve(monkeypatch)
    starved = every_picture()
    paletted.clear_caches()
    assert starved == cold


def test_the_caches_hold_no_more_than_their_bytes(starved):
    for game in GAMES:
        render_table(game, NAMES[: game.players])
        for cache in (paletted._parts, paletted._texts):
            held = sum(part.width * part.height for found in cache.parts.values()
                       for part in found if part is not None)  # fmt: skip
            assert cache.held == held
            assert held <= cache.limit or len(cache.parts) == 1
    assert len(paletted._parts.parts) >= 1 and len(paletted._texts.parts) >= 1


def test_a_palette_picture_is_freed_without_the_garbage_collector():
    """A megabyte picture goes when it is written, not when the collector next runs."""
    game = GAMES[-1]
    gc.disable()
    try:
        picture = draw_table(game, NAMES[: game.players], paletted=True)
        ImageDraw.Draw(picture).rectangle((0, 0, 3, 3), fill=(30, 33, 40))
        gone = weakref.ref(picture)
        del picture
        assert gone() is None
    finally:
        gc.enable()
