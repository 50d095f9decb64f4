"""What the daily challenge looks like: the player's private pages, the end of their game,
the spoiler-free card they may share, the day's table and the daily post of a channel.

Nothing here shows a board or a move in public: the pages are the player's own
ephemeral message, the card carries only the five colour totals, and the day's table lists
scores (never moves) until the day is over, when every game of it may be replayed.
"""

from __future__ import annotations

from datetime import datetime

import discord

from engine import COLOURS
from engine.daily import DAILY_KINDS, day_date, next_turn
from render import render_table
from render.community import DailyCard, daily_card_alt, render_daily_card
from storage import DailyAttempt, DailyEntry, DailyOutcome, GameRecord

from .community import ACCENT
from .present import counted, title
from .safe_text import shown_name
from .summary import Paint, image_file, table_summary

CARD_FILENAME = "daily-card.png"
BOARD_FILENAME = "daily-board.png"
MEDALS = ("🥇", "🥈", "🥉")


def daily_title(kind: str, day: int) -> str:
    return f"{title(kind)} daily #{day}"


def day_words(day: int) -> str:
    """`24 November 2026`: the UTC date of a challenge."""
    when = day_date(day)
    return f"{when.day} {when:%B %Y}"


def day_turns(now: datetime) -> str:
    """When the day turns, as every member's own clock shows it."""
    return f"The day turns at 00:00 UTC ({discord.utils.format_dt(next_turn(now), 'R')})."


def ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number % 10, 'th')}"


def totals_words(scores: tuple[int, ...]) -> str:
    return ", ".join(f"{c.label} {t}" for c, t in zip(COLOURS, scores, strict=True))


async def board_file(record: GameRecord, paint: Paint) -> discord.File:
    """The player's own board and scores: in a daily game no table post shows them."""
    assert record.game is not None
    png = await paint(render_table, record.game, [seat.name for seat in record.seats])
    return image_file(png, BOARD_FILENAME, f"Your daily board. {table_summary(record)}")


def play_header(attempt: DailyAttempt, record: GameRecord, now: datetime) -> str:
    """The top of every page of a daily game in play."""
    game = record.game
    assert game is not None
    board = game.scoreboards[0]
    lowest = " and ".join(c.label for c in board.lowest_colours())
    lines = [
        f"🗓️ **{daily_title(record.kind, attempt.day)}** ({day_words(attempt.day)}) · "
        f"turn {game.turn} · your lowest colour {min(board.scores)} ({lowest})"
    ]
    if attempt.counted:
        lines.append(
            "The same deal for everyone on every server; only your first game today counts, "
            f"and nobody sees your board. {day_turns(now)}"
        )
    else:
        lines.append(
            f"🔁 Practice game #{attempt.attempt - 1}: your counted game is done, this one "
            f"counts nowhere. {day_turns(now)}"
        )
    return "\n".join(lines)


def card_of(outcome: DailyOutcome) -> DailyCard:
    attempt = outcome.attempt
    assert attempt.scores is not None
    return DailyCard(
        kind=attempt.kind,
        day=attempt.day,
        scores=attempt.scores,
        percentile=outcome.percentile,
        players=outcome.players,
        streak=outcome.streak,
        best_streak=outcome.best_streak,
    )


async def card_file(card: DailyCard, paint: Paint) -> discord.File:
    return image_file(await paint(render_daily_card, card), CARD_FILENAME, daily_card_alt(card))


def percentile_words(outcome: DailyOutcome) -> str:
    if outcome.percentile is None:
        return "no percentile: the game ended after its day"
    return (
        f"percentile **{outcome.percentile:.0f}** of {counted(outcome.players, 'player')} "
        "on every server so far (100 is the top)"
    )


def rank_words(outcome: DailyOutcome, here: bool) -> str:
    where = "this server" if here else "the server you played it on"
    if outcome.server_rank is None:
        return f"not ranked on {where}"
    return f"**{ordinal(outcome.server_rank)}** of {outcome.server_players} on {where} today"


def end_text(outcome: DailyOutcome, now: datetime, *, here: bool, note: str = "") -> str:
    """The end of a counted daily game: score, rank, percentile, streaks, what next."""
    attempt = outcome.attempt
    assert attempt.scores is not None
    lines = [note] if note else []
    score = attempt.score if attempt.score is not None else min(attempt.scores)
    lines += [
        f"🏁 **{daily_title(attempt.kind, attempt.day)}**: your score is **{score}** "
        f"(your lowest colour; {totals_words(attempt.scores)}).",
        f"🏅 {rank_words(outcome, here)} · {percentile_words(outcome)}.",
        f"🔥 Streak {counted(outcome.streak, 'day')} (best {outcome.best_streak}).",
    ]
    if attempt.score is not None:
        lines.append("Press **Share** to show your card here: your score, no board, no moves.")
    lines.append(
        "Play the same deal again for practice (it counts nowhere): "
        f"`/axio daily play again:True`. {day_turns(now)} Then `/axio daily results` "
        "shows everyone's games."
    )
    return "\n".join(lines)


def practice_end_text(attempt: DailyAttempt, counted_score: int | None, note: str) -> str:
    assert attempt.scores is not None
    kept = "" if counted_score is None else f" Your counted score today stays **{counted_score}**."
    return (
        f"{note}\n🔁 Practice game over: lowest colour **{min(attempt.scores)}** "
        f"({totals_words(attempt.scores)}). It counts nowhere.{kept}"
    ).strip()


def share_text(member: discord.abc.User, card: DailyCard) -> str:
    return (
        f"📣 {member.mention} played **{daily_title(card.kind, card.day)}**: score "
        f"**{card.score}**. Today's deal is the same for everyone: `/axio daily play`."
    )


def results_embed(
    kind: str, day: int, entries: list[DailyEntry], everyone: int, *, over: bool, now: datetime
) -> discord.Embed:
    """The day's table on this server; once the day is over, with the games to replay."""
    embed = discord.Embed(title=f"📅 {daily_title(kind, day)} — this server", colour=ACCENT)
    if not entries:
        embed.description = (
            f"Nobody here has finished {daily_title(kind, day)} ({day_words(day)}) yet. "
            "Play it with `/axio daily play`."
            if not over
            else f"Nobody here finished {daily_title(kind, day)} ({day_words(day)})."
        )
    else:
        lines = []
        for entry in entries:
            medal = MEDALS[entry.rank - 1] if entry.rank <= len(MEDALS) else f"`{entry.rank}.`"
            totals = " ".join(str(t) for t in sorted(entry.scores))
            game = f" · game #{entry.game_id}" if over else ""
            lines.append(f"{medal} **{shown_name(entry.name)}** {entry.score} ({totals}){game}")
        if over:
            best = entries[0]
            lines.append(
                f"\nBest game: **{shown_name(best.name)}**'s (its final board below). Replay "
                f"any game: `/axio replay game:{best.game_id}`."
            )
        else:
            lines.append("\nScores only: everyone's games can be replayed once the day is over.")
        embed.description = "\n".join(lines)
    state = "over" if over else "in play"
    embed.set_footer(
        text=f"{day_words(day)} ({state}) · {counted(everyone, 'player')} on every server · "
        "the day turns at 00:00 UTC · (sorted scores in brackets)"
    )
    if not over:
        embed.add_field(name="Next day", value=day_turns(now))
    return embed


async def best_game_file(
    record: GameRecord, entry: DailyEntry, day: int, paint: Paint
) -> discord.File:
    """The day's best game at its end (shown once the day is over)."""
    assert record.game is not None
    png = await paint(render_table, record.game, [entry.name])
    return image_file(
        png,
        BOARD_FILENAME,
        f"The best game of {daily_title(record.kind, day)}, {entry.name}'s, at its end. "
        f"{table_summary(record)}",
    )


def daily_post_text(day: int, podiums: dict[str, list[DailyEntry]]) -> str:
    """A server's daily post: today's challenge, and yesterday's podium of each game."""
    lines = [
        f"☀️ **Daily challenge #{day}** ({day_words(day)}) is open: one AXIO and one AXIO Rota "
        "deal, the same for everyone on every server, played privately with "
        "`/axio daily play`. Only your first game counts; the day turns at 00:00 UTC."
    ]
    if day > 1:
        lines.append(f"\n**Yesterday (#{day - 1}) on this server**")
        for kind in DAILY_KINDS:
            entries = podiums.get(kind, [])
            if not entries:
                lines.append(f"{title(kind)}: nobody finished it.")
                continue
            podium = " · ".join(
                f"{MEDALS[e.rank - 1] if e.rank <= 3 else e.rank} {shown_name(e.name)} {e.score}"
                for e in entries[:3]
            )
            lines.append(
                f"{title(kind)}: {podium} — best game: `/axio replay game:{entries[0].game_id}`"
            )
    return "\n".join(lines)
