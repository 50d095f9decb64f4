"""What a turn asks of Discord beyond its post: the bot is sent no gateway events it does
not listen to (`app.needed_intents`: its servers, channels and threads, so a deleted
channel still ends its game, see `test_last_races`), and the turn card before is shrunk
from the story this process posted in it, without reading the message back."""

from __future__ import annotations

from bot.screens.turn_post import retired_turn_post
from tests.bot.table import Table, labels, text_of
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


async def test_an_old_card_is_shrunk_from_its_kept_story_as_from_the_message_read_back(
    table: Table,
):
    record = await two_player(table)
    channel = table.bot.get_channel(table.channel.id)
    for _ in range(3):  # the start's card, then two moves' cards
        old = table.last_public()
        read_back = await channel.fetch_message(old.id)  # type: ignore[union-attr]
        [shrunk_text] = retired_turn_post(read_back)["view"].walk_children()
        seen = len(table.env.http_requests)
        await played_by_command(table, record)
        record = await table.record(record.id)
        assert shows_turn_to(table, record)
        shrunk = next(m for m in table.public() if m.id == old.id)
        assert text_of(shrunk) == shrunk_text.content  # type: ignore[attr-defined]
        assert "\n" not in text_of(shrunk) and text_of(shrunk) not in ("", "·")  # one line
        assert labels(shrunk) == [] and not shrunk.attachments
        requests = table.env.http_requests[seen:]
        assert [r.method for r in requests if r.path.endswith(f"/messages/{old.id}")] == ["PATCH"]
