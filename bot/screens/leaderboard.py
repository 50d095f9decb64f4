"""`/axio leaderboard`: a server's ratings as a picture a phone reads, a row per player on
one line (as text, the name came after a line of figures and wrapped below it on a
phone), with the notes beside it and every row again in its alt text.

Computers are rated like everyone (their games count for the people they play), so their
rows are listed too where their rating puts them, greyed and without a place: a member
sees how they stand against the hard computer, and the note "computers are rated too" is
one they can check.
"""

from __future__ import annotations

import discord

from render import RankingRow, render_leaderboard
from storage import COMPUTER_IDS, LeaderboardEntry

from ..i18n import _, ngettext, number, pgettext
from .community import month_words, rating_note, shown_rating
from .game_choices import computer_words
from .present import title
from .safe_text import plain_name
from .summary import Paint, image_file

PEOPLE_SHOWN = 10
"""Members a leaderboard lists; rated computers among them are listed besides."""
FETCHED = PEOPLE_SHOWN + len(COMPUTER_IDS)
"""Rows to read: the first PEOPLE_SHOWN members whatever the computers ranked among them."""
FILENAME = "axio-leaderboard.png"
LEVELS = {player_id: level for level, player_id in COMPUTER_IDS.items()}


def heading(kind: str, season: int | None) -> str:
    if season is None:
        return _("🏆 {game} leaderboard", game=title(kind))
    return _("🏆 {game} leaderboard — {season}", game=title(kind), season=month_words(season))


def shown_entries(entries: list[LeaderboardEntry]) -> list[tuple[str, LeaderboardEntry]]:
    """(place, entry) for the first PEOPLE_SHOWN members and the computers ranked among
    them or just below them (they are ranked above any member left out); a computer has
    no place ("")."""
    rows: list[tuple[str, LeaderboardEntry]] = []
    people = 0
    for entry in entries:
        if entry.player_id in LEVELS:
            rows.append(("", entry))
        elif people < PEOPLE_SHOWN:
            people += 1
            rows.append((str(people), entry))
        else:
            break
    return rows


def entry_name(entry: LeaderboardEntry) -> str:
    level = LEVELS.get(entry.player_id)
    return computer_words(level) if level else plain_name(entry.name)


async def leaderboard_message(
    kind: str, entries: list[LeaderboardEntry], season: int | None, paint: Paint
) -> tuple[str, discord.File | None]:
    """The words (heading and notes) and the picture; no picture while nobody is rated."""
    rows = shown_entries(entries)
    if not any(place for place, _ in rows):
        empty = (
            _("No rated games this season yet. Finish a game with `/axio new` to appear here.")
            if season is not None
            else _("No rated games yet. Finish a game with `/axio new` to appear here.")
        )
        return f"{heading(kind, season)}\n{empty}", None
    season_note = (
        _("{season}: ratings from that month's games alone.", season=month_words(season))
        if season is not None
        else _("All time. A month's own table: season option.")
    )
    words = f"{heading(kind, season)}\n-# {season_note} {rating_note()}"
    ranking = [
        RankingRow(
            place,
            entry_name(entry),
            (
                shown_rating(entry.rating, entry.games),
                number(entry.games, 0),
                number(entry.wins, 0),
                "-" if entry.best_lowest is None else str(entry.best_lowest),
            ),
            muted=not place,
        )
        for place, entry in rows
    ]
    picture_title = pgettext("leaderboard", "{game} leaderboard", game=title(kind))
    subtitle = pgettext("leaderboard", "all time") if season is None else month_words(season)
    legend = pgettext(
        "leaderboard", "? = still settling · grey: computers · best: best lowest colour"
    )
    heads = (
        "#",
        pgettext("leaderboard", "player"),
        pgettext("leaderboard", "rating"),
        pgettext("leaderboard", "games"),
        pgettext("leaderboard", "wins"),
        pgettext("leaderboard", "best"),
    )
    png = await paint(render_leaderboard, picture_title, subtitle, legend, heads, ranking)
    alt = leaderboard_alt(f"{picture_title}, {subtitle}", rows)
    return words, image_file(png, FILENAME, alt)


def leaderboard_alt(heading_words: str, rows: list[tuple[str, LeaderboardEntry]]) -> str:
    """Every row in words: place, name, rating, games, wins and best lowest colour."""
    said = [heading_words + "."]
    for place, entry in rows:
        line = _(
            "{name}: rating {rating}, {games}, {wins}, best lowest colour {best}.",
            name=entry_name(entry), rating=shown_rating(entry.rating, entry.games),
            games=ngettext("{count} game", "{count} games", entry.games),
            wins=ngettext("{count} win", "{count} wins", entry.wins),
            best="-" if entry.best_lowest is None else entry.best_lowest,
        )  # fmt: skip
        said.append(f"{place}. {line}" if place else line)
    return " ".join(said)
