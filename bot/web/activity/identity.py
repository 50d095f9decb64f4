"""Who opened the Activity, in Discord's words, never the page's: the SDK's `authorize`
code is exchanged at Discord's OAuth2 token endpoint with the application's secret, the
token says whose it is and for which application (`/oauth2/@me`), the member's locale
comes from `/users/@me`, and Discord's activity-instance API (with the bot's token) says
where the instance runs and who is in it.

Decisions where the issue is silent:
- **A code is used once**: the codes seen lately are remembered (hashed), so a replay is
  refused here at once, before Discord refuses it too.
- **A token of another application** is refused by `/oauth2/@me`'s application id.
- **Mock codes** (`mock:<user id>:<nonce>`, the SDK's `DiscordSDKMock` in the playground
  and the tests) are read only when the web app was made with `mock_discord=True`; then
  the instance is taken as the page says (there is no Discord to ask).
- **Timeouts**: every call to Discord is bounded (`DISCORD_TIMEOUT_S`); a Discord that
  does not answer is a 503, not a member refused.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import aiohttp
from pydantic import SecretStr

from ...i18n import N_

DISCORD_TIMEOUT_S = 5.0
CODES_REMEMBERED = 10_000
MOCK_PREFIX = "mock:"

FORGED = N_(
    "Discord did not accept this sign-in (it may have been used already): open the board "
    "again from Discord."
)
OTHER_APPLICATION = N_(
    "This sign-in belongs to another application: open the board from AXIO's Board button."
)
ELSEWHERE = N_(
    "This board was opened for another channel: open it again from the channel's Board button."
)
NOT_IN_INSTANCE = N_("You are not in this Activity: join it from the channel, then try again.")
MOCK_REFUSED = N_("Test sign-ins are accepted only by the playground: open the board from Discord.")
DISCORD_AWAY = N_("Discord did not answer in time: try again in a moment.")


class SignInRefused(Exception):
    """The sign-in is not accepted; `status` is the HTTP answer, the message a msgid."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Member:
    """Who signed in, and where: what a session is bound to."""

    user_id: int
    guild_id: int
    channel_id: int
    instance_id: str
    locale: str
    access_token: str
    mock: bool = False
    """Signed in with a mock code: no Discord instance to look at again."""


@dataclass(frozen=True)
class Application:
    """The application's credentials: its id, its OAuth2 secret and the bot's token (which
    the activity-instance API wants), and where Discord's API is."""

    client_id: str
    client_secret: SecretStr
    bot_token: SecretStr | None
    api: str


class Identity:
    """Signs members in through Discord (or, with `mock`, through mock codes)."""

    def __init__(self, application: Application, *, mock: bool = False) -> None:
        self.application = application
        self.mock = mock
        self._used: OrderedDict[str, None] = OrderedDict()
        self._http: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    def _client(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            timeout = aiohttp.ClientTimeout(total=DISCORD_TIMEOUT_S)
            self._http = aiohttp.ClientSession(timeout=timeout)
        return self._http

    def _first_use(self, code: str) -> None:
        """Refuse a code seen before (a replay); remember this one."""
        key = hashlib.sha256(code.encode()).hexdigest()
        if key in self._used:
            raise SignInRefused(401, FORGED)
        self._used[key] = None
        while len(self._used) > CODES_REMEMBERED:
            self._used.popitem(last=False)

    async def sign_in(
        self, code: str, instance_id: str, guild_id: int, channel_id: int, locale: str = ""
    ) -> Member:
        """The member the code belongs to, in that instance, guild and channel; else
        SignInRefused."""
        self._first_use(code)
        if code.startswith(MOCK_PREFIX):
            return self._mock(code, instance_id, guild_id, channel_id, locale)
        try:
            token = await self._exchange(code)
            user_id, locale = await self._whose(token)
            await self._check_instance(instance_id, guild_id, channel_id, user_id)
        except (aiohttp.ClientError, TimeoutError):
            raise SignInRefused(503, DISCORD_AWAY) from None
        return Member(user_id, guild_id, channel_id, instance_id, locale, token)

    def _mock(
        self, code: str, instance_id: str, guild_id: int, channel_id: int, locale: str
    ) -> Member:
        if not self.mock:
            raise SignInRefused(401, MOCK_REFUSED)
        user, __, nonce = code.removeprefix(MOCK_PREFIX).partition(":")
        if not user.isdecimal() or len(user) > 20 or not nonce:
            raise SignInRefused(401, FORGED)
        token = "mock-" + secrets.token_urlsafe(24)
        return Member(
            int(user), guild_id, channel_id, instance_id, locale or "en-US", token, mock=True
        )

    async def _exchange(self, code: str) -> str:
        app = self.application
        form = {
            "client_id": app.client_id,
            "client_secret": app.client_secret.get_secret_value(),
            "grant_type": "authorization_code",
            "code": code,
        }
        async with self._client().post(f"{app.api}/oauth2/token", data=form) as answer:
            data = await _json(answer)
        token = data.get("access_token") if answer.status == 200 else None
        if not isinstance(token, str) or not token:
            raise SignInRefused(401, FORGED)
        return token

    async def _whose(self, token: str) -> tuple[int, str]:
        """The token's user and their locale; refused when it is another application's."""
        headers = {"Authorization": f"Bearer {token}"}
        http, api = self._client(), self.application.api
        async with http.get(f"{api}/oauth2/@me", headers=headers) as answer:
            about = await _json(answer)
        application = about.get("application") if answer.status == 200 else None
        if not isinstance(application, dict):
            raise SignInRefused(401, FORGED)
        if str(application.get("id")) != self.application.client_id:
            raise SignInRefused(403, OTHER_APPLICATION)
        async with http.get(f"{api}/users/@me", headers=headers) as answer:
            user = await _json(answer)
        user_id = str(user.get("id", "")) if answer.status == 200 else ""
        if not user_id.isdecimal():
            raise SignInRefused(401, FORGED)
        return int(user_id), str(user.get("locale") or "en-US")

    async def still_in(
        self, instance_id: str, guild_id: int, channel_id: int, user_id: int
    ) -> bool:
        """Whether the member is still in the instance (it ends when its last member
        leaves). A Discord that does not answer is no reason to shut a member out."""
        try:
            await self._check_instance(instance_id, guild_id, channel_id, user_id)
        except SignInRefused as refused:
            return refused.status == 503
        except (aiohttp.ClientError, TimeoutError):
            return True
        return True

    async def _check_instance(
        self, instance_id: str, guild_id: int, channel_id: int, user_id: int
    ) -> None:
        app = self.application
        if app.bot_token is None:  # the bot runs without a token only on SimCord
            raise SignInRefused(503, DISCORD_AWAY)
        headers = {"Authorization": f"Bot {app.bot_token.get_secret_value()}"}
        url = f"{app.api}/applications/{app.client_id}/activity-instances/{instance_id}"
        async with self._client().get(url, headers=headers) as answer:
            instance = await _json(answer)
        if answer.status == 404:
            raise SignInRefused(403, ELSEWHERE)
        if answer.status != 200:
            raise SignInRefused(503, DISCORD_AWAY)
        location = instance.get("location") or {}
        if (
            str(instance.get("application_id")) != app.client_id
            or str(location.get("guild_id")) != str(guild_id)
            or str(location.get("channel_id")) != str(channel_id)
        ):
            raise SignInRefused(403, ELSEWHERE)
        if str(user_id) not in {str(u) for u in instance.get("users") or ()}:
            raise SignInRefused(403, NOT_IN_INSTANCE)


async def _json(answer: aiohttp.ClientResponse) -> dict[str, Any]:
    """A JSON object from Discord, or {} for anything else (an error page, a list)."""
    try:
        data = await answer.json(content_type=None)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
