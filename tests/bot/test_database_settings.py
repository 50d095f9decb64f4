"""DATABASE_URL, DATABASE_PATH and the shard settings as an operator mistypes them, and a
database server that never answers: one clear line naming the variable, exit ≠ 0, no
password in any output, no folder or file made, and no wait of a minute."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from tests.bot.console import FAKE_TOKEN, run_isolated
from tests.waiting import GIVE_UP_S

from .test_cli import CONSOLE_SCRIPT

pytestmark = pytest.mark.skipif(CONSOLE_SCRIPT is None, reason="axio-bot is not installed")

SECRET = "s3cret"
MISTYPED_URLS = [
    f"postgresql:/axio:{SECRET}@db-host/axio",  # one slash missing
    "just some words",
    f"mysql://axio:{SECRET}@db/axio",
    f"postgresql://axio:{SECRET}@db-host",  # no database
    f"postgresql://axio:{SECRET}@:5432/axio",  # no host
    f"postgresql://axio:{SECRET}@db:port/axio",
    "sqlite://data/axio.sqlite3",  # two slashes: a host, not a file
    f"postgres:axio:{SECRET}@db/axio",
]


def _only_what_was_there(folder: Path) -> None:
    assert sorted(p.name for p in folder.iterdir()) == [], list(folder.iterdir())


@pytest.mark.parametrize("url", MISTYPED_URLS)
@pytest.mark.parametrize("command", ["check", "run"])
def test_a_mistyped_database_url_is_refused_in_one_line(tmp_path, url, command):
    done = run_isolated(
        CONSOLE_SCRIPT, command, cwd=tmp_path, DISCORD_TOKEN=FAKE_TOKEN, DATABASE_URL=url
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0
    assert SECRET not in output and FAKE_TOKEN not in output
    assert "Traceback" not in output
    problem = [line for line in output.splitlines() if "DATABASE_URL" in line]
    assert len(problem) == 1 and ("PROBLEM" in problem[0] or "invalid" in problem[0])
    if command == "run":
        assert done.stdout == "" and len(done.stderr.splitlines()) == 1
    _only_what_was_there(tmp_path)


def test_a_url_in_database_path_is_refused(tmp_path):
    done = run_isolated(
        CONSOLE_SCRIPT, "check", cwd=tmp_path, DATABASE_PATH=f"postgresql://a:{SECRET}@db/axio"
    )
    assert done.returncode == 1 and "DATABASE_PATH" in done.stdout
    assert SECRET not in done.stdout + done.stderr
    _only_what_was_there(tmp_path)


@pytest.mark.parametrize(
    ("args", "env", "named"),
    [
        (["--shard-ids", "x"], {}, "--shard-ids (SHARD_IDS)"),
        (["--shard-count", "x"], {}, "--shard-count (SHARD_COUNT)"),
        (["--shard-count", "0"], {}, "--shard-count (SHARD_COUNT)"),
        (["--shard-count", "2", "--shard-ids", "0,2"], {}, "SHARD_IDS (--shard-ids)"),
        (["--shard-ids", "1"], {}, "SHARD_COUNT"),
        ([], {"SHARD_IDS": "one"}, "SHARD_IDS"),
        ([], {"SHARD_COUNT": "-1"}, "SHARD_COUNT"),
        ([], {"SHARD_COUNT": "4", "SHARD_IDS": "4"}, "SHARD_IDS"),
    ],
)
def test_every_shard_value_is_checked_in_one_place(tmp_path, args, env, named):
    done = run_isolated(CONSOLE_SCRIPT, "run", *args, cwd=tmp_path, DISCORD_TOKEN=FAKE_TOKEN, **env)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("axio-bot: invalid configuration: ") and named in line
    _only_what_was_there(tmp_path)


@pytest.mark.parametrize("command", ["check", "run"])
def test_a_server_that_never_answers_is_reported_within_seconds(tmp_path, command):
    with socket.socket() as silent:  # the kernel accepts connections; nobody answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        port = silent.getsockname()[1]
        started = time.monotonic()
        done = run_isolated(
            CONSOLE_SCRIPT,
            command,
            cwd=tmp_path,
            DISCORD_TOKEN=FAKE_TOKEN,
            DATABASE_URL=f"postgresql://axio:{SECRET}@127.0.0.1:{port}/axio",
        )
        took = time.monotonic() - started
    output = done.stdout + done.stderr
    # its own 5 s limit ended the wait (the message says so); GIVE_UP_S only bounds a hang
    assert done.returncode != 0 and took < GIVE_UP_S, (took, output)
    assert "no answer within 5 s" in output and "postgresql://axio:***@127.0.0.1" in output
    assert SECRET not in output and "TimeoutError" not in output and "Traceback" not in output


def test_migrate_db_from_a_missing_file_creates_nothing(tmp_path):
    done = run_isolated(
        CONSOLE_SCRIPT,
        "migrate-db",
        "--from",
        str(tmp_path / "missing.sqlite3"),
        "--to",
        f"sqlite:///{tmp_path / 'new.sqlite3'}",
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert "there is no database at" in done.stderr and "Traceback" not in done.stderr
    _only_what_was_there(tmp_path)


@pytest.mark.parametrize("url", MISTYPED_URLS[:3])
@pytest.mark.parametrize("flag", ["--from", "--to"])
def test_migrate_db_refuses_a_mistyped_url_without_its_password(tmp_path, url, flag):
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    source, target = (url, other) if flag == "--from" else (other, url)
    done = run_isolated(
        CONSOLE_SCRIPT, "migrate-db", "--from", source, "--to", target, cwd=tmp_path
    )
    assert done.returncode == 2 and SECRET not in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    _only_what_was_there(tmp_path)
