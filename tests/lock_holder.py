"""Another process holding a SQLite file's write lock: what a second bot process, a backup
tool or a slow disk does to the bot. Shared by the storage and bot tests and bench_crash."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HOLDER = textwrap.dedent(
    """
    import select, sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
    conn.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    select.select([sys.stdin], [], [], float(sys.argv[2]))  # until told, or the time is up
    conn.execute("COMMIT")
    """
)


@contextmanager
def holding_write_lock(path: Path, seconds: float = 60) -> Iterator[subprocess.Popen[str]]:
    """Inside the block another process holds BEGIN IMMEDIATE on `path` (for at most
    `seconds`); `holder.poll() is None` says it still does."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), str(seconds)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield holder
        holder.communicate("\n", timeout=seconds + 300)  # it lets go when told
    finally:
        if holder.poll() is None:  # the test failed or gave up: the holder goes too
            holder.kill()
            holder.wait()
