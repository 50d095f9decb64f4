"""A turn's details: the exchange, naming a colour, autocomplete, hints, stale controls,
every refusal — and a restart in the middle of a game."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import bot.table.lobby
from bot.screens.moves import describe, move_text, unstamped
from bot.screens.present import points_text
from bot.screens.suggest import SUGGESTED_ORDER, appraise
from bot.screens.words import COLOUR_EMOJI, tile_words
from engine.rota_names import position_name
from tests.bot.table import (
    Table,
    assert_private_files_never_public,
    labels,
    select_step,
    text_of,
)


@pytest.fixture
def fixed_seed(monkeypatch):
    """Deal from a chosen seed so a test can reach a known position."""

    def use(seed: int) -> None:
        monkeypatch.setattr(bot.table.lobby, "_seeds", SimpleNamespace(randrange=lambda _: seed))

    return use


async def two_player(table: Table, kind: str):
    lobby = (await table.slash(table.ann, "axio new", game=kind)).response
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    return await table.game()


def mover_and_waiting(table: Table, record):
    """The member to move and the other member of a two-player game."""
    mover = table.member_for(record)
    return mover, table.ben if mover is table.ann else table.ann


def greedy(record):
    moves = record.game.scored_moves()
    return str(max(moves, key=lambda m: (sum(m.points), str(m.move))).move)


async def test_exchange_is_offered_in_the_builder_and_swaps_the_rack(table: Table, fixed_seed):
    fixed_seed(16)  # greedy play reaches an exchange offer on the tenth move
    record = await two_player(table, "axio")
    while record.game.phase != "exchange":
        played = await table.slash(table.member_for(record), "axio play", move=greedy(record))
        record = await table.record(record.id)
    member = table.member_for(record)
    # The exchange is asked in the player's own answer, and the table is not told yet.
    assert "Exchange the whole rack" in played.response.content
    assert labels(played.response) == ["Exchange my rack", "Keep my rack"]
    assert "may exchange" not in text_of(table.last_public())
    assert text_of(table.last_public()).endswith(f"your move, <@{member.id}>")
    posts = len(table.public())
    rack_before = record.game.rack(record.game.to_move)
    opened = await table.click(member, table.last_public(), label="My tiles")  # still works
    assert labels(opened.response) == ["Exchange my rack", "Keep my rack"]
    await table.click(member, opened.response, label="Exchange my rack")
    assert len(table.public()) == posts + 1  # one post for the whole turn, after it
    after = await table.record(record.id)
    assert after.game.log[-1].move == "exchange"
    assert after.game.to_move != record.game.to_move
    assert len(after.game.rack(record.game.to_move)) == 5
    assert after.game.rack(record.game.to_move) != rack_before
    returned = " ".join("".join(COLOUR_EMOJI[colour] for colour in tile) for tile in rack_before)
    told = text_of(table.last_public())
    assert f"exchanged {len(rack_before)} tiles: {returned}" in told  # the rack was shown
    assert "`" not in told
    assert_private_files_never_public(table)


async def test_rota_empty_corner_colour_is_chosen_in_the_builder(table: Table, fixed_seed):
    fixed_seed(1)  # the first tile has an empty corner that can touch the display
    record = await two_player(table, "rota")
    member = table.member_for(record)
    named = [m for m in record.game.scored_moves() if m.move.name is not None]
    assert named
    target = max(named, key=lambda m: sum(m.points)).move
    opened = await table.click(member, table.last_public(), label="My tiles")
    builder = opened.response
    await table.click(member, builder, label="Other move…")
    custom_id, _ = select_step(builder, "position")
    await table.select(member, builder, [position_name(target.position)], custom_id=custom_id)
    custom_id, options = select_step(builder, "move")
    assert any(target.name.label in o["label"] for o in options)
    await table.select(member, builder, [move_text(record.game, target)], custom_id=custom_id)
    assert target.name.label in builder.content
    await table.click(member, builder, label="Confirm")
    after = await table.record(record.id)
    assert after.game.log[-1].move == str(target)


async def test_rota_move_typed_with_the_position_name_and_again_refused(table: Table, fixed_seed):
    """A name means one place all game: the same text sent twice plays once."""
    fixed_seed(1)
    record = await two_player(table, "rota")
    scored = next(m for m in record.game.scored_moves() if m.move.name is None)
    move = scored.move
    typed = f"{position_name(move.position)} {move.rotation}"
    result = await table.slash(table.member_for(record), "axio play", move=typed)
    assert "You played" in result.response.content
    assert position_name(move.position) in result.response.content
    assert points_text(scored.points) in result.response.content
    after = await table.record(record.id)
    assert after.game.log[-1].move == str(move)
    again = await table.slash(table.member_for(after), "axio play", move=typed)
    assert again.ephemeral and "already holds a tile" in again.response.content
    assert (await table.record(record.id)).move_count == after.move_count


async def test_missing_colour_name_is_refused_with_advice(table: Table, fixed_seed):
    fixed_seed(1)
    record = await two_player(table, "rota")
    named = next(m for m in record.game.legal_moves() if m.name is not None)
    bare = f"{named.x},{named.y} {named.rotation}"
    refused = await table.slash(table.member_for(record), "axio play", move=bare)
    assert refused.ephemeral and "not allowed" in refused.response.content
    assert (await table.record(record.id)).move_count == 0


async def test_autocomplete_offers_scored_moves_to_the_player_to_move_only(table: Table):
    record = await two_player(table, "axio")
    mover, other = mover_and_waiting(table, record)
    choices = await table.autocomplete(mover, "axio play", "move", "")
    assert 0 < len(choices) <= 25
    legal = {describe(record.game, m) for m in record.game.legal_moves()}
    suggested = [unstamped(c["value"]) for c in choices]
    assert all(made_for == record.move_count and text in legal for made_for, text in suggested)
    assert all(" · lowest " in c["name"] for c in choices)
    assert all(":" not in c["value"] and "@" not in c["value"] for c in choices)  # words
    cell = suggested[-1][1][:2]
    narrowed = await table.autocomplete(mover, "axio play", "move", cell)
    assert narrowed and all(cell in unstamped(c["value"])[1] for c in narrowed)
    waiting = await table.autocomplete(other, "axio play", "move", "")
    assert [c["name"] for c in waiting] == [
        f"It is {mover.name}'s move: wait until you are mentioned."
    ]
    told = await table.slash(other, "axio play", move=waiting[0]["value"])
    assert told.ephemeral and f"It is {mover.name}'s move" in told.response.content
    played = await table.slash(mover, "axio play", move=choices[0]["value"])
    assert "You played" in played.response.content
    assert (await table.record(record.id)).move_count == 1


async def test_refusals_say_what_to_do_and_change_nothing(table: Table):
    record = await two_player(table, "axio")
    mover, waiting = mover_and_waiting(table, record)
    cases = [
        (waiting, {"move": str(record.game.legal_moves()[0])}, "not yours"),
        (table.cat, {"move": "E5:b F5:r"}, "not playing in this game"),
        (mover, {"move": "A1:b A2:r"}, "not allowed"),
        (mover, {"move": "hello"}, "not allowed"),
    ]
    for member, options, words in cases:
        refused = await table.slash(member, "axio play", **options)
        assert refused.ephemeral and words in refused.response.content, refused.response.content
    stranger = await table.click(table.cat, table.last_public(), label="My tiles")
    assert stranger.ephemeral and "not playing" in stranger.response.content
    assert (await table.record(record.id)).move_count == 0


async def test_controls_from_an_earlier_turn_say_so_and_do_nothing(table: Table):
    record = await two_player(table, "axio")
    mover = table.member_for(record)
    builder = (await table.click(mover, table.last_public(), label="My tiles")).response
    hint = (await table.slash(mover, "axio hint")).response
    assert labels(builder) and labels(hint)
    await table.slash(mover, "axio play", move=greedy(record))
    await table.env.settle()
    for private in (builder, hint):  # their buttons came off when the move was made
        assert labels(private) == [] and "the game has moved on" in private.content
    assert (await table.record(record.id)).move_count == 1


async def test_a_stale_control_pressed_after_a_restart_takes_itself_off(table: Table):
    record = await two_player(table, "axio")
    mover = table.member_for(record)
    builder = (await table.click(mover, table.last_public(), label="My tiles")).response
    suggestion = labels(builder)[0]
    await table.restart()  # what was shown is forgotten: the press itself must tell
    await table.slash(mover, "axio play", move=greedy(record))
    await table.click(mover, builder, label=suggestion)
    assert "That was for turn 1" in builder.content
    assert labels(builder) == []
    assert (await table.record(record.id)).move_count == 1


async def test_a_waiting_player_sees_their_own_rack_without_controls(table: Table):
    record = await two_player(table, "axio")
    mover, waiting = mover_and_waiting(table, record)
    shown = await table.slash(waiting, "axio hand")
    assert shown.ephemeral and "Your rack" in shown.response.content
    seat = record.seat_of(waiting.id).seat
    said = shown.response.content
    for number, tile in enumerate(record.game.rack(seat), start=1):
        assert f"{number}. {tile_words(tile)}" in said  # in rack order, colours as words
    assert "☀" not in said and "⭐" not in said and "⭕" not in said  # emoji of other colours
    assert "`" not in shown.response.content  # no letter codes
    assert shown.response.components == []
    assert shown.response.id not in {m.id for m in table.seen_by(mover)}


async def test_game_over_and_lobby_full_refusals(table: Table):
    await table.slash(table.dan, "axio solo", game="rota")
    record = await table.game()
    rng = random.Random(1)
    while (record := await table.record(record.id)).status == "running":
        await table.play_by_command(record, rng)
    late = await table.slash(table.dan, "axio play", move="0,0 0")
    assert late.ephemeral and "/axio new" in late.response.content


async def test_restart_mid_game_old_buttons_still_work(table: Table):
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    await table.click(table.ben, lobby, label="Join")
    menu = await table.click(table.ann, lobby, label="Add computer")
    await table.click(table.ann, menu.response, label="Easy")
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    rng = random.Random(2)
    for _ in range(4):
        record = await table.record(record.id)
        await table.play_by_command(record, rng)
    record = await table.record(record.id)
    mover = table.member_for(record)
    builder = (await table.click(mover, table.last_public(), label="My tiles")).response
    before = record.move_count

    await table.restart()

    await table.click(mover, builder, label="Other move…")
    custom_id, options = select_step(builder, "tile")
    await table.select(mover, builder, [options[0]["value"]], custom_id=custom_id)
    custom_id, options = select_step(builder, "move")
    await table.select(mover, builder, [options[0]["value"]], custom_id=custom_id)
    await table.click(mover, builder, label="Confirm")
    after = await table.record(record.id)
    assert after.move_count > before
    assert after.game == await table.bot.repo.load_game_from_log(record.id)
    record = after
    for _ in range(3):
        record = await table.record(record.id)
        if record.status != "running":
            break
        opened = await table.click(table.member_for(record), table.last_public(), label="My tiles")
        assert opened.ephemeral and "Your rack" in opened.response.content
        await table.play_by_command(record, rng)


async def test_hint_suggests_legal_moves_to_the_player_to_move_only(table: Table):
    record = await two_player(table, "axio")
    mover, waiting = mover_and_waiting(table, record)
    hint = await table.slash(mover, "axio hint")
    said = hint.response.content
    assert hint.ephemeral and f"Suggestions, {SUGGESTED_ORDER}" in said
    legal = {describe(record.game, m) for m in record.game.legal_moves()}
    suggested = [line.split("**")[1] for line in said.splitlines()[1:]]
    assert suggested and all(move in legal for move in suggested)
    refused = await table.slash(waiting, "axio hint")
    assert refused.ephemeral and "player to move" in refused.response.content
    assert hint.response.id not in {m.id for m in table.seen_by(waiting)}


async def test_a_hint_is_played_by_its_button_in_the_order_its_heading_says(table: Table):
    """Hint → preview → Confirm; the list is best for the lowest colour first."""
    record = await two_player(table, "axio")
    mover = table.member_for(record)
    hint = (await table.slash(mover, "axio hint")).response
    buttons = labels(hint)
    assert buttons and all(" · lowest " in b for b in buttons)
    by_text = {describe(record.game, m.move): m for m in record.game.scored_moves()}
    listed = [by_text[line.split("**")[1]] for line in hint.content.splitlines()[1:]]
    keys = [appraise(record.game, m).sort_key()[:3] for m in listed]
    assert keys == sorted(keys)
    await table.click(mover, hint, label=buttons[0])
    assert "Preview" in hint.content and {a.filename for a in hint.attachments} == {"preview.png"}
    await table.click(mover, hint, label="Confirm")
    after = await table.record(record.id)
    assert after.move_count == 1
    assert after.game.log[-1].move == str(listed[0].move)
    assert "You played" in hint.content
