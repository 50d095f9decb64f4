"""The app's entry point command, with which a member opens the Activity from Discord's App
Launcher (and `/launch`).

Discord makes one (named "Launch") when Activities are turned on in the Developer Portal,
and refuses a bulk overwrite of the global commands that leaves it out (error 50240).
discord.py 2.7.1 has no such command type (PRIMARY_ENTRY_POINT, 4) in its tree, so with
the Activity configured the global sync sends the tree's commands and the entry point: the
one Discord already has (as the operator may have renamed it), else this bot's own.
Either is handled by Discord itself (`handler` 2, DISCORD_LAUNCH_ACTIVITY): it launches
the Activity in the channel, no interaction reaches the bot.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

from ..i18n import LANGUAGES, N_, _, speaking

PRIMARY_ENTRY_POINT = 4
LAUNCHED_BY_DISCORD = 2
IN_SERVERS = 0
KEPT = (
    "name",
    "description",
    "type",
    "handler",
    "contexts",
    "integration_types",
    "name_localizations",
    "description_localizations",
)
DESCRIPTION = N_("Play on the board: the game of this channel")


def entry_point(existing: list[dict[str, Any]]) -> dict[str, Any]:
    """The entry point command to keep: Discord's own if it has one, else this bot's."""
    for command in existing:
        if command.get("type") == PRIMARY_ENTRY_POINT:
            return {key: command[key] for key in KEPT if command.get(key) is not None}
    localized = {}
    for language in LANGUAGES:
        with speaking(language):
            localized[language] = _(DESCRIPTION)
    return {
        "name": "launch",
        "description": localized.pop("en"),
        "description_localizations": localized,
        "type": PRIMARY_ENTRY_POINT,
        "handler": LAUNCHED_BY_DISCORD,
        "contexts": [IN_SERVERS],
        "integration_types": [0],
    }


async def sync_global(tree: app_commands.CommandTree, *, activity: bool) -> None:
    """The global commands synced; with the Activity configured, the entry point with them."""
    if not activity:
        await tree.sync()
        return
    client = tree.client
    translator = tree.translator
    commands = tree._get_all_commands(guild=None)  # what tree.sync() sends, as it sends it
    payload = [
        await command.get_translated_payload(tree, translator)
        if translator
        else command.to_dict(tree)
        for command in commands
    ]
    existing = await client.http.get_global_commands(client.application_id)  # type: ignore[arg-type]
    payload.append(entry_point(existing))  # type: ignore[arg-type]
    await client.http.bulk_upsert_global_commands(client.application_id, payload=payload)  # type: ignore[arg-type]
