"""Helpers for the tournament bot tests: members sign up with the buttons, the host starts,
and at each round's tables (their threads) the members hand their seats to computers,
which play the games to their end on the bot's own machinery."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from storage import Tournament, TournamentTable
from tests.bot.table import Table, labels

EXTRA_NAMES = ("eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lea")


def players(table: Table, count: int) -> list[Any]:
    """`count` members: the table's four, then new members of the guild."""
    found = [table.ann, table.ben, table.cat, table.dan]
    for name in EXTRA_NAMES[: max(0, count - len(found))]:
        member = table.guild.add_member(table.env.create_user(name))
        table.members[name] = member
        found.append(member)
    return found[:count]


async def open_signup(table: Table, host: Any, **options: Any) -> tuple[Tournament, Any]:
    """`/axio tournament new` by `host` (who joins); the tournament and its message."""
    made = await table.slash(host, "axio tournament new", **options)
    assert not made.ephemeral, made.response.content
    [t] = await table.bot.repo.tournaments(table.guild.id, statuses=("signup",))
    assert t.signup_message_id == made.response.id
    return t, made.response


async def sign_up(table: Table, message: Any, members: list[Any]) -> None:
    for member in members:
        joined = await table.click(member, message, label="Join")
        assert joined.followups and "You joined" in joined.followups[0].content


def thread_of(table: Table, channel_id: int) -> Any:
    [thread] = [t for t in table.channel.threads if t.id == channel_id]
    return thread


async def tables_of(table: Table, t: Tournament) -> list[TournamentTable]:
    return await table.bot.repo.tournament_tables(t.id, t.current_round)


async def resign_everyone(table: Table, tid: int, round_number: int) -> None:
    """Every member still playing at the round's open tables resigns in its thread: a
    computer plays each seat to the end of the game."""
    await table.env.settle()
    for x in await table.bot.repo.tournament_tables(tid, round_number):
        if x.status != "running":
            continue
        assert x.channel_id is not None, "every table of a round gets its thread"
        record = await table.record(x.game_id)
        for seat in record.humans_playing:
            member = next(m for m in table.members.values() if m.id == seat.user_id)
            asked = await table.slash_in(thread_of(table, x.channel_id), member, "axio resign")
            await table.click(member, asked.response, label="Resign")
            assert "You resigned" in asked.response.content, asked.response.content
    await table.env.settle()


async def play_out(table: Table, tid: int, *, before_each_round: Any = None) -> Tournament:
    """Play every remaining round to its end; `before_each_round(t)` runs first each
    round (a withdrawal, a timeout, a restart)."""
    for _ in range(40):
        t = await table.bot.repo.tournament(tid)  # the bot's repository: it may restart
        if t.status != "running":
            return t
        if before_each_round is not None:
            await before_each_round(t)
        await resign_everyone(table, tid, t.current_round)
        after = await table.bot.repo.tournament(tid)
        if after.status == "running" and after.current_round == t.current_round:
            await table.env.settle()
    raise AssertionError("the tournament did not end")


def posts(table: Table, first_words: str) -> list[Any]:
    """The channel's messages whose text starts with `first_words`."""
    return [m for m in table.public() if (m.content or "").startswith(first_words)]


async def check_the_whole_tournament(table: Table, tid: int, signup: Any) -> None:
    """What every finished tournament shows: one pairing post per round, one thread per
    table and one ping there, standings after each round but the last, the final
    standings once (picture with alt text, and text), no avoidable rematch, byes spread,
    and the sign-up message without its buttons."""
    repo = table.bot.repo
    t = await repo.tournament(tid)
    assert t.status == "finished" and t.current_round == t.rounds
    every = await repo.tournament_tables(tid)
    assert all(x.status == "finished" and x.ranks is not None for x in every)
    heading = f"(tournament #{tid})"
    for number in range(1, t.rounds + 1):
        assert len(posts(table, f"🏁 **{t.name}** {heading} · round {number} of")) == 1
        standings = posts(table, f"📊 **{t.name}** {heading} · standings after round {number} ")
        assert len(standings) == (1 if number < t.rounds else 0)
    [final] = posts(table, f"🏆 **{t.name}** {heading} is over")
    [picture] = final.attachments
    assert picture.filename == "standings.png" and picture.description.startswith(t.name)
    for p in t.players:
        assert p.name in picture.description and p.name in final.content
    threads = table.channel.threads
    assert len(threads) == len(every) == len({t.name for t in threads})
    for x in every:
        thread = thread_of(table, x.channel_id)
        pings = [m for m in thread.history() if m.content and "round" in m.content.split("\n")[0]]
        assert len(pings) == 1 and all(f"<@{user}>" in pings[0].content for user in x.players)
    met = Counter(pair for x in every for pair in combinations(sorted(x.players), 2))
    if t.format == "swiss":
        assert max(met.values()) == 1, "a rematch that another pairing avoided"
    else:
        everyone = [p.user_id for p in t.players if not p.withdrawn]
        assert all(met[pair] == 1 for pair in combinations(sorted(everyone), 2))
    byes = [row for row in await repo.tournament_standings(tid) if row.byes]
    assert all(row.byes == 1 for row in byes), "byes go to different players"
    assert "Join" not in labels(signup)
    assert "over" in signup.content
