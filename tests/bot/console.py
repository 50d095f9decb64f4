"""Running `axio-bot` as an operator would: a clean environment, no stray .env file."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Any

# Token-shaped (three dot-separated base64url parts), and obviously not a real token.
FAKE_TOKEN = ".".join(["A" * 24, "B" * 6, "C" * 27])
Result = subprocess.CompletedProcess[str]
SETTINGS_VARIABLES = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DEV_GUILD_IDS",
    "LOG_LEVEL",
    "COMPUTER_BUDGET_S",
    "SCHEDULER_MINUTES",
    "DATABASE_URL",
    "SHARD_COUNT",
    "SHARD_IDS",
    "COMPUTER_PROCESSES",
    "LOG_FORMAT",
    "METRICS_PORT",
    "METRICS_HOST",
)


def isolated_database(monkeypatch: Any, tmp_path: Path) -> Path:
    """No AXIO settings in the environment and no .env file (the working folder is
    `tmp_path`); a fresh database path in DATABASE_PATH."""
    for name in SETTINGS_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "data" / "axio.sqlite3"
    monkeypatch.setenv("DATABASE_PATH", str(path))
    return path


def clean_environment(**settings: str) -> dict[str, str]:
    """This process's environment without any AXIO settings, plus the ones given."""
    names = {name.upper() for name in SETTINGS_VARIABLES}
    environment = {k: v for k, v in os.environ.items() if k.upper() not in names}
    return environment | settings


def run_isolated(
    program: str | Path, *args: str, cwd: Path, timeout: float = 60, **settings: str
) -> Result:
    """Run a program (an installed `axio-bot`, pip) with only the given settings, from `cwd`."""
    return subprocess.run(
        [str(program), *args],
        cwd=cwd,
        env=clean_environment(**settings),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def assert_healthy_check(result: Result, database: Path) -> int:
    """`axio-bot check` found a usable token and a fresh database, and kept the token secret.
    Returns the schema version it reported."""
    out, err = result.stdout, result.stderr
    assert result.returncode == 0, out + err
    lines = out.splitlines()
    assert "token: set (hidden)" in lines
    pattern = rf"^database: {re.escape(str(database))} \(schema version (\d+), quick_check ok\)$"
    found = re.search(pattern, out, re.MULTILINE)
    assert found is not None and int(found[1]) >= 1, out
    assert "games in progress: 0" in lines
    assert lines[-1] == "healthy"
    assert FAKE_TOKEN not in out + err
    assert "Traceback" not in err
    assert database.is_file()
    return int(found[1])


def assert_refused_to_run(result: Result, *phrases: str) -> None:
    """A refusal to start: exit 2, one `axio-bot: …` line on stderr with these phrases."""
    assert result.returncode == 2 and result.stdout == "", result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("axio-bot: ")
    for phrase in phrases:
        assert phrase in lines[0]
