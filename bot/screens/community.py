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
    PlayerStats,
    Repository,
    SoloScore,
)

from ..i18n import LANGUAGES, N_, _, month_name, ngettext, number, pgettext
from .controls import GAME_ID_LIMIT
from .present import title
from .refusals import Refusal
from .safe_text import escaped, plain_name, shown_name
from .summary import Paint, image_file
from .words import colour_name, picture_words

ACCENT = discord.Colour.from_rgb(245, 197, 66)


RATING_BASE = 1000
RATING_SCALE = 40
PROVISIONAL_GAMES = 5


def rating_note() -> str:
    return _(
        "Ratings start at {base}. Beating players rated above you raises yours more than "
        "beating those below; losing lowers it. New players' ratings are cautious and climb "
        "over their first games. ? = still settling (fewer than {games} games). Computers "
        "are rated too, so games against them count.",
        base=number(RATING_BASE, digits=0), games=PROVISIONAL_GAMES,
    )  # fmt: skip


def month_words(season: int) -> str:
    """A season as the reader says it: `March 2026` / `März 2026`."""
    year, month = divmod(season, 100)
    return month_name(year, month) if 1 <= month <= 12 else season_label(season)


def shown_rating(ordinal: float, games: int) -> str:
    """A rating on a scale people read: `1,040`, or `968?` while still provisional.

    OpenSkill's conservative estimate μ − 3σ starts at 0 (μ 25, σ 25/3) and moves a few
    points per game; × 40 + 1,000 puts newcomers at 1,000 and strong players near 2,000,
    like the chess ratings most players know, without negative numbers for beginners."""
    value = number(round(RATING_BASE + RATING_SCALE * ordinal), digits=0)
    return value + ("?" if games < PROVISIONAL_GAMES else "")


def solo_embed(kind: str, entries: list[SoloScore]) -> discord.Embed:
    embed = discord.Embed(title=_("🎯 {game} solo high scores", game=title(kind)), colour=ACCENT)
    if not entries:
        embed.description = _("No solo games yet. Try `/axio solo`.")
        return embed
    embed.description = "\n".join(
        "`{position:<2} {lowest}  ({games})` {name}".format(
            position=s.position,
            lowest=_("lowest {score:>2}", score=s.lowest),
            games=ngettext("{count} game", "{count} games", s.games),
            name=shown_name(s.name),
        )
        for s in entries
    )
    return embed


def stats_embed(member: discord.abc.User, found: list[PlayerStats]) -> discord.Embed:
    embed = discord.Embed(title=f"📊 {plain_name(member.display_name)}", colour=ACCENT)
    if not found:
        embed.description = _("No finished games on this server yet.")
        return embed
    for stats in found:
        if stats.rating is None:
            rating = _("unrated")
        else:
            rating = shown_rating(stats.rating, stats.games)
        average = (
            "-" if stats.average_lowest is None else number(stats.average_lowest, 1, fixed=True)
        )
        games = ngettext("{count} game", "{count} games", stats.games)
        wins = ngettext("{count} win", "{count} wins", stats.wins)
        lines = [
            _("Rating **{rating}** · {games} · {wins}", rating=rating, games=games, wins=wins),
            _("Lowest colour: average {average}, best {best}",
              average=average, best=_or_dash(stats.best_lowest)),
        ]  # fmt: skip
        if stats.favourite_colour and stats.weakest_colour:
            lines.append(
                _("Favourite colour {favourite}, weakest {weakest}",
                  favourite=colour_name(stats.favourite_colour),
                  weakest=colour_name(stats.weakest_colour))
            )  # fmt: skip
        if stats.solo_games:
            solo = ngettext("{count} game", "{count} games", stats.solo_games)
            lines.append(
                _("Solo: {games}, best {best}", games=solo, best=_or_dash(stats.solo_best))
            )
        embed.add_field(name=title(stats.kind), value="\n".join(lines), inline=False)
    embed.set_footer(text=rating_note())
    return embed


ENDED_WORDS = {CHANNEL_GONE: N_("its channel was deleted")}
"""Why a game ended without a result, as the history says it."""


def ended_words(reason: str) -> str:
    return _(ENDED_WORDS[reason]) if reason in ENDED_WORDS else escaped(reason)


def history_embed(entries: list[HistoryEntry]) -> discord.Embed:
    embed = discord.Embed(title=_("📜 Recent games"), colour=ACCENT)
    if not entries:
        embed.description = _("No finished games yet.")
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
            line += " " + _(
                "(ended without a result: {reason})", reason=ended_words(entry.ended_reason)
            )
        lines.append(line)
    embed.description = "\n".join(lines)[:4000]
    embed.set_footer(text=_("Numbers are each player's lowest colour. Replay one: /axio replay"))
    return embed


async def replayable(repo: Repository, guild_id: int, game_id: int) -> GameRecord:
    """A finished game of this server, or a refusal (checked before the public defer)."""
    try:
        record = await repo.get_game(game_id) if 0 < game_id <= GAME_ID_LIMIT else None
    except GameNotFoundError:
        record = None
    if record is None or record.guild_id != guild_id or not guild_id:
        raise Refusal(
            _("There is no game #{game} on this server. See `/axio history`.", game=game_id)
        )
    if record.status != "finished" or record.seed is None:
        raise Refusal(_("Game #{game} has not finished, so it has no replay yet.", game=game_id))
    return record


async def replay_file(repo: Repository, record: GameRecord, paint: Paint) -> discord.File:
    """The animated replay of a finished game."""
    assert record.seed is not None
    game_id = record.id
    moves = [move.text for move in await repo.moves(game_id)]
    names = [seat.name for seat in record.seats]
    gif = await paint(
        render_replay,
        game_class(record.kind),
        len(record.seats),
        record.seed,
        moves,
        names,
        picture_words(),
    )
    players = " {} ".format(pgettext("list", "and")).join(names)
    return image_file(
        gif,
        f"axio-replay-{game_id}.gif",
        _(
            "An animated replay of game #{game}, {kind} between {players}: the board after "
            "each turn, with who played and where under it, then the result.",
            game=game_id, kind=title(record.kind), players=players,
        ),
    )  # fmt: skip


def settings_embed(settings: GuildSettings, language: str) -> discord.Embed:
    """The server's settings; `language` is the one its table posts are in now."""
    embed = discord.Embed(title=_("⚙️ AXIO settings for this server"), colour=ACCENT)
    off = _("off")

    def after(hours: float) -> str:
        return _("after {hours} h", hours=number(hours)) if hours else off

    action = {
        "computer": _("a computer makes the move"),
        "resign": _("the seat is resigned"),
    }[settings.timeout_action]
    embed.add_field(name=_("Reminder"), value=after(settings.reminder_hours))
    embed.add_field(name=_("Timeout"), value=after(settings.timeout_hours))
    embed.add_field(name=_("On timeout"), value=action)
    hints = off
    if settings.hints_enabled:
        from_whom = _("on, from the expert"), _("on, from the hard computer")
        hints = from_whom[0] if settings.expert_hints else from_whom[1]
    embed.add_field(name=_("Hints"), value=hints)
    stand_in = {
        "easy": _("an easy computer plays for a late or resigned player"),
        "normal": _("a normal computer plays for a late or resigned player"),
        "hard": _("a hard computer plays for a late or resigned player"),
        "expert": _("an expert computer plays for a late or resigned player"),
    }[settings.stand_in_level]
    embed.add_field(name=_("Stand-in"), value=stand_in)
    seconds = _("thinks {seconds} s a move", seconds=number(settings.expert_budget_s))
    embed.add_field(name=_("Expert"), value=seconds)
    daily = settings.daily_channel_id
    embed.add_field(
        name=_("Daily post"),
        value=_("in <#{channel}>, after 00:00 UTC each day", channel=daily) if daily else off,
    )
    name = LANGUAGES.get(language, language)
    embed.add_field(
        name=_("Language of the table"),
        value=name if settings.language else _("{language} (the server's)", language=name),
    )
    return embed


def _or_dash(value: int | None) -> str:
    return "-" if value is None else str(value)
