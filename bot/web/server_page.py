"""A server's own page, `/s/<code>`: its leaderboards (all time and the latest seasons), its
recent games with links to their pages, yesterday's daily table (a day's table only once
the day is over: before, its moves would be the day's answer) and its tournaments with
their standings.

It answers only while the server's managers have it on (`/axio settings web_page:on`;
storage/server_pages.py); otherwise, and for any unknown or malformed code, the same
plain 404 as a game page. Nothing is cached: every request reads storage, so a forgotten
member is "a former player" here at once, as a server turning its page off is a 404 at
once. Names are escaped by the templates (autoescape).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from engine.daily import day_date, day_number
from engine.tournament import format_points
from storage import Repository
from storage.records import HistoryEntry, LeaderboardEntry

from ..i18n import _, speaking
from ..screens.community import month_words, shown_rating
from ..screens.present import title
from ..screens.tournament import TIE_BREAKS, standings_subtitle
from .words import reader_language, status_word

KINDS = ("axio", "rota")
SEASONS = 2
"""Seasons shown per game beside all time: the running month and the one before."""
LEADERS = 10
RECENT = 15
TOURNAMENTS = 5


class ServerPages:
    def __init__(
        self, repo: Repository, *, clock: Callable[[], datetime], public_url: str | None
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.public_url = (public_url or "").rstrip("/")

    def add_to(self, app: web.Application) -> None:
        app.router.add_get(r"/s/{code:[A-Za-z0-9_-]+}", self.page)

    async def page(self, request: web.Request) -> web.Response:
        guild = await self.repo.server_of_page(request.match_info["code"])
        if guild is None:
            raise web.HTTPNotFound()
        language = reader_language(request.headers.get("Accept-Language"))
        with speaking(language):
            context = await self.context(guild, request.match_info["code"], language)
            response = aiohttp_jinja2.render_template("server.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Content-Language"] = language
        return response

    async def context(self, guild: int, code: str, language: str) -> dict[str, Any]:
        """What server.html is rendered from."""
        boards = [board async for board in self.leaderboards(guild)]
        history = await self.repo.recent_history(guild, limit=RECENT)
        yesterday = day_number(self.clock()) - 1
        dailies = []
        for kind in KINDS:
            entries = await self.repo.daily_table(yesterday, kind, guild, limit=LEADERS)
            if entries:
                dailies.append({"heading": title(kind), "entries": entries})
        daily_games = [e.game_id for daily in dailies for e in daily["entries"]]
        codes = await self.repo.shown_game_codes(guild, [g.game_id for g in history] + daily_games)
        tournaments = []
        for t in await self.repo.tournaments(guild, limit=TOURNAMENTS):
            standings = await self.repo.tournament_standings(t.id)
            tournaments.append(
                {
                    "anchor": f"t{t.id}",
                    "heading": f"{t.name} (#{t.id}) · {title(t.kind)}",
                    "state": standings_subtitle(t, None),
                    "rows": [
                        (
                            s.rank,
                            _("{name} (withdrawn)", name=s.name) if s.withdrawn else s.name,
                            format_points(s.points),
                            format_points(s.buchholz),
                            s.lowest_sum,
                        )
                        for s in standings
                    ],
                }
            )
        return {
            "language": language,
            "title": _("AXIO on this server"),
            "url": f"{self.public_url}/s/{code}" if self.public_url else None,
            "boards": boards,
            "games": [game_row(entry, codes) for entry in history],
            "daily_day": day_date(yesterday).isoformat(),
            "dailies": [
                {
                    "heading": daily["heading"],
                    "rows": [
                        (e.rank, e.name, e.score, codes.get(e.game_id)) for e in daily["entries"]
                    ],
                }
                for daily in dailies
            ],
            "tournaments": tournaments,
            "words": server_words(),
        }

    async def leaderboards(self, guild: int) -> Any:
        """Each game's all-time table, then its latest seasons' own tables."""
        for kind in KINDS:
            yield board(
                _("{game}, all time", game=title(kind)),
                await self.repo.leaderboard(guild, kind, LEADERS),
            )
            for season in (await self.repo.seasons(guild, kind))[:SEASONS]:
                entries = await self.repo.leaderboard(guild, kind, LEADERS, season=season)
                heading = _("{game}, {season}", game=title(kind), season=month_words(season))
                yield board(heading, entries)


def board(heading: str, entries: list[LeaderboardEntry]) -> dict[str, Any]:
    return {
        "heading": heading,
        "rows": [
            (
                e.position,
                e.name,
                shown_rating(e.rating, e.games),
                e.games,
                e.wins,
                "-" if e.best_lowest is None else e.best_lowest,
            )
            for e in entries
        ],
    }


def game_row(entry: HistoryEntry, codes: dict[int, str]) -> dict[str, Any]:
    """A recent game: its number, game, day, players with their lowest colour, its page."""
    seats = sorted(entry.results, key=lambda r: r.rank)
    players = ", ".join(f"{'★ ' if r.winner else ''}{r.name} {r.lowest}" for r in seats)
    return {
        "number": entry.game_id,
        "game": title(entry.kind),
        "day": entry.finished_at.date().isoformat(),
        "players": players,
        "status": status_word("cancelled") if entry.ended_reason else "",
        "code": codes.get(entry.game_id),
    }


def server_words() -> dict[str, str]:
    """The server page's own texts, in the language being spoken."""
    return {
        "leaderboards": _("Leaderboards"),
        "noRated": _("No rated games yet."),
        "position": _("Place"),
        "player": _("Player"),
        "rating": _("Rating"),
        "games": _("Games"),
        "wins": _("Wins"),
        "best": _("Best lowest colour"),
        "recent": _("Recent games"),
        "noGames": _("No finished games yet."),
        "lowestNote": _("Numbers are each player's lowest colour."),
        "daily": _("Yesterday's daily challenge"),
        "noDaily": _("Nobody here finished yesterday's daily challenge."),
        "score": _("Score"),
        "tournaments": _("Tournaments"),
        "noTournaments": _("No tournaments yet."),
        "nobodyYet": _("Nobody has signed up yet."),
        "points": _("Points"),
        "buchholz": _("Buchholz"),
        "lows": _("Lowest colours"),
        "ties": _(TIE_BREAKS),
    }
