"""Words that are true: every text the bot sends in whole games (posts, edits, private
answers, buttons, menus, alt text, autocomplete) is scanned for the engine's codes and
for "a" before a vowel sound; colours carry emoji of their own colour; and every hint and
every suggestion label states exactly what the engine would do with that move."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from bot.screens.hints import hint_message
from bot.screens.moves import describe
from bot.screens.suggest import appraise, best_moves, placement, suggestion_label
from bot.screens.words import with_article
from engine import COLOURS, AxioGame, RotaGame, ScoredMove
from engine.ai import hint as engine_hints
from tests.bot.table import Table, labels, play_suggested, text_of
from tests.bot.test_games import play_to_the_end, start_game
from tests.bot.test_present import record_after

CODES = {
    # two-letter words like "or go" are English: three codes in a row are not
    "a tile in letters": re.compile(
        r"`[rgbop]{2}`|\b[rgbop]{2}(?: [rgbop]{2}){2,}\b|no [rgbop]{2} tile"
    ),
    "a cell with a colour letter": re.compile(r"\b[A-Z]{1,2}\d{1,2}:[rgbop]\b"),
    "a move number stamp": re.compile(r"@\d+ "),
    "engine coordinates": re.compile(r"(?<![\w.])-?\d+,-?\d+ (?:0|90|180|270)\b"),
    "an emoji of another colour": re.compile("[☀⭐⭕🟧]"),
}
ARTICLE = re.compile(r"(?<![\w'’])([Aa]n?) ([A-Za-z][\w-]*)")
SHOWN_KEYS = {"content", "label", "placeholder", "description", "title", "name", "text"}


def said(node: Any, key: str = "", hidden: bool = False) -> Iterator[str]:
    """Every string a member can read in a request's payload: texts, labels, alt text,
    embed parts and autocomplete choices; not custom ids, nor a menu option's value (which
    Discord never shows)."""
    if isinstance(node, dict):
        options = node.get("type") == 3  # a menu: its options' values are hidden
        for name, value in node.items():
            yield from said(value, name, hidden or (options and name == "options"))
    elif isinstance(node, list):
        for value in node:
            yield from said(value, key, hidden)
    elif isinstance(node, str) and (key in SHOWN_KEYS or (key == "value" and not hidden)):
        yield node


def everything_said(table: Table) -> list[str]:
    return [text for request in table.env.http_requests for text in said(request.json)]


def wrong_words(texts: list[str]) -> list[tuple[str, str]]:
    found = []
    for text in texts:
        for what, pattern in CODES.items():
            if pattern.search(text):
                found.append((what, text))
        for article, word in ARTICLE.findall(text):
            if with_article(word).split(" ")[0] != article.lower():
                found.append((f"'{article} {word}'", text))
    return found


async def test_no_codes_and_no_wrong_articles_in_whole_games(table: Table):
    """Three whole games, every way of moving, the looks and the community commands."""
    rng = random.Random(23)
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben], computers=["easy"])
    for _ in range(6):
        record = await table.record(game_id)
        await table.slash(table.member_for(record), "axio hint")
        await play_suggested(table, record, rng)
    await table.slash(table.ann, "axio log")
    await table.slash(table.ann, "axio board", close_up=True)
    await table.autocomplete(table.ann, "axio play", "move", "e")
    await play_to_the_end(table, game_id, rng)
    rota = await start_game(table, "rota", table.ann, guests=[table.ben], computers=["hard"])
    await table.slash(table.ben, "axio resign")
    confirm = table.results[-1].response
    await table.click(table.ben, confirm, label="Resign")
    await play_to_the_end(table, rota, rng)
    await table.slash(table.ann, "axio log")
    await table.slash(table.cat, "axio solo", game="axio")
    await play_to_the_end(table, (await table.game()).id, rng)
    for command in ("axio help", "axio history", "axio stats"):
        await table.slash(table.ann, command)
    await table.slash(table.ann, "axio leaderboard", game="axio")
    texts = everything_said(table)
    assert len(texts) > 300
    assert wrong_words(texts) == []


def test_the_scan_finds_what_it_looks_for():
    bad = [
        "returning `bp` `bb` to the bag",
        "returning bp bb rg rr to the bag",
        "your rack has no oo tile",
        "E5:g F5:r (move 3)",
        "@5 E5:g",
        "2,0 90 g",
        "☀️ red",
        "A easy computer player joined.",
        "an hard computer",
    ]
    assert all(wrong_words([text]) for text in bad)
    good = ["🔴 red, 🟢 green", "an easy computer", "a hard one", "exchange or keep", "E5 blue"]
    assert wrong_words(good) == []


# --- true hints and labels ------------------------------------------------------------------
def engine_after(game: Any, move: Any) -> tuple[int, ...]:
    """The mover's five scores once the engine has played the move on a copy."""
    seat = game.to_move
    copy = game.copy()
    copy.play(move)
    return copy.scores(seat)


STATED_GAIN = re.compile(r"([a-z]+) by (\d+)")
STATED_LOWEST = re.compile(r"lowest (?:score )?(?:stays (\d+)|rises from (\d+) to (\d+))")


def stated(text: str) -> tuple[dict[str, int], int, int]:
    """(gain per colour, lowest before, lowest after) as a hint's sentence states them."""
    gains = {colour: int(n) for colour, n in STATED_GAIN.findall(text)}
    stays, before, after = STATED_LOWEST.search(text).groups()  # type: ignore[union-attr]
    return gains, int(stays or before), int(stays or after)


def positions(seed: int) -> Iterator[Any]:
    rng = random.Random(seed)
    for number in range(16):
        game = (AxioGame, RotaGame)[number % 2](rng.randint(1, 4), rng.randrange(10**6))
        for _ in range(rng.randrange(40)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over and getattr(game, "phase", "place") == "place":
            yield game


@pytest.mark.parametrize("seed", range(3))
def test_every_hints_stated_lift_is_the_engines(seed: int):
    for game in positions(seed):
        names = ["Ann", "Ben", "Cyd", "Dee"][: game.players]
        record = replace(record_after(0, names), game=game, kind=game.kind)
        hints = engine_hints(game.copy(), seed=seed, budget_s=0.05, count=3)
        text, _ = hint_message(record, hints)
        lines = text.splitlines()[1:]
        assert len(lines) == len({placement(h.move) for h in hints})  # one line a placement
        before = game.scores(game.to_move)
        for line in lines:
            move = next(h.move for h in hints if f"**{describe(game, h.move)}**" in line)
            after = engine_after(game, move)
            gains, low_before, low_after = stated(line)
            real = {c.label: b - a for c, a, b in zip(COLOURS, before, after, strict=True) if b > a}
            assert gains == real, line
            assert (low_before, low_after) == (min(before), min(after)), line


LABEL = re.compile(r"\+(\d+) ?([a-z]+|🔴|🟢|🔵|🟠|🟣)")
EMOJI_WORD = {"🔴": "red", "🟢": "green", "🔵": "blue", "🟠": "orange", "🟣": "purple"}
LABEL_LOWEST = re.compile(r"lowest (?:stays (\d+)|(\d+) → (\d+))")


@pytest.mark.parametrize("seed", range(3))
def test_every_suggestion_label_states_the_engines_change(seed: int):
    for game in positions(seed + 10):
        before = game.scores(game.to_move)
        for suggestion in best_moves(game):
            label = suggestion_label(game, suggestion)
            after = engine_after(game, suggestion.scored.move)
            gains = {EMOJI_WORD.get(c, c): int(n) for n, c in LABEL.findall(label)}
            assert len(label) <= 80
            real = {c.label: b - a for c, a, b in zip(COLOURS, before, after, strict=True) if b > a}
            assert gains == real, label
            stays, low, high = LABEL_LOWEST.search(label).groups()  # type: ignore[union-attr]
            assert (int(stays or low), int(stays or high)) == (min(before), min(after)), label
            assert appraise(game, ScoredMove(suggestion.scored.move, suggestion.scored.points))


async def test_hints_say_which_colours_rise_and_whether_the_lowest_does(table: Table):
    game_id = await start_game(table, "axio", table.ann, guests=[table.ben])
    record = await table.record(game_id)
    hint = (await table.slash(table.member_for(record), "axio hint")).response
    assert "lifts your weakest colour" not in hint.content
    for line in hint.content.splitlines()[1:]:
        assert "raises " in line or "scores nothing" in line
        assert "your lowest stays" in line or "your lowest score rises" in line
    assert all(" · lowest " in label for label in labels(hint))
    assert text_of(hint)
