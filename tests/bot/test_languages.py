"""Each reader's language at one table on a German server: what only a member sees is in
their own Discord language, what the table sees is in the server's."""

from __future__ import annotations

from tests.bot.languages import english_in, guild_locale, speak  # noqa: F401 (a German server)
from tests.bot.table import Table, labels, text_of


async def test_each_member_reads_their_language_and_the_table_the_servers(
    table: Table, monkeypatch
):
    speak(monkeypatch, {table.ann.id: "de", table.ben.id: "en-US"})
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    assert "eine neue Partie" in lobby.content, lobby.content
    assert not english_in(lobby.content), lobby.content
    assert "Beitreten" in labels(lobby)
    await table.click(table.ben, lobby, label="Beitreten")  # a German button, for ben too
    refused = await table.click(table.ben, lobby, label="Starten")  # ben is no host: English
    assert refused.ephemeral and "Only the host" in refused.response.content
    await table.click(table.ann, lobby, label="Starten")
    record = await table.game()
    post = await table.turn_post(record)
    words = text_of(post)
    assert "Drücke **Meine Steine**" in words and not english_in(words), words
    assert "Meine Steine" in labels(post)
    mover = table.member_for(record)
    german = mover is table.ann
    refused = await table.slash(mover, "axio play", move="Z99 red, Z98 red")
    expected = "Dieser Zug ist nicht erlaubt" if german else "That move is not allowed"
    assert refused.ephemeral and expected in refused.response.content, refused.response.content
    waiting = table.ben if german else table.ann
    refused = await table.slash(waiting, "axio play", move="E5 red, F5 red")
    expected = "ist am Zug, nicht du" if not german else "move, not yours"
    assert refused.ephemeral and expected in refused.response.content, refused.response.content


async def test_managers_choose_the_tables_language(table: Table, monkeypatch):
    speak(monkeypatch, {table.admin.id: "en-US", table.ann.id: "en-US"})
    chosen = await table.slash(table.admin, "axio settings", language="en")
    assert "Settings saved." in chosen.response.content
    lobby = (await table.slash(table.ann, "axio new", game="rota")).response
    assert "Press **Join**" in lobby.content  # English chosen, though the server is German
    shown = await table.slash(table.admin, "axio settings")
    assert "English" in str(shown.response.embeds[0].to_dict())


async def test_a_waiting_member_reads_their_tiles_hints_and_notices_in_their_language(
    table: Table, monkeypatch
):
    """What the tiles window, the move suggestions and `/axio notify` tell a member who is
    not to move comes through the catalogs, as everything else they read."""
    speak(monkeypatch, {table.ann.id: "de", table.ben.id: "de"})
    lobby = (await table.slash(table.ann, "axio new", game="axio")).response
    await table.click(table.ben, lobby, label="Beitreten")
    await table.click(table.ann, lobby, label="Starten")
    mover = table.member_for(await table.game())
    waiting = table.ben if mover is table.ann else table.ann
    hand = (await table.slash(waiting, "axio hand")).response.content
    assert f"**{mover.name}** ist am Zug; du wirst erwähnt" in hand and not english_in(hand)
    [offered] = await table.autocomplete(waiting, "axio play", "move", "")
    assert offered["name"] == f"{mover.name} ist am Zug: warte, bis du erwähnt wirst."
    for enabled, said in ((True, "Du bekommst eine"), (False, "keine Direktnachricht mehr")):
        notified = (await table.slash(waiting, "axio notify", enabled=enabled)).response.content
        assert said in notified and not english_in(notified), notified
