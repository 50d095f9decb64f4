"""What a tournament looks like in its channel: the sign-up message, each round's pairings,
a table's thread (its name and the one message that pings its players), the standings as
a picture and as text, the end; and the start time a host types.

Every post's first line names the tournament (by number) and what the post is, so the
delivery of a post after a crash can recognise one already in the channel.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import discord

from engine.tournament import format_points
from render.community import render_standings, standings_alt
from storage import Tournament, TournamentStanding, TournamentTable

from .present import title
from .refusals import Refusal
from .safe_text import MESSAGE_LIMIT, capped, escaped, shown_name
from .summary import Paint, image_file

STANDINGS_FILENAME = "standings.png"
THREAD_NAME_LIMIT = 100
FORMAT_WORDS = {"swiss": "Swiss", "round_robin": "round robin"}
ACTION_WORDS = {"computer": "a computer moves for the player", "resign": "the seat is forfeited"}


def heading(t: Tournament) -> str:
    return f"**{shown_name(t.name)}** (tournament #{t.id})"


def days_words(hours: float) -> str:
    days = hours / 24
    return f"{days:g} day per move" if days == 1 else f"{days:g} days per move"


def settings_words(t: Tournament) -> str:
    """`AXIO Rota · Swiss, 4 rounds · tables of 2 · 3 days per move, then …`"""
    rounds = f", {t.rounds} rounds" if t.rounds else ""
    return (
        f"{title(t.kind)} · {FORMAT_WORDS[t.format]}{rounds} · tables of {t.table_size} · "
        f"{days_words(t.timeout_hours)}, then {ACTION_WORDS[t.timeout_action]}"
    )


def when(moment: datetime) -> str:
    """A moment as every member's own clock shows it: `28 November 2026 18:00 (in 3 days)`."""
    return f"{discord.utils.format_dt(moment, 'f')} ({discord.utils.format_dt(moment, 'R')})"


def signup_text(t: Tournament) -> str:
    """The sign-up message: what the tournament is, who joined, and what happens next."""
    names = ", ".join(shown_name(p.name) for p in t.players) or "nobody yet"
    lines = [
        f"🏆 {heading(t)} hosted by <@{t.host_id}>",
        settings_words(t),
        f"Players ({len(t.players)}/{t.cap}): {names}",
    ]
    if t.status == "signup":
        start = f"It starts {when(t.starts_at)}, or" if t.starts_at else "It starts"
        lines.append(
            f"Press **Join** to play. {start} when the host starts it "
            f"(at least {max(2, t.table_size)} players). Each round's tables play in "
            "threads of this channel."
        )
    elif t.status == "running":
        lines.append("Sign-up is closed: the tournament has started. `/axio tournament standings`")
    elif t.status == "finished":
        lines.append("This tournament is over. `/axio tournament standings` has the final table.")
    else:
        lines.append("This tournament was called off.")
    return capped("\n".join(lines))


def table_names(table: TournamentTable) -> str:
    return " vs ".join(shown_name(name) for name in table.names)


def round_text(t: Tournament, number: int, tables: list[TournamentTable], byes: list[str]) -> str:
    """A round's pairings post."""
    lines = [f"🏁 {heading(t)} · round {number} of {t.rounds}: pairings"]
    for table in tables:
        lines.append(f"Table {table.table_number}: {table_names(table)}")
    for name in byes:
        lines.append(f"Bye: {shown_name(name)} (scores as a win)")
    lines.append(
        f"Each table plays in its own thread below; {days_words(t.timeout_hours)}. The next "
        "round is paired when every table has finished."
    )
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
        f"🏆 {heading(t)} · round {table.round} of {t.rounds} · table {table.table_number}: "
        f"{people}\nThis thread is your table: the board comes next, with **My tiles** for "
        f"the player to move. {days_words(t.timeout_hours)}; then "
        f"{ACTION_WORDS[t.timeout_action]}. `/axio tournament withdraw` leaves the tournament "
        "(a computer finishes your games)."
    )


def standings_lines(standings: list[TournamentStanding]) -> list[str]:
    lines = ["` #  pts   buch   lows` player"]
    for s in standings:
        out = " (withdrawn)" if s.withdrawn else ""
        lines.append(
            f"`{s.rank:>2}  {format_points(s.points):>4} {format_points(s.buchholz):>6} "
            f"{s.lowest_sum:>5}` {shown_name(s.name)}{out}"
        )
    return lines


TIE_BREAKS = "Ties: Buchholz (buch), then the sum of lowest colours (lows)."


def standings_subtitle(t: Tournament, after_round: int | None) -> str:
    if t.status == "finished" and t.current_round < (t.rounds or 0):
        return f"final: ended in round {t.current_round} of {t.rounds}"
    if t.status == "finished":
        return f"final, after {t.current_round} of {t.rounds} rounds"
    if after_round:
        return f"after round {after_round} of {t.rounds}"
    return (
        "before the first round"
        if t.status == "signup"
        else f"round {t.current_round} of {t.rounds} in play"
    )


async def standings_message(
    t: Tournament,
    standings: list[TournamentStanding],
    first_line: str,
    subtitle: str,
    paint: Paint,
) -> tuple[str, discord.File]:
    """The standings as text (every line, as far as one message holds) and as a picture."""
    text = "\n".join([first_line, *standings_lines(standings), TIE_BREAKS])
    if len(text) > MESSAGE_LIMIT:
        text = capped(text)
    title_words = f"{t.name} (#{t.id})"
    png = await paint(render_standings, title_words, standings, subtitle)
    file = image_file(png, STANDINGS_FILENAME, standings_alt(title_words, standings, subtitle))
    return text, file


def winners_words(standings: list[TournamentStanding]) -> str:
    top = [shown_name(s.name) for s in standings if s.rank == 1]
    return " and ".join(top) if top else "nobody"


def cancelled_text(t: Tournament, reason: str) -> str:
    why = f": {reason}" if reason else "."
    return f"🚫 {heading(t)} was called off{why}"


def choice_label(t: Tournament) -> str:
    """How a tournament is offered in autocomplete."""
    state = {
        "signup": f"sign-up, {len(t.players)}/{t.cap}",
        "running": f"round {t.current_round} of {t.rounds}",
        "finished": "finished",
        "cancelled": "called off",
    }[t.status]
    return f"#{t.id} {t.name} — {title(t.kind)}, {state}"[:100]


_RELATIVE = re.compile(r"(?:in\s+)?((?:\d+(?:\.\d+)?\s*[dhm]\s*)+)", re.IGNORECASE)
_PART = re.compile(r"(\d+(?:\.\d+)?)\s*([dhm])", re.IGNORECASE)
START_HELP = (
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
        raise Refusal(f"I cannot read the start {escaped(words[:40])!r}. {START_HELP}")
    if moment <= now:
        raise Refusal(f"That start, {when(moment)}, has passed. {START_HELP}")
    if moment - now > LONGEST_WAIT:
        raise Refusal("A tournament starts within 90 days of its sign-up: choose an earlier start.")
    return moment
