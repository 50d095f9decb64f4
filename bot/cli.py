"""`axio-bot`: run the bot, check a setup, or play in a browser without a Discord token.

axio-bot            # the same as `axio-bot run`
axio-bot run        # connect to Discord with DISCORD_TOKEN
axio-bot check      # validate configuration and the database, say what was found
axio-bot playground # the real bot on SimCord's in-memory Discord, in your browser
axio-bot migrate-db --from sqlite:///data/axio.sqlite3 --to postgresql://…  # move up
axio-bot backup --to FILE [--force]   # a consistent copy of the SQLite file, bot running
axio-bot restore --from FILE          # put a backup back (the bot stopped)
axio-bot forget USER_ID [--yes]       # delete a member's data (see bot/ops/admin.py)
axio-bot health [--ready]             # the running bot's /healthz or /readyz (probes)
axio-bot web                          # the game pages alone (WEB_PORT), beside the bot
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import aiohttp
import asyncpg
import discord

from storage import NothingStoredError, StorageError
from storage.target import (
    Target,
    check_url,
    describe,
    is_postgres_url,
    looks_like_url,
    secrets_in,
    sqlite_path,
)

from .config import Settings, load_settings
from .ops import admin
from .ops.logs import configure_logging as configure_log_output
from .ops.server import MetricsPortError
from .ops.stopping import held_signals, until_signalled
from .web.app import WebPortError

if TYPE_CHECKING:
    from .app import AxioBot

log = logging.getLogger("axio")

TOKEN_HELP = (
    "set DISCORD_TOKEN to your bot's token (Discord Developer Portal → your application → "
    "Bot → Reset Token), in the environment or in a .env file; see .env.example"
)
_TOKEN_SHAPE = re.compile(r"^[\w-]{20,}\.[\w-]{4,}\.[\w-]{20,}$")


def configure_logging(settings: Settings) -> None:
    """One line per record: text with key=value details from the bot, or (LOG_FORMAT=json)
    one JSON object; tracebacks for errors either way (see bot/ops/logs.py)."""
    configure_log_output(settings.log_level, settings.log_format)


def token_problem(settings: Settings) -> str | None:
    if settings.discord_token is None or not settings.discord_token.get_secret_value():
        return f"DISCORD_TOKEN is not set: {TOKEN_HELP}"
    if not _TOKEN_SHAPE.match(settings.discord_token.get_secret_value().strip()):
        return f"DISCORD_TOKEN does not look like a bot token: {TOKEN_HELP}"
    return None


def run(settings: Settings) -> int:
    """Connect and play; every way this cannot start is one line on stderr and exit 2."""
    problem = token_problem(settings)
    if problem:
        return _fail(problem)
    try:
        asyncio.run(_check_database(settings))
    except Exception as error:
        return _fail(_database_problem(settings.database, error))
    configure_logging(settings)
    from .app import create_bot

    bot = create_bot(settings)
    token = settings.discord_token.get_secret_value().strip()  # type: ignore[union-attr]
    try:
        asyncio.run(until_signalled(_connected(bot, token)))
    except discord.LoginFailure:
        return _fail(f"Discord refused the token: {TOKEN_HELP}")
    except discord.PrivilegedIntentsRequired:
        return _fail("Discord refused the intents the bot asked for.")
    except (MetricsPortError, WebPortError) as error:
        return _fail(str(error))
    except (aiohttp.ClientError, discord.GatewayNotFound, TimeoutError, OSError) as error:
        return _fail(
            f"cannot reach Discord ({_reason(error)}): check this machine's network and DNS"
        )
    except (sqlite3.Error, asyncpg.PostgresError, StorageError) as error:
        return _fail(_database_problem(settings.database, error))
    return 0


async def _connected(bot: AxioBot, token: str) -> None:
    """Connected to Discord until the connection ends or a signal cancels it; either way
    the bot closes (`AxioBot.close`: the commands in flight answer first)."""
    async with bot:
        await bot.start(token)


def _fail(problem: str) -> int:
    print(f"axio-bot: {problem}", file=sys.stderr)
    return 2


def _reason(error: BaseException, *targets: Target) -> str:
    """An error as one short line: no traceback, never the token, never empty nor a bare
    class name, the password of any of `targets` masked; for a database that did not
    answer, why (the player-facing message would say nothing to an operator)."""
    if isinstance(error, NothingStoredError):
        text = error.reason
    elif isinstance(error, TimeoutError):
        text = "no answer in time"
    else:
        text = " ".join(str(error).split()) or type(error).__name__
    for target in targets:
        for secret in secrets_in(target):
            text = text.replace(secret, "***")
    return text[:300]


def _database_problem(target: Target, error: BaseException) -> str:
    return f"cannot use the database {describe(target)}: {_reason(error, target)}"


def _open_once(path: Path) -> None:
    """Open the file with plain sqlite3 first: when aiosqlite fails to connect, its worker
    thread outlives asyncio.run() and prints a traceback after the report."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sqlite3.connect(path).close()


async def _check_database(settings: Settings) -> list[str]:
    """Open (and migrate) the database, and run SQLite's quick_check: a file with a
    damaged page is a problem, named in the report, not 'healthy'."""
    from storage import Repository

    if not is_postgres_url(settings.database):
        _open_once(sqlite_path(settings.database))
    repo = await Repository.open(settings.database)
    try:
        damage = await repo.damage()
        games = await repo.open_games()
        version = await repo.schema_version()
        owed = await repo.owed_count()
    finally:
        await repo.close()
    if damage:
        raise sqlite3.DatabaseError("damaged: " + "; ".join(damage[:5]))
    return [
        f"database: {describe(settings.database)} (schema version {version}, quick_check ok)",
        f"games in progress: {len(games)}",
        f"table posts still owed: {owed}",
    ]


def check(settings: Settings) -> int:
    """Exit 0 when the bot could start with this configuration; list what was found."""
    healthy = True
    lines = [f"log level: {settings.log_level}"]
    problem = token_problem(settings)
    if problem:
        healthy = False
        lines.append(f"token: PROBLEM — {problem}")
    else:
        lines.append("token: set (hidden)")
    guilds = ", ".join(map(str, settings.dev_guild_ids)) or "none (commands sync globally)"
    lines.append(f"development guilds: {guilds}")
    port = settings.metrics_port
    lines.append(f"metrics and probes: {f'{settings.metrics_host}:{port}' if port else 'off'}")
    try:
        lines.extend(asyncio.run(_check_database(settings)))
    except Exception as error:
        healthy = False
        reason = _reason(error, settings.database)
        lines.append(f"database: PROBLEM — {describe(settings.database)}: {reason}")
    for line in lines:
        print(line)
    print("healthy" if healthy else "NOT healthy: fix the problems above")
    return 0 if healthy else 1


def playground(
    settings: Settings, seconds: float | None, port: int | None, languages: list[tuple[str, str]]
) -> int:
    try:
        from .playground import serve
    except ImportError:
        print(
            'axio-bot: the playground needs SimCord\'s preview: pip install -e ".[playground]"',
            file=sys.stderr,
        )
        return 2
    configure_logging(settings)
    playing = serve(settings, seconds=seconds, port=port, languages=dict(languages))
    asyncio.run(until_signalled(playing))
    print("AXIO playground stopped.", file=sys.stderr)
    return 0


def web(settings: Settings) -> int:
    """The game pages without the bot (with PostgreSQL, beside the bot's processes), and
    with METRICS_PORT its metrics and probes (bot/web_alone.py), until SIGTERM or SIGINT."""
    if settings.web_port is None:
        return _fail("set WEB_PORT to the port the game pages are served on (and PUBLIC_URL)")
    configure_logging(settings)
    from .table.painter import Painter
    from .web_alone import serve_pages

    painter = Painter(processes=1)  # the unfurled links' board pictures
    try:
        asyncio.run(until_signalled(serve_pages(settings, painter.paint)))
    except (MetricsPortError, WebPortError) as error:
        return _fail(str(error))
    except (sqlite3.Error, asyncpg.PostgresError, StorageError, OSError) as error:
        return _fail(_database_problem(settings.database, error))
    finally:
        painter.close()
    print("AXIO game pages stopped.", file=sys.stderr)
    return 0


def migrate_db(source: str, target: str) -> int:
    """Copy every game, move, result, rating and setting into an empty database. The
    source must exist and be ours (it is only read); the target must be empty; a failure
    leaves the target as it was (one transaction), or says it may be incomplete."""
    from storage.transfer import copy_database

    for flag, value in (("--from", source), ("--to", target)):
        if looks_like_url(value):
            try:
                check_url(value)
            except ValueError as error:
                return _fail(f"migrate-db: {flag}: {error}")
    print(f"copying {describe(source)} → {describe(target)}")
    try:
        copied = asyncio.run(copy_database(source, target, say=print))
    except (StorageError, ValueError, OSError, sqlite3.Error, asyncpg.PostgresError) as error:
        return _fail(f"migrate-db: {_reason(error, source, target)}")
    print(f"done: {sum(copied.values())} rows in {len(copied)} tables, counts verified")
    return 0


def operate(settings: Settings, args: argparse.Namespace) -> int:
    """backup, restore, forget and health (bot/ops/admin.py: what each does, its exit codes)."""
    if args.command == "backup":
        return admin.backup(settings.database, args.target, force=args.force)
    if args.command == "restore":
        return admin.restore(settings.database, args.source)
    if args.command == "health":
        return admin.health(settings.metrics_host, settings.metrics_port, ready=args.ready)
    ask = input if sys.stdin.isatty() else None
    return admin.forget(settings.database, args.user_id, yes=args.yes, ask=ask)


def _user_id(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) < 2**63:
        raise argparse.ArgumentTypeError(f"a Discord user id is a positive number, not {text!r}")
    return int(text)


def _member_language(text: str) -> tuple[str, str]:
    """`--language Brook=de`: checked by the playground, when its extra is installed (if
    not, the playground command says how to install it)."""
    try:
        from .playground import language_option
    except ImportError:
        return text.partition("=")[::2]
    try:
        return language_option(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _shard_options(args: argparse.Namespace) -> dict[str, object]:
    """--shard-count and --shard-ids, which win over SHARD_COUNT and SHARD_IDS; passed on
    as given, so Settings checks flags and variables in one place."""
    options: dict[str, object] = {}
    if args.shard_count is not None:
        options["shard_count"] = args.shard_count
    if args.shard_ids is not None:
        options["shard_ids"] = args.shard_ids
    return options


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="axio-bot", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    running = commands.add_parser("run", help="connect to Discord (the default)")
    running.add_argument("--shard-count", help="shards in all (SHARD_COUNT)")
    running.add_argument("--shard-ids", help="the shards this process runs, e.g. 0,1 (SHARD_IDS)")
    commands.add_parser("check", help="validate configuration and the database")
    moving = commands.add_parser("migrate-db", help="copy all data into an empty database")
    moving.add_argument("--from", dest="source", required=True, help="sqlite:///path or URL")
    moving.add_argument("--to", dest="target", required=True, help="postgresql://… or path")
    saving = commands.add_parser("backup", help="copy the SQLite database, even while it runs")
    saving.add_argument("--to", dest="target", type=Path, required=True, help="the new file")
    saving.add_argument("--force", action="store_true", help="replace the file if it exists")
    loading = commands.add_parser("restore", help="put a backup back (stop the bot first)")
    loading.add_argument("--from", dest="source", type=Path, required=True, help="the backup")
    forgetting = commands.add_parser("forget", help="delete a member's data, on their request")
    forgetting.add_argument("user_id", type=_user_id, help="the member's Discord user id")
    forgetting.add_argument("--yes", action="store_true", help="do not ask to confirm")
    probing = commands.add_parser("health", help="is the running bot alive (or ready)?")
    probing.add_argument("--ready", action="store_true", help="ask /readyz, not /healthz")
    commands.add_parser("web", help="serve the game pages alone (WEB_PORT, PUBLIC_URL)")
    play = commands.add_parser("playground", help="play in a browser, no token needed")
    play.add_argument("--seconds", type=float, help="stop after this many seconds")
    play.add_argument(
        "--port",
        type=int,
        help="the port on 127.0.0.1 of the page that opens the board and threads "
        "(default: any free one)",
    )
    play.add_argument(
        "--language",
        action="append",
        default=[],
        type=_member_language,
        metavar="MEMBER=LOCALE",
        help="a member's Discord language, e.g. Brook=de (again for another member)",
    )
    args = parser.parse_args(argv)
    if args.command == "migrate-db":
        return migrate_db(args.source, args.target)
    settings, problem = load_settings(**(_shard_options(args) if args.command == "run" else {}))
    if settings is None:
        if args.command == "check":
            print(f"configuration: PROBLEM — {problem}")
            print("NOT healthy: fix the problems above")
            return 1
        print(f"axio-bot: invalid configuration: {problem}", file=sys.stderr)
        return 2
    if args.command == "check":
        return check(settings)
    if args.command in ("backup", "restore", "forget", "health"):
        return operate(settings, args)
    with held_signals():  # from here on, SIGTERM and SIGINT stop the bot (ops/stopping.py)
        if args.command == "playground":
            return playground(settings, args.seconds, args.port, args.language)
        if args.command == "web":
            return web(settings)
        return run(settings)


if __name__ == "__main__":
    sys.exit(main())
