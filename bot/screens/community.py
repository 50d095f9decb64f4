"""What a server builds up around its games: leaderboards, stats, history and replays.

Each function turns storage records into an embed (or an image) for one command; the cog
only checks who asked and where.
"""

from __future__ import annotations

import discord

from engine import game_class
from engine.seasons import season_label
from render import render_replay
from storage import (
    CHANNEL_GONE,
    GameNotFoundError,
    GameRecord,
    GuildSettings,
    HistoryEntry,
    LeaderboardEntry,
    PlayerStats,
    Repository,
    SoloScore,
)

from .controls import GAME_ID_LIMIT
from .present import counted, title
from .refusals import Refusal
from .safe_text import escaped, plain_name, shown_name
from .summary import image_file
from .words import with_article

ACCENT = discord.Colour.from_rgb(245, 197, 66)


def leaderboard_embed(
    kind: str, entries: list[LeaderboardEntry], season: int | None = None
) -> discord.Embed:
    """All time, or one season's own table (a month: its games alone)."""
    when = f" — {season_label(season)}" if season is not None else ""
    embed = discord.Embed(title=f"🏆 {title(kind)} leaderboard{when}", colour=ACCENT)
    if not entries:
        embed.description = (
            "No rated games this season yet. Finish a game with `/axio new` to appear here."
            if season is not None
            else "No rated games yet. Finish a game with `/axio new` to appear here."
        )
        return embed
    lines = ["`#  rating  games  wins  best low`"]
    for entry in entries:
        best = "-" if entry.best_lowest is None else str(entry.best_lowest)
        rating = shown_rating(entry.rating, entry.games)
        lines.append(
            f"`{entry.position:<2} {rating:>6}  {entry.games:5}  {entry.wins:4}  "
            f"{best:>8}` {shown_name(entry.name)}"
        )
    embed.description = "\n".join(lines)
    season_note = (
        f"{season_label(season)}: ratings from that month's games alone. "
        if season is not None
        else "All time. A month's own table: season option. "
    )
    embed.set_footer(text=season_note + RATING_NOTE)
    return embed


RATING_BASE = 1000
RATING_SCALE = 40
PROVISIONAL_GAMES = 5
RATING_NOTE = (
    f"Ratings start at {RATING_BASE:,}. Beating players rated above you raises yours more "
    "than beating those below; losing lowers it. New players' ratings are cautious and "
    f"climb over their first games. ? = still settling (fewer than {PROVISIONAL_GAMES} "
    "games). Computers are rated too, so games against them count."
)


def shown_rating(ordinal: float, games: int) -> str:
    """A rating on a scale people read: `1,040`, or `968?` while still provisional.

    OpenSkill's conservative estimate μ − 3σ starts at 0 (μ 25, σ 25/3) and moves a few
    points per game; × 40 + 1,000 puts newcomers at 1,000 and strong players near 2,000,
    like the chess ratings most players know, without negative numbers for beginners."""
    value = f"{round(RATING_BASE + RATING_SCALE * ordinal):,}"
    return value + ("?" if games < PROVISIONAL_GAMES else "")


def solo_embed(kind: str, entries: list[SoloScore]) -> discord.Embed:
    embed = discord.Embed(title=f"🎯 {title(kind)} solo high scores", colour=ACCENT)
    if not entries:
        embed.description = "No solo games yet. Try `/axio solo`."
        return embed
    embed.description = "\n".join(
        f"`{s.position:<2} lowest {s.lowest:>2}  ({counted(s.games, 'game')})` {shown_name(s.name)}"
        for s in entries
    )
    return embed


def stats_embed(member: discord.abc.User, found: list[PlayerStats]) -> discord.Embed:
    embed = discord.Embed(title=f"📊 {plain_name(member.display_name)}", colour=ACCENT)
    if not found:
        embed.description = "No finished games on this server yet."
        return embed
    for stats in found:
        rating = "unrated" if stats.rating is None else shown_rating(stats.rating, stats.games)
        average = "-" if stats.average_lowest is None else f"{stats.average_lowest:.1f}"
        lines = [
            f"Rating **{rating}** · {counted(stats.games, 'game')} · {counted(stats.wins, 'win')}",
            f"Lowest colour: average {average}, best {_or_dash(stats.best_lowest)}",
        ]
        if stats.favourite_colour and stats.weakest_colour:
            lines.append(
                f"Favourite colour {stats.favourite_colour.label}, "
                f"weakest {stats.weakest_colour.label}"
            )
        if stats.solo_games:
            solo = counted(stats.solo_games, "game")
            lines.append(f"Solo: {solo}, best {_or_dash(stats.solo_best)}")
        embed.add_field(name=title(stats.kind), value="\n".join(lines), inline=False)
    embed.set_footer(text=RATING_NOTE)
    return embed


ENDED_WORDS = {CHANNEL_GONE: "its channel was deleted"}
"""Why a game ended without a result, as the history says it."""


def ended_words(reason: str) -> str:
    return ENDED_WORDS.get(reason, escaped(reason))


def history_embed(entries: list[HistoryEntry]) -> discord.Embed:
    embed = discord.Embed(title="📜 Recent games", colour=ACCENT)
    if not entries:
        embed.description = "No finished games yet."
        return embed
    lines = []
    for entry in entries:
        seats = sorted(entry.results, key=lambda r: r.rank)
        players = ", ".join(
            f"{'🏆 ' if r.winner else ''}{shown_name(r.name)} {r.lowest}" for r in seats
        )
        when = discord.utils.format_dt(entry.finished_at, "R")
        line = f"**#{entry.game_id}** {title(entry.kind)} {when}: {players}"
        if entry.ended_reason:
            line += f" (ended without a result: {ended_words(entry.ended_reason)})"
        lines.append(line)
    embed.description = "\n".join(lines)[:4000]
    embed.set_footer(text="Numbers are each player's lowest colour. Replay one: /axio replay")
    return embed


async def replayable(repo: Repository, guild_id: int, game_id: int) -> GameRecord:
    """A finished game of this server, or a refusal (checked before the public defer)."""
    try:
        record = await repo.get_game(game_id) if 0 < game_id <= GAME_ID_LIMIT else None
    except GameNotFoundError:
        record = None
    if record is None or record.guild_id != guild_id or not guild_id:
        raise Refusal(f"There is no game #{game_id} on this server. See `/axio history`.")
    if record.status != "finished" or record.seed is None:
        raise Refusal(f"Game #{game_id} has not finished, so it has no replay yet.")
    return record


async def replay_file(repo: Repository, record: GameRecord) -> discord.File:
    """The animated replay of a finished game."""
    assert record.seed is not None
    game_id = record.id
    moves = [move.text for move in await repo.moves(game_id)]
    names = [seat.name for seat in record.seats]
    gif = render_replay(game_class(record.kind), len(record.seats), record.seed, moves, names)
    players = " and ".join(names)
    return image_file(
        gif,
        f"axio-replay-{game_id}.gif",
        f"An animated replay of game #{game_id}, {title(record.kind)} between {players}: "
        "the board after each turn, with who played and where under it, then the result.",
    )


def settings_embed(settings: GuildSettings) -> discord.Embed:
    embed = discord.Embed(title="⚙️ AXIO settings for this server", colour=ACCENT)
    reminder = "off" if not settings.reminder_hours else f"after {settings.reminder_hours:g} h"
    timeout = "off" if not settings.timeout_hours else f"after {settings.timeout_hours:g} h"
    action = {
        "computer": "a computer makes the move",
        "resign": "the seat is resigned",
    }[settings.timeout_action]
    embed.add_field(name="Reminder", value=reminder)
    embed.add_field(name="Timeout", value=timeout)
    embed.add_field(name="On timeout", value=action)
    hints = "off"
    if settings.hints_enabled:
        hints = "on, from the expert" if settings.expert_hints else "on, from the hard computer"
    embed.add_field(name="Hints", value=hints)
    stand_in = with_article(f"{settings.stand_in_level} computer")
    embed.add_field(name="Stand-in", value=f"{stand_in} plays for a late or resigned player")
    embed.add_field(name="Expert", value=f"thinks {settings.expert_budget_s:g} s a move")
    daily = settings.daily_channel_id
    embed.add_field(
        name="Daily post",
        value=f"in <#{daily}>, after 00:00 UTC each day" if daily else "off",
    )
    return embed


def _or_dash(value: int | None) -> str:
    return "-" if value is None else str(value)
