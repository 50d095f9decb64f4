"""The lobby: opening, joining, computers, starting, cancelling — and every refusal."""

from __future__ import annotations

from tests.bot.table import Table, labels, text_of


async def open_lobby(table: Table, host, game: str = "axio", seats: int = 4):
    result = await table.slash(host, "axio new", game=game, seats=seats)
    assert not result.ephemeral
    return result.response


async def test_new_posts_a_lobby_with_its_buttons(table: Table):
    lobby = await open_lobby(table, table.ann)
    assert "AXIO" in lobby.content and "1. ann (host)" in lobby.content
    assert labels(lobby) == ["Join", "Leave", "Add computer", "Start", "Cancel", "How to play"]


async def test_join_and_leave_by_button_and_by_command(table: Table):
    lobby = await open_lobby(table, table.ann)
    await table.click(table.ben, lobby, label="Join")
    assert "2. ben" in lobby.content
    joined = await table.slash(table.cat, "axio lobby join")
    assert joined.ephemeral and "joined" in joined.response.content
    assert "3. cat" in lobby.content
    await table.slash(table.ben, "axio lobby leave")
    assert "ben" not in lobby.content and "2. cat" in lobby.content


async def test_joining_twice_or_a_full_lobby_is_refused(table: Table):
    lobby = await open_lobby(table, table.ann, seats=2)
    again = await table.click(table.ann, lobby, label="Join")
    assert again.ephemeral and "already have a seat" in again.response.content
    await table.click(table.ben, lobby, label="Join")
    full = await table.click(table.cat, lobby, label="Join")
    assert full.ephemeral and "seats are taken" in full.response.content
    assert "cat" not in lobby.content


async def test_only_the_host_starts_cancels_or_adds_computers(table: Table):
    lobby = await open_lobby(table, table.ann)
    await table.click(table.ben, lobby, label="Join")
    for label in ("Start", "Cancel", "Add computer"):
        refused = await table.click(table.ben, lobby, label=label)
        assert refused.ephemeral and "Only the host" in refused.response.content
    record = await table.game()
    assert record is not None and record.status == "lobby" and len(record.seats) == 2


async def test_host_adds_a_computer_of_a_chosen_level(table: Table):
    lobby = await open_lobby(table, table.ann)
    menu = await table.click(table.ann, lobby, label="Add computer")
    assert menu.ephemeral
    await table.click(table.ann, menu.response, label="Hard")
    assert "Bot A (hard)" in lobby.content
    assert menu.response.content == "🤖 Bot A (hard) joined." and labels(menu.response) == []


async def test_second_game_in_a_channel_says_where_the_first_is(table: Table):
    await open_lobby(table, table.ann)
    second = await table.slash(table.ben, "axio new", game="rota")
    assert second.ephemeral
    assert "already has an AXIO game" in second.response.content
    assert "discord.com/channels" in second.response.content


async def test_cancel_closes_the_lobby_and_frees_the_channel(table: Table):
    lobby = await open_lobby(table, table.ann)
    await table.click(table.ann, lobby, label="Cancel")
    assert "cancelled" in lobby.content and lobby.components == []
    assert await table.game() is None
    late = await table.slash(table.ben, "axio lobby join")
    assert late.ephemeral and "/axio new" in late.response.content


async def test_commands_without_a_game_say_how_to_start_one(table: Table):
    for command in ("axio lobby join", "axio lobby start", "axio hand", "axio board", "axio hint"):
        result = await table.slash(table.ann, command)
        assert result.ephemeral and "/axio new" in result.response.content, command


async def test_start_deals_the_game_and_mentions_the_first_player(table: Table):
    lobby = await open_lobby(table, table.ann)
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    record = await table.game()
    assert record is not None and record.status == "running"
    turn = table.last_public()
    mover = record.seats[record.game.to_move]
    assert f"<@{mover.user_id}>" in text_of(turn)
    assert {a.filename for a in turn.attachments} == {"table.png"}
    assert labels(turn) == ["My tiles", "Close-up"]
    first = record.seats[record.game.to_move].name
    assert f"**{first}** moves first." in text_of(turn)
