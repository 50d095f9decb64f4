"""A small client for SimCord's browser preview over HTTP (protocol 3), as a browser uses it.

The preview listens on 127.0.0.1 only. Its URL's fragment is the capability, sent as the
`X-Simcord-Capability` header; each page context also sends `X-Simcord-Context`. Actions
carry a per-page sequence number and the page's generation and revision, which this client
tracks. Calls run in a worker thread, because the server answers from the caller's own
event loop.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

PROTOCOL_VERSION = 3
Json = dict[str, Any]


class PreviewError(AssertionError):
    """The preview answered with an error status or rejected an action."""


def _request(
    base: str,
    method: str,
    path: str,
    capability: str,
    context: str | None = None,
    body: Json | None = None,
    *,
    raw: bool = False,
) -> tuple[int, Any]:
    headers = {"X-Simcord-Capability": capability, "Content-Type": "application/json"}
    if context is not None:
        headers["X-Simcord-Context"] = context
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            content = response.read()
            return response.status, content if raw else json.loads(content)
    except urllib.error.HTTPError as error:
        return error.code, error.read()[:500]


def split_url(url: str) -> tuple[str, str]:
    """`http://127.0.0.1:port/#capability` → (base URL, capability); loopback only."""
    parts = urlsplit(url)
    if parts.hostname != "127.0.0.1" or not parts.fragment:
        raise PreviewError(f"not a loopback preview URL with a capability: {parts.netloc}")
    return f"{parts.scheme}://{parts.netloc}", parts.fragment


class PreviewPage:
    """One page context: what one viewer sees of the channel, and the actions they take."""

    def __init__(self, base: str, capability: str, payload: Json) -> None:
        self.base = base
        self.capability = capability
        self.sequence = 0
        self.state: Json = payload

    @classmethod
    async def open(cls, url: str, viewer_id: str | None = None) -> PreviewPage:
        """POST /api/pages: a new page context (as the first viewer, or the one given)."""
        base, capability = split_url(url)
        body = {} if viewer_id is None else {"viewer_id": viewer_id}
        status, payload = await asyncio.to_thread(
            _request, base, "POST", "/api/pages", capability, None, body
        )
        if status != 200:
            raise PreviewError(f"opening a page: HTTP {status}: {payload!r}")
        return cls(base, capability, payload)

    @property
    def context(self) -> str:
        return self.state["context"]["id"]

    async def get(self, path: str, *, raw: bool = False) -> Any:
        status, payload = await asyncio.to_thread(
            _request, self.base, "GET", path, self.capability, self.context, raw=raw
        )
        if status != 200:
            raise PreviewError(f"GET {path}: HTTP {status}: {payload!r}")
        return payload

    async def refresh(self) -> Json:
        """GET /api/state: the latest published payload for this page."""
        self.state = await self.get("/api/state")
        return self.state

    # --- actions ----------------------------------------------------------------------------
    async def action(self, kind: str, *, refresh: bool = True, **fields: Any) -> Json:
        """POST /api/action with the page's next sequence number; raise if rejected. The
        page is then re-read, as the browser does, unless `refresh` is False."""
        body = {
            "protocol_version": PROTOCOL_VERSION,
            "sequence": self.sequence + 1,
            "request_id": uuid.uuid4().hex,
            "generation": self.state["context"]["generation"],
            "bot_generation": self.state["botGeneration"],
            "published_revision": self.state["publishedRevision"],
            "kind": kind,
            **fields,
        }
        status, result = await asyncio.to_thread(
            _request, self.base, "POST", "/api/action", self.capability, self.context, body
        )
        if status != 200:
            raise PreviewError(f"{kind}: HTTP {status}: {result!r}")
        if result.get("rejected"):
            raise PreviewError(f"{kind} rejected: {result.get('diagnostics')}")
        self.sequence += 1  # a rejection does not use up the number
        if refresh:
            await self.refresh()
        return result

    async def _command(self, invocation: str) -> Json:
        """The fields naming a slash command in an action, from GET /api/commands."""
        catalog = await self.get("/api/commands")
        entry = next(e for e in catalog["entries"] if e["invocation"] == invocation)
        return {
            "command_id": entry["commandId"],
            "path": entry["path"],
            "schema_fingerprint": entry["schemaFingerprint"],
        }

    async def run_command(self, invocation: str, **options: str) -> Json:
        """Type a slash command such as `axio new` with raw string options."""
        command = await self._command(invocation)
        return await self.action("run_command", options=options, **command)

    async def autocomplete(self, invocation: str, option: str, typed: str) -> list[Json]:
        """What the bot suggests for `option` while `typed` is in it: name/value choices."""
        command = await self._command(invocation)
        result = await self.action(
            "autocomplete_command", focused=option, value=typed, options={}, **command
        )
        return result["result"]["choices"]

    async def close_preview(self) -> None:
        """The browser's Close button: the whole preview stops."""
        await self.action("close", refresh=False)

    async def switch_viewer(self, name: str) -> Json:
        return await self.action("viewer", viewer_id=self.viewer_id(name))

    async def click(self, message_id: str, label: str) -> Json:
        """Press the one button with this label on a message as the page shows it now."""
        (button,) = [c for c in controls(self.message(message_id)) if c.get("label") == label]
        return await self.action("click", target_id=message_id, control_key=button["control_key"])

    async def select(self, message_id: str, custom_id: str, values: list[str]) -> Json:
        menu = next(
            c for c in controls(self.message(message_id)) if c.get("custom_id") == custom_id
        )
        return await self.action(
            "select", target_id=message_id, control_key=menu["control_key"], values=values
        )

    async def asset(self, asset_id: str) -> bytes:
        """An attachment's original bytes."""
        return await self.get(f"/api/assets/{asset_id}?download=1", raw=True)

    # --- reading the page -------------------------------------------------------------------
    def viewer_id(self, name: str) -> str:
        return next(v["id"] for v in self.state["viewers"] if v["name"] == name)

    @property
    def viewer(self) -> str:
        return next(v["name"] for v in self.state["viewers"] if v["id"] == self.state["viewerId"])

    def message(self, message_id: str) -> Json:
        return self.state["messages"][message_id]

    def messages(self) -> list[Json]:
        """The channel's messages this viewer sees, oldest first."""
        return [self.state["messages"][mid] for mid in self.state["timeline"]]

    def last_message(self, *, ephemeral: bool = False) -> Json:
        return [m for m in self.messages() if m["ephemeral"] == ephemeral][-1]


def controls(message: Json) -> Iterator[Json]:
    """Every component of a message payload, rows and containers included."""
    stack = list(reversed(message.get("components") or []))
    while stack:
        component = stack.pop()
        yield component
        stack.extend(reversed(component.get("components") or []))
