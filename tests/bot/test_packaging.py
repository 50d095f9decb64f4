"""The Docker image and compose file: their essentials, read from the files themselves, and
every Python step of the Dockerfile carried out in a fresh virtual environment."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path, PurePosixPath

import pytest

from storage.schema import MIGRATIONS
from tests.bot.console import (
    FAKE_TOKEN,
    assert_healthy_check,
    assert_refused_to_run,
    run_isolated,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = PurePosixPath("/data")


def dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    steps = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            steps.append((keyword.upper(), rest.strip()))
    return steps


def words(arguments: str) -> list[str]:
    """Exec form (a JSON array) or shell form, as words."""
    return json.loads(arguments) if arguments.startswith("[") else shlex.split(arguments)


def instruction(name: str) -> list[str]:
    return [rest for keyword, rest in dockerfile() if keyword == name]


def image_environment() -> dict[str, str]:
    return dict(pair.split("=", 1) for rest in instruction("ENV") for pair in shlex.split(rest))


def pip_steps() -> list[list[str]]:
    return [words(rest) for rest in instruction("RUN") if words(rest)[:2] == ["pip", "install"]]


def healthcheck() -> list[str]:
    (rest,) = instruction("HEALTHCHECK")
    return words(rest.split(" CMD ", 1)[1])


def copied(steps: list[tuple[str, str]]) -> set[str]:
    """The sources of these steps' COPY instructions."""
    return {source for keyword, rest in steps if keyword == "COPY" for source in words(rest)[:-1]}


def test_the_image_is_slim_python_installing_the_project_from_pyproject():
    steps = dockerfile()
    assert steps[0] == ("FROM", "python:3.11-slim")
    assert [step[-1] for step in pip_steps()] == ["."]  # pip install . — from pyproject.toml
    pip_at = next(i for i, (k, rest) in enumerate(steps) if k == "RUN" and "pip install" in rest)
    assert {"pyproject.toml", "README.md"} <= copied(steps[:pip_at])


def test_the_image_copies_every_package_setuptools_installs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    sources = copied(dockerfile())
    assert packages | {project["project"]["readme"]} <= sources
    assert all((ROOT / source).exists() for source in sources)


def test_the_bot_runs_as_a_user_who_owns_the_data_volume():
    steps = dockerfile()
    users = [(i, rest) for i, (keyword, rest) in enumerate(steps) if keyword == "USER"]
    assert users, "the image must not run as root"
    at, user = users[-1]
    assert user not in ("root", "0")
    setup = " ".join(rest for keyword, rest in steps[:at] if keyword == "RUN")
    assert re.search(rf"chown {user}(:{user})? {DATA}\b", setup), "the user must own /data"
    assert any(str(DATA) in words(rest) for rest in instruction("VOLUME"))
    assert PurePosixPath(image_environment()["DATABASE_PATH"]).parent == DATA


def test_the_image_runs_the_bot_and_checks_its_health_with_the_console_script():
    assert [words(rest) for rest in instruction("CMD")] == [["axio-bot", "run"]]
    assert healthcheck() == ["axio-bot", "health"]  # the bot's own /healthz, on its port
    assert image_environment()["METRICS_PORT"] in {words(rest)[0] for rest in instruction("EXPOSE")}


def test_compose_keeps_the_database_on_a_volume_and_the_token_in_the_environment():
    compose = (ROOT / "compose.yaml").read_text()
    token = re.search(r"^\s+DISCORD_TOKEN:\s*(.+)$", compose, re.MULTILINE)
    assert token is not None
    assert re.fullmatch(r"\$\{DISCORD_TOKEN(:?[?-][^}]*)?\}", token[1].strip())
    mount = re.search(rf"^\s+-\s*([\w-]+):{DATA}\s*$", compose, re.MULTILINE)
    assert mount is not None, "a named volume mounted on /data"
    assert re.search(rf"^volumes:\s*\n\s+{mount[1]}:", compose, re.MULTILINE)
    path = re.search(r"^\s+DATABASE_PATH:\s*(\S+)\s*$", compose, re.MULTILINE)
    assert path is not None and path[1] == image_environment()["DATABASE_PATH"]


def copy_build_context(build: Path) -> None:
    """What the Dockerfile's COPY instructions put into its WORKDIR."""
    build.mkdir()
    for rest in instruction("COPY"):
        *sources, destination = words(rest)
        for source in sources:
            target = build / destination
            if destination.endswith("/"):
                target = target / Path(source).name
            if (ROOT / source).is_dir():
                shutil.copytree(ROOT / source, target, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(ROOT / source, target)


@pytest.mark.slow
def test_the_dockerfile_python_steps_work_in_a_fresh_virtualenv(tmp_path):
    build, venv = tmp_path / "app", tmp_path / "venv"
    copy_build_context(build)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    bin_dir = venv / "bin"
    # The image's environment, except that pip may reuse its cache here (it keeps the
    # image small there) and the database goes into the test's folder.
    environment = image_environment()
    environment.pop("PIP_NO_CACHE_DIR", None)
    database = tmp_path / "data" / "axio.sqlite3"
    environment["DATABASE_PATH"] = str(database)
    for step in pip_steps():
        installed = run_isolated(
            bin_dir / "python", "-m", *step, "--quiet", cwd=build, timeout=300, **environment
        )
        assert installed.returncode == 0, installed.stderr[-3000:]

    checked = run_isolated(
        bin_dir / "axio-bot", "check", cwd=build, DISCORD_TOKEN=FAKE_TOKEN, **environment
    )
    version = assert_healthy_check(checked, database)
    assert version == len(list(MIGRATIONS.glob("*.sql")))  # the installed package has them all

    (cmd,) = instruction("CMD")
    command, *arguments = words(cmd)
    refused = run_isolated(bin_dir / command, *arguments, cwd=build, **environment)
    assert_refused_to_run(refused, "DISCORD_TOKEN is not set")
    probe, *arguments = healthcheck()  # no bot runs here, so the probe says so
    unanswered = run_isolated(bin_dir / probe, *arguments, cwd=build, **environment)
    assert unanswered.returncode == 1
    assert "no answer at http://127.0.0.1:9100/healthz" in unanswered.stderr
