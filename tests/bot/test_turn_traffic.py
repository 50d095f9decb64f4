"""What a turn asks of Discord beyond its post: the bot is sent no gateway events it does
not listen to (`app.needed_intents`: its servers, channels and threads, so a deleted
channel still ends its game, see `test_last_races`)."""

from __future__ import annotations

from tests.bot.table import Table
from tests.bot.test_delivery import played_by_command, shows_turn_to, two_player

MESSAGE_EVENTS = {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"}


async def test_a_turn_posts_and_edits_without_the_bot_being_sent_message_events(table: Table):
    record = await two_player(table)
    seen = len(table.env.backend.transcript)
    await played_by_command(table, record)
    after = await table.record(record.id)
    assert shows_turn_to(table, after)
    events = table.env.backend.transcript[seen:]
    emitted = [name for kind, name, _ in events if kind == "GATEWAY" and name in MESSAGE_EVENTS]
    dropped = [name for kind, name, _ in events if kind == "DROPPED" and name in MESSAGE_EVENTS]
    assert {"MESSAGE_CREATE", "MESSAGE_UPDATE"} <= set(emitted)  # the post, the shrunk one
    assert dropped == emitted  # Discord sent none of them to the bot
