"""Solo games never take a channel: a table game and members' own solo games share it,
every command finds the game its member means, a solo game's buttons refuse others
truthfully, and a member who plays elsewhere is told where."""

from __future__ import annotations

from typing import Any

from tests.bot.languages import english_in, speak
from tests.bot.table import Table, filenames, labels, text_of
from tests.bot.test_games import start_game
from tests.bot.tournament_helpers import open_signup, sign_up, tables_of

ANNS_SOLO = "This is ann's solo game; start your own with `/axio solo`."


def said(result: Any) -> str:
    return result.response.content


async def solo_for(table: Table, member: Any, game: str) -> tuple[int, Any]:
    """`member` starts a solo game here: its id, and its start post (with **Play**)."""
    started = await table.slash(member, "axio solo", game=game)
    assert filenames(started.response) == {"solo.png"}, said(started)
    [record] = [
        game
        for game in await table.bot.repo.open_games(table.guild.id)
        if game.solo and game.seat_of(member.id) and game.channel_id == table.channel.id
    ]
    post = table.last_public()
    assert f"**{member.name}**" in text_of(post) and labels(post) == ["Play"]
    return record.id, post


async def test_a_solo_game_beside_a_table_game_in_one_channel(table: Table):
    anns, anns_post = await solo_for(table, table.ann, "rota")
    lobby = await table.slash(table.ben, "axio new", game="axio")
    assert labels(lobby.response)[:2] == ["Join", "Leave"], said(lobby)
    cats, _ = await solo_for(table, table.cat, "axio")  # a lobby takes nobody's solo game
    again = await table.slash(table.ann, "axio solo", game="axio")
    assert "already have a solo game in this channel" in said(again)
    refused = await table.slash(table.cat, "axio new", game="rota")  # one table game
    assert "already has an AXIO game" in said(refused)

    pressed = await table.click(table.ben, anns_post, label="Play")
    assert pressed.ephemeral and said(pressed) == ANNS_SOLO
    hint = await table.slash(table.ben, "axio hint")  # his lobby, not Ann's solo game
    assert "has not started yet" in said(hint)
    table_id = await start_game_in_lobby(table, lobby.response, guest=table.dan)

    # Each member's commands find their own game: Ann's and Cat's solo games, Ben's table.
    mine = await table.slash(table.ann, "axio hand")
    assert filenames(mine.response) == {"solo.png"}
    record = await table.record(anns)
    typed = await table.slash(table.ann, "axio play", move=str(record.game.legal_moves()[0]))
    assert "You played" in said(typed)
    assert (await table.record(anns)).move_count == 1
    assert (await table.record(table_id)).move_count == 0
    rack = await table.slash(table.ben, "axio hand")
    assert filenames(rack.response) == {"rack.png"}, said(rack)
    offered = await table.autocomplete(table.cat, "axio play", "move", "")
    assert offered and all(choice["value"] != "wait" for choice in offered)  # her own moves
    at_table = await table.record(table_id)
    idle = table.dan if table.member_for(at_table) is table.ben else table.ben
    waiting = await table.autocomplete(idle, "axio play", "move", "")
    assert [choice["value"] for choice in waiting] == ["wait"]  # the other's move there
    watcher = await table.slash(table.mod, "axio hand")  # watches the table game
    assert "You are not playing in this game" in said(watcher)

    # Cat resigns her solo game: the table game plays on.
    await table.resign(table.cat)
    assert (await table.record(cats)).status != "running"
    assert (await table.record(table_id)).status == "running"
    assert (await table.record(anns)).status == "running"


async def start_game_in_lobby(table: Table, lobby: Any, guest: Any) -> int:
    """The guest joins the lobby and its host starts it: the table game's id."""
    await table.click(guest, lobby, label="Join")
    host = next(m for m in table.members.values() if m.name in lobby.content)
    await table.click(host, lobby, label="Start")
    record = await table.bot.repo.table_game(table.channel.id)
    assert record is not None and record.status == "running" and not record.solo
    return record.id


async def test_a_player_at_the_table_who_also_plays_solo_meets_the_table_first(table: Table):
    table_id = await start_game(table, "axio", table.ann, guests=[table.ben])
    anns, anns_post = await solo_for(table, table.ann, "rota")
    rack = await table.slash(table.ann, "axio hand")
    assert filenames(rack.response) == {"rack.png"}  # the table waits on her seat
    played = await table.click(table.ann, anns_post, label="Play")  # her solo game's page
    assert filenames(played.response) == {"solo.png"}
    stranger = await table.click(table.ben, anns_post, label="Play")
    assert said(stranger) == ANNS_SOLO
    assert (await table.record(anns)).move_count == 0
    assert (await table.record(table_id)).status == "running"


async def test_the_end_post_of_a_solo_game_refuses_others_play_again(table: Table):
    anns, _ = await solo_for(table, table.ann, "axio")
    await table.slash(table.ann, "axio end")
    assert (await table.record(anns)).status == "cancelled"
    anns, _ = await solo_for(table, table.ann, "axio")  # the channel is hers to play again
    record = await table.record(anns)
    while record.status == "running":
        await table.slash(table.ann, "axio play", move=str(record.game.legal_moves()[0]))
        record = await table.record(anns)
    end = table.last_public()
    assert labels(end) == ["Play again", "Replay"]
    other = await table.click(table.ben, end, label="Play again")
    assert said(other) == ANNS_SOLO
    assert await table.bot.repo.game_in_channel(table.channel.id, table.ben.id) is None


async def test_a_solo_games_buttons_refuse_others_in_their_language(table: Table, monkeypatch):
    speak(monkeypatch, {table.ben.id: "de"})
    _, anns_post = await solo_for(table, table.ann, "rota")
    pressed = await table.click(table.ben, anns_post, label="Play")
    assert "ann" in said(pressed) and "/axio solo" in said(pressed)
    assert said(pressed) != ANNS_SOLO and english_in(said(pressed)) == []


async def test_a_member_who_plays_in_a_thread_is_told_where(table: Table):
    made = await table.slash(table.ann, "axio new", game="rota", seats=2, thread=True)
    assert made.response is not None
    (thread,) = table.channel.threads
    lobby = list(thread.history())[-1]
    await table.click(table.ben, lobby, label="Join")
    await table.click(table.ann, lobby, label="Start")
    pointer = f"Your game is in <#{thread.id}>"
    for member, command in ((table.ann, "axio hand"), (table.ben, "axio hint")):
        asked = await table.slash(member, command)
        assert pointer in said(asked) and "There is no game" not in said(asked)
    record = await table.bot.repo.game_in_channel(thread.id)
    move = str(record.game.legal_moves()[0])
    typed = await table.slash(table.ann, "axio play", move=move)
    assert pointer in said(typed)
    assert (await table.record(record.id)).move_count == 0  # nothing was played
    nobody = await table.slash(table.cat, "axio hand")
    assert said(nobody).startswith("There is no game in this channel")

    await solo_for(table, table.cat, "axio")  # a solo game here: still not Ann's
    asked = await table.slash(table.ann, "axio hand")
    assert pointer in said(asked)
    board = await table.slash(table.ann, "axio board")  # a look: Cat's game, to watch
    assert filenames(board.response) == {"table.png"}


async def test_a_player_at_a_tournament_table_is_told_its_thread(table: Table):
    t, signup = await open_signup(table, table.ann, game="rota", format="round_robin")
    await sign_up(table, signup, [table.ben])
    await table.slash(table.ann, "axio tournament start")
    await table.env.settle()
    [at_table] = await tables_of(table, await table.bot.repo.tournament(t.id))
    thread_id = (await table.record(at_table.game_id)).channel_id
    assert thread_id != table.channel.id
    for member in (table.ann, table.ben):
        asked = await table.slash(member, "axio hand")  # in the tournament's channel
        assert f"Your game is in <#{thread_id}>" in said(asked), said(asked)
