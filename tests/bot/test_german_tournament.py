"""A tournament called off during sign-up on a German server says why in German: storage
keeps the reason as a template with its values, and the post fills it in the channel's
language when it is sent (an English sentence stored whole could not be translated)."""

from __future__ import annotations

import pytest

from bot.i18n import _, speaking, translate_in
from bot.screens.tournament import heading
from storage import Tournament
from tests.bot.languages import english_in, german, guild_locale  # noqa: F401 (fixtures)
from tests.bot.table import Table
from tests.bot.tournament_helpers import open_signup, posts
from tests.waiting import eventually

pytestmark = [pytest.mark.simcord(settle_timeout=120), pytest.mark.usefixtures("german")]
HOUR = 3600


async def called_off(table: Table, t: Tournament, reason: str) -> None:
    """The one call-off post of `t` (the bot's notices send it): German, with `reason` in
    German, no English word."""
    with speaking("de"):
        said = _("🚫 {tournament} was called off: {reason}", tournament=heading(t), reason=reason)
    first_words = said.split(":")[0]
    await eventually(lambda: posts(table, first_words), "the call-off post")
    [post] = posts(table, first_words)
    assert post.content == said
    assert english_in(post.content) == [], post.content


async def test_too_few_players_is_said_in_german(table: Table):
    t, _ = await open_signup(table, table.ann, game="axio", format="swiss", start="in 2h")
    await table.env.advance_time(2.1 * HOUR)  # its start time, with one player: called off
    assert (await table.bot.repo.tournament(t.id)).status == "cancelled"
    reason = translate_in(
        "de",
        "a tournament at tables of {size} needs at least {least} players: {joined} joined",
        size=t.table_size,
        least=2,
        joined=1,
    )
    assert "mindestens 2 Spieler" in reason
    await called_off(table, t, reason)


async def test_a_host_who_ends_the_sign_up_is_named_in_german(table: Table):
    t, _ = await open_signup(table, table.ann, game="rota", format="swiss", start="in 2h")
    ended = await table.slash(table.ann, "axio tournament end")
    assert not ended.ephemeral
    reason = translate_in("de", "ended by {member}", member=table.ann.name)
    assert reason.startswith("beendet von ")
    await called_off(table, t, reason)
