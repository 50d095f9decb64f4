"""Running `axio-bot` as an operator would: a clean environment, no stray .env file."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

# Token-shaped (three dot-separated base64url parts), and obviously not a real token.
FAKE_TOKEN = ".".join(["A" * 24, "B" * 6, "C" * 27])
SETTINGS_VARIABLES = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DEV_GUILD_IDS",
    "LOG_LEVEL",
    "COMPUTER_BUDGET_S",
    "SCHEDULER_MINUTES",
)


def clean_environment(**settings: str) -> dict[str, str]:
    """This process's environment without any AXIO settings, plus the ones given."""
    names = {name.upper() for name in SETTINGS_VARIABLES}
    environment = {k: v for k, v in os.environ.items() if k.upper() not in names}
    return environment | settings


def run_console(
    script: str | Path, *args: str, cwd: Path, timeout: float = 60, **settings: str
) -> subprocess.CompletedProcess[str]:
    """Run an installed `axio-bot` with only the given settings, from `cwd`."""
    return subprocess.run(
        [str(script), *args],
        cwd=cwd,
        env=clean_environment(**settings),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def assert_healthy_check(code: int, out: str, err: str, database: Path) -> None:
    """`axio-bot check` found a usable token and a fresh database, and kept the token secret."""
    assert code == 0, out + err
    lines = out.splitlines()
    assert "token: set (hidden)" in lines
    found = re.search(
        rf"^database: {re.escape(str(database))} \(schema version (\d+)\)$", out, re.M
    )
    assert found is not None and int(found[1]) >= 1, out
    assert "games in progress: 0" in lines
    assert lines[-1] == "healthy"
    assert FAKE_TOKEN not in out + err
    assert "Traceback" not in err
    assert database.is_file()
