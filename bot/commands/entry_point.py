"""The app's entry point command, with which a member opens the Activity from Discord's App
Launcher, kept when the bot syncs its commands.

Discord makes it (named "Launch", launched by Discord itself: `handler` 2) when Activities
are turned on in the Developer Portal, and refuses a bulk overwrite of the global commands
that leaves it out (error 50240), which `tree.sync()` would be: discord.py 2.7.1 has no
such command type (PRIMARY_ENTRY_POINT, 4) in its tree. So the global sync sends the
tree's commands and the entry point Discord already has, as it has it (the operator may
have renamed it). The bot makes none of its own: one made by Discord is handled by Discord,
so no interaction for it ever reaches the bot. Preserved whether or not the Activity is
configured here, so that turning Activities on in the Portal never stops the bot's sync.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

PRIMARY_ENTRY_POINT = 4
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


def entry_points(existing: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entry point command among the registered ones, as it is to be sent back."""
    return [
        {key: command[key] for key in KEPT if command.get(key) is not None}
        for command in existing
        if command.get("type") == PRIMARY_ENTRY_POINT
    ]


async def sync_global(tree: app_commands.CommandTree) -> None:
    """The global commands synced as `tree.sync()` does, with the entry point kept."""
    client = tree.client
    existing = await client.http.get_global_commands(client.application_id)  # type: ignore[arg-type]
    kept = entry_points(existing)  # type: ignore[arg-type]
    if not kept:
        await tree.sync()
        return
    translator = tree.translator
    commands = tree._get_all_commands(guild=None)  # what tree.sync() sends, as it sends it
    payload = [
        await command.get_translated_payload(tree, translator)
        if translator
        else command.to_dict(tree)
        for command in commands
    ]
    await client.http.bulk_upsert_global_commands(client.application_id, payload=payload + kept)  # type: ignore[arg-type]
