"""The Activity's addresses under `/activity` (the protocol: PROTOCOL.md beside it): its
page, the sign-in (`POST /activity/api/session`) and the board's WebSocket (`/activity/ws`).

The sign-in's body is small JSON (at most `MAX_BODY` bytes); ids are Discord's snowflakes
(digits). Refusals are JSON `{"error": …}` in the member's language (the body's `locale`,
else the reader's), never Discord's own answer, never the secret.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import aiohttp
import aiohttp_jinja2
from aiohttp import web

from ...i18n import N_, _, language_of, speaking
from ..activity_page import activity_context
from ..words import reader_language
from .identity import Identity, SignInRefused
from .service import Activity
from .socket import (
    BOARDS_PER_MEMBER,
    CLOSED_INSTANCE,
    CLOSED_SESSION,
    CLOSED_TOO_MANY,
    HEARTBEAT_S,
    MAX_MESSAGE,
    OTHER_INSTANCE,
    TOO_MANY_BOARDS,
    UNKNOWN_SESSION,
    Board,
)

MAX_BODY = 4096
BODY_S = 10.0
"""Seconds a sign-in's body may take to arrive in full."""
SNOWFLAKE_DIGITS = 20
INSTANCE_ID = re.compile(r"[A-Za-z0-9_-]{1,128}")
"""An instance id goes into a Discord address: nothing else may pass (`../`)."""
ACTIVITY_KEY = web.AppKey("activity", Activity)

FRAMED_BY_DISCORD = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'self' https://discord.com https://*.discord.com "
        "https://*.discordsays.com"
    ),
}
"""The page runs in Discord's iframe: Discord may frame it (the other headers as every
page's, guard.py)."""

BAD_REQUEST = N_("The board's sign-in was not understood: open the board again from Discord.")


class ActivityRoutes:
    def __init__(self, activity: Activity, *, mock_discord: bool = False) -> None:
        self.activity = activity
        self.mock_discord = mock_discord
        self.identity = Identity(activity.application, mock=mock_discord)

    def add_to(self, app: web.Application) -> None:
        app[ACTIVITY_KEY] = self.activity
        app.router.add_get("/", self.launched)
        app.router.add_get("/activity", self.page)
        app.router.add_post("/activity/api/session", self.sign_in)
        app.router.add_get("/activity/ws", self.socket)
        app.on_shutdown.append(lambda app: self.activity.close_boards())
        app.on_cleanup.append(lambda app: self.identity.close())

    async def launched(self, request: web.Request) -> web.Response:
        """Discord opens the Activity at the URL mapping's root (`/?instance_id=…&frame_id=…`):
        on to the page, with the same query. Any other root request is the plain 404."""
        if "frame_id" not in request.query and "instance_id" not in request.query:
            raise web.HTTPNotFound()
        where = f"/activity?{request.query_string}"
        return web.Response(status=302, headers={"Location": where, "Cache-Control": "no-store"})

    async def page(self, request: web.Request) -> web.Response:
        """The Activity's page (activity.html), which signs in and opens the board."""
        language = reader_language(request.headers.get("Accept-Language"))
        context = activity_context(self.activity.application.client_id, mock=self.mock_discord)
        with speaking(language):
            response = aiohttp_jinja2.render_template(
                "activity.html", request, {**context, "language": language}
            )
        response.headers.update(FRAMED_BY_DISCORD)
        response.headers["Cache-Control"] = "no-store"
        return response

    async def sign_in(self, request: web.Request) -> web.Response:
        """`{"code", "instance_id", "guild_id", "channel_id", "locale"?}` → a session."""
        body = await _body(request)
        if body is not None and isinstance(body.get("locale"), str):
            language = language_of(body["locale"])
        else:
            language = reader_language(request.headers.get("Accept-Language"))
        fields = _fields(body)
        if fields is None:
            return _refusal(400, BAD_REQUEST, language)
        code, instance_id, guild_id, channel_id = fields
        locale = str(body.get("locale") or "")[:16]  # type: ignore[union-attr]
        try:
            member = await self.identity.sign_in(code, instance_id, guild_id, channel_id, locale)
        except SignInRefused as refused:
            return _refusal(refused.status, refused.message, language)
        session = self.activity.sessions.open(member)
        answer = {
            "access_token": member.access_token,
            "session": session.token,
            "user_id": str(member.user_id),
            "locale": member.locale,
        }
        return web.json_response(answer, headers={"Cache-Control": "no-store"})

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=HEARTBEAT_S)
        await ws.prepare(request)
        sessions = self.activity.sessions
        session = sessions.get(request.query.get("session", ""))
        if session is not None and sessions.due_for_check(session):
            still_in = await self.identity.still_in(session.member)
            session = sessions.checked(session, still_in)
        if session is None:
            await _close(ws, CLOSED_SESSION, "session", UNKNOWN_SESSION, "en")
        elif request.query.get("instance_id") != session.member.place.instance_id:
            await _close(ws, CLOSED_INSTANCE, "session", OTHER_INSTANCE, session.language)
        elif self.activity.boards_of(session.member.user_id) >= BOARDS_PER_MEMBER:
            await _close(ws, CLOSED_TOO_MANY, "boards", TOO_MANY_BOARDS, session.language)
        else:  # counted at once: Board.run adds itself before its first wait
            await Board(self.activity, session, ws).run()
        return ws


async def _body(request: web.Request) -> dict[str, Any] | None:
    """The JSON object sent, or None (too long, not JSON, not an object, or not all sent
    within `BODY_S`: a client that sends the headers and holds the rest back does not hold
    the connection)."""
    if (request.content_length or 0) > MAX_BODY:
        return None
    try:
        raw = await asyncio.wait_for(_read_at_most(request.content, MAX_BODY), BODY_S)
    except TimeoutError:
        return None
    if raw is None:
        return None
    try:
        body = json.loads(raw)
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


async def _read_at_most(content: aiohttp.StreamReader, limit: int) -> bytes | None:
    """The whole body, however many pieces it comes in; None past `limit` bytes."""
    raw = bytearray()
    while len(raw) <= limit:
        piece = await content.read(limit + 1 - len(raw))
        if not piece:
            return bytes(raw)
        raw += piece
    return None


def _fields(body: dict[str, Any] | None) -> tuple[str, str, int, int] | None:
    """The code, the instance and the guild's and channel's ids, each well-formed."""
    if body is None:
        return None
    code, instance = body.get("code"), body.get("instance_id")
    guild, channel = str(body.get("guild_id", "")), str(body.get("channel_id", ""))
    if not isinstance(code, str) or not 0 < len(code) <= 512:
        return None
    if not isinstance(instance, str) or not INSTANCE_ID.fullmatch(instance):
        return None
    if not all(x.isdecimal() and len(x) <= SNOWFLAKE_DIGITS for x in (guild, channel)):
        return None
    return code, instance, int(guild), int(channel)


def _refusal(status: int, message: str, language: str) -> web.Response:
    with speaking(language):
        said = _(message)
    return web.json_response({"error": said}, status=status, headers={"Cache-Control": "no-store"})


async def _close(
    ws: web.WebSocketResponse, code: int, kind: str, message: str, language: str
) -> None:
    with speaking(language):
        said = _(message)
    await ws.send_str(json.dumps({"type": "error", "code": kind, "message": said}))
    await ws.close(code=code, message=kind.encode())
