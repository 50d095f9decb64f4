"""`axio-bot check` and `axio-bot run` as an operator meets them: what they print, their exit
codes, and the token never shown. `run` is only exercised where it must stop before
connecting to Discord."""

from __future__ import annotations

import shutil
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.cli import main
from tests.bot.console import (
    FAKE_TOKEN,
    Result,
    assert_healthy_check,
    assert_refused_to_run,
    isolated_database,
    run_isolated,
)

CONSOLE_SCRIPT = shutil.which("axio-bot", path=str(Path(sys.executable).parent))
MALFORMED_TOKEN = "my-secret-but-not-a-token"


@pytest.fixture
def database(monkeypatch, tmp_path) -> Path:
    return isolated_database(monkeypatch, tmp_path)


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> Result:
    """`axio-bot ARGV` in this process: exit code and output, as from a subprocess."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return Result(["axio-bot", *argv], code, out, err)


def test_check_reports_a_healthy_setup(database, monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    checked = cli(capsys, "check")
    assert_healthy_check(checked, database)
    assert "development guilds: none (commands sync globally)" in checked.stdout


def test_check_reads_a_dotenv_file_in_the_working_directory(database, tmp_path, capsys):
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={FAKE_TOKEN}\nDEV_GUILD_IDS=11\n")
    checked = cli(capsys, "check")
    assert_healthy_check(checked, database)
    assert "development guilds: 11" in checked.stdout


def test_check_without_a_token_is_unhealthy_and_says_why(database, capsys):
    checked = cli(capsys, "check")
    assert checked.returncode == 1
    assert "token: PROBLEM — DISCORD_TOKEN is not set" in checked.stdout
    assert "games in progress: 0" in checked.stdout  # the rest is still checked
    assert checked.stdout.splitlines()[-1] == "NOT healthy: fix the problems above"
    assert "Traceback" not in checked.stdout + checked.stderr


def test_check_with_an_unusable_database_is_unhealthy(database, monkeypatch, capsys):
    database.mkdir(parents=True)  # a folder where the file should be
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    checked = cli(capsys, "check")
    assert checked.returncode == 1
    assert f"database: PROBLEM — {database}: unable to open database file" in checked.stdout
    assert FAKE_TOKEN not in checked.stdout + checked.stderr


@pytest.mark.parametrize("argv", [["run"], []], ids=["run", "default"])
def test_run_without_a_token_says_so_in_one_line(database, capsys, argv):
    assert_refused_to_run(cli(capsys, *argv), "DISCORD_TOKEN is not set", ".env.example")


def test_run_with_a_malformed_token_says_so_without_showing_it(database, monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", MALFORMED_TOKEN)
    refused = cli(capsys, "run")
    assert_refused_to_run(refused, "DISCORD_TOKEN does not look like a bot token")
    assert MALFORMED_TOKEN not in refused.stderr


INVALID_SETTINGS = [
    ("COMPUTER_BUDGET_S", "99"),
    ("DEV_GUILD_IDS", "eleven"),
    ("LOG_LEVEL", "verbose"),
]


@pytest.mark.parametrize(("name", "value"), INVALID_SETTINGS)
def test_check_names_invalid_settings_and_is_not_healthy(
    database, monkeypatch, capsys, name, value
):
    monkeypatch.setenv("DISCORD_TOKEN", MALFORMED_TOKEN)
    monkeypatch.setenv(name, value)
    checked = cli(capsys, "check")
    assert checked.returncode == 1
    assert checked.stdout.startswith(f"configuration: PROBLEM — {name}")
    assert checked.stdout.splitlines()[-1] == "NOT healthy: fix the problems above"
    assert MALFORMED_TOKEN not in checked.stdout + checked.stderr
    assert "Traceback" not in checked.stdout + checked.stderr


@pytest.mark.parametrize("command", ["run", "playground"])
@pytest.mark.parametrize(("name", "value"), INVALID_SETTINGS)
def test_run_with_invalid_settings_says_so_in_one_line(
    database, monkeypatch, capsys, command, name, value
):
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    monkeypatch.setenv(name, value)
    refused = cli(capsys, command)
    assert refused.returncode == 2 and refused.stdout == ""
    [line] = refused.stderr.splitlines()
    assert line.startswith(f"axio-bot: invalid configuration: {name}")
    assert FAKE_TOKEN not in line


@pytest.mark.parametrize("value", ["debug", "Warning", " ERROR "])
def test_log_level_is_read_in_any_case(database, monkeypatch, capsys, value):
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    monkeypatch.setenv("LOG_LEVEL", value)
    checked = cli(capsys, "check")
    assert checked.returncode == 0
    assert f"log level: {value.strip().upper()}" in checked.stdout


@pytest.mark.parametrize(
    ("value", "shown"),
    [("", "none (commands sync globally)"), ("11,22", "11, 22"), ("11, 22", "11, 22")],
    ids=["empty as compose.yaml and .env.example pass it", "comma", "comma-space"],
)
def test_dev_guild_ids_as_documented(database, monkeypatch, capsys, value, shown):
    monkeypatch.setenv("DEV_GUILD_IDS", value)
    assert f"development guilds: {shown}" in cli(capsys, "check").stdout


@pytest.mark.skipif(CONSOLE_SCRIPT is None, reason="axio-bot is not installed (pip install -e .)")
def test_the_installed_console_script(tmp_path):
    assert CONSOLE_SCRIPT is not None
    database = tmp_path / "axio.sqlite3"
    checked = run_isolated(
        CONSOLE_SCRIPT, "check", cwd=tmp_path, DISCORD_TOKEN=FAKE_TOKEN, DATABASE_PATH=str(database)
    )
    assert_healthy_check(checked, database)

    refused = run_isolated(CONSOLE_SCRIPT, "run", cwd=tmp_path, DATABASE_PATH=str(database))
    assert_refused_to_run(refused, "DISCORD_TOKEN is not set")

    unusable = run_isolated(CONSOLE_SCRIPT, "check", cwd=tmp_path, DATABASE_PATH=str(tmp_path))
    assert unusable.returncode == 1
    assert "database: PROBLEM" in unusable.stdout
    assert unusable.stderr == ""  # no traceback from a database thread after the report


def damaged_database(path: Path) -> None:
    """A database with games in it and garbage written over one of its table pages."""
    import asyncio

    from storage import Repository

    async def fill() -> None:
        async with await Repository.open(path) as repo:
            for channel in range(40):
                await repo.create_lobby("axio", 1, channel, 7, "P" * 200)

    asyncio.run(fill())
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.close()
    with path.open("r+b") as file:
        file.seek(page_size * (pages - 2) + 8)
        file.write(b"\x7f" * 400)


def test_check_finds_a_damaged_page(database, monkeypatch, capsys):
    damaged_database(database)
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    checked = cli(capsys, "check")
    assert checked.returncode == 1, checked.stdout
    problem = next(line for line in checked.stdout.splitlines() if line.startswith("database:"))
    assert "PROBLEM" in problem and ("damaged" in problem or "malformed" in problem), problem
    assert checked.stdout.splitlines()[-1] == "NOT healthy: fix the problems above"


def test_run_with_an_unusable_database_says_so_in_one_line(database, monkeypatch, capsys):
    database.mkdir(parents=True)  # a folder where the file should be
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    refused = cli(capsys, "run")
    assert_refused_to_run(refused, "cannot use the database", str(database))
    assert FAKE_TOKEN not in refused.stderr


def test_run_with_discord_out_of_reach_says_so_in_one_line(database, monkeypatch, capsys):
    import discord.http

    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    monkeypatch.setattr(discord.http.Route, "BASE", "https://127.0.0.1:9/api/v10")
    refused = cli(capsys, "run")
    assert_refused_to_run(refused, "cannot reach Discord")
    assert FAKE_TOKEN not in refused.stderr
