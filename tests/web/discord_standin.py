"""A local stand-in for the parts of Discord's HTTP API the Activity's sign-in asks: the
OAuth2 token endpoint, `/oauth2/@me`, `/users/@me` and the activity-instance API.

It issues authorize codes for users (as the SDK's `authorize` would), each exchangeable
once, for one application; it knows each instance's location and users. Like Discord, it
refuses a code used twice, a code of another application's client, a wrong secret, an
unknown token and a wrong bot token, each with Discord's kind of error body.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass, field

from aiohttp import web
from aiohttp.test_utils import TestServer

APPLICATION_ID = "1100000000000000001"
OTHER_APPLICATION_ID = "1100000000000000002"
CLIENT_SECRET = "the-client-secret-Zq8"
BOT_TOKEN = "the-bot-token-Kx3"


@dataclass
class Grant:
    user_id: int
    application_id: str
    locale: str
    token_application: str = APPLICATION_ID


@dataclass
class Instance:
    guild_id: int
    channel_id: int
    users: list[int]
    application_id: str = APPLICATION_ID


@dataclass
class DiscordStandIn:
    codes: dict[str, Grant] = field(default_factory=dict)
    tokens: dict[str, Grant] = field(default_factory=dict)
    instances: dict[str, Instance] = field(default_factory=dict)
    calls: Counter[str] = field(default_factory=Counter)
    secrets_seen: list[str] = field(default_factory=list)
    server: TestServer | None = None

    @property
    def api(self) -> str:
        assert self.server is not None
        return str(self.server.make_url("/api/v10"))

    def code_for(
        self,
        user_id: int,
        *,
        locale: str = "en-US",
        application_id: str = APPLICATION_ID,
        token_application: str = APPLICATION_ID,
    ) -> str:
        """An authorize code for `user_id`, as the SDK's `authorize` gives the page: asked
        for `application_id`'s client; its token says it is `token_application`'s (only a
        forged exchange would differ)."""
        code = secrets.token_urlsafe(16)
        self.codes[code] = Grant(user_id, application_id, locale, token_application)
        return code

    def launch(self, instance_id: str, guild_id: int, channel_id: int, *users: int) -> str:
        self.instances[instance_id] = Instance(guild_id, channel_id, list(users))
        return instance_id

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/api/v10/oauth2/token", self.token)
        app.router.add_get("/api/v10/oauth2/@me", self.oauth_me)
        app.router.add_get("/api/v10/users/@me", self.users_me)
        app.router.add_get(
            "/api/v10/applications/{application}/activity-instances/{instance}", self.instance
        )
        return app

    async def start(self) -> None:
        self.server = TestServer(self.app())
        await self.server.start_server()

    async def close(self) -> None:
        if self.server is not None:
            await self.server.close()

    # --- the endpoints -------------------------------------------------------------------
    async def token(self, request: web.Request) -> web.Response:
        self.calls["token"] += 1
        form = await request.post()
        self.secrets_seen.append(str(form.get("client_secret")))
        if form.get("client_id") != APPLICATION_ID or form.get("client_secret") != CLIENT_SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        grant = self.codes.pop(str(form.get("code")), None)
        if form.get("grant_type") != "authorization_code" or grant is None:
            return web.json_response({"error": "invalid_grant"}, status=400)
        if grant.application_id != APPLICATION_ID:  # a code another application asked for
            return web.json_response({"error": "invalid_grant"}, status=400)
        token = secrets.token_urlsafe(24)
        self.tokens[token] = grant
        return web.json_response(
            {"access_token": token, "token_type": "Bearer", "expires_in": 604800}
        )

    def _bearer(self, request: web.Request) -> Grant | None:
        kind, __, token = request.headers.get("Authorization", "").partition(" ")
        return self.tokens.get(token) if kind == "Bearer" else None

    async def oauth_me(self, request: web.Request) -> web.Response:
        self.calls["oauth_me"] += 1
        grant = self._bearer(request)
        if grant is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response(
            {
                "application": {"id": grant.token_application, "name": "app"},
                "scopes": ["identify", "rpc.activities.write"],
                "user": {"id": str(grant.user_id), "username": f"user{grant.user_id}"},
            }
        )

    async def users_me(self, request: web.Request) -> web.Response:
        self.calls["users_me"] += 1
        grant = self._bearer(request)
        if grant is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        user = {"id": str(grant.user_id), "username": f"user{grant.user_id}"}
        return web.json_response({**user, "locale": grant.locale})

    async def instance(self, request: web.Request) -> web.Response:
        self.calls["instance"] += 1
        if request.headers.get("Authorization") != f"Bot {BOT_TOKEN}":
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        found = self.instances.get(request.match_info["instance"])
        if found is None or request.match_info["application"] != found.application_id:
            return web.json_response({"message": "Unknown Activity Instance"}, status=404)
        instance_id = request.match_info["instance"]
        return web.json_response(
            {
                "application_id": found.application_id,
                "instance_id": instance_id,
                "launch_id": "1" + instance_id[-6:].rjust(6, "0"),
                "location": {
                    "id": f"gc-{found.guild_id}-{found.channel_id}",
                    "kind": 1,
                    "channel_id": str(found.channel_id),
                    "guild_id": str(found.guild_id),
                },
                "users": [str(user) for user in found.users],
            }
        )
