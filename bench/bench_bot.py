"""Bot round trips through SimCord: `/axio play` (with the new table image) and the move
autocomplete, on a late 4-player AXIO position, in English and in German (members and
server in `de`): the difference of the two medians is what the translation layer costs.

Run: python -m bench.bench_bot [--moves N]

Each figure includes SimCord's own work: after every action it waits until the bot's tasks
have settled (polling them at most every 50 ms), so it is an upper bound on the bot's share.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import simcord
import simcord.interactions

from bench.common import report
from bot import i18n
from bot.app import create_bot
from bot.config import Settings
from bot.i18n import translate_in
from bot.playground import simulated
from tests.bot.languages import with_locales

LATE_AFTER_TILES = 40


async def measure(moves: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            _env_file=None, database_path=Path(folder) / "bench.sqlite3", computer_budget_s=0.05
        )
        async with simulated(create_bot(settings, shard_count=1), settle_timeout=30) as env:
            return await time_late_game(env, moves)


LANGUAGES = ("en", "de")
"""Each language plays its own late game in the same process, their moves interleaved, so
that drift on a shared machine falls on both alike."""


def speaking_members(locales: dict[int, str]) -> None:
    """SimCord sends every interaction as `en-US` from an `en-US` server: give each member
    their locale, and each interaction its server's, as Discord does."""
    simcord.interactions.base_payload = with_locales(  # type: ignore[assignment]
        simcord.interactions.base_payload, locales
    )


def answers(language: str) -> list[str]:
    """How the answer to a move begins, in `language` (a placement, an exchange, a keep)."""
    played = translate_in(language, "You played **{move}**: {points}.", move="", points="")
    return [
        played.split("**")[0],
        translate_in(language, "You exchanged your rack for new tiles from the bag."),
        translate_in(language, "You kept your rack."),
    ]


@contextmanager
def counted_lookups() -> Iterator[list[int]]:
    """How many catalog lookups happen inside the block (every `_`, `ngettext`, …)."""
    original, count = i18n.translations, [0]

    def counting(language: str) -> Any:
        count[0] += 1
        return original(language)

    i18n.translations = counting  # type: ignore[assignment]
    try:
        yield count
    finally:
        i18n.translations = original  # type: ignore[assignment]


def lookup_ms(language: str, rounds: int = 20_000) -> float:
    """One lookup with its placeholders filled, on average, in milliseconds."""
    with i18n.speaking(language):
        start = time.perf_counter()
        for _ in range(rounds):
            i18n._("**{name}** played **{move}**: {points}.", name="a", move="b", points="c")
        return (time.perf_counter() - start) * 1000 / rounds


async def late_table(env: simcord.Env, language: str, locales: dict[int, str]) -> tuple:
    """Four members of a server in `language` reach a late AXIO position."""
    guild = env.create_guild(f"bench {language}", preferred_locale=language)
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"{language}{i}")) for i in range(4)]
    locales.update({m.id: language for m in members})
    lobby = (await members[0].slash(channel, "axio new", game="axio")).response
    for member in members[1:]:
        await member.click(lobby, label=translate_in(language, "Join"))
    await members[0].click(lobby, label=translate_in(language, "Start"))
    repo = env.bot.repo  # type: ignore[attr-defined]
    record = await repo.game_in_channel(channel.id)
    rng = random.Random(1)
    while len(record.game.tiles) < LATE_AFTER_TILES:
        move = rng.choice(record.game.legal_moves())
        record, _ = await repo.record_move(record.id, record.move_count, move)
    return channel, {m.id: m for m in members}, record, rng


async def time_late_game(env: simcord.Env, moves: int) -> dict[str, float]:
    """`/axio play` and its autocomplete timed at a late position, in each language."""
    locales: dict[int, str] = {}
    speaking_members(locales)
    repo = env.bot.repo  # type: ignore[attr-defined]
    tables = {language: await late_table(env, language, locales) for language in LANGUAGES}
    play_ms: dict[str, list[float]] = {language: [] for language in LANGUAGES}
    complete_ms: dict[str, list[float]] = {language: [] for language in LANGUAGES}
    for _ in range(moves):
        for language, (channel, by_id, record, rng) in list(tables.items()):
            if record is None or record.status != "running":
                continue
            mover = by_id[record.seats[record.game.to_move].user_id]
            start = time.perf_counter()
            await mover.autocomplete(channel, "axio play", "move", "")
            complete_ms[language].append((time.perf_counter() - start) * 1000)
            move = str(rng.choice(record.game.legal_moves()))
            start = time.perf_counter()
            result = await mover.slash(channel, "axio play", move=move)
            play_ms[language].append((time.perf_counter() - start) * 1000)
            said = result.response.content
            assert any(answer in said for answer in answers(language)), said
            record = await repo.game_in_channel(channel.id)
            tables[language] = (channel, by_id, record, rng)
    figures: dict[str, float] = {}
    for language in LANGUAGES:
        figures[f"play_ms_median_{language}"] = round(statistics.median(play_ms[language]), 1)
        figures[f"autocomplete_ms_median_{language}"] = round(
            statistics.median(complete_ms[language]), 1
        )
    figures["translation_overhead_ms"] = round(
        figures["play_ms_median_de"] - figures["play_ms_median_en"], 1
    )
    channel, by_id, record, rng = tables["de"]
    if record is not None and record.status == "running":
        mover = by_id[record.seats[record.game.to_move].user_id]
        with counted_lookups() as lookups:
            await mover.slash(channel, "axio play", move=str(rng.choice(record.game.legal_moves())))
        figures["translations_per_play"] = lookups[0]
        figures["translation_layer_ms_per_play_de"] = round(lookups[0] * lookup_ms("de"), 3)
    figures["samples"] = min(len(v) for v in play_ms.values())
    figures["tiles_on_board_at_start"] = LATE_AFTER_TILES
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    report(asyncio.run(measure(args.moves)))


if __name__ == "__main__":
    main()
