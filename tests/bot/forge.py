"""Payloads no honest client sends: slash commands where Discord would not offer them and
components with custom_ids the bot never made. Built on SimCord's own dispatch, minus
the checks a real client enforces, to test the bot's defence in depth."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from simcord import actors as _actors
from simcord import interactions as _interactions
from simcord.backend import serializers
from simcord.enums import AppCommandType, ComponentType, InteractionType

BUTTON, STRING_SELECT = ComponentType.BUTTON, ComponentType.STRING_SELECT


async def forged_slash(actor: Any, channel: Any, name: str, /, **options: Any) -> Any:
    """`/name options` as SimCord's slash sends it (plain string, number and boolean
    options), without the client's checks: visibility (a DM to a server-only command) and
    option limits (a text longer than the option's max_length)."""
    env = actor._env
    guild = getattr(actor, "guild", None)
    parts = name.split()
    root = env.backend.find_command(
        parts[0], guild.id if guild else None, type=AppCommandType.CHAT_INPUT
    )
    leaf, nesting = _interactions.walk_to_subcommand(root, parts[1:])
    kinds = {spec["name"]: spec["type"] for spec in leaf.get("options") or []}
    leaf_options = [
        {"name": key, "type": kinds[key], "value": value} for key, value in options.items()
    ]
    data: dict[str, Any] = {
        "id": root["id"],
        "name": root["name"],
        "type": AppCommandType.CHAT_INPUT,
        "options": _interactions.nest_options(root, nesting, leaf_options),
    }
    return await _actors._dispatch_actor_interaction(
        actor, InteractionType.APPLICATION_COMMAND, channel, data
    )


async def forged_component(
    actor: Any,
    message: Any,
    custom_id: str,
    *,
    values: list[Any] | None = None,
    select: bool = False,
) -> Any:
    """A press (or a menu choice with `values`, which may be empty or odd) on `message`,
    as if it carried a control with `custom_id`."""
    env = actor._env
    channel_id = getattr(message, "channel_id", None) or message.channel.id
    stored = env.backend.get_message(channel_id, message.id)
    payload = deepcopy(dict(serializers.message_payload(env.backend, stored)))
    kind = STRING_SELECT if select else BUTTON
    control: dict[str, Any] = {"type": kind, "custom_id": custom_id}
    if select:
        control["options"] = [{"label": "x", "value": "x"}]
    else:
        control.update(style=1, label="forged")
    payload["components"] = [{"type": ComponentType.ACTION_ROW, "components": [control]}]
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if select:
        data["values"] = values if values is not None else []
    channel = _actors.ChannelHandle(
        env, getattr(actor, "guild", None), env.backend.get_channel(stored.channel_id)
    )
    return await _actors._dispatch_actor_interaction(
        actor,
        InteractionType.MESSAGE_COMPONENT,
        channel,
        data,
        extra={"message": payload},
        source_message_id=stored.id,
    )


def pinged(table: Any, message: Any) -> set[int]:
    """The users a message really pinged, as SimCord's backend resolved them."""
    stored = table.env.backend.get_message(message.channel.id, message.id)
    return set(stored.ping_user_ids)


async def forged_autocomplete(actor: Any, channel: Any, name: str, option: str, typed: str) -> Any:
    """Typing into an autocomplete option, any length: the full interaction result, so a
    test sees whether the bot answered at all."""
    return await _actors._autocomplete_result(actor, channel, name, option, typed, {})
