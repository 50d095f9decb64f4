"""The picture workers' allocator setting (`render.memory`): it takes on glibc, and the
pictures drawn after it are the same bytes."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

SCRIPT = """
import hashlib, sys
from engine import AxioGame
from render import render_table
from render.memory import keep_picture_memory
from render.samples import played
kept = keep_picture_memory() if sys.argv[1] == "kept" else None
picture = render_table(played(AxioGame(4, 3), 30), ["a", "b", "c", "d"])
print(kept, hashlib.sha256(picture).hexdigest())
"""


def draw_in_a_fresh_process(how: str) -> tuple[str, str]:
    out = subprocess.run([sys.executable, "-c", SCRIPT, how], capture_output=True,
                         text=True, check=True).stdout.split()  # fmt: skip
    return out[0], out[1]


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's allocator only")
def test_the_allocator_setting_takes_and_changes_no_picture():
    kept, tuned = draw_in_a_fresh_process("kept")
    untouched, plain = draw_in_a_fresh_process("plain")
    assert kept == "True" and untouched == "None"
    assert tuned == plain
