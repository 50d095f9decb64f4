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
from engine.daily import DAILY_KINDS, day_date, next_turn, told_as
from render import render_table
from render.community import DailyCard, daily_card_alt, render_daily_card
from storage import DailyAttempt, DailyEntry, DailyOutcome, GameRecord

from ..i18n import _, long_day, ngettext, number
from .community import ACCENT
from .present import title
from .safe_text import shown_name
from .summary import Paint, image_file, table_summary
from .words import card_words, colour_name, names_text, ordinal, picture_words

CARD_FILENAME = "daily-card.png"
BOARD_FILENAME = "daily-board.png"
MEDALS = ("🥇", "🥈", "🥉")


def daily_title(kind: str, day: int) -> str:
    return _("{game} daily #{day}", game=title(kind), day=day)


def day_words(day: int) -> str:
    """`24 November 2026` / `24. November 2026`: the UTC date of a challenge."""
    return long_day(day_date(day))


def day_turns(now: datetime) -> str:
    """When the day turns, as every member's own clock shows it."""
    return _(
        "The day turns at 00:00 UTC ({when}).", when=discord.utils.format_dt(next_turn(now), "R")
    )


def totals_words(scores: tuple[int, ...]) -> str:
    return ", ".join(f"{colour_name(c)} {t}" for c, t in zip(COLOURS, scores, strict=True))


async def board_file(record: GameRecord, paint: Paint) -> discord.File:
    """The player's own board and scores: in a daily game no table post shows them."""
    assert record.game is not None
    png = await paint(
        render_table, record.game, [seat.name for seat in record.seats], words=picture_words()
    )
    alt = _("Your daily board. {summary}", summary=table_summary(record))
    return image_file(png, BOARD_FILENAME, alt)


def play_header(attempt: DailyAttempt, record: GameRecord, now: datetime) -> str:
    """The top of every page of a daily game in play."""
    game = record.game
    assert game is not None
    board = game.scoreboards[0]
    lowest = names_text([colour_name(c) for c in board.lowest_colours()])
    lines = [
        _(
            "🗓️ **{title}** ({day}) · turn {turn} · your lowest colour {score} ({colours})",
            title=daily_title(record.kind, attempt.day), day=day_words(attempt.day),
            turn=game.turn, score=min(board.scores), colours=lowest,
        )
    ]  # fmt: skip
    if attempt.counted:
        lines.append(
            _(
                "The same deal for everyone on every server; only your first game today "
                "counts, and nobody sees your board. {turns}",
                turns=day_turns(now),
            )
        )
    else:
        lines.append(
            _(
                "🔁 Practice game #{number}: your counted game is done, this one counts "
                "nowhere. {turns}",
                number=attempt.attempt - 1, turns=day_turns(now),
            )
        )  # fmt: skip
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
        place=outcome.place or 1,
    )


async def card_file(card: DailyCard, paint: Paint) -> discord.File:
    words = card_words(card)
    png = await paint(render_daily_card, card, words)
    return image_file(png, CARD_FILENAME, daily_card_alt(card, words))


def everyone_words(outcome: DailyOutcome) -> str:
    """Where the result stands among everyone who played the deal: a percentile, or on a
    small day the place, or that nobody else has played it yet (engine.daily.told_as)."""
    if outcome.percentile is None or outcome.place is None:
        return _("no percentile: the game ended after its day")
    told = told_as(outcome.players)
    if told == "alone":
        return _("nobody else on any server has finished it yet")
    if told == "place":
        return _(
            "**{place}** of {count} on every server so far",
            place=ordinal(outcome.place), count=outcome.players,
        )  # fmt: skip
    return _(
        "percentile **{percentile}** of {count} players on every server so far "
        "(100 is the top)",
        percentile=number(outcome.percentile, digits=0), count=number(outcome.players, digits=0),
    )  # fmt: skip


def rank_words(outcome: DailyOutcome, here: bool) -> str:
    """The place on the server; a lone player there is told so, with no place."""
    if outcome.server_rank is None:
        if here:
            return _("not ranked on this server")
        return _("not ranked on the server you played it on")
    if outcome.server_players == 1:
        if here:
            return _("the only player on this server today")
        return _("the only player today on the server you played it on")
    place, of = ordinal(outcome.server_rank), outcome.server_players
    if here:
        return _("**{place}** of {count} on this server today", place=place, count=of)
    return _("**{place}** of {count} on the server you played it on today", place=place, count=of)


def end_text(outcome: DailyOutcome, now: datetime, *, here: bool, note: str = "") -> str:
    """The end of a counted daily game: score, rank, percentile, streaks, what next."""
    attempt = outcome.attempt
    assert attempt.scores is not None
    lines = [note] if note else []
    score = attempt.score if attempt.score is not None else min(attempt.scores)
    lines += [
        _(
            "🏁 **{title}** · Game #{game}: your score is **{score}** (your lowest colour; "
            "{totals}).",
            title=daily_title(attempt.kind, attempt.day), game=attempt.game_id, score=score,
            totals=totals_words(attempt.scores),
        ),
        f"🏅 {rank_words(outcome, here)} · {everyone_words(outcome)}.",
        ngettext(
            "🔥 Streak {count} day (best {best}).", "🔥 Streak {count} days (best {best}).",
            outcome.streak, best=outcome.best_streak,
        ),
    ]  # fmt: skip
    if attempt.score is not None:
        lines.append(_("Press **Share** to show your card here: your score, no board, no moves."))
    lines.append(
        _(
            "Play the same deal again for practice (it counts nowhere): "
            "`/axio daily play again:True`. {turns} Then `/axio daily results` shows "
            "everyone's games.",
            turns=day_turns(now),
        )
    )
    return "\n".join(lines)


def practice_end_text(attempt: DailyAttempt, counted_score: int | None, note: str) -> str:
    assert attempt.scores is not None
    over = _(
        "🔁 Practice game over · Game #{game}: lowest colour **{score}** ({totals}). It counts "
        "nowhere.",
        game=attempt.game_id, score=min(attempt.scores), totals=totals_words(attempt.scores),
    )  # fmt: skip
    if counted_score is not None:
        over += " " + _("Your counted score today stays **{score}**.", score=counted_score)
    return f"{note}\n{over}".strip()


def share_text(member: discord.abc.User, card: DailyCard) -> str:
    return _(
        "📣 {member} played **{title}**: score **{score}**. Today's deal is the same for "
        "everyone: `/axio daily play`.",
        member=member.mention, title=daily_title(card.kind, card.day), score=card.score,
    )  # fmt: skip


def results_embed(
    kind: str, day: int, entries: list[DailyEntry], everyone: int, *, over: bool, now: datetime
) -> discord.Embed:
    """The day's table on this server; once the day is over, with the games to replay."""
    heading = daily_title(kind, day)
    embed = discord.Embed(title=_("📅 {title} — this server", title=heading), colour=ACCENT)
    if not entries:
        embed.description = (
            _(
                "Nobody here has finished {title} ({day}) yet. Play it with `/axio daily play`.",
                title=heading, day=day_words(day),
            )
            if not over
            else _("Nobody here finished {title} ({day}).", title=heading, day=day_words(day))
        )  # fmt: skip
    else:
        lines = []
        for entry in entries:
            medal = MEDALS[entry.rank - 1] if entry.rank <= len(MEDALS) else f"`{entry.rank}.`"
            totals = " ".join(str(t) for t in sorted(entry.scores))
            game = " · " + _("game #{game}", game=entry.game_id) if over else ""
            lines.append(f"{medal} **{shown_name(entry.name)}** {entry.score} ({totals}){game}")
        if over:
            best = entries[0]
            lines.append(
                "\n"
                + _(
                    "Best game: **{name}**'s (its final board below). Replay any game: "
                    "`/axio replay game:{game}`.",
                    name=shown_name(best.name),
                    game=best.game_id,
                )
            )
        else:
            lines.append(
                "\n" + _("Scores only: everyone's games can be replayed once the day is over.")
            )
        embed.description = "\n".join(lines)
    footer = ngettext(
        "{day} ({state}) · {count} player on every server · the day turns at 00:00 UTC · "
        "(sorted scores in brackets)",
        "{day} ({state}) · {count} players on every server · the day turns at 00:00 UTC · "
        "(sorted scores in brackets)",
        everyone, day=day_words(day), state=_("over") if over else _("in play"),
    )  # fmt: skip
    embed.set_footer(text=footer)
    if not over:
        embed.add_field(name=_("Next day"), value=day_turns(now))
    return embed


async def best_game_file(
    record: GameRecord, entry: DailyEntry, day: int, paint: Paint
) -> discord.File:
    """The day's best game at its end (shown once the day is over)."""
    assert record.game is not None
    png = await paint(render_table, record.game, [entry.name], words=picture_words())
    return image_file(
        png,
        BOARD_FILENAME,
        _(
            "The best game of {title}, {name}'s, at its end. {summary}",
            title=daily_title(record.kind, day), name=entry.name, summary=table_summary(record),
        ),
    )  # fmt: skip


def daily_post_text(day: int, podiums: dict[str, list[DailyEntry]]) -> str:
    """A server's daily post: today's challenge, and yesterday's podium of each game."""
    lines = [
        _(
            "☀️ **Daily challenge #{day}** ({date}) is open: one AXIO and one AXIO Rota deal, "
            "the same for everyone on every server, played privately with `/axio daily play`. "
            "Only your first game counts; the day turns at 00:00 UTC.",
            day=day, date=day_words(day),
        )
    ]  # fmt: skip
    if day > 1:
        lines.append("\n" + _("**Yesterday (#{day}) on this server**", day=day - 1))
        for kind in DAILY_KINDS:
            entries = podiums.get(kind, [])
            if not entries:
                lines.append(_("{game}: nobody finished it.", game=title(kind)))
                continue
            podium = " · ".join(
                f"{MEDALS[e.rank - 1] if e.rank <= 3 else e.rank} {shown_name(e.name)} {e.score}"
                for e in entries[:3]
            )
            lines.append(
                _("{game}: {podium} — best game: `/axio replay game:{number}`",
                  game=title(kind), podium=podium, number=entries[0].game_id)
            )  # fmt: skip
    return "\n".join(lines)
