"""What a tournament looks like in its channel: the sign-up message, each round's pairings,
a table's thread (its name and the one message that pings its players), the standings as
a picture and as text, the end; and the start time a host types.

Every post's first line names the tournament (by number) and what the post is, so the
delivery of a post after a crash can recognise one already in the channel.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

import discord

from engine.tournament import format_points
from render.community import render_standings, standings_alt
from storage import Tournament, TournamentStanding, TournamentTable

from ..i18n import N_, _, ngettext, number, pgettext
from .present import title
from .refusals import Refusal
from .safe_text import MESSAGE_LIMIT, capped, escaped, shown_name
from .summary import Paint, image_file
from .words import card_words, in_words

STANDINGS_FILENAME = "standings.png"
THREAD_NAME_LIMIT = 100
FORMAT_WORDS = {"swiss": N_("Swiss"), "round_robin": N_("round robin")}
ACTION_WORDS = {
    "computer": N_("a computer moves for the player"),
    "resign": N_("the seat is forfeited"),
}
"""English msgids (`N_`), translated where they are said."""


def heading(t: Tournament) -> str:
    return _("**{name}** (tournament #{number})", name=shown_name(t.name), number=t.id)


def days_words(hours: float) -> str:
    days = hours / 24
    shown = number(days, digits=2)
    if days == 1:
        return _("{days} day per move", days=shown)
    return _("{days} days per move", days=shown)


def settings_words(t: Tournament) -> str:
    """`AXIO Rota · Swiss, 4 rounds · tables of 2 · 3 days per move, then …`"""
    kind = _(FORMAT_WORDS[t.format])
    if t.rounds:
        kind = ngettext("{format}, {count} round", "{format}, {count} rounds", t.rounds,
                        format=kind)  # fmt: skip
    return _(
        "{game} · {format} · tables of {size} · {days}, then {timeout}",
        game=title(t.kind), format=kind, size=t.table_size, days=days_words(t.timeout_hours),
        timeout=_(ACTION_WORDS[t.timeout_action]),
    )  # fmt: skip


def when(moment: datetime) -> str:
    """A moment as every member's own clock shows it: `28 November 2026 18:00 (in 3 days)`."""
    return f"{discord.utils.format_dt(moment, 'f')} ({discord.utils.format_dt(moment, 'R')})"


def signup_text(t: Tournament) -> str:
    """The sign-up message: what the tournament is, who joined, and what happens next."""
    names = ", ".join(shown_name(p.name) for p in t.players) or _("nobody yet")
    lines = [
        _("🏆 {tournament} hosted by {host}", tournament=heading(t), host=f"<@{t.host_id}>"),
        settings_words(t),
        _("Players ({count}/{cap}): {names}", count=len(t.players), cap=t.cap, names=names),
    ]
    if t.status == "signup":
        least = max(2, t.table_size)
        if t.starts_at:
            lines.append(
                _("Press **Join** to play. It starts {when}, or when the host starts it (at "
                  "least {least} players). Each round's tables play in threads of this channel.",
                  when=when(t.starts_at), least=least)
            )  # fmt: skip
        else:
            lines.append(
                _("Press **Join** to play. It starts when the host starts it (at least "
                  "{least} players). Each round's tables play in threads of this channel.",
                  least=least)
            )  # fmt: skip
    elif t.status == "running":
        lines.append(
            _("Sign-up is closed: the tournament has started. `/axio tournament standings`")
        )
    elif t.status == "finished":
        lines.append(
            _("This tournament is over. `/axio tournament standings` has the final table.")
        )
    else:
        lines.append(_("This tournament was called off."))
    return capped("\n".join(lines))


def table_names(table: TournamentTable) -> str:
    return " {} ".format(pgettext("pairing", "vs")).join(shown_name(n) for n in table.names)


def round_text(t: Tournament, number: int, tables: list[TournamentTable], byes: list[str]) -> str:
    """A round's pairings post."""
    lines = [
        _("🏁 {tournament} · round {round} of {rounds}: pairings",
          tournament=heading(t), round=number, rounds=t.rounds)
    ]  # fmt: skip
    for table in tables:
        lines.append(
            _("Table {table}: {players}", table=table.table_number, players=table_names(table))
        )
    for name in byes:
        lines.append(_("Bye: {name} (scores as a win)", name=shown_name(name)))
    lines.append(
        _("Each table plays in its own thread below; {days}. The next round is paired when "
          "every table has finished.", days=days_words(t.timeout_hours))
    )  # fmt: skip
    return capped("\n".join(lines))


def thread_name(t: Tournament, table: TournamentTable) -> str:
    """A table's thread name: unique in its channel, so a thread opened before a crash is
    found again by it."""
    names = " vs ".join(table.names)
    return f"#{t.id} R{table.round} T{table.table_number} · {names}"[:THREAD_NAME_LIMIT]


def welcome_text(t: Tournament, table: TournamentTable) -> str:
    """The table thread's first message: the one that pings its players."""
    people = " ".join(f"<@{user}>" for user in table.players)
    return capped(
        _(
            "🏆 {tournament} · round {round} of {rounds} · table {table}: {people}\n"
            "This thread is your table: the board comes next, with **My tiles** for the "
            "player to move. {days}; then {timeout}. `/axio tournament withdraw` leaves the "
            "tournament (a computer finishes your games).",
            tournament=heading(t), round=table.round, rounds=t.rounds,
            table=table.table_number, people=people, days=days_words(t.timeout_hours),
            timeout=_(ACTION_WORDS[t.timeout_action]),
        )
    )  # fmt: skip


def standings_lines(standings: list[TournamentStanding]) -> list[str]:
    lines = [_("` #  pts   buch   lows` player")]
    for s in standings:
        name = shown_name(s.name)
        if s.withdrawn:
            name = _("{name} (withdrawn)", name=name)
        lines.append(
            f"`{s.rank:>2}  {format_points(s.points):>4} {format_points(s.buchholz):>6} "
            f"{s.lowest_sum:>5}` {name}"
        )
    return lines


TIE_BREAKS = N_("Ties: Buchholz (buch), then the sum of lowest colours (lows).")


def standings_subtitle(t: Tournament, after_round: int | None) -> str:
    now, rounds = t.current_round, t.rounds
    if t.status == "finished" and t.current_round < (t.rounds or 0):
        return _("final: ended in round {round} of {rounds}", round=now, rounds=rounds)
    if t.status == "finished":
        return _("final, after {round} of {rounds} rounds", round=now, rounds=rounds)
    if after_round:
        return _("after round {round} of {rounds}", round=after_round, rounds=rounds)
    if t.status == "signup":
        return _("before the first round")
    return _("round {round} of {rounds} in play", round=now, rounds=rounds)


async def standings_message(
    t: Tournament,
    standings: list[TournamentStanding],
    first_line: str,
    subtitle: str,
    paint: Paint,
) -> tuple[str, discord.File]:
    """The standings as text (every line, as far as one message holds) and as a picture."""
    text = "\n".join([first_line, *standings_lines(standings), _(TIE_BREAKS)])
    if len(text) > MESSAGE_LIMIT:
        text = capped(text)
    title_words = f"{t.name} (#{t.id})"
    words = card_words()
    png = await paint(render_standings, title_words, standings, subtitle, words)
    alt = standings_alt(title_words, standings, subtitle, words)
    file = image_file(png, STANDINGS_FILENAME, alt)
    return text, file


def winners_words(standings: list[TournamentStanding]) -> str:
    top = [shown_name(s.name) for s in standings if s.rank == 1]
    return " {} ".format(pgettext("list", "and")).join(top) if top else _("nobody")


ENDED_BY = N_("ended by {member}")
"""Why a tournament was called off during sign-up. Storage keeps a reason as a template
with its values, so the post says it in the channel's language when it is sent."""
CHANNEL_GONE = N_("its channel is gone")


def cancelled_reason(payload: Mapping[str, Any]) -> str:
    """The reason a 'tournament_cancelled' post carries, in the language spoken now (one
    stored as plain text by an older version is shown as it was). Its words are names
    members chose, shown as names are."""
    template = str(payload.get("reason", ""))
    values = payload.get("reason_values") or {}
    shown = {k: shown_name(v) if isinstance(v, str) else v for k, v in values.items()}
    return in_words(template, shown) if template else ""


def cancelled_text(t: Tournament, reason: str) -> str:
    if reason:
        return _("🚫 {tournament} was called off: {reason}", tournament=heading(t), reason=reason)
    return _("🚫 {tournament} was called off.", tournament=heading(t))


def choice_label(t: Tournament) -> str:
    """How a tournament is offered in autocomplete."""
    state = {
        "signup": _("sign-up, {count}/{cap}", count=len(t.players), cap=t.cap),
        "running": _("round {round} of {rounds}", round=t.current_round, rounds=t.rounds),
        "finished": _("finished"),
        "cancelled": _("called off"),
    }[t.status]
    return f"#{t.id} {t.name} — {title(t.kind)}, {state}"[:100]


_RELATIVE = re.compile(r"(?:in\s+)?((?:\d+(?:\.\d+)?\s*[dhm]\s*)+)", re.IGNORECASE)
_PART = re.compile(r"(\d+(?:\.\d+)?)\s*([dhm])", re.IGNORECASE)
START_HELP = N_(
    "Write the start as a UTC date and time, `2026-12-01 18:00`, or from now, `in 2d`, "
    "`3h`, `1d 12h`."
)
LONGEST_WAIT = timedelta(days=90)


def parse_start(text: str, now: datetime) -> datetime:
    """A start time as a host types it: `2026-12-01 18:00` or `2026-12-01` (UTC), or from
    now: `in 2d`, `3h`, `1d 12h`, `90m`. A Refusal for anything else, or a time past or
    more than 90 days away."""
    words = text.strip()
    moment: datetime | None = None
    if match := _RELATIVE.fullmatch(words):
        units = {"d": 86400, "h": 3600, "m": 60}
        seconds = sum(float(n) * units[u.lower()] for n, u in _PART.findall(match.group(1)))
        moment = now + timedelta(seconds=seconds)
    else:
        for pattern in ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d"):
            try:
                moment = datetime.strptime(words, pattern).replace(tzinfo=UTC)
                break
            except ValueError:
                continue
    if moment is None:
        raise Refusal(
            _("I cannot read the start {start}. {help}",
              start=repr(escaped(words[:40])), help=_(START_HELP))
        )  # fmt: skip
    if moment <= now:
        raise Refusal(
            _("That start, {when}, has passed. {help}", when=when(moment), help=_(START_HELP))
        )
    if moment - now > LONGEST_WAIT:
        raise Refusal(
            _("A tournament starts within 90 days of its sign-up: choose an earlier start.")
        )
    return moment
