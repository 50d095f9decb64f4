"""`/axio review` as members meet it: a player's own finished game reviewed once in the pool
and read back after, who may review what (running games, other servers' games, public
games of the server, unknown and huge ids), the buttons that show a marked move before and
after, forged presses, a forgotten member's name in a review, and a stand-in's moves left
out of its player's figures."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from bot.config import Settings
from engine.ai.review import GameReview
from tests.bot.at_once import answered, slash_at_once
from tests.bot.daily_helpers import DayClock, page_of, play_moves
from tests.bot.forge import forged_component, forged_slash
from tests.bot.table import Table, components, filenames, labels, text_of

pytestmark = pytest.mark.simcord(settle_timeout=60)


@pytest.fixture
def bot_settings(bot_settings: Settings) -> Settings:
    """Reviews at a tiny budget: a whole game in well under a second."""
    return bot_settings.model_copy(update={"review_budget_s": 0.02})


@pytest.fixture
def bot_clock() -> DayClock:
    """A day of the daily challenge (for the daily game's review)."""
    return DayClock(day=1, hour=9)


async def finish_in(
    table: Table, channel: Any, host: Any, guest: Any, seed: int, game_id: int | None = None
) -> int:
    """A two-player AXIO Rota game in `channel` (a new one, or `game_id` going on), played
    to its end with random moves."""
    if game_id is None:
        lobby = (await table.slash_in(channel, host, "axio new", game="rota")).response
        await table.click(guest, lobby, label="Join")
        await table.click(host, lobby, label="Start")
        game_id = (await table.bot.repo.game_in_channel(channel.id)).id
    rng = random.Random(seed)
    by_id = {host.id: host, guest.id: guest}
    while (record := await table.record(game_id)).status == "running":
        member = by_id[record.seat_to_move.user_id]
        move = rng.choice(record.game.legal_moves())
        await table.slash_in(channel, member, "axio play", move=str(move))
    return game_id


def count_reviews(table: Table) -> list[int]:
    """The games the bot's thinker is asked to review (the pool's work)."""
    asked: list[int] = []
    thinker = table.bot.thinker
    review = thinker.review

    async def counting(tasks: Any) -> Any:
        asked.append(tasks[0].game_seed)
        return await review(tasks)

    thinker.review = counting  # type: ignore[method-assign]
    return asked


def deferred_first(table: Table, result: Any) -> bool:
    """Whether the bot's first answer to this interaction was a defer ("thinking…")."""
    path = f"/interactions/{result._interaction.id}/"
    calls = [r for r in table.env.http_requests if path in r.path and r.path.endswith("callback")]
    return bool(calls) and calls[0].json.get("type") == 5


def answer_of(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


async def test_a_player_reviews_their_game_and_a_second_request_is_read_back(table: Table):
    game_id = await finish_in(table, table.channel, table.ann, table.ben, seed=3)
    asked = count_reviews(table)
    first = await table.slash(table.ann, "axio review", game=game_id)
    answer = answer_of(first)
    assert first.ephemeral and deferred_first(table, first)
    words = text_of(answer)
    assert f"Review of game #{game_id}" in words
    assert "**ann**: accuracy **" in words and "**ben**: accuracy **" in words
    assert "inaccuracy ?! from 0.75, mistake ? from 1.5, blunder ?? from 3" in words
    assert "played `" in words and "expert `" in words
    (picture,) = answer.attachments
    assert picture.filename == f"axio-review-{game_id}.png"
    assert picture.description.startswith("Line chart of each player's lowest colour")
    kept = await table.bot.repo.review(game_id)
    assert (
        kept is not None
        and len(GameReview.from_dict(kept).moves) == (await table.record(game_id)).move_count
    )
    assert len(asked) == 1

    again = await table.slash(table.ben, "axio review", game=game_id)
    assert len(asked) == 1  # read from storage: the pool was not asked again
    assert text_of(answer_of(again)) == words
    assert labels(answer_of(again)) == labels(answer)
    assert not any("Review of game" in text_of(m) for m in table.public())  # private


async def test_a_stand_ins_moves_are_not_counted_as_their_players(table: Table):
    """A late player's turn played by the server's stand-in (what a timeout does): the
    review says so on that player's line and leaves the move out of their figures."""
    lobby = (await table.slash(table.ann, "axio new", game="rota")).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.bot.repo.game_in_channel(table.channel.id)
    late = record.game.to_move
    await table.bot.desk.play_for(record.id, late, note="late")
    await finish_in(table, table.channel, table.ann, table.ben, seed=4, game_id=record.id)
    stood_in = [m.move_number for m in await table.bot.repo.moves(record.id) if m.stand_in]
    assert stood_in == [1]
    words = text_of(answer_of(await table.slash(table.ann, "axio review", game=record.id)))
    lines = {line.split("**")[1]: line for line in words.splitlines() if line.startswith("**")}
    late_name, other_name = (record.seats[late].name, record.seats[1 - late].name)
    assert "1 move by a stand-in, not counted" in lines[late_name]
    assert "stand-in" not in lines[other_name]
    review = GameReview.from_dict(await table.bot.repo.review(record.id))
    assert [m.number for m in review.moves if m.stand_in] == [1]
    assert review.seats[late].stand_in_moves == 1 and review.seats[1 - late].stand_in_moves == 0


async def test_the_buttons_show_a_marked_move_before_and_after(table: Table):
    game_id = await finish_in(table, table.channel, table.ann, table.ben, seed=3)
    answer = answer_of(await table.slash(table.ann, "axio review", game=game_id))
    buttons = labels(answer)
    log = (await table.record(game_id)).game.log
    pressed_ids = [c["custom_id"] for c in components(answer) if c.get("type") == 2]
    numbers = [int(custom_id.rsplit(":", 1)[1]) for custom_id in pressed_ids]
    turns = [int(re.match(r"turn (\d+)", label)[1]) for label in buttons]
    assert buttons and turns == [log[n - 1].turn for n in numbers]  # the table's turns
    number = numbers[0]
    pressed = await table.click(table.ann, answer, label=buttons[0])
    shown = answer_of(pressed)
    assert pressed.ephemeral
    assert filenames(shown) == {f"before-{number}.png", f"after-{number}.png"}
    assert all(a.description for a in shown.attachments)
    assert f"`turn {turns[0]}" in text_of(shown) and "expert `" in text_of(shown)

    forged = await forged_component(table.ann, answer, f"axio:review:{game_id}:9999")
    assert forged.ephemeral and "has no move 9999" in forged.response.content
    garbage = await forged_component(table.ann, answer, "axio:review:x:1")
    assert garbage.ephemeral and "not one the bot made" in garbage.response.content
    unreviewed = await finish_in(table, table.channel, table.ben, table.cat, seed=4)
    early = await forged_component(table.cat, answer, f"axio:review:{unreviewed}:1")
    assert early.ephemeral and "has no review yet" in early.response.content


async def test_who_may_review_what(table: Table):
    finished = await finish_in(table, table.channel, table.ann, table.ben, seed=5)
    other = table.env.create_guild("Second Server")
    elsewhere = other.create_text_channel("tables")
    dan_there = other.add_member(table.dan.user)
    zed = other.add_member(table.env.create_user("zed"))
    theirs = await finish_in(table, elsewhere, dan_there, zed, seed=6)
    lobby = (await table.slash(table.ann, "axio new", game="rota")).response
    await table.click(table.cat, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    running = (await table.game()).id
    asked = count_reviews(table)

    for member in (table.ann, table.cat, table.ben):  # at its table, or not
        refused = await table.slash(member, "axio review", game=running)
        assert refused.ephemeral and not deferred_first(table, refused)
        assert f"Game #{running} is still being played" in refused.response.content
    for game_id in (theirs, 999):  # another server's game, and no game at all
        refused = await table.slash(table.ann, "axio review", game=game_id)
        assert refused.ephemeral and not deferred_first(table, refused)
        assert f"no game #{game_id} of yours or of this server" in refused.response.content
    huge = await forged_slash(table.ann, table.channel, "axio review", game=2**70)
    assert huge.ephemeral and "no game #" in huge.response.content
    assert asked == [] and await table.bot.repo.review(theirs) is None

    public = answer_of(await table.slash(table.cat, "axio review", game=finished))
    assert f"Review of game #{finished}" in text_of(public)  # a public game of this server
    own = answer_of(await table.slash(table.dan, "axio review", game=theirs))
    assert f"Review of game #{theirs}" in text_of(own)  # one's own game, from any server
    assert len(asked) == 2


async def test_a_forgotten_member_shows_as_a_former_player_in_a_kept_review(table: Table):
    game_id = await finish_in(table, table.channel, table.ann, table.ben, seed=7)
    before = text_of(answer_of(await table.slash(table.ben, "axio review", game=game_id)))
    assert "**ann**" in before
    asked = answer_of(await table.slash(table.ann, "axio forget-me"))
    await table.click(table.ann, asked, label="Delete my data")
    kept = await table.bot.repo.review(game_id)
    assert "ann" not in json.dumps(kept)  # a stored review names nobody
    after = answer_of(await table.slash(table.ben, "axio review", game=game_id))
    assert "**ann**" not in text_of(after) and "a former player" in text_of(after)
    assert "ann" not in after.attachments[0].description


async def test_two_members_asking_at_once_share_one_computation(table: Table):
    game_id = await finish_in(table, table.channel, table.ann, table.ben, seed=8)
    asked = count_reviews(table)
    results = await slash_at_once(
        table.env,
        [
            (table.ann, table.channel, "axio review", {"game": game_id}),
            (table.cat, table.channel, "axio review", {"game": game_id}),
        ],
    )
    await answered(table.env, results)
    assert len(asked) == 1
    ann, cat = (text_of(answer_of(result)) for result in results)
    assert ann == cat and f"Review of game #{game_id}" in ann


async def test_a_daily_game_is_its_players_alone_once_its_day_is_over(
    table: Table, bot_clock: DayClock
):
    page = page_of(await table.slash(table.ann, "axio daily play", game="rota"))
    await play_moves(table, table.ann, page, random.Random(2))
    game_id = (await table.bot.repo.daily_attempt("rota", table.ann.id, 1)).game_id
    assert (await table.record(game_id)).status == "finished"
    today = await table.slash(table.ann, "axio review", game=game_id)
    assert today.ephemeral and "when the day turns at 00:00 UTC" in today.response.content
    for day in (1, 2):  # another member, on its day and after
        bot_clock.on_day(day, hour=23)
        others = await table.slash(table.ben, "axio review", game=game_id)
        assert others.ephemeral and "only its player may review it" in others.response.content
    own = answer_of(await table.slash(table.ann, "axio review", game=game_id))
    assert f"Review of game #{game_id}" in text_of(own) and "**ann**: accuracy" in text_of(own)
