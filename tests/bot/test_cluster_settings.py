"""Running past one machine, as an operator sets it up: shards per process from flags or
the environment, DATABASE_URL, and `axio-bot migrate-db`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.app import create_bot
from bot.cli import _shard_options, main
from bot.config import Settings
from storage import Repository
from storage.shards import ALL_SHARDS, ShardSet
from tests.bot.console import SETTINGS_VARIABLES


@pytest.fixture(autouse=True)
def clean(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in SETTINGS_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_shards_from_the_environment_make_the_bot_run_only_those(monkeypatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1,3")
    settings = Settings(_env_file=None)
    assert settings.shards == ShardSet(4, frozenset({1, 3}))
    bot = create_bot(settings)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert bot.shards_owned == settings.shards
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.delenv("SHARD_IDS")
    assert create_bot(Settings(_env_file=None)).shards_owned == ALL_SHARDS


def test_flags_win_over_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "2")
    parsed = type("Args", (), {"shard_count": 6, "shard_ids": "4, 5"})()
    settings = Settings(_env_file=None, **_shard_options(parsed))
    assert settings.shards == ShardSet(6, frozenset({4, 5}))


@pytest.mark.parametrize(
    "values",
    [{"shard_ids": [1]}, {"shard_count": 2, "shard_ids": [2]}, {"shard_count": 0}],
    ids=["ids-without-count", "id-out-of-range", "no-shards"],
)
def test_impossible_shard_settings_are_refused(values) -> None:
    with pytest.raises(ValidationError):
        Settings(_env_file=None, **values)


def test_database_url_wins_over_the_path(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "a.sqlite3"))
    assert Settings(_env_file=None).database == tmp_path / "a.sqlite3"
    monkeypatch.setenv("DATABASE_URL", "postgresql://axio:secret@db/axio")
    assert Settings(_env_file=None).database == "postgresql://axio:secret@db/axio"


async def test_migrate_db_copies_into_postgres_and_says_so(
    tmp_path: Path, postgres_url: str, capsys
) -> None:
    source = tmp_path / "old.sqlite3"
    async with await Repository.open(source) as old:
        await old.create_lobby("axio", 1, 10, 100, "Ann")
    code = await _in_thread(
        main, ["migrate-db", "--from", f"sqlite:///{source}", "--to", postgres_url]
    )
    out = capsys.readouterr().out
    assert code == 0 and "games: 1 rows" in out and "counts verified" in out
    async with await Repository.open(postgres_url) as new:
        assert (await new.game_in_channel(10)) is not None
    again = await _in_thread(main, ["migrate-db", "--from", str(source), "--to", postgres_url])
    assert again == 2 and "is not empty (games: 1" in capsys.readouterr().err


async def _in_thread(function, argv):  # the CLI runs its own event loop
    import asyncio

    return await asyncio.to_thread(function, argv)


def test_the_compose_scale_profile_runs_every_shard_once_on_postgres() -> None:
    compose = (Path(__file__).resolve().parents[2] / "compose.yaml").read_text()
    counts = set(re.findall(r'"--shard-count", "(\d+)"', compose))
    owned = [
        int(i) for ids in re.findall(r'"--shard-ids", "([\d,]+)"', compose) for i in ids.split(",")
    ]
    assert len(counts) == 1 and sorted(owned) == list(range(int(counts.pop())))
    assert "DATABASE_URL: postgresql://" in compose and "profiles: [scale]" in compose
