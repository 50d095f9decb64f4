"""`python -m engine score rota`: exact JSON on success, one stderr line and exit 2 on error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from tests.engine.rota_positions import START_SQUARE

# The rulebook's "2 points for red and 1 point for blue" (see test_rota_examples).
DISPLAY = START_SQUARE + "2,1: g o p b\n"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def display_file(tmp_path: Path) -> str:
    path = tmp_path / "display.txt"
    path.write_text(DISPLAY, encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["score", "rota", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_rota_cli_prints_points_by_colour_and_extra_turns(
    capsys: pytest.CaptureFixture[str], display_file: str
) -> None:
    status, out, err = run(capsys, "--display", display_file, "--place", "2,0: b g p r")
    assert (status, err) == (0, "")
    assert out == '{"points": {"red": 2, "blue": 1}, "extra_turns": 0}\n'


def test_rota_cli_turns_the_tile_and_names_the_empty_corner(
    capsys: pytest.CaptureFixture[str], display_file: str
) -> None:
    # "r g b -" turned 90 lies as "- r g b": the empty TL meets (1,0)'s TR b, named blue;
    # the BL b meets r, r, g; the BR g meets (2,1)'s TR o.
    argv = ("--display", display_file, "--place", "2,0: r g b -", "--turn", "90", "--name", "b")
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert out == '{"points": {"blue": 1}, "extra_turns": 0}\n'


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--place", "2,0: r g b o"), "the following arguments are required: --display"),
        (("--place", "2,0 r g b o", "--display", "{file}"), "is not a placed tile"),
        (("--place", "2,0: r g b o", "--display", "/nonexistent/x"), "cannot read"),
        (("--place", "2,0: r g b o", "--display", "{file}", "--turn", "45"), "not 45"),
        (("--place", "2,0: r g b o", "--display", "{file}", "--name", "x"), "not a colour"),
        (("--place", "2,0: r g b o", "--display", "{file}", "--name", "g"), "no empty corner"),
        (("--place", "2,0: r g b -", "--display", "{file}"), "name a colour"),
        (("--place", "1,1: r g b o", "--display", "{file}"), "already holds a tile"),
        (("--place", "5,5: r g b o", "--display", "{file}"), "shares no side"),
        (("--place", "2,0: r p - b", "--display", "{file}"), "no tile like r p - b"),
    ],
)
def test_rota_cli_refuses_bad_input_with_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], display_file: str, argv: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *(a.replace("{file}", display_file) for a in argv))
    assert status == 2
    assert out == ""
    assert err.startswith("error: ") and err.count("\n") == 1
    assert message in err


def test_rota_cli_refuses_a_malformed_display(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("0,0: r g b o\n3,3: r g o b\n", encoding="utf-8")
    status, _, err = run(capsys, "--display", str(path), "--place", "1,0: r b o g")
    assert status == 2
    assert (
        err == "error: 3,3 shares no side with the other tiles: a display is one group of tiles\n"
    )


def test_rota_cli_runs_as_a_module(display_file: str) -> None:
    command = [sys.executable, "-m", "engine", "score", "rota", "--display", display_file]
    done = subprocess.run(
        [*command, "--place", "2,0: b g p r"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout) == (
        0,
        '{"points": {"red": 2, "blue": 1}, "extra_turns": 0}\n',
    )
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr == "error: the following arguments are required: --place\n"
