"""Tournaments through the simulated Discord, each played to its end with computers moving
for the members: a Swiss of 7 at tables of 2 (with a withdrawal and a timeout), a round
robin of 4 at tables of 2 (with a restart of the bot in the middle of a round) and a
Swiss of 9 at tables of 3. (A kill -9 in the middle of a round: test_tournament_kill.py.)"""

from __future__ import annotations

import random

import pytest

from tests.bot.forge import pinged
from tests.bot.table import Table, labels, text_of
from tests.bot.tournament_helpers import (
    check_the_whole_tournament,
    open_signup,
    play_out,
    players,
    posts,
    resign_everyone,
    sign_up,
    tables_of,
    thread_of,
)

pytestmark = pytest.mark.simcord(settle_timeout=120)
HOUR = 3600


async def test_a_swiss_of_seven_at_tables_of_two_with_a_withdrawal_and_a_timeout(table: Table):
    seven = players(table, 7)
    t, signup = await open_signup(
        table, table.ann, game="rota", format="swiss", rounds=3, days_per_move=0.25,
        timeout="forfeit", name="Autumn Swiss",
    )  # fmt: skip
    assert "Players (1/" in signup.content and labels(signup) == ["Join", "Leave"]
    await sign_up(table, signup, seven[1:])
    early = await table.slash(table.ben, "axio tournament start")
    assert early.ephemeral and "Only the host" in early.response.content
    started = await table.slash(table.ann, "axio tournament start")
    assert "has started with 7 players" in started.response.content
    await table.env.settle()
    t = await table.bot.repo.tournament(t.id)
    round_one = await tables_of(table, t)
    assert len(round_one) == 3 and all(x.channel_id for x in round_one)  # and one bye
    assert "Bye:" in posts(table, "🏁 **Autumn Swiss**")[0].content

    leaver = next(m for m in seven if m.id == round_one[0].players[0])
    gone = await table.slash(leaver, "axio tournament withdraw")
    assert gone.ephemeral and "will not be paired again" in gone.response.content
    assert "running game(s) go on with a computer" in gone.response.content
    thread = thread_of(table, round_one[0].channel_id)
    record = await table.person_to_move(round_one[0].game_id)
    if record.status == "running":  # the opponent's move: the table is told with its post
        move = str(random.Random(1).choice(record.game.legal_moves()))
        await table.slash_in(thread, table.member_for(record), "axio play", move=move)
    await table.until(
        lambda: any("withdrew" in text_of(m) for m in thread.history()), "the table is told"
    )

    late = round_one[1]  # nobody moves here: the player to move runs out of time
    for x in round_one[2:]:
        await resign_everyone_at(table, x)
    await table.env.advance_time(6.5 * HOUR)
    thread = thread_of(table, late.channel_id)
    assert any("ran out of time" in text_of(m) for m in thread.history())
    timed_out = await table.record(late.game_id)
    assert sum(seat.resigned for seat in timed_out.seats) == 1

    t = await play_out(table, t.id)
    await check_the_whole_tournament(table, t.id, signup)
    later = [x for x in await table.bot.repo.tournament_tables(t.id) if x.round > 1]
    assert later and all(leaver.id not in x.players for x in later)
    standings = await table.bot.repo.tournament_standings(t.id)
    assert [s.withdrawn for s in standings].count(True) == 1
    shown = await table.slash(table.dan, "axio tournament standings")
    assert "final, after 3 of 3 rounds" in shown.response.content
    assert {a.filename for a in shown.response.attachments} == {"standings.png"}


async def resign_everyone_at(table: Table, x) -> None:  # type: ignore[no-untyped-def]
    record = await table.record(x.game_id)
    for seat in record.humans_playing:
        member = next(m for m in table.members.values() if m.id == seat.user_id)
        await table.resign(member, thread_of(table, x.channel_id))
    await table.env.settle()


async def test_a_round_robin_of_four_survives_a_restart_in_the_middle_of_a_round(table: Table):
    four = players(table, 4)
    t, signup = await open_signup(table, table.cat, game="axio", format="round_robin")
    await sign_up(table, signup, [m for m in four if m is not table.cat])
    await table.slash(table.cat, "axio tournament start")
    restarted = []

    async def restart_in_round_two(now) -> None:  # type: ignore[no-untyped-def]
        if now.current_round == 2 and not restarted:
            await table.env.settle()
            first = (await tables_of(table, now))[0]
            await resign_everyone_at(table, first)  # one table done, the other not
            await table.restart()
            restarted.append(now.current_round)

    t = await play_out(table, t.id, before_each_round=restart_in_round_two)
    assert restarted == [2] and t.rounds == 3
    await check_the_whole_tournament(table, t.id, signup)
    standings = await table.bot.repo.tournament_standings(t.id)
    assert sum(s.points for s in standings) == 6  # six games, one point each


async def test_a_swiss_of_nine_at_tables_of_three(table: Table):
    nine = players(table, 9)
    t, signup = await open_signup(
        table, table.dan, game="rota", format="swiss", table_size=3, rounds=3, name="Trios",
    )  # fmt: skip
    await sign_up(table, signup, [m for m in nine if m is not table.dan])
    full = await table.slash(table.ann, "axio tournament join")
    assert full.ephemeral and "already joined" in full.response.content
    await table.slash(table.dan, "axio tournament start")
    t = await play_out(table, t.id)
    await check_the_whole_tournament(table, t.id, signup)
    every = await table.bot.repo.tournament_tables(t.id)
    assert len(every) == 9 and all(len(x.players) == 3 for x in every)
    standings = await table.bot.repo.tournament_standings(t.id)
    assert sum(s.points for s in standings) == 9 * 3  # 2 + 1 + 0 at each table


async def test_sign_up_refusals_say_what_to_do(table: Table):
    nothing = await table.slash(table.ann, "axio tournament join")
    assert nothing.ephemeral and "/axio tournament new" in nothing.response.content
    bad = await table.slash(
        table.ann, "axio tournament new", game="axio", format="swiss", start="tomorrow-ish"
    )
    assert bad.ephemeral and "2026-12-01 18:00" in bad.response.content
    t, signup = await open_signup(table, table.ann, game="axio", format="swiss", start="in 2h")
    assert "It starts <t:" in signup.content
    alone = await table.slash(table.ann, "axio tournament start")
    assert alone.ephemeral and "needs at least 2 players" in alone.response.content
    await sign_up(table, signup, [table.ben])
    left = await table.click(table.ben, signup, label="Leave")
    assert "You left" in left.followups[0].content and "ben" not in signup.content
    ended = await table.slash(table.ben, "axio tournament end")
    assert ended.ephemeral and "Only the host" in ended.response.content
    await table.env.advance_time(2.1 * HOUR)  # its start time, with one player: called off
    assert (await table.bot.repo.tournament(t.id)).status == "cancelled"
    [off] = posts(table, f"🚫 **{t.name}** (tournament #{t.id}) was called off")
    assert "needs at least 2 players" in off.content
    assert labels(signup) == [] and "called off" in signup.content


async def test_a_manager_ends_a_tournament_in_its_second_round(table: Table):
    four = players(table, 4)
    t, signup = await open_signup(
        table, table.ann, game="rota", format="swiss", rounds=3, name="Short"
    )
    await sign_up(table, signup, four[1:])
    await table.slash(table.ann, "axio tournament start")
    await resign_everyone(table, t.id, 1)
    t = await table.bot.repo.tournament(t.id)
    assert t.current_round == 2
    open_tables = await tables_of(table, t)
    before = await table.bot.repo.tournament_standings(t.id)
    ended = await table.slash(table.admin, "axio tournament end")
    assert not ended.ephemeral and "final standings follow" in ended.response.content
    assert "2 unfinished game(s) count for no one" in ended.response.content
    await table.env.settle()
    t = await table.bot.repo.tournament(t.id)
    assert t.status == "finished"
    assert [(await table.record(x.game_id)).status for x in open_tables] == ["cancelled"] * 2
    for x in open_tables:
        [note] = [
            m for m in thread_of(table, x.channel_id).history() if "counts for no one" in m.content
        ]
        assert f"game #{x.game_id} (" in note.content  # its number, as /axio replay takes it
        seated = {s.user_id for s in (await table.record(x.game_id)).seats}
        assert pinged(table, note) == seated - {None}  # the table's people are told
    [final] = posts(table, f"🏆 **Short** (tournament #{t.id}) is over")
    assert "ended in round 2 of 3" in final.attachments[0].description
    after = await table.bot.repo.tournament_standings(t.id)
    assert [(s.user_id, s.points) for s in after] == [(s.user_id, s.points) for s in before]
    again = await table.slash(table.ann, "axio tournament end", tournament=t.id)
    assert again.ephemeral and "already over" in again.response.content
    offered = await table.ann.autocomplete(
        table.channel, "axio tournament standings", "tournament", "sho"
    )
    assert offered == [{"name": f"#{t.id} Short — AXIO Rota, finished", "value": t.id}]


async def test_a_tournament_starts_by_itself_at_its_start_time(table: Table):
    t, signup = await open_signup(
        table, table.ben, game="rota", format="swiss", rounds=1, start="in 3h", name="Timed"
    )
    await sign_up(table, signup, [table.cat, table.dan])
    await table.env.advance_time(2 * HOUR)
    assert (await table.bot.repo.tournament(t.id)).status == "signup"
    await table.env.advance_time(1.5 * HOUR)  # the scheduler's first pass after 3 h
    t = await table.bot.repo.tournament(t.id)
    assert t.status == "running" and t.current_round == 1
    [pairing] = posts(table, f"🏁 **Timed** (tournament #{t.id}) · round 1 of 1")
    assert "Bye:" in pairing.content
    assert labels(signup) == [] and "has started" in signup.content
    [x] = await tables_of(table, t)
    assert thread_of(table, x.channel_id).history()
    t = await play_out(table, t.id)
    await check_the_whole_tournament(table, t.id, signup)
