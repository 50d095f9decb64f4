"""The operator's commands as an operator meets them: `axio-bot backup`, `restore` and
`forget` (what they print, their exit codes), and LOG_FORMAT=json."""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.ops.logs import JsonFormatter
from storage import Repository
from storage.backup import hold_database
from tests.bot.console import clean_environment, isolated_database
from tests.bot.test_cli import cli
from tests.storage.conftest import running_game

ZED = 80351110224678912


@pytest.fixture
def database(monkeypatch, tmp_path) -> Path:
    return isolated_database(monkeypatch, tmp_path)


async def seat_zed(path: Path) -> int:
    """A game of Ann's and others (not Zed's), Zed hosting a lobby Ann joined, and Zed's
    notify choice."""
    async with await Repository.open(path) as repo:
        record = await running_game(repo, first_user=100)
        lobby = await repo.create_lobby("axio", 1, 99, ZED, "Zed")
        await repo.join(lobby.id, 100, "Ann")
        await repo.set_notify(ZED, True)
        return record.id


async def test_backup_then_restore(database: Path, tmp_path: Path, capsys) -> None:
    await seat_zed(database)
    made = cli(capsys, "backup", "--to", "backups/one.sqlite3")
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith(f"backed up {database} → backups/one.sqlite3: 2 games")
    assert "integrity_check ok" in made.stdout
    again = cli(capsys, "backup", "--to", "backups/one.sqlite3")
    assert again.returncode == 1 and again.stdout == ""
    assert again.stderr == (
        "axio-bot backup: backups/one.sqlite3 already exists: name another file, or add --force\n"
    )
    assert cli(capsys, "backup", "--to", "backups/one.sqlite3", "--force").returncode == 0
    restored = cli(capsys, "restore", "--from", "backups/one.sqlite3")
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.splitlines()[0].startswith(f"restored backups/one.sqlite3 → {database}")
    assert "the database it replaced is kept at" in restored.stdout


async def test_restore_refuses_while_the_bot_runs_or_the_backup_is_bad(
    database: Path, tmp_path: Path, capsys
) -> None:
    await seat_zed(database)
    assert cli(capsys, "backup", "--to", "one.sqlite3").returncode == 0
    hold = hold_database(database)  # a running bot
    try:
        busy = cli(capsys, "restore", "--from", "one.sqlite3")
    finally:
        hold.release()
    assert busy.returncode == 1 and "a bot process is using it: stop the bot first" in busy.stderr
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all" * 100)
    junk = cli(capsys, "restore", "--from", "junk.sqlite3")
    assert junk.returncode == 1 and junk.stderr.startswith("axio-bot restore: ")
    missing = cli(capsys, "restore", "--from", "nowhere.sqlite3")
    assert missing.returncode == 1 and "there is no backup at nowhere.sqlite3" in missing.stderr
    assert not list(database.parent.glob("*before-restore*"))


def test_postgres_backups_are_pg_dumps_and_no_password_is_shown(database, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", "postgresql://axio:s3cret@db-host/axio")
    dumped = cli(capsys, "backup", "--to", "axio.dump")
    assert dumped.returncode == 2
    assert 'pg_dump --format=custom --no-owner --file=axio.dump "$DATABASE_URL"' in dumped.stdout
    loaded = cli(capsys, "restore", "--from", "axio.dump")
    assert loaded.returncode == 2 and "pg_restore --clean" in loaded.stdout
    assert "s3cret" not in dumped.stdout + dumped.stderr + loaded.stdout + loaded.stderr


def zed_data(path: Path) -> int:
    async def count() -> int:
        async with await Repository.open(path) as repo:
            return (await repo.member_data(ZED)).total

    return asyncio.run(count())


def test_forget_asks_first_and_deletes_with_yes(database: Path, capsys) -> None:
    game_id = asyncio.run(seat_zed(database))
    unasked = cli(capsys, "forget", str(ZED))  # no terminal here, and no --yes
    assert unasked.returncode == 1
    assert "nothing deleted; add --yes to delete" in unasked.stderr
    assert "1 seats at tables" in unasked.stdout and "in the lobby of game" in unasked.stdout
    done = cli(capsys, "forget", str(ZED), "--yes")
    assert done.returncode == 0, done.stderr
    assert f"deleted user {ZED}'s data:" in done.stdout
    assert "they left the lobby" in done.stdout
    assert zed_data(database) == 0
    assert f"game {game_id}:" not in done.stdout
    again = cli(capsys, "forget", str(ZED), "--yes")
    assert again.returncode == 0 and "nothing is stored about user" in again.stdout


def test_forget_at_a_terminal_wants_the_id_typed_again(database: Path, monkeypatch, capsys):
    asyncio.run(seat_zed(database))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "12345")
    wrong = cli(capsys, "forget", str(ZED))
    assert wrong.returncode == 1 and "nothing deleted" in wrong.stderr
    monkeypatch.setattr("builtins.input", lambda prompt: f" {ZED}\n")
    assert zed_data(database) > 0
    assert cli(capsys, "forget", str(ZED)).returncode == 0
    assert zed_data(database) == 0


@pytest.mark.parametrize("user_id", ["zed", "-5", "0", "1e9", str(2**64)])
def test_forget_refuses_what_is_not_a_user_id(database, capsys, user_id: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["forget", user_id])
    assert exited.value.code == 2
    assert "a Discord user id is a positive number" in capsys.readouterr().err


def test_json_logs_carry_extra_fields_and_tracebacks() -> None:
    record = logging.makeLogRecord(
        {"name": "axio", "levelno": logging.ERROR, "levelname": "ERROR", "msg": "outage %s"}
    )
    record.args = ("began",)
    record.refused = 3  # what `extra={"refused": 3}` puts on a record
    try:
        raise ValueError("down")
    except ValueError:
        record.exc_info = sys.exc_info()
    line = JsonFormatter().format(record)
    assert "\n" not in line
    data = json.loads(line)
    assert data["message"] == "outage began" and data["level"] == "ERROR"
    assert data["logger"] == "axio" and data["refused"] == 3
    assert "ValueError: down" in data["exception"]


def test_log_format_json_is_used_and_anything_else_refused(tmp_path: Path) -> None:
    script = (
        "from bot.cli import configure_logging; from bot.config import load_settings;"
        "import logging; settings, _ = load_settings(_env_file=None);"
        "configure_logging(settings);"
        "logging.getLogger('axio').info('hello', extra={'game': 7})"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script],
        env=clean_environment(LOG_FORMAT="JSON"),
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    (line,) = shown.stderr.splitlines()
    assert json.loads(line) | {"time": None} == {
        "time": None,
        "level": "INFO",
        "logger": "axio",
        "message": "hello",
        "game": 7,
    }
    refused = subprocess.run(
        [sys.executable, "-m", "bot.cli", "run"],
        env=clean_environment(LOG_FORMAT="xml"),
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert refused.returncode == 2
    assert "LOG_FORMAT: must be one of text, json" in refused.stderr
